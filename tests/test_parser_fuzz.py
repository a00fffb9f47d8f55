"""Fuzz the front end: whatever the text, loading it succeeds or raises a clean PirError.

Inputs come from four generators:

* expressions drawn from the grammar itself (`hypothesis.extra.lark.from_lark`,
  start="expr"), placed in a small game;
* whole programs drawn from the grammar, with the indentation the postlexer
  expects added afterwards (the generator emits markers for _INDENT/_DEDENT);
* Glory Islands with lines deleted, repeated, swapped, re-indented or with
  tokens inserted or removed;
* arbitrary text and bytes.

For each, `interpreter.load_source` (or `load_game` for bytes) must either work
or raise `PirError` whose diagnostics have valid spans and format without
error; any other exception is a bug. For programs drawn from the grammar, a
game the checker accepts must also compile: the compiler must never be the one
to find a problem.

The whole module takes under 20 seconds and always draws the same inputs; set
PIRDSL_FUZZ_SCALE=10 (or more) to run ten times as many examples, freshly
drawn, when hunting for bugs.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark, get_terminal_names
from lark import Lark
from lark.grammar import NonTerminal

import interpreter
from dsl.check import check_game
from dsl.diagnostics import PirError
from dsl.parser import GRAMMAR_PATH, parse_source
from interpreter.game import Game

ROOT = Path(__file__).resolve().parent.parent
GLORY_ISLANDS = (ROOT / "games" / "glory_islands.pir").read_text(encoding="utf-8")
SCALE = float(os.environ.get("PIRDSL_FUZZ_SCALE", "1"))


def fuzz_settings(examples: int):
    """Settings for one fuzz test: a fixed set of inputs by default, new ones when scaled up.

    Fixed inputs keep the run time predictable (a grammar strategy occasionally
    draws far slower than usual); PIRDSL_FUZZ_SCALE above 1 explores afresh.
    """
    return settings(max_examples=max(1, int(examples * SCALE)), deadline=None, database=None,
                    derandomize=SCALE <= 1,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


# ---------------------------------------------------------------- the property


def assert_clean_failure(error: PirError, source: str | None) -> None:
    """A PirError a user can read: located diagnostics that format without error."""
    assert isinstance(error, PirError)
    assert error.diagnostics, "a PirError must say what is wrong"
    assert any(d.severity == "error" for d in error.diagnostics)
    lines = source.splitlines() if source is not None else []
    for diagnostic in error.diagnostics:
        span = diagnostic.span
        assert diagnostic.severity in ("error", "warning")
        assert isinstance(diagnostic.message, str) and diagnostic.message
        assert span.line >= 1 and span.column >= 1, diagnostic
        assert (span.end_line, span.end_column) >= (span.line, span.column), diagnostic
        if source is not None:
            assert span.line <= max(1, len(lines) + 1), (diagnostic, len(lines))
        text = diagnostic.format(source)
        assert text.startswith(f"{span.file}:{span.line}:{span.column}: {diagnostic.severity}: ")
        if source is not None and span.line <= len(lines):
            assert re.search(r"^ +\^+$", text, re.MULTILINE), text
    error.format()
    str(error)


def assert_loads_or_fails_cleanly(source: str) -> None:
    """The property of every fuzz test: load, or a clean PirError; nothing else."""
    try:
        interpreter.load_source(source, "fuzz.pir")
    except PirError as error:
        assert_clean_failure(error, error.source)


def assert_checked_means_compiled(source: str) -> None:
    """As above, and a game the checker accepts must compile."""
    try:
        game_file = parse_source(source, "fuzz.pir")
        check_game(game_file, source)
    except PirError as error:
        assert_clean_failure(error, error.source)
        return
    try:
        Game(game_file, source)
    except PirError as error:
        raise AssertionError("the checker accepted a game the compiler rejects:\n"
                             f"{error.format()}\n--- source ---\n{source}") from None


# ---------------------------------------------------------------- grammar-based generators

# Names the generated programs declare and use, so that some of them resolve;
# a few are built-ins or words of the language, to reach those checks too.
NAMES = ["p", "q", "x", "n", "hand", "bag", "glory", "card", "value", "storm", "red", "blue",
         "colour", "map", "terrain", "sea", "f", "r", "t", "d6", "count", "first", "range",
         "at", "players", "player_count", "round_number", "name", "index", "row", "where",
         "owner", "check", "top", "log"]
TEXTS = ['"x"', '""', '"a b"', '"s s"', '". ."', '"{p}"', '"{p.name} sails"', '"{count(bag)}"',
         '"{x +}"', '"{"', '"}"', '"{{x}}"', '"a\\"b"', '"{[n for n in range(1, 3)]}"']
INDENT, DEDENT = "\x01", "\x02"


def _fuzz_lark() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", start=["start", "expr"])


def _token_strategies(grammar: Lark, start: str) -> dict:
    """What each terminal generates: its text and a space, so that words never run together.

    Names, texts and numbers come from small pools; a line break is a bare newline and
    indentation is left to `with_indentation`, which reads the _INDENT/_DEDENT markers.
    Comments and line continuations are not generated (in the middle of a line they only
    make it unreadable); the mutation and text tests reach them.
    """
    space = lambda text: text + " "  # noqa: E731
    tokens = {t.name: st.just(space(t.pattern.value)) for t in grammar.terminals if t.pattern.type == "str"}
    tokens.update({
        "NAME": st.sampled_from(NAMES).map(space),
        "STRING": st.sampled_from(TEXTS).map(space),
        "INT": st.integers(0, 13).map(str).map(space),
        "COMPARATOR": st.sampled_from(["==", "!=", "<=", ">=", "<", ">"]).map(space),
        "COMMENT": st.just(""), "__IGNORE_0": st.just(""), "__IGNORE_1": st.just(""),
        "_NL": st.just("\n"), "_INDENT": st.just(INDENT), "_DEDENT": st.just(DEDENT),
    })
    known = get_terminal_names(*grammar.grammar.compile([start], ()))
    return {name: strategy for name, strategy in tokens.items() if name in known}


def _reachable(uses: dict[str, set[str]], root: str) -> set[str]:
    """Every rule `root` can lead to, itself included."""
    found, pending = {root}, [root]
    while pending:
        for used in uses.get(pending.pop(), ()):
            if used not in found:
                found.add(used)
                pending.append(used)
    return found


def _damp_recursion(strategy, grammar: Lark):
    """Make nesting rarer than ending, so that drawn programs stay finite and shallow.

    Drawn uniformly, the grammar nests faster than it ends: an expression is a
    dozen precedence layers deep and most of its alternatives contain another
    expression; six of the seven kinds of statement hold a block of statements.
    Hypothesis then rejects most draws as too deep, and spends seconds on each
    example. Repeating the shallow alternatives changes only the odds, never the
    language: expression rules prefer alternatives with fewer sub-rules, rules
    inside a block prefer alternatives that open no further block, and lists of
    statements or declarations (one layer deeper per item) end after 1.5 items
    on average. This reaches into `LarkStrategy`; if its
    internals change, the strategy is used as it is (slower, but still correct).
    """
    uses: dict[str, set[str]] = {}
    for rule in grammar.grammar.compile(["start", "expr"], ())[1]:
        uses.setdefault(rule.origin.name, set()).update(s.name for s in rule.expansion if isinstance(s, NonTerminal))
    expression_rules = _reachable(uses, "expr")
    statement_rules = _reachable(uses, "block") - expression_rules
    opens_a_block = {name for name in uses if "block" in _reachable(uses, name)}

    def weight(name: str, alternative: tuple) -> int:
        sub_rules = [s.name for s in alternative if isinstance(s, NonTerminal)]
        if name in expression_rules:
            return {0: 32, 1: 8}.get(len(sub_rules), 1)
        if name.startswith("__") and ("_star_" in name or "_plus_" in name):
            return 1 if name in sub_rules else 2  # a list: one more item, or the end
        if name in statement_rules:
            return 1 if any(sub in opens_a_block for sub in sub_rules) else 24
        return 1

    try:
        choices = strategy.wrapped_strategy.nonterminal_strategies
        for name in choices:
            alternatives = list(choices[name].elements)
            choices[name] = st.sampled_from([a for a in alternatives for _ in range(weight(name, a))])
    except AttributeError:
        pass
    return strategy


def grammar_strategy(start: str):
    """Strings of the pirdsl grammar from `start`, as `from_lark` draws them (see the adapters above)."""
    grammar = _fuzz_lark()
    return _damp_recursion(from_lark(grammar, start=start, explicit=_token_strategies(grammar, start)), grammar)


expressions = grammar_strategy("expr")
programs = grammar_strategy("start")
blocks = grammar_strategy("block")


def with_indentation(generated: str) -> str:
    """Turn the generator's _INDENT/_DEDENT markers into the indentation the postlexer reads."""
    lines = []
    depth = 0
    for raw in generated.split("\n"):
        line = raw.lstrip(" \t\f")
        while line[:1] in (INDENT, DEDENT):
            depth = depth + 1 if line[0] == INDENT else max(0, depth - 1)
            line = line[1:].lstrip(" \t\f")
        line = line.replace(INDENT, "").replace(DEDENT, "").rstrip()
        lines.append("  " * depth + line if line else "")
    return "\n".join(lines) + "\n"


