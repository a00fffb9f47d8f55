"""Draw what a seat may see as compact text: boards, seats, shared things, log and actions.

Everything here works from the JSON-ready observation the engine gives
(`state.observation(seat)`, see docs/engine-api.md), so a seat is only ever
shown what the rules let it see. Text from the game is always wrapped in
`rich.text.Text`, never parsed as rich markup: a label such as "[3]" must print
as written.

The layout is meant for an 80-column terminal and for piped output alike:

* a grid board is drawn as fixed-width cells, each holding the cell's caption
  when the board has one (an island letter, a space number), its glyph and the
  short marks of the pieces on it (`A f p1`, `H S1S2`, `H S1+2` when they do
  not all fit), with row and column numbers (left out when every cell's caption
  names it) and a legend underneath;
* each seat is one row: its name, score (labelled "so far" until the game ends),
  variables, and its zones summarised (equal items grouped as `5× label`, empty
  zones left out, hidden zones shown as a count only, a long zone as its counts
  by kind and its last few items);
* the log lines that are new since the seat last decided come last, just
  above the round, the phase, the question and the numbered actions (a long
  list of cells set out row by row, `cell_grid`);
* an option is chosen by its number, its words or the cell it names
  (`match_choice`), and keeps its number while its question comes back
  (`number_options`).

Given the terminal's height, `render_screen` makes the whole view fit it: the
board, the question and the actions always stay; the log gives up its older
lines first (they stay one `log` command away), then the other seats' and shared
details are cut to fewer lines, then the board shows the rows around its pieces
(runs of open rows drawn as one line); the seat's own details come last.
"""

from __future__ import annotations

import io
import math
import re
import textwrap
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

MAX_LOG_LINES_SHOWN = 12
MIN_LOG_LINES_SHOWN = 2  # when the screen is short, the log gives way down to this many lines first
LOG_INDENT = 2
MAX_ITEM_GROUPS_SHOWN = 8
LONG_ZONE_CHARACTERS = 100  # a zone whose items take more than this is summarised ...
LONG_ZONE_GROUPS = 6  # ... when it has more than this many different items
LAST_ITEMS_SHOWN = 3  # a summarised zone names its last (top) few items
DEFAULT_WIDTH = 80
MARK_WIDTH = 4  # room for the marks in a grid cell: "S1S2", or "S1+2" for more
ROW_NUMBER_SEPARATOR = " "
SCORE_HEADING = "score"
PROVISIONAL_SCORE_HEADING = "score (so far)"
ELLIPSIS = " …"


def render_observation(observation: dict[str, Any], new_log_lines: Sequence[str] = (), width: int = DEFAULT_WIDTH) -> RenderableType:
    """What one seat sees at its decision: boards, seats, shared things, then the new log lines.

    Args:
        observation: the dict from `state.observation(seat)`.
        new_log_lines: log lines the seat has not been shown yet (the last few are shown).
        width: the width of the terminal in characters.
    """
    return render_screen(observation, new_log_lines, width=width, question=False)


@dataclass
class Screen:
    """A view made to fit a terminal, and the new log lines it had no room for (oldest first)."""

    view: RenderableType
    earlier_log: list[str]
    cells: str | None = None  # the options are set out as a grid of cells: one of them, as typed (`2,7`)


def render_screen(*args: Any, **options: Any) -> RenderableType:
    """`fit_screen`'s view alone (the log lines it had no room for are noted, not shown)."""
    return fit_screen(*args, **options).view


