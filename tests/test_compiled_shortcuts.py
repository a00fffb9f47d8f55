"""Shortcuts the compiler takes for the small games give the same values and the same errors.

- `all` and `any` of a comprehension (and `count([...]) == 0`): the language works out every
  element of the list before `all` or `any` looks at it, so an element that fails is an error
  even after the answer is settled. The compiler writes them as a loop of their own
  (interpreter/expressions.py, `_quantifier`), which stops at the first element that settles
  the answer only where the later ones cannot fail, or once their variable has passed a test
  that says so, the others still worked out in order.
- `at(board, row, column)` with a row and a column written out (or going through a `range` of
  numbers written out) within the board is a cell, never none (interpreter/purity.py).
- A choice among distinct cells of a board, or among plain values, skips the runtime's search
  for pieces and equal options in the playout build (runtime `_choose_distinct_in_playout`).
- A small define given an argument that is not a local (`holds(p, step(s, d))`) is written out
  where it is used, the argument kept with `:=` first (`_inline`), instead of being called.
- `[count([x for x in xs where f(x) == q]) for q in qs]` makes the list of keys f(x) once and
  counts each q in it (`_counts_by_value`), only when qs has an element.
- `xs[n % count(xs)]` (or `% m`, `m` a define whose body is `count(xs)`) tests only that the
  index is a whole number (`_wrapped_index`).
- `distance(a, b) <= r` between cells of square grids compares each axis with r, without `max`
  (`_distance_within`).
- A loop through a zone or cell that holds nothing goes through `[]` (`_pieces_in`).
- `[x for x in xs order by ...]` is `sorted(xs, key=...)`, without a copy of xs first
  (`_sorted_as_it_is`).

Each expression is played both ways: as the compiler writes it now, and as it was written
before (the shortcuts turned off); the two must agree, value or error.
"""

from __future__ import annotations

import re

import pytest

from interpreter import GameRuleError, load_source, purity
from interpreter.expressions import ExpressionWriter
from interpreter.playout import Playout

RULES = '''
game "Quantifiers":
  players 2 to 2

score p: 0

piece stone(owner) labelled "stone"
board b: grid 1 by 3
  layer ground:
    "x x x"
var result = none

define places = [at(b, 0, 0), at(b, 0, 1), at(b, 0, 2)]
define holds(p, s) = not empty(s) and top(s).owner == p

setup:
  create 1 stone(first(players)) in at(b, 0, 0)
  create 1 stone(first(players)) in at(b, 0, 2)

play:
  let p = first(players)
  result = EXPR
'''

OUTSIDE = "at(b, 0, 9)"  # none: empty() of it fails

