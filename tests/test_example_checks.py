"""Checks of worked examples before they run: `pirdsl check` reports answers that fit no
question, an example may start in a given round and phase, a question with only its skip
option never takes an answer silently, and values in messages are written as in the language.
"""

from __future__ import annotations

import textwrap

import pirdsl.cli as cli
from interpreter import load_source
from interpreter.examples import answer_errors, run_examples

GAME = '''
game "Slips":
  players 2 to 2

var n = 0

play:
  phase "Night":
    pass

score p: 0
'''


def _check(capsys, tmp_path, examples: str) -> tuple[int, str]:
    path = tmp_path / "slips.pir"
    path.write_text(GAME + textwrap.dedent(examples), encoding="utf-8")
    code = cli.main(["check", str(path)])
    return code, capsys.readouterr().err


def test_check_fails_on_an_answer_that_fits_no_option_and_lists_the_options(capsys, tmp_path):
    code, err = _check(capsys, tmp_path, '''
        example "a mistyped answer":
          when:
            players[0] chooses x from ["row 1", "row 2"] "Place your mark"
          answers "row 3"
        ''')
    assert code == 1
    assert "error: answer 'row 3' matches no option of 'Place your mark'" in err
    assert "options: 1. row 1; 2. row 2" in err


def test_check_fails_on_a_missing_or_left_over_answer_and_passes_a_good_one(capsys, tmp_path):
    code, err = _check(capsys, tmp_path, '''
        example "left over":
          answers 1
        ''')
    assert code == 1 and "this answer was never asked for" in err
    code, err = _check(capsys, tmp_path, '''
        example "fits":
          when:
            players[0] chooses x from [1, 2] "Pick"
          answers 2
          expect:
            x == 1
        ''')
    assert code == 0, err  # a false expectation is `pirdsl test`'s to report, not check's
    code, _ = _check(capsys, tmp_path, '''
        example "fits":
          when:
            players[0] chooses x from [1, 2] "Pick"
          answers 2
        ''')
    assert code == 0


def test_an_example_phase_must_be_one_the_game_has(capsys, tmp_path):
    code, err = _check(capsys, tmp_path, '''
        example "at night":
          phase "Nigth"
        ''')
    assert code == 1
    assert 'the example starts in phase "Nigth", but no phase has that title' in err
    assert "did you mean 'Night'?" in err
    code, _ = _check(capsys, tmp_path, '''
        example "at night":
          round 3
          phase "Night"
          expect:
            round_number == 3
        ''')
    assert code == 0


def _results(examples: str) -> dict:
    game = load_source(GAME + textwrap.dedent(examples), "slips.pir")
    return {result.name: result for result in run_examples(game)}


def test_a_skip_only_question_is_named_when_the_next_answer_fits_nothing():
    results = _results('''
        example "skip then":
          when:
            players[0] chooses x from [] "Take a card back" optional "Leave it"
            players[1] chooses y from ["a", "b"] "Letter"
          answers "Leave"
        ''')
    message = results["skip then"].message
    assert "matches no option of 'Letter'" in message
    assert "'Take a card back' (only 'Leave it') passed by itself" in message


def test_a_skip_only_question_is_named_when_its_answer_is_left_over():
    results = _results('''
        example "skip only":
          when:
            players[0] chooses x from [] "Take a card back" optional "Leave it"
          answers 1
        ''')
    message = results["skip only"].message
    assert "this answer was never asked for" in message and "'Take a card back'" in message


def test_failed_comparisons_write_values_as_the_language_does():
    results = _results('''
        example "lists":
          expect:
            [2, 3] == [2]
        example "texts and truth":
          expect:
            "gold" == "silver"
            true == false
        ''')
    assert "(left side is [2, 3], right side is [2])" in results["lists"].message
    assert '(left side is "gold", right side is "silver")' in results["texts and truth"].message


def test_answer_errors_keep_only_the_answers_slips():
    game = load_source(GAME + textwrap.dedent('''
        example "false expectation":
          expect:
            n == 1
        example "bad answer":
          when:
            players[0] chooses x from [1, 2] "Pick"
          answers 3
        '''), "slips.pir")
    errors = answer_errors(game)
    assert [error.message for error in errors] == ["answer 3 is not an option of 'Pick'"]
