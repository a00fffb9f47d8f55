"""Pictures of the boards of a rules file, drawn from their layers: SVG for HTML and PDF, text for Markdown.

A board is drawn cell by cell, square cells for `grid` and pointy-topped hexes
for `hex` (every second row shifted half a hex to the right, as the engine lays
them out). The first layer with a legend colours the cells and puts its token in
each (the first layer when none has a legend); a layer of letters without a
legend, such as the islands of a map, is drawn as thick outlines round the cells
that share a letter, with the letter in the region's first cell. Rows and columns
are numbered from 1 along the edges, as the rules summary counts them.

Numbers printed on the cells are drawn small: the `caption` layer (space numbers,
what the log and the options name) in each cell's top-left corner, and a layer of
numbers that the colours do not already tell (points per space) in the
top-right one. A caption layer that numbers the cells one after another is a
track: a thin line joins each space to the next. A table of the rules file that
maps space numbers to lists of space numbers (the forks of a track) gives the way
on from those spaces instead: the line runs to the spaces it lists.
"""

from __future__ import annotations

import html
import math
import re
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
    blank: bool = False  # drawn only as a numbered grid for the pieces players place: the summary's, not the card's
    notes: list[str] = field(default_factory=list)  # what the small numbers and the track lines are
    text_note: str = ""  # what the text map shows besides the tokens
    start_header: list[str] = field(default_factory=list)  # the table of what setup places, when it places any
    start_rows: list[list[str]] = field(default_factory=list)
    start_notes: list[str] = field(default_factory=list)  # what the picture leaves out, and why
    variant_starts: list[tuple[str, list[str], list[list[str]]]] = field(default_factory=list)  # title, header, rows
    piece_legend: list[LegendEntry] = field(default_factory=list)  # the marks drawn, for the card
    distances: str = ""  # what the rules' lengths are in cells, when they compare lengths with distances


@dataclass
class PlacedPiece:
    """A piece that setup puts on a board, as plain data: the `reference` command finds it by playing setup.

    Codegen reads the syntax tree and never runs a game; what setup places is handed in.
    """

    row: int
    column: int
    mark: str  # its sign on the board ("RV"), or "" when it has none
    label: str  # its name ("Valiant")
    where: str  # its cell in words ("row 2, column 3", "space number 0")
    facing_angle: Optional[float] = None  # where it faces, in degrees clockwise from east; None: no facing
    facing: str = ""  # the same in words, with an arrow ("↘ south east")
    values: list[tuple[str, str]] = field(default_factory=list)  # its other values: ("strength", "8")
    players: str = ""  # the player counts it is placed with ("3 or more players"); "" for every count
    group: str = ""  # whose it is, or which side ("owner Player 1", "side red"): its colour on the picture


@dataclass
class BoardStart:
    """What setup puts on one board: the pieces it places the same way every time, and the others by name."""

    board: str
    pieces: list[PlacedPiece]
    chosen: list[str] = field(default_factory=list)  # pieces a player places during setup
    drawn: list[str] = field(default_factory=list)  # pieces placed by chance during setup
    # A variant not in play that places the pieces otherwise (another scenario): its name and its pieces.
    variants: list[tuple[str, list[PlacedPiece]]] = field(default_factory=list)


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
        # One kind of cell (an open sea) is all background.
        background = meaning == commonest and (len(meanings) > 2 or len(meanings) == 1)
        colour = BACKGROUND if background else next(colours, PALETTE[-1])
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


@dataclass
class Marks:
    """What is drawn on the cells besides the colour layer: small numbers and track lines."""

    caption: Optional[ast.Layer] = None  # drawn top left
    numbers: Optional[ast.Layer] = None  # drawn top right
    links: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)  # cell to cell
    pieces: list[PlacedPiece] = field(default_factory=list)  # what setup places

    def occupied(self, row: int, column: int) -> bool:
        return any(piece.row == row and piece.column == column for piece in self.pieces)


def caption_layer(board: ast.BoardDecl, regions: Optional[ast.Layer]) -> Optional[ast.Layer]:
    """The layer named by `caption`, unless the region outlines already letter it."""
    for layer in board.layers:
        if layer.name in board.captions and layer is not regions:
            return layer
    return None


def told_by(layer: ast.Layer, colours: ast.Layer) -> bool:
    """True when each token of the colour layer always comes with the same number: the colours say it already."""
    seen: dict[str, str] = {}
    for row, other in zip(layer.rows, colours.rows):
        for token, colour in zip(row, other):
            if seen.setdefault(colour, token) != token:
                return False
    return True


def number_layer(board: ast.BoardDecl, colours: ast.Layer, caption: Optional[ast.Layer]) -> Optional[ast.Layer]:
    """The first layer of numbers that is neither the caption nor told by the colours (points per space)."""
    legends = {legend.layer for legend in board.legends}
    for layer in board.layers:
        if layer is colours or layer is caption or layer.name in legends:
            continue
        tokens = {token for row in layer.rows for token in row if token != "."}
        if tokens and all(is_number(token) for token in tokens) and len(tokens) > 1 and not told_by(layer, colours):
            return layer
    return None


