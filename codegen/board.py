"""Pictures of the boards of a rules file, drawn from their layers: SVG for HTML and PDF, text for Markdown.

A board is drawn cell by cell, square cells for `grid` and pointy-topped hexes
for `hex` (every second row shifted half a hex to the right, as the engine lays
them out). The first layer with a legend colours the cells and puts its token in
each (the first layer when none has a legend); a layer of letters without a
legend, such as the islands of a map, is drawn as thick outlines round the cells
that share a letter, with the letter in the region's first cell. Rows and columns
are numbered from 1 along the edges, as the rules summary counts them.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Optional

from dsl import ast

# Soft fills that print well in colour and stay apart in grey.
PALETTE = ("#f3e2b3", "#b9d9ec", "#cfe8c0", "#f2c4b7", "#d9cdea", "#f7d59c", "#c4e3dd", "#e9c8de",
           "#dcdcdc", "#e6efb6")
EMPTY_FILL = "#ffffff"
BACKGROUND = "#edf3f8"
CELL = 28.0  # the size of a square cell, in SVG units (the picture scales to its box)


@dataclass
class LegendEntry:
    """One line of a board's legend: the tokens, what they mean, and their colour."""

    tokens: str
    meaning: str
    colour: str


@dataclass
class BoardPicture:
    """A board as people see it: a picture, a text map and a legend."""

    name: str
    description: str
    svg: str
    text_map: str
    legend: list[LegendEntry] = field(default_factory=list)
    regions: str = ""  # what the thick outlines are, when a layer draws them
    varied: bool = True  # False when every cell looks alike (nothing worth a picture on a card)


def words(name: str) -> str:
    return name.replace("_", " ")


def is_number(token: str) -> bool:
    return token.lstrip("-").isdigit()


def colour_layer(board: ast.BoardDecl) -> tuple[ast.Layer, Optional[ast.Legend]]:
    """The layer that colours the cells: the first with a legend, else the first."""
    legends = {legend.layer: legend for legend in board.legends}
    for layer in board.layers:
        if layer.name in legends:
            return layer, legends[layer.name]
    return board.layers[0], None


def region_layer(board: ast.BoardDecl, colours: ast.Layer) -> Optional[ast.Layer]:
    """A layer of letters without a legend, drawn as outlined regions (None when there is none)."""
    legends = {legend.layer for legend in board.legends}
    for layer in board.layers:
        if layer is colours or layer.name in legends:
            continue
        tokens = {token for row in layer.rows for token in row if token != "."}
        if tokens and not any(is_number(token) for token in tokens) and len(tokens) < board.rows * board.columns:
            return layer
    return None


def legend_entries(layer: ast.Layer, legend: Optional[ast.Legend]) -> tuple[list[LegendEntry], dict[str, str]]:
    """The legend lines (tokens grouped by meaning, in the order they are declared) and each token's fill."""
    used = [token for row in layer.rows for token in row]
    meanings: dict[str, list[str]] = {}
    if legend is not None:
        for token, value in legend.entries.items():
            if token in used and value is not None:
                meanings.setdefault(words(str(value)), []).append(token)
    else:
        for token in dict.fromkeys(used):
            if token != ".":
                meanings.setdefault(words(token), []).append(token)
    fills: dict[str, str] = {}
    entries = []
    # The commonest kind of cell is the background: a pale fill, so that the others stand out.
    commonest = max(meanings, key=lambda meaning: sum(used.count(token) for token in meanings[meaning]), default=None)
    colours = iter(PALETTE)
    for meaning, tokens in meanings.items():
        colour = BACKGROUND if meaning == commonest and len(meanings) > 2 else next(colours, PALETTE[-1])
        for token in tokens:
            fills[token] = colour
        entries.append(LegendEntry(", ".join(tokens), meaning, colour))
    return entries, fills


