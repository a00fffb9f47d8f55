"""The ceiling on what rules may pile up between two decisions: log lines and the size of values.

A loop that never ends is stopped after `limits.STEP_LIMIT` steps without a decision
or chance event. Steps alone do not bound memory: a loop that writes a log line, or
makes a list longer, at every step holds gigabytes long before its two millionth.
So every `limits.CHECK_EVERY` steps without a decision (and only then: a game that
reaches decisions sooner is never measured, and its loops pay nothing more than the
step count they always paid) the engine measures what the rules keep, and stops
them, naming the loop, when

- the log has grown by more than `MAX_LOG_LINES` lines since the last decision, or
  those lines hold more than `MAX_LOG_SIZE` items (see below);
- the values the rules keep hold more than `MAX_SIZE` items: the variables (of
  the game, of each player, of each piece) and the names of setup and play, and the
  `let` names and parameters of the rules that are running.

A value's size in items: a list, tuple or dictionary counts its entries plus the
sizes of what they hold, a text its characters, anything else 1. No game comes near
these ceilings: a rulebook's game keeps a few hundred items and writes a few lines
between decisions; the shipped games stay far below them (tests/test_faults_proc.py).
"""

from __future__ import annotations

import sys

MAX_LOG_LINES = 100_000
MAX_LOG_SIZE = 1_000_000
# Also a bound on time: a list that grows by copying (`fleet = fleet + [x]`) costs steps
# times its length, so a million-item ceiling would be met only after minutes.
MAX_SIZE = 100_000
_CONTAINERS = (list, tuple, dict)


class Overgrown(Exception):
    """What the rules keep grew past a ceiling without a decision (a kind of runaway loop)."""


def size(value, limit: int = MAX_SIZE) -> int:
    """How many items `value` holds (entries of lists, tuples and dictionaries, characters of text), up to `limit`.

    Stops counting once past `limit`, so that measuring a huge value costs no more
    than measuring one at the ceiling.
    """
    total = 0
    waiting = [value]
    while waiting:
        item = waiting.pop()
        cls = item.__class__
        if cls is str:
            total += len(item)
        elif cls is list or cls is tuple:
            total += len(item)
            if total > limit:
                return total
            waiting.extend(inner for inner in item if inner.__class__ in _CONTAINERS or inner.__class__ is str)
        elif cls is dict:
            total += len(item)
            if total > limit:
                return total
            waiting.extend(inner for inner in item.values() if inner.__class__ in _CONTAINERS or inner.__class__ is str)
        else:
            total += 1
        if total > limit:
            return total
    return total


def check(st, log_start: int, measured: list[int]) -> None:
    """Raise `Overgrown` when the log since `log_start` or the values the rules keep are past a ceiling.

    Args:
        st: the state whose rules are running.
        log_start: the length the log had when this stretch without a decision began.
        measured: [log lines measured so far, their items], carried from one check
            to the next of the same stretch, so that each line is measured once.
    """
    log = st.log
    new_lines = len(log) - log_start
    if new_lines > MAX_LOG_LINES:
        raise Overgrown(f"the rules wrote {new_lines:,} log lines without a decision "
                        f"(at most {MAX_LOG_LINES:,} may come between two): is a loop never ending?")
    items = measured[1]
    for index in range(max(measured[0], log_start), len(log)):
        text = log[index][1]
        items += 1 + (size(text[1], MAX_LOG_SIZE - items) if text.__class__ is tuple else 0)
        if items > MAX_LOG_SIZE:
            raise Overgrown(f"the log lines written without a decision hold more than {MAX_LOG_SIZE:,} items "
                            "(each line's values counted): is a loop never ending?")
    measured[0], measured[1] = len(log), items
    kept = 0
    largest, largest_size = None, -1

    def weigh(name: str, value) -> None:
        nonlocal kept, largest, largest_size
        if value.__class__ in _CONTAINERS or value.__class__ is str:
            amount = size(value, MAX_SIZE - kept)
            kept += amount
            if amount > largest_size:
                largest, largest_size = name, amount
            if kept > MAX_SIZE:
                raise Overgrown(f"the rules keep more than {MAX_SIZE:,} items without a decision, "
                                f"{'most' if largest_size < kept else 'all'} of them in {largest}: "
                                "is a loop never ending?")

    for name, value in st.vars.items():
        weigh(name, value)
    for player_vars in st.pvars:
        for name, value in player_vars.items():
            weigh(name, value)
    for (_, name), value in st.piece_vars.items():
        weigh(name, value)
    for name, value in st.env.items():
        weigh(name, value)
    # The running rules' own names: the frames of the generated module on this call's stack.
    filenames = st.program.line_maps  # the ordinary build's, and the playout build's (interpreter/playout.py)
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename in filenames:
            for name, value in frame.f_locals.items():
                if name.startswith("v_"):
                    weigh(name[2:], value)
        frame = frame.f_back
