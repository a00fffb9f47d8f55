"""What generated game code calls: the language's operations on a state's values.

Compiled rules (see `interpreter/compiler.py`) run as plain Python; whatever the
language does beyond Python's own operators (attributes of players, pieces and
cells, moving and creating pieces, the log, choices among options) is one of
these functions, each taking the state first.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain
from operator import attrgetter

from interpreter import growth, limits
from interpreter.builtins import IMPLEMENTATIONS, as_list, type_name, whole
from interpreter.playout import take_chance as _take_chance
from interpreter.playout import take_decision as _take_decision
from interpreter.values import Blind, Piece, Player, Zone, show

_type_of = attrgetter("type")
_kind_of = attrgetter("_kind")  # a piece's signature as a number (values.Piece)
_chain = chain.from_iterable
HELD = -1  # the seat of a public log line held back until a simultaneous loop ends


def _add(a, b, state):
    if isinstance(a, Zone):
        a = state.pieces_in(a)
    if isinstance(b, Zone):
        b = state.pieces_in(b)
    return a + b


def _divide(a, b):
    """Exact division: a whole number when it divides evenly, else an exact fraction."""
    if isinstance(a, bool) or isinstance(b, bool):
        raise TypeError("cannot divide true/false")
    if isinstance(a, (int, Fraction)) and isinstance(b, (int, Fraction)):
        result = Fraction(a) / Fraction(b)
        return result.numerator if result.denominator == 1 else result
    return a / b





def get_attribute(st, obj, name: str, player_var: bool, player_zone: bool):
    """The value of `obj.name` for any runtime value."""
    if isinstance(obj, Player):
        if player_var:
            return st.pvars[obj.index][name]
        if player_zone:
            return st.world.player_zones[obj.index][name]
        if name == "name":
            return obj.name
        if name == "index":
            return obj.index
        raise AttributeError(f"a player has no '{name}'")
    if isinstance(obj, Piece):
        try:
            return obj.fields[name]
        except KeyError:
            raise AttributeError(f"a {obj.type} has no field '{name}'") from None
    if isinstance(obj, Zone):
        if name in obj.layers:
            return obj.layers[name]
        if name == "row":
            return obj.row
        if name == "col":
            return obj.col
        if name == "owner":
            return obj.owner
        if name == "name":
            return obj.name
        if name == "board":
            return obj.board
        raise AttributeError(f"{obj.label} has no '{name}'")
    raise AttributeError(f"{type_name(obj)} has no '{name}'")




# ---------------------------------------------------------------- helpers for generated expressions


def _global(st, name):
    return st.vars[name]


def _round(st):
    return st.round


def _player_var(st, obj, name):
    if obj.__class__ is Player:
        return st.pvars[obj.index][name]
    return get_attribute(st, obj, name, True, False)


def _piece_var(st, obj, name):
    if obj.__class__ is Piece:
        try:
            return st.piece_vars[(obj.id, name)]
        except KeyError:
            raise AttributeError(f"a {obj.type} has no variable '{name}'") from None
    return get_attribute(st, obj, name, False, False)


def _set_piece_var(st, piece, name, value, add):
    if piece.__class__ is not Piece:
        raise TypeError(f"'.{name}' belongs to a piece, not {type_name(piece)}")
    key = (piece.id, name)
    if key not in st.piece_vars:
        raise AttributeError(f"a {piece.type} has no variable '{name}'")
    st.piece_vars[key] = st.piece_vars[key] + value if add else value


def _player_zone(st, obj, name):
    if obj.__class__ is Player:
        return st.world.player_zones[obj.index][name]
    return get_attribute(st, obj, name, False, True)


def _field(st, obj, name):
    if obj.__class__ is Piece:
        fields = obj.fields
        if name in fields:
            return fields[name]
    return get_attribute(st, obj, name, False, False)


def _layer(st, obj, name):
    if obj.__class__ is Zone:
        layers = obj.layers
        if name in layers:
            return layers[name]
    return get_attribute(st, obj, name, False, False)


def _attribute(st, obj, name):
    if obj.__class__ is Zone and name not in obj.layers:
        if name == "col":
            return obj.col
        if name == "row":
            return obj.row
    return get_attribute(st, obj, name, False, False)


def _index(st, obj, key):
    if obj.__class__ is list and key.__class__ is int and -len(obj) <= key < len(obj):
        return obj[key]
    if isinstance(obj, dict):
        try:
            return obj[key]
        except (KeyError, TypeError):
            raise KeyError(f"the table has no row for {show(key)}") from None
    items = as_list(st, obj)
    key = whole(key, "a list position (a whole number)")
    if not -len(items) <= key < len(items):
        raise IndexError(f"position {key} is outside a list of {len(items)}")
    return items[key]


def _plus(st, a, b):
    if a.__class__ is Zone or b.__class__ is Zone:
        return _add(a, b, st)
    return a + b


def _member(st, element, collection):
    if isinstance(collection, Zone):
        return isinstance(element, Piece) and element.id in st.contents_of(collection)
    if isinstance(collection, dict):
        return element in collection
    return element in as_list(st, collection)


def option_key(st, value):
    """What makes two options the same: choosing either leaves the game in the same state.

    The same piece, look-alike pieces (same kind, fields and variables) in the same
    zone or cell, the same player or zone, or equal plain values; a list is the same
    as another when its items are, in order, at any depth. 1 and true stay apart.
    """
    cls = value.__class__
    if cls is Piece:
        return ("piece", st.piece_key(value), st.loc[value.id])
    if cls is list or cls is tuple:
        return ("list", tuple(option_key(st, item) for item in value))
    if cls is Player:
        return ("player", value.index)
    if cls is Zone:
        return ("zone", value.id)
    if cls is Blind:
        return ("face down", value.zone.id)
    if cls is bool:
        return ("bool", value)
    if cls is dict:
        return ("table", id(value))
    try:
        hash(value)
    except TypeError:
        return ("other", repr(value))
    return ("value", value)


def _face_down(st, values: list, seat: int) -> list:
    """Pieces the chooser may not see become one face-down option per zone they lie in.

    The chooser can tell such pieces apart only by where they are, so it is offered
    the pile, not the pieces; which piece it gets is then decided by chance.
    """
    piles: dict[int, Blind] = {}
    out = []
    zones = st.world.zones
    loc = st.loc
    for value in values:
        if value.__class__ is Piece:
            zone = zones[loc[value.id]]
            if not zone.seen_by(seat):
                pile = piles.get(zone.id)
                if pile is None:
                    pile = piles[zone.id] = Blind(zone, [])
                    out.append(pile)
                if value.id not in pile.pieces:
                    pile.pieces.append(value.id)
                continue
        out.append(value)
    return out


def _distinct_options(st, values: list) -> list:
    """Options without repeats (see `option_key`), in the order first met."""
    seen = set()
    out = []
    for value in values:
        key = option_key(st, value)
        if key not in seen:
            seen.add(key)
            out.append(value)
    return out


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise TypeError(f"only numbers can be added or taken away, not {type_name(value)}")
    return value


def _set_player_var(st, player, name, value, add):
    if player.__class__ is not Player:
        raise TypeError(f"'.{name}' belongs to a player, not {type_name(player)}")
    variables = st.pvars[player.index]
    variables[name] = variables[name] + value if add else value


def _move(st, thing, destination, on_top):
    if destination.__class__ is not Zone:
        raise TypeError(f"pieces can only move to a zone or cell, not {type_name(destination)}")
    if thing is None:
        raise TypeError("there is nothing to move (the value is none)")
    if thing.__class__ is Piece:
        st.move_piece(thing.id, destination.id, on_top)
    else:
        if thing.__class__ is Zone:
            st.move_zone(thing.id, destination.id, on_top)
            return
        pieces = list(as_list(st, thing))
        for piece in pieces:
            if piece.__class__ is not Piece:
                raise TypeError(f"only pieces can move, not {type_name(piece)}")
        # Several pieces keep their order, whether they go on top or at the bottom.
        for piece in (pieces if on_top else reversed(pieces)):
            st.move_piece(piece.id, destination.id, on_top)


MAX_PIECES = 100_000  # pieces in one game, all kinds together (docs/language.md, 4.4 and 10)


def _create(st, type_name_, count, fields, zone):
    if zone.__class__ is not Zone:
        raise TypeError(f"pieces are created in a zone or cell, not {type_name(zone)}")
    count = whole(count, "a number of pieces (a whole number)")
    if count < 0:
        raise ValueError(f"cannot create {count} pieces")
    if len(st.pieces) + count > MAX_PIECES:
        raise ValueError(f"a game may have at most {MAX_PIECES:,} pieces, and this would make "
                         f"{len(st.pieces) + count:,}")
    for _ in range(count):
        st.create_piece(type_name_, dict(fields), zone)
    if not st.in_setup:
        # Counted apart from the pieces themselves, so that a test can check that every
        # piece beyond setup's was made by a `create` (see tests/test_playouts.py).
        st.created_in_play += count


def _pieces_of_places(st, zones):
    """`all_pieces` of a list the compiler knows holds only zones and cells (no test of each)."""
    pieces = st.pieces
    contents = st.contents
    out = []
    for zone in zones:
        ids = contents[zone.id]
        if ids:  # most cells of a board are empty: no loop for them
            for piece_id in ids:
                out.append(pieces[piece_id])
    return out


def _count_pieces(st, zones):
    """`count(all_pieces(zones))`, without making the list: how many pieces the zones hold."""
    if zones.__class__ is list:
        contents = st.contents
        count = 0
        for zone in zones:
            if zone.__class__ is not Zone:
                return len(IMPLEMENTATIONS["all_pieces"](st, zones))  # which says what is wrong
            count += len(contents[zone.id])
        return count
    return len(IMPLEMENTATIONS["all_pieces"](st, zones))


def _log(st, to, text):
    if to is None:
        st.log.append((HELD if st.held else None, text))
        return
    if to.__class__ is not Player:
        raise TypeError(f"a private log line goes to a player, not {type_name(to)}")
    st.log.append((to.index, text))


def _shuffle(st, zone):
    if zone.__class__ is not Zone:
        raise TypeError(f"only a zone or cell can be shuffled, not {type_name(zone)}")
    # Every piece there is now in an order nobody knows; draws decide it piece by piece.
    st.mark_unordered(zone.id, len(st.contents[zone.id]))


def _eliminate(st, player):
    if player.__class__ is not Player:
        raise TypeError(f"only a player can be eliminated, not {type_name(player)}")
    st.eliminated[player.index] = True


def _repeat_count(n):
    return whole(n, "a number of times (a whole number)")


# ---------------------------------------------------------------- waiting for decisions and chance


class _Marker:
    """A one-of-a-kind value the generated code tests by identity."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


