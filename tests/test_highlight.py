"""Highlighting: the Pygments lexer (pirdsl/highlight.py) and the VS Code extension's TextMate
grammar (editors/vscode/) know every word the language has, and read every shipped file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dsl.builtins import FUNCTIONS, VALUES
from dsl.format import keywords

ROOT = Path(__file__).resolve().parent.parent
VSCODE = ROOT / "editors" / "vscode"
FILES = sorted(ROOT.glob("games/*.pir")) + sorted(ROOT.glob("tests/cases/*.pir")) \
    + sorted(ROOT.glob("tests/classic/*.pir")) + sorted(ROOT.glob("docs/examples/*.pir"))


def _alternatives(pattern: str) -> set[str]:
    return set(re.search(r"\\b\(([^)]*)\)", pattern).group(1).split("|"))


def test_the_textmate_grammar_has_every_keyword_and_built_in() -> None:
    grammar = json.loads((VSCODE / "syntaxes" / "pirdsl.tmLanguage.json").read_text(encoding="utf-8"))
    repository = grammar["repository"]
    assert _alternatives(repository["keyword"]["match"]) | {"true", "false", "none"} == set(keywords())
    functions, values = repository["builtin"]["patterns"]
    assert _alternatives(functions["match"]) == set(FUNCTIONS)
    assert _alternatives(values["match"]) == set(VALUES)
    for pattern in re.findall(r'"(?:match|begin|end)": "((?:[^"\\]|\\.)*)"', json.dumps(grammar)):
        re.compile(json.loads(f'"{pattern}"'))  # every pattern is a valid regular expression


def test_the_extension_wires_the_server_and_the_grammar() -> None:
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    [language] = package["contributes"]["languages"]
    assert language["extensions"] == [".pir"]
    assert (VSCODE / language["configuration"]).is_file()
    assert (VSCODE / package["contributes"]["grammars"][0]["path"]).is_file()
    assert package["contributes"]["configuration"]["properties"]["pirdsl.command"]["default"] == ["pirdsl", "lsp"]
    assert "vscode-languageclient" in package["dependencies"]
    json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_the_pygments_lexer_reads_every_file_without_an_error_token(path: Path) -> None:
    pytest.importorskip("pygments")
    from pygments.token import Error

    from pirdsl.highlight import PirLexer

    text = path.read_text(encoding="utf-8")
    tokens = list(PirLexer().get_tokens(text))
    assert [value for kind, value in tokens if kind is Error] == []
    assert "".join(value for _, value in tokens) == text if text.endswith("\n") else True


def test_the_lexer_is_registered_for_pygments() -> None:
    pytest.importorskip("pygments")
    from importlib.metadata import entry_points

    from pygments.lexers import get_lexer_for_filename

    [entry] = [e for e in entry_points(group="pygments.lexers") if e.name == "pirdsl"]
    assert entry.value == "pirdsl.highlight:PirLexer"
    assert get_lexer_for_filename("rules.pir").name == "pirdsl"


def test_the_html_reference_shows_an_example_that_failed_as_written_in_colour() -> None:
    import codegen
    from dsl.check import check_game
    from dsl.parser import parse_source

    path = ROOT / "games" / "glory_islands.pir"
    text = path.read_text(encoding="utf-8")
    game_file = parse_source(text, str(path))
    check_game(game_file, text)
    names = [d.name for d in game_file.declarations if type(d).__name__ == "ExampleDecl"]
    failed = names[1]
    results = {name: name != failed for name in names}
    page = codegen.render_html(codegen.build_reference(game_file, text, example_results=results, date="2024-01-01"),
                               "summary")
    assert page.count('<pre class="pir">') == 1  # the passing ones are listed by name only
    shown = page[page.index('<pre class="pir">'):page.index("</pre>", page.index('<pre class="pir">'))]
    assert '<span class="k">example</span>' in shown and '<span class="nb">count</span>' in shown
    assert shown.count('<span class="k">example</span>') == 1  # it stops where it ends, before the next one
    assert ".pir .k {" in page  # the colours are in the page's own style sheet
    everything_passed = codegen.render_html(codegen.build_reference(
        game_file, text, example_results=dict.fromkeys(names, True), date="2024-01-01"), "summary")
    assert '<pre class="pir">' not in everything_passed
    not_run = codegen.render_html(codegen.build_reference(game_file, text, example_results={}, date="2024-01-01"),
                                  "summary")
    assert '<pre class="pir">' not in not_run  # only a failure is worth the author's reading it again
