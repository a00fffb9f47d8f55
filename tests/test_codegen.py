"""Rule summaries and reference cards: English for every node kind, golden files, every format.

Regenerate the golden files with `python -m codegen.golden` and review the diff.
PDF tests run only where WeasyPrint and its system libraries are installed
(`pip install -e '.[pdf]'`; CI's `.ci/run` installs them).
"""

from __future__ import annotations

import html as html_module
import re
import textwrap
from pathlib import Path

import pytest

import codegen
from codegen.english import AUXILIARY, English, Step, method_for, method_name, words
from codegen.golden import GOLDEN, GOLDEN_EPOCH, VARIANT_KINDS, golden_arguments
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
    assert "the bag is not empty" not in sequence and "1. For each player, in seat order:" in sequence
    # The define's wording is used wherever the define is.
    assert "If there are players with a full purse: you gain gold equal to bonus for 1." in summary


def test_summary_sections_and_title_block(tmp_path):
    summary = codegen.render_markdown(small_reference(tmp_path, variants=["greedy"]), "summary")
    first_lines = summary.splitlines()[:3]
    assert first_lines[0] == "# Coin Grab: rule summary"
    assert "2 to 3 players" in first_lines[2] and "version 2" in first_lines[2]
    # Which file and when, for whoever keeps the printouts: at the end, not in a player's way.
    assert summary.rstrip().splitlines()[-1].startswith("Made from the rules file") and "2024-05-01" in summary.rstrip().splitlines()[-1]
    for heading in ("## Overview and goal", "## Components", "## Setup", "## Sequence of play", "## Rules",
                    "## Scoring", "## End of the game", "## Variants", "## Worked examples"):
        assert heading in summary
    assert "| coin | 8 | Each has a value. |" in summary
    assert "- **Greedy** (in play): Take two coins a turn (see the sequence of play)." in summary
    card = codegen.render_markdown(small_reference(tmp_path), "card")
    # The choice is inside a statement the author worded, and is not worded itself: the wording says it all.
    assert "Each player may take any coin from the bag." in card and "## Decisions" not in card
    worded = SMALL_GAME.replace('          p chooses c', '          #: Take a coin\n          p chooses c')
    card = summary_of(worded, tmp_path, "card")
    # What follows the choice is the author's wording, which the turn sequence already shows.
    assert "| Take a coin (optional) | Take; the bag is not empty or the greedy variant is in play | – |" in card


def test_internal_variables_are_left_out_of_the_summary_and_card(tmp_path):
    source = SMALL_GAME.replace("var gold per player = 0\n", "var gold per player = 0\n"
                                "var takings = 0 internal     # coins taken so far\n"
                                "var stash per player = 0 secret\n")
    path = tmp_path / "coin_grab.pir"
    path.write_text(source, encoding="utf-8")
    reference = codegen.build_reference(parse_source(source, str(path)), source, (), None, date="2024-05-01")
    for text in (codegen.render_markdown(reference, "both"), codegen.render_html(reference, "both")):
        assert "takings" not in text and "coins taken so far" not in text
        assert "stash:" in text and "0 (its owner" in text  # a secret is part of the game: it is listed
    # What is kept per player is said once, with each starting value.
    assert "For each player, at the start: gold: 0; stash: 0 (its owner's secret)." \
        in codegen.render_markdown(reference, "summary")


def test_example_results_are_shown_honestly(tmp_path):
    results = {"A coin is worth one": True, "This one is wrong on purpose": False}
    summary = codegen.render_markdown(small_reference(tmp_path, results), "summary")
    assert "- **PASS** A coin is worth one" in summary
    assert "- **FAIL** This one is wrong on purpose" in summary
    not_run = codegen.render_markdown(small_reference(tmp_path), "summary")
    assert "- **NOT RUN** A coin is worth one" in not_run


