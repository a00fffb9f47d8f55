"""Any rules file as an OpenSpiel game: `pyspiel.load_game("pirdsl", {"file": ..., "players": ...})`.

Importing this module registers the game `pirdsl` with OpenSpiel (install it with
`pip install 'pirdsl[openspiel]'`). Its parameters:

- `file`: the rules file (a path);
- `players`: the player count (default: the file's smallest);
- `variants`: variant names joined by `+` (`"storm+shipwrecks"`), default none;
- `params`: game parameters as `NAME:VALUE` joined by `+` (`"dice_sides:3+num_dice:2"`);
  each may also be given by its own name (`{"dice_sides": 3}`) once OpenSpiel knows the
  name: `load(file, dice_sides=3)` tells it, and so does loading the file once; unknown
  names, values that are not whole numbers or outside their range are a ValueError;
- `max_game_length`: the longest game in decisions (forced ones included, chance
  outcomes not, as OpenSpiel counts it). Default 0: the rules' own bound, derived from
  them or declared (`longest N decisions`), else a cap of 100,000; `game.facts` says
  which. A game that runs longer stops with an error, so the bound is never passed.

The OpenSpiel players are the seats that decide; automa seats (`state.is_automa`) are
played by the rules inside the game and are not OpenSpiel players, so the returns are
the deciding seats' own: what the file's `payoff` line pays them, else their shares
of the win. The game's utility (zero-sum, constant-sum or general-sum), `utility_sum`,
`min_utility` and `max_utility` are the payoff line's promises (`game.facts`; without
`from LOW to HIGH` the bounds are -inf and inf), else those of a shared win: constant-sum
1 in [0, 1] where no automa seat and no elimination can break the sum. Actions are the game's fixed action numbers
(interpreter/actions.py), the observation tensor is interpreter/encoding.py's, and the
observation string is the seat's view on one short line (`compact_view`). The information state
(perfect recall) is what the seat has seen, in order: its observation at every decision
of the game so far, who took each decision and which action it took itself. Its string adds
to the observation line the last decisions and a digest of that record and of the seat's log.
Its tensor (pirdsl/adapters/tensors.py) lays the record out in one fixed slot per decision
up to the longest game where that stays small (`game.information_layout.kind` is
"perfect_recall"), else keeps the last few decisions in full and totals of the rest
("recent": a fixed, affordable size, but not perfect recall).
docs/adapters.md shows it in use.
"""

from __future__ import annotations

import functools
import hashlib
import json
import struct
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on what is installed
    from pirdsl.adapters import missing_extra
    raise missing_extra("OpenSpiel", "openspiel") from error

from interpreter import load_game as _load_rules
from interpreter.actions import ActionSpace
from interpreter.encoding import ObservationEncoding, game_facts
from interpreter.values import log_text
from pirdsl.adapters import split_variants
from pirdsl.adapters.tensors import InformationStateLayout, information_layout  # noqa: F401 (the layouts' home)

SHORT_NAME = "pirdsl"
_DEFAULTS = {"file": "", "players": 0, "variants": "", "params": "", "max_game_length": 0}
# Game parameter names of rules files, registered as OpenSpiel parameters of their own (see `declare_params`),
# each with a default no range holds: OpenSpiel hands every registered name over, and this one means "not given".
_NOT_GIVEN = -(2 ** 31) + 1
_PARAM_NAMES: dict[str, int] = {}
# The most decision points whose observations a game keeps for states that replay their game.
REPLAYED_LIMIT = 200_000
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_new_box = object.__new__


