"""What learning programs need besides actions: a seat's observation as numbers, and the game's facts.

`ObservationEncoding` turns what one seat may see into a fixed-length list of floats (the
same length for every state of one game, player count and set of variants); `GameFacts`
says what kind of game it is (chance, hidden information, automa seats, utilities) and
gives its bounds. Both are derived from the rules file and the table after setup. The
layout and the reasons each bound is true are in docs/engine-api.md ("Fixed actions,
observation tensors and bounds"). Nothing here needs NumPy: adapters make arrays of it.
"""

from __future__ import annotations

import math

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from dsl import ast
from interpreter.actions import ActionSpace, declared_values
from interpreter.bounds import INFINITE, Bounds
from interpreter.values import Player

# The longest game, in decisions, for a rules file that neither bounds it nor declares it
# (`longest N decisions`): then it is a cap the adapters keep (OpenSpiel stops with an error
# past it, PettingZoo truncates), not a fact about the rules; GameFacts says which it is.
DEFAULT_MAX_GAME_LENGTH = 100_000

# A variable that holds a list (a player's dice, the cards named so far) shows its length
# and, in this many slots, its first items: enough for the lists of the shipped and classic
# games; a longer list shows only its first items.
LIST_ITEMS = 8


@dataclass(frozen=True)
class GameFacts:
    """What kind of game a rules file is, at one player count and set of variants."""

    players: int              # seats that decide: the player count (automa seats are extra)
    seats: int                # all seats, automa ones included
    automa_seats: tuple[int, ...]
    chance: bool              # the rules draw, roll, or may offer a face-down pick
    perfect_information: bool  # no hidden or owner zone, no secret variable, nothing simultaneous
    can_eliminate: bool       # the rules have an `eliminate` statement
    constant_sum: bool        # every finished game's returns of the players sum to `utility_sum`
    min_utility: float        # no seat's return is ever below it (-inf: the file gives no bound)
    max_utility: float        # nor above it (inf: no bound)
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int      # the most decisions a game asks (chance outcomes not counted)
    # Where max_game_length comes from: "derived" (the rules bound it), "declared" (the
    # header's `longest N decisions`) or "cap" (neither: DEFAULT_MAX_GAME_LENGTH, a cap).
    max_game_length_source: str
    max_game_length_why: str  # for "cap": the line that keeps the rules from bounding it
    utility_sum: float | None = None  # what the players' returns sum to when constant_sum, else None


def game_facts(game, players: int, variants: Iterable[str] = (), space: ActionSpace | None = None) -> GameFacts:
    """The facts of `game` at `players` and `variants`, derived from the rules file and setup."""
    variants = sorted(variants)
    space = space or ActionSpace(game, players, variants)
    start = game.new_state(players=players, seed=0, variants=variants)
    automa = tuple(seat for seat in range(start.num_seats) if start.is_automa(seat))
    hidden = hidden_zones = False
    eliminate = False
    for node in ast.walk(game.file):
        if isinstance(node, ast.ZoneDecl) and node.visibility in ("hidden", "owner"):
            hidden = hidden_zones = True
        elif isinstance(node, ast.VarDecl) and node.secret:
            hidden = True
        elif isinstance(node, ast.ForEach) and node.simultaneously:
            hidden = True
        elif isinstance(node, ast.Eliminate):
            eliminate = True
    # Every `chooses` has a chance site for a face-down option taken, but a face-down option
    # is offered only from a zone some seat cannot look into.
    chance = any(site.kind != "blind" for site in game.chances) or (hidden_zones and bool(game.chances))
    longest, source, why = longest_game(game, start.num_seats,
                                        INFINITE if space.notes else sum(space.piece_bounds.values()))
    constant_sum, utility_sum, low, high = utilities(game, bool(automa), eliminate)
    return GameFacts(
        players=start.num_seats - len(automa), seats=start.num_seats, automa_seats=automa,
        chance=chance, perfect_information=not hidden, can_eliminate=eliminate,
        constant_sum=constant_sum, min_utility=low, max_utility=high,
        num_distinct_actions=space.size, max_chance_outcomes=space.chance_size,
        max_game_length=longest, max_game_length_source=source, max_game_length_why=why,
        utility_sum=utility_sum)