def test_the_cli_runs_the_examples(tmp_path, capsys):
    path = write_small_game(tmp_path)
    assert main(["reference", str(path), "--kind", "summary"]) == 0
    out = capsys.readouterr().out
    assert "- **PASS** A coin is worth one" in out
    assert "- **FAIL** This one is wrong on purpose" in out


def test_the_cli_shows_the_warnings_of_the_file_it_documents_unless_quiet(tmp_path, capsys):
    path = tmp_path / "warned.pir"
    path.write_text(SMALL_GAME + "\ndefine unused = 1\n", encoding="utf-8")
    assert main(["reference", str(path), "--kind", "card"]) == 0
    err = capsys.readouterr().err
    assert f"{path}:" in err and ": warning: define 'unused' is never used" in err and "^^^^^^" in err
    assert main(["reference", str(path), "--kind", "card", "--quiet"]) == 0
    assert "warning" not in capsys.readouterr().err


# ---------------------------------------------------------------- the English players read


def summary_of(source: str, tmp_path: Path, kind: str = "summary") -> str:
    """The Markdown summary (or card) of a small rules file."""
    path = tmp_path / "game.pir"
    path.write_text(source, encoding="utf-8")
    reference = codegen.build_reference(parse_source(source, str(path)), source, (), None, date="2024-05-01")
    return codegen.render_markdown(reference, kind)


LITTLE_HEADER = 'game "Little":\n  players 2 to 2\n\n'


def test_the_player_a_rule_is_about_is_you(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        zone hand per player owner
        piece card(value)
        setup:
          for each p in players:
            create 3 card(1) in p.hand
        play:
          for each p in players:
            score_hand(p)
        rule score_hand(p) "Score the hand":
          if count(p.hand) > 0:
            p.points += count(p.hand)
          if count(p.hand) == 0:
            eliminate p
        score p: p.points
        '''), tmp_path)
    assert "Put 3 cards with value 1 in your hand." in summary
    assert "If you have hand: you gain points equal to the number of your hand." not in summary
    assert "1. If your hand is not empty: you gain points equal to the number of your hand." in summary
    assert "2. If your hand is empty: you are out of the game." in summary
    assert "Your score is your points." in summary


def test_a_wording_that_ends_with_a_colon_words_only_the_opening_line(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        play:
          #: Each player in turn:
          for each p in players:
            #: -
            p.points += 1
            p.points += 2
        score p: p.points
        '''), tmp_path)
    assert "1. Each player in turn:\n   1. You gain 2 points." in summary
    assert "You gain 1 points" not in summary  # `#: -` leaves a statement out


def test_a_wording_above_elif_or_else_words_that_branch(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        play:
          for each p in players:
            if p.points > 3:
              p.points = 0
            #: Otherwise, with exactly 3, double up.
            elif p.points == 3:
              p.points = 6
            #: Otherwise gain 1.
            else:
              p.points += 1
        score p: p.points
        '''), tmp_path)
    assert "1. If your points is more than 3: your points becomes 0." in summary
    assert "2. Otherwise, with exactly 3, double up.\n" in summary and "3. Otherwise gain 1.\n" in summary


def test_a_worded_elif_is_kept_under_a_worded_if_and_a_colon_wording_heads_its_branch(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        play:
          for each p in players:
            #: With more than 3 points, start again.
            if p.points > 3:
              p.points = 0
            #: Otherwise, with exactly 3:
            elif p.points == 3:
              p.points = 6
            #: Otherwise:
            else:
              p.points += 1
        score p: p.points
        '''), tmp_path)
    # The wording above the `if` words its first branch only: the `elif` the author worded stays.
    assert "   1. With more than 3 points, start again.\n" in summary
    assert "   2. Otherwise, with exactly 3:\n      1. Your points becomes 6." in summary
    assert "   3. Otherwise:\n      1. You gain 1 point." in summary