def _game_type(facts=None, min_players: int = 1, max_players: int = 100) -> "pyspiel.GameType":
    """The GameType: the registered one (facts=None: what any rules file may be) or one file's."""
    Type = pyspiel.GameType
    if facts is None:
        chance, information, utility = Type.ChanceMode.EXPLICIT_STOCHASTIC, Type.Information.IMPERFECT_INFORMATION, \
            Type.Utility.GENERAL_SUM
    else:
        chance = Type.ChanceMode.EXPLICIT_STOCHASTIC if facts.chance else Type.ChanceMode.DETERMINISTIC
        information = Type.Information.PERFECT_INFORMATION if facts.perfect_information \
            else Type.Information.IMPERFECT_INFORMATION
        utility = Type.Utility.GENERAL_SUM
        if facts.constant_sum:
            utility = Type.Utility.ZERO_SUM if facts.utility_sum == 0 else Type.Utility.CONSTANT_SUM
    return Type(
        short_name=SHORT_NAME, long_name="pirdsl rules file",
        dynamics=Type.Dynamics.SEQUENTIAL, chance_mode=chance, information=information, utility=utility,
        reward_model=Type.RewardModel.TERMINAL, max_num_players=max_players, min_num_players=min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={**_DEFAULTS, **_PARAM_NAMES})


def declare_params(rules) -> None:
    """Tell OpenSpiel the names of a rules file's game parameters, so that `load_game` takes them by name.

    OpenSpiel checks every parameter against the registered game's list, which for
    `pirdsl` cannot know a file's own; registering again with the names added lets
    `pyspiel.load_game("pirdsl", {"file": ..., "dice_sides": 3})` through (a name is an
    integer parameter, not given unless set; the file itself then checks it).
    """
    names = {name: _NOT_GIVEN for name in rules.param_decls if name not in _DEFAULTS and name not in _PARAM_NAMES}
    if names:
        _PARAM_NAMES.update(names)
        pyspiel.register_game(_game_type(), PirdslGame)


def split_params(text) -> dict[str, str]:
    """The `params` parameter (`"dice_sides:3+num_dice:2"`) as {name: value}."""
    values: dict[str, str] = {}
    for part in str(text or "").replace(",", "+").split("+"):
        if not part.strip():
            continue
        name, colon, value = part.partition(":")
        if not colon:
            name, colon, value = part.partition("=")
        if not colon or not name.strip():
            raise ValueError(f"the params parameter takes NAME:VALUE joined by +, not {part!r}")
        values[name.strip()] = value.strip()
    return values