EXPRESSIONS = [
    # no element can fail: stops at the answer
    "all([x > 0 for x in [0, 1]])",
    "any([x > 0 for x in [0, 1, 2]])",
    "all([x > 0 for x in []])",
    "any([x > 0 for x in []])",
    "all([not empty(s) for s in places])",
    "any([empty(s) for s in places])",
    "any([holds(p, s) for s in places])",
    "all([holds(p, s) for s in places where not empty(s)])",
    # a later element fails: the error, whatever the answer so far
    f"all([not empty(s) for s in places + [{OUTSIDE}]])",
    f"any([empty(s) for s in places + [{OUTSIDE}]])",
    f"any([not empty(s) for s in [{OUTSIDE}] + places])",
    f"all([holds(p, s) for s in [at(b, 0, 1), {OUTSIDE}]])",
    f"any([holds(p, s) for s in [at(b, 0, 0), {OUTSIDE}]])",
    "all([holds(p, s) for s in [at(b, 0, 1), 3]])",
    f"all([empty(s) for s in [at(b, 0, 1), {OUTSIDE}] where s != none])",
    f"all([empty(s) for s in [at(b, 0, 0), {OUTSIDE}] where s != none])",
    "all([x > 0 for x in [0, \"a\"]])",
    "any([x > 0 for x in [1, \"a\"]])",
    "all([10 / x > 1 for x in [20, 0]])",
    # a quantifier inside a quantifier
    f"any([all([holds(p, s) for s in line]) for line in [[at(b, 0, 0), at(b, 0, 2)], [at(b, 0, 1), {OUTSIDE}]]])",
    f"any([all([holds(p, s) for s in line]) for line in [[at(b, 0, 1), {OUTSIDE}], [at(b, 0, 0)]]])",
    "any([all([holds(p, s) for s in line]) for line in [[at(b, 0, 1), at(b, 0, 0)], [at(b, 0, 0)]]])",
    "all([any([empty(s) for s in line]) for line in [[at(b, 0, 0), at(b, 0, 1)], [at(b, 0, 2)]]])",
    # `count([...]) == 0`: whether some element passes
    "count([s for s in places where empty(s)]) == 0",
    "count([s for s in places where not empty(s)]) > 0",
    "count([s for s in places where empty(s) and s.row > 0]) != 0",
    f"count([s for s in places + [{OUTSIDE}] where not empty(s)]) == 0",
    f"count([s for s in places + [{OUTSIDE}] where s == none or empty(s)]) != 0",
    f"count([empty(t) for t in [at(b, 0, 1), {OUTSIDE}] where t != none]) > 0",
    "count([10 / x for x in [20, 0] where x < 100]) == 0",
    "count([10 / x for x in [20, 0] where x > 100]) == 0",
    # cells of the board by row and column written out
    "all([not empty(s) for s in [at(b, 0, c) for c in range(0, 2)]])",
    "all([empty(s) for s in [at(b, 0, c) for c in range(1, 3)]])",
    "any([not empty(s) for s in [at(b, 0, c) for c in range(1, 3)]])",
    "any([not empty(s) for s in [at(b, 0, c) for c in range(-1, 1)]])",
    "all([empty(s) for s in [at(b, r, 1) for r in range(0, 0)]])",
    "all([empty(s) for s in [at(b, r, 1) for r in range(0, 1)]])",
    "any([empty(s) for s in [at(b, 0, c) for c in range(0, 2) for d in range(7, 9)]])",
    "count([s for s in [at(b, 0, c) for c in range(0, 2)] where empty(s)]) > 0",
]
AS_LISTS = [  # not a single `for` clause: a list, as before
    "all([x != y for x in [1, 2] for y in [3]])",
    "any([x > 1 for x in [1, 2, 3] order by -x])",
]
EXPRESSIONS += AS_LISTS


def _played(rules: str, filename: str, monkeypatch=None, patches: list = ()):
    """The value the play step of `rules` leaves in `result`, or the first line of the error; and
    the module's source. Written with `patches` (object, name, value) in place, played without."""
    for target, name, value in patches:
        monkeypatch.setattr(target, name, value)
    game = load_source(rules + ("# patched\n" if patches else ""), filename)
    source = game.python_source()
    if patches:
        monkeypatch.undo()
    try:
        state = game.new_state(players=2)
    except GameRuleError as error:
        return ("error", str(error).splitlines()[0]), source
    return ("value", state.vars["result"]), source


def _outcome(expression: str, monkeypatch=None, eager: bool = False):
    """`_played` for RULES, as written now or (`eager`) with the shortcuts turned off."""
    patches = [(ExpressionWriter, "_quantifier", lambda *arguments: None),
               (purity, "_on_the_board", lambda *arguments: False)] if eager else []
    return _played(RULES.replace("EXPR", expression), "quantifiers.pir", monkeypatch, patches)


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_the_loop_gives_what_the_whole_list_gives(expression, monkeypatch):
    looped, source = _outcome(expression)
    whole, eager_source = _outcome(expression, monkeypatch, eager=True)
    assert looped == whole
    assert "def all_" not in eager_source and "def any_" not in eager_source and "def exists_" not in eager_source
    looping = expression not in AS_LISTS
    assert ("def all_" in source or "def any_" in source or "def exists_" in source) == looping