CONTEXT = """\
game "Fuzz":
  players 2 to 4
kind colour: red, blue
piece card(value)
zone hand per player
zone bag
var glory per player = 0
board map: grid 1 by 2
  layer terrain:
    "s s"
  legend terrain: "s" = sea
die d6: 1, 2, 3
variant storm "S"
define f(x) = x
table t:
  1 -> red
play:
  pass
score p: p.glory
"""


@fuzz_settings(60)
@given(expressions)
def test_grammar_expressions(expression: str):
    assert_loads_or_fails_cleanly(CONTEXT + f"define fuzzed = {expression}\n")
    assert_loads_or_fails_cleanly(CONTEXT + f"rule fuzz_rule(p, n):\n  let fuzzed = {expression}\n"
                                  f"  p.glory += 1 if {expression} else 0\n")


@fuzz_settings(80)
@given(programs)
def test_grammar_programs(generated: str):
    assert_checked_means_compiled(with_indentation(generated))


@fuzz_settings(40)
@given(programs, st.sampled_from(["", CONTEXT]))
def test_grammar_programs_after_a_real_context(generated: str, context: str):
    # Appended to a valid game, the generated declarations meet declared names.
    body = with_indentation(generated)
    body = re.sub(r'^game "[^"\n]*":\n(  .*\n)*', "", body)  # one header is enough
    assert_checked_means_compiled(context + body)


