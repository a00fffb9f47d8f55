"""Whether a decision can show the seat that takes it something it could not see: what makes undo safe.

A seat that takes a decision and then sees its consequences must not be able to
go back and decide again with what it learned, unless what it learned was
already its to know. The engine checks one decision by running it twice: once
for real, and once on a *veiled copy* of the state, in which everything the
engine keeps hidden from the seat is replaced by a stand-in that stops the run
the moment the rules touch it (compare it, count with it, print it, move it,
even ask what kind of value it is). The decision shows the seat nothing new
only when the veiled run reaches the same seat's next decision without touching
anything veiled, and the seat's observation there is exactly the same as after
the real run: then what the seat sees next follows from what it could see and
from its own choice alone.

Veiled (hidden from the seat):

* the contents and order of every zone it may not look into; their sizes stay
  readable, since every seat sees how many things a zone holds;
* every piece in such a zone, wherever the rules refer to it (a variable, a
  name, a list, a loop, the options of the decision);
* the other seats' secret variables, the secret shared variables, and the
  variables of the pieces it cannot see;
* public log lines held back by a simultaneous loop.

Chance is never run in a veiled copy: a draw or a roll ends the check, and it
counts as new information, as does reaching another seat's decision or the end.

The boundary: what the rules keep under a name while they run (`let`, a rule's
parameters, a loop variable, an earlier choice) is taken as known to the seat,
unless it is a piece the seat cannot see. Rules that work something out from
hidden things, keep only the result under a name across the seat's decision and
show it afterwards, are not caught; the engine cannot tell such a number from
one worked out from the table without following every value (see
docs/engine-api.md, "What undo may take back").
"""

from __future__ import annotations

import copy
from typing import Any

from interpreter.runtime import HELD, WorldMemo
from interpreter.values import Piece


class SecretTouched(BaseException):
    """The rules touched something veiled. A BaseException, so that no `except Exception` in the
    rules' runtime can swallow it and carry on as if the value had been read."""


def _touched(*_args: Any, **_kwargs: Any) -> Any:
    raise SecretTouched


