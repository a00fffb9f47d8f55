"""Rule summaries and reference cards: English for every node kind, golden files, every format.

Regenerate the golden files with `python -m codegen.golden` and review the diff.
PDF tests run only where WeasyPrint and its system libraries are installed
(`pip install -e '.[pdf]'`; CI's `.ci/run` installs them).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import codegen
from codegen.english import English, Step, method_for, method_name
from codegen.golden import GOLDEN, GOLDEN_EPOCH, golden_arguments
from dsl import ast
from dsl.parser import parse_source
from pirdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
RULES_FILES = sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "docs" / "examples").glob("*.pir"))
GAMES = sorted((ROOT / "games").glob("*.pir"))
PDF = pytest.mark.skipif(not codegen.weasyprint_available(), reason="WeasyPrint is not installed (extra 'pdf')")

SMALL_GAME = '''\
game "Coin Grab":
  players 2 to 3
  goal "Have the most gold."
  version "2"

piece coin(value) labelled "{value} gold"
zone bag hidden            # the coins not yet taken
zone purse per player owner
var gold per player = 0
variant greedy "Take two coins a turn"

#: the players with a full purse
define rich = [p for p in players where count(p.purse) >= 3]

table bonus:
  1 -> 2
  2 -> 5

setup:
  repeat 4 times:
    create 2 coin(1) in bag

play:
  rounds until round_number == 3:
    phase "Take":
      for each p in players:
        #: Each player may take any coin from the bag.
        if count(bag) > 0 or variant greedy:
          p chooses c from bag "Take a coin" optional "Pass"
          if c != none:
            move c to p.purse
            p.gold += c.value
        collect(p)

rule collect(p) "Count the purse":
  if count(rich) > 0:
    p.gold += bonus[1]

score p: p.gold

example "A coin is worth one":
  players 2 named ann, bob
  given:
    move first(bag) to ann.purse
  expect:
    count(ann.purse) == 1

example "This one is wrong on purpose":
  players 2
  expect:
    count(bag) == 99
'''


def write_small_game(folder: Path) -> Path:
    path = folder / "coin_grab.pir"
    path.write_text(SMALL_GAME, encoding="utf-8")
    return path


# ---------------------------------------------------------------- every node kind has its English


@pytest.mark.parametrize("kind", ast.NODE_KINDS, ids=lambda kind: kind.__name__)
def test_every_node_kind_has_an_english_method(kind):
    method = method_for(kind)
    assert callable(method), f"codegen.english.English has no {method_name(kind)}() for {kind.__name__}"


def test_every_node_kind_in_the_shipped_files_renders():
    """Each node of each shipped rules file renders through its kind's method without error."""
    from codegen.reference import walk
    from dsl.parser import parse_file

    seen: set[str] = set()
    for path in RULES_FILES:
        game_file = parse_file(str(path))
        english = English(game_file)
        for node in walk(game_file):
            english.render(node)
            seen.add(type(node).__name__)
    assert {"Phase", "Choose", "TableDecl", "Comprehension"} <= seen


# ---------------------------------------------------------------- the author's wording


def small_reference(tmp_path, results=None, variants=()):
    path = write_small_game(tmp_path)
    game_file = parse_source(SMALL_GAME, str(path))
    return codegen.build_reference(game_file, SMALL_GAME, variants, results, date="2024-05-01")


def test_author_wording_replaces_a_statement_and_names_a_define(tmp_path):
    summary = codegen.render_markdown(small_reference(tmp_path), "summary")
    assert "Each player may take any coin from the bag." in summary
    # The if statement it stands for is not spelled out in the sequence of play.
    sequence = summary.split("## Sequence of play")[1].split("## Rules")[0]
    assert "the number of the bag is more than 0" not in sequence and "1. For each *p* in the players" in sequence
    # The define's wording is used wherever the define is.
    assert "If the number of the players with a full purse is more than 0" in summary