def track_links(board: ast.BoardDecl, caption: Optional[ast.Layer],
                tables: list[ast.TableDecl]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The links of a track numbered by its caption, from each space to the next, or as a table of forks says."""
    cells, links = numbered_links(caption, tables)
    return [(cells[a], cells[b]) for a, b in sorted(links)]


def numbered_links(caption: Optional[ast.Layer], tables: list[ast.TableDecl]
                   ) -> tuple[dict[int, tuple[int, int]], set[tuple[int, int]]]:
    """The cell of each space number of a track, and its links as pairs of numbers (none when it is no track).

    A table whose keys mostly lead to higher numbers says the way ahead from its
    keys; one that leads to lower numbers says the way back to them.
    """
    if caption is None:
        return {}, set()
    cells: dict[int, tuple[int, int]] = {}
    for row, tokens in enumerate(caption.rows):
        for column, token in enumerate(tokens):
            if is_number(token):
                cells[int(token)] = (row, column)
    numbers = sorted(cells)
    if len(numbers) < 3 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return {}, set()
    links = {(n, n + 1) for n in numbers[:-1]}
    for table in tables:
        pairs = [(row.key, row.value) for row in table.rows]
        if not pairs or not all(isinstance(key, ast.IntLiteral) and key.value in cells
                                and isinstance(value, ast.ListLiteral) and value.items
                                and all(isinstance(item, ast.IntLiteral) and item.value in cells for item in value.items)
                                for key, value in pairs):
            continue
        forward = [end > key.value for key, value in pairs for end in (item.value for item in value.items)]  # type: ignore[union-attr]
        ahead = sum(forward) >= len(forward) / 2  # the table as a whole: the way ahead, or the way back
        for key, value in pairs:
            here = key.value  # type: ignore[union-attr]
            ends = [item.value for item in value.items]  # type: ignore[union-attr]
            if ahead:
                if here + 1 not in ends:
                    links.discard((here, here + 1))
                links |= {(here, end) for end in ends}
            else:
                if here - 1 not in ends:
                    links.discard((here - 1, here))
                links |= {(end, here) for end in ends}
    return cells, links


@dataclass
class Ring:
    """A track laid out as it is printed: where each space is drawn, in cells (x across, y down)."""

    places: dict[int, tuple[float, float]]  # space number -> centre, in cells
    width: int
    height: int
    main: list[int]  # the spaces round the ring, in order
    forks: dict[int, list[int]]  # a space with more than one way on -> those ways


def ring_layout(cells: dict[int, tuple[int, int]], links: set[tuple[int, int]]) -> Optional[Ring]:
    """A closed track (its last space leads back to its first) laid round a rectangle, or None.

    The ring is the way that always goes on to the next number where it can; the
    spaces off it (the other way at a fork) must make lanes that leave the ring and
    join it again: they are set inside the ring, along the line between where they
    leave and where they join. Only a track whose grid hides it is laid out again:
    one that already runs from square to neighbouring square is drawn as its grid.
    """
    if not links or all(abs(cells[a][0] - cells[b][0]) + abs(cells[a][1] - cells[b][1]) == 1 for a, b in links):
        return None
    ways: dict[int, list[int]] = {}
    for a, b in sorted(links):
        ways.setdefault(a, []).append(b)
    start = min(cells)
    main = [start]
    while True:
        here = main[-1]
        onward = ways.get(here, [])
        if not onward:
            return None  # a dead end: not a ring
        step = here + 1 if here + 1 in onward else onward[0]
        if step == start:
            break
        if step in main:
            return None
        main.append(step)
    on_ring = set(main)
    lanes: list[tuple[int, list[int], int]] = []  # (leaves from, spaces, joins at)
    placed = set(on_ring)
    for a, b in sorted(links):
        if a not in on_ring or b in on_ring:
            continue
        lane = [b]
        while True:
            onward = ways.get(lane[-1], [])
            if len(onward) != 1 or onward[0] in lane or onward[0] in placed - on_ring:
                return None
            if onward[0] in on_ring:
                break
            lane.append(onward[0])
        lanes.append((a, lane, onward[0]))
        placed |= set(lane)
    if placed != set(cells):
        return None
    height = max(3, round((len(main) + 4) / 2 / 2.2))  # a little wider than high, as a column of a page is
    width = -(-(len(main) + 4 - 2 * height) // 2)
    places: dict[int, tuple[float, float]] = {}
    for index, number in enumerate(main):
        places[number] = round_the_rectangle(index, width, height)
    middle = ((width - 1) / 2, (height - 1) / 2)
    for leaves, lane, joins in lanes:
        (x1, y1), (x2, y2) = places[leaves], places[joins]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        normal = (-dy / length, dx / length)
        midpoint = ((x1 + x2) / 2, (y1 + y2) / 2)
        if (middle[0] - midpoint[0]) * normal[0] + (middle[1] - midpoint[1]) * normal[1] < 0:
            normal = (-normal[0], -normal[1])  # inwards, towards the middle of the ring
        for shift in (1.15, 1.6, 2.2):
            spots = [(x1 + dx * (k + 1) / (len(lane) + 1) + normal[0] * shift,
                      y1 + dy * (k + 1) / (len(lane) + 1) + normal[1] * shift) for k in range(len(lane))]
            if all(0 <= x <= width - 1 and 0 <= y <= height - 1 for x, y in spots) and all(
                    max(abs(x - ox), abs(y - oy)) >= 0.999 for x, y in spots for ox, oy in places.values()) and all(
                    max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 0.999 for a, b in zip(spots, spots[1:])):
                break
        else:
            return None  # no room inside the ring: drawn as the grid instead
        places.update(zip(lane, spots))
    forks = {a: ends for a, ends in ways.items() if len(ends) > 1}
    return Ring(places, width, height, main, forks)


def ring_sentence(ring: Ring) -> str:
    """The way round a ring in words: where it forks, and where it closes."""
    forks = "; ".join(f"at {here} the way forks to {joined([str(end) for end in ends], 'or')}"
                      for here, ends in ring.forks.items())
    closing = f"after {ring.main[-1]} comes {ring.main[0]} again"
    return capitalise(f"the spaces make a ring in number order: {forks + '; ' if forks else ''}{closing}.")


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def ring_svg(board: ast.BoardDecl, layer: ast.Layer, fills: dict[str, str], ring: Ring,
             cells: dict[int, tuple[int, int]], links: set[tuple[int, int]], marks: Marks) -> str:
    """A closed track drawn as the printed track: its squares round a ring, the forks' lanes inside it."""
    width, height = ring.width * CELL, ring.height * CELL
    out = svg_open(width, height, words(board.name), rulers=False)
    size = token_size(layer, CELL) * (0.8 if marks.caption is not None or marks.numbers is not None else 1.0)
    number_at = {cell: number for number, cell in cells.items()}

    def centre(row: int, column: int) -> tuple[float, float]:
        x, y = ring.places[number_at[row, column]]
        return x * CELL + CELL / 2, y * CELL + CELL / 2

    for number, (row, column) in cells.items():
        x, y = ring.places[number]
        out.append(f'<rect x="{x * CELL:.1f}" y="{y * CELL:.1f}" width="{CELL}" height="{CELL}" '
                   f'fill="{fills.get(layer.rows[row][column], EMPTY_FILL)}" stroke="#777" stroke-width="0.6"/>')
    for a, b in sorted(links):
        out.extend(ring_link(centre(*cells[a]), centre(*cells[b]), a in ring.forks or b not in ring.main))
    for number, (row, column) in cells.items():
        x, y = centre(row, column)
        token = layer.rows[row][column]
        if token != "." and not marks.occupied(row, column):
            out.append(cell_text(x, y + (1.5 if marks.caption is not None else 0), token, size))
        out.extend(cell_marks(marks, row, column, x, y, CELL / 2))
    out.extend(start_marks(marks.pieces, lambda r, c: (centre(r, c)[0], centre(r, c)[1] + 2.0), CELL / 2 - 2.0))
    out.append("</svg>")
    return "".join(out)


def ring_link(start: tuple[float, float], end: tuple[float, float], arrow: bool) -> list[str]:
    """A link between two squares, from side to side; an arrowhead where it is a way on at a fork."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = CELL / 2 / max(abs(ux), abs(uy))  # from a square's centre to its side, along the line
    if length <= CELL * 1.01:
        reach = length * 0.36  # side by side: a short joint across the shared side
        arrow = False
    sx, sy, ex, ey = x1 + ux * reach, y1 + uy * reach, x2 - ux * reach, y2 - uy * reach
    out = [f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#8a5a2b" stroke-width="1.6" '
           f'stroke-linecap="round"/>']
    if arrow:
        side_x, side_y = -uy * 2.6, ux * 2.6
        out.append(f'<polygon points="{ex:.1f},{ey:.1f} {ex - ux * 5 + side_x:.1f},{ey - uy * 5 + side_y:.1f} '
                   f'{ex - ux * 5 - side_x:.1f},{ey - uy * 5 - side_y:.1f}" fill="#8a5a2b"/>')
    return out


def round_the_rectangle(index: int, width: int, height: int) -> tuple[float, float]:
    """The index-th square clockwise round a rectangle of width by height squares, from its top-left corner."""
    if index < width:
        return float(index), 0.0
    index -= width - 1
    if index < height:
        return float(width - 1), float(index)
    index -= height - 1
    if index < width:
        return float(width - 1 - index), float(height - 1)
    index -= width - 1
    return 0.0, float(height - 1 - index)


def board_picture(board: ast.BoardDecl, tables: list[ast.TableDecl] = (),  # type: ignore[assignment]
                  start: Optional[BoardStart] = None, lengths: list[tuple[str, int]] = ()) -> BoardPicture:  # type: ignore[assignment]
    """Draw one board (the tables of the file may say how a track forks), with what setup places on it
    and what the rules' lengths (`distance_lengths`) are in its cells."""
    layer, legend = colour_layer(board)
    regions = region_layer(board, layer)
    caption = caption_layer(board, regions)
    marks = Marks(caption, number_layer(board, layer, caption), track_links(board, caption, list(tables)),
                  start.pieces if start is not None else [])
    entries, fills = legend_entries(layer, legend)
    cells, links = numbered_links(caption, list(tables)) if board.shape == "grid" else ({}, set())
    ring = ring_layout(cells, links)
    if ring is not None:
        svg = ring_svg(board, layer, fills, ring, cells, links, marks)
    elif board.shape == "hex":
        svg = hex_svg(board, layer, fills, regions, marks)
    else:
        svg = grid_svg(board, layer, fills, regions, marks)
    shape = "hexes" if board.shape == "hex" else "squares"
    description = f"{board.rows} rows of {board.columns} {shape}"
    if ring is not None:
        description = f"a track of {len(cells)} spaces round a ring ({description} in the rules file)"
    width = max(len(token) for row in layer.rows for token in row)
    lines = []
    for number, row in enumerate(layer.rows):
        indent = " " * ((width + 1) // 2) if board.shape == "hex" and number % 2 else ""
        if caption is not None:
            room = max(len(token) for tokens in caption.rows for token in tokens)
            cells = [f"{caption.rows[number][column]:>{room}} {token.ljust(width)}" for column, token in enumerate(row)]
            lines.append(indent + "  ".join(cells).rstrip())
        else:
            lines.append(indent + " ".join(token.ljust(width) for token in row).rstrip())
    region_note = ""
    if regions is not None:
        names = sorted({token for row in regions.rows for token in row if token != "."})
        region_note = f"Thick lines outline the {plural_words(regions.name)} ({', '.join(names)})."
    notes = []
    corners = [f"top left, the {words(caption.name)}"] if caption is not None else []
    corners += [f"top right, the {words(marks.numbers.name)}"] if marks.numbers is not None else []
    if corners:
        notes.append(f"Small numbers in each {'hex' if board.shape == 'hex' else 'square'}: {'; '.join(corners)}.")
    text_note = f"Each token follows the {words(caption.name)}." if caption is not None else ""
    if ring is not None:
        notes.append("The spaces are drawn round the track in number order; a line joins each space to the next, "
                     "and an arrow shows each way on where the track forks.")
        text_note += " " + ring_sentence(ring)
    elif marks.links:
        notes.append("A line joins each space to the next along the track; →N at the bottom left: the way on is to "
                     "space N (two numbers where the track forks).")
    distinct = {fills.get(token) for row in layer.rows for token in row}
    tokens = {token for row in layer.rows for token in row}
    if len(tokens) == 1 and regions is None and caption is None and len(entries) == 1:
        description += f", all {entries[0].meaning}"  # nothing else to draw: the words say it
    picture = BoardPicture(words(board.name), description, svg, "\n".join(lines), entries, region_note,
                           varied=len(distinct) > 1 or regions is not None or caption is not None, notes=notes,
                           text_note=text_note, distances=distance_sentence(list(lengths), board.shape))
    if start is not None:
        meanings = {token: entry.meaning for entry in entries for token in entry.tokens.split(", ")}
        kinds = [[meanings.get(token, "") for token in row] for row in layer.rows] if len(entries) > 1 else None
        add_start(picture, start, board.shape, kinds)
        if len(tokens) == 1 and start.pieces:
            picture.text_map = marked_map(board, layer, start.pieces)
    return picture


def marked_map(board: ast.BoardDecl, layer: ast.Layer, pieces: list[PlacedPiece]) -> str:
    """The text map of a board of one kind of cell, with the marks of the pieces setup places in their cells."""
    marks: dict[tuple[int, int], list[str]] = {}
    for piece in pieces:
        if piece.mark and piece.mark not in marks.setdefault((piece.row, piece.column), []):
            marks[piece.row, piece.column].append(piece.mark)
    cells = [["/".join(marks.get((row, column), [])) or token for column, token in enumerate(tokens)]
             for row, tokens in enumerate(layer.rows)]
    width = max(len(cell) for row in cells for cell in row)
    lines = []
    for number, row in enumerate(cells):
        indent = " " * ((width + 1) // 2) if board.shape == "hex" and number % 2 else ""
        lines.append(indent + " ".join(cell.ljust(width) for cell in row).rstrip())
    return "\n".join(lines)


def add_start(picture: BoardPicture, start: BoardStart, shape: str, kinds: Optional[list[list[str]]] = None) -> None:
    """What setup places on a board: a table of the pieces drawn, the marks' legend, and what is not drawn.

    `kinds` gives each cell's kind in words (from the colour layer's legend), said after its place.
    """
    if start.pieces:
        picture.varied = True  # an open sea with ships on it is worth a picture
        picture.start_header, picture.start_rows = start_table(start.pieces, kinds)
        colours = piece_colours(start.pieces)
        seen: dict[str, list[str]] = {}
        for piece in start.pieces:
            if piece.label not in seen.setdefault(piece.mark, []):
                seen[piece.mark].append(piece.label)
        picture.piece_legend = [LegendEntry(mark, ", ".join(labels), colours[next(
            piece.group for piece in start.pieces if piece.mark == mark)]) for mark, labels in seen.items() if mark]
        cell = "hex" if shape == "hex" else "square"
        facings = any(piece.facing_angle is not None for piece in start.pieces)
        picture.notes.append(f"Pieces at the start of play are drawn as dark marks in their {cell}"
                             + (", an arrow from each to the side it faces." if facings else "."))
    for variant, pieces in start.variants:
        # Only what the variant changes: the pieces it places otherwise, and the ones they replace.
        added = [piece for piece in pieces if piece not in start.pieces]
        gone = list(dict.fromkeys(literal(piece.label) + (f" ({piece.players})" if piece.players else "")
                                  for piece in start.pieces if piece not in pieces))
        header, rows = start_table(added, kinds)
        instead = f" instead of {joined(gone)}" if gone else " as well"
        these = "this" if len(added) == 1 else "these"
        picture.variant_starts.append((f"With the variant “{words(variant)}” in play, setup places {these}{instead}:",
                                       header, rows))
    if start.chosen:
        if not picture.varied:
            picture.blank = True  # a grid to place pieces on: it helps at the table, not on a card
        picture.varied = True  # the players place pieces on it: a grid with its rows and columns numbered to place them on
        picture.start_notes.append(f"Not drawn: {joined(start.chosen)}, which setup has a player place.")
    if start.drawn:
        picture.start_notes.append(f"Not drawn: {joined(start.drawn)}, which setup places by chance.")


def joined(names: list[str], last: str = "and") -> str:
    """"a, b and c" (or "a, b or c")."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def literal(text: str) -> str:
    """A text that may hold the signs of the English's inline markup (a mark `*`), kept as it is."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def start_table(pieces: list[PlacedPiece], kinds: Optional[list[list[str]]] = None) -> tuple[list[str], list[list[str]]]:
    """The setup table: each piece (with its mark) or kind of piece, where it starts, its facing and values.

    Look-alike pieces (the same label, mark, facing and values) share a row that lists
    their places; pieces that share a place and have nothing else to tell share one too.
    `kinds` gives each cell's kind in words, said after its place: "row 1, column 1 (home)".
    """
    rows: dict[tuple, list[tuple[str, str]]] = {}
    ordered = sorted(pieces, key=lambda piece: (piece.row, piece.column, bool(piece.players), piece.mark, piece.label))
    for piece in ordered:
        key = (piece.mark, piece.label, piece.players, piece.facing, tuple(piece.values))
        kind = kinds[piece.row][piece.column] if kinds is not None else ""
        rows.setdefault(key, []).append((piece.where, kind))
    merged: dict[tuple, list[str]] = {}  # (where, facing, values) -> piece texts
    for (mark, label, players, facing, values), places in rows.items():
        name = (f"`{mark}` " if mark and "`" not in mark else "") + literal(label) + (f" ({players})" if players else "")
        merged.setdefault((places_text(places), facing, values), []).append(name)
    show_facing = any(facing for (_, facing, _) in merged)
    show_values = any(values for (_, _, values) in merged)
    header = ["Piece", "Where"] + (["Facing"] if show_facing else []) + (["Starting values"] if show_values else [])
    table = []
    for (where, facing, values), names in merged.items():
        row = [", ".join(names), where]
        row += [facing or "–"] if show_facing else []
        row += [", ".join(f"{name} {value}" for name, value in values) or "–"] if show_values else []
        table.append(row)
    return header, table


def places_text(places: list[tuple[str, str]]) -> str:
    """Places (and the kind of each) in words, what they share said once: "space number 4, 9 and 11 (lair)"."""
    kinds = {kind for _, kind in places}
    if len(kinds) > 1:
        return "; ".join(f"{where} ({kind})" if kind else where for where, kind in places)
    kind = f" ({kinds.pop()})" if kinds != {""} else ""
    wheres = [where for where, _ in places]
    if len(wheres) == 1:
        return wheres[0] + kind
    first = wheres[0].rsplit(" ", 1)[0] + " "
    if all(where.startswith(first) and " " not in where[len(first):] for where in wheres):
        return first + joined([where[len(first):] for where in wheres]) + kind
    return "; ".join(wheres) + kind


# Strong fills for the marks of pieces, apart from the cells' pale ones. A side or an owner named
# after a colour ("side red") is drawn in that colour.
PIECE_COLOURS = ("#1f4e9c", "#8b1e1e", "#2e6b2e", "#6a3d8f", "#a0522d", "#116466", "#7a6a00", "#5b5b5b")
NAMED_COLOURS = {"red": "#b01e1e", "black": "#1b1b1b", "blue": "#1f4e9c", "green": "#2e6b2e", "yellow": "#b89600",
                 "orange": "#c0600f", "purple": "#6a3d8f", "white": "#f7f7f7", "brown": "#7a4a1e", "grey": "#666666",
                 "gray": "#666666", "pink": "#c0507a"}
NEUTRAL = "#3a3a3a"
LIGHT_FILLS = {"#f7f7f7", "#b89600"}


def piece_order(piece: PlacedPiece) -> tuple:
    """Pieces every player count has first, then by mark: S1, S2, then S3 for three players."""
    return (bool(piece.players), piece.mark, piece.label)


def piece_colours(pieces: list[PlacedPiece]) -> dict[str, str]:
    """The fill of each piece's group: its colour's own when named after one, else one of PIECE_COLOURS."""
    colours: dict[str, str] = {"": NEUTRAL}
    others = iter(PIECE_COLOURS)
    for piece in sorted(pieces, key=piece_order):
        if piece.group in colours:
            continue
        named = NAMED_COLOURS.get(piece.group.rsplit(" ", 1)[-1].lower())
        colours[piece.group] = named or next(others, NEUTRAL)
    return colours


def start_marks(pieces: list[PlacedPiece], centre, half: float) -> list[str]:
    """The pieces setup places, each mark on a badge in its cell, with an arrow to the side it faces.

    `centre(row, column)` is a cell's centre and `half` the distance from it to a side.
    Several marks in a cell are set in rows, smaller as there are more.
    """
    colours = piece_colours(pieces)
    by_cell: dict[tuple[int, int], list[PlacedPiece]] = {}
    for piece in sorted(pieces, key=piece_order):
        by_cell.setdefault((piece.row, piece.column), []).append(piece)
    out = []
    for (row, column), here in by_cell.items():
        x, y = centre(row, column)
        facings = [piece for piece in here if piece.facing_angle is not None]
        if len(here) == 1 and facings:
            # One piece facing a way: its mark sits back from the arrow, so that the arrow shows whole.
            angle = math.radians(facings[0].facing_angle)  # type: ignore[arg-type]
            x, y = x - math.cos(angle) * half * 0.3, y - math.sin(angle) * half * 0.3
            out.extend(facing_arrow(x, y, facings[0].facing_angle, half * 1.3, colours[facings[0].group]))
        else:
            for piece in facings:
                out.extend(facing_arrow(x, y, piece.facing_angle, half, colours[piece.group]))  # type: ignore[arg-type]
        badges: dict[str, str] = {}  # mark -> fill; look-alikes (one mark for several player counts) once
        for piece in here:
            badges.setdefault(piece.mark or "•", colours[piece.group])
        out.extend(badge_grid(x, y, half, list(badges.items()) if len(badges) <= CROWD else crowded(badges)))
    return out


# More marks than this in one cell are too small to read: a numbered family (S1 to S6) shares one badge.
CROWD = 4


def crowded(badges: dict[str, str]) -> list[tuple[str, str]]:
    """The marks of a crowded cell, each run of numbered marks (`S1`...`S6`) as one badge, `S1–6`."""
    families: dict[tuple[str, str], list[int]] = {}
    for mark in badges:
        match = re.fullmatch(r"(\D*)(\d+)(\D*)", mark)
        if match:
            families.setdefault((match.group(1), match.group(3)), []).append(int(match.group(2)))
    result: list[tuple[str, str]] = []
    said: set[tuple[str, str]] = set()
    for mark, fill in badges.items():
        match = re.fullmatch(r"(\D*)(\d+)(\D*)", mark)
        key = (match.group(1), match.group(3)) if match else None
        numbers = sorted(families.get(key, [])) if key else []
        if len(numbers) < 3 or numbers != list(range(numbers[0], numbers[-1] + 1)):
            result.append((mark, fill))
        elif key not in said:
            said.add(key)  # type: ignore[arg-type]
            result.append((f"{key[0]}{numbers[0]}–{numbers[-1]}{key[1]}", NEUTRAL))  # type: ignore[index]
    return result


def badge_grid(x: float, y: float, half: float, badges: list[tuple[str, str]]) -> list[str]:
    """Marks on filled badges, in rows centred on (x, y) within a cell of half-width `half`."""
    longest = max(len(mark) for mark, _ in badges)

    def fitting(across: int) -> float:
        """The type size that fits the badges `across` to a row."""
        down = math.ceil(len(badges) / across)
        return min(6.5, (half * 1.5 / down) / 1.35, (half * 1.7 / across - 2.5) / (0.68 * longest + 0.1))

    across = max(range(1, len(badges) + 1), key=lambda count: (round(fitting(count), 2), -count))
    down = math.ceil(len(badges) / across)
    size = fitting(across)
    width, height = 0.68 * size * longest + 2.5, size * 1.3
    out = []
    for index, (mark, fill) in enumerate(badges):
        line, place = divmod(index, across)
        in_line = min(across, len(badges) - line * across)
        bx = x + (place - (in_line - 1) / 2) * (width + 1.0)
        by = y + (line - (down - 1) / 2) * (height + 1.0)
        ink = "#111" if fill in LIGHT_FILLS else "#fff"
        out.append(f'<rect x="{bx - width / 2:.1f}" y="{by - height / 2:.1f}" width="{width:.1f}" height="{height:.1f}" '
                   f'rx="{height / 4:.1f}" fill="{fill}" stroke="#111" stroke-width="0.5"/>')
        out.append(f'<text x="{bx:.1f}" y="{by + size * 0.36:.1f}" font-size="{size:.1f}" font-weight="bold" '
                   f'text-anchor="middle" font-family="DejaVu Sans, sans-serif" fill="{ink}">{html.escape(mark)}</text>')
    return out


def facing_arrow(x: float, y: float, angle: float, half: float, colour: str) -> list[str]:
    """An arrow from the centre of a cell towards the side it faces (`angle` in degrees clockwise from east)."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    tip = half * 0.98
    base = tip - 5.5
    side_x, side_y = -dy * 3.2, dx * 3.2
    return [f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + dx * base:.1f}" y2="{y + dy * base:.1f}" stroke="{colour}" '
            f'stroke-width="2.4"/>',
            f'<polygon points="{x + dx * tip:.1f},{y + dy * tip:.1f} {x + dx * base + side_x:.1f},{y + dy * base + side_y:.1f} '
            f'{x + dx * base - side_x:.1f},{y + dy * base - side_y:.1f}" fill="{colour}"/>']


def distance_lengths(declarations: list[ast.Decl]) -> list[tuple[str, int]]:
    """The whole-number defines that the rules compare with a distance: lengths counted in cells.

    `distance(a, b) <= S`, `hex_gap(c, i) >= 3 * L` (a define that measures with
    `distance`), or `distance(a, b) <= length(m)` (a define that gives S or L).
    """
    defines = {d.name: d for d in declarations if isinstance(d, ast.DefineDecl)}
    constants = {name: d.body.value for name, d in defines.items()
                 if not d.params and isinstance(d.body, ast.IntLiteral)}
    if not constants:
        return []

    def names_in(node, seen: frozenset = frozenset()) -> set[str]:
        """Every define an expression uses, directly or through the defines it calls."""
        found = set()
        for inner in subnodes(node):
            name = inner.id if isinstance(inner, ast.Name) else inner.function if isinstance(inner, ast.Call) else None
            if name in defines and name not in seen:
                found.add(name)
                found |= names_in(defines[name].body, seen | {name})
        return found

    def measures(node) -> bool:
        return any(isinstance(inner, ast.Call) and inner.function == "distance" for inner in subnodes(node)) or any(
            any(isinstance(inner, ast.Call) and inner.function == "distance" for inner in subnodes(defines[name].body))
            for name in names_in(node))

    lengths: set[str] = set()
    for node in subnodes(declarations):
        if isinstance(node, ast.Compare) and node.op in ("<", "<=", ">", ">=", "==", "!="):
            for near, far in ((node.left, node.right), (node.right, node.left)):
                if measures(near) and not measures(far):
                    lengths |= {name for name in names_in(far) if name in constants}
    return [(name, constants[name]) for name in constants if name in lengths]


def subnodes(node) -> list:
    """Every syntax node under `node` (a node or a list of them), itself included."""
    found, stack = [], [node]
    while stack:
        here = stack.pop()
        if isinstance(here, ast.Node):
            found.append(here)
            stack.extend(getattr(here, name) for name in type(here).model_fields)
        elif isinstance(here, (list, tuple)):
            stack.extend(here)
        elif isinstance(here, dict):
            stack.extend(here.values())
    return found


def distance_sentence(lengths: list[tuple[str, int]], shape: str) -> str:
    """What the rules' lengths are in cells: "Distances are counted in hexes: S is 2 hexes, L is 3 hexes"."""
    if not lengths:
        return ""
    unit = "hex" if shape == "hex" else "square"
    said = [f"{words(name)} is {value} {unit if value == 1 else unit + ('es' if unit == 'hex' else 's')}"
            for name, value in lengths]
    return f"Distances are counted in {unit}{'es' if unit == 'hex' else 's'}: {joined(said)}."


def plural_words(name: str) -> str:
    text = words(name)
    return text if text.endswith("s") else text + "s"


def svg_open(width: float, height: float, name: str, rulers: bool = True) -> list[str]:
    """The opening tag, with room at the left and top for the row and column numbers when `rulers`."""
    left, top = (18, 16) if rulers else (2, 2)
    return [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-{left} -{top} {width + left + 4:.1f} '
            f'{height + top + 4:.1f}" role="img" aria-label="{html.escape(name)}" class="board-svg">']


def cell_text(x: float, y: float, token: str, size: float) -> str:
    return (f'<text x="{x:.1f}" y="{y + size * 0.35:.1f}" font-size="{size:.1f}" text-anchor="middle" '
            f'font-family="DejaVu Sans, sans-serif" fill="#222">{html.escape(token)}</text>')


def token_size(layer: ast.Layer, room: float) -> float:
    longest = max((len(token) for row in layer.rows for token in row), default=1)
    return min(room * 0.42, room * 0.9 / max(longest, 1) * 1.6)


def small_text(x: float, y: float, token: str, anchor: str, colour: str) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="6.5" text-anchor="{anchor}" '
            f'font-family="DejaVu Sans, sans-serif" fill="{colour}">{html.escape(token)}</text>')


def cell_marks(marks: Marks, row: int, column: int, x: float, y: float, half: float) -> list[str]:
    """The small numbers of one cell, round its centre (x, y), `half` its half-width."""
    out = []
    if marks.caption is not None and marks.caption.rows[row][column] != ".":
        out.append(small_text(x - half + 1.5, y - half + 7.0, marks.caption.rows[row][column], "start", "#444"))
    if marks.numbers is not None and marks.numbers.rows[row][column] != ".":
        out.append(small_text(x + half - 1.5, y - half + 7.0, marks.numbers.rows[row][column], "end", "#1d4f91"))
    return out


def link_lines(marks: Marks, centre, adjacent, half: float) -> list[str]:
    """The track's links: a short line between cells side by side; from a cell whose way on
    lies further off, "→N" in its top-right corner, N the caption of each space it leads to."""
    out = []
    far: dict[tuple[int, int], list[str]] = {}
    for first, second in marks.links:
        if not adjacent(first, second):
            far.setdefault(first, []).append(marks.caption.rows[second[0]][second[1]] if marks.caption else "?")
            continue
        (x1, y1), (x2, y2) = centre(*first), centre(*second)
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        trim = 0.36 * length  # from edge to edge, so that the line does not cross the tokens
        out.append(f'<line x1="{x1 + dx / length * trim:.1f}" y1="{y1 + dy / length * trim:.1f}" '
                   f'x2="{x2 - dx / length * trim:.1f}" y2="{y2 - dy / length * trim:.1f}" '
                   f'stroke="#8a5a2b" stroke-width="1.6" stroke-linecap="round"/>')
    for (row, column), ends in far.items():
        x, y = centre(row, column)
        out.append(small_text(x - half + 1.5, y + half - 2.0, "→" + ",".join(ends), "start", "#8a3b12"))
    return out


def grid_svg(board: ast.BoardDecl, layer: ast.Layer, fills: dict[str, str], regions: Optional[ast.Layer],
             marks: Optional[Marks] = None) -> str:
    marks = marks or Marks()
    width, height = board.columns * CELL, board.rows * CELL
    out = svg_open(width, height, words(board.name))
    size = token_size(layer, CELL) * (0.8 if marks.caption is not None or marks.numbers is not None else 1.0)
    for row, tokens in enumerate(layer.rows):
        for column, token in enumerate(tokens):
            x, y = column * CELL, row * CELL
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL}" height="{CELL}" '
                       f'fill="{fills.get(token, EMPTY_FILL)}" stroke="#777" stroke-width="0.6"/>')
    out.extend(link_lines(marks, lambda r, c: (c * CELL + CELL / 2, r * CELL + CELL / 2),
                          lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, CELL / 2))
    for row, tokens in enumerate(layer.rows):
        for column, token in enumerate(tokens):
            x, y = column * CELL, row * CELL
            if token != "." and not marks.occupied(row, column):
                out.append(cell_text(x + CELL / 2, y + CELL / 2 + (1.5 if marks.caption is not None else 0), token, size))
            out.extend(cell_marks(marks, row, column, x + CELL / 2, y + CELL / 2, CELL / 2))
    if regions is not None:
        out.extend(grid_regions(board, regions))
    out.extend(start_marks(marks.pieces, lambda r, c: (c * CELL + CELL / 2, r * CELL + CELL / 2 + 2.0), CELL / 2 - 2.0))
    if not (marks.caption is not None and marks.links):  # a numbered track needs no rulers
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