GROUPS_PER_ZONE = 4  # running counts a zone keeps up at most (WorldMemo.group_of_zones)


class WorldMemo(dict):
    """A world's remembered defines, those that read nothing play changes (interpreter/compiler.py).

    Keyed by the define and its arguments; a define without arguments by its name alone,
    which the generated code reads as a plain lookup (`st.world.memo['lap']`), as it would a
    constant: the first lookup works the define out, with `define_NAME` of `module` (the
    game's generated module). Any state of the world gives such a define the same value,
    so it is worked out with `state`: the world's first (State.__init__), or the stand-in
    that works out an automa's condition while the world is made.

    A define with one parameter keeps its values in a table of its own, `'@D'`, by the
    argument's kind and then by the argument (a define with more, by a key of the arguments
    and their kinds); the groups of zones its values are counted as (below), in `'#D'`.

    Beside the defines, the groups of zones whose pieces the rules count often
    (`count(all_pieces(D(...)))` of such a define, `group_of_zones`): every state of the
    world keeps a running count of the pieces in each group (`State.group_counts`).
    """

    __slots__ = ("module", "state", "groups", "zone_groups", "_group_ids", "_interned")

    def __init__(self, module: dict, state=None, zone_count: int = 0):
        super().__init__()
        self.module = module
        self.state = state
        self.groups: list[tuple[int, ...]] = []  # group id -> the ids of its zones
        # zone id -> the ids of the groups it belongs to. Never changed in place: a new group
        # makes a new list, so a state whose counts follow an older list can tell (`State.zone_groups`).
        # Zones in the same groups share one tuple, so a move between two of them changes no count.
        self.zone_groups: list[tuple[int, ...]] = [()] * zone_count
        self._group_ids: dict[tuple[int, ...], int] = {}  # the ids of a group's zones -> its id
        self._interned: dict[tuple[int, ...], tuple[int, ...]] = {(): ()}

    def group_of_zones(self, zones):
        """A group's id for the zones of a list (made the first time), to read a running count
        of their pieces (`State.group_counts`); the ids of the zones when any of them is in
        GROUPS_PER_ZONE groups already (counting them is then left to the caller); None when
        `zones` is not a list of zones."""
        if zones.__class__ is not list or not all(zone.__class__ is Zone for zone in zones):
            return None
        listed = tuple([zone.id for zone in zones])
        ids = tuple(sorted(set(listed)))
        if len(ids) < len(listed):
            return listed  # a zone listed twice counts twice: summed, not a group
        group = self._group_ids.get(ids)
        if group is not None:
            return group
        zone_groups = self.zone_groups
        if any(len(zone_groups[zone_id]) >= GROUPS_PER_ZONE for zone_id in ids):
            # Every move in or out of such a zone would pay for each of its groups:
            # enough of them cost more than summing the zones' lengths when counted.
            return listed
        group = len(self.groups)
        self.groups = self.groups + [ids]
        self._group_ids[ids] = group
        zone_groups = list(zone_groups)
        interned = self._interned
        for zone_id in ids:
            joined = zone_groups[zone_id] + (group,)
            zone_groups[zone_id] = interned.setdefault(joined, joined)
        self.zone_groups = zone_groups  # last: a state that sees it finds the groups it names
        return group

    def __missing__(self, key):
        if key.__class__ is not str:
            raise KeyError(key)
        if key[0] in "@#":  # a one-parameter define's table of values ('@D') or of counted groups ('#D')
            value = self[key] = {}
            return value
        value = self[key] = self.module["define_" + key](self.state)
        return value