def fit_screen(
    observation: dict[str, Any],
    new_log_lines: Sequence[str] = (),
    width: int = DEFAULT_WIDTH,
    height: int | None = None,
    prompt: str = "",
    labels: Sequence[str] = (),
    question: bool = True,
    reserved_lines: int = 2,
    numbers: Sequence[int] | None = None,
) -> Screen:
    """A seat's whole view at its decision: the table, the new log lines, the status, the question.

    With a height, the view fits it: the newest log lines that fit are shown, and the
    older ones are handed back, to be printed above the view, where the terminal
    scrolls them up out of sight rather than the board.

    Args:
        observation: the dict from `state.observation(seat)`.
        new_log_lines: log lines the seat has not been shown yet.
        width: the width of the terminal in characters.
        height: the height of the terminal in lines, or None for no limit (piped output).
        prompt: the question asked (the engine's `state.prompt()`).
        labels: the actions, numbered from 1 on screen unless `numbers` says otherwise.
        question: False to leave out the status line, the question and the actions.
        reserved_lines: lines of the height kept for what is printed around the view
            (the blank line before it and the input line after it).
        numbers: the number shown beside each action (see `number_options`).
    """
    title = _title(observation, width)
    board_list = observation.get("boards") or []
    seats = observation.get("seats") or []
    shared = observation.get("globals") or {}
    terminal = bool(observation.get("terminal"))
    tail: list[RenderableType] = []
    if question:
        tail.append(render_status(observation))
        tail.append(render_actions(prompt, labels, width=width, numbers=numbers,
                                   room=None if height is None else max(1, height // 3)))

    focus = (prompt, *labels) if question else ()

    def build(fit: _Fit, log_room: int | None) -> list[RenderableType]:
        # The title line names the game; a board of its own needs no name line above it.
        parts: list[RenderableType] = ([title] if fit.title else []) + [
            render_board(board, width=width, show_name=len(board_list) > 1, merged_legend=fit.merged_legend,
                         seat_names=[str(seat.get("name", "")) for seat in seats],
                         legend=fit.legend, max_rows=fit.board_rows, focus=focus)
            for board in board_list
        ]
        if seats and fit.seats:
            parts.append(render_seats(seats, viewer=observation.get("seat"), to_move=observation.get("to_move"),
                                      width=width, provisional=not terminal, line_limit=fit.others,
                                      own_line_limit=fit.own, rule=fit.rule, heading=fit.heading))
        shared_text = render_shared(shared, width=width, line_limit=fit.shared) if fit.shared != 0 else None
        if shared_text is not None:
            parts.append(shared_text)
        if new_log_lines:
            log = render_log(new_log_lines, width=width, room=log_room,
                             limit=MAX_LOG_LINES_SHOWN if log_room is None else 0,
                             above=log_room is not None)
            if log.plain:
                parts.append(log)
        return parts + tail

    room = None if height is None else max(1, height // 3)
    cells = None
    if question and room is not None and len(labels) > room and \
            cell_grid(labels, numbers or range(1, len(labels) + 1), width) is not None:
        first = next(CELL_TEXT.search(label) for label in labels if CELL_TEXT.search(label))
        cells = f"{first.group(1)},{first.group(2)}"
    if height is None:
        return Screen(Group(*build(FITS[0], None)), [])
    budget = height - reserved_lines
    wanted = len(render_log(new_log_lines, width=width, limit=0).plain.splitlines()) if new_log_lines else 0
    rooms = {fit: budget - _height(build(fit, 0), width) for fit in FITS}
    # The first fit that keeps the seat's own details whole and leaves the log a couple of
    # lines; failing that, one line (or its note); failing that, none (the new log lines all
    # printed above the view: the terminal scrolls them up, `log` shows them again). Only
    # then are the seat's own details cut short, in the same order; and the seats are given
    # up only when nothing else will do.
    def first(whole: bool, lines: int) -> _Fit | None:
        return next((fit for fit in FITS
                     if fit.seats and (fit.own is None or not whole) and rooms[fit] >= min(wanted, lines)), None)

    chosen = first(True, MIN_LOG_LINES_SHOWN) or first(True, 1) or first(True, 0) \
        or first(False, MIN_LOG_LINES_SHOWN) or first(False, 1) or first(False, 0) \
        or next((fit for fit in FITS if rooms[fit] >= min(wanted, 1)), FITS[-1])
    log_room = max(min(rooms[chosen], wanted), 1 if new_log_lines and rooms[chosen] >= 1 else 0)
    shown = log_lines_fitting(new_log_lines, width, log_room)
    return Screen(Group(*build(chosen, log_room)), list(new_log_lines[:len(new_log_lines) - shown]), cells)


@dataclass(frozen=True)
class _Fit:
    """How much of the table a view shows, for a terminal too short to show it all."""

    others: int | None = None  # lines per other seat (None: all)
    own: int | None = None  # lines for the seat looking
    shared: int | None = None  # lines of shared things (0: none)
    rule: bool = True  # a ruled line under the seats' heading
    merged_legend: bool = False  # the legend's spaces and pieces run on in one block
    seats: bool = True  # the seats are shown at all
    legend: bool = True  # the board's legend is shown at all
    title: bool = True  # the line that names the game
    heading: bool = True  # the seats' heading line
    board_rows: int | None = None  # at most this many rows of a board (those around its pieces)


# From the most to the least generous: each leaves the log more room, cutting first the
# other seats' details, then the shared ones, then the legend's spare lines; the seat's
# own details (its hand, its map), which its decision may well turn on, are cut only when
# nothing else keeps the seats on screen. The question and the
# actions always stay whole; a board taller than the screen shows the rows around its pieces.
FITS = (
    _Fit(),
    _Fit(others=3, shared=2),
    _Fit(others=2, shared=2, rule=False),
    _Fit(others=1, shared=1, rule=False),
    _Fit(others=1, shared=1, rule=False, merged_legend=True),
    _Fit(others=1, shared=0, rule=False, merged_legend=True),
    _Fit(others=1, shared=0, rule=False, merged_legend=True),
    _Fit(others=1, shared=0, rule=False, merged_legend=True),
    # The game's name gives way before the seats and their scores do.
    _Fit(others=1, shared=0, rule=False, merged_legend=True, title=False),
    # A question with many options: a line for each seat's score stays, the legend is a 'help' away.
    _Fit(others=1, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False),
    # A board taller than the screen: the rows around its pieces ('board' shows it all).
    _Fit(others=1, shared=0, rule=False, merged_legend=True, title=False, board_rows=12),
    _Fit(others=1, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False,
         board_rows=8),
    _Fit(others=1, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False,
         board_rows=5),
    # Only when nothing else keeps the seats on screen are the seat's own details cut short.
    _Fit(others=1, own=3, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False,
         board_rows=8),
    _Fit(others=1, own=1, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False,
         board_rows=8),
    _Fit(others=1, own=1, shared=0, rule=False, merged_legend=True, title=False, legend=False, heading=False,
         board_rows=5),
    # A question with a great many options: the board still stays, the rest is a 'show' away.
    _Fit(shared=0, merged_legend=True, seats=False),
    _Fit(shared=0, seats=False, legend=False),
    _Fit(shared=0, seats=False, legend=False, title=False, board_rows=8),
)


def _title(observation: dict[str, Any], width: int) -> Text:
    heading = f"── {observation.get('game', 'Game')} "
    return Text(heading + "─" * max(0, min(width, DEFAULT_WIDTH) - len(heading)), style="dim")


def _height(parts: Sequence[RenderableType], width: int) -> int:
    """How many lines the parts take on a terminal of this width."""
    console = Console(width=width, file=io.StringIO(), color_system=None, highlight=False, legacy_windows=False)
    return sum(len(console.render_lines(part, console.options, pad=False)) for part in parts)


def render_status(observation: dict[str, Any]) -> Text:
    """`Round 2 · Resolve actions` (the phase only when the engine names one); `Setup` before round 1."""
    number = observation.get("round", "?")
    phase = observation.get("phase")
    if number == 0:
        return Text(str(phase or "Setup"), style="bold")
    text = Text(f"Round {number}", style="bold")
    if phase:
        text.append(f" · {phase}", style="bold")
    return text


# --- the log ----------------------------------------------------------------------------


def _wrapped_log(lines: Sequence[str], width: int) -> list[str]:
    """Each log line indented and wrapped under its own indent (one string per line, with newlines)."""
    indent = " " * LOG_INDENT
    return [
        textwrap.fill(str(line), width=max(20, width), initial_indent=indent, subsequent_indent=indent,
                      break_on_hyphens=False) or indent
        for line in lines
    ]


def log_lines_fitting(lines: Sequence[str], width: int, room: int) -> int:
    """How many of the newest log lines fit in `room` screen lines, with a note line if some are left out."""
    kept = used = 0
    for entry in reversed(_wrapped_log(lines, width)):
        height = entry.count("\n") + 1
        note = 1 if kept + 1 < len(lines) else 0
        if used + height + note > room:
            break
        kept += 1
        used += height
    return kept


def render_log(lines: Sequence[str], limit: int = MAX_LOG_LINES_SHOWN, width: int = DEFAULT_WIDTH,
               room: int | None = None, above: bool = False) -> Text:
    """The most recent log lines, indented, with a note when older ones were left out.

    Args:
        lines: the lines to show, oldest first.
        limit: show at most this many (the newest); 0 shows them all.
        width: the width of the terminal; a longer line wraps under its own indent.
        room: at most this many screen lines in all, the note included (None: no limit).
        above: the lines left out are printed above (the note says so).
    """
    indent = " " * LOG_INDENT
    shown = _wrapped_log(lines, width)
    if limit:
        shown = shown[-limit:]
    if room is not None:
        shown = shown[len(shown) - log_lines_fitting(lines[-len(shown):] if shown else [], width, room):]
    text = Text()
    left_out = len(lines) - len(shown)
    if left_out and (room is None or room > 0):
        what = "earlier line" if shown else "new line"
        where = "above (scroll up, or type 'log')" if above else "(type 'log' to see them)"
        text.append(f"{indent}... {left_out} {what}{'' if left_out == 1 else 's'} {where}", style="dim")
        if shown:
            text.append("\n")
    text.append("\n".join(shown))
    return text


# --- boards -----------------------------------------------------------------------------


@dataclass
class _CellLayout:
    """How wide each part of a drawn cell is."""

    caption: int
    separator: int  # 1 for a space between caption and glyph, 0 when the room is short
    glyph: int
    marks: int
    overlay: int = 0  # no room for marks beside the glyph: a cell with pieces shows this many marks instead

    @property
    def width(self) -> int:
        body = self.caption + (self.separator if self.caption else 0) + self.glyph
        return body + (1 + self.marks if self.marks else 0)


def render_boards(boards: Sequence[dict[str, Any]], width: int = DEFAULT_WIDTH,
                  seat_names: Sequence[str] = ()) -> RenderableType:
    """Every board of an observation, each named only when there are several."""
    return Group(*(render_board(board, width=width, show_name=len(boards) > 1, seat_names=seat_names)
                   for board in boards))


def render_board(board: dict[str, Any], width: int = DEFAULT_WIDTH, show_name: bool = True,
                 merged_legend: bool = False, legend: bool = True, max_rows: int | None = None,
                 focus: Sequence[str] = (), seat_names: Sequence[str] = ()) -> RenderableType:
    """A board as a fixed-width grid of captions, glyphs and piece marks, with its legend underneath.

    Args:
        board: one item of the observation's `boards`.
        width: the width of the terminal; cells shrink to fit it, down to the glyph alone.
        show_name: whether a line with the board's name comes first.
        merged_legend: whether the legend's spaces and pieces run on in one block (fewer lines).
        legend: whether the legend is drawn at all.
        max_rows: at most this many rows: a board taller than that shows the rows where its
            pieces are (the ruler says which), first those of the pieces `focus` names.
        focus: the question and its options: a piece named there is one the seat is deciding
            about, so a window of rows keeps it in sight.
        seat_names: the seats' names, which tell one owner's pieces from another's when they
            share a mark (see `distinct_marks`).
    """
    name = str(board.get("name", "board"))
    cells = board.get("cells")
    if isinstance(cells, list) and cells and not all(isinstance(row, list) for row in cells):
        cells = [cells]  # a board given as one list of spaces: draw it as a single row
    if not isinstance(cells, list) or not cells:
        return Text(f"{name}: (empty)")
    rows = distinct_marks([[_as_cell(cell) for cell in row] for row in cells], seat_names)
    lines = Text(no_wrap=True, overflow="crop")
    if show_name:
        lines.append(name, style="bold")
        lines.append("\n")
    display: list[Any] = list(range(len(rows)))
    if max_rows is not None and len(rows) > max_rows:
        display = _collapsed(rows)  # runs of open rows drawn as one line each, so that more of it fits
    shown = [rows[entry] if isinstance(entry, int) else [] for entry in display]
    grid, layout = _grid(rows, width, hexes=board.get("shape") == "hex", window=_window(shown, max_rows, focus),
                         display=display)
    lines.append_text(grid)
    if not legend:
        return lines
    return Group(lines, *board_legend(rows, width, layout.marks or layout.overlay, caption_layer=board.get("caption"),
                                      merged=merged_legend))


def _as_cell(cell: Any) -> dict[str, Any]:
    """A cell as a dict with caption, glyph, kind, pieces and marks (marks default to the pieces' labels)."""
    if not isinstance(cell, dict):
        return {"caption": "", "glyph": str(cell), "kind": "", "pieces": [], "marks": []}
    pieces = [str(piece) for piece in cell.get("pieces") or []]
    marks = cell.get("marks")
    marks = [str(mark) for mark in marks] if isinstance(marks, list) and len(marks) == len(pieces) else pieces
    return {"caption": str(cell.get("caption", "") or ""), "glyph": str(cell.get("glyph", "") or " "),
            "kind": str(cell.get("kind", "") or ""), "pieces": pieces, "marks": marks}


def distinct_marks(rows: list[list[dict[str, Any]]], seat_names: Sequence[str] = ()) -> list[list[dict[str, Any]]]:
    """The cells with every different piece given a mark of its own.

    When one mark stands for pieces that are not alike (two players' ships of the same
    name, both `i`; two kinds that start with the same letter), every piece whose mark
    has those letters gets a number after them: the owner's seat number when the pieces
    name their seats (`i1↖`, `i2→`), else their order of first appearance. Alike pieces
    (the same name, the same seat or none) keep the mark they share; any sign after the
    letters (a facing) stays. Marks the rules already tell apart (`i↖` for one player,
    `i⇖` for the other) are left as they are.
    """
    names = [name for name in seat_names if name]

    def identity(piece: str) -> tuple[str, int | None]:
        owners = [seat for seat, name in enumerate(seat_names)
                  if name and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", piece)]
        return piece.split(" (", 1)[0].strip().casefold(), owners[0] if len(owners) == 1 else None

    found: dict[str, list[tuple[str, int | None]]] = {}
    clashing: set[str] = set()  # letters of a mark that stands for two different pieces
    meaning: dict[str, tuple[str, int | None]] = {}
    for row in rows:
        for cell in row:
            for mark, piece in zip(cell["marks"], cell["pieces"]):
                letters = re.match(r"\w*", mark).group(0)
                if letters:
                    seen = found.setdefault(letters, [])
                    if identity(piece) not in seen:
                        seen.append(identity(piece))
                    if meaning.setdefault(mark, identity(piece)) != identity(piece):
                        clashing.add(letters)
    numbers: dict[tuple[str, tuple[str, int | None]], str] = {}
    for letters, identities in found.items():
        if letters not in clashing:
            continue
        owners = [owner for _, owner in identities]
        by_owner = names and None not in owners and len(set(owners)) == len(owners)
        for place, who in enumerate(identities, 1):
            numbers[(letters, who)] = str(who[1] + 1 if by_owner else place)
    if not numbers:
        return rows
    for row in rows:
        for cell in row:
            marks = []
            for mark, piece in zip(cell["marks"], cell["pieces"]):
                letters = re.match(r"\w*", mark).group(0)
                number = numbers.get((letters, identity(piece)))
                marks.append(mark if number is None else letters + number + mark[len(letters):])
            cell["marks"] = marks
    return rows


def captions_name_every_cell(rows: list[list[dict[str, Any]]]) -> bool:
    """True when every cell has a caption of its own (space numbers): rows and columns are not needed."""
    captions = [cell["caption"] for row in rows for cell in row]
    return all(captions) and len(set(captions)) == len(captions)


OPEN_ROW_RUN = 2  # this many open rows in a row or more are drawn as one line on a board too tall to show


def _collapsed(rows: list[list[dict[str, Any]]]) -> list[Any]:
    """The rows to draw, each a row's index or (first, last, kind) for a run of open rows drawn as one line.

    An open row holds no piece and no caption, and every cell shows the board's most
    common glyph (open sea): nothing a player looks for is lost, and the line says which
    rows it stands for.
    """
    glyphs: dict[str, int] = {}
    for row in rows:
        for cell in row:
            glyphs[cell["glyph"]] = glyphs.get(cell["glyph"], 0) + 1
    common = max(glyphs, key=glyphs.get) if glyphs else ""
    kind = next((humanise(cell["kind"]) for row in rows for cell in row if cell["glyph"] == common and cell["kind"]),
                "empty")
    open_rows = [all(not cell["marks"] and not cell["caption"] and cell["glyph"] == common for cell in row)
                 for row in rows]
    display: list[Any] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and open_rows[end]:
            end += 1
        if end - start >= OPEN_ROW_RUN:
            display.append((start, end - 1, kind))
            start = end
        else:
            display.append(start)
            start += 1
    return display


def _window(rows: list[list[dict[str, Any]]], max_rows: int | None, focus: Sequence[str] = ()) -> range | None:
    """The rows to draw of a board taller than `max_rows`, or None for all of them.

    The rows of the pieces the question names come first (the seat is deciding about them);
    when it names none, the rows around all the pieces.
    """
    if max_rows is None or len(rows) <= max_rows:
        return None
    used = [number for number, row in enumerate(rows) if any(cell["marks"] for cell in row)] or [0]
    named = _rows_named(rows, focus)
    if named and named[-1] - named[0] < max_rows:
        # Room to spare around the named pieces goes to the other pieces nearest them.
        near = [number for number in used if named[-1] - max_rows < number < named[0] + max_rows]
        around = [number for number in near if max(named[-1], number) - min(named[0], number) < max_rows]
        used = sorted(set(named) | set(around))
    elif named:
        used = named
    middle = (used[0] + used[-1]) // 2
    start = max(0, min(len(rows) - max_rows, middle - max_rows // 2))
    if used[0] < start or used[-1] >= start + max_rows:
        start = max(0, min(len(rows) - max_rows, used[0]))  # more pieces than rows: from the first
    return range(start, start + max_rows)


def _rows_named(rows: list[list[dict[str, Any]]], focus: Sequence[str]) -> list[int]:
    """The rows holding a piece whose name (its text before any details in brackets) `focus` mentions."""
    text = " ".join(focus).casefold()
    if not text:
        return []
    named = []
    for number, row in enumerate(rows):
        for cell in row:
            names = (piece.split(" (", 1)[0].strip().casefold() for piece in cell["pieces"])
            if any(len(name) >= 3 and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) for name in names):
                named.append(number)
                break
    return named


def _grid(rows: list[list[dict[str, Any]]], width: int, hexes: bool = False,
          window: range | None = None, display: list[Any] | None = None) -> tuple[Text, _CellLayout]:
    """The grid's lines, and the widths of the parts of a cell.

    On a hex board every second row is drawn half a cell to the right, as the hexes lie.
    When the captions name every cell, the row and column numbers are left out. With a
    window, only those rows are drawn, and the column ruler says which they are. `display`
    lists the rows to draw: a row's index, or (first, last) for a run of open rows drawn as
    one line (the window counts these lines).
    """
    display = list(range(len(rows))) if display is None else display
    columns = max(len(row) for row in rows)
    rulers = not captions_name_every_cell(rows)
    row_label_width = len(str(len(rows))) if rulers else 0
    label_room = row_label_width + len(ROW_NUMBER_SEPARATOR) if rulers else 0
    caption_width = max(len(cell["caption"]) for row in rows for cell in row)
    glyph_width = max(len(cell["glyph"]) for row in rows for cell in row)
    # Each cell is the caption, a space, the glyph, a space and the marks, followed by one
    # space between cells; shifted hex rows need half a cell more.
    room_per_cell = (width - label_room) // (columns + (1 if hexes else 0)) - 1
    layout = _CellLayout(caption_width, 1 if caption_width else 0, glyph_width, 0)
    body = caption_width + layout.separator + glyph_width
    layout.marks = max(0, min(MARK_WIDTH, room_per_cell - body - 1))
    if caption_width and layout.marks < 2 and room_per_cell - body + 1 - 1 > layout.marks:
        # Short of room: the caption touches the glyph ("12~3") so that two marks still fit.
        layout.separator = 0
        layout.marks = max(0, min(MARK_WIDTH, room_per_cell - (body - 1) - 1))
    if not layout.marks and not caption_width and room_per_cell > glyph_width:
        # A wide board on a narrow terminal: the pieces' marks take the place of the glyph.
        layout.overlay = layout.glyph = min(MARK_WIDTH, room_per_cell)
    cell_width = layout.width
    text = Text()
    if rulers:
        header = " " * label_room
        # A number wider than its cell keeps its last digits (…8 9 0 1 2…), as rulers do.
        header += " ".join(f"{str(column + 1)[-cell_width:]:<{cell_width}}" for column in range(columns))
        drawn = [entry for place, entry in enumerate(display) if window is None or place in window]
        first = drawn[0] if isinstance(drawn[0], int) else drawn[0][0]
        final = drawn[-1] if isinstance(drawn[-1], int) else drawn[-1][1]
        note = "" if window is None else f"  rows {first + 1}–{final + 1} of {len(rows)}"
        if note and len(header.rstrip() + note) <= width:
            header = header.rstrip() + note
        text.append(header.rstrip() + "\n", style="dim")
    last = len(display) if window is None else window.stop
    for place, entry in enumerate(display, 1):
        if window is not None and place - 1 not in window:
            continue
        if not isinstance(entry, int):
            text.append(f"{'':>{row_label_width}}{ROW_NUMBER_SEPARATOR if rulers else ''}"
                        f"⋮ rows {entry[0] + 1}–{entry[1] + 1}: all {entry[2]}", style="dim")
            if place < last:
                text.append("\n")
            continue
        number, row = entry + 1, rows[entry]
        if rulers:
            text.append(f"{number:>{row_label_width}}{ROW_NUMBER_SEPARATOR}", style="dim")
        if hexes and number % 2 == 0:
            text.append(" " * ((cell_width + 1) // 2))
        for column in range(columns):
            cell = row[column] if column < len(row) else {"caption": "", "glyph": " ", "marks": []}
            if layout.caption:
                text.append(f"{cell['caption']:>{layout.caption}}", style="dim")
                text.append(" " * layout.separator)
            if layout.overlay and cell["marks"]:
                text.append(f"{fit_marks(cell['marks'], layout.overlay):<{layout.glyph}}", style="bold")
            else:
                text.append(f"{cell['glyph']:<{layout.glyph}}")
            if layout.marks:
                marks = fit_marks(cell["marks"], layout.marks)
                text.append(" ")
                text.append(f"{marks:<{layout.marks}}", style="bold")
            if column < columns - 1:
                text.append(" ")
        text.rstrip()
        if place < last:
            text.append("\n")
    return text, layout


def fit_marks(marks: Sequence[str], room: int) -> str:
    """The marks of the pieces on a cell in at most `room` characters.

    All of them when they fit (`S1S2`), else as many as fit followed by how many
    more there are (`S1+2`: S1 and two more), else the count with a times sign
    (`3×`: three pieces; a bare number could be read as a mark or a space's number),
    else the bare count.
    """
    joined = "".join(marks)
    if len(joined) <= room:
        return joined
    if len(marks) == 1:
        return joined[:room]  # one piece: the start of its mark (its letters) says more than a count
    for kept in range(len(marks) - 1, 0, -1):
        shortened = "".join(marks[:kept]) + f"+{len(marks) - kept}"
        if len(shortened) <= room:
            return shortened
    for count in (f"{len(marks)}×", str(len(marks))):
        if len(count) <= room:
            return count
    return "*"[:room]


def board_legend(rows: list[list[dict[str, Any]]], width: int, mark_width: int = MARK_WIDTH,
                 caption_layer: str | None = None, merged: bool = False) -> list[Text]:
    """The lines under a board: what the captions are, what each glyph is, what each piece mark stands for.

    With `merged`, the pieces run on after the spaces instead of starting a line of their own.
    """
    glyphs: dict[str, str] = {}
    marks: dict[str, str] = {}
    captions: list[str] = []
    shortened_example = None
    for row in rows:
        for cell in row:
            glyph, kind = cell["glyph"], cell["kind"]
            if glyph.strip() and kind and kind != "none" and glyph not in glyphs:
                glyphs[glyph] = humanise(kind)
            if cell.get("caption") and cell["caption"] not in captions:
                captions.append(cell["caption"])
            for mark, piece in zip(cell["marks"], cell["pieces"]):
                if mark != piece:
                    marks.setdefault(mark, tidy_piece_text(piece))
            shown = fit_marks(cell["marks"], mark_width)
            if shortened_example is None and mark_width and shown != "".join(cell["marks"]):
                head, plus, more = shown.rpartition("+")
                shortened_example = f"({shown} = {head} and {more} more)" if plus else \
                    f"({shown} = {shown.rstrip('×')} pieces)"
    spaces = []
    if captions and caption_layer:
        spaces.append(describe_captions(captions, humanise(caption_layer)))
    # Spaces whose glyph is their name (`A` = A) say it once, as a range: "A–H by name".
    named = [glyph for glyph, label in glyphs.items() if label.lower() == glyph.lower()]
    if len(named) > 1:
        spaces.extend(describe_marks({glyph: label for glyph, label in glyphs.items() if glyph not in named},
                                     sort=False))
        spaces.append(f"{describe_captions(named, 'by name')}")
    else:
        spaces.extend(describe_marks(glyphs, sort=False))
    pieces = describe_marks(marks) + ([shortened_example] if shortened_example and marks else [])
    if merged and spaces and pieces:
        return _legend_lines("Spaces:", spaces + ["Pieces:"] + pieces, width)
    lines = []
    if spaces:
        lines.extend(_legend_lines("Spaces:", spaces, width))
    if pieces:
        lines.extend(_legend_lines("Pieces:", pieces, width))
    return lines


def describe_captions(captions: Sequence[str], layer: str) -> str:
    """The legend entry for a board's captions: `A–F island`, `0–49 space number`, `N/S harbour`."""
    if all(re.fullmatch(r"-?\d+", caption) for caption in captions):
        numbers = sorted(int(caption) for caption in captions)
        return f"{numbers[0]}–{numbers[-1]} {layer}"
    ordered = sorted(captions)
    if all(len(caption) == 1 for caption in ordered) and len(ordered) > 2 and \
            ord(ordered[-1]) - ord(ordered[0]) == len(ordered) - 1:
        return f"{ordered[0]}–{ordered[-1]} {layer}"
    if len(ordered) <= 6:
        return f"{'/'.join(ordered)} {layer}"
    return f"first the {layer}"


def describe_marks(marks: dict[str, str], sort: bool = True) -> list[str]:
    """Legend entries `mark label`, merging numbered families into one (`pN Player N's pawn`).

    Marks such as `p1`, `p2`, `p3` whose labels differ only by that same number
    ("Player 1's pawn", "Player 2's pawn", ...) make one entry with `N` in
    place of the number; any other mark gets its own entry. The same goes for
    glyphs (`~N sea costing N food`).
    """
    families: dict[tuple[str, str], list[str]] = {}
    order: list[tuple[str, str] | None] = []  # a family's key, or None for a mark on its own
    singles: list[str] = []
    # Pieces labelled alike whose marks differ by more than the number (`1→`, `2↙`, `4↙`: ships
    # facing different ways) each keep their own entry: one `N↙` would hide the ship facing `→`.
    shapes: dict[str, set[str]] = {}
    for mark, label in marks.items():
        key = _numbered_family(mark, label)
        if key is not None:
            shapes.setdefault(key[1], set()).add(key[0])
    for mark, label in marks.items():
        key = _numbered_family(mark, label)
        if key is not None and len(shapes[key[1]]) > 1:
            key = None
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
    if sort:
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
    for index, entry in enumerate(entries):
        needed = len(entry)
        heading = entry.endswith(":") and index + 1 < len(entries)
        if heading:
            needed += 2 + len(entries[index + 1])  # a heading within the entries stays with its first entry
        if len(current) + 2 + needed > width and current.strip() != title:
            lines.append(Text(current, style="dim", no_wrap=True, overflow="crop"))
            if heading:  # a heading that starts a line starts it at the edge, like the first one
                title = current = entry
                continue
            current = " " * len(title)
        current += "  " + entry
    lines.append(Text(current, style="dim", no_wrap=True, overflow="crop"))
    return lines


# --- seats and shared things ---------------------------------------------------------


def render_seats(seats: list[dict[str, Any]], viewer: int | None = None, to_move: int | None = None,
                 width: int = DEFAULT_WIDTH, provisional: bool = True, line_limit: int | None = None,
                 own_line_limit: int | None = None, rule: bool = True, heading: bool = True) -> Text:
    """One row per seat: name, score, and its variables and zones on the rest of the line.

    `>` marks the seat to move, `(you)` the seat looking; hidden zones show a
    count only, empty zones are left out. The score column says "(so far)"
    until the game is over.

    Args:
        seats: the observation's `seats`.
        viewer: the seat looking.
        to_move: the seat to move.
        width: the width of the terminal.
        provisional: whether the scores are provisional (the game is not over).
        line_limit: at most this many lines per seat (None: no limit).
        own_line_limit: the same for the viewer's own seat.
        rule: whether a line is ruled under the heading.
        heading: whether the seats have their heading line at all (a short screen may do without).
    """
    names: list[Text] = []
    scores: list[str] = []
    details: list[list[str]] = []
    for index, seat in enumerate(seats):
        name = Text("> " if index == to_move else "  ", style="bold")
        name.append(str(seat.get("name", f"Seat {index + 1}")), style="bold" if index == viewer else "")
        if index == viewer:
            name.append(" (you)", style="bold")
        if seat.get("automa"):
            name.append(" (automa)", style="dim")
        if seat.get("eliminated"):
            name.append(" (out)", style="dim")
        names.append(name)
        scores.append(_number(seat.get("score")))
        details.append([part for part in (format_vars(seat.get("vars") or {}),
                                          format_zones(seat.get("zones") or {})) if part])
    name_width = max([len("  seat")] + [len(name.plain) for name in names])
    score_width = max([len(SCORE_HEADING)] + [len(score) for score in scores])
    indent = name_width + 2 + score_width + 2
    detail_width = width - indent
    if detail_width < 24:  # too narrow for a column: the details go under the name
        indent, detail_width = 4, max(20, width - 4)
    text = Text()
    heading_line = "  seat".ljust(name_width) + "  " + (PROVISIONAL_SCORE_HEADING if provisional else SCORE_HEADING).rjust(score_width)
    if heading:
        text.append(heading_line + "\n")
    if rule and heading:
        text.append("─" * min(width, max(len(heading_line), indent + max([0] + [len(line) for parts in details for line in parts]))) + "\n")
    for index, (name, score, parts) in enumerate(zip(names, scores, details)):
        limit = own_line_limit if index == viewer else line_limit
        wrapped = [line for part in parts for line in _wrap(part, detail_width)]
        if limit is not None and len(wrapped) > limit:
            wrapped = wrapped[:limit]
            wrapped[-1] = _with_ellipsis(wrapped[-1], detail_width)
        text.append_text(name)
        text.append(" " * (name_width - len(name.plain)) + "  " + score.rjust(score_width))
        if indent == name_width + 2 + score_width + 2:
            text.append(("  " + wrapped[0]) if wrapped else "")
            rest = wrapped[1:]
        else:
            rest = wrapped
        for line in rest:
            text.append("\n" + " " * indent + line)
        if index < len(seats) - 1:
            text.append("\n")
    return text


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=max(10, width), break_on_hyphens=False, break_long_words=True) or [""]


def _with_ellipsis(line: str, width: int) -> str:
    """A line cut short, ending in ' …' within `width`."""
    if len(line) + len(ELLIPSIS) <= width:
        return line + ELLIPSIS
    cut = line[: max(0, width - len(ELLIPSIS) + 1)]
    cut = cut.rsplit(" ", 1)[0] if " " in cut.strip() else cut[:-1]  # whole words only
    return cut.rstrip(" ,;") + ELLIPSIS


def render_shared(globals_: dict[str, Any], width: int = DEFAULT_WIDTH, line_limit: int | None = None) -> Text | None:
    """The game's shared variables and zones, or None when there is nothing to show."""
    parts = [part for part in (format_vars(globals_.get("vars") or {}), format_zones(globals_.get("zones") or {})) if part]
    if not parts:
        return None
    heading = "Shared: "
    lines = textwrap.wrap(heading + "; ".join(parts), width=max(20, width), subsequent_indent=" " * len(heading),
                          break_on_hyphens=False)
    if line_limit is not None and len(lines) > line_limit:
        lines = lines[:line_limit]
        lines[-1] = _with_ellipsis(lines[-1], width)
    text = Text(heading, style="bold")
    text.append("\n".join(lines)[len(heading):])
    return text


def humanise(name: str) -> str:
    """A rules-file name for people: `coin_supply` -> `coin supply`."""
    return str(name).replace("_", " ")


def plural(noun: str, count: int) -> str:
    """`3 action cards`, `1 treasure`: a kind of piece counted, in plain English plurals."""
    if count == 1:
        return f"1 {noun}"
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return f"{count} {noun}es"
    if re.search(r"[^aeiou]y$", noun):
        return f"{count} {noun[:-1]}ies"
    return f"{count} {noun}s"


def format_vars(variables: dict[str, Any]) -> str:
    """`name value` pairs separated by commas; what is not set (none, no, empty) is left out.

    A player names what holds: "cursed yes", "gold 3"; a flag that is off, a value
    that is none or an empty list says nothing they would miss.
    """
    shown = []
    for name, value in variables.items():
        if value is None or value is False or value == [] or value == {} or value == "":
            continue
        shown.append(f"{humanise(name)} {_value(value)}")
    return ", ".join(shown)


def format_zones(zones: dict[str, Any]) -> str:
    """Non-empty zones as `name: items` (equal items grouped) or `name: N hidden`.

    Zones whose pieces the seat may see come first, those it may only count after
    them: what a seat can look at in detail is what it most often needs. A long zone (many different items, such as a discard pile late in the game)
    is summarised as its counts by kind and its last few items: `discard: 12
    action cards, last 3: a, b, c`.
    """
    described = []
    counted = []
    for name, zone in zones.items():
        if not isinstance(zone, dict):
            described.append(f"{humanise(name)}: {zone}")
            continue
        count = zone.get("count", 0) or 0
        items = zone.get("items")
        if not count:
            continue
        if items is None:
            counted.append(f"{humanise(name)}: {count} hidden")
        else:
            described.append(f"{humanise(name)}: {describe_items(items, zone.get('kinds'))}")
    return "; ".join(described + counted)


_UNSET_DETAIL = re.compile(r"^[^,()]*? (?:no|none|)$")


def tidy_piece_text(text: str) -> str:
    """A piece's text as a player reads it: the details in brackets that are not set left out.

    The engine writes every variable of a piece after its label (`san isidro (masts
    left 3, facing 5, submerged no, towed by none, streamers )`); a flag that is off,
    a none and an empty value go, what holds stays: `san isidro (masts left 3, facing 5)`.
    """
    match = re.fullmatch(r"(.*?) \((.*)\)", str(text), flags=re.DOTALL)
    if not match or "(" in match.group(2):
        return str(text)
    details = match.group(2).split(", ")
    kept = [detail for detail in details if not _UNSET_DETAIL.match(detail)]
    if len(kept) == len(details):
        return str(text)
    return f"{match.group(1)} ({', '.join(kept)})" if kept else match.group(1)


def describe_items(items: Sequence[Any], kinds: Sequence[Any] | None = None) -> str:
    """A zone's visible items: grouped when short, summarised when long."""
    items = [tidy_piece_text(item) for item in items]
    full = group_items(items, limit=0)
    groups = len({str(item) for item in items})
    if len(full) <= LONG_ZONE_CHARACTERS or groups <= LONG_ZONE_GROUPS:
        return group_items(items)
    counted: dict[str, int] = {}
    for kind in kinds if kinds and len(kinds) == len(items) else []:
        counted[humanise(kind)] = counted.get(humanise(kind), 0) + 1
    totals = ", ".join(plural(kind, number) for kind, number in counted.items()) or str(len(items))
    last = [str(item) for item in items][-LAST_ITEMS_SHOWN:]
    return f"{totals}, last {len(last)}: {', '.join(last)}"


def group_items(items: Iterable[Any], limit: int = MAX_ITEM_GROUPS_SHOWN) -> str:
    """Equal labels grouped with a count, in order of first appearance: `5× pawn, red gem`.

    Args:
        items: the labels.
        limit: show at most this many groups, then how many more there are (0: all).
    """
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    groups = [f"{count}× {label}" if count > 1 else label for label, count in counts.items()]
    if limit and len(groups) > limit:
        return ", ".join(groups[:limit]) + f", ... {len(groups) - limit} more"
    return ", ".join(groups)


def _value(value: Any, nested: bool = False) -> str:
    """A variable's value as players read it: names with spaces for `_`, yes/no, a list as
    `a then b then c` (in its order; no brackets), a list inside it as `(a, b)`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return humanise(value)  # a name such as south_west, as the rules' texts show it
    if isinstance(value, (list, tuple)):
        if nested:
            return "(" + ", ".join(_value(item, True) for item in value) + ")"
        return " then ".join(_value(item, True) for item in value)
    return _number(value)


def _number(value: Any) -> str:
    """Scores and variables: whole floats without '.0', other floats to 2 decimals."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}"
    return "" if value is None else str(value)


# --- actions and results --------------------------------------------------------------


def render_actions(prompt: str, labels: Sequence[str], width: int = DEFAULT_WIDTH, room: int | None = None,
                   numbers: Sequence[int] | None = None) -> Text:
    """The question asked and the legal actions, numbered.

    Args:
        prompt: the question.
        labels: the actions.
        width: the width of the terminal.
        room: when there are more actions than this many lines, they are set in
            columns side by side, as many as the width allows (None: one a line);
            a long list of cells is set as a grid of rows and columns instead.
        numbers: the number shown beside each action (None: 1, 2, 3...).
    """
    text = Text()
    if prompt:
        text.append(_wrap_line(prompt, width) + "\n", style="bold")
    numbers = list(numbers) if numbers is not None else list(range(1, len(labels) + 1))
    if room is not None and len(labels) > room:
        grid = cell_grid(labels, numbers, width)
        if grid is not None:
            text.append(grid)
            return text
    number_width = len(str(max(numbers, default=1)))
    order = sorted(range(len(labels)), key=lambda index: numbers[index])
    entries = [f"  {numbers[index]:>{number_width}}. {labels[index]}" for index in order]
    if any(len(entry) > width for entry in entries):
        # A long option wraps under its own text, clear of the numbers.
        indent = " " * (number_width + 4)
        entries = [textwrap.fill(entry, width=max(20, width), subsequent_indent=indent, break_on_hyphens=False,
                                 break_long_words=False)
                   for entry in entries]
    elif room is not None and len(entries) > room:
        column_width = max(len(entry) for entry in entries) + 1
        columns = max(1, min(width // column_width, math.ceil(len(entries) / room)))
        if columns > 1:
            per_column = math.ceil(len(entries) / columns)
            lines = []
            for line in range(per_column):
                cells = [entries[line + per_column * column] for column in range(columns)
                         if line + per_column * column < len(entries)]
                lines.append("".join(cell.ljust(column_width) for cell in cells).rstrip())
            text.append("\n".join(lines))
            return text
    text.append("\n".join(entries))
    return text


CELL_LIST_MINIMUM = 12  # fewer cells than this are listed one by one


def cell_grid(labels: Sequence[str], numbers: Sequence[int], width: int = DEFAULT_WIDTH) -> str | None:
    """A long list of cells as rows of their column numbers, or None when the options are not such a list.

    `Place the Kraken: row 2, column 7` and its like, for dozens of cells, become one
    line per row (`row 2:  1     3  4        7`); options that are not cells (a `Stop`)
    follow, numbered. The input line says how to type a cell (`Screen.cells`).
    """
    cells: dict[int, list[int]] = {}
    shapes = set()
    others = []
    for label, number in zip(labels, numbers):
        found = CELL_TEXT.findall(label)
        if len(found) == 1:
            shapes.add(CELL_TEXT.sub("#", label))
            row, column = int(found[0][0]), int(found[0][1])
            cells.setdefault(row, []).append(column)
        else:
            others.append((number, label))
    if sum(len(columns) for columns in cells.values()) < CELL_LIST_MINIMUM or len(shapes) != 1 or len(others) > 3:
        return None
    widest = max(column for columns in cells.values() for column in columns)
    column_width = len(str(widest)) + 1
    row_width = len(str(max(cells)))
    if len(f"  row {max(cells)}:") + column_width * widest > width:
        return None
    lines = []
    for row in sorted(cells):
        marks = "".join(f"{column if column in cells[row] else '':>{column_width}}" for column in range(1, widest + 1))
        lines.append(f"  row {row:>{row_width}}:{marks}".rstrip())
    number_width = len(str(max((number for number, _ in others), default=1)))
    lines.extend(f"  {number:>{number_width}}. {label}" for number, label in others)
    return "\n".join(_wrap_line(line, width) for line in lines)


def _wrap_line(line: str, width: int) -> str:
    return textwrap.fill(line, width=max(20, width), break_on_hyphens=False, break_long_words=False,
                         subsequent_indent=" " * (len(line) - len(line.lstrip()))) if len(line) > width else line


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


# --- choosing: stable numbers, names and cells typed ------------------------------------


def number_options(labels: Sequence[str], earlier: dict[str, int] | None = None) -> list[int]:
    """The number shown for each option: an option shown before in the same decision keeps its number.

    A decision asked again (the next pick of a fleet, the list shown once more) keeps
    every option's number, so "3. fire" still means fire; an option new to the list
    takes the next number after the highest given so far.

    Args:
        labels: the options, in the engine's order.
        earlier: label -> number given when this decision was last shown (None: a new decision).
    """
    earlier = earlier or {}
    # The same option with a count in its words changed ("Move (5 left)", "Move (4 left)").
    by_shape: dict[str, int | None] = {}
    for label, number in earlier.items():
        shape = _shape(label)
        by_shape[shape] = number if by_shape.get(shape, number) == number else None  # two options alike: neither
    used = {earlier[label] for label in labels if label in earlier}
    numbers = []
    next_number = max(earlier.values(), default=0) + 1
    for label in labels:
        number = earlier.get(label)
        if number is None:
            number = by_shape.get(_shape(label))
            if number is not None and number in used:
                number = None
        if number is None or number in numbers:
            number = next_number
            next_number += 1
        used.add(number)
        numbers.append(number)
    return numbers


def _shape(label: str) -> str:
    """An option's words with the numbers in its brackets blanked: "Move (# left)"."""
    return re.sub(r"\([^()]*\)", lambda bracket: re.sub(r"\d+", "#", bracket.group(0)), label)


@dataclass
class Choice:
    """What a typed entry picks: the option's place in the list, or a one-line answer saying why not."""

    index: int | None = None
    message: str = ""


CELL_TEXT = re.compile(r"\brow (\d+), column (\d+)(?!\d)")
_TYPED_CELLS = (
    (re.compile(r"(?:row|r)\s*(\d+)\s*,?\s*(?:column|col|c)\s*(\d+)"), (1, 2)),
    (re.compile(r"(?:column|col|c)\s*(\d+)\s*,?\s*(?:row|r)\s*(\d+)"), (2, 1)),
    (re.compile(r"(\d+)\s*[,\s]\s*(\d+)"), (1, 2)),
)


def typed_cell(text: str) -> tuple[int, int] | None:
    """The (row, column) a player typed, counted from 1, or None.

    `row 3 col 2`, `r3c2`, `3,2` and `3 2` are row 3, column 2; `c4` is column c (the
    third) and row 4, as on a chessboard.
    """
    text = " ".join(text.casefold().split())
    for pattern, (row, column) in _TYPED_CELLS:
        match = pattern.fullmatch(text)
        if match:
            return int(match.group(row)), int(match.group(column))
    match = re.fullmatch(r"([a-z])\s*(\d+)", text)
    if match:
        return int(match.group(2)), ord(match.group(1)) - ord("a") + 1
    return None


def match_choice(text: str, labels: Sequence[str], numbers: Sequence[int]) -> Choice:
    """The option a typed entry names: its number, its label or a part of it, or a cell.

    Tried in this order: a number shown beside an option; a whole label; a cell
    (`c4`, `row 3 col 2`, `3,2`) among the options that name it; the options whose
    label starts with the entry; the options with a word starting with it. Several
    options at one step, or none at all, give a one-line answer instead.
    """
    entry = " ".join(text.split())
    folded = entry.casefold()
    shown = dict(zip(numbers, range(len(labels))))
    if folded.isascii() and folded.isdigit():
        digits = folded.lstrip("0") or "0"
        number = int(digits) if len(digits) <= len(str(max(numbers, default=0))) else None
        if number in shown:
            return Choice(shown[number])
        quoted = entry if len(entry) <= 12 else entry[:9] + "..."
        return Choice(message=f"There is no action {quoted}: choose from {describe_numbers(numbers)}.")
    if not folded:
        return Choice(message=f"Type a number from {describe_numbers(numbers)}, or help.")
    folded_labels = [" ".join(label.split()).casefold() for label in labels]
    exact = [index for index, label in enumerate(folded_labels) if label == folded]
    if len(exact) == 1:
        return Choice(exact[0])
    cell = typed_cell(folded)
    if cell is not None:
        naming = [index for index, label in enumerate(labels)
                  if any((int(row), int(column)) == cell for row, column in CELL_TEXT.findall(label))]
        if len(naming) == 1:
            return Choice(naming[0])
        where = f"row {cell[0]}, column {cell[1]}"
        if naming:
            return Choice(message=_candidates(f"{where} is in", naming, labels, numbers))
        return Choice(message=f"No option is at {where}. Type a number from {describe_numbers(numbers)}, "
                              "or part of an option's name.")
    for found in ([index for index, label in enumerate(folded_labels) if label.startswith(folded)],
                  [index for index, label in enumerate(folded_labels)
                   if re.search(rf"(?<!\w){re.escape(folded)}", label)]):
        if len(found) == 1:
            return Choice(found[0])
        if found:
            return Choice(message=_candidates(f"{typed_excerpt(entry)} could be", found, labels, numbers))
    return Choice(message=f"Not understood: {typed_excerpt(entry)}. No option is called that: type a number from "
                          f"{describe_numbers(numbers)}, part of an option's name, or help.")


TYPED_SHOWN = 60  # characters of a typed line repeated in an answer (a line may be a megabyte long)


def typed_excerpt(entry: str, limit: int = TYPED_SHOWN) -> str:
    """A typed entry, quoted, as an answer repeats it: cut to `limit` characters and `…` when longer."""
    return repr(entry if len(entry) <= limit else entry[:limit] + "…")


def _candidates(opening: str, found: Sequence[int], labels: Sequence[str], numbers: Sequence[int],
                shown: int = 4) -> str:
    """`'s' could be 3 (sea storm), 9 (san isidro) or 4 more: type more of the name or the number.`"""
    if len(found) == len(labels) > 2:
        return f"{opening} any of the {len(labels)} options: type more of the name, or the number."
    named = [f"{numbers[index]} ({_short_label(labels[index])})" for index in found[:shown]]
    more = len(found) - len(named)
    listed = ", ".join(named[:-1]) + f" or {named[-1]}" if not more and len(named) > 1 else ", ".join(named)
    if more:
        listed += f" or {more} more"
    return f"{opening} {listed}: type more of the name, or the number."


def _short_label(label: str, limit: int = 32) -> str:
    """A label cut to about `limit` characters at a word boundary, with `…` when cut."""
    if len(label) <= limit:
        return label
    cut = label[:limit]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"


def describe_numbers(numbers: Sequence[int]) -> str:
    """`1 to 5`, or the numbers still on offer in runs: `1, 3 to 5, 27`."""
    ordered = sorted(numbers)
    if not ordered:
        return "none"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    runs: list[list[int]] = []
    for number in ordered:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]} to {run[-1]}" for run in runs)


def wrap_message(message: str, width: int = DEFAULT_WIDTH) -> str:
    """A message broken at word boundaries to fit `width`, each line's continuation under its text.

    A line laid out as `  word        explanation` continues under the explanation, as
    help texts are read; any other line continues under its own first word.
    """
    lines = []
    for line in message.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        column = re.match(r"(\s*\S+(?: \S+)?\s{2,})", line)
        indent = " " * (len(column.group(1)) if column and len(column.group(1)) < width // 2
                        else len(line) - len(line.lstrip()))
        lines.append(textwrap.fill(line, width=max(20, width), subsequent_indent=indent, break_on_hyphens=False,
                                   break_long_words=False))
    return "\n".join(lines)
