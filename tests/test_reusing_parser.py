"""`dsl.parser.ReusingParser` (the language server's) gives exactly what `parse_source` gives, edit after edit.

It parses a file in pieces, one per declaration, and keeps them for the next
text: a piece that did not change is taken as it was, or moved down or up when
lines were added or taken away above it. Each text here goes through one parser
in turn, as an author's edits do, and every result (nodes, spans, which fields
were written, and the errors of a text that does not parse) must be the same as
a fresh `parse_source` of that text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.diagnostics import PirError
from dsl.parser import ReusingParser, _declaration_pieces, parse_source
from test_parser_fast import canonical

ROOT = Path(__file__).resolve().parent.parent
RULES_FILES = sorted(
    path for folder in ("games", "games/variants", "docs/examples", "tests/cases", "tests/bad", "tests/classic")
    for path in (ROOT / folder).glob("*.pir"))


def result(parse, text: str, path: str):
    try:
        return canonical(parse(text, path))
    except PirError as error:
        return ("error", [(str(d.span), d.message, d.hint) for d in error.diagnostics])


def edits(text: str) -> list[str]:
    """An author's edits, one after another: within a line, lines added and taken away, a slip, undone."""
    lines = text.split("\n")
    middle = len(lines) // 2
    return [
        text,
        text.replace("1", "2", 1),                                       # a digit changed, lines stay
        "\n".join(lines[:middle] + [""] + lines[middle:]),               # a line added in the middle
        "\n\n" + text,                                                   # two added at the top
        text,                                                            # undone
        "\n".join(lines[:middle] + ["  rule broken("] + lines[middle:]),  # a syntax error
        text + "\n# a comment at the end\n",
        text[: len(text) // 3],                                          # most of it cut away
        text,
    ]


@pytest.mark.parametrize("path", RULES_FILES, ids=[f"{p.parent.name}/{p.name}" for p in RULES_FILES])
def test_edit_after_edit_the_same_as_a_fresh_parse(path: Path) -> None:
    parser = ReusingParser()
    for text in edits(path.read_text(encoding="utf-8")):
        assert result(parser.parse, text, str(path)) == result(parse_source, text, str(path))


def test_a_shipped_game_is_cut_at_each_declaration_and_reused() -> None:
    path = ROOT / "games" / "mysterious_islands.pir"
    text = path.read_text(encoding="utf-8")
    pieces = _declaration_pieces(text)
    assert len(pieces) > 100 and "".join(piece for _, piece in pieces) == text
    parser = ReusingParser()
    first = parser.parse(text, str(path))
    again = parser.parse(text.replace("1", "2", 1), str(path))
    # Only the declaration with the changed digit was read again: the others are the same objects.
    same = sum(1 for a, b in zip(first.declarations, again.declarations) if a is b)
    assert same == len(first.declarations) - 1


@pytest.mark.parametrize("text", [
    'game "X":\n  players 2 to 4\ndefine x = [1,\n2]\nplay:\n  pass\n',     # a bracket carried to the margin
    'game "X":\n  players 2 to 4\ndefine x = 1 + \\\n2\nplay:\n  pass\n',   # a backslash carried to the margin
    'game "X":\n  players 2 to 4\n# a note\nplay:\n  pass\n# the end',
    'game "X":\r\n  players 2 to 4\r\nplay:\r\n  pass\r\n',
    'game "X":\n  players 2 to 4\nplay:\n  log "a [ that does not open a bracket"\nvar y = 1\n',
])
def test_texts_that_carry_a_line_to_the_margin(text: str) -> None:
    parser = ReusingParser()
    for edited in (text, "\n" + text, text):
        assert result(parser.parse, edited, "x.pir") == result(parse_source, edited, "x.pir")