_WAIT = _Marker("<waiting for a decision or chance>")  # what _choose and _draw give when play must stop
_UNSET = _Marker("<no value yet>")  # a saved local that had no value when its function stopped


class EndGame(BaseException):
    """`end game`: stops the rules wherever they are, for final scoring. A BaseException, so that
    nothing that handles the rules' own errors can take it for one."""


class Runaway(Exception):
    """The rules went round their loops too many times without a decision."""


def _runaway(st):
    """The rules' loops spent their slice of steps (`limits.CHECK_EVERY`) without a decision.

    Checks that what the rules keep has not outgrown its ceiling (interpreter/growth.py),
    then gives them the next slice, up to `limits.STEP_LIMIT` steps in all since the
    decision (a loop that pays for many steps at once, `repeat N times`, may overdraw
    its slice: the overdraft counts). `st.stretch` is [the decisions taken before this
    stretch, steps spent before this slice, the log's length at the stretch's first
    check, and what interpreter/growth.py has measured of the log since]; a decision
    taken since starts a new stretch.
    """
    step_limit = limits.STEP_LIMIT
    slice_steps = limits.CHECK_EVERY
    stretch = st.stretch
    decisions = len(st.history)
    if stretch is None or stretch[0] != decisions:
        stretch = st.stretch = [decisions, 0, len(st.log), [0, 0]]
    stretch[1] += slice_steps - st.budget
    if stretch[1] >= step_limit:
        raise Runaway(f"the rules ran {step_limit} steps without a decision: is a loop never ending?")
    try:
        growth.check(st, stretch[2], stretch[3])
    except growth.Overgrown as error:
        raise Runaway(str(error)) from None
    st.budget = slice_steps


