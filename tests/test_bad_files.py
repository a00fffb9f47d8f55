"""Every file in tests/bad/ must be rejected with the message its first line announces.

A bad file opens with comment lines that say what must be reported::

    # error: unknown name 'bga'          (a substring of the message; required, first line)
    # at: 9:8                            (where the message points; optional)
    # hint: did you mean 'bag'?          (a substring of the hint; optional)

The file goes through `interpreter.load_game`, as a user's file would, and must
raise a `PirError` with one error diagnostic that matches all of these, formatted
as `file:LINE:COL: error: ...` with the source line and a caret under it.

Files that are not rules files at all (empty, binary, too large, missing) are
tested here too: they must also give a clean `PirError`, never a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl.diagnostics import PirError
from interpreter import load_game

BAD = Path(__file__).parent / "bad"
BAD_FILES = sorted(BAD.glob("*.pir"))
CARET_LINE = re.compile(r"^ +\^+$", re.MULTILINE)


def expectations(path: Path) -> dict[str, str]:
    """The `# error:`, `# at:` and `# hint:` lines at the top of a bad file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = {}
    for line in lines:
        match = re.match(r"#\s*(error|at|hint):\s*(.*\S)\s*$", line)
        if not match:
            break
        found[match.group(1)] = match.group(2)
    return found


def test_there_are_enough_bad_files():
    assert len(BAD_FILES) >= 25


@pytest.mark.parametrize("path", BAD_FILES, ids=[p.stem for p in BAD_FILES])
def test_bad_file_is_rejected_with_its_message(path: Path):
    expected = expectations(path)
    assert "error" in expected, f"{path.name} must start with '# error: <part of the message>'"

    with pytest.raises(PirError) as raised:
        load_game(str(path))
    error = raised.value
    text = error.format()

    assert re.search(rf"^{re.escape(str(path))}:\d+:\d+: error: ", text, re.MULTILINE), text
    assert expected["error"] in text, text
    assert CARET_LINE.search(text), text

    # One error diagnostic must match the message, the place and the hint together.
    def matches(diagnostic) -> bool:
        if diagnostic.severity != "error" or expected["error"] not in diagnostic.message:
            return False
        if "at" in expected and f"{diagnostic.span.line}:{diagnostic.span.column}" != expected["at"]:
            return False
        return "hint" not in expected or expected["hint"] in (diagnostic.hint or "")

    assert any(matches(d) for d in error.diagnostics), text
    if "at" in expected:
        assert f"{path}:{expected['at']}: error: " in text


# ---------------------------------------------------------------- not rules files at all


def load_error(path: Path) -> PirError:
    """The PirError that loading `path` raises; its text must format cleanly."""
    with pytest.raises(PirError) as raised:
        load_game(str(path))
    text = raised.value.format()
    assert f"{path}:" in text and ": error: " in text
    return raised.value


@pytest.mark.parametrize("content", [b"", b"\n\n", b"   \n\t\n"], ids=["empty", "newlines", "blank"])
def test_empty_file(tmp_path: Path, content: bytes):
    path = tmp_path / "empty.pir"
    path.write_bytes(content)
    assert "the file is empty" in str(load_error(path))


@pytest.mark.parametrize("content", [
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
    bytes(range(256)) * 4,
    b'game "X":\n  players 2 to 4\n\xff\xfe\n',
    b"\x00\x01\x02 game",
], ids=["png", "all-bytes", "bad-utf8", "nul"])
def test_binary_garbage(tmp_path: Path, content: bytes):
    path = tmp_path / "garbage.pir"
    path.write_bytes(content)
    message = str(load_error(path))
    assert "not a UTF-8 text file" in message or "not a text file" in message


def test_two_megabyte_file(tmp_path: Path):
    path = tmp_path / "huge.pir"
    line = b"# a very long comment to fill the file up\n"
    path.write_bytes(line * (2 * 1024 * 1024 // len(line) + 1))
    assert "too large" in str(load_error(path))


def test_file_just_under_the_limit_is_read_and_rejected_cleanly(tmp_path: Path):
    # Just small enough to be parsed: the parser must fail fast on the first bad line.
    path = tmp_path / "junk.pir"
    path.write_bytes((b"@@ junk @@\n" * 200_000)[:1_999_999])
    assert "unexpected character '@'" in str(load_error(path))


def test_missing_file(tmp_path: Path):
    assert "no such file" in str(load_error(tmp_path / "nowhere.pir"))


def test_directory(tmp_path: Path):
    assert "directory" in str(load_error(tmp_path))