class PirdslGame(pyspiel.Game):
    """One rules file at one player count and set of variants, as an OpenSpiel game."""

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        path = str(params.get("file") or "")
        if not path:
            raise ValueError("give the rules file: pyspiel.load_game('pirdsl', {'file': 'games/x.pir'})")
        rules = _load_rules(path)
        declare_params(rules)
        # OpenSpiel hands over every registered name: those left at `_NOT_GIVEN` were not given.
        params = {name: value for name, value in params.items() if value != _NOT_GIVEN}
        unknown = set(params) - set(_DEFAULTS) - set(rules.param_decls)
        if unknown:
            known = ", ".join([*_DEFAULTS, *rules.param_decls])
            raise ValueError(f"unknown parameter {sorted(unknown)[0]!r}: the parameters are {known}")
        values = split_params(params.get("params", ""))
        values.update({name: params[name] for name in rules.param_decls if name in params})
        rules = rules.with_params(values)  # checks names, whole numbers and ranges
        players = int(params.get("players") or rules.min_players)
        variants = sorted(split_variants(params.get("variants", "")))
        given_length = int(params.get("max_game_length") or 0)
        self.rules = rules
        self.player_count = players
        self.variant_names = variants
        self.space = ActionSpace(rules, players, variants)  # checks players and variants
        self.encoding = ObservationEncoding(rules, players, variants, self.space)
        self.facts = game_facts(rules, players, variants, self.space)
        max_length = self.max_length = given_length or self.facts.max_game_length
        start = rules.new_state(players=players, seed=0, variants=variants)
        self.seats = [seat for seat in range(start.num_seats) if not start.is_automa(seat)]
        # Perfect recall where it fits, else the recent decisions and totals (pirdsl/adapters/tensors.py).
        self.information_layout = information_layout(len(self.seats), self.space, self.encoding.size, max_length)
        # "derived" or "declared": the rules' own bound; "cap": none, so DEFAULT_MAX_GAME_LENGTH;
        # "given": the caller's max_game_length.
        self.length_source = "given" if given_length else self.facts.max_game_length_source
        self.player_of_seat = {seat: player for player, seat in enumerate(self.seats)}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=self.space.chance_size,
            num_players=len(self.seats), min_utility=self.facts.min_utility, max_utility=self.facts.max_utility,
            utility_sum=self.facts.utility_sum, max_game_length=max_length)
        # Only what differs from the defaults, so that the game's name reads back the same.
        given = {"file": path, "players": players}
        if variants:
            given["variants"] = "+".join(variants)
        # Parameters go in one text, which any process can load back without knowing their names.
        changed = [f"{name}:{value}" for name, value in rules.param_values.items()
                   if value != rules.param_decls[name].default]
        if changed:
            given["params"] = "+".join(changed)
        if given_length:
            given["max_game_length"] = given_length
        super().__init__(_game_type(self.facts, rules.min_players, rules.max_players), info, given)
        self._shared = _Shared(self)
        _LOADED.setdefault(str(self), self)

    def new_initial_state(self) -> "PirdslState":
        """The state at the first decision or chance event after setup."""
        # Made here rather than in an `__init__` of its own: OpenSpiel makes one for every copy.
        state = PirdslState(self)
        state._engine = self._shared.start_box
        return state

    def make_py_observer(self, iig_obs_type=None, params=None) -> "PirdslObserver":
        """Observation (perfect_recall false) or information state (true) strings and tensors."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return PirdslObserver(self, perfect_recall, params)


class _Shared:
    """What every state of one game shares and never changes: copies keep the same one."""

    def __init__(self, game: PirdslGame):
        self.rules, self.space, self.seats = game.rules, game.space, game.seats
        self.player_of_seat, self.max_length = game.player_of_seat, game.max_length
        self.length_source = game.length_source
        self.encoding = game.encoding
        # An observation tensor as float32 bytes, as `array("f", ...).tobytes()` gives them, but quicker.
        self.pack_view = struct.Struct(f"={game.encoding.size}f").pack
        self.player_count, self.variant_names = game.player_count, game.variant_names
        self.name = str(game)
        # What an information-state string calls an action (`pass`) and a player (`P2`).
        self.labels: dict[int, str] = {}
        self.player_names = [f"P{seat + 1}" for seat in game.seats]
        # Whether anyone has asked for an information state (string or tensor): from then on every
        # state notes each player's observation at a decision before it is copied or moves on.
        self.recall = False
        self.replayed: dict[tuple, tuple] = {}  # history before a decision -> its trail entry (`trail`)
        # The state after setup, which every new game starts from (a copy made at its first move).
        self.start = game.rules.new_state(players=game.player_count, seed=0, variants=game.variant_names)
        self.start_box = _Engine(self, self.start, fresh=True)  # every new game's, until it moves

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return _shared_of, (self.name,)

    def label(self, action: int) -> str:
        """An action number as one word of an information-state string: `pass`, `cell_12`."""
        found = self.labels.get(action)
        if found is None:
            found = self.labels[action] = self.space.describe(action).removeprefix("name ").replace(" ", "_")
        return found

    def views(self, engine) -> tuple:
        """Every player's observation tensor of `engine`, as float32 bytes (one trail entry)."""
        pack = self.pack_view
        return tuple(pack(*vector) for vector in self.encoding.encode_seats(engine, self.seats))

    def trail(self, box: "_Engine") -> tuple:
        """Every player's observation at each decision point so far, the current one included.

        Kept on the box and copied with it, so a walk that asks at every decision works
        each point out once; a point nobody asked about is found by replaying the game.
        """
        state = box.state
        points = len(box.mine) + (0 if state.is_terminal() or state.is_chance() else 1)
        trail = box.trail
        if len(trail) >= points:
            return trail
        if len(trail) == len(box.mine):  # only the decision now is missing
            box.trail = trail = trail + (self.views(state),)
            return trail
        # States made before anyone asked (a list of every state, then a question for each)
        # replay their games; the decision points they share are worked out once.
        replayed = self.replayed
        if len(replayed) > REPLAYED_LIMIT:
            replayed.clear()
        replay = self.start.clone()
        history = state.history
        found = []
        for at, index in enumerate(history):
            if not replay.is_chance() and not replay.is_terminal():
                key = tuple(history[:at])
                views = replayed.get(key)
                if views is None:
                    views = replayed[key] = self.views(replay)
                found.append(views)
            replay.apply_action(index)
        if points > len(found):
            found.append(self.views(state))
        box.trail = trail = tuple(found)
        return trail