@fuzz_settings(80)
@given(blocks, st.sampled_from(["rule fuzz_rule(p, n):", "setup:", "final scoring:"]))
def test_grammar_statements_in_a_real_game(block: str, opening: str):
    # Statements among declared names: most get past the names, so the checker's
    # deeper checks and the compiler both see them.
    source = CONTEXT.replace("play:\n  pass\n", "play:\n  fuzz_rule(players[0], 1)\n")
    assert_checked_means_compiled(source + opening + with_indentation(block))


def test_the_indentation_adapter():
    assert with_indentation(f'game "x":\n{INDENT}players 1 to 2\n{DEDENT}play:\n{INDENT}if true:\n'
                            f'{INDENT}pass\n{DEDENT}{DEDENT}score p: 0\n') == \
        'game "x":\n  players 1 to 2\nplay:\n  if true:\n    pass\nscore p: 0\n\n'
    assert_loads_or_fails_cleanly(with_indentation(f'game "x":\n{INDENT}players 1 to 2\n{DEDENT}'
                                                   f'play:\n{INDENT}pass\n{DEDENT}score p: 0\n'))


# ---------------------------------------------------------------- mutations of a real game

GLORY_LINES = GLORY_ISLANDS.splitlines()
GLORY_TOKENS = sorted(set(re.findall(r'[A-Za-z_][A-Za-z0-9_]*|\d+|"[^"\n]*"|[^\sA-Za-z0-9_"]', GLORY_ISLANDS)))
STRAY = ["(", ")", "[", "]", ":", ",", ".", "=", "==", "->", "+=", "'", '"', "{", "}", "#", "\\",
         "\t", "  ", "\n", "é", "\x00", "if", "else", "let", "for each", "chooses", "none", "-"]