def hex_centre(row: int, column: int, radius: float) -> tuple[float, float]:
    width = math.sqrt(3) * radius
    return column * width + width / 2 + (row % 2) * width / 2, row * 1.5 * radius + radius


def hex_corner(x: float, y: float, radius: float, corner: int) -> tuple[float, float]:
    """Corner 0 is the top of a pointy-topped hex; they go round clockwise."""
    angle = math.radians(-90 + 60 * corner)
    return x + radius * math.cos(angle), y + radius * math.sin(angle)


def hex_neighbour(row: int, column: int, direction: int) -> tuple[int, int]:
    """The engine's hex directions, 0 north-east clockwise to 5 north-west, for odd rows shifted right."""
    odd = row % 2
    steps = {0: (-1, odd), 1: (0, 1), 2: (1, odd), 3: (1, odd - 1), 4: (0, -1), 5: (-1, odd - 1)}
    down, across = steps[direction]
    return row + down, column + across


def board_picture(board: ast.BoardDecl) -> BoardPicture:
    """Draw one board."""
    layer, legend = colour_layer(board)
    regions = region_layer(board, layer)
    entries, fills = legend_entries(layer, legend)
    svg = hex_svg(board, layer, fills, regions) if board.shape == "hex" else grid_svg(board, layer, fills, regions)
    shape = "hexes" if board.shape == "hex" else "squares"
    description = f"{board.rows} rows of {board.columns} {shape}"
    width = max(len(token) for row in layer.rows for token in row)
    lines = []
    for number, row in enumerate(layer.rows):
        indent = " " * ((width + 1) // 2) if board.shape == "hex" and number % 2 else ""
        lines.append(indent + " ".join(token.ljust(width) for token in row).rstrip())
    region_note = ""
    if regions is not None:
        names = sorted({token for row in regions.rows for token in row if token != "."})
        region_note = f"Thick lines outline the {plural_words(regions.name)} ({', '.join(names)})."
    distinct = {fills.get(token) for row in layer.rows for token in row}
    return BoardPicture(words(board.name), description, svg, "\n".join(lines), entries, region_note,
                        varied=len(distinct) > 1 or regions is not None)


def plural_words(name: str) -> str:
    text = words(name)
    return text if text.endswith("s") else text + "s"


def svg_open(width: float, height: float, name: str) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-18 -16 {width + 22:.1f} {height + 20:.1f}" '
            f'role="img" aria-label="{html.escape(name)}" class="board-svg">']


def cell_text(x: float, y: float, token: str, size: float) -> str:
    return (f'<text x="{x:.1f}" y="{y + size * 0.35:.1f}" font-size="{size:.1f}" text-anchor="middle" '
            f'font-family="DejaVu Sans, sans-serif" fill="#222">{html.escape(token)}</text>')


def token_size(layer: ast.Layer, room: float) -> float:
    longest = max((len(token) for row in layer.rows for token in row), default=1)
    return min(room * 0.42, room * 0.9 / max(longest, 1) * 1.6)


def grid_svg(board: ast.BoardDecl, layer: ast.Layer, fills: dict[str, str], regions: Optional[ast.Layer]) -> str:
    width, height = board.columns * CELL, board.rows * CELL
    out = svg_open(width, height, words(board.name))
    size = token_size(layer, CELL)
    for row, tokens in enumerate(layer.rows):
        for column, token in enumerate(tokens):
            x, y = column * CELL, row * CELL
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL}" height="{CELL}" '
                       f'fill="{fills.get(token, EMPTY_FILL)}" stroke="#777" stroke-width="0.6"/>')
            if token != ".":
                out.append(cell_text(x + CELL / 2, y + CELL / 2, token, size))
    if regions is not None:
        out.extend(grid_regions(board, regions))
    out.extend(edge_numbers(board.rows, board.columns, lambda r: r * CELL + CELL / 2, lambda c: c * CELL + CELL / 2))
    out.append("</svg>")
    return "".join(out)


