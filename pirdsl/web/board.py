"""A board of a seat's observation as SVG, with the cells its options name made clickable.

Drawn only from the observation's board (`State.observation(seat)["boards"]`): the
cell kinds, their glyphs and captions, and the pieces with their marks. It uses the
printed pages' geometry and colours (`codegen.board`: pointy-topped hexes with every
second row shifted right, the same palette), so the board on the page looks like
the one on the rule summary. A cell that exactly one option names ("row 2, column 7")
carries that option's index (`data-option`) and its words as a tooltip; the page
takes the option when it is clicked.
"""

from __future__ import annotations

import html
import json
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Sequence

from codegen.board import BACKGROUND, PALETTE, hex_centre, hex_corner

HEX_ID = "pirdsl-hex"  # one hex outline round (0, 0), placed at each cell with <use>
CELL = 40.0         # a square cell's side, and a hex's width, in SVG units
PICK_COLOUR = "#d0362f"
SEAT_COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#b7950b")


@lru_cache(maxsize=4096)
def _escape(text: Any) -> str:
    return html.escape(str(text), quote=True)


@lru_cache(maxsize=64)
def _geometry(hexes: bool, rows: int, columns: int) -> tuple:
    """Per cell (row-major): its centre, its outline's SVG attributes and tag, and half its size."""
    radius = CELL / 3 ** 0.5  # a hex CELL wide
    cells = []
    for r in range(rows):
        for c in range(columns):
            if hexes:
                x, y = hex_centre(r, c, radius)
                x, y = x + 2, y + 2
                cells.append((x, y, f'href="#{HEX_ID}" x="{x:.1f}" y="{y:.1f}"', "use", radius * 0.8))
            else:
                x, y = c * CELL + CELL / 2 + 2, r * CELL + CELL / 2 + 2
                cells.append((x, y, f'x="{x - CELL / 2:.1f}" y="{y - CELL / 2:.1f}" width="{CELL}" height="{CELL}"',
                              "rect", CELL / 2))
    return tuple(cells)


_DRAWN: OrderedDict[str, dict[str, Any]] = OrderedDict()  # the last pictures drawn: most views repeat a board
_DRAWN_KEPT = 256


def _cell_options(options: Sequence[dict[str, Any]], board: str) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """(row, column) counted from 0 -> the options whose words name that cell of `board`."""
    named: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for option in options:
        for row, column, *on in option.get("cells") or []:
            if not on or on[0] in ("", board):
                named.setdefault((row - 1, column - 1), []).append(option)
    return named


def board_svg(board: dict[str, Any], options: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """{"name", "svg", "picks"}: the picture of one observed board, and how many cells can be clicked."""
    key = json.dumps([board, [[option["index"], option["label"], option.get("cells")] for option in options]],
                     sort_keys=True, default=str)
    drawn = _DRAWN.get(key)
    if drawn is None:
        drawn = _draw(board, options)
        _DRAWN[key] = drawn
        while len(_DRAWN) > _DRAWN_KEPT:
            _DRAWN.popitem(last=False)
    else:
        _DRAWN.move_to_end(key)
    return dict(drawn)


def _draw(board: dict[str, Any], options: Sequence[dict[str, Any]]) -> dict[str, Any]:
    rows, columns = int(board["rows"]), int(board["cols"])
    cells = board["cells"]
    fills: dict[str, str] = {}
    for row in cells:
        for cell in row:
            kind = cell.get("kind") or cell.get("glyph") or ""
            if kind not in fills:
                fills[kind] = PALETTE[len(fills) % len(PALETTE)]
    named = _cell_options(options, str(board.get("name", "")))
    hexes = board.get("shape") == "hex"
    radius = CELL / 3 ** 0.5  # a hex CELL wide
    if hexes:
        width = (columns + 0.5) * CELL + 4
        height = rows * 1.5 * radius + radius / 2 + 4
    else:
        width, height = columns * CELL + 4, rows * CELL + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.1f} {height:.1f}" '
             f'class="board" role="img" aria-label="{_escape(board.get("name", "board"))}">',
             "<style>.c{stroke:#666;stroke-width:0.8}.p{stroke:" + PICK_COLOUR + ";stroke-width:2.5}"
             ".g{font-size:11px;fill:#777;text-anchor:middle}.n{font-size:8px;fill:#555}"
             ".m{font-size:9px;font-weight:bold;text-anchor:middle}</style>",
             f'<rect width="100%" height="100%" fill="{BACKGROUND}"/>']
    counts: dict[str, int] = {}
    for row in cells:
        for cell in row:
            kind = cell.get("kind") or cell.get("glyph") or ""
            counts[kind] = counts.get(kind, 0) + 1
    common = max(counts, key=counts.get) if counts else ""
    if hexes:
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (hex_corner(0, 0, radius, k) for k in range(6)))
        parts.append(f'<defs><polygon id="{HEX_ID}" points="{points}"/></defs>')
    picks = 0
    geometry = _geometry(hexes, rows, columns)
    for r in range(rows):
        for c in range(columns):
            cell = cells[r][c]
            kind = cell.get("kind") or cell.get("glyph") or ""
            x, y, shape, tag, half = geometry[r * columns + c]
            choices = named.get((r, c), [])
            title = f"row {r + 1}, column {c + 1}: {kind}"
            if cell.get("pieces"):
                title += " — " + "; ".join(cell["pieces"])
            attributes = ""
            if len(choices) == 1:
                picks += 1
                title = choices[0]["label"] + " — " + title
                attributes = f' class="pick" data-option="{choices[0]["index"]}" tabindex="0"'
            # A plain cell of the commonest kind needs no tooltip: most of a sea is sea.
            told = f"<title>{_escape(title)}</title>" if attributes or kind != common or cell.get("pieces") else ""
            parts.append(f'<g{attributes}>{told}<{tag} {shape} fill="{fills[kind]}" class="{"p" if choices else "c"}"/>')
            glyph = cell.get("glyph") or ""
            caption = cell.get("caption") or ""
            if caption:
                parts.append(f'<text x="{x - half + 2:.1f}" y="{y - half + 9:.1f}" class="n">{_escape(caption)}</text>')
            marks = [mark for mark in cell.get("marks") or [] if mark]
            if marks:
                for number, mark in enumerate(marks[:4]):
                    colour = SEAT_COLOURS[_owner_hint(mark) % len(SEAT_COLOURS)]
                    dy = (number - (min(len(marks), 4) - 1) / 2) * 12
                    parts.append(f'<circle cx="{x:.1f}" cy="{y + dy:.1f}" r="9" fill="white" stroke="{colour}" '
                                 f'stroke-width="2"/>'
                                 f'<text x="{x:.1f}" y="{y + dy + 3.5:.1f}" class="m" fill="{colour}">'
                                 f'{_escape(mark[:3])}</text>')
            elif cell.get("pieces"):
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#333"/>')
            elif glyph and len(glyph) <= 2:
                parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" class="g">{_escape(glyph)}</text>')
            parts.append("</g>")
    parts.append("</svg>")
    legend = [{"kind": kind, "colour": colour} for kind, colour in fills.items() if kind]
    return {"name": board.get("name", ""), "svg": "".join(parts), "picks": picks, "legend": legend}


def _owner_hint(mark: str) -> int:
    """A colour for a mark: the digit in it when it has one (S3: seat 3's ship), else from its letters."""
    digits = [ch for ch in mark if ch.isdigit()]
    if digits:
        return int(digits[-1])
    return sum(ord(ch) * (place + 1) for place, ch in enumerate(mark))