def test_summary_sections_and_title_block(tmp_path):
    summary = codegen.render_markdown(small_reference(tmp_path, variants=["greedy"]), "summary")
    first_lines = summary.splitlines()[:3]
    assert first_lines[0] == "# Coin Grab: rule summary"
    assert "2 to 3 players" in first_lines[2] and "version 2" in first_lines[2] and "2024-05-01" in first_lines[2]
    for heading in ("## Overview and goal", "## Components", "## Setup", "## Sequence of play", "## Rules",
                    "## Actions", "## Scoring", "## End of the game", "## Variants", "## Worked examples"):
        assert heading in summary
    assert "| coin | 8 | Coin (value): “⟨*value*⟩ gold” |" in summary
    assert "| bag | the table | nobody | the coins not yet taken; at the start: coin |" in summary
    assert "| greedy | yes | Take two coins a turn | the sequence of play |" in summary
    assert "### A1. Take a coin" in summary and "or decline: “Pass”" in summary


def test_internal_variables_are_left_out_of_the_summary_and_card(tmp_path):
    source = SMALL_GAME.replace("var gold per player = 0\n", "var gold per player = 0\n"
                                "var takings = 0 internal     # coins taken so far\n"
                                "var stash per player = 0 secret\n")
    path = tmp_path / "coin_grab.pir"
    path.write_text(source, encoding="utf-8")
    reference = codegen.build_reference(parse_source(source, str(path)), source, (), None, date="2024-05-01")
    for text in (codegen.render_markdown(reference, "both"), codegen.render_html(reference, "both")):
        assert "takings" not in text and "coins taken so far" not in text
        assert "stash starts at 0 (its owner" in text  # a secret is part of the game: it is listed
    assert "Each player's gold starts at 0." in codegen.render_markdown(reference, "summary")


def test_example_results_are_shown_honestly(tmp_path):
    results = {"A coin is worth one": True, "This one is wrong on purpose": False}
    summary = codegen.render_markdown(small_reference(tmp_path, results), "summary")
    assert "### E1. A coin is worth one\n\n**PASS**, checked by `pirdsl test`." in summary
    assert "### E2. This one is wrong on purpose\n\n**FAIL**, checked by `pirdsl test`." in summary
    not_run = codegen.render_markdown(small_reference(tmp_path), "summary")
    assert "**NOT RUN**" in not_run


def test_the_cli_runs_the_examples(tmp_path, capsys):
    path = write_small_game(tmp_path)
    assert main(["reference", str(path), "--kind", "summary"]) == 0
    out = capsys.readouterr().out
    assert "**PASS**, checked by `pirdsl test`" in out
    assert "**FAIL**, checked by `pirdsl test`" in out


def test_the_cli_shows_the_warnings_of_the_file_it_documents_unless_quiet(tmp_path, capsys):
    path = tmp_path / "warned.pir"
    path.write_text(SMALL_GAME + "\ndefine unused = 1\n", encoding="utf-8")
    assert main(["reference", str(path), "--kind", "card"]) == 0
    err = capsys.readouterr().err
    assert f"{path}:" in err and ": warning: define 'unused' is never used" in err and "^^^^^^" in err
    assert main(["reference", str(path), "--kind", "card", "--quiet"]) == 0
    assert "warning" not in capsys.readouterr().err


# ---------------------------------------------------------------- golden files


# A game gets its golden files the first time `python -m codegen.golden` runs after it is added.
GOLDEN_GAMES = [game for game in GAMES if (GOLDEN / f"{game.stem}.summary.md").exists()]


@pytest.mark.parametrize("kind", ["summary", "card"])
@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda path: path.stem)
def test_golden_files(game, kind, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", GOLDEN_EPOCH)
    monkeypatch.chdir(ROOT)
    fresh = tmp_path / f"{game.stem}.{kind}.md"
    assert main(golden_arguments(game.relative_to(ROOT), kind, fresh)) == 0
    golden = GOLDEN / f"{game.stem}.{kind}.md"
    assert golden.exists(), "no golden card: run python -m codegen.golden"
    assert fresh.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8"), (
        f"{golden.name} is out of date: run python -m codegen.golden and review the diff"
    )


# ---------------------------------------------------------------- every file, every format


@pytest.mark.parametrize("kind", ["summary", "card", "both"])
@pytest.mark.parametrize("path", RULES_FILES, ids=lambda path: path.stem)
def test_every_rules_file_renders_in_markdown_and_html(path, kind, tmp_path, capsys):
    assert main(["reference", str(path), "--kind", kind]) == 0
    markdown = capsys.readouterr().out
    assert markdown.startswith("# ")
    output = tmp_path / "out.html"
    assert main(["reference", str(path), "--kind", kind, "--format", "html", "-o", str(output)]) == 0
    html = output.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    assert "break-inside: avoid" in html


