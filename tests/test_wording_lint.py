"""The wording lint: what in the generated rule summary and card reads like code, and where it comes from."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from codegen.wording_lint import Names, findings, lint
from dsl.parser import parse_source
from pirdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*ROOT.glob("games/*.pir"), *ROOT.glob("docs/examples/*.pir"), *ROOT.glob("tests/classic/*.pir")])

# A file whose summary has two things the lint finds: a rule that does nothing, and a `{q}` no argument fills.
WORDY = textwrap.dedent('''\
    game "Words":
      players 2 to 2

    var points per player = 0

    #: the points of {q}
    define score_of(p) = p.points

    rule idle(p) "Wait":
      pass

    play:
      for each p in players:
        idle(p)
        p.points += score_of(p)

    score p: p.points
    ''')


def names(letters: str = "", nouns: tuple[str, ...] = ("ship", "hex", "card", "player"),
          written: dict[str, str] | None = None) -> Names:
    return Names(set(letters), set(), set(nouns), written or {})


def kinds(text: str, known: Names | None = None, authored: bool = False) -> list[str]:
    return [finding.kind for finding in findings(text, known or names(), authored)]


# ------------------------------------------------------------ each kind of finding


@pytest.mark.parametrize("text", ["Move ship X onto hex H.", "Put card C in your hand.",
                                  "Player P becomes the other player.",
                                  "While X has the keyword galley, nothing happens."])
def test_a_rule_local_name_in_the_text_is_found(text):
    assert "name" in kinds(text, names("XHCP"))


def test_a_capital_letter_that_is_no_local_of_the_file_is_not_a_name():
    assert kinds("Sail to Isle A, within S of the ship.", names("X")) == []


@pytest.mark.parametrize("text", ["The token map token is the first one.", "The ship towing the ship is now free.",
                                  "Dock (ship: the ship the ship has in tow)."])
def test_a_noun_said_twice_over_is_found(text):
    assert "repeat" in kinds(text)


@pytest.mark.parametrize("text", ["The left is actions for for the point of sail.", "Manoeuvre (the left left)."])
def test_a_word_twice_in_a_row_is_found(text):
    assert kinds(text) == ["repeat"]


@pytest.mark.parametrize("text", ["Costs (red, red, blue).", "Draw a new pile when the pile runs out.",
                                  "They lie bow to bow.", "Each pirate on a pirate field scores.",
                                  "A three-by-three grid."])
def test_a_list_a_clause_an_idiom_or_a_compound_is_no_repetition(text):
    assert "repeat" not in kinds(text)


@pytest.mark.parametrize("text", ["Put 10 chests in treasure chests in the supply.",
                                  "Move the golds in gold in the supply.",
                                  "The worth is the gold of the treasure worth gold."])
def test_a_thing_named_through_itself_is_found(text):
    assert "nesting" in kinds(text)


def test_a_compound_named_after_its_own_kind_is_no_nesting():
    assert kinds("For each island of the island list:") == []


def test_a_placeholder_left_in_the_text_is_found_even_in_the_authors_words():
    assert kinds("You gain 1 the chips {p} has put in the pot.").count("placeholder") == 1
    assert kinds("The chips {p} put in.", authored=True) == ["placeholder"]


@pytest.mark.parametrize("text", ["Do nothing.", "Nothing happens.", "If you declined: do nothing."])
def test_a_step_that_does_nothing_is_found(text):
    assert kinds(text) == ["empty"]


def test_a_branch_that_says_nothing_happens_tells_the_reader_something():
    assert kinds("If you declined: nothing happens.") == []


def test_an_engine_count_is_found():
    assert kinds("At most 3,240 decisions.") == ["engine"]
    assert kinds("Up to 3 steps or coins, one rest a round.") == []  # a rule, not the engine's count


@pytest.mark.parametrize("text", ["Move the the card.", "Move the first the best of the coins.",
                                  "A tie goes to the player with the higher the number of coins.",
                                  "You gain 1 the chips."])
def test_two_articles_in_a_row_are_found(text):
    assert "article" in kinds(text)


def test_a_name_printed_with_other_capitals_than_the_file_writes_is_found():
    known = names(written={"hms": "HMS"})
    assert kinds("| Hms Resolute | 9 |", known) == ["capitals"]
    assert kinds("| HMS Resolute | 9 |", known) == []


def test_the_authors_own_words_are_read_only_for_what_the_generator_leaves_in_them_and_for_letters():
    assert kinds("The token map token, bow to bow: do nothing.", authored=True) == []
    assert kinds("The attack is the roll + ship X's masts.", names("X"), authored=True) == ["name"]


def test_a_worded_let_is_found_at_its_own_line(tmp_path):
    source = WORDY.replace("  pass", "  #: Player P waits.\n  let nothing = 0")
    found = lint(parse_source(source, str(tmp_path / "words.pir")), source)
    assert [(d.span.line, d.message) for d in found if "a name from" in d.message] == \
        [(11, "the rule summary calls something 'Player P', a name from the rules file")]


# ------------------------------------------------------------ where, and through `pirdsl check`


def test_each_finding_points_at_the_node_that_wrote_the_text(tmp_path):
    path = tmp_path / "words.pir"
    path.write_text(WORDY, encoding="utf-8")
    found = lint(parse_source(WORDY, str(path)), WORDY)
    assert [(d.span.line, d.span.column, d.severity) for d in found] == [(9, 1, "warning"), (15, 5, "warning")]
    assert "does nothing" in found[0].message and "'#: -'" in found[0].hint
    assert "'{q}'" in found[1].message and "#: " in found[1].hint


def test_check_prints_the_warnings_and_fails_only_with_strict(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.pir"
    path.write_text(WORDY, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    first = capsys.readouterr()
    assert f"{path}: ok (2 warnings)" in first.out
    assert f"{path}:15:5: warning: the rule summary prints '{{q}}' as it is" in first.err
    assert "        p.points += score_of(p)" in first.err and "^^^" in first.err
    # The second time the answer comes from the cache: the same warnings, the same place.
    assert main(["check", str(path)]) == 0
    second = capsys.readouterr()
    assert second.err == first.err and second.out == first.out
    assert main(["check", "--strict", str(path)]) == 1
    assert "which --strict counts as errors" in capsys.readouterr().err


def test_a_change_to_the_file_is_linted_afresh(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PIRDSL_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.pir"
    path.write_text(WORDY, encoding="utf-8")
    main(["check", str(path)])
    capsys.readouterr()
    path.write_text(WORDY.replace("#: the points of {q}", "#: the points of {p}")
                    .replace("  pass", "  #: You wait.\n  pass"), encoding="utf-8")
    assert main(["check", "--strict", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: ok"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_shipped_game_example_and_classic_file_reads_like_a_rulebook(path):
    source = path.read_text(encoding="utf-8")
    found = lint(parse_source(source, str(path.relative_to(ROOT))), source)
    assert not found, "\n".join(d.format(source) for d in found)