def test_an_automa_line_takes_the_authors_wording(tmp_path):
    source = LITTLE_HEADER.replace("players 2 to 2", "players 1 to 2") + textwrap.dedent('''\
        #: The Dealer, played by the rules, joins a game of one player.
        automa dealer "Dealer" when player_count == 1
        play:
          pass
        ''')
    summary = summary_of(source, tmp_path)
    assert "The Dealer, played by the rules, joins a game of one player." in summary
    assert "is played by the rules when" not in summary


def test_variable_zone_and_rule_wordings_name_them_where_they_are_used(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        #: score track
        var points per player = 0
        #: {p} has passed
        var passed per player = false internal
        #: discard pile
        zone discard per player
        piece chip
        setup:
          for each p in players:
            create 2 chip in p.discard
        play:
          for each p in players:
            if not p.passed:
              take(p, 2)
        #: Take {n} chips from your discard pile
        rule take(p, n):
          p.points += n
        score p: p.points
        '''), tmp_path)
    assert "Put 2 chips in your discard pile." in summary
    assert "If you have not passed: take 2 chips from your discard pile (see R1)." in summary
    assert "**R1. Take n chips from your discard pile.**" in summary  # one step: set after its title
    assert "Score track, one per player: 0 at the start." in summary


def test_a_long_only_step_is_never_cut_and_a_log_is_never_a_step(tmp_path):
    """The card's compact "then" text once turned an `if` whose only statement is a long log into `If …: .`"""
    card = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        play:
          for each p in players:
            turn(p)
        rule turn(p) "Take a turn":
          handful(p)
        rule handful(p) "Take a handful":
          p chooses n from [1, 2] "How many points?"
          if n == 2:
            log "{p.name} takes the bigger handful of points, which is a very long sentence to write out in full."
          p.points += n
        score p: p.points
        '''), tmp_path, "card")
    assert "…" not in card and ": ." not in card
    assert "| How many points? | Take a handful | You gain points equal to your choice. |" in card


def test_there_is_no_the_and_no_for_each_every(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        board square: grid 2 by 2
          layer ground:
            ". ."
            ". ."
        piece pawn(owner)
        zone pile
        var best = none
        setup:
          for each p in players:
            for each c in cells(square):
              create 1 pawn(p) in c
        play:
          if top(pile) == none:
            best = first(players)
        score p: 0
        '''), tmp_path)
    assert "There is no the" not in summary and "there is no the" not in summary
    assert "for each every" not in summary.lower()
    assert "| pawn | 1 per player for every space of the square board | Each belongs to a player. |" in summary
    assert "1. If there is no top one of the pile: the best becomes the first of the players." in summary


def test_a_zone_of_mixed_pieces_is_named_by_the_kind_a_comprehension_keeps(tmp_path):
    """Elements filtered by `piece_type(x) == "coin"` are coins; a zone where coins and relics
    are made holds pieces, never "coins that are not a relic" (nor "the coin is a coin")."""
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        zone buried
        piece coin(gold)
        piece relic(name)
        var found per player = 0
        setup:
          create 3 coin(2) in buried
          create 1 relic("cup") in buried
        play:
          for each p in players:
            let all_coins = [t for t in buried where piece_type(t) == "coin"]
            let rich = [t for t in buried where piece_type(t) == "coin" and t.gold > 2 and t.gold < 9]
            let others = [t for t in buried where piece_type(t) != "relic"]
            p.found += count(all_coins) + count(rich) + count(others)
        score p: p.found
        '''), tmp_path)
    assert "the coin is a coin" not in summary and "coins of the buried that are not" not in summary
    assert ("(the number of the coins of the buried + the number of the coins of the buried where the coin's "
            "gold is more than 2 and the coin's gold is less than 9) + the number of the pieces of the buried "
            "that are not a relic") in summary


