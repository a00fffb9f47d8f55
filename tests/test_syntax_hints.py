"""The hint under a syntax error says what to write (dsl/hints.py).

Each case is a slip an author makes, put into a small valid game in place of one
statement; the file must be refused with the message and the hint given, at the
place given. The forms the hints quote must be the ones docs/language.md gives.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl.check import check_game
from dsl.diagnostics import PirError
from dsl.hints import FORMS, FORMS_BY_LATER_WORD, empty_block, form_hint, unclosed_bracket
from dsl.parser import parse_source

LANGUAGE = Path(__file__).resolve().parent.parent / "docs" / "language.md"

GAME = '''game "Slips":
  players 2 to 4

var pot = 0
zone bag
zone hand per player
piece coin(value)

setup:
  for each p in players:
    create 3 coin(1) in bag

play:
  rounds until round_number == 3:
    for each p in players:
      turn(p)

rule turn(p) "Take a turn":
SLIP

score p: count(p.hand) + pot
'''
SLIP_LINE = GAME.splitlines().index("SLIP") + 1


def refused(slip: str):
    """The one diagnostic for the game with `slip` (indented as a rule's body) in place."""
    source = GAME.replace("SLIP", slip)
    with pytest.raises(PirError) as raised:
        check_game(parse_source(source, "slips.pir"), source)
    diagnostics = [d for d in raised.value.diagnostics if d.severity == "error"]
    assert diagnostics, raised.value.format()
    return diagnostics[0], raised.value.format()


# (the slip, a part of the message, a part of the hint, the place as (line from the slip, column))
SLIPS = [
    ("  if pot > 1 && pot < 3:\n    pot = 0", "unexpected character '&'", "write 'and'", (0, 14)),
    ("  if pot > 1 || pot < 3:\n    pot = 0", "unexpected character '|'", "write 'or'", (0, 14)),
    ("  if !empty(bag):\n    pot = 0", "unexpected character '!'", "write 'not'", (0, 6)),
    ("  pot = pot + 1;", "unexpected character ';'", "leave out the ';'", (0, 16)),
    ("  pot = {1, 2}", "unexpected character '{'", "a list is written [a, b]", (0, 9)),
    ('  log "pot is " + pot', "unexpected '+'", 'braces: "pot is {pot}"', (0, 17)),
    ("  if pot > 1:\n    pot = 0\n  else if pot == 0:\n    pot = 1", "unexpected 'if'", "write 'elif", (2, 8)),
    ("  if pot > 1:\n    pot = 0\n  elseif pot == 0:\n    pot = 1", "unexpected 'pot'", "write 'elif", (2, 10)),
    ("  def x = 3", "unexpected 'x'", "'define NAME(PARAMETER, ...) = EXPRESSION'", (0, 7)),
    ("  pot++", "unexpected '+'", "'x += 1'", (0, 7)),
    ("  pot = pot ** 2", "unexpected '*'", "no power operator", (0, 14)),
    ("  pot = pot // 2", "unexpected '/'", "floor(a / b)", (0, 14)),
    ("  if pot is none:\n    pot = 0", "unexpected 'is'", "'=='", (0, 10)),
    ("  pot = sum(x.value for x in bag)", "unexpected 'for'", "[x.value for x in xs]", (0, 21)),
    ("  for each q of players:\n    pass", "unexpected 'of'", "write 'in'", (0, 14)),
    ("  move first(bag) into p.hand", "unexpected 'into'", "write 'to'", (0, 19)),
    ('  p choose x from bag "Pick"', "unexpected 'choose'", "did you mean 'chooses'?", (0, 5)),
    ('  p chooses x form bag "Pick"', "unexpected 'form'", "did you mean 'from'?", (0, 15)),
    ('  log "pot is {pot}', "unexpected character '\"'", "close it with a second '\"'", (0, 7)),
    ("  log the pot is high", "unexpected 'the'", 'between double quotes: "like this"', (0, 7)),
    ("  pot = max(pot, 2))", "unexpected ')'", "this ')' closes no '(': leave it out", (0, 20)),
    ("  pot = 1   pot = 2", "unexpected 'pot'", "end the line before 'pot'", (0, 13)),
    ("  pot = 1\npot = 2", "unexpected 'pot'", "indent it as far as the lines there", (1, 1)),
    ("  pot = pot +", "unexpected end of line", "the line ends where a value was due", (0, 14)),
    ("  pot = max(pot,, 2)", "unexpected ','", "a value is missing before this ','", (0, 17)),
    # Any other slip: how the statement is written, with its section of docs/language.md.
    ("  for p in players:\n    pass", "unexpected 'p'", "for each NAME in LIST ⟨simultaneously⟩:", (0, 7)),
    ("  roll d6 as r", "unexpected 'as'", "'roll' is written: roll NAME on DIE   (docs/language.md, 4.7)", (0, 11)),
    ("  rounds 3:\n    pass", "unexpected '3'", "rounds ⟨until CONDITION⟩:", (0, 10)),
    ("  end", "unexpected end of line", "end game", (0, 6)),
    ("  let x == 3", "unexpected '='", "let NAME = EXPRESSION", (0, 10)),
    # A bracket left open: the reader stops lines further on; the error points at the bracket.
    ("  pot = max(pot, 2\n  pot = 3", "this '(' is never closed", "close it with ')'", (0, 12)),
    # A block with nothing in it.
    ("  while pot < 3:\n  pot = pot + 1", "the block that line", "write 'pass'", (1, 3)),
    ("  if pot > 1:\n    pot = 0\n  else:\n  # nothing\n  pot = 1", "the block that line", "indent the lines", (4, 3)),
]


@pytest.mark.parametrize("slip, message, hint, place", SLIPS, ids=[s[0].strip().split("\n")[0] for s in SLIPS])
def test_a_slip_is_told_what_to_write(slip, message, hint, place):
    diagnostic, text = refused(slip)
    assert message in diagnostic.message, text
    assert diagnostic.hint is not None and hint in diagnostic.hint, text
    assert (diagnostic.span.line, diagnostic.span.column) == (SLIP_LINE + place[0], place[1]), text


@pytest.mark.parametrize("name, written", [("True", "true"), ("False", "false"), ("None", "none"), ("null", "none")])
def test_a_value_named_as_other_languages_name_it(name, written):
    diagnostic, text = refused(f"  if pot == {name}:\n    pot = 0")
    assert diagnostic.message == f"unknown name '{name}'"
    assert diagnostic.hint == f"in the rules language, write {written}", text


def test_a_multi_line_list_is_not_taken_for_an_open_bracket():
    # The slip is inside the list, on a line indented under the bracket's: reported where it is.
    diagnostic, text = refused("  let layout = [[0, 1],\n                [1 0]]")
    assert diagnostic.message.startswith("unexpected '0'"), text
    assert (diagnostic.span.line, diagnostic.span.column) == (SLIP_LINE + 1, 20)


def test_a_bracket_open_at_the_end_of_the_file():
    source = GAME.replace("SLIP", "  pass").replace("score p: count(p.hand) + pot", "score p: max(count(p.hand), pot")
    with pytest.raises(PirError) as raised:
        parse_source(source, "slips.pir")
    diagnostic = raised.value.diagnostics[0]
    assert diagnostic.message == "this '(' is never closed"
    assert diagnostic.span.column == 13


def test_brackets_in_text_and_comments_do_not_count():
    source = 'log "a (b"  # and [c\nx = (1 +\n'
    assert unclosed_bracket(source, len(source), at_end=True) == (2, 5, "(")
    assert unclosed_bracket('log "(" # (\n', 12, at_end=True) is None


def test_an_empty_block_needs_the_opener_to_end_with_a_colon():
    assert empty_block("if x:\n  # note\npass\n", 3, 1) == 1
    assert empty_block("x = 1\npass\n", 2, 1) is None
    assert empty_block('log "a:"\npass\n', 2, 1) is None  # the ':' is inside text
    assert empty_block("if x:\n    y = 1\n  z = 2\n", 3, 3) is None  # the line before opens no block


def _section(number: str) -> str:
    """The text of section `number` ("4.7") of docs/language.md, to the next heading."""
    text = LANGUAGE.read_text(encoding="utf-8")
    match = re.search(rf"^### {re.escape(number)} .*?(?=^##)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/language.md has no section {number}"
    return match.group(0)


@pytest.mark.parametrize("word", sorted({**FORMS, **FORMS_BY_LATER_WORD}))
def test_each_form_is_the_one_the_language_guide_gives(word):
    form, section = {**FORMS, **FORMS_BY_LATER_WORD}[word]
    assert form in _section(section), f"docs/language.md {section} does not give {form!r}"
    assert form_hint(word).startswith(f"'{word}' is written: {form}")


def test_a_form_says_what_its_angle_brackets_mean_only_when_it_has_them():
    assert "may be left out" in form_hint("rounds")
    assert "may be left out" not in form_hint("roll")


def test_a_bracket_open_when_the_last_block_ends():
    with pytest.raises(PirError) as raised:
        parse_source('game "T":\n  players 2 to 4\nplay:\n  pot = (1 +\n', "slips.pir")
    diagnostic = raised.value.diagnostics[0]
    assert (diagnostic.message, diagnostic.span.line, diagnostic.span.column) == ("this '(' is never closed", 4, 9)


def test_a_closing_bracket_alone_at_the_left_edge():
    with pytest.raises(PirError) as raised:
        parse_source('game "T":\n  players 2 to 4\n)\n', "slips.pir")
    assert raised.value.diagnostics[0].hint == "this ')' closes no '(': leave it out"


@pytest.mark.parametrize("text, hint", [
    ('game "T":\n  players 2-4\n', "write 'players MIN to MAX' in the game header"),
    ('game "T":\n  players 2 to 4\ntable t:\n  1 "a"\n', "a table's row is written KEY -> VALUE"),
    ('game Dice:\n  players 2 to 4\n', 'write text between double quotes: "like this"'),
    ('game "T":\n  players 2 to 4\nrule r(p):\n  p chooses x from [1, 2] labeled "{x}"\n', "did you mean 'labelled'?"),
])
def test_declarations_and_headers_are_told_too(text, hint):
    with pytest.raises(PirError) as raised:
        parse_source(text, "slips.pir")
    assert raised.value.diagnostics[0].hint.startswith(hint), raised.value.format()


@pytest.mark.parametrize("text, message, hint", [
    ('game "T":\n  players 2 to 4\nplay:\n  end games\n', "unexpected 'games'; expected 'game'", "did you mean 'game'?"),
    ('game "T":\n  players 2 to 4\nplay:\n  rounds untill x:\n    pass\n', "unexpected 'untill'",
     "did you mean 'until'?"),
    ('game "T":\n  players 2 to 4\nzone bag per players\n', "unexpected 'players'", "did you mean 'player'?"),
])
def test_a_word_is_read_whole_where_only_a_keyword_could_come(text, message, hint):
    # Not the keyword with the rest of the word left over ("unexpected 's'").
    with pytest.raises(PirError) as raised:
        parse_source(text, "slips.pir")
    diagnostic = raised.value.diagnostics[0]
    assert diagnostic.message.startswith(message) and diagnostic.hint == hint, raised.value.format()