# Options of these kinds are the same option exactly when they are equal (see `option_key`).
_PLAIN_OPTIONS = frozenset({int, float, Fraction, str, type(None), Player, Zone})
_PIECES = frozenset({Piece})
_LISTS = frozenset({list})
# Kinds no two of which are ever equal, but for 1 and true: tagged with its kind, an item of
# these is the same as another exactly when `option_key` says so.
_TAGGED_ITEMS = frozenset({int, bool, str, type(None), Player, Zone})
_id_of = attrgetter("id")


def _unique_by(keys: list, values: list) -> list:
    """`values` without those whose key was met before, in order (keys[i] is values[i]'s)."""
    if len(set(keys)) == len(keys):
        return values
    return list(map(values.__getitem__, map(keys.index, dict.fromkeys(keys))))


def _zone_options(st, zone, chooser) -> list:
    """The options of a choice among what a zone holds: `_face_down`, then `_distinct_options`, at once."""
    ids = st.contents[zone.id]
    if not ids:
        return []
    if not chooser.is_automa and not st.world.seen[chooser.index][zone.id]:
        return [Blind(zone, list(ids))]  # one face-down pile
    pieces = list(map(st.pieces.__getitem__, ids))
    keyed = st.program.piece_var_names
    if keyed and not keyed.keys().isdisjoint(map(_type_of, pieces)):
        return _distinct_options(st, pieces)
    kinds = list(map(st.piece_kinds.__getitem__, ids))  # all in one place: their kinds tell them apart
    return pieces if len(set(kinds)) == len(kinds) else _unique_by(kinds, pieces)