def test_an_item_of_a_list_of_players_is_said_as_a_player(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        #: the order of play
        var order = []
        var points per player = 0
        setup:
          order = [p for p in players order by p.index descending]
        play:
          order[1].points += 1
          order[0].points += 2
        score p: p.points
        '''), tmp_path)
    assert "the second player in the order of play gains 1 point" in summary.lower()
    assert "the first player in the order of play gains 2 points" in summary.lower()


def test_table_headers_head_the_printed_charts(tmp_path):
    source = LITTLE_HEADER + textwrap.dedent('''\
        #: What an island of each size pays.
        table island_points:
          header "Island size" -> "1st", "2nd", "3rd"
          3 -> [4, 2]
          6 -> [7, 5, 3]
        table bonus:
          0 -> 6
        play:
          log "{island_points[3]} {bonus[0]}"
        score p: 0
        ''')
    summary = summary_of(source, tmp_path)
    assert "**Island points.** What an island of each size pays." in summary
    assert "| Island size | 1st | 2nd | 3rd |\n| --- | --- | --- | --- |\n| 3 | 4 | 2 | – |\n| 6 | 7 | 5 | 3 |" in summary
    assert "| Key | Bonus |\n| --- | --- |\n| 0 | 6 |" in summary  # no header: the table's name heads it
    card = summary_of(source, tmp_path, "card")
    assert "| Island size | 1st | 2nd | 3rd |" in card and "| Key | Bonus |" not in card  # a named chart only


def test_a_header_ending_not_on_card_names_the_columns_in_the_summary_only(tmp_path):
    source = LITTLE_HEADER + textwrap.dedent('''\
        table island_points:
          header "Island size" -> "Points"
          3 -> 4
        table joins:
          header "From space" -> "Sail on to"   not on card
          12 -> [15]
        play:
          log "{island_points[3]} {joins[12]}"
        score p: 0
        ''')
    summary = summary_of(source, tmp_path)
    assert "| Island size | Points |" in summary and "| From space | Sail on to |\n| --- | --- |\n| 12 | 15 |" in summary
    card = summary_of(source, tmp_path, "card")
    assert "| Island size | Points |" in card and "From space" not in card


def test_no_shipped_game_prints_a_column_headed_key():
    """A "Key" heading tells a player nothing: every table the summary prints names its key column."""
    golden = Path(__file__).parent / "golden"
    for path in sorted(golden.rglob("*.summary.md")):
        assert "\n| Key |" not in path.read_text(encoding="utf-8"), f"{path.name}: give the table a header"


def test_boards_are_drawn_from_their_layers(tmp_path):
    source = LITTLE_HEADER + textwrap.dedent('''\
        board map: hex 2 by 3
          layer ground:
            "s f s"
            "s s f"
          legend ground: "s" = sea, "f" = fort
          layer region:
            "A A B"
            "A B B"
        play:
          pass
        score p: 0
        ''')
    path = tmp_path / "map.pir"
    path.write_text(source, encoding="utf-8")
    reference = codegen.build_reference(parse_source(source, str(path)), source, (), None, date="2024-05-01")
    summary = codegen.render_markdown(reference, "summary")
    assert "2 rows of 3 hexes; thick lines outline the regions (A, B)." in summary
    assert "```text\ns f s\n s s f\n```" in summary  # the second row sits half a hex to the right
    assert "- s: sea\n- f: fort" in summary
    html = codegen.render_html(reference, "both")
    assert html.count("<svg") == 2 and html.count("<polygon") == 2 * 6  # in the summary and on the card
    assert '<span class="swatch"' in html and "<b>f</b> fort" in html


def test_a_numbered_track_is_drawn_with_its_numbers_and_links(tmp_path):
    """The caption numbers and a layer of points are on the picture, and a line joins each space to the next."""
    source = LITTLE_HEADER + textwrap.dedent('''\
        board lane: grid 2 by 3
          layer ground:
            "s s f"
            "f s s"
          legend ground: "s" = sea, "f" = fort
          layer number:
            "0 1 2"
            "3 4 5"
          caption number
          layer points:
            "1 1 2"
            "5 1 9"
        #: Where the lane forks.
        table forks:
          1 -> [2, 5]
          2 -> [4]
        play:
          pass
        score p: 0
        ''')
    path = tmp_path / "lane.pir"
    path.write_text(source, encoding="utf-8")
    reference = codegen.build_reference(parse_source(source, str(path)), source, (), None, date="2024-05-01")
    picture = reference.boards[0]
    assert picture.svg.count(">9</text>") == 1 and picture.svg.count(">4</text>") == 1  # points and numbers
    assert picture.svg.count("<line") == 4  # 0-1, 1-2, 3-4 and 4-5 lie side by side; 2-3 is replaced by 2-4
    assert ">→5</text>" in picture.svg and ">→4</text>" in picture.svg and ">→3</text>" not in picture.svg
    assert any("top left, the number; top right, the points" in note for note in picture.notes)
    assert "0 s  1 s  2 f" in picture.text_map


# ---------------------------------------------------------------- nothing but English reaches the page


def visible_text(page: str) -> str:
    """What a reader of an HTML reference sees: no markup, styles, pictures or code (file names)."""
    for pattern in (r"<style>.*?</style>", r"<svg.*?</svg>", r"<code>.*?</code>", r"<title>.*?</title>", r"<[^>]+>"):
        page = re.sub(pattern, " ", page, flags=re.DOTALL)
    return html_module.unescape(page)


def author_texts(game_file: ast.GameFile, source: str) -> list[str]:
    """Every text the author wrote for people: texts in quotes, `#:` wordings, headings, titles."""
    from codegen.reference import walk

    texts = [line.strip()[2:].strip() for line in source.splitlines() if line.strip().startswith("#:")]
    for node in walk(game_file.declarations):
        if isinstance(node, ast.StringLiteral):
            texts += [part for part in node.parts if isinstance(part, str)]
        for name in ("text", "title", "display", "key"):
            if isinstance(getattr(node, name, None), str):
                texts.append(getattr(node, name))
        if isinstance(node, ast.GameHeader):
            texts += [node.name, *node.texts.values()]
        if isinstance(node, (ast.ExampleDecl, ast.TableHeader)):
            texts += [node.name] if isinstance(node, ast.ExampleDecl) else node.values
    return sorted({text for text in texts if len(text) > 2}, key=len, reverse=True)


def leaks(text: str, game_file: ast.GameFile, source: str) -> list[str]:
    """Code that reached a page meant for players, each with the words around it."""
    found = []
    checks = {
        "a brace": r"[{}]", "a square bracket": r"[\[\]]", "a placeholder": r"[⟨⟩]", "a cut sentence": r"…",
        "a programming operator": r"==|!=|<=|>=|&&|\|\|", "an index": r"\bitem \S+ of\b",
        "a snake_case name": r"\b[a-z]+(?:_[a-z0-9]+)+\b", "a sentence that ends twice": r":\s*\.",
        "true or false said as yes or no": r"\b(?:becomes|is now) (?:yes|no)\b|\bis (?:yes|no)(?=[.,;:)]| and\b| or\b)",
    }
    for what, pattern in checks.items():
        found += [f"{what}: …{text[max(0, m.start() - 40):m.end() + 40]}…" for m in re.finditer(pattern, text)]
    from codegen.reference import walk

    names = {getattr(node, attr) for node in walk(game_file.declarations)
             for attr in ("name", "var", "id", "function", "rule") if isinstance(getattr(node, attr, None), str)}
    names |= {param for node in walk(game_file.declarations) for param in getattr(node, "params", []) or []}
    found += [f"a name in brackets: …{text[max(0, m.start() - 40):m.end() + 40]}…"
              for m in re.finditer(r"\((\w+)\)", text) if m.group(1) in names and not m.group(1).isdigit()]
    # Internal variables never show, under their own names, outside what the author wrote.
    generated = text
    for written in author_texts(game_file, source):
        for piece in re.split(r"\{\w+\}", written):  # a wording's words, around what is filled in
            if len(piece.strip()) > 2:
                generated = generated.replace(piece, " ")
    others = {getattr(d, "name", "") for d in game_file.declarations if not isinstance(d, ast.VarDecl)}
    others |= {member for d in game_file.declarations if isinstance(d, ast.KindDecl) for member in d.members}
    # A one-word name that is also a word of another name ("card" in "sailing card") cannot be told apart.
    others |= {part for name in list(others) for part in name.split("_")}
    for decl in game_file.declarations:
        if isinstance(decl, ast.VarDecl) and decl.internal and decl.name not in others:
            found += [f"the internal variable {decl.name}: …{generated[max(0, m.start() - 40):m.end() + 40]}…"
                      for m in re.finditer(rf"\b{re.escape(words(decl.name))}\b", generated, re.IGNORECASE)]
    return found


ALL_RULES_FILES = RULES_FILES + sorted((ROOT / "tests" / "classic").glob("*.pir")) \
    + sorted((ROOT / "tests" / "cases").glob("*.pir"))


def italic_names(page: str, game_file: ast.GameFile, source: str) -> list[str]:
    """Names of the rules set in italics (`<em>ways</em>`): a local the English did not put into words."""
    from codegen.reference import walk

    names = {getattr(node, attr) for node in walk(game_file.declarations)
             for attr in ("name", "var") if isinstance(getattr(node, attr, None), str)}
    names |= {param for node in walk(game_file.declarations) for param in getattr(node, "params", []) or []}
    names |= {words(name) for name in names}
    written = " ".join(author_texts(game_file, source))
    return [f"an italic name: …{page[max(0, m.start() - 60):m.end() + 60]}…"
            for m in re.finditer(r"<em>([^<]*)</em>", page)
            if m.group(1) in names or (len(m.group(1)) <= 2 and m.group(1) not in written)]


@pytest.mark.parametrize("path", ALL_RULES_FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_no_code_reaches_the_page(path):
    source = path.read_text(encoding="utf-8")
    game_file = parse_source(source, str(path))
    reference = codegen.build_reference(game_file, source, (), {}, date="2024-05-01")
    page = codegen.render_html(reference, "both")
    found = leaks(visible_text(page), game_file, source) + italic_names(page, game_file, source)
    assert not found, f"{path.name}:\n" + "\n".join(found)


def test_true_or_false_reads_as_a_clause(tmp_path):
    """ "Your arrived becomes yes" once stood in the summary: a true-or-false value is what it says of its owner."""
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        var ready per player = false
        #: {p} has come home
        var home per player = false
        #: the bell has rung
        var bell = false
        play:
          for each p in players:
            p.ready = true
            p.home = true
            bell = false
            if p.ready and not p.home and bell:
              p.points += 1
        score p: p.points
        '''), tmp_path, "summary")
    for said in ("You are now ready.", "You have now come home.", "The bell has not rung.",
                 "If you are ready and you have not come home and the bell has rung: you gain 1 point."):
        assert said in summary


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_every_true_or_false_of_a_game_is_worded_as_a_clause(path):
    """The generator says an unworded one as "you are NAME"; a game's own words read better, so each game has them."""
    source = path.read_text(encoding="utf-8")
    english = English(parse_source(source, str(path)), source)
    for decl in english.vars.values():
        if isinstance(decl.init, ast.BoolLiteral):
            wording = english.author_wording(decl) or ""
            assert AUXILIARY.search(wording), \
                f"{path.name}: var {decl.name} needs a #: wording that says it as a clause ({{p}} has come home)"