def test_the_loop_stops_where_no_later_element_can_fail():
    _, source = _outcome(f"all([not empty(s) for s in places + [{OUTSIDE}]])")
    helper = source[source.index("def all_"):]
    helper = helper[:helper.index("\n\n\n")]
    assert "break" in helper
    # at() off the board gives none: the later elements are looked at for none only, and worked out if so
    assert "is None" in helper
    _, source = _outcome("all([10 / x > 1 for x in [20, 0]])")
    helper = source[source.index("def all_"):]
    assert "break" not in helper[:helper.index("\n\n\n")]  # a division may fail: every element worked out


def test_the_errors_point_at_the_statement():
    (kind, message), _ = _outcome(f"all([not empty(s) for s in places + [{OUTSIDE}]])")
    assert kind == "error" and message.startswith("quantifiers.pir:22:3: error: empty() needs a zone or cell, got none")


CELLS = '''
game "Cells":
  players 1 to 2

score p: 0

piece stone labelled "stone"
board b: grid 1 by 3
  layer ground:
    "x x x"
var taken = []
AUTOMA

setup:
  FILLED

play:
  for each p in players:
    p chooses s from OPTIONS "Take"
    create 1 stone in first([c for c in cells(b) where empty(c)])
    taken = taken + [s]
'''

OPTIONS = {
    "[c for c in cells(b) where empty(c)]": "_choose_distinct_in_playout(",  # distinct cells
    "[c.col for c in cells(b) where empty(c)]": "_choose_plain_in_playout(",  # numbers
    "[c.col - c.col for c in cells(b) where empty(c)]": "_choose_plain_in_playout(",  # equal numbers: one option
}


@pytest.mark.parametrize("options", list(OPTIONS))
@pytest.mark.parametrize("filled", [0, 1, 2])
@pytest.mark.parametrize("automa", [False, True])
def test_a_choice_the_compiler_knows_plays_out_as_the_ordinary_build_plays(options, filled, automa):
    # Two cells filled: the first player takes the last, and the second has none to choose from.
    # An automa seat takes a single option, and cannot be asked to choose among more.
    cells = ["create 1 stone in at(b, 0, 0)", "create 1 stone in at(b, 0, 1)"][:filled]
    rules = CELLS.replace("OPTIONS", options).replace("FILLED", "\n  ".join(cells) or "pass") \
        .replace("AUTOMA", 'automa bot "The Bot" when true' if automa else "")
    game = load_source(rules, "cells.pir")
    assert OPTIONS[options] in _playout_source(game)
    for seed in range(4):
        def stepped():
            state = game.new_state(players=1 if automa else 2, seed=seed)
            while not state.is_terminal():
                state.apply_action(seed % state.num_actions())
            return state

        def played():
            state = game.new_state(players=1 if automa else 2, seed=seed)
            state.play_out(Playout(lambda seat, count: seed % count, 100))
            return state

        outcomes = []
        for play in (stepped, played):
            try:
                outcomes.append(play().vars["taken"])
            except GameRuleError as error:
                outcomes.append(str(error).splitlines()[0])
        assert outcomes[0] == outcomes[1]


def _playout_source(game) -> str:
    from interpreter.compiler import ModuleWriter
    return ModuleWriter(game.file, game.source, playout=True).module()


def test_a_cell_by_row_and_column_within_the_board_needs_no_test_for_none():
    _, source = _outcome("all([not empty(s) for s in [at(b, 0, c) for c in range(0, 2)]])")
    helper = source[source.index("def all_"):]
    helper = helper[:helper.index("\n\n\n")]
    assert "is None" not in helper and "_Zone" not in helper
    _, source = _outcome("all([not empty(s) for s in [at(b, 0, c) for c in range(0, 3)]])")  # column 3 is off the board
    helper = source[source.index("def all_"):]
    assert "is None" in helper[:helper.index("\n\n\n")]


STEPS = '''
game "Steps":
  players 2 to 2

score p: 0

board b: grid 2 by 2
  layer ground:
    "x x"
    "x x"
var result = none

play:
  result = EXPR
'''