def _piece_options(st, values: list, chooser) -> list:
    """The options of a choice among pieces: `_face_down`, then `_distinct_options`, in C where it can."""
    where = list(map(st.loc.__getitem__, map(_id_of, values)))
    if not chooser.is_automa and not all(map(st.world.seen[chooser.index].__getitem__, where)):
        return _distinct_options(st, _face_down(st, values, chooser.index))
    keyed = st.program.piece_var_names
    if keyed and not keyed.keys().isdisjoint(map(_type_of, values)):
        return _distinct_options(st, values)
    return _unique_by(list(zip(map(_kind_of, values), where)), values)


def _list_options(st, values: list) -> list:
    """The options of a choice among lists: `_distinct_options`, with cheap keys for flat lists of plain items."""
    if not _TAGGED_ITEMS.issuperset(map(type, _chain(values))):
        return _distinct_options(st, values)
    plain = list(map(tuple, values))
    if len(set(plain)) == len(plain):  # no two equal even with 1 and true alike: no two the same option
        return values
    return _unique_by([tuple(zip(map(type, value), value)) for value in values], values)


def _options(st, optional: bool, chooser, options) -> list:
    """The options of a `chooses` as the seat to choose is offered them (raises when it must choose from none)."""
    if chooser.__class__ is not Player:
        raise TypeError(f"only a player can choose, not {type_name(chooser)}")
    if options.__class__ is Zone:
        values = _zone_options(st, options, chooser)
    else:
        values = options if options.__class__ is list else as_list(st, options)
        if _PLAIN_OPTIONS.issuperset(map(type, values)):
            # Numbers, names, players and zones: none is face down, and equal ones are the
            # same option (players and zones are one object each), so a dict tells them apart.
            unique = dict.fromkeys(values)
            if len(unique) != len(values):
                values = list(unique)
        else:
            kinds = set(map(type, values))
            if kinds == _PIECES:
                values = _piece_options(st, values, chooser)
            elif kinds == _LISTS:
                values = _list_options(st, values)
            else:
                if not chooser.is_automa and Piece in kinds:
                    values = _face_down(st, values, chooser.index)
                values = _distinct_options(st, values)
    if not values and not optional:
        raise RuntimeError(f"{chooser.name} must choose, but there is nothing to choose from")
    return values


def _automa_choice(chooser, values: list, optional: bool):
    """The rules play an automa: it can only be "asked" when there is no choice; the value it must take."""
    if len(values) + optional > 1:
        raise RuntimeError(f"{chooser.name} is played by the rules and cannot be asked to choose")
    return values[0] if values else None


def _choose(st, site: int, optional: bool, chooser, options):
    """A `chooses`: the options, and _WAIT with the decision pending, or the value an automa must take."""
    values = _options(st, optional, chooser, options)
    if chooser.is_automa:
        return _automa_choice(chooser, values, optional)
    # Every decision of a player is offered, even one with a single option:
    # the table may take it without asking, but counts (perft) must see it.
    st.pending = ["choice", site, chooser.index, values]
    return _WAIT


