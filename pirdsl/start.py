"""The board at the start: the pieces setup puts on each board, found by playing setup with the engine.

A rule summary draws what setup places on a board (ships on their starting hexes,
facing their way), but codegen reads the syntax tree and never runs the game.
This module runs it and hands codegen plain data (`codegen.board.BoardStart`).

Setup is played to the first decision or chance event of play, several times:
each decision of setup answered in different ways (first option, last option,
options at random) and chance drawn with different seeds, for every player
count the game allows. A piece is drawn only where every run puts it the same
way (its place, label, mark and values): a placement that depends on a choice
or a die differs between runs and is named as such instead. Runs agreeing is
evidence, not proof, so the runs are chosen to disagree wherever they can.

A piece variable the rules use as a direction (`step(x, x.facing)`, or the place
of its value in a kind, `index_of(bearing, s.facing)`, through a define) is a
facing: it is drawn as an arrow.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from codegen.board import BoardStart, PlacedPiece
from codegen.english_words import plural
from dsl import ast

# How many decisions and chance events one run of setup may take before it is given up
# (a setup that long is a draft, whose result a picture cannot show anyway).
SETUP_STEPS = 2_000
# The ways setup's decisions are answered, each with the seed its chance is drawn with.
# The first three share a seed, so that what differs between them is a choice; the last
# ones share a way of choosing, so that what differs between them is chance.
RUNS = (("first", 1), ("last", 1), ("random", 1), ("first", 2), ("first", 3), ("last", 4))
CHOICE_RUNS = RUNS[:3]
CHANCE_RUNS = (RUNS[0],) + RUNS[3:5]
# At most this many player counts are tried (a game for 2 to 99 players tries its first few).
PLAYER_COUNTS = 6
# More pieces of one type than this, not drawn, are named by their type ("the ships").
MANY_NOT_DRAWN = 3
# The engine's hex directions, 0 north-east clockwise to 5 north-west: their words and arrows.
HEX_DIRECTIONS = (("north-east", "↗"), ("east", "→"), ("south-east", "↘"), ("south-west", "↙"), ("west", "←"),
                  ("north-west", "↖"))
ARROWS = "→↘↓↙←↖↑↗"  # by angle, clockwise from east in steps of 45 degrees


@dataclass(frozen=True)
class Placed:
    """One piece as a run of setup leaves it: what a player sees of it and where."""

    board: str
    row: int
    column: int
    where: str
    label: str
    mark: str
    facing_angle: Optional[float]
    facing_text: str
    values: tuple[tuple[str, str], ...]
    group: str
    kind: str = ""  # the piece's type, to name many pieces not drawn at once


def direction_variables(game_file: ast.GameFile) -> dict[str, Optional[str]]:
    """The piece variables the rules use as a direction: name -> the kind whose order gives it (None: a number).

    A variable counts when it is the direction of `step`, `pieces_in_line` or
    `rotated` itself (`step(x, x.facing)`), or through a one-argument define that
    gives the place of its value in a kind (`define number_of(b) = index_of(bearing, b)`).
    """
    decls = game_file.declarations
    piece_vars = {d.name for d in decls if isinstance(d, ast.VarDecl) and d.per_piece}
    kinds = {d.name for d in decls if isinstance(d, ast.KindDecl)}
    orders: dict[str, str] = {}  # a define that turns a kind's member into its place -> the kind
    for decl in decls:
        if isinstance(decl, ast.DefineDecl) and len(decl.params) == 1:
            body = decl.body
            if isinstance(body, ast.Call) and body.function == "index_of" and len(body.args) == 2 \
                    and isinstance(body.args[0], ast.Name) and body.args[0].id in kinds \
                    and isinstance(body.args[1], ast.Name) and body.args[1].id == decl.params[0]:
                orders[decl.name] = body.args[0].id
    found: dict[str, Optional[str]] = {}
    for node in nodes(game_file):
        if not isinstance(node, ast.Call):
            continue
        position = {"step": 1, "pieces_in_line": 1, "rotated": 0}.get(node.function)
        if position is None or len(node.args) <= position:
            continue
        direction = node.args[position]
        kind = None
        if isinstance(direction, ast.Call) and direction.function in orders and len(direction.args) == 1:
            kind, direction = orders[direction.function], direction.args[0]
        if isinstance(direction, ast.Attribute) and direction.name in piece_vars:
            found.setdefault(direction.name, kind)
    return found


def nodes(node: Any) -> Iterable[Any]:
    """Every syntax node under `node`, itself included."""
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, ast.Node):
            yield here
            stack.extend(getattr(here, name) for name in type(here).model_fields)
        elif isinstance(here, (list, tuple)):
            stack.extend(here)
        elif isinstance(here, dict):
            stack.extend(here.values())


def facing_of(value: Any, kind: Optional[str], kinds: dict[str, list[str]], shape: str) -> tuple[Optional[float], str]:
    """A direction value as an angle (degrees clockwise from east, as the page has it) and words with an arrow."""
    from interpreter.values import show

    if kind is not None:
        members = kinds.get(kind, [])
        if value not in members or shape != "hex" or len(members) != 6:
            return None, ""
        angle = 60.0 * (members.index(value) - 1)
        return angle, f"{HEX_DIRECTIONS[members.index(value)][1]} {show(value)}"
    if shape == "hex" and isinstance(value, int) and not isinstance(value, bool):
        words, arrow = HEX_DIRECTIONS[value % 6]
        return 60.0 * (value % 6 - 1), f"{arrow} {words}"
    if shape == "grid" and isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value) \
            and value != [0, 0]:
        angle = math.degrees(math.atan2(value[0], value[1]))
        return angle, ARROWS[round(angle / 45) % 8]
    return None, ""


def run_setup(game: Any, players: int, variants: list[str], way: str, seed: int) -> Optional[Any]:
    """A state at the first decision or chance event after setup, or None when setup takes too long or fails."""
    from interpreter import GameRuleError

    chooser = random.Random(seed)
    try:
        state = game.new_state(players=players, seed=seed, variants=list(variants))
        for _ in range(SETUP_STEPS):
            if state.is_terminal() or not state.in_setup:
                return state
            if state.is_chance():
                state.apply_chance()
                continue
            options = state.num_actions()
            pick = 0 if way == "first" else options - 1 if way == "last" else chooser.randrange(options)
            state.apply_action(pick)
    except (GameRuleError, ValueError, RecursionError):
        return None
    return None


def placed_pieces(state: Any, directions: dict[str, Optional[str]], kinds: dict[str, list[str]]) -> set[Placed]:
    """Every piece on a board cell of a state, as a player sees it."""
    from interpreter.values import Player, show

    members = {member for names in kinds.values() for member in names}
    program = state.program
    found = set()
    for board in state.world.boards.values():
        for row in range(board.rows):
            for column in range(board.cols):
                cell = board.at(row, column)
                caption = board.captions[row * board.cols + column] if board.caption is not None else ""
                where = f"{board.caption.replace('_', ' ')} {caption}" if caption else cell.label.replace("_", " ")
                for piece_id in state.contents[cell.id]:
                    piece = state.pieces[piece_id]
                    mark = program.current_mark(state, piece)
                    shown = program.piece_var_names_shown.get(piece.type, [])
                    angle, facing = None, ""
                    values = []
                    group = next((f"{name.replace('_', ' ')} {show(field)}" for name, field in piece.fields.items()
                                  if isinstance(field, Player) or (isinstance(field, str) and field in members)), "")
                    for name, field in piece.fields.items():
                        text = show(field)
                        if text and text not in piece.label and text not in mark:
                            values.append((name.replace("_", " "), text))
                    for name in shown:
                        value = state.piece_vars[(piece_id, name)]
                        if name in directions and angle is None:
                            angle, facing = facing_of(value, directions[name], kinds, board.shape)
                            if angle is not None:
                                continue
                        values.append((name.replace("_", " "), show(value)))
                    found.add(Placed(board.name, row, column, where, piece.label, mark, angle, facing, tuple(values), group,
                                     piece.type))
    return found


def starting_placements(game: Any, variants: Iterable[str] = ()) -> list[BoardStart]:
    """What setup puts on each board, the same way in every run, and what it places by a choice or a draw.

    A variant that is not in play but would place the pieces otherwise (another
    scenario) adds its own placement to the board's `BoardStart.variants`.

    Args:
        game: a loaded game (`interpreter.load_game`); its `file` is the syntax tree.
        variants: the variants in play.

    Returns one `BoardStart` for each board that setup puts a piece on (fixed or not).
    """
    chosen = list(variants)
    starts = placements(game, chosen)
    by_board = {start.board: start for start in starts}
    for variant in sorted(set(game.variants) - set(chosen)):
        for other in placements(game, chosen + [variant]):
            start = by_board.get(other.board)
            if start is not None and sorted(map(repr, other.pieces)) != sorted(map(repr, start.pieces)) \
                    and other.pieces:
                start.variants.append((variant, other.pieces))
    return starts


def placements(game: Any, variants: list[str]) -> list[BoardStart]:
    """What setup puts on each board with these variants in play (see `starting_placements`)."""
    file = game.file
    directions = direction_variables(file)
    kinds = {d.name: list(d.members) for d in file.declarations if isinstance(d, ast.KindDecl)}
    counts = list(range(game.min_players, game.max_players + 1))[:PLAYER_COUNTS]
    fixed_in: dict[Placed, list[int]] = {}
    by_choice: dict[str, set[tuple[str, str]]] = {}  # board -> (type, label) of pieces that a choice places
    by_chance: dict[str, set[tuple[str, str]]] = {}
    for players in counts:
        runs: dict[tuple[str, int], set[Placed]] = {}
        for way, seed in RUNS:
            state = run_setup(game, players, list(variants), way, seed)
            if state is None:
                return []  # a setup the runs cannot finish: better no picture than a wrong one
            runs[way, seed] = placed_pieces(state, directions, kinds)
        everywhere = set.intersection(*runs.values())
        for item in everywhere:
            fixed_in.setdefault(item, []).append(players)
        for compared, target in ((CHANCE_RUNS, by_chance), (CHOICE_RUNS, by_choice)):
            seen = [runs[run] for run in compared]
            for item in set.union(*seen) - set.intersection(*seen):
                target.setdefault(item.board, set()).add((item.kind, item.label))
        for item in set.union(*runs.values()) - everywhere:
            if (item.kind, item.label) not in by_chance.get(item.board, set()):
                by_choice.setdefault(item.board, set()).add((item.kind, item.label))
    starts = []
    for board in game.file.declarations:
        if not isinstance(board, ast.BoardDecl):
            continue
        pieces = [PlacedPiece(item.row, item.column, item.mark, item.label, item.where, item.facing_angle,
                              item.facing_text, list(item.values), player_counts(found, counts), item.group)
                  for item, found in fixed_in.items() if item.board == board.name]
        pieces.sort(key=lambda piece: (piece.row, piece.column, piece.label))
        chosen, drawn = not_drawn(by_choice.get(board.name, set()), by_chance.get(board.name, set()))
        if pieces or drawn or chosen:
            starts.append(BoardStart(board.name, pieces, chosen=chosen, drawn=drawn))
    return starts


def not_drawn(by_choice: set[tuple[str, str]], by_chance: set[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The pieces a choice places and those chance places, by label; a type with many of them by its name.

    A piece that some runs place by choice and others by chance (an island drawn at random, then
    placed where a player likes) counts as placed by a player. Where more than `MANY_NOT_DRAWN`
    pieces of one type are not drawn, the type is named instead ("the ships").
    """
    by_kind: dict[str, set[str]] = {}
    for kind, label in by_choice | by_chance:
        by_kind.setdefault(kind, set()).add(label)
    chosen_kinds = {kind for kind, _ in by_choice}
    chosen, drawn = [], []
    for kind, labels in sorted(by_kind.items()):
        target = chosen if kind in chosen_kinds else drawn
        if len(labels) > MANY_NOT_DRAWN:
            target.append("the " + plural(kind.replace("_", " ")))
        else:
            target.extend(sorted(labels))
    return chosen, drawn


def player_counts(found: list[int], counts: list[int]) -> str:
    """The player counts a piece is placed with, in words: "" for all of them, "3 or 4 players"."""
    if found == counts:
        return ""
    if len(found) == 1:
        return f"{found[0]} players"
    if found == list(range(found[0], found[-1] + 1)):
        if found[-1] == counts[-1]:
            return f"{found[0]} or more players" if len(found) > 2 else f"{found[0]} or {found[1]} players"
        return f"{found[0]} to {found[-1]} players"
    return ", ".join(str(n) for n in found[:-1]) + f" or {found[-1]} players"