def pdf_pages(path: Path) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    return [page.extract_text() for page in pypdf.PdfReader(str(path)).pages]


# PDF rendering is slow (seconds per file), so the PDF tests keep to what Markdown
# and HTML cannot show: every game's card fits one page on both papers, and the
# whole Glory Islands reference has the right page size, headings and layout.
# Every rules file, docs/examples included, is rendered as Markdown and HTML above.
@PDF
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_the_card_is_one_page(path, paper, tmp_path):
    output = tmp_path / "card.pdf"
    assert main(["reference", str(path), "--kind", "card", "--format", "pdf", "--paper", paper, "-o", str(output)]) == 0
    pypdf = pytest.importorskip("pypdf")
    box = pypdf.PdfReader(str(output)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == PAPER_POINTS[paper]
    pages = pdf_pages(output)
    assert len(pages) == 1
    for heading in ("Turn sequence", "Scoring", "End"):
        assert heading in pages[0]


PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}


@PDF
@pytest.mark.parametrize("paper, size", [("a4", PAPER_POINTS["a4"])])
def test_pdf_summary_pages_and_headings(paper, size, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    output = tmp_path / "both.pdf"
    assert main(["reference", str(GAMES[0]), "--format", "pdf", "--paper", paper, "-o", str(output)]) == 0
    reader = pypdf.PdfReader(str(output))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    text = "\n".join(page.extract_text() for page in reader.pages)
    for heading in ("rule summary", "Components", "Setup", "Sequence of play", "Actions", "Scoring",
                    "End of the game", "Worked examples", "Turn sequence"):
        assert heading in text
    # The card is the last page, on its own.
    assert "Turn sequence" in reader.pages[-1].extract_text()
    assert "Turn sequence" not in reader.pages[-2].extract_text()
    assert 8 <= len(reader.pages) <= 40


# ---------------------------------------------------------------- the command line


def test_md_goes_to_standard_output_and_html_to_a_file_named_after_the_game(tmp_path, monkeypatch, capsys):
    path = write_small_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["reference", str(path), "--format", "html", "--kind", "card"]) == 0
    assert capsys.readouterr().out.strip() == "wrote coin_grab.card.html (card, html)"
    assert (tmp_path / "coin_grab.card.html").exists()


def test_a_bad_file_gives_the_checkers_diagnostics(tmp_path, capsys):
    broken = tmp_path / "broken.pir"
    broken.write_text(SMALL_GAME.replace("count(p.purse)", "count(p.purs)"), encoding="utf-8")
    assert main(["reference", str(broken)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error:" in captured.err and "Traceback" not in captured.err


def test_bad_options_are_one_line(tmp_path, capsys):
    path = write_small_game(tmp_path)
    assert main(["reference", str(path), "--variant", "greddy"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["reference", str(path), "--paper", "a3"]) == 2
    assert main(["reference", str(tmp_path / "missing.pir")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_an_unwritable_output_is_one_line(tmp_path, capsys):
    path = write_small_game(tmp_path)
    assert main(["reference", str(path), "-o", str(tmp_path / "no" / "such" / "dir.md")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pirdsl: error:") and err.count("\n") == 1


# ---------------------------------------------------------------- games are data


GAME_WORDS = re.compile(r"barrel|kraken|doubloon|glory|treasure|cannon|morgan|jamaica|henry|sailing|shipwreck|galleon",
                        re.IGNORECASE)


def test_codegen_contains_no_game_word():
    for path in (ROOT / "codegen").rglob("*"):
        if path.is_file() and path.suffix in (".py", ".j2", ".css", ".html", ".lark"):
            found = GAME_WORDS.search(path.read_text(encoding="utf-8"))
            assert found is None, f"{path.relative_to(ROOT)} mentions '{found.group(0)}'"


def test_steps_nest_as_numbered_markdown_lists():
    from codegen.render import environment

    steps = [Step("First:", [Step("inner one."), Step("inner two.")]), Step("Second.")]
    text = environment().from_string('{% import "macros.md.j2" as md %}{{ md.steps(steps) }}').render(steps=steps)
    assert text.splitlines() == ["1. First:", "   1. inner one.", "   2. inner two.", "2. Second."]