line_numbers = st.integers(0, len(GLORY_LINES) - 1)
mutations = st.one_of(
    st.tuples(st.just("delete"), line_numbers),
    st.tuples(st.just("repeat"), line_numbers, line_numbers),
    st.tuples(st.just("swap"), line_numbers, line_numbers),
    st.tuples(st.just("indent"), line_numbers, st.sampled_from([-4, -2, -1, 1, 2, 4])),
    st.tuples(st.just("insert"), line_numbers, st.integers(0, 120),
              st.one_of(st.sampled_from(GLORY_TOKENS), st.sampled_from(STRAY))),
    st.tuples(st.just("drop token"), line_numbers, st.integers(0, 30)),
)


def mutate(lines: list[str], mutation: tuple) -> list[str]:
    """Apply one mutation to the lines of a file."""
    lines = list(lines)
    kind, line = mutation[0], mutation[1] % len(lines) if lines else 0
    if not lines:
        return lines
    if kind == "delete":
        del lines[line]
    elif kind == "repeat":
        lines.insert(mutation[2] % (len(lines) + 1), lines[line])
    elif kind == "swap":
        other = mutation[2] % len(lines)
        lines[line], lines[other] = lines[other], lines[line]
    elif kind == "indent":
        shift = mutation[2]
        lines[line] = " " * shift + lines[line] if shift > 0 else lines[line][min(-shift, len(lines[line]) - len(lines[line].lstrip())):]
    elif kind == "insert":
        text = lines[line]
        at = mutation[2] % (len(text) + 1)
        lines[line] = text[:at] + " " + mutation[3] + " " + text[at:]
    elif kind == "drop token":
        tokens = list(re.finditer(r"\S+", lines[line]))
        if tokens:
            token = tokens[mutation[2] % len(tokens)]
            lines[line] = lines[line][:token.start()] + lines[line][token.end():]
    return lines


@fuzz_settings(40)
@given(st.lists(mutations, min_size=1, max_size=3))
def test_mutated_glory_islands(chosen: list[tuple]):
    lines = GLORY_LINES
    for mutation in chosen:
        lines = mutate(lines, mutation)
    assert_loads_or_fails_cleanly("\n".join(lines) + "\n")


# ---------------------------------------------------------------- arbitrary input


@fuzz_settings(200)
@given(st.text(max_size=300))
def test_arbitrary_text(text: str):
    assert_loads_or_fails_cleanly(text)


@fuzz_settings(100)
@given(st.lists(st.sampled_from(list('game"X:\n  players24to-#()[],.=+\\\'{}\tifelsplay') + ["\r\n", "\n  "]),
                max_size=120).map("".join))
def test_text_made_of_rules_characters(text: str):
    assert_loads_or_fails_cleanly('game "X":\n  players 2 to 4\n' + text)


@fuzz_settings(100)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_through_load_game(data: bytes):
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.pir"
        path.write_bytes(data)
        try:
            interpreter.load_game(str(path))
        except PirError as error:
            assert_clean_failure(error, error.source)