def _choose_in_playout(st, site: int, optional: bool, chooser, options):
    """`_choose` in the playout build (interpreter/playout.py): the value taken, the decision counted."""
    if chooser.__class__ is Player and not chooser.is_automa:
        # `_options`' usual cases, without its call: a player offered plain values or a zone (see there).
        if options.__class__ is list and _PLAIN_OPTIONS.issuperset(map(type, options)):
            unique = dict.fromkeys(options)
            values = options if len(unique) == len(options) else list(unique)
            if values or optional:
                return _take_decision(st, site, chooser.index, values, optional)
        elif options.__class__ is Zone:
            values = _zone_options(st, options, chooser)
            if values or optional:
                return _take_decision(st, site, chooser.index, values, optional)
    values = _options(st, optional, chooser, options)
    if chooser.is_automa:
        return _automa_choice(chooser, values, optional)
    return _take_decision(st, site, chooser.index, values, optional)


def _choose_plain_in_playout(st, site: int, optional: bool, chooser, options: list):
    """`_choose_in_playout` where the compiler knows the options: a list of numbers, names,
    players, zones or cells (`_PLAIN_OPTIONS`) offered to a player. The same value taken."""
    unique = dict.fromkeys(options)  # equal options are one (`_options`)
    if len(unique) != len(options):
        options = list(unique)
    if not options and not optional:
        raise RuntimeError(f"{chooser.name} must choose, but there is nothing to choose from")
    if chooser.is_automa:
        return _automa_choice(chooser, options, optional)
    return _take_decision(st, site, chooser.index, options, optional)


def _choose_distinct_in_playout(st, site: int, optional: bool, chooser, options: list):
    """`_choose_in_playout` where the compiler knows the options: a list of distinct zones or
    cells (`[s for s in cells(board) where ...]`) offered to a player. The same value taken,
    the same errors (`_options`, `_automa_choice`)."""
    if not options and not optional:
        raise RuntimeError(f"{chooser.name} must choose, but there is nothing to choose from")
    if chooser.is_automa:
        return _automa_choice(chooser, options, optional)
    return _take_decision(st, site, chooser.index, options, optional)


def _draw_outcomes(st, container) -> tuple[list, list]:
    """A `draw`'s outcomes and their weights (at least one outcome; raises when there is none)."""
    if container.__class__ is Zone:
        zone_id = container.id
        ids = st.contents[zone_id]
        shuffled = st.unordered.get(zone_id) if st.unordered else None
        if shuffled is not None and len(ids) > shuffled:
            # Put on top since the shuffle: its place is known, so it comes first.
            return [st.pieces[ids[-1]]], [1]
        # One outcome per kind of look-alike pieces, as likely as there are of them,
        # in the order each kind is first met.
        pieces = st.pieces
        keyed = st.program.piece_var_names
        if not keyed:
            # Followed by the state from the zone's first draw on (`State.drawn_kinds`), as
            # the pieces come and go: no look at each piece.
            summary = st.drawn_kinds.get(zone_id)
            if summary is None:
                summary = st.kinds_drawn(zone_id)
            counts, firsts = summary
            outcomes = list(map(pieces.__getitem__, firsts.values()))
            weights = list(counts.values())
        else:
            if shuffled is not None:
                ids = ids[:shuffled]
            if not keyed.keys().isdisjoint(map(_type_of, in_zone := list(map(pieces.__getitem__, ids)))):
                keys = [st.piece_key(piece) for piece in in_zone]
                kinds = dict.fromkeys(keys)  # in the order first met; counted and found in C
                outcomes = list(map(in_zone.__getitem__, map(keys.index, kinds)))
                weights = list(map(keys.count, kinds))
            else:  # kinds by the pieces' ids, counted in one pass (a dict keeps the order first met)
                kinds = st.piece_kinds
                counts = {}
                firsts = []
                for piece_id in ids:
                    kind = kinds[piece_id]
                    if kind in counts:
                        counts[kind] += 1
                    else:
                        counts[kind] = 1
                        firsts.append(pieces[piece_id])
                outcomes = firsts
                weights = list(counts.values())
    else:
        outcomes = list(as_list(st, container))
        weights = [1] * len(outcomes)
    if not outcomes:
        raise RuntimeError("cannot draw from an empty zone or list")
    return outcomes, weights


