"""The built-in functions of the language (named in `dsl/builtins.py`), implemented on states.

Each takes the state first, then its arguments. Which of them look into what zones
hold (so that a define using them on a zone cannot be remembered) is listed where
the compiler works that out (`Purity` in interpreter/purity.py).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from dsl.builtins import FUNCTIONS
from interpreter.values import Board, Piece, Player, Zone, show


def as_list(state, value) -> list:
    """A list, or the pieces a zone holds (as a new list)."""
    cls = value.__class__
    if cls is list:
        return value
    if cls is Zone:
        return list(map(state.pieces.__getitem__, state.contents[value.id]))  # `pieces_in`, without the call
    if isinstance(value, list):
        return value
    raise TypeError(f"expected a list or a zone, got {type_name(value)}")


def whole(value, what: str = "a whole number") -> int:
    """A whole number from an int, or a fraction or float that comes out whole."""
    if isinstance(value, bool):
        raise TypeError(f"expected {what}, got true/false")
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise TypeError(f"expected {what}, got {show(value) if isinstance(value, (Fraction, float)) else type_name(value)}")


def type_name(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float, Fraction)):
        return "a number"
    if isinstance(value, str):
        return "a name or text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Player):
        return "a player"
    if isinstance(value, Piece):
        return "a piece"
    if isinstance(value, Zone):
        return "a cell" if value.board is not None else "a zone"
    if isinstance(value, Board):
        return "a board"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _count(state, x):
    cls = x.__class__
    if cls is list:
        return len(x)
    if cls is Zone:
        return len(state.contents[x.id])
    return len(as_list(state, x))


def _first(state, x):
    if x.__class__ is Zone:
        items = state.contents[x.id]
        if not items:
            return None
        if state.unordered:
            _known_order(state, x, 0)
        return state.pieces[items[0]]
    items = as_list(state, x)
    return items[0] if items else None


def _top(state, x):
    if x.__class__ is Zone:
        items = state.contents[x.id]
        if not items:
            return None
        if state.unordered:
            _known_order(state, x, len(items) - 1)
        return state.pieces[items[-1]]
    items = as_list(state, x)
    return items[-1] if items else None


def _known_order(state, zone: Zone, position: int) -> None:
    """Refuse to read a place in a shuffled zone whose piece nobody can know yet."""
    if position < state.unordered.get(zone.id, 0):
        raise ValueError(f"{zone.label.replace('_', ' ')} is shuffled: nobody knows which piece lies there; "
                         "take one with 'draw'")


def _empty(state, zone):
    if zone.__class__ is not Zone:
        raise TypeError(f"empty() needs a zone or cell, got {type_name(zone)}")
    return not state.contents[zone.id]


def _where(state, piece):
    if not isinstance(piece, Piece):
        raise TypeError(f"where() needs a piece, got {type_name(piece)}")
    return state.zone_of(piece)


def _all_pieces(state, zones):
    if zones.__class__ is Zone:
        return state.pieces_in(zones)
    pieces = state.pieces
    contents = state.contents
    out = []
    for zone in zones:
        if zone.__class__ is not Zone:
            raise TypeError(f"all_pieces() needs zones or cells, got {type_name(zone)}")
        ids = contents[zone.id]
        if ids:  # most zones hold 0 or 1: an iterator for an empty one, or a map per zone, costs more
            for piece_id in ids:
                out.append(pieces[piece_id])
    return out


def _distinct(state, xs):
    seen = []
    for x in as_list(state, xs):
        if x not in seen:
            seen.append(x)
    return seen


def _flatten(state, lists):
    joined = []
    for position, items in enumerate(as_list(state, lists)):
        if items.__class__ is not list and items.__class__ is not Zone:
            raise TypeError(f"flatten needs a list of lists, but the element at position {position} is {type_name(items)}")
        joined.extend(as_list(state, items))
    return joined


def _index_of(state, xs, x):
    items = as_list(state, xs)
    for i, item in enumerate(items):
        if item is x or item == x:
            return i
    return None


def _cell(value, state=None) -> Zone:
    if state is not None and isinstance(value, Piece):  # a piece on a board stands for its cell
        zone = state.zone_of(value)
        if zone.board is None:
            raise TypeError(f"expected a cell or a piece on a board, got a piece in {zone.label.replace('_', ' ')}")
        return zone
    if not isinstance(value, Zone) or value.board is None:
        raise TypeError(f"expected a cell, got {type_name(value)}")
    return value


def _at(state, board, row, col):
    if board.__class__ is Board and row.__class__ is int and col.__class__ is int:
        if 0 <= row < board.rows and 0 <= col < board.cols:
            return board.cells[row * board.cols + col]
        return None
    if not isinstance(board, Board):
        raise TypeError(f"at() needs a board, got {type_name(board)}")
    return board.at(whole(row, "a row number"), whole(col, "a column number"))


def _cells(state, board):
    if not isinstance(board, Board):
        raise TypeError(f"cells() needs a board, got {type_name(board)}")
    return board.cells  # the language never changes a list in place, so no copy is needed


# Hex boards: rows of pointy-topped hexes, odd rows shifted half a hex right ("odd-r").
# Directions 0..5 run clockwise from north-east: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
# A step, as (rows, columns), depends on the row's parity.
_HEX_STEPS = {
    0: ((-1, 0), (0, 1), (1, 0), (1, -1), (0, -1), (-1, -1)),   # even rows
    1: ((-1, 1), (0, 1), (1, 1), (1, 0), (0, -1), (-1, 0)),     # odd rows
}


def _hex_direction(direction) -> int:
    if direction.__class__ is int and 0 <= direction < 6:
        return direction
    d = whole(direction, "a hex direction (0 to 5)")
    return d % 6


# A board's shape never changes, so what lies next to a hex cell, and the rays from it, are
# worked out once per cell and kept (the rules call them in their innermost loops). The lists
# are shared: the language never changes a list in place.
_HEX_NEXT: dict[Zone, tuple] = {}
_HEX_RAYS: dict[tuple[Zone, int], list] = {}
_NEIGHBOURS: dict[Zone, list] = {}
_GRID_STEPS: dict[tuple[Zone, int, int], Zone | None] = {}  # (grid cell, rows, columns) -> the cell there
_KEPT_AT_MOST = 200_000  # cells remembered at most (many games loaded in one process)


def _kept(table: dict, key, value):
    if len(table) >= _KEPT_AT_MOST:
        table.clear()
    table[key] = value
    return value


def _hex_next(cell: Zone) -> tuple:
    """The six cells next to a hex cell, by direction (None past the edge)."""
    found = _HEX_NEXT.get(cell)
    if found is None:
        board = cell.board
        found = _kept(_HEX_NEXT, cell, tuple(board.at(cell.row + d_row, cell.col + d_col)
                                             for d_row, d_col in _HEX_STEPS[cell.row & 1]))
    return found


def _step_from(cell: Zone, direction):
    """The next cell from `cell` in `direction`, or None past the edge."""
    board = cell.board
    if board.shape == "hex":
        return _hex_next(cell)[_hex_direction(direction)]
    d_row, d_col = _grid_direction(direction)
    return board.at(cell.row + d_row, cell.col + d_col)


def _grid_direction(direction) -> tuple[int, int]:
    if not isinstance(direction, list) or len(direction) != 2:
        raise TypeError(f"a direction on a grid is [rows, columns], got {show(direction)}")
    return whole(direction[0], "a row step"), whole(direction[1], "a column step")


def _step(state, cell, direction):
    if direction.__class__ is list:
        try:  # two steps, or `_step_from` says what is wrong (unpacked: `len()` is a call more)
            d_row, d_col = direction
        except ValueError:
            return _step_from(_cell(cell, state), direction)
        if d_row.__class__ is int and d_col.__class__ is int:
            # Only a grid cell is ever a key (a piece, none or a zone never is): no test of the cell first.
            try:
                return _GRID_STEPS[cell, d_row, d_col]
            except KeyError:
                if cell.__class__ is Zone:
                    board = cell.board
                    if board is not None and board.shape == "grid":
                        return _kept(_GRID_STEPS, (cell, d_row, d_col), board.at(cell.row + d_row, cell.col + d_col))
            except TypeError:  # a cell that cannot be a key (a list): `_step_from` says what is wrong
                pass
    return _step_from(_cell(cell, state), direction)


def _ray(state, cell, direction):
    cell = _cell(cell, state)
    if cell.board.shape == "hex":
        d = _hex_direction(direction)
        found = _HEX_RAYS.get((cell, d))
        if found is None:
            found = []
            here = _hex_next(cell)[d]
            while here is not None and here is not cell:
                found.append(here)
                here = _hex_next(here)[d]
            _kept(_HEX_RAYS, (cell, d), found)
        return found
    if _grid_direction(direction) == (0, 0):
        return []
    out = []
    here = _step_from(cell, direction)
    while here is not None and here is not cell:
        out.append(here)
        here = _step_from(here, direction)
    return out


def _cube(cell: Zone) -> tuple[int, int, int]:
    x = cell.col - (cell.row - (cell.row & 1)) // 2
    z = cell.row
    return x, -x - z, z


def _direction_to(state, a, b):
    a, b = _cell(a, state), _cell(b, state)
    if a.board is not b.board or a is b:
        return None
    if a.board.shape == "hex":
        for d in range(6):
            if b in _ray(state, a, d):
                return d
        return None
    d_row, d_col = b.row - a.row, b.col - a.col
    if d_row == 0 or d_col == 0 or abs(d_row) == abs(d_col):
        return [(d_row > 0) - (d_row < 0), (d_col > 0) - (d_col < 0)]
    return None


def _inward(state, cell):
    cell = _cell(cell)
    board = cell.board
    if board.shape == "hex":
        raise TypeError("inward() is for grid boards; on hexes use a direction 0 to 5")
    d_row = 1 if cell.row == 0 else (-1 if cell.row == board.rows - 1 else 0)
    d_col = 1 if cell.col == 0 else (-1 if cell.col == board.cols - 1 else 0)
    return [d_row, d_col]


def _perimeter(state, board, start):
    if not isinstance(board, Board):
        raise TypeError(f"perimeter() needs a board, got {type_name(board)}")
    if board.shape == "hex":
        raise TypeError("perimeter() is for grid boards")
    rows, cols = board.rows, board.cols
    ring = [(0, c) for c in range(cols)]
    ring += [(r, cols - 1) for r in range(1, rows)]
    ring += [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    ring += [(r, 0) for r in range(rows - 2, 0, -1)]
    cells = []
    for r, c in ring:  # a board one row or column wide would list cells twice
        cell = board.at(r, c)
        if cell not in cells:
            cells.append(cell)
    start = _cell(start)
    if start not in cells:
        raise ValueError(f"{start.label} is not on the edge of {board.name}")
    i = cells.index(start)
    return cells[i:] + cells[:i]


def _cells_between(state, a, b):
    """The cells a straight line between two cells' centres passes through, ends left out, from a to b.

    Sampled at twice the distance (plus one) points along the line, each nudged a
    hair to one side, so that a line along the border of two cells counts the
    same one every time (the usual convention for line of sight on hexes).
    """
    a, b = _cell(a), _cell(b)
    if a.board is not b.board:
        raise ValueError("cells_between() needs two cells of one board")
    steps = 2 * _distance(state, a, b) + 1
    found: list = []
    board = a.board
    if board.shape == "hex":
        (ax, ay, az), (bx, by, bz) = _cube(a), _cube(b)
        for i in range(1, steps):
            t = i / steps
            x, y, z = ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 2e-6, az + (bz - az) * t - 3e-6
            rx, ry, rz = round(x), round(y), round(z)
            dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
            if dx > dy and dx > dz:
                rx = -ry - rz
            elif dy > dz:
                ry = -rx - rz
            else:
                rz = -rx - ry
            row = rz
            col = rx + (row - (row & 1)) // 2
            cell = board.at(row, col)
            if cell is not None and cell is not a and cell is not b and cell not in found:
                found.append(cell)
        return found
    for i in range(1, steps):
        t = i / steps
        row = round(a.row + (b.row - a.row) * t + 1e-6)
        col = round(a.col + (b.col - a.col) * t + 2e-6)
        cell = board.at(row, col)
        if cell is not None and cell is not a and cell is not b and cell not in found:
            found.append(cell)
    return found


def _neighbours(state, cell):
    cell = _cell(cell, state)
    found = _NEIGHBOURS.get(cell)
    if found is not None:
        return found
    if cell.board.shape == "hex":
        return _kept(_NEIGHBOURS, cell, [n for n in _hex_next(cell) if n is not None])
    out = []
    for d_row, d_col in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        other = cell.board.at(cell.row + d_row, cell.col + d_col)
        if other is not None:
            out.append(other)
    return _kept(_NEIGHBOURS, cell, out)


def _distance(state, a, b):
    if a.__class__ is Zone and b.__class__ is Zone and a.board is not None and b.board is not None \
            and a.board.shape != "hex":  # two cells of a square grid, the usual case: at once
        return max(abs(a.row - b.row), abs(a.col - b.col))
    a, b = _cell(a, state), _cell(b, state)
    if a.board.shape == "hex":
        ca, cb = _cube(a), _cube(b)
        return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]), abs(ca[2] - cb[2]))
    return max(abs(a.row - b.row), abs(a.col - b.col))


# The eight grid directions, clockwise from straight up: what `rotated` turns through on a grid.
_GRID_TURNS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def _rotated(state, direction, sides):
    """A direction turned by whole sides clockwise (anticlockwise when negative).

    On hexes a side is 60 degrees (directions 0 to 5); on a grid, a step of
    45 degrees through the eight directions [rows, columns].
    """
    sides = whole(sides, "a number of sides")
    if isinstance(direction, list):
        d_row, d_col = _grid_direction(direction)
        key = ((d_row > 0) - (d_row < 0), (d_col > 0) - (d_col < 0))
        if key not in _GRID_TURNS or (d_row, d_col) != key:
            raise ValueError(f"rotated() turns one of the eight grid directions, not {show(direction)}")
        return list(_GRID_TURNS[(_GRID_TURNS.index(key) + sides) % 8])
    return (_hex_direction(direction) + sides) % 6


def _pieces_in_line(state, start, direction):
    """What lies in a straight line from a cell or a piece: `[piece, distance]` pairs, nearest first.

    The pieces of each cell are listed bottom to top; the start cell itself (and so
    the piece the line is drawn from) is not looked at.
    """
    cell = _cell(start, state)
    out = []
    for distance, here in enumerate(_ray(state, cell, direction), start=1):
        for piece_id in state.contents[here.id]:
            out.append([state.pieces[piece_id], distance])
    return out


def share_places(counts: list, prizes: list) -> list:
    """Prizes by place; players tied on a count share the prizes of the places they fill.

    A group of k players tied at place p shares prizes p .. p+k-1, each taking the
    total divided by k, rounded up; the next group starts at place p+k.
    """
    # Only those with something on the line take part: a count of 0 wins nothing.
    order = sorted((i for i in range(len(counts)) if counts[i] > 0), key=lambda i: -counts[i])
    awards = [0] * len(counts)
    place = 0
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and counts[order[j]] == counts[order[i]]:
            j += 1
        group = order[i:j]
        total = sum(prizes[place:place + len(group)])
        each = -(-total // len(group))  # exact ceiling of total / len(group)
        for member in group:
            awards[member] = each
        place += len(group)
        i = j
    return awards


def _player(value) -> Player:
    if not isinstance(value, Player):
        raise TypeError(f"expected a player, got {type_name(value)}")
    return value


def _eliminated(state, p):
    return state.eliminated[_player(p).index]


def _range(state, a, b):
    if a.__class__ is int and b.__class__ is int:
        return list(range(a, b + 1))
    return list(range(whole(a), whole(b) + 1))


def _take(state, xs, n):
    n = whole(n, "a count of 0 or more")
    if n < 0:
        raise ValueError(f"take needs a count of 0 or more, not {n}")
    return as_list(state, xs)[:n]


def _max(state, xs):
    items = as_list(state, xs)
    return max(items) if items else None


def _min(state, xs):
    items = as_list(state, xs)
    return min(items) if items else None


def _keys(table):
    if not isinstance(table, dict):
        raise TypeError(f"keys() needs a table, not {type_name(table)}")
    return list(table)


IMPLEMENTATIONS: dict[str, Any] = {
    "count": _count,
    "sum": lambda state, xs: sum(as_list(state, xs)),
    "max": _max,
    "min": _min,
    "any": lambda state, xs: any(as_list(state, xs)),
    "all": lambda state, xs: all(as_list(state, xs)),
    "first": _first,
    "top": _top,
    "take": _take,
    "distinct": _distinct,
    "flatten": _flatten,
    "indices": lambda state, xs: list(range(len(as_list(state, xs)))),
    "range": _range,
    "index_of": _index_of,
    "keys": lambda state, table: _keys(table),
    "ceil": lambda state, x: math.ceil(x),
    "floor": lambda state, x: math.floor(x),
    "abs": lambda state, x: abs(x),
    "empty": _empty,
    "where": _where,
    "all_pieces": _all_pieces,
    "piece_type": lambda state, piece: piece.type,
    "at": _at,
    "cells": _cells,
    "ray": _ray,
    "inward": _inward,
    "perimeter": _perimeter,
    "neighbours": _neighbours,
    "distance": _distance,
    "step": _step,
    "direction_to": _direction_to,
    "rotated": _rotated,
    "pieces_in_line": _pieces_in_line,
    "cells_between": _cells_between,
    "share_places": lambda state, counts, prizes: share_places(as_list(state, counts), as_list(state, prizes)),
    "eliminated": _eliminated,
    "automa": lambda state, p: _player(p).is_automa,
}

assert set(IMPLEMENTATIONS) == set(FUNCTIONS), set(IMPLEMENTATIONS) ^ set(FUNCTIONS)
