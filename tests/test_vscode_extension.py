"""The VS Code extension (editors/vscode/), run where VS Code is not: with Node, as far as it goes.

* `extension.js` is activated with stand-ins for `vscode` and `vscode-languageclient`
  (editors/vscode/test/extension.test.js, Node's own test runner): it starts the
  configured command over stdio for pirdsl documents and stops it again.
* The TextMate grammar tokenises every shipped file with VS Code's own tokeniser
  (vscode-textmate on vscode-oniguruma, from npm: `npm ci --prefix editors/vscode/test`,
  which .ci/run does), and reads each character as the Pygments lexer does: a comment,
  a string, a keyword or a number in one is the same in the other.

Each test skips, saying why, without Node or without those packages.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "editors" / "vscode" / "test"
FILES = sorted(ROOT.glob("games/*.pir")) + sorted(ROOT.glob("games/variants/*.pir")) \
    + sorted(ROOT.glob("docs/examples/*.pir")) + sorted(ROOT.glob("tests/classic/*.pir"))
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


@needs_node
def test_the_extension_starts_and_stops_the_language_server() -> None:
    done = subprocess.run([NODE, "--test", "extension.test.js"], cwd=TESTS, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout


def kind_of(scope: str | None) -> str | None:
    """A TextMate scope, or a Pygments token type's name, as one of a few kinds both can say."""
    if scope is None:
        return None
    for words, kind in ((("comment", "Comment", "String.Doc"), "comment"),
                        (("interpolation", "Interpol"), None),  # `{expression}` inside a text
                        (("string", "String"), "string"),
                        (("constant.numeric", "Number"), "number"),
                        (("constant.language", "Keyword.Constant"), "constant"),
                        (("keyword.control", "storage.type", "Keyword"), "keyword")):
        if any(word in scope for word in words):
            return kind
    return None


def pygments_kinds(text: str) -> list[list[str | None]]:
    from pirdsl.highlight import PirLexer

    kinds: list[list[str | None]] = [[]]
    for _, token, value in PirLexer().get_tokens_unprocessed(text):
        for char in value:
            if char == "\n":
                kinds.append([])
            else:
                kinds[-1].append(kind_of(str(token)))
    return kinds


@needs_node
def test_the_textmate_grammar_reads_every_shipped_file_as_pygments_does() -> None:
    pytest.importorskip("pygments")
    if not (TESTS / "node_modules" / "vscode-textmate").is_dir():
        pytest.skip("vscode-textmate is not installed: npm ci --prefix editors/vscode/test")
    done = subprocess.run([NODE, "tokenise.js", *map(str, FILES)], cwd=TESTS, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    tokens = json.loads(done.stdout)
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        expected = pygments_kinds(text)
        differences = []
        for number, (line, found) in enumerate(zip(lines, tokens[str(path)]), 1):
            covered = [kind_of(None)] * len(line)
            for start, end, scopes in found:
                for column in range(start, min(end, len(line))):
                    covered[column] = kind_of(scopes.split(" ")[-1] if " " in scopes else None)  # the innermost
            for column, char in enumerate(line):
                if char.isspace():
                    continue
                theirs = expected[number - 1][column] if column < len(expected[number - 1]) else None
                if covered[column] != theirs:
                    differences.append(f"{path.name}:{number}:{column + 1}: TextMate {covered[column]}, "
                                       f"Pygments {theirs}: {line.strip()[:60]}")
        assert not differences, "\n".join(differences[:20])
