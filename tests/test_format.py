"""`pirdsl fmt` and `dsl.format`: one canonical layout that never changes what a file means.

Every shipped, variant, classic, case and documentation file is parsed before and after
formatting and the trees compared (spans and the text's hash aside); formatting twice
gives what formatting once gave; and every such file is already formatted, which is what
`pirdsl fmt --check` asks of the repository in CI.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

import pirdsl.cli as cli
from dsl.diagnostics import PirError
from dsl.format import format_source
from dsl.parser import parse_source

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ["games", "games/variants", "tests/classic", "tests/cases", "docs/examples"]
FILES = [path for folder in FOLDERS for path in sorted((ROOT / folder).glob("*.pir"))]


def meaning(text: str, path: str) -> object:
    """The syntax tree as data, without what layout moves (spans) or what names the text (its hash)."""
    def strip(value):
        if isinstance(value, dict):
            return {key: strip(item) for key, item in value.items() if key not in ("span", "source_hash")}
        if isinstance(value, list):
            return [strip(item) for item in value]
        return value
    return strip(parse_source(text, path).model_dump())


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(ROOT)) for path in FILES])
def test_formatting_keeps_the_meaning_and_is_idempotent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    formatted = format_source(text, str(path))
    assert meaning(formatted, str(path)) == meaning(text, str(path))
    assert format_source(formatted, str(path)) == formatted


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(ROOT)) for path in FILES])
def test_every_file_in_the_repository_is_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_source(text, str(path)) == text, f"run: pirdsl fmt {path.relative_to(ROOT)}"


MESSY = '''\
# A file written in a hurry


game "Messy":
    players 2 to 4
var n=0      # a counter
table t:
    1->2
    100 -> [1,2 ,3]
define f(x)=x*2+ -1
payoff p zero-sum from -2 to 2: n
rule go(p):
    if n>=2 and p.index!=0 :
        n+=1
    else:
        n = n -1 - -1
    log "hi {n+1}"
play:
    rounds until round_number==2:
        for each p in players :
            go( p )
score p: n
'''

TIDY = '''\
# A file written in a hurry

game "Messy":
  players 2 to 4

var n = 0    # a counter

table t:
  1   -> 2
  100 -> [1, 2, 3]

define f(x) = x * 2 + -1
payoff p zero-sum from -2 to 2: n

rule go(p):
  if n >= 2 and p.index != 0:
    n += 1
  else:
    n = n - 1 - -1
  log "hi {n+1}"

play:
  rounds until round_number == 2:
    for each p in players:
      go(p)

score p: n
'''


def test_the_canonical_layout() -> None:
    assert format_source(MESSY) == TIDY
    assert meaning(TIDY, "x") == meaning(MESSY, "x")
    assert format_source(TIDY) == TIDY


def test_continued_lines_keep_their_breaks_and_comments_stay_as_written() -> None:
    text = textwrap.dedent('''\
        game "G":
            players 2 to 2
        #: the lines   of   three
        define lines = [[1, 2, 3],
                        [4, 5, 6]]   #   odd   spacing kept
        define long = 1 + \\
            2
        ''')
    formatted = format_source(text)
    assert "#: the lines   of   three\n" in formatted
    assert "define lines = [[1, 2, 3],\n                [4, 5, 6]]   #   odd   spacing kept\n" in formatted
    assert meaning(formatted, "x") == meaning(text, "x")
    assert format_source(formatted) == formatted


def test_a_file_that_does_not_parse_is_not_formatted() -> None:
    with pytest.raises(PirError):
        format_source('game "G":\n  players 2 to 2\nlog \'x\'\n')


def test_fmt_check_lists_the_files_that_would_change_and_fmt_writes_them(tmp_path, capsys) -> None:
    messy, tidy, broken = tmp_path / "messy.pir", tmp_path / "tidy.pir", tmp_path / "broken.pir"
    messy.write_text(MESSY, encoding="utf-8")
    tidy.write_text(TIDY, encoding="utf-8")
    os.chmod(messy, 0o640)
    assert cli.main(["fmt", "--check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"would reformat {messy}" in out and str(tidy) not in out
    assert messy.read_text(encoding="utf-8") == MESSY  # --check changes nothing
    assert cli.main(["fmt", str(messy), str(tidy)]) == 0
    assert f"reformatted {messy}" in capsys.readouterr().out
    assert messy.read_text(encoding="utf-8") == TIDY
    assert os.stat(messy).st_mode & 0o777 == 0o640
    assert cli.main(["fmt", "--check", str(tmp_path)]) == 0
    broken.write_text('game "G":\n  players 2 to 2\nlog \'x\'\n', encoding="utf-8")
    assert cli.main(["fmt", str(broken)]) == 1
    assert "error" in capsys.readouterr().err
    assert broken.read_text(encoding="utf-8") == 'game "G":\n  players 2 to 2\nlog \'x\'\n'
