"""The rule summary says everything play uses: rules, wordings, numbers and constants.

`codegen.completeness` compares a rules file with its summary; every shipped game,
classic game, worked-out case and documentation example must have no gap, and each
kind of gap is shown on a small file of its own.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import codegen
from codegen.completeness import gaps, says_number
from dsl.diagnostics import SourceLines
from dsl.extends import read_rules
from dsl.parser import parse_source

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "games" / "variants").glob("*.pir")) \
    + sorted((ROOT / "tests" / "classic").glob("*.pir")) \
    + sorted((ROOT / "tests" / "cases").glob("*.pir")) + sorted((ROOT / "docs" / "examples").glob("*.pir"))

HEADER = 'game "Little":\n  players 2 to 2\n\n'


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_shipped_file_prints_everything_play_uses(path):
    game_file, source, _ = read_rules(path.read_text(encoding="utf-8"), str(path))  # a variant file: with its bases
    found = gaps(game_file, source)
    texts = SourceLines(source)
    assert not found, "\n".join(f"{gap.span}: {gap.message}\n    {texts.line(gap.span.file, gap.span.line).strip()}"
                                for gap in found)


def gaps_of(body: str) -> list[str]:
    source = HEADER + textwrap.dedent(body)
    return [gap.message for gap in gaps(parse_source(source, "little.pir"), source)]


def summary_of(body: str) -> str:
    source = HEADER + textwrap.dedent(body)
    reference = codegen.build_reference(parse_source(source, "little.pir"), source, (), None, date="2024-05-01")
    return codegen.render_markdown(reference, "summary")


def test_a_number_a_wording_leaves_out_is_a_gap():
    found = gaps_of('''\
        var points per player = 0
        play:
          for each p in players:
            #: You gain some points.
            p.points += 3
        score p: p.points
        ''')
    assert found == ["the number 3 is used in play but the summary's sequence of play never says it"]
    assert not gaps_of('''\
        var points per player = 0
        play:
          for each p in players:
            #: You gain three points.
            p.points += 3
        score p: p.points
        ''')


def test_a_wording_hidden_by_the_wording_of_its_block_is_a_gap():
    found = gaps_of('''\
        var points per player = 0
        play:
          for each p in players:
            #: With more than 5 points, you gain 1 point.
            if p.points > 5:
              p.points += 1
            else:
              #: Otherwise you gain 2 points.
              p.points += 2
        score p: p.points
        ''')
    assert found == []  # the wording inside the other branch makes the first wording word its branch only
    text = summary_of('''\
        var points per player = 0
        play:
          for each p in players:
            #: With more than 5 points, you gain 1 point.
            if p.points > 5:
              p.points += 1
            else:
              #: Otherwise you gain 2 points.
              p.points += 2
        score p: p.points
        ''')
    assert "With more than 5 points, you gain 1 point." in text and "Otherwise you gain 2 points." in text
    found = gaps_of('''\
        var points per player = 0
        play:
          #: Everyone scores.
          for each p in players:
            #: You gain 2 points.
            p.points += 2
        score p: p.points
        ''')
    assert any("this wording is never printed" in message for message in found)


def test_constants_are_listed_with_their_notes():
    text = summary_of('''\
        var points per player = 0
        define bonus = 4  # points for the winner of a round
        play:
          rounds until round_number == 2:
            for each p in players:
              p.points += bonus
        score p: p.points
        ''')
    assert "Numbers to know:\n\n- Bonus: 4 (points for the winner of a round)." in text
    assert not gaps_of('''\
        var points per player = 0
        define bonus = 4
        play:
          for each p in players:
            p.points += bonus
        score p: p.points
        ''')


def test_a_rule_only_a_power_calls_is_set_out():
    text = summary_of('''\
        var points per player = 0
        var lucky per player = false
        play:
          for each p in players:
            score_one(p)
        rule score_one(p) "Score":
          p.points += 1
        rule bonus(p) "Take a bonus":
          p.points += 2
        power luck "Luck: a bonus after scoring" after score_one(p) when p.lucky:
          bonus(p)
        score p: p.points
        ''')
    assert "Take a bonus" in text.split("P1.")[0]  # set out among the rules, before the powers


def test_numbers_are_read_in_digits_and_words():
    assert says_number("gain 1,000 points", 1000)
    assert says_number("the second player", 2)
    assert says_number("three times", 3)
    assert not says_number("gain 12 points", 2)
    assert not says_number("gain 2.5 points", 5)


def test_a_rule_is_referred_to_by_name_in_a_wording_and_a_written_label_is_a_gap():
    body = '''\
        var points per player = 0
        play:
          for each p in players:
            #: Score ({score_one}), then take a bonus ({bonus}).
            score_one(p)
        rule score_one(p) "Score":
          p.points += 1
          bonus(p)
        rule bonus(p) "Take a bonus":
          p.points += 1
        score p: p.points
        '''
    assert "Score (R1), then take a bonus (R2)." in summary_of(body)
    assert gaps_of(body) == []
    written = gaps_of(body.replace("{bonus}", "R2"))
    assert written == ["the label R2 is written by hand: it goes wrong when a rule is added"]


def test_a_rule_whose_call_a_wording_hides_is_a_gap_and_a_worded_call_keeps_its_label():
    hidden = '''\
        var points per player = 0
        play:
          for each p in players:
            #: Everyone scores.
            if p.points >= 0:
              score_one(p)
        rule score_one(p) "Score":
          p.points += 1
        score p: p.points
        '''
    assert gaps_of(hidden) == ["the rule 'score_one' (R1) is set out, but nothing on the summary says when "
                               "it is carried out"]
    assert gaps_of(hidden.replace("Everyone scores.", "Everyone scores ({score_one}).")) == []
    worded_call = '''\
        var points per player = 0
        play:
          for each p in players:
            #: You score.
            score_one(p)
        rule score_one(p) "Score":
          p.points += 1
        score p: p.points
        '''
    assert "You score (see R1)." in summary_of(worded_call)
    assert gaps_of(worded_call) == []


def test_a_define_with_a_comment_at_the_end_of_its_line_is_a_term_of_the_summary():
    text = summary_of('''\
        var points per player = 0
        define leading(p) = p.points >= 3  # a player with 3 points or more
        define unused(p) = p.points  # never read in play, never printed
        play:
          for each p in players:
            if leading(p):
              p.points += 1
        score p: p.points
        ''')
    assert "Glossary:\n\n- Leading: a player with 3 points or more." in text
    assert "never printed" not in text