_LOADED: dict[str, "PirdslGame"] = {}


def _shared_of(name: str) -> _Shared:
    """The shared part of the game named `name` (`pirdsl(file=...,players=...)`), for unpickling."""
    game = _LOADED.get(name)
    if game is None:
        game = _LOADED[name] = pyspiel.load_game(name)
    return game._shared


class _Engine:
    """The engine's state, copied with its own fast, exact `clone()` when OpenSpiel copies a state.

    It also keeps the players' past actions and their observations at each decision
    point (for perfect recall) and, until the next move, each seat's observation text
    (OpenSpiel asks for both strings of every player) and the decision's legal action
    numbers. Boxes are shared, and never change the state they hold once shared
    (`fresh`): every new game holds the game's one start box, and a copied state holds
    its original's, until it moves (OpenSpiel copies a state by making a new game and
    deep-copying its attributes over it, so both steps cost next to nothing).
    """

    __slots__ = ("shared", "state", "mine", "texts", "trail", "legal", "fresh", "digests", "logs")

    def __init__(self, shared: "_Shared", state, mine: tuple = (), trail: tuple = (), legal=None,
                 fresh: bool = False, digests: tuple | None = None, logs: tuple | None = None):
        self.shared = shared    # the game's (one attribute for OpenSpiel to copy, not two)
        self.state = state
        self.mine = mine        # (player, action number) of every decision, oldest first
        self.texts: dict | None = None  # seat -> (its observation line, the log's lines), once asked
        self.trail = trail      # per decision point: every player's observation (_Shared.trail)
        # (moves made, {action number: engine index}, the numbers in order) of the decision now
        self.legal = legal
        self.fresh = fresh      # shared by more than one OpenSpiel state: copy `state` before it changes
        # Per player, the running digests of its information-state string (`information_string`), or None.
        # Never changed in place: a copy shares the tuple, and each entry says how far it goes.
        self.digests = digests
        # Per seat, the log's lines it was shown as far as read (`log_lines`), or None; shared as `digests`.
        self.logs = logs

    def __deepcopy__(self, memo):
        # A shared box (a new game's) stays shared; any other is copied with its state.
        shared = self.shared
        if shared.recall and len(self.trail) == len(self.mine):
            self.note_views()
        if self.fresh:
            return self
        # `copy.deepcopy` keeps the original alive in the memo under the memo's own id, finding that
        # list missing (a KeyError) on the first copy of every fresh memo: made here, it is not raised.
        if memo is not None:
            memo.setdefault(id(memo), [])
        # Slots set one by one: cheaper than `__init__` with its defaults, on OpenSpiel's every copy.
        box = _new_box(_Engine)
        box.shared = shared
        box.state = self.state.clone()
        box.mine = self.mine
        box.texts = None
        box.trail = self.trail
        box.legal = self.legal
        box.fresh = False
        box.digests = self.digests
        box.logs = self.logs
        return box

    def __reduce__(self):
        return _Engine, (self.shared, self.state, self.mine)

    def note_views(self) -> None:
        """Add the players' observations at the decision now to the trail, if the trail has all before it.

        Done when the state is copied or moves on, so that the copies (a walk's children)
        share the entry instead of each replaying the game to find it.
        """
        state = self.state
        if len(self.trail) == len(self.mine) and not state.terminal and not state.is_chance():
            self.trail = self.trail + (self.shared.views(state),)

    def decoded(self, space) -> tuple:
        """(moves, {action number: engine index}, sorted numbers) of the decision now, worked out once.

        At a chance event the numbers are its outcomes' and a fourth item holds
        (outcome number, probability) in order.
        """
        state = self.state
        legal = self.legal
        if legal is None or legal[0] != len(state.history):
            if state.pending is not None and state.pending[0] == "chance":
                outcomes, found = space.chance_decode(state)
                legal = self.legal = (len(state.history), found, [number for number, _ in outcomes], outcomes)
            else:
                found = space.decode(state)
                legal = self.legal = (len(state.history), found, sorted(found))
        return legal

    def observation_text(self, seat: int) -> str:
        return self.seen(seat)[0]

    def information_string(self, player: int) -> str:
        """The information-state string of OpenSpiel player `player` (docs/adapters.md, "Information states").

        The observation line, then the decisions so far (its own by their action, another
        player's by who took it; the last DECISIONS_SHOWN of them), and a digest of all it has
        seen: who decided when, its own actions, its observation at each decision and what
        the log has shown it.

        The digest is made of two chains kept on the box, so that each call hashes only
        what is new since the last: one over the decisions taken (each step: who took it
        or the seat's own action, and the seat's observation at it), one over the log's
        lines the seat was shown (a step a line). Both depend on what the seat saw, never
        on when anyone asked, so a state replayed from its history gets the same string.
        """
        shared = self.shared
        text, lines = self.seen(shared.seats[player])
        shared.recall = True
        trail = shared.trail(self)
        mine = self.mine
        made = len(mine)
        digests = self.digests
        kept = digests[player] if digests is not None else None
        if kept is None or kept[0] > made or kept[2] > len(lines):
            kept = _DIGESTS_START
        points, moves, counted, log = kept
        sha, pack = hashlib.sha256, _MOVE.pack
        for at in range(points, made):
            who, action = mine[at]
            moves = sha(moves + pack(action if who == player else -1 - who) + trail[at][player]).digest()
        shown_log = log
        for line in lines[counted:]:
            shown_log = sha(shown_log + line.encode()).digest()
        # Inside a simultaneous loop (`held`) public lines are held back and, at its end, take
        # their place among the lines already shown: only lines shown outside one stay put.
        if not self.state.held:
            counted, log = len(lines), shown_log
        digests = list(digests or (None,) * len(shared.seats))
        digests[player] = (made, moves, counted, log)
        self.digests = tuple(digests)
        now = trail[made][player] if len(trail) > made else b""  # the observation at the decision now
        recall = sha(moves + now + shown_log)
        label, names = shared.label, shared.player_names
        shown = [label(action) if who == player else names[who] for who, action in mine[-DECISIONS_SHOWN:]]
        if made > DECISIONS_SHOWN:
            shown.insert(0, "...")
        return f"{text} | {' '.join(shown) or '-'} ~{recall.hexdigest()[:12]}"

    def seen(self, seat: int) -> tuple[str, list[str]]:
        """The seat's observation as one short line (`compact_view`), and the log's lines it has been shown."""
        texts = self.texts
        if texts is None:
            texts = self.texts = {}
        found = texts.get(seat)
        if found is None:
            found = texts[seat] = (compact_view(self.state.observation(seat, log=False)), self.log_lines(seat))
        return found

    def log_lines(self, seat: int) -> tuple:
        """The log's lines the seat has been shown (`State.log_for`), writing out only lines new since the last call.

        What was read is kept per seat as (entries read, the last of them, lines) and goes
        with copies. A state's log only grows, except where a simultaneous loop ends and its
        held-back lines are rewritten as public (`State.release_log`): that makes new entries
        from the first held one on, so the last entry read is no longer the same object, and
        the lines are written out afresh.
        """
        log = self.state.log
        logs = self.logs
        kept = logs[seat] if logs is not None else None
        if kept is not None and kept[0] <= len(log) and (kept[0] == 0 or log[kept[0] - 1] is kept[1]):
            read, _, lines = kept
        else:
            read, lines = 0, ()
        if read < len(log):
            lines += tuple(log_text(text) for to, text in log[read:] if to is None or to == seat)
        logs = list(logs or (None,) * self.state.num_seats)
        logs[seat] = (len(log), log[-1] if log else None, lines)
        self.logs = tuple(logs)
        return lines