def _draw(st, site: int, container):
    """A `draw`: the piece or value when there is only one outcome, else _WAIT with chance pending."""
    outcomes, weights = _draw_outcomes(st, container)
    if len(outcomes) == 1:
        return outcomes[0]
    st.pending = ["chance", site, outcomes, weights]
    return _WAIT


def _draw_in_playout(st, site: int, container):
    """`_draw` in the playout build (interpreter/playout.py): the outcome drawn, the chance step counted."""
    outcomes, weights = _draw_outcomes(st, container)
    if len(outcomes) == 1:
        return outcomes[0]
    return _take_chance(st, site, outcomes, weights)


def _resumed(st):
    """When a copy or a restored game goes on: the generator of its next frame, outermost first."""
    function_id, point, saved = st.restoring.pop()
    return st.program.resumable[function_id](st, point, saved)


def _resumed_in_playout(st):
    """`_resumed` for the playout build (interpreter/playout.py): the next frame's function, run."""
    function_id, point, saved = st.restoring.pop()
    return st.world.playout_functions[function_id](st, point, saved)


def _weighted_outcomes(st, container, weights) -> list:
    """`draw ... weighted ...`'s outcomes with a weight above 0, each with its weight (at least one)."""
    outcomes = list(as_list(st, container))
    weights = list(as_list(st, weights))
    if len(weights) != len(outcomes):
        raise ValueError(f"'weighted' gives {len(weights)} weights for {len(outcomes)} elements: give one for each")
    for weight in weights:
        if weight.__class__ is not int or weight < 0:
            raise ValueError(f"a weight must be a whole number, 0 or more, not {show(weight)}")
    kept = [(outcome, weight) for outcome, weight in zip(outcomes, weights) if weight > 0]
    if not kept:
        raise RuntimeError("cannot draw: every weight is 0")
    return kept


def _weighted_draw(st, site: int, container, weights):
    """`draw ... weighted ...`: each element as likely as its weight; one that cannot come up is left out."""
    kept = _weighted_outcomes(st, container, weights)
    if len(kept) == 1:
        return kept[0][0]
    st.pending = ["chance", site, [o for o, _ in kept], [w for _, w in kept]]
    return _WAIT


def _weighted_draw_in_playout(st, site: int, container, weights):
    """`_weighted_draw` in the playout build (interpreter/playout.py): the outcome drawn, the chance step counted."""
    kept = _weighted_outcomes(st, container, weights)
    if len(kept) == 1:
        return kept[0][0]
    return _take_chance(st, site, [o for o, _ in kept], [w for _, w in kept])


def _roll(st, site: int, outcomes: list, weights: list) -> None:
    st.pending = ["chance", site, outcomes, weights]


def _release(st) -> None:
    st.release_log()


def _begin_round(st) -> None:
    st.round += 1
    st.log.append((None, f"Round {st.round}"))


def _begin_playout_round(st) -> None:
    """`_begin_round` in the playout build: its log line only when the playout keeps the log."""
    st.round += 1
    if st.playout.log:
        st.log.append((None, f"Round {st.round}"))


def _end_setup(st) -> None:
    st.in_setup = False
    st.phase = "Play"


def _begin_final_scoring(st) -> None:
    st.scoring = True
    st.phase = "Final scoring"


def _end_game(st) -> None:
    if st.scoring:
        raise RuntimeError("'end game' cannot be used during final scoring: the game is already ending")
    raise EndGame()




_show = show
_as_list = as_list
_Player, _Piece, _Zone = Player, Piece, Zone
globals().update({f"_f_{name}": function for name, function in IMPLEMENTATIONS.items()})

# What a generated module imports (`from interpreter.runtime import *`).
__all__ = [name for name in list(globals()) if name.startswith("_") and not name.startswith("__")
           and name not in ("_add", "_Marker")]
