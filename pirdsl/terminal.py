"""Draw what a seat may see as compact text: boards, seats, shared things, log and actions.

Everything here works from the JSON-ready observation the engine gives
(`state.observation(seat)`, see docs/engine-api.md), so a seat is only ever
shown what the rules let it see. Text from the game is always wrapped in
`rich.text.Text`, never parsed as rich markup: a label such as "[3]" must print
as written.

The layout is meant for an 80-column terminal and for piped output alike:

* a grid board is drawn as fixed-width cells, each holding the cell's glyph
  and the short marks of the pieces on it (`f p1`, `H S1S2`, `H S1+2` when
  they do not all fit), with row and column numbers and a legend underneath;
* each seat is one row of a table: its name, score, variables, and its zones
  summarised (equal items grouped as `5× label`, empty zones left out, hidden
  zones shown as a count only);
* the log lines that are new since the seat last decided come last, just
  above the round, the phase, the question and the numbered actions.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

MAX_LOG_LINES_SHOWN = 12
LOG_INDENT = 2
MAX_ITEM_GROUPS_SHOWN = 8
DEFAULT_WIDTH = 80
MARK_WIDTH = 4  # room for the marks in a grid cell: "S1S2", or "S1+2" for more
ROW_NUMBER_SEPARATOR = " "


def render_observation(observation: dict[str, Any], new_log_lines: Sequence[str] = (), width: int = DEFAULT_WIDTH) -> RenderableType:
    """What one seat sees at its decision: boards, seats, shared things, then the new log lines.

    Args:
        observation: the dict from `state.observation(seat)`.
        new_log_lines: log lines the seat has not been shown yet (the last few are shown).
        width: the width of the terminal in characters.
    """
    heading = f"── {observation.get('game', 'Game')} "
    parts: list[RenderableType] = [Text(heading + "─" * max(0, min(width, DEFAULT_WIDTH) - len(heading)), style="dim")]
    for board in observation.get("boards") or []:
        parts.append(render_board(board, width=width))
    seats = observation.get("seats") or []
    if seats:
        parts.append(render_seats(seats, viewer=observation.get("seat"), to_move=observation.get("to_move")))
    shared = render_shared(observation.get("globals") or {})
    if shared is not None:
        parts.append(shared)
    if new_log_lines:
        parts.append(render_log(new_log_lines, width=width))
    return Group(*parts)


def render_status(observation: dict[str, Any]) -> Text:
    """`Round 2 · Resolve actions` (the phase only when the engine names one)."""
    text = Text(f"Round {observation.get('round', '?')}", style="bold")
    phase = observation.get("phase")
    if phase:
        text.append(f" · {phase}", style="bold")
    return text


# --- the log ----------------------------------------------------------------------------


def render_log(lines: Sequence[str], limit: int = MAX_LOG_LINES_SHOWN, width: int = DEFAULT_WIDTH) -> RenderableType:
    """The most recent log lines, indented, with a note when older ones were left out.

    Args:
        lines: the lines to show, oldest first.
        limit: show at most this many (the newest); 0 shows them all.
        width: the width of the terminal; a longer line wraps under its own indent.
    """
    shown = list(lines)[-limit:] if limit else list(lines)
    indent = " " * LOG_INDENT
    text = Text()
    if len(lines) > len(shown):
        text.append(f"{indent}... {len(lines) - len(shown)} earlier lines (type 'log' to see them)\n", style="dim")
    wrapped = [
        textwrap.fill(str(line), width=max(20, width), initial_indent=indent, subsequent_indent=indent,
                      break_on_hyphens=False) or indent
        for line in shown
    ]
    text.append("\n".join(wrapped))
    return text


# --- boards -----------------------------------------------------------------------------


def render_board(board: dict[str, Any], width: int = DEFAULT_WIDTH) -> RenderableType:
    """A board as a fixed-width grid of glyphs and piece marks, with its legend underneath.

    Args:
        board: one item of the observation's `boards`.
        width: the width of the terminal; cells shrink to fit it, down to the glyph alone.
    """
    name = str(board.get("name", "board"))
    cells = board.get("cells")
    if isinstance(cells, list) and cells and not all(isinstance(row, list) for row in cells):
        cells = [cells]  # a board given as one list of spaces: draw it as a single row
    if not isinstance(cells, list) or not cells:
        return Text(f"{name}: (empty)")
    rows = [[_as_cell(cell) for cell in row] for row in cells]
    lines = Text(no_wrap=True, overflow="crop")
    lines.append(name, style="bold")
    lines.append("\n")
    grid, mark_width = _grid(rows, width, hexes=board.get("shape") == "hex")
    lines.append_text(grid)
    return Group(lines, *board_legend(rows, width, mark_width))


def _as_cell(cell: Any) -> dict[str, Any]:
    """A cell as a dict with glyph, kind, pieces and marks (marks default to the pieces' labels)."""
    if not isinstance(cell, dict):
        return {"glyph": str(cell), "kind": "", "pieces": [], "marks": []}
    pieces = [str(piece) for piece in cell.get("pieces") or []]
    marks = cell.get("marks")
    marks = [str(mark) for mark in marks] if isinstance(marks, list) and len(marks) == len(pieces) else pieces
    return {"glyph": str(cell.get("glyph", "") or " "), "kind": str(cell.get("kind", "") or ""),
            "pieces": pieces, "marks": marks}


def _grid(rows: list[list[dict[str, Any]]], width: int, hexes: bool = False) -> tuple[Text, int]:
    """The grid's lines, and how many characters each cell has for marks.

    On a hex board every second row is drawn half a cell to the right, as the hexes lie.
    """
    columns = max(len(row) for row in rows)
    row_label_width = len(str(len(rows)))
    glyph_width = max(len(cell["glyph"]) for row in rows for cell in row)
    # Each cell is the glyph, a space and the marks, followed by one space between cells;
    # shifted hex rows need half a cell more.
    room_per_cell = (width - row_label_width - len(ROW_NUMBER_SEPARATOR)) // (columns + (1 if hexes else 0)) - 1
    mark_width = max(0, min(MARK_WIDTH, room_per_cell - glyph_width - 1))
    cell_width = glyph_width + (1 + mark_width if mark_width else 0)
    text = Text()
    header = " " * (row_label_width + len(ROW_NUMBER_SEPARATOR))
    # A number wider than its cell keeps its last digits (…8 9 0 1 2…), as rulers do.
    header += " ".join(f"{str(column + 1)[-cell_width:]:<{cell_width}}" for column in range(columns))
    text.append(header.rstrip() + "\n", style="dim")
    for number, row in enumerate(rows, 1):
        text.append(f"{number:>{row_label_width}}{ROW_NUMBER_SEPARATOR}", style="dim")
        if hexes and number % 2 == 0:
            text.append(" " * ((cell_width + 1) // 2))
        for column in range(columns):
            cell = row[column] if column < len(row) else {"glyph": " ", "marks": []}
            text.append(f"{cell['glyph']:<{glyph_width}}")
            if mark_width:
                marks = fit_marks(cell["marks"], mark_width)
                text.append(" ")
                text.append(f"{marks:<{mark_width}}", style="bold")
            if column < columns - 1:
                text.append(" ")
        text.rstrip()
        if number < len(rows):
            text.append("\n")
    return text, mark_width


def fit_marks(marks: Sequence[str], room: int) -> str:
    """The marks of the pieces on a cell in at most `room` characters.

    All of them when they fit (`S1S2`), else as many as fit followed by how many
    more there are (`S1+2`: S1 and two more), else just the count.
    """
    joined = "".join(marks)
    if len(joined) <= room:
        return joined
    for kept in range(len(marks) - 1, 0, -1):
        shortened = "".join(marks[:kept]) + f"+{len(marks) - kept}"
        if len(shortened) <= room:
            return shortened
    count = str(len(marks))
    return count if len(count) <= room else "*"[:room]


def board_legend(rows: list[list[dict[str, Any]]], width: int, mark_width: int = MARK_WIDTH) -> list[Text]:
    """The lines under a board: what each glyph is, and what each piece mark stands for."""
    glyphs: dict[str, str] = {}
    marks: dict[str, str] = {}
    shortened_example = None
    for row in rows:
        for cell in row:
            glyph, kind = cell["glyph"], cell["kind"]
            if glyph.strip() and kind and glyph not in glyphs:
                glyphs[glyph] = humanise(kind)
            for mark, piece in zip(cell["marks"], cell["pieces"]):
                if mark != piece:
                    marks.setdefault(mark, piece)
            shown = fit_marks(cell["marks"], mark_width)
            if shortened_example is None and mark_width and shown != "".join(cell["marks"]):
                head, plus, more = shown.rpartition("+")
                shortened_example = f"({shown} = {head} and {more} more)" if plus else f"({shown} = {shown} pieces)"
    lines = []
    if glyphs:
        lines.extend(_legend_lines("Spaces:", [f"{glyph} {kind}" for glyph, kind in glyphs.items()], width))
    if marks:
        entries = describe_marks(marks)
        if shortened_example:
            entries.append(shortened_example)
        lines.extend(_legend_lines("Pieces:", entries, width))
    return lines


def describe_marks(marks: dict[str, str]) -> list[str]:
    """Legend entries `mark label`, merging numbered families into one (`pN Player N's pawn`).

    Marks such as `p1`, `p2`, `p3` whose labels differ only by that same number
    ("Player 1's pawn", "Player 2's pawn", ...) make one entry with `N` in
    place of the number; any other mark gets its own entry.
    """
    families: dict[tuple[str, str], list[str]] = {}
    order: list[tuple[str, str] | None] = []  # a family's key, or None for a mark on its own
    singles: list[str] = []
    for mark, label in marks.items():
        key = _numbered_family(mark, label)
        if key is None:
            order.append(None)
            singles.append(mark)
            continue
        if key not in families:
            families[key] = []
            order.append(key)
        families[key].append(mark)
    entries: list[tuple[str, str]] = []  # (mark or family mark, label)
    single_marks = iter(singles)
    for key in order:
        if key is None:
            mark = next(single_marks)
            entries.append((mark, marks[mark]))
        elif len(families[key]) > 1:
            entries.append(key)
        else:
            entries.extend((mark, marks[mark]) for mark in families[key])
    # Alphabetical, a family before the marks of its own letter ("pN", "p3", "SN", "S3").
    entries.sort(key=lambda entry: (entry[0].lower().rstrip("0123456789n"), not entry[0].endswith("N"), entry[0]))
    return [f"{mark} {label}" for mark, label in entries]


def _numbered_family(mark: str, label: str) -> tuple[str, str] | None:
    """For `p2`, "Player 2's pawn": ("pN", "Player N's pawn"); None when the number is not shared."""
    match = re.fullmatch(r"(\D*)(\d+)(\D*)", mark)
    if not match:
        return None
    number = rf"(?<!\d){match.group(2)}(?!\d)"
    if not re.search(number, label):
        return None
    return match.group(1) + "N" + match.group(3), re.sub(number, "N", label)


def _legend_lines(title: str, entries: list[str], width: int) -> list[Text]:
    """`title` and the entries, two spaces apart, broken into lines of at most `width`."""
    lines: list[Text] = []
    current = title
    for entry in entries:
        if len(current) + 2 + len(entry) > width and current.strip() != title:
            lines.append(Text(current, style="dim", no_wrap=True, overflow="crop"))
            current = " " * len(title)
        current += "  " + entry
    lines.append(Text(current, style="dim", no_wrap=True, overflow="crop"))
    return lines


# --- seats and shared things ---------------------------------------------------------


def render_seats(seats: list[dict[str, Any]], viewer: int | None = None, to_move: int | None = None) -> RenderableType:
    """One row per seat: name, score, and its variables and zones on the rest of the line.

    `>` marks the seat to move, `(you)` the seat looking; hidden zones show a
    count only, empty zones are left out.
    """
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("seat", no_wrap=True)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("holds", ratio=1)
    for index, seat in enumerate(seats):
        name = Text("> " if index == to_move else "  ", style="bold")
        name.append(str(seat.get("name", f"Seat {index + 1}")), style="bold" if index == viewer else "")
        if index == viewer:
            name.append(" (you)", style="bold")
        if seat.get("automa"):
            name.append(" (automa)", style="dim")
        if seat.get("eliminated"):
            name.append(" (out)", style="dim")
        details = [part for part in (format_vars(seat.get("vars") or {}), format_zones(seat.get("zones") or {})) if part]
        table.add_row(name, Text(_number(seat.get("score"))), Text("\n".join(details)))
    return table


def render_shared(globals_: dict[str, Any]) -> RenderableType | None:
    """The game's shared variables and zones, or None when there is nothing to show."""
    parts = [part for part in (format_vars(globals_.get("vars") or {}), format_zones(globals_.get("zones") or {})) if part]
    if not parts:
        return None
    text = Text("Shared: ", style="bold")
    text.append("; ".join(parts))
    return text


def humanise(name: str) -> str:
    """A rules-file name for people: `coin_supply` -> `coin supply`."""
    return str(name).replace("_", " ")


def format_vars(variables: dict[str, Any]) -> str:
    """`name value` pairs separated by commas; unset (none) and empty values are left out."""
    shown = []
    for name, value in variables.items():
        if value is None or value == [] or value == {}:
            continue
        shown.append(f"{humanise(name)} {_value(value)}")
    return ", ".join(shown)


def format_zones(zones: dict[str, Any]) -> str:
    """Non-empty zones as `name: items` (equal items grouped) or `name: N hidden`."""
    described = []
    for name, zone in zones.items():
        if not isinstance(zone, dict):
            described.append(f"{humanise(name)}: {zone}")
            continue
        count = zone.get("count", 0) or 0
        items = zone.get("items")
        if not count:
            continue
        if items is None:
            described.append(f"{humanise(name)}: {count} hidden")
        else:
            described.append(f"{humanise(name)}: {group_items(items)}")
    return "; ".join(described)


def group_items(items: Iterable[Any], limit: int = MAX_ITEM_GROUPS_SHOWN) -> str:
    """Equal labels grouped with a count, in order of first appearance: `5× pawn, red gem`."""
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    groups = [f"{count}× {label}" if count > 1 else label for label, count in counts.items()]
    if len(groups) > limit:
        return ", ".join(groups[:limit]) + f", ... {len(groups) - limit} more"
    return ", ".join(groups)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    return _number(value)


def _number(value: Any) -> str:
    """Scores and variables: whole floats without '.0', other floats to 2 decimals."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return "" if value is None else str(value)


# --- actions and results --------------------------------------------------------------


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