@pytest.mark.parametrize("expression, expected", [  # as df95b78 gave them, before `_step` unpacked in a `try`
    ("step(at(b, 0, 0), [1, 1])", ("cell", 1, 1)),
    ("step(at(b, 0, 0), [-1, 0])", None),
    ("step(at(b, 0, 0), [1])", "a direction on a grid is [rows, columns], got 1"),
    ("step(at(b, 0, 0), [1, 0, 0])", "a direction on a grid is [rows, columns], got 1, 0, 0"),
    ("step(at(b, 0, 0), [])", "a direction on a grid is [rows, columns], got "),
    ("step(at(b, 0, 0), 1)", "a direction on a grid is [rows, columns], got 1"),
    ("step(at(b, 0, 0), [true, 0])", "expected a row step, got true/false"),
    ("step(at(b, 0, 0), [1, 1/2])", "expected a column step, got 0.5"),
    ("step(at(b, 5, 0), [1, 0])", "expected a cell, got none"),
])
def test_step_gives_the_cell_or_says_what_is_wrong(expression, expected):
    game = load_source(STEPS.replace("EXPR", expression), "steps.pir")
    try:
        value = game.new_state(players=2).vars["result"]
    except GameRuleError as error:
        assert str(error).splitlines()[0] == "steps.pir:14:3: error: " + expected
    else:
        assert (value if value is None else ("cell", value.row, value.col)) == expected


# A small define written out where it is used, its arguments that are not locals kept with `:=`
# first (interpreter/expressions.py, `_inline`): the same value, each argument worked out once
# and in order, the same first error, as the define called.
INLINED = '''
game "Inlined":
  players 2 to 2

score p: 0

piece stone(owner) labelled "stone"
board b: grid 1 by 3
  layer ground:
    "x x x"
var result = none

define holds(p, s) = s != none and not empty(s) and top(s).owner == p
# These two read a variable, so that they are not remembered for the world, but written out.
define twice(x) = x + x if result == none else x
define later_first(a, c) = [c, a, result]

setup:
  create 1 stone(first(players)) in at(b, 0, 0)

play:
  let p = first(players)
  result = EXPR
'''

INLINED_EXPRESSIONS = [
    "holds(p, at(b, 0, 0))",
    "holds(p, at(b, 0, 1))",
    "holds(p, at(b, 0, 9))",  # none: no cell, false
    "holds(players[1], at(b, 0, 0))",
    "holds(p, 3)",  # empty() of a number: the error (a constant, used as it is)
    "[holds(p, at(b, 0, c)) for c in range(0, 2)]",
    "[c for c in range(0, 2) where holds(p, at(b, 0, c))]",
    "twice(count(players) + 1)",
    "twice([1] + [2])",
    "later_first(empty(at(b, 0, 9)), empty(3))",  # both fail: the first argument's error
    "later_first(1 + 1, empty(3))",
    "any([holds(p, at(b, 0, c)) for c in range(0, 2)])",
]


def _inlined_outcome(expression: str, monkeypatch=None, called: bool = False):
    """`_played` for INLINED, as written now or (`called`) as before: a define with an argument
    that is not a local called."""
    inline = ExpressionWriter._inline
    patches = [(ExpressionWriter, "_inline",
                lambda self, name, args, nodes=None, names=None: inline(self, name, args))] if called else []
    return _played(INLINED.replace("EXPR", expression), "inlined.pir", monkeypatch, patches)


@pytest.mark.parametrize("expression", INLINED_EXPRESSIONS)
def test_a_define_written_out_with_its_arguments_kept_gives_what_the_call_gives(expression, monkeypatch):
    inlined, source = _inlined_outcome(expression)
    called, called_source = _inlined_outcome(expression, monkeypatch, called=True)
    assert inlined == called
    assert ("is _UNSET or" in source) == (expression != "holds(p, 3)")
    assert "is _UNSET or" not in called_source


def test_a_define_asking_a_define_that_goes_through_a_list_is_called():
    # Written out, `total` would work `values` out twice; called, once per evaluation.
    rules = INLINED.replace("EXPR", "total(p, 1 + 1)").replace(
        "define twice(x) = x + x if result == none else x",
        "define values(p, d) = [d for s in cells(b) where holds(p, s)]\n"
        "define total(p, d) = sum(values(p, d)) + count(values(p, d))")
    source = load_source(rules, "inlined.pir").python_source()
    play = source[source.index("def body_play"):]
    assert "recall_total(st" in play[:play.index("\n\n\n")]