# A line's longest list of items, and the longest line, before the rest is given as a digest.
ITEMS_SHOWN = 8
LINE_SHOWN = 160
# Own decisions and others' turns shown at the end of an information-state string (the digest has all).
DECISIONS_SHOWN = 8
# An information-state digest's steps: a decision as its action number, or -1 - the player who took it;
# and where its chains start: (decisions in, their digest, log lines in, their digest).
_MOVE = struct.Struct("=q")
_DIGESTS_START = (0, bytes(32), 0, bytes(32))


@functools.lru_cache(maxsize=4096)  # seat names and the file's words: few, and asked at every decision
def _seat_token(name) -> str:
    """`Player 2` -> `P2`; other names as they are."""
    text = str(name)
    if text.startswith("Player ") and text[7:].isdigit():
        return "P" + text[7:]
    return text.replace(" ", "_")


def _value_text(value) -> tuple[str, bool]:
    """A variable's value in a few characters, and whether all of it is shown."""
    if value.__class__ is int:  # most variables: counts and scores
        return str(value), True
    if isinstance(value, bool):
        return ("yes" if value else "no"), True
    if isinstance(value, (list, tuple)):
        shown = [_value_text(item)[0] for item in value[:ITEMS_SHOWN]]
        return ",".join(shown) or "-", len(value) <= ITEMS_SHOWN
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_value_text(item)[0]}" for key, item in sorted(value.items())) + "}", True
    if isinstance(value, str):
        return _seat_token(value), True
    return str(value), True


