"""Draw what a seat may see, using rich: boards, seats, zones, actions and results.

Everything here works from the JSON-ready observation the engine gives
(`state.observation(seat)`, see docs/engine-api.md), so a seat is only ever
shown what the rules let it see. Text from the game is always wrapped in
`rich.text.Text`, never parsed as rich markup: a label such as "[3]" must print
as written.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

MAX_ITEMS_SHOWN = 12
MAX_LOG_LINES_SHOWN = 15


def render_observation(observation: dict[str, Any], new_log_lines: Sequence[str] = ()) -> RenderableType:
    """Everything one seat sees at its decision: log, boards, seats and shared zones.

    Args:
        observation: the dict from `state.observation(seat)`.
        new_log_lines: log lines the seat has not been shown yet.
    """
    parts: list[RenderableType] = []
    if new_log_lines:
        parts.append(render_log(new_log_lines))
    title = Text(f"{observation.get('game', 'Game')}", style="bold")
    title.append(f"  round {observation.get('round', '?')}", style="dim")
    parts.append(title)
    for board in observation.get("boards") or []:
        parts.append(render_board(board))
    seats = observation.get("seats") or []
    if seats:
        parts.append(render_seats(seats, viewer=observation.get("seat"), to_move=observation.get("to_move")))
    shared = render_shared(observation.get("globals") or {})
    if shared is not None:
        parts.append(shared)
    return Group(*parts)


def render_log(lines: Sequence[str], limit: int = MAX_LOG_LINES_SHOWN) -> RenderableType:
    """The most recent log lines, with a note when older ones were left out."""
    shown = list(lines)[-limit:] if limit else list(lines)
    text = Text()
    if len(lines) > len(shown):
        text.append(f"... {len(lines) - len(shown)} earlier lines\n", style="dim")
    text.append("\n".join(str(line) for line in shown))
    return text


def render_board(board: dict[str, Any]) -> RenderableType:
    """A board: a grid of glyphs with their pieces, or a plain list of spaces."""
    name = str(board.get("name", "board"))
    cells = board.get("cells")
    if isinstance(cells, list) and cells and all(isinstance(row, list) for row in cells):
        return _render_grid(name, cells)
    if isinstance(cells, list):
        table = Table(title=Text(name), box=box.SIMPLE, show_header=False)
        for cell in cells:
            table.add_row(_cell_text(cell))
        return table
    return Text(f"{name}: {board}")


def _render_grid(name: str, rows: list[list[Any]]) -> RenderableType:
    columns = max(len(row) for row in rows)
    grid = Table(title=Text(name), box=box.SQUARE, show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(columns):
        grid.add_column(justify="center", no_wrap=True)
    for row in rows:
        texts = [_cell_text(cell) for cell in row]
        texts += [Text("")] * (columns - len(texts))
        grid.add_row(*texts)
    return grid


def _cell_text(cell: Any) -> Text:
    """A cell's glyph, with the pieces on it on a second line."""
    if not isinstance(cell, dict):
        return Text(str(cell))
    text = Text(str(cell.get("glyph", "") or " "))
    pieces = cell.get("pieces") or []
    if pieces:
        text.append("\n" + ",".join(str(piece) for piece in pieces), style="bold")
    return text


def render_seats(seats: list[dict[str, Any]], viewer: int | None = None, to_move: int | None = None) -> RenderableType:
    """One row per seat: name, score, variables and zones (items only where visible)."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("vars")
    table.add_column("zones")
    for index, seat in enumerate(seats):
        name = Text(str(seat.get("name", f"Seat {index + 1}")))
        if index == viewer:
            name.append(" (you)", style="bold")
        if seat.get("automa"):
            name.append(" (automa)", style="dim")
        if index == to_move:
            name = Text("> ") + name
        table.add_row(
            name,
            Text(_number(seat.get("score"))),
            Text(format_vars(seat.get("vars") or {})),
            Text(format_zones(seat.get("zones") or {})),
        )
    return table


def render_shared(globals_: dict[str, Any]) -> RenderableType | None:
    """The game's shared variables and zones on one line, or None when there are none."""
    parts = []
    variables = format_vars(globals_.get("vars") or {})
    zones = format_zones(globals_.get("zones") or {})
    if variables:
        parts.append(variables)
    if zones:
        parts.append(zones)
    if not parts:
        return None
    return Text("Shared: " + "; ".join(parts))


def format_vars(variables: dict[str, Any]) -> str:
    """`name=value` pairs separated by commas."""
    return ", ".join(f"{name}={_number(value)}" for name, value in variables.items())


def format_zones(zones: dict[str, Any]) -> str:
    """Each zone as `name: count` followed by its items when the viewer may see them."""
    described = []
    for name, zone in zones.items():
        if not isinstance(zone, dict):
            described.append(f"{name}: {zone}")
            continue
        count = zone.get("count", 0)
        items = zone.get("items")
        if items:
            described.append(f"{name}: {count} [{_items(items)}]")
        else:
            described.append(f"{name}: {count}")
    return "; ".join(described)


def _items(items: Iterable[Any]) -> str:
    items = [str(item) for item in items]
    if len(items) > MAX_ITEMS_SHOWN:
        return ", ".join(items[:MAX_ITEMS_SHOWN]) + f", ... {len(items) - MAX_ITEMS_SHOWN} more"
    return ", ".join(items)


def _number(value: Any) -> str:
    """Scores and variables: whole floats without '.0', other floats to 2 decimals."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return "" if value is None else str(value)


def render_actions(prompt: str, labels: Sequence[str]) -> RenderableType:
    """The question asked and the legal actions numbered from 1."""
    text = Text()
    if prompt:
        text.append(prompt + "\n", style="bold")
    width = len(str(len(labels)))
    text.append("\n".join(f"  {number:>{width}}. {label}" for number, label in enumerate(labels, 1)))
    return text


def render_results(seat_names: Sequence[str], scores: Sequence[Any], winners: Sequence[int]) -> RenderableType:
    """Final scores as a table, followed by who won."""
    table = Table(title="Final scores", box=box.SIMPLE_HEAD)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("")
    for seat, name in enumerate(seat_names):
        score = scores[seat] if seat < len(scores) else None
        table.add_row(Text(str(name)), Text(_number(score)), Text("winner" if seat in winners else ""))
    return Group(table, Text(describe_winners(seat_names, winners), style="bold"))


def describe_winners(seat_names: Sequence[str], winners: Sequence[int]) -> str:
    """'Player 1 wins.', 'Player 1 and Player 2 share the win.' or 'Nobody wins.'."""
    names = [str(seat_names[seat]) if 0 <= seat < len(seat_names) else f"Seat {seat + 1}" for seat in winners]
    if not names:
        return "Nobody wins."
    if len(names) == 1:
        return f"{names[0]} wins."
    return f"{', '.join(names[:-1])} and {names[-1]} share the win."