def hex_svg(board: ast.BoardDecl, layer: ast.Layer, fills: dict[str, str], regions: Optional[ast.Layer],
            marks: Optional[Marks] = None) -> str:
    marks = marks or Marks()
    radius = CELL / math.sqrt(3)
    width = (board.columns + 0.5) * math.sqrt(3) * radius
    height = (board.rows - 1) * 1.5 * radius + 2 * radius
    out = svg_open(width, height, words(board.name))
    size = token_size(layer, CELL * 0.9)
    uniform = len({token for tokens in layer.rows for token in tokens}) == 1  # the legend says it once
    for row, tokens in enumerate(layer.rows):
        for column, token in enumerate(tokens):
            x, y = hex_centre(row, column, radius)
            points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (hex_corner(x, y, radius, k) for k in range(6)))
            out.append(f'<polygon points="{points}" fill="{fills.get(token, EMPTY_FILL)}" stroke="#777" '
                       f'stroke-width="0.6"/>')
            if token != "." and not uniform and not marks.occupied(row, column):
                out.append(cell_text(x, y, token, size))
            out.extend(cell_marks(marks, row, column, x, y, radius * 0.62))
    out.extend(link_lines(marks, lambda r, c: hex_centre(r, c, radius),
                          lambda a, b: any(hex_neighbour(*a, d) == b for d in range(6)), radius * 0.62))
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
    out.extend(start_marks(marks.pieces, lambda r, c: hex_centre(r, c, radius), radius * math.sqrt(3) / 2))
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