def _holder_parts(holder: dict) -> tuple[list[str], bool]:
    """`paid 1 hand Queen`: a seat's or the table's variables and zones (items where seen, else counts)."""
    parts: list[str] = []
    whole = True
    variables = holder.get("vars")
    if variables:
        for name in sorted(variables):
            value = variables[name]
            if value is None:
                continue
            text, complete = _value_text(value)
            whole = whole and complete
            parts.append(f"{name} {text}")
    zones = holder.get("zones")
    if zones:
        for name in sorted(zones):
            zone = zones[name]
            items = zone.get("items")
            if items is None:
                parts.append(f"{name} {zone.get('count', 0)}")
                continue
            runs: list[list] = []  # equal items in a row are one `name*count`
            for item in items:
                if runs and runs[-1][0] == item:
                    runs[-1][1] += 1
                else:
                    runs.append([item, 1])
            shown = [str(item).replace(" ", "_") + (f"*{count}" if count > 1 else "") for item, count in runs[:ITEMS_SHOWN]]
            whole = whole and len(runs) <= ITEMS_SHOWN
            parts.append(f"{name} {','.join(shown) or '-'}")
    return parts, whole


def compact_view(view: dict) -> str:
    """A seat's observation (without its log) as one short, readable line.

    `P2: P1 paid 2 score -2 hand 1; P2 paid 1 score -1 hand Queen; deck 1; to move P2`:
    the seat whose view it is, then each seat's variables (none shown when none) and
    zones (the items it sees, else how many), the table's, the round and phase where
    they are not the first round's `Play`, and who moves (or who won). What does not
    fit (long item lists, boards, lines past LINE_SHOWN characters) is summed up by a
    digest of the whole view after `#`, so two different views never read the same.
    """
    seats = view.get("seats") or []
    names = [_seat_token(seat.get("name", f"Player {index + 1}")) for index, seat in enumerate(seats)]
    me = view.get("seat")
    pieces: list[str] = []
    whole = True
    for index, seat in enumerate(seats):
        parts, complete = _holder_parts(seat)
        whole = whole and complete
        if seat.get("score"):
            parts.insert(0, f"score {seat['score']}")
        if seat.get("automa"):
            parts.insert(0, "automa")
        if seat.get("eliminated"):
            parts.insert(0, "out")
        pieces.append(" ".join([names[index], *parts]))
    table, complete = _holder_parts(view.get("globals") or {})
    whole = whole and complete
    if table:
        pieces.append(" ".join(table))
    if view.get("boards"):
        whole = False
        pieces.append("boards")
    if view.get("round") or view.get("phase") not in (None, "Play"):
        pieces.append(f"round {view.get('round')} {view.get('phase')}")
    if view.get("terminal"):
        winners = ",".join(names[seat] if 0 <= seat < len(names) else str(seat)
                           for seat in view.get("winners") or []) or "none"
        pieces.append(f"over, won {winners}")
    else:
        mover = view.get("to_move")
        pieces.append(f"to move {names[mover] if isinstance(mover, int) and 0 <= mover < len(names) else mover}")
    head = names[me] if isinstance(me, int) and 0 <= me < len(names) else str(me)
    line = f"{head}: " + "; ".join(pieces)
    if len(line) > LINE_SHOWN:
        line = line[:LINE_SHOWN - 3] + "..."
        whole = False
    if not whole:
        full = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
        line += " #" + hashlib.sha256(full.encode()).hexdigest()[:16]
    return line