def test_a_local_is_said_in_words_never_in_italics(tmp_path):
    """A `let` reads as its value; a choice as what was chosen; a roll as the roll; a loop value as that value."""
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        die d6: 1, 2, 3, 4, 5, 6
        play:
          for each p in players:
            turn(p)
        rule turn(p) "Take a turn":
          let best = max([1, count(p.hand)])
          roll face on d6
          if face > best:
            p.points += face
          p chooses n from [1, 2] "How many?"
          for each v in [1, 2]:
            p.points += v * n
        zone hand per player
        score p: p.points
        '''), tmp_path, "summary")
    assert "*" not in summary.split("## Rules", 1)[1]
    assert "If the roll is more than the larger of 1 and the number of your hand:" in summary
    assert "You gain points equal to that value × your choice." in summary
    assert "For each of 1 and 2:" in summary


# ---------------------------------------------------------------- golden files


# A game gets its golden files the first time `python -m codegen.golden` runs after it is added.
GOLDEN_GAMES = [game for game in GAMES if (GOLDEN / f"{game.stem}.summary.md").exists()]


VARIANTS = sorted((ROOT / "games" / "variants").glob("*.pir"))


def assert_matches_golden(game, kind: str, golden, tmp_path, monkeypatch) -> None:
    """`pirdsl reference` of `game` (`kind`, Markdown) is exactly its golden file."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", GOLDEN_EPOCH)
    monkeypatch.chdir(ROOT)
    fresh = tmp_path / f"{game.stem}.{kind}.md"
    assert main(golden_arguments(game.relative_to(ROOT), kind, fresh)) == 0
    assert golden.exists(), "no golden file: run python -m codegen.golden"
    assert fresh.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8"), (
        f"{golden.relative_to(GOLDEN)} is out of date: run python -m codegen.golden and review the diff"
    )


@pytest.mark.parametrize("kind", ["summary", "card"])
@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda path: path.stem)
def test_golden_files(game, kind, tmp_path, monkeypatch):
    assert_matches_golden(game, kind, GOLDEN / f"{game.stem}.{kind}.md", tmp_path, monkeypatch)


@pytest.mark.parametrize("kind", VARIANT_KINDS)
@pytest.mark.parametrize("game", VARIANTS, ids=lambda path: path.stem)
def test_golden_files_of_the_shipped_variants(game, kind, tmp_path, monkeypatch):
    assert_matches_golden(game, kind, GOLDEN / "variants" / f"{game.stem}.{kind}.md", tmp_path, monkeypatch)


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


# PDF rendering takes a second or two per file, so the PDF tests keep to what Markdown and
# HTML cannot show: each game prints as a player aid (a summary of at most four pages and a
# card on one page, at a legible size, on both papers), with the right page size and headings.
# Every rules file, docs/examples included, is rendered as Markdown and HTML above.
PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}


def test_the_card_is_never_set_below_a_legible_size():
    from codegen.render import CARD_SIZES, SUMMARY_SIZE, SUMMARY_SIZES

    assert min(CARD_SIZES) >= 7.5 and SUMMARY_SIZE >= 7.5 and min(SUMMARY_SIZES) >= 7.5


# Games whose printed aid does not fit yet, and why: each fails on purpose until it does
# (strict), so that fixing it shows at once.
TOO_LONG_TO_PRINT: dict[str, str] = {}


def _print_cases():
    return [pytest.param(path, id=path.stem, marks=pytest.mark.xfail(strict=True, reason=TOO_LONG_TO_PRINT[path.stem]))
            if path.stem in TOO_LONG_TO_PRINT else pytest.param(path, id=path.stem) for path in GAMES]


@PDF
@pytest.mark.parametrize("path", _print_cases())
def test_each_game_prints_as_a_player_aid(path, tmp_path):
    """A summary of at most SUMMARY_PAGES (six) A4 pages, then the card alone on the last page."""
    from codegen.render import SUMMARY_PAGES

    pypdf = pytest.importorskip("pypdf")
    output = tmp_path / "both.pdf"
    assert main(["reference", str(path), "--format", "pdf", "-o", str(output)]) == 0
    reader = pypdf.PdfReader(str(output))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == PAPER_POINTS["a4"]
    pages = [page.extract_text() for page in reader.pages]
    summary, card = pages[:-1], pages[-1]
    assert len(summary) <= SUMMARY_PAGES, f"the summary takes {len(summary)} pages"
    for heading in ("rule summary", "Setup", "Sequence of play", "Rules", "Scoring", "End of the game"):
        assert heading in "\n".join(summary)
    for heading in ("Turn sequence", "Scoring", "End"):
        assert heading in card
    assert "Turn sequence" not in "\n".join(summary)


@PDF
@pytest.mark.parametrize("path", _print_cases())
def test_the_card_is_one_letter_page_too(path, tmp_path):
    output = tmp_path / "card.pdf"
    assert main(["reference", str(path), "--kind", "card", "--format", "pdf", "--paper", "letter",
                 "-o", str(output)]) == 0
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(str(output))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == PAPER_POINTS["letter"]
    assert len(reader.pages) == 1


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


GAME_WORDS = re.compile(r"barrel|kraken|doubloon|glory|treasure|cannon|morgan|jamaica|henry|sailing|shipwreck|galleon"
                        r"|pirate|\bwinds?\b", re.IGNORECASE)


@pytest.mark.parametrize("package", ["dsl", "interpreter", "codegen"])
def test_the_language_engine_and_printer_contain_no_game_word(package):
    for path in (ROOT / package).rglob("*"):
        if path.is_file() and path.suffix in (".py", ".j2", ".css", ".html", ".lark"):
            found = GAME_WORDS.search(path.read_text(encoding="utf-8"))
            assert found is None, f"{path.relative_to(ROOT)} mentions '{found.group(0)}'"


def test_steps_nest_as_numbered_markdown_lists():
    from codegen.render import environment

    steps = [Step("First:", [Step("inner one."), Step("inner two.")]), Step("Second.")]
    text = environment().from_string('{% import "macros.md.j2" as md %}{{ md.steps(steps) }}').render(steps=steps)
    assert text.splitlines() == ["1. First:", "   1. inner one.", "   2. inner two.", "2. Second."]


def test_the_card_lists_the_decisions_of_play_and_leaves_setup_to_the_summary(tmp_path):
    source = LITTLE_HEADER + textwrap.dedent('''\
        var points per player = 0
        var bid per player = 0
        setup:
          for each p in players:
            p chooses b from [1, 2, 3] "Choose an opening bid"
            p.bid = b
        play:
          rounds until round_number == 3:
            for each p in players:
              p chooses n from [1, 2] "Take points"
              p.points += n
        score p: p.points
        ''')
    card = summary_of(source, tmp_path, "card")
    summary = summary_of(source, tmp_path)
    assert "Take points" in card and "Choose an opening bid" not in card
    assert "Choose an opening bid" in summary


def test_a_list_of_fixed_length_counts_the_pieces_made_for_it(tmp_path):
    summary = summary_of(LITTLE_HEADER + textwrap.dedent('''\
        kind isle: A, B, C
        piece token(island, shows)
        zone tokens
        define mix(i) = [none] + [k for k in range(1, 3)]
        var points per player = 0
        setup:
          for each i in isle:
            for each face in mix(i):
              create 1 token(i, face) in tokens
        play:
          for each p in players:
            p.points += 1
        score p: p.points
        '''), tmp_path)
    assert "| token | 12 |" in summary


def test_a_sentence_gets_one_full_stop_and_keeps_an_ellipsis():
    # A var's trailing comment "who acts first, second..." was printed with a fourth dot.
    from codegen.english_words import sentence

    assert sentence("Roll the die") == "Roll the die."
    assert sentence("who acts first, second...") == "who acts first, second..."
    assert sentence("Done.") == sentence("Done") == "Done."
    assert sentence("Ready?") == "Ready?" and sentence("") == ""
