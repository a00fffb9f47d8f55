"""Run the worked examples of every tests/cases/*.pir file: one test per example.

Each case file is a small, complete rules file about one construct (or a small
family of them); its `example` blocks pin how the construct behaves. A failing
test is named `file.pir::example name`, so it names the construct at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import ast
from dsl.diagnostics import PirError
from dsl.parser import parse_file
from interpreter import load_game, load_source
from interpreter.examples import run_examples

CASES = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES.glob("*.pir"))


def _load(path: Path):
    """The loaded game, or the error text when the file cannot be loaded."""
    try:
        return load_game(str(path)), None
    except PirError as error:
        return None, error.format()


_GAMES = {path.name: _load(path) for path in CASE_FILES}


def _example_params():
    params = []
    for name, (game, error) in _GAMES.items():
        if game is None:
            params.append(pytest.param(name, None, id=f"{name}::<load>"))
            continue
        for example in game.examples:
            params.append(pytest.param(name, example.decl.name, id=f"{name}::{example.decl.name}"))
    return params


_RESULTS: dict[str, dict[str, object]] = {}


def _results(name: str) -> dict:
    """Every example's result for one file, run once and remembered."""
    if name not in _RESULTS:
        game, _ = _GAMES[name]
        _RESULTS[name] = {result.name: result for result in run_examples(game)}
    return _RESULTS[name]


@pytest.mark.parametrize("file_name, example_name", _example_params())
def test_example(file_name: str, example_name: str | None) -> None:
    game, error = _GAMES[file_name]
    if game is None:
        pytest.fail(f"{file_name} does not load:\n{error}")
    result = _results(file_name)[example_name]
    assert result.passed, result.message


def test_there_are_case_files() -> None:
    assert len(CASE_FILES) >= 30


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_case_file_is_a_complete_game_with_examples(path: Path) -> None:
    game, error = _GAMES[path.name]
    assert game is not None, error
    kinds = [type(d) for d in game.file.declarations]
    assert ast.GameHeader in kinds and ast.PlayDecl in kinds
    assert game.min_players >= 1
    assert game.examples, f"{path.name} has no examples: the examples are the tests"


# ---------------------------------------------------------------- every construct is covered

def _node_kinds(node, found: set) -> None:
    if isinstance(node, ast.Node):
        found.add(type(node))
        for field in type(node).model_fields:
            _node_kinds(getattr(node, field), found)
    elif isinstance(node, (list, tuple)):
        for item in node:
            _node_kinds(item, found)
    elif isinstance(node, dict):
        for item in node.values():
            _node_kinds(item, found)


def test_every_node_kind_appears_in_some_case_file() -> None:
    found: set = set()
    for game, _ in _GAMES.values():
        if game is not None:
            _node_kinds(game.file, found)
    for path in CASE_FILES:  # as written: a variant file's own nodes (extends, replace, remove) merge away
        _node_kinds(parse_file(str(path)), found)
    missing = sorted(kind.__name__ for kind in ast.NODE_KINDS if kind not in found)
    assert not missing, f"no case file uses: {', '.join(missing)}"


# ---------------------------------------------------------------- the examples can fail

HARNESS = '''
game "Harness":
  players 2 to 2

var n = 0

play:
  pass

example "wrong expectation":
  when:
    n = 1
  expect:
    n == 2

example "missing answer":
  when:
    players[0] chooses x from [1, 2]

example "answer never asked for":
  answers 1

example "answer that names no option":
  when:
    players[0] chooses x from ["red", "blue"]
  answers "green"

example "answer that names several options":
  when:
    players[0] chooses x from ["dark red", "light red"]
  answers "red"

example "answer number out of range":
  when:
    players[0] chooses x from [1, 2]
  answers 3

example "a rule error fails the example":
  when:
    n = 1 / 0
'''


@pytest.mark.parametrize("example_name, words", [
    ("wrong expectation", "left side is 1, right side is 2"),
    ("missing answer", "needs an answer"),
    ("answer never asked for", "never asked for"),
    ("answer that names no option", "matches no option"),
    ("answer that names several options", "matches several options"),
    ("answer number out of range", "is not an option"),
    ("a rule error fails the example", "division by zero"),
])
def test_a_broken_example_fails_with_a_reason(example_name: str, words: str) -> None:
    game = load_source(HARNESS, "harness.pir")
    results = {result.name: result for result in run_examples(game)}
    result = results[example_name]
    assert not result.passed
    assert words in result.message
    assert "harness.pir:" in result.message