def utilities(game, automa: bool, eliminate: bool) -> tuple[bool, float | None, float, float]:
    """(constant_sum, utility_sum, min_utility, max_utility) of the deciding seats' returns.

    Without a `payoff` line the returns of all seats sum to 1 when someone wins
    (docs/engine-api.md, "Returns"); the players' alone do only when no automa seat
    can take a share and nobody can be eliminated; each lies in [0, 1]. With one,
    the sum is the line's promise (kept by the engine in every finished game), the
    players' alone again only when no automa seat is paid too; the bounds are its
    `from LOW to HIGH`, else none the file can vouch for: -inf and inf.
    """
    decl = game.payoff_decl
    if decl is None:
        constant = not automa and not eliminate
        return constant, 1.0 if constant else None, 0.0, 1.0
    promised = decl.promised_sum
    constant = promised is not None and not automa
    low, high = (float(decl.low), float(decl.high)) if decl.low is not None else (-math.inf, math.inf)
    return constant, float(promised) if constant else None, low, high


def longest_game(game, seats: int, pieces: float = INFINITE) -> tuple[int, str, str]:
    """The most decisions one game can ask, where it comes from, and what stops a derivation.

    Derived from the rules (interpreter/bounds.py: a round limit times the most decisions a
    round asks, and so on) where they bound it; else the header's `longest N decisions`;
    else the cap DEFAULT_MAX_GAME_LENGTH. Decisions by automa seats are counted too.
    `pieces` is the most pieces there can be (the action space's count), when known.
    """
    summary = Bounds(game.file, seats, pieces, params=game.param_values).summary()
    if summary.decisions != INFINITE:
        return max(int(summary.decisions), 1), "derived", ""
    why = summary.why.get("decisions", "")
    header = next(d for d in game.file.declarations if isinstance(d, ast.GameHeader))
    if header.longest is not None:
        return header.longest, "declared", why
    return DEFAULT_MAX_GAME_LENGTH, "cap", why