# `[count([x for x in xs where f(x) == q]) for q in qs]`: the keys f(x) made once, each count by
# `list.count` (`ExpressionWriter._counts_by_value`). The keys are worked out only when qs has an
# element, so a key that fails is an error exactly where the comprehension would fail.
COUNTED_EXPRESSIONS = [
    "[count([x for x in [1, 2, 2, 3] where x == q]) for q in [2, 3, 4]]",
    "[count([x for x in [1, 2, 4 / 2, 3 - 1] where x == q]) for q in [2, 1, 3 / 3]]",
    "[count([x for x in [1, none, 3, none] where x == q]) for q in [none, 1, none]]",
    "[count([s for s in places where empty(s) == q]) for q in [true, false]]",
    "[count([o for o in [top(at(b, 0, 0)).owner, top(at(b, 0, 2)).owner] where o == q]) for q in players]",
    "[count([s for s in places where s.col == q]) for q in range(0, 3)]",
    "[count([x for x in [\"a\", \"b\", \"a\"] where x == q]) for q in [\"a\", 1]]",
    "[count([x for x in [] where x == q]) for q in [1, 2]]",
    # a key that fails: no error without a q, the error with one
    f"[count([s for s in [{OUTSIDE}] where empty(s) == q]) for q in []]",
    f"[count([s for s in places + [{OUTSIDE}] where empty(s) == q]) for q in [true, false]]",
    "[count([x for x in [20, 0] where 10 / x == q]) for q in [1 / 2]]",
    "[count([x for x in [20, 0] where 10 / x == q]) for q in []]",
    # what is gone through is not a list
    "[count([x for x in [1] where x == q]) for q in at(b, 0, 0)]",
    "[count([x for x in [1] where x == q]) for q in result]",
    "[count([x for x in result where x == q]) for q in [1]]",
    "[count([x for x in result where x == q]) for q in []]",
]
COUNTED_AS_BEFORE = [  # not that shape: written as before
    "[count([x for x in [1, 2] where x + q == 3]) for q in [1, 2]]",
    "[count([x for x in [1, 2, 3] where x >= q]) for q in [1, 2]]",
    "[count([x for x in [1, 2, 3] where q == x]) for q in [1, 2]]",
    "[count([x for x in [[1], [q]] where x == q]) for q in [1, 2]]",
    "[count([x + 1 for x in [1, 2] where x == q]) for q in [1, 2]]",
    "[count([x for x in [1, 2] where x == q]) for q in [1, 2] where q > 1]",
]


def _now_and_before(rules: str, filename: str, expression: str, monkeypatch, method: str, off) -> tuple:
    """`_played` for `rules` with EXPR filled in, as written now and as before (the shortcut's
    `ExpressionWriter.method` answering `off`, "not this shape"): ((outcome, source), (outcome, source))."""
    rules = rules.replace("EXPR", expression)
    return (_played(rules, filename),
            _played(rules, filename, monkeypatch, [(ExpressionWriter, method, lambda *arguments: off)]))


@pytest.mark.parametrize("expression", COUNTED_EXPRESSIONS + COUNTED_AS_BEFORE)
def test_counts_taken_from_the_keys_made_once_give_what_the_loop_gives(expression, monkeypatch):
    (counted, source), (looped, looped_source) = _now_and_before(
        RULES, "counted.pir", expression, monkeypatch, "_counts_by_value", None)  # keys for every q
    assert counted == looped
    assert "_keys.count(" not in looped_source
    assert ("_keys.count(" in source) == (expression in COUNTED_EXPRESSIONS)


# `xs[n % count(xs)]` (or `% m`, `m` a define whose body is `count(xs)`): a whole number is within
# the list, so only its class is tested (`ExpressionWriter._wrapped_index`).
WRAPPED = '''
game "Wrapped":
  players 2 to 2

score p: 0

var result = none

define xs = [10, 20, 30]
define m = count(xs)
define none_yet = []
define nothing = count(none_yet)
define other = count([1, 2, 3, 4])

play:
  result = EXPR
'''

