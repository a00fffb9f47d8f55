"""The names every rules file can use without declaring them: functions, values, attributes.

The checker uses these tables to resolve names and check arity; the interpreter
implements each function (`interpreter/builtins.py`) and must cover this list.
"""

from __future__ import annotations

# name -> (lowest, highest) number of arguments, and a one-line description for docs.
FUNCTIONS: dict[str, tuple[int, int, str]] = {
    "count": (1, 1, "how many elements a list has, or pieces a zone holds"),
    "sum": (1, 1, "the total of a list of numbers (0 for an empty list)"),
    "max": (1, 1, "the largest element of a list (none when empty)"),
    "min": (1, 1, "the smallest element of a list (none when empty)"),
    "any": (1, 1, "true when some element of the list is true"),
    "all": (1, 1, "true when every element of the list is true"),
    "first": (1, 1, "the first element of a list, or the bottom piece of a zone (none when empty)"),
    "top": (1, 1, "the last element of a list, or the top piece of a zone (none when empty)"),
    "take": (2, 2, "the first n elements of a list"),
    "distinct": (1, 1, "the list without repeats, in first-seen order"),
    "flatten": (1, 1, "the lists in a list joined into one list, in order (one level deep)"),
    "indices": (1, 1, "the positions 0, 1, ... of a list"),
    "range": (2, 2, "the whole numbers from a to b, both included"),
    "index_of": (2, 2, "the position of a value in a list (none when absent)"),
    "keys": (1, 1, "the keys of a table's rows, in the order the file lists them"),
    "ceil": (1, 1, "a number rounded up"),
    "floor": (1, 1, "a number rounded down"),
    "abs": (1, 1, "a number without its sign"),
    "empty": (1, 1, "true when a zone or cell holds no piece"),
    "where": (1, 1, "the zone or cell a piece is in"),
    "all_pieces": (1, 1, "every piece in a zone or in a list of zones"),
    "piece_type": (1, 1, "the declared kind of a piece, as a name"),
    "at": (3, 3, "the cell of a board at a row and column, counted from 0 (none when outside)"),
    "cells": (1, 1, "every cell of a board, row by row"),
    "ray": (2, 2, "the cells from a cell (not included) in a direction up to the edge: [rows, columns] on a grid, 0-5 on hexes"),
    "inward": (1, 1, "for an edge cell of a grid, the direction [rows, columns] pointing into the board (diagonal from a corner)"),
    "perimeter": (2, 2, "the edge cells of a grid clockwise, starting at the given cell"),
    "neighbours": (1, 1, "the cells next to a cell: sharing a side on a grid (up to 4), all six on hexes"),
    "distance": (2, 2, "the number of steps between two cells: king steps on a grid, hex steps on hexes"),
    "step": (2, 2, "the cell next to a cell in a direction (none off the board): [rows, columns] on a grid, 0-5 on hexes"),
    "direction_to": (2, 2, "the direction from a cell along which another lies in a straight line (none if it does not)"),
    "rotated": (2, 2, "a direction turned by whole sides, clockwise (anticlockwise when negative): 60 degrees on hexes, 45 on a grid"),
    "pieces_in_line": (2, 2, "the pieces in a straight line from a cell or a piece, nearest first, each as [piece, distance]"),
    "cells_between": (2, 2, "the cells a straight line from the centre of one cell to the centre of another passes through, both ends left out"),
    "share_places": (2, 2, "divide place prizes by counts: tied players share the prizes of the places they fill, rounded up"),
    "eliminated": (1, 1, "true when a player is out of the game"),
    "automa": (1, 1, "true when a seat is played by the rules themselves"),
}

# Values known everywhere.
VALUES: dict[str, str] = {
    "players": "every seat in play order, automa included",
    "player_count": "how many people play (automa not counted)",
    "round_number": "the number of the current round (0 during setup)",
}

# Attributes every value of a kind has, beyond the declared ones.
PLAYER_ATTRIBUTES = {"name", "index"}
CELL_ATTRIBUTES = {"row", "col", "board"}
ZONE_ATTRIBUTES = {"owner", "name"}
BUILTIN_ATTRIBUTES = PLAYER_ATTRIBUTES | CELL_ATTRIBUTES | ZONE_ATTRIBUTES