class PirdslState(pyspiel.State):
    """A pirdsl state behind OpenSpiel's State API (`.engine` is the pirdsl state)."""

    # Made by `PirdslGame.new_initial_state`, which gives it the game's start box as `_engine`.

    @property
    def engine(self):
        """The pirdsl state (docs/engine-api.md) this OpenSpiel state wraps."""
        return self._owned().state

    def _owned(self) -> "_Engine":
        """This state's box, first made its own (with a copy of the engine state) if it is shared."""
        box = self._engine
        if box.fresh:
            if box.shared.recall:
                box.note_views()
            box = self._engine = _Engine(box.shared, box.state.clone(), box.mine, box.trail, box.legal,
                                         digests=box.digests, logs=box.logs)
        return box

    # OpenSpiel's State answers these through C++, which asks `current_player` again on the way;
    # answered here, a Python caller skips those round trips (C++ callers still get the same answers).

    def current_player(self) -> int:
        box = self._engine
        engine = box.state
        if engine.terminal:
            return _TERMINAL
        pending = engine.pending
        if pending[0] == "chance":
            return _CHANCE
        return box.shared.player_of_seat[pending[2]]

    def is_chance_node(self) -> bool:
        engine = self._engine.state
        return not engine.terminal and engine.pending[0] == "chance"

    def is_player_node(self) -> bool:
        engine = self._engine.state
        return not engine.terminal and engine.pending[0] != "chance"

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers (at a chance event its outcomes'; none for a player not to move)."""
        box = self._engine
        engine = box.state
        if engine.terminal:
            return []
        if player is not None and engine.pending[0] != "chance" and player != self.current_player():
            if player < 0:
                raise RuntimeError(f"legal_actions asked for the pseudo-player {player}")
            return []
        return list(box.decoded(box.shared.space)[2])

    def _legal_actions(self, player: int) -> list[int]:
        box = self._engine
        if box.state.terminal or box.state.is_chance():
            return []
        return box.decoded(box.shared.space)[2]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._engine
        if not self.is_chance_node():
            return []
        return list(box.decoded(box.shared.space)[3])

    def _apply_action(self, action: int) -> None:
        box = self._owned()
        game = box.shared
        state = box.state
        pending = state.pending
        if pending is not None and pending[0] == "chance":
            index = box.decoded(game.space)[1].get(action)
            if index is None:
                game.space.chance_index(state, action)  # raises the one-line ActionSpaceError
            box.texts = None
            state.apply_action(index)
            return
        if len(box.mine) >= game.max_length:
            if game.length_source in ("derived", "declared"):
                raise RuntimeError(f"this game asks more than the {game.max_length} decisions the rules file "
                                   f"{game.length_source} as its longest game: the bound is wrong")
            raise RuntimeError(f"the game has run past max_game_length {game.max_length}: "
                               f"load it with a larger max_game_length")
        index = box.decoded(game.space)[1].get(action)
        if index is None:
            game.space.engine_index(state, action)  # raises the one-line ActionSpaceError
        if game.recall:
            box.note_views()
        box.mine += ((game.player_of_seat[state.current_player()], action),)
        box.texts = None
        state.apply_action(index)

    def information_state_string(self, player: int | None = None) -> str:
        box = self._engine
        player = self.current_player() if player is None else player
        if not 0 <= player < len(box.shared.seats):
            raise RuntimeError(f"information_state_string asked for player {player}: the players are "
                               f"0 to {len(box.shared.seats) - 1}")
        return box.information_string(player)

    def observation_string(self, player: int | None = None) -> str:
        box = self._engine
        player = self.current_player() if player is None else player
        if not 0 <= player < len(box.shared.seats):
            raise RuntimeError(f"observation_string asked for player {player}: the players are "
                               f"0 to {len(box.shared.seats) - 1}")
        return box.seen(box.shared.seats[player])[0]

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self._engine.state
        space = self._engine.shared.space
        if not engine.is_terminal():
            try:
                return engine.action_labels()[space.engine_index(engine, action)]
            except Exception:  # not legal here: say what the number stands for
                pass
        return space.describe(action, chance=player < 0)

    def is_terminal(self) -> bool:
        return self._engine.state.terminal

    def returns(self) -> list[float]:
        shares = self._engine.state.returns()
        return [shares[seat] for seat in self._engine.shared.seats]

    def __str__(self) -> str:
        engine = self._engine.state
        return (f"{engine.program.name}, round {engine.round}, {engine.phase}; "
                f"scores {engine.scores()}; moves {len(engine.history)}")


class PirdslObserver:
    """OpenSpiel's observer interface: a tensor and strings for one player at a time."""

    def __init__(self, game: PirdslGame, perfect_recall: bool, params: Any = None):
        if params:
            raise ValueError(f"the pirdsl observer takes no parameters, got {params}")
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.information_layout.size if perfect_recall else game.encoding.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: PirdslState, player: int) -> None:
        game = self.game
        seat = game.seats[player]
        if not self.perfect_recall:
            self.tensor[:] = game.encoding.encode(state._engine.state, seat)
            return
        layout = game.information_layout
        box = state._engine
        box.shared.recall = True
        trail = box.shared.trail(box)
        self.tensor.fill(0.0)
        layout.fill(self.tensor, game.encoding.encode(box.state, seat), box.mine, trail, player)

    def string_from(self, state: PirdslState, player: int) -> str:
        box = state._engine
        seat = box.shared.seats[player]
        if not self.perfect_recall:
            return box.seen(seat)[0]
        return box.information_string(player)


pyspiel.register_game(_game_type(), PirdslGame)


def load(file: str, players: int | None = None, variants=(), **params) -> PirdslGame:
    """`pyspiel.load_game("pirdsl", ...)` with Python arguments: `load("games/glory_islands.pir", 3)`.

    `params` are OpenSpiel's (`max_game_length`) and the file's game parameters by name
    (`load("liars_dice.pir", dice_sides=3)`).
    """
    declare_params(_load_rules(str(file)))
    given: dict[str, Any] = {"file": str(file)}
    if players:
        given["players"] = int(players)
    names = split_variants(variants)
    if names:
        given["variants"] = "+".join(names)
    given.update(params)
    return pyspiel.load_game(SHORT_NAME, given)