WRAPPED_EXPRESSIONS = [
    "xs[7 % m]",
    "xs[-7 % m]",
    "xs[m % m]",
    "xs[true % m]",
    "xs[(7 / 2) % m]",  # a fraction: the runtime's error
    "xs[(6 / 2) % m]",
    "xs[7 % count(xs)]",
    "none_yet[3 % nothing]",  # an empty list: division by zero, as before
    "none_yet[3 % count(none_yet)]",
    "[ys[k % count(ys)] for ys in [[1, 2, 3], [4]] for k in [-4, 0, 7]]",
    "[ys[k % count(ys)] for ys in [[1, 2, 3], []] for k in [1]]",
]
WRAPPED_AS_BEFORE = [
    "xs[3 % other]",  # `other` counts another list: out of range
    "[xs[k % count(ys)] for ys in [[1, 2, 3, 4]] for k in [3]]",
    "xs[7 % 2]",
]


@pytest.mark.parametrize("expression", WRAPPED_EXPRESSIONS + WRAPPED_AS_BEFORE)
def test_an_index_wrapped_by_the_lists_length_gives_what_the_tested_one_gives(expression, monkeypatch):
    (wrapped, source), (tested, tested_source) = _now_and_before(
        WRAPPED, "wrapped.pir", expression, monkeypatch, "_wrapped_index", False)  # the range tested
    assert wrapped == tested
    play = source[source.index("def body_play"):]
    assert ("-len(" in play[:play.index("\n\n\n")]) == (expression in WRAPPED_AS_BEFORE)


# `distance(a, b) <= r` between cells of a square grid, r a local or a number written out: each
# axis compared with r, without `max` (`ExpressionWriter._distance_within`).
NEAR = '''
game "Near":
  players 2 to 2

score p: 0

var result = none
var odd = "far"

board b: grid 3 by 4
  layer ground:
    "x x x x"
    "x x x x"
    "x x x x"

play:
  let c = at(b, 1, 1)
  result = EXPR
'''

NEAR_EXPRESSIONS = [
    "[count([s for s in cells(b) where distance(c, s) <= r]) for r in [0, 1, 2, 1 / 2, 3 / 2, true]]",
    "[count([s for s in cells(b) where distance(c, s) < r]) for r in [0, 1, 2, 1 / 2, 3 / 2]]",
    "[count([s for s in cells(b) where distance(c, s) >= r]) for r in [0, 1, 2, 1 / 2, 3 / 2]]",
    "[count([s for s in cells(b) where distance(c, s) > r]) for r in [0, 1, 2, 1 / 2, 3 / 2]]",
    "[count([s for s in cells(b) where distance(s, t) <= 1]) for t in cells(b)]",
    "[distance(c, s) > 1 for s in cells(b)]",
    "distance(c, at(b, 2, 3)) <= 2",
    "[distance(c, s) <= r for s in cells(b) for r in [odd]]",  # not a number: the error
    "[distance(c, s) > r for s in cells(b) for r in [result]]",
]
NEAR_AS_BEFORE = [
    "[distance(c, s) <= count(cells(b)) for s in cells(b)]",  # not a local: as before
    "[distance(c, s) == 1 for s in cells(b)]",
    "[[s for s in cells(b) where distance(s, t) <= 1] for t in [at(b, 0, 0), at(b, 2, 9)]]",  # t may be none
]


@pytest.mark.parametrize("expression", NEAR_EXPRESSIONS + NEAR_AS_BEFORE)
def test_a_distance_compared_axis_by_axis_gives_what_max_gives(expression, monkeypatch):
    (near, source), (with_max, max_source) = _now_and_before(
        NEAR, "near.pir", expression, monkeypatch, "_distance_within", None)  # `max` of the two axes
    assert near == with_max

    def play(text: str) -> str:
        text = text[text.index("def body_play"):]
        return text[:text.index("\n\n\n")]
    if expression in NEAR_EXPRESSIONS:
        assert "abs(" in play(source) and "max(abs(" not in play(source) and "max(abs(" in play(max_source)
    else:
        assert play(source) == play(max_source)


