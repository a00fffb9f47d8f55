"""The fast parser (`dsl/lalr.py`) builds exactly the AST that Lark's parse tree gives, or stands aside.

`dsl.parser.parse_source` first runs Lark's LALR tables with a loop of its own
that builds the AST as rules reduce (`_parse_fast`); on anything it does not
expect, a syntax error above all, it gives up and Lark's own parser and tree
walk (`_parse_slow`) do the work and report the error. So for every text:

* if Lark's way builds an AST, the fast way builds the same one: the same node
  kinds, fields, value types and spans, and the same messages about texts;
* if Lark's way fails, the fast way fails too (and the error comes from Lark);
* every shipped game goes the fast way.

It also checks the limit on nesting, which the fast way enforces itself (it
does not recurse, so Python's stack no longer stops it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

import interpreter
from dsl import parser as parser_module
from dsl.diagnostics import PirError, Span
from test_parser_fuzz import CONTEXT, GLORY_LINES, expressions, fuzz_settings, mutate, mutations, programs, \
    with_indentation

ROOT = Path(__file__).resolve().parent.parent
RULES_FILES = sorted(
    path for folder in ("games", "docs/examples", "tests/cases", "tests/bad", "tests/classic")
    for path in (ROOT / folder).glob("*.pir"))


def canonical(value):
    """A value with every node, span and text written out with its type, for an exact comparison."""
    if isinstance(value, BaseModel):
        return (type(value).__name__, tuple(sorted(value.model_fields_set)),
                tuple((name, canonical(getattr(value, name))) for name in type(value).model_fields))
    if isinstance(value, Span):
        return ("Span", value.file, value.line, value.column, value.end_line, value.end_column)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(canonical(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple((canonical(key), canonical(item)) for key, item in value.items()))
    return (type(value).__name__, value)


def both_ways(text: str, path: str = "fuzz.pir"):
    """(fast result, slow result): each the canonical declarations and messages, or None when it fails."""
    text = text if text.endswith("\n") else text + "\n"
    builder = parser_module._Builder(path, text)
    try:
        fast = parser_module._parse_fast(text, "start", builder)
    except parser_module.TooDeep:
        fast = "too deep"
    if fast is not None and fast != "too deep":
        fast = canonical((fast[0], [(d.span, d.message, d.hint) for d in builder.errors]))
    try:
        declarations, slow_builder = parser_module._parse_slow(text, path, text)
        slow = canonical((declarations, [(d.span, d.message, d.hint) for d in slow_builder.errors]))
    except PirError:
        slow = None
    return fast, slow


def assert_same_or_stands_aside(text: str) -> None:
    fast, slow = both_ways(text)
    if slow is None:
        assert fast is None, "the fast parser accepted a text Lark rejects"
    else:
        assert fast == slow


def test_the_fast_parser_is_available():
    assert parser_module._runner() is not None, "dsl.lalr cannot run this Lark's tables: every parse is slow"


@pytest.mark.parametrize("path", RULES_FILES, ids=[f"{p.parent.name}/{p.name}" for p in RULES_FILES])
def test_every_rules_file_parses_the_same_both_ways(path: Path):
    text = path.read_text(encoding="utf-8")
    fast, slow = both_ways(text, str(path))
    if slow is None:
        assert fast is None
    else:
        assert fast == slow


@pytest.mark.parametrize("path", sorted((ROOT / "games").glob("*.pir")), ids=lambda p: p.name)
def test_every_game_goes_the_fast_way(path: Path):
    text = path.read_text(encoding="utf-8")
    fast, slow = both_ways(text, str(path))
    assert slow is not None and fast == slow


@fuzz_settings(60)
@given(programs)
def test_programs_drawn_from_the_grammar(generated: str):
    assert_same_or_stands_aside(with_indentation(generated))


@fuzz_settings(60)
@given(expressions)
def test_expressions_drawn_from_the_grammar(expression: str):
    assert_same_or_stands_aside(CONTEXT + f"define fuzzed = {expression}\n")
    assert_same_or_stands_aside(CONTEXT + f'rule r(p):\n  log "{{{expression}}} and {{p.name}}"\n')


@fuzz_settings(40)
@given(st.lists(mutations, min_size=1, max_size=3))
def test_mutated_glory_islands(chosen: list[tuple]):
    lines = GLORY_LINES
    for mutation in chosen:
        lines = mutate(lines, mutation)
    assert_same_or_stands_aside("\n".join(lines) + "\n")


@pytest.mark.parametrize("text", [
    'game "X":\n  players 2 to 4\nplay:\n  pass\n',                   # the smallest game
    'game "X":\n  players 2 to 4\nplay:\n  pass',                     # no line end at the end
    'game "X":\n  players 2 to 4\nplay:\n  if true:\n    pass\n   \n',  # blanks at the very end
    'game "X":\n  players 2 to 4\nplay:\n  log "a {[1,\\n 2]} b"\n',   # a line end inside brackets, in a text
    'game "X":\n  players 2 to 4\nplay:\n  let x = (1 +\n    2)\n',
    'game "X":\n  players 2 to 4\nplay:\n  let x = 1 + \\\n    2  # more\n',
    'game "X":\r\n  players 2 to 4\r\nplay:\r\n  pass\r\n',
    'game "X":\n  players 2 to 4\nvar to = 1\nvar players2 = 2\nplay:\n  let top = to\n',  # keywords as names
    'game "X":\n  players 2 to 4\nplay:\n  log "tab\\there {1}\\n{2}"\n',
])
def test_edges_of_the_lexer(text: str):
    fast, slow = both_ways(text)
    assert slow is not None and fast == slow


# Every word that starts a declaration or an example line is a keyword only where one may stand:
# a statement after an inner block may still begin with a variable of that name.
DECLARATION_WORDS = ["players", "score", "table", "board", "kind", "zone", "die", "power", "final", "seed",
                     "variants", "answers", "expect", "given", "automa", "tiebreak", "define", "piece", "example"]


@pytest.mark.parametrize("word", DECLARATION_WORDS)
def test_a_statement_after_an_inner_block_may_start_with_a_keyword_named_variable(word: str):
    text = (f'game "X":\n  players 2 to 2\nvar {word} = [0, 0]\nvar y = 0\nplay:\n'
            f'  if y == 0:\n    if true:\n      y = 1\n  {word}[0] = 2\n  for each q in players:\n    y += 1\n'
            f'  {word}[1] = 3\n')
    fast, slow = both_ways(text)
    assert slow is not None and fast == slow
    play = [d for d in parser_module.parse_source(text, "words.pir").declarations if type(d).__name__ == "PlayDecl"]
    assert len(play[0].body) == 4


# ---------------------------------------------------------------- nesting

HEAD = 'game "D":\n  players 2 to 2\nzone bag\nvar v per player = 0\nplay:\n  pass\nscore p: p.v\n'


def nested(kind: str, depth: int) -> str:
    return HEAD + {
        "sum": "define x = " + "+".join(["1"] * depth),
        "lists": "define x = " + "[" * depth + "1" + "]" * depth,
        "attributes": "define x = players" + ".name" * depth,
        "ifs": "rule r:\n" + "".join("  " * (i + 1) + "if true:\n" for i in range(depth)) + "  " * (depth + 1) + "pass",
        "text": 'rule r:\n  log "{' + "+".join(["1"] * depth) + '}"',
    }[kind] + "\n"


@pytest.mark.parametrize("kind", ["sum", "lists", "attributes", "ifs", "text"])
def test_nesting_deeper_than_the_limit_is_refused_and_nothing_crashes(kind: str):
    for depth in (100, 250, 350, parser_module.MAX_NESTING, 2000):
        try:
            interpreter.load_source(nested(kind, depth), "deep.pir")
        except PirError as error:
            assert error.diagnostics and error.format()
    # The reader's limits (check_limits: line length, operators, blocks, brackets) or the
    # parser's nesting guard, whichever comes first, refuse it in a line.
    with pytest.raises(PirError, match="nested too deeply|nested more than|at most|more than 100 operators"):
        interpreter.load_source(nested(kind, 2000), "deep.pir")


def test_nesting_within_the_limit_still_loads():
    # As deep as the reader's limits allow (parser.MAX_OPERATORS, MAX_BLOCK_DEPTH).
    interpreter.load_source(nested("sum", parser_module.MAX_OPERATORS), "deep.pir")
    interpreter.load_source(nested("ifs", parser_module.MAX_BLOCK_DEPTH - 1), "deep.pir")