class Veiled:
    """A value hidden from the seat: every use of it, even `isinstance`, raises SecretTouched."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        raise SecretTouched


for _method in (
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__", "__len__",
    "__iter__", "__reversed__", "__contains__", "__getitem__", "__setitem__", "__delitem__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__",
    "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__", "__neg__", "__pos__",
    "__abs__", "__invert__", "__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
    "__index__", "__int__", "__float__", "__round__", "__str__", "__repr__", "__format__", "__call__",
    "__copy__", "__deepcopy__", "__reduce__", "__reduce_ex__",
):
    setattr(Veiled, _method, _touched)


class VeiledContents:
    """The contents of a zone the seat may not look into: only its size can be read.

    Pieces the seat knows may still be put into it (on top or at the bottom); taking
    anything out, or looking at what is there, raises SecretTouched.
    """

    __slots__ = ("count",)

    def __init__(self, count: int):
        object.__setattr__(self, "count", count)

    def __getattribute__(self, name: str) -> Any:
        if name in ("count", "append", "insert", "__class__"):
            return object.__getattribute__(self, name)
        raise SecretTouched

    def __len__(self) -> int:
        return object.__getattribute__(self, "count")

    def __bool__(self) -> bool:
        return object.__getattribute__(self, "count") > 0

    def append(self, _piece_id: int) -> None:
        object.__setattr__(self, "count", object.__getattribute__(self, "count") + 1)

    def insert(self, _position: int, _piece_id: int) -> None:
        object.__setattr__(self, "count", object.__getattribute__(self, "count") + 1)


for _method in (
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__iter__", "__reversed__",
    "__contains__", "__getitem__", "__setitem__", "__delitem__", "__add__", "__radd__", "__mul__",
    "__rmul__", "__str__", "__repr__", "__format__", "__copy__", "__deepcopy__", "__reduce__",
    "__reduce_ex__", "__iadd__",
):
    setattr(VeiledContents, _method, _touched)

_VEILED = Veiled()


def zone_visible_to(zone: Any, seat: int) -> bool:
    """Whether `seat` may see what `zone` holds (as `State.observation` shows it)."""
    return zone.visibility == "public" or (
        zone.visibility == "owner" and zone.owner is not None and zone.owner.index == seat)


def veiled_copy(state: Any, seat: int, suspect=None) -> Any:
    """A copy of `state` in which everything hidden from `seat` is veiled (see the module docstring)."""
    veiled = state.clone()
    world = copy.copy(state.world)
    # A define evaluated on veiled values must never be remembered for the real game.
    world.memo = WorldMemo(state.world.memo.module, veiled, len(world.zones))
    veiled.world = world
    hidden_zones = {zone.id for zone in world.zones if not zone_visible_to(zone, seat)}
    hidden_pieces: set[int] = set()
    for zone_id in hidden_zones:
        hidden_pieces.update(veiled.contents[zone_id])
        veiled.contents[zone_id] = VeiledContents(len(veiled.contents[zone_id]))
        veiled.owned[zone_id] = True  # its own: a piece put there counts up, taking one out raises
    # A hidden zone's kinds (`State.drawn_kinds`) are as secret as its pieces: a draw there must raise.
    veiled.drawn_kinds = {zone_id: kinds for zone_id, kinds in veiled.drawn_kinds.items() if zone_id not in hidden_zones}

    def veil(value: Any) -> Any:
        """A value with the pieces the seat cannot see veiled, at any depth of lists."""
        cls = value.__class__
        if cls is Piece:
            return _VEILED if value.id in hidden_pieces else value
        if cls is list:
            return [veil(item) for item in value]
        if cls is tuple:
            return tuple(veil(item) for item in value)
        return value

    veiled.pieces = [_VEILED if piece.id in hidden_pieces else piece for piece in veiled.pieces]
    veiled.piece_vars = {key: (_VEILED if key[0] in hidden_pieces else veil(value))
                         for key, value in veiled.piece_vars.items()}
    declarations = state.program.var_decls
    for player_index, variables in enumerate(veiled.pvars):
        for name in variables:
            declaration = declarations.get(name)
            if declaration is not None and declaration.secret and player_index != seat:
                variables[name] = _VEILED
            else:
                variables[name] = veil(variables[name])
    for name in veiled.vars:
        declaration = declarations.get(name)
        veiled.vars[name] = _VEILED if declaration is not None and declaration.secret else veil(veiled.vars[name])
    veiled.log = [(to, _VEILED) if to == HELD else (to, text) for to, text in veiled.log]

    # Where the rules wait: the shared names of setup and play, and each waiting
    # function's saved locals (the copy makes its generators again from these).
    for name in veiled.env:
        veiled.env[name] = veil(veiled.env[name])
    veiled._frames = [(function_id, point, tuple(veil(value) for value in saved))
                      for function_id, point, saved in veiled.frames]
    veiled.running = None
    if veiled.pending is not None and veiled.pending[0] == "choice":
        veiled.pending[3] = [veil(option) for option in veiled.pending[3]]
    return veiled


def decision_reveals(state: Any, index: int) -> bool:
    """Whether taking decision `index` could show the seat to move something it could not see.

    False only when the veiled run reaches the same seat's next decision without
    touching anything veiled, and the seat sees there exactly what it would see
    after the real run. Anything else (a chance event or another seat comes first,
    the game ends, the rules fail) counts as new information: True.
    """
    if state.is_terminal() or state.is_chance():
        return True
    seat = state.current_player()
    real = state.clone()
    try:
        real.apply_action(index)
    except Exception:  # noqa: BLE001 - an action that fails teaches nothing to go back for; the caller sees the error
        return True
    if real.is_terminal() or real.current_player() != seat:
        return True
    try:
        veiled = veiled_copy(state, seat)
        veiled.apply_action(index)
        if veiled.is_terminal() or veiled.current_player() != seat:
            return True
        return veiled.observation(seat) != real.observation(seat)
    except SecretTouched:
        return True
    except Exception:  # noqa: BLE001 - a veiled value can make the rules fail in any way: that is a touch too
        return True


def decision_seen_by(state: Any, index: int, seat: int) -> tuple[str, str] | None:
    """The question and option of decision `index`, as `seat` (not the one deciding) may read them, or None.

    Both are written on a copy of the state veiled for `seat`: a face-down card, an
    option from a hand `seat` may not look into, a question or a label that reads a
    secret, touch a stand-in and give None. So does a decision taken while a
    simultaneous loop holds its public lines back: the seats choose blind there.
    """
    if state.is_terminal() or state.is_chance() or state.held:
        return None
    try:
        veiled = veiled_copy(state, seat)
        return veiled.prompt(), veiled.action_label(index)
    except SecretTouched:
        return None
    except Exception:  # noqa: BLE001 - a veiled value can make the rules fail in any way: that is a touch too
        return None