# A loop through a zone or cell goes through a new list of its pieces, made before the loop (the
# body may move them); an empty one is `[]`, without `map` (`ExpressionWriter._pieces_in`).
LOOPED = '''
game "Looped":
  players 2 to 2

score p: 0

piece stone(owner) labelled "stone"
zone pile
var result = none
board b: grid 1 by 3
  layer ground:
    "x x x"

setup:
  create 2 stone(first(players)) in at(b, 0, 0)
  create 1 stone(players[1]) in at(b, 0, 2)

play:
  first(players) chooses c from [1, 2] "Which?"
  let seen = []
  for each s in cells(b):
    for each x in s:
      seen = seen + [s.col]
      move x to at(b, 0, 1)
  for each x in at(b, 0, 1):
    move x to pile
    seen = seen + [count(pile)]
  for each x in pile:
    move x to at(b, 0, 2)
  for each x in pile:
    seen = seen + [99]
  result = seen + [count(at(b, 0, 2)), count(at(b, 0, 0))]
'''


@pytest.mark.parametrize("playout", [False, True])
def test_a_loop_through_a_zone_goes_through_what_it_held_before(playout, monkeypatch):
    def outcome(mapped: bool):
        if mapped:
            monkeypatch.setattr(ExpressionWriter, "_pieces_in", lambda self, source:
                                f"list(map(st.pieces.__getitem__, st.contents[{source}.id]))")
        game = load_source(LOOPED + ("# mapped\n" if mapped else ""), "looped.pir")
        source = game.python_source()
        state = game.new_state(players=2)
        if playout:  # the playout build plays the loops
            assert state.play_out(Playout(lambda seat, count: 0, 100)) is True
        else:
            state.apply_action(0)
        monkeypatch.undo()
        return state.vars["result"], source
    looped, source = outcome(False)
    mapped, mapped_source = outcome(True)
    assert looped == mapped == [0, 0, 1, 1, 2, 1, 2, 3, 3, 0]
    assert "else [])" in source and "else [])" not in mapped_source


# `[x for x in xs order by ...]`, every element as it is: `sorted(xs, key=...)`, without a copy of
# xs made first (`ExpressionWriter._sorted_as_it_is`).
SORTED_EXPRESSIONS = [
    "[x for x in [3, 1, 2, 1] order by x]",
    "[x for x in [3, 1, 2, 1] order by -x descending]",
    "[x for x in [[2, 1], [1, 5], [2, 0]] order by x]",
    "[x for x in [[2, 1], [1, 5], [2, 0]] order by x[0] descending]",
    "[x for x in [] order by x]",
    "[x for x in [1, \"a\"] order by x]",  # not comparable: the error
    "[x for x in [2, 0] order by 10 / x]",
    "[s.col for s in [s for s in places order by -s.col]]",
    "count([x for x in at(b, 0, 0) order by 1])",
    "[x for x in result order by x]",  # none: the error
]
SORTED_AS_BEFORE = [
    "[x for x in [3, 1, 2] where x > 1 order by x]",
    "[x + 1 for x in [3, 1, 2] order by x]",
]


@pytest.mark.parametrize("expression", SORTED_EXPRESSIONS + SORTED_AS_BEFORE)
def test_a_list_sorted_as_it_is_gives_what_its_copy_sorted_gives(expression, monkeypatch):
    def outcome(copied: bool):
        patches = [(ExpressionWriter, "_sorted_as_it_is", lambda self: False)] if copied else []
        return _played(RULES.replace("EXPR", expression), "sorted.pir", monkeypatch, patches)
    (sorted_value, source), (copied_value, copied_source) = outcome(False), outcome(True)
    assert sorted_value == copied_value

    def copies(text: str) -> bool:  # `sorted([x for x in ...], ...)` in the play step
        text = text[text.index("def body_play"):]
        return re.search(r"sorted\(\[c\d+_\w+ for ", text[:text.index("\n\n\n")]) is not None
    assert copies(copied_source)
    assert copies(source) == (expression in SORTED_AS_BEFORE)