def grid_regions(board: ast.BoardDecl, regions: ast.Layer) -> list[str]:
    lines = []
    rows = regions.rows
    labelled: set[str] = set()
    for row in range(board.rows):
        for column in range(board.columns):
            token = rows[row][column]
            if token == ".":
                continue
            x, y = column * CELL, row * CELL
            sides = [((row - 1, column), (x, y, x + CELL, y)), ((row + 1, column), (x, y + CELL, x + CELL, y + CELL)),
                     ((row, column - 1), (x, y, x, y + CELL)), ((row, column + 1), (x + CELL, y, x + CELL, y + CELL))]
            for (other_row, other_column), (x1, y1, x2, y2) in sides:
                inside = 0 <= other_row < board.rows and 0 <= other_column < board.columns
                if not inside or rows[other_row][other_column] != token:
                    lines.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                                 f'stroke="#222" stroke-width="2.2" stroke-linecap="round"/>')
            if token not in labelled:
                labelled.add(token)
                lines.append(region_label(x + 5.5, y + 8.5, token))
    return lines


def region_label(x: float, y: float, token: str) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="7.5" font-weight="bold" text-anchor="middle" '
            f'font-family="DejaVu Sans, sans-serif" fill="#7a2e1e">{html.escape(token)}</text>')


def hex_svg(board: ast.BoardDecl, layer: ast.Layer, fills: dict[str, str], regions: Optional[ast.Layer]) -> str:
    radius = CELL / math.sqrt(3)
    width = (board.columns + 0.5) * math.sqrt(3) * radius
    height = (board.rows - 1) * 1.5 * radius + 2 * radius
    out = svg_open(width, height, words(board.name))
    size = token_size(layer, CELL * 0.9)
    for row, tokens in enumerate(layer.rows):
        for column, token in enumerate(tokens):
            x, y = hex_centre(row, column, radius)
            points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (hex_corner(x, y, radius, k) for k in range(6)))
            out.append(f'<polygon points="{points}" fill="{fills.get(token, EMPTY_FILL)}" stroke="#777" '
                       f'stroke-width="0.6"/>')
            if token != ".":
                out.append(cell_text(x, y, token, size))
    if regions is not None:
        labelled: set[str] = set()
        for row in range(board.rows):
            for column in range(board.columns):
                token = regions.rows[row][column]
                if token == ".":
                    continue
                x, y = hex_centre(row, column, radius)
                for direction in range(6):
                    other_row, other_column = hex_neighbour(row, column, direction)
                    inside = 0 <= other_row < board.rows and 0 <= other_column < board.columns
                    if inside and regions.rows[other_row][other_column] == token:
                        continue
                    (x1, y1), (x2, y2) = hex_corner(x, y, radius, direction), hex_corner(x, y, radius, direction + 1)
                    out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#222" '
                               f'stroke-width="2.2" stroke-linecap="round"/>')
                if token not in labelled:
                    labelled.add(token)
                    out.append(region_label(x - radius * 0.45, y - radius * 0.3, token))
    out.extend(edge_numbers(board.rows, board.columns, lambda r: hex_centre(r, 0, radius)[1],
                            lambda c: hex_centre(0, c, radius)[0]))
    out.append("</svg>")
    return "".join(out)


def edge_numbers(rows: int, columns: int, row_y, column_x) -> list[str]:
    """Row numbers down the left edge and column numbers along the top, from 1."""
    out = []
    for row in range(rows):
        out.append(f'<text x="-9" y="{row_y(row) + 2.5:.1f}" font-size="7" text-anchor="middle" '
                   f'font-family="DejaVu Sans, sans-serif" fill="#555">{row + 1}</text>')
    for column in range(columns):
        out.append(f'<text x="{column_x(column):.1f}" y="-6" font-size="7" text-anchor="middle" '
                   f'font-family="DejaVu Sans, sans-serif" fill="#555">{column + 1}</text>')
    return out