class ObservationEncoding:
    """One seat's observation as a fixed-length list of floats.

    Layout, in order (`parts()` gives each part's name and length):

    - `seat`: one-hot of the observing seat; `to_move`: one-hot of the seat to move, then
      chance, then the end; `round`: the round number;
    - `seats`: per seat, eliminated (0/1), score, and for every per-player variable that is
      not internal: known (0/1) and its value (0 when not known), and for a variable that
      starts as a list, LIST_ITEMS more slots for its first items (0 past its end);
    - `globals`: for every shared variable that is not internal: known (0/1), value (and
      the item slots of a list, as above);
    - `zones`: for every zone and board cell that is not internal: how many pieces it holds
      (every seat sees that), whether this seat sees what they are (0/1) and, if it does,
      how many of each kind of piece setup makes (kind and fields), and how many others;
    - `pieces`: for every piece the action space numbers (`ship 0`, `ship 1`, ... in the
      same order as its piece actions), whether this seat sees it (0/1: it exists and lies
      in a zone or cell the seat sees), then, only if it does, the zone it lies in (its
      number + 1) and the value of each of its kind's variables that people may see (not
      internal, not secret). A piece the seat does not see is all zeros, whatever it is.

    A value is a number as itself, true/false as 1/0, none as 0, a seat as its index + 1,
    a name as its place (from 1) among the names the rules file writes, a list as its
    length, a piece or zone as 1.
    """

    def __init__(self, game, players: int, variants: Iterable[str] = (), space: ActionSpace | None = None):
        variants = sorted(variants)
        space = space or ActionSpace(game, players, variants)
        start = game.new_state(players=players, seed=0, variants=variants)
        self.seats = start.num_seats
        world = start.world
        decls = game.var_decls
        self.player_vars = [name for name, d in decls.items() if d.per_player and not d.internal]
        self.global_vars = [name for name, d in decls.items()
                            if not d.per_player and not d.per_piece and not d.internal]
        # Variables that start as lists (seen after setup) get item slots besides their length.
        self.list_vars = {name for name in self.player_vars if isinstance(start.pvars[0].get(name), (list, tuple))}
        self.list_vars |= {name for name in self.global_vars if isinstance(start.vars.get(name), (list, tuple))}
        width = {name: 2 + (LIST_ITEMS if name in self.list_vars else 0)
                 for name in (*self.player_vars, *self.global_vars)}
        self._width = width
        classes: dict[tuple, int] = {}
        for piece in start.pieces:
            classes.setdefault(piece._signature, len(classes))
        self.classes = classes
        self.zones = [zone for zone in world.zones if zone.visibility != "internal"]
        # Who sees into each zone never changes: worked out once per seat.
        self._seen = [[zone.seen_by(seat) for zone in self.zones] for seat in range(self.seats)]
        names, _, _ = declared_values(game.file)
        self.names = {name: i + 1 for i, name in enumerate(names)}
        per_zone = 2 + len(classes) + 1
        # Piece slots, kind by kind as the action space numbers them: where each kind's
        # slots start, and the variables each slot shows.
        shown = game.piece_var_names_shown
        self.piece_slots: dict[str, tuple[int, int, list[str]]] = {}  # kind -> (first, count, variables)
        at = 0
        for kind, most in space.piece_bounds.items():
            names = list(shown.get(kind, ()))
            self.piece_slots[kind] = (at, most, names)
            at += most * (2 + len(names))
        self._parts = [("seat", self.seats), ("to_move", self.seats + 2), ("round", 1),
                       ("seats", self.seats * (2 + sum(width[name] for name in self.player_vars))),
                       ("globals", sum(width[name] for name in self.global_vars)), ("zones", len(self.zones) * per_zone),
                       ("pieces", at)]
        self.size = sum(length for _, length in self._parts)
        # Where each variable goes, worked out once: (offset, name, secret, a list variable) within a
        # seat's block, the shared variables' places (secret ones are shown to nobody), the zones.
        self._seat_block = 2 + sum(width[name] for name in self.player_vars)
        self._player_layout = []
        offset = 2
        for name in self.player_vars:
            self._player_layout.append((offset, name, bool(decls[name].secret), name in self.list_vars))
            offset += width[name]
        self._global_layout = []
        at = self.seats + self.seats + 2 + 1 + self.seats * self._seat_block
        for name in self.global_vars:
            if not decls[name].secret:
                self._global_layout.append((at, name, name in self.list_vars))
            at += width[name]
        self._zone_ids = [zone.id for zone in self.zones]
        self._globals_width = sum(width[name] for name in self.global_vars)
        # Per seat: the zones it sees into (their offset among the zones' slots, their id), and by
        # zone id whether it sees the pieces there.
        step = 3 + len(classes)
        self._seen_zones = [[(index * step, zone.id) for index, (zone, seen) in enumerate(zip(self.zones, seen_row))
                             if seen] for seen_row in self._seen]
        self._sees = [[zone.visibility != "internal" and zone.seen_by(seat) for zone in world.zones]
                      for seat in range(self.seats)]

    def parts(self) -> list[tuple[str, int]]:
        """The layout: each part's name and length, in order."""
        return list(self._parts)

    def _value(self, value: Any) -> float:
        cls = value.__class__
        if value is None:
            return 0.0
        if cls is bool or cls is int or cls is float:
            return float(value)
        if cls is Fraction:
            return float(value)
        if cls is str:
            return float(self.names.get(value, 0))
        if cls is Player:
            return float(value.index + 1)
        if cls is list or cls is tuple:
            return float(len(value))
        return 1.0

    def encode(self, state, seat: int) -> list[float]:
        """What `seat` may see of `state` (what `state.observation(seat)` shows), as `size` floats."""
        return self.encode_seats(state, (seat,))[0]

    def encode_seats(self, state, seats) -> list[list[float]]:
        """`encode(state, seat)` for each of `seats`, the parts every seat sees alike worked out once."""
        common = [0.0] * self.size
        value = self._value
        at = self.seats
        to_move = state.current_player()
        if state.terminal:
            common[at + self.seats + 1] = 1.0
        elif to_move < 0:
            common[at + self.seats] = 1.0
        else:
            common[at + to_move] = 1.0
        at += self.seats + 2
        common[at] = float(state.round)
        at += 1
        # The same rules as state.observation(seat) (which a test holds this to): secret
        # per-player variables only for their own seat, secret shared ones for nobody.
        scores = state.scores()
        eliminated = state.eliminated
        pvars = state.pvars
        block = self._seat_block
        layout = self._player_layout
        seats_at = at
        for index in range(self.seats):
            if eliminated[index]:
                common[at] = 1.0
            common[at + 1] = value(scores[index])
            values = pvars[index]
            for offset, name, secret, listed in layout:
                if not secret:
                    self._put_at(common, at + offset, values.get(name), listed)
            at += block
        shared = state.vars
        for place, name, listed in self._global_layout:
            self._put_at(common, place, shared.get(name), listed)
        at = seats_at + self.seats * block + self._globals_width
        contents = state.contents
        step = 3 + len(self.classes)
        zones_at = at
        for zone_id in self._zone_ids:  # how many a zone holds is seen by all
            held = contents[zone_id]
            if held:
                common[at] = float(len(held))
            at += step
        # Piece slots: a piece's rank among those of its kind is its slot, as in the actions.
        loc = state.loc
        made: dict[str, int] = {}
        kinds = self.piece_slots
        slots = []
        for piece in state.pieces:
            kind = piece.type
            rank = made.get(kind, 0)
            made[kind] = rank + 1
            slot = kinds.get(kind)
            if slot is None or rank >= slot[1]:
                continue
            names = slot[2]
            slots.append((loc[piece.id], at + slot[0] + rank * (2 + len(names)), piece.id, names))
        out = []
        for seat in seats:
            vector = common[:]
            values = pvars[seat]
            mine = seats_at + seat * block
            for offset, name, secret, listed in layout:
                if secret:
                    self._put_at(vector, mine + offset, values.get(name), listed)
            out.append(self._seat_part(state, seat, vector, zones_at, slots))
        return out

    def _put_at(self, out: list[float], at: int, value: Any, listed: bool) -> None:
        """A known variable's slots: known, its value, and for a list variable its first items."""
        out[at] = 1.0
        out[at + 1] = self._value(value)
        if listed and (value.__class__ is list or value.__class__ is tuple):
            for offset, item in enumerate(value[:LIST_ITEMS], 2):
                out[at + offset] = self._value(item)

    def _seat_part(self, state, seat: int, out: list[float], zones_at: int, slots: list) -> list[float]:
        """What only `seat` sees, added to the common part `out`: the zones and the pieces it sees.

        `slots` are the pieces that have a slot: (zone id, where the slot starts, piece id, the
        variables it shows).
        """
        out[seat] = 1.0
        other = len(self.classes)
        pieces = state.pieces
        classes = self.classes
        contents = state.contents
        for offset, zone_id in self._seen_zones[seat]:
            at = zones_at + offset
            out[at + 1] = 1.0
            base = at + 2
            for piece_id in contents[zone_id]:  # most cells of a board are empty: nothing to count
                out[base + classes.get(pieces[piece_id]._signature, other)] += 1.0
        sees = self._sees[seat]
        piece_vars = state.piece_vars
        value = self._value
        for zone_id, base, piece_id, names in slots:
            if sees[zone_id]:
                out[base] = 1.0
                out[base + 1] = float(zone_id + 1)
                for offset, name in enumerate(names, 2):
                    out[base + offset] = value(piece_vars[(piece_id, name)])
        return out

