"""`pirdsl analyze` finds the flaws planted in small case files, and none in a file without flaws.

tests/cases/analyze_flaws.pir has a branch that never fires, a trap option and a dominant
option; tests/cases/analyze_lopsided.pir a seat paid for nothing; tests/cases/analyze_sound.pir
none of them. Games are few and the bots' budgets small, so that the file runs in seconds;
the seeds are fixed, so the figures are the same on every run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pirdsl.cli as cli
from interpreter import load_game
from pirdsl.analyze.run import analyze
from pirdsl.analyze.watch import option_kind

CASES = Path(__file__).parent / "cases"
FLAWS = str(CASES / "analyze_flaws.pir")
LOPSIDED = str(CASES / "analyze_lopsided.pir")
SOUND = str(CASES / "analyze_sound.pir")
VARIANTS = str(CASES / "analyze_variants.pir")
POINTS = str(CASES / "analyze_points.pir")
STRONG = "mcts:100"
GAMES = 12

_RESULTS: dict[tuple, dict] = {}


def analysed(path: str, bot: str = STRONG, games: int = GAMES, jobs: int = 1) -> dict:
    """The analysis of a case file, worked out once per arguments."""
    key = (path, bot, games, jobs)
    if key not in _RESULTS:
        _RESULTS[key] = analyze(load_game(path), 2, games, 0, (), bot, jobs=jobs)
    return _RESULTS[key]


def kinds(result: dict) -> list[str]:
    return [finding["kind"] for finding in result["findings"]]


def test_the_dead_branch_is_found_with_its_line() -> None:
    result = analysed(FLAWS)
    dead = [finding for finding in result["findings"] if finding["kind"] == "dead"]
    assert [finding["line"] for finding in dead] == [32]
    item = next(item for item in result["coverage"]["items"] if item["line"] == 32)
    assert item["kind"] == "if" and item["games_fired"] == 0 and item["where"] == "rule take_turn"


def test_a_branch_that_follows_only_an_option_no_bot_chose_is_not_dead() -> None:
    """The trap's branch (`else` after `how == "dig"` and `how == "dive"`: burning) fires only when a bot
    burns; the strong bots may never do, and then the branch is listed with the reason, not as dead."""
    result = analysed(FLAWS)
    item = next(item for item in result["coverage"]["items"] if item["line"] == 26)
    assert item["kind"] == "else" and not item["dead"]
    if item["games_fired"] == 0:
        assert item["unchosen"].startswith("it follows 'burn' of the choice of line 19, which no bot chose")
        assert item in result["coverage"]["unchosen"]
        assert any("follows only options no bot chose" in line for line in result["headline"])
    # Random bots burn: the branch fires, and nothing is listed.
    randomly = analyze(load_game(FLAWS), 2, 6, 0, (), "random")
    assert not randomly["coverage"]["unchosen"]
    assert next(item for item in randomly["coverage"]["items"] if item["line"] == 26)["games_fired"] > 0


def test_branches_follow_a_choice_only_through_tests_of_its_value() -> None:
    from dsl.parser import parse_source
    from pirdsl.analyze.inventory import branch_options

    source = (
        'game "T":\n  players 2 to 2\n\nplay:\n  for each p in players:\n'
        '    p chooses how from ["a", "b", "c"] "How?"\n'
        '    if how == "a":\n      log "a"\n    elif "b" == how:\n      log "b"\n    else:\n      log "c"\n'
        '    if how == "a" or how == "b":\n      log "ab"\n    else:\n      log "c"\n'
    )
    play = parse_source(source).declarations[-1]
    loop = play.body[0]
    chosen = {"how": ("f", 6, ("a", "b", "c"))}
    first, second = [node for node in loop.body if node.__class__.__name__ == "If"]
    assert branch_options(first, chosen) == [("f", 6, ("a",)), ("f", 6, ("b",)), ("f", 6, ("c",))]
    assert branch_options(second, chosen) == [None, None]  # not a plain test of the value: no link
    assert branch_options(first, {}) == [None, None, None]


def test_a_branch_only_a_variant_can_fire_is_not_dead_even_through_defines() -> None:
    """tests/cases/analyze_variants.pir reads its variants through defines; only line 31 is really dead."""
    result = analyze(load_game(VARIANTS), 2, 6, 0, (), "random")
    assert [finding["line"] for finding in result["findings"] if finding["kind"] == "dead"] == [31]
    items = {item["line"]: item for item in result["coverage"]["items"]}
    assert items[29]["note"] == "only with variant storm (off in these games)" and not items[29]["dead"]
    assert items[36]["note"].startswith("never reached: the condition of line 33 always holds")
    # `bonus + r > 5` reads variant calm, but not in a way the variants settle: not dead, and it says why.
    assert not items[37]["dead"] and "cannot settle" in items[37]["doubt"]
    assert [item["line"] for item in result["coverage"]["undecided"]] == [37]
    assert any("1 never did, and 1 more never fired under a condition that reads a variant" in line
               for line in result["headline"])
    # With the variants on, the storm branch and the else are counted, and the third branch cannot fire.
    both = analyze(load_game(VARIANTS), 2, 6, 0, ("storm", "calm"), "random")
    items = {item["line"]: item for item in both["coverage"]["items"]}
    assert "note" not in items[29] and items[29]["games_fired"] > 0
    assert items[33]["note"] == "only without variant calm (on in these games)"
    assert items[36]["games_fired"] > 0


def test_the_trap_and_the_dominant_option_are_found() -> None:
    result = analysed(FLAWS)
    flags = {(finding["line"], finding.get("option")): finding["kind"] for finding in result["findings"]}
    assert flags[(19, "burn")] == "trap"
    assert flags[(28, "feast")] == "dominant"
    # The options worth the same on average, as the roll goes, are neither.
    assert (19, "dig") not in flags and (19, "dive") not in flags


def test_the_flaws_file_flags_its_planted_flaws_and_nothing_more() -> None:
    """Beside the three planted flaws, only the snack is flagged: the other option of the decision
    whose feast is dominant, shunned for the same reason (docs/analyze.md: read them together)."""
    result = analysed(FLAWS)
    assert sorted((finding["kind"], finding["line"], finding.get("option")) for finding in result["findings"]) == [
        ("dead", 32, None), ("dominant", 28, "feast"), ("trap", 19, "burn"), ("trap", 28, "snack")]
    assert [item["line"] for item in result["coverage"]["dead"]] == [32]


def test_the_lopsided_seat_is_found() -> None:
    result = analysed(LOPSIDED, bot="random", games=30)
    assert set(kinds(result)) == {"lopsided seat"}
    assert result["flow"]["lopsided_seats"][0] == "Player 1"
    first = result["flow"]["seats"][0]
    assert first["interval"][0] > first["fair_rate"]


def test_nothing_is_flagged_in_a_file_without_flaws() -> None:
    result = analysed(SOUND)
    assert result["findings"] == []
    assert result["coverage"]["dead"] == []
    assert result["coverage"]["fired"] == result["coverage"]["counted"] > 0


def test_nothing_is_flagged_in_a_file_without_flaws_between_random_bots_either() -> None:
    """30 random games: enough for the seat test to flag a seat as lopsided as analyze_lopsided.pir's."""
    result = analysed(SOUND, bot="random", games=30)
    assert result["findings"] == [] and result["flow"]["seats_alike"] and result["flow"]["lopsided_seats"] == []


ROUND_LIMIT = '''game "Limit":
  players 2 to 2

var gold per player = 0

play:
  rounds until round_number >= 6 or max([p.gold for p in players]) >= 100:
    for each p in players:
      p chooses n from [x for x in [1, 2, 3] where x <= 1 + floor(round_number / 7)] "Take gold"
      p.gold += n

score p: p.gold
'''


def test_a_round_limit_and_a_choice_of_one_are_found(tmp_path: Path) -> None:
    """Every game stops at the limit of line 7, and line 9 offers one amount of gold until round 7."""
    path = tmp_path / "limit.pir"
    path.write_text(ROUND_LIMIT)
    result = analyze(load_game(str(path)), 2, 6, 0, (), "random")
    found = {finding["kind"]: finding for finding in result["findings"]}
    assert sorted(found) == ["not a real choice", "round limit"]
    assert found["round limit"]["line"] == 7 and "ended in round 6," in found["round limit"]["text"]
    assert result["flow"]["round_limit"]["round"] == 6
    assert found["not a real choice"]["line"] == 9


def test_the_run_says_what_it_cost_and_with_what_budget() -> None:
    """Processor time of the games, the searching bot's share with its budget, and the wall time, in a sentence
    of its own beside the headline (which stays the same from run to run of the same games)."""
    result = analysed(FLAWS)
    cost = result["cost"]
    (bot,) = cost["bots"]
    assert bot["bot"] == STRONG and bot["budget"] == "100 iterations a decision" and bot["decisions"] > 0
    assert 0 < bot["cpu_seconds"] <= cost["cpu_seconds"] and cost["games"] == GAMES
    assert cost["outside_bots"]["cpu_seconds"] == pytest.approx(cost["cpu_seconds"] - bot["cpu_seconds"])
    assert cost["text"].startswith("The games took ") and "mcts:100 (100 iterations a decision) took" in cost["text"]
    assert not any(line.startswith("The run took") for line in result["headline"])  # the same on every run


def test_random_bots_judge_no_choice_and_the_headline_says_so() -> None:
    result = analysed(FLAWS, bot="random", games=4)
    assert result["choices"]["judged_by"] is None
    assert not {"trap", "dominant"} & set(kinds(result))
    assert any("only random bots played" in line for line in result["headline"])


def test_points_add_up_to_the_final_scores() -> None:
    """Every point of every seat is put down to a statement: the lines' means add up to the mean score."""
    result = analysed(SOUND)
    for seat in range(2):
        attributed = sum(entry["per_seat"][seat]["mean"] for entry in result["points"]["by_line"])
        assert attributed == pytest.approx(result["flow"]["seats"][seat]["mean_score"])
    lines = {entry["line"] for entry in result["points"]["by_line"]}
    assert lines == {20, 22, 24}  # dig, dive and rest: the three statements that pay gold


def test_points_before_play_and_from_the_round_number_have_their_lines() -> None:
    """tests/cases/analyze_points.pir: a starting value, a setup line and a score reading the round number."""
    result = analyze(load_game(POINTS), 2, 4, 0, (), "random")
    by_line = {entry["line"]: entry for entry in result["points"]["by_line"]}
    assert {entry["kind"] for entry in by_line.values()} == {"statement", "starting values"}
    assert by_line[8]["kind"] == "starting values" and by_line[8]["text"] == "starting value: var gold per player = 3"
    assert [seat["mean"] for seat in by_line[8]["per_seat"]] == [3, 3]  # var gold per player = 3
    assert [seat["mean"] for seat in by_line[12]["per_seat"]] == [1, 1]  # setup: p.gold += 1
    assert [seat["mean"] for seat in by_line[15]["per_seat"]] == [4, 4]  # rounds 1 to 4 of the round number
    assert set(by_line) == {8, 12, 15, 21}  # the choice (line 17) is not paid for the rounds
    for seat in range(2):
        attributed = sum(entry["per_seat"][seat]["mean"] for entry in by_line.values())
        assert attributed == pytest.approx(result["flow"]["seats"][seat]["mean_score"])


def test_the_same_figures_with_worker_processes() -> None:
    one = analysed(SOUND, bot="random", games=8)
    two = analysed(SOUND, bot="random", games=8, jobs=2)
    assert one["coverage"] == two["coverage"]
    assert one["points"] == two["points"]
    assert one["choices"] == two["choices"]


def test_option_kinds_name_what_an_option_is() -> None:
    assert option_kind("dig", 0) == "dig"
    assert option_kind(None, 0) == "skip"
    assert option_kind(True, 0) == "yes"
    assert option_kind([1, "x"], 0) == "[1, x]"


def test_the_command_writes_json_a_page_and_fails_on_dead(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    page = tmp_path / "flaws.html"
    code = cli.main(["analyze", FLAWS, "--games", "4", "--jobs", "1", "--json", "--report", str(page),
                     "--fail-on", "dead"])
    assert code == 1  # the dead branch
    result = json.loads(capsys.readouterr().out)
    assert result["schema"] == "pirdsl-analyze/1"
    assert {"coverage", "choices", "points", "flow", "findings", "headline"} <= set(result)
    text = page.read_text()
    assert text.count("<img") >= 4 and "line 32" in text
    assert cli.main(["analyze", SOUND, "--games", "4", "--jobs", "1", "--fail-on", "dead"]) == 0


def test_a_turn_of_actions_is_judged_by_the_actions_words() -> None:
    """The options of `p acts` are numbered in the compiled game; the analysis names them by their text."""
    result = analyze(load_game(str(CASES / "actions.pir")), 2, 3, seat_bots=["greedy", "greedy"])
    (decision,) = result["choices"]["decisions"]
    assert {option["kind"] for option in decision["options"]} == {"End the turn", "Step", "Take a coin", "Rest",
                                                                  "Shout"}
    actions = [item for item in result["coverage"]["items"] if item["kind"] == "action"]
    assert [item["name"] for item in actions] == ["Step", "Take a coin", "Rest", "Shout"]
    assert all(item["games_fired"] == 3 for item in actions)


SHOWN_ONLY_TABLE = '''game "Marks":
  players 2 to 2

table glyph:
  0 -> "^"
  1 -> ">"

table worth:
  0 -> 1
  1 -> 2

piece token(facing) labelled "token" marked "t{glyph[facing]}"

zone pile
var points per player = 0

setup:
  create 1 token(0) in pile

play:
  for each p in players:
    p chooses n from [0, 1] "Take points"
    p.points += worth[n]

score p: p.points
'''


def test_a_table_read_only_by_a_mark_is_not_called_dead(tmp_path: Path) -> None:
    path = tmp_path / "marks.pir"
    path.write_text(SHOWN_ONLY_TABLE)
    result = analyze(load_game(str(path)), 2, 6, seat_bots=["random", "random"])
    rows = {item["name"]: item for item in result["coverage"]["items"] if item["kind"] == "table row"}
    assert "note" in rows["glyph[0]"] and not rows["glyph[0]"]["dead"]
    assert rows["worth[0]"]["games_fired"] > 0 and rows["worth[1]"]["games_fired"] > 0
    assert result["findings"] == []


def test_a_file_that_extends_another_is_analysed_with_both_files_lines() -> None:
    """The game of a file that extends another keeps each file's text by its path: no crash, and lines have text."""
    result = analyze(load_game(str(CASES / "extends_variant.pir")), 2, 2, 0, (), "random")
    files = {item["file"] for item in result["coverage"]["items"]}
    assert any(file.endswith("extends_base.pir") for file in files)
    assert all(entry["text"] for entry in result["points"]["by_line"] if entry["kind"] == "statement")
    assert all(item["name"] for item in result["coverage"]["items"])


PLAYER_COUNT = str(CASES / "analyze_player_count.pir")


def test_branches_only_another_player_count_can_fire_are_listed_apart_not_dead() -> None:
    """tests/cases/analyze_player_count.pir: at 3 players the Rival (an automaton at 2 only) and the
    2-player branch cannot fire; at 2 the 3-or-more branch; a parameter settles line 38. Only line 45
    (a roll of 4 on a d3) is really dead, and only where its rule can run."""
    game = load_game(PLAYER_COUNT)
    two = analyze(game, 2, 6, 0, (), "random")
    assert [item["line"] for item in two["coverage"]["dead"]] == [45]
    assert [item["line"] for item in two["coverage"]["not_reachable"]] == [32, 37, 38]
    items = {item["line"]: item for item in two["coverage"]["items"]}
    assert items[32]["unreachable"] == "not reachable at 2 players: its condition is false with 2 players"
    assert items[38]["unreachable"].endswith("false with goal = 10")
    assert "note" not in items[32] and not items[32]["dead"] and items[32]["games_fired"] == 0
    # A condition that reads the player count with something that changes in play is counted as usual.
    assert "unreachable" not in items[40] and items[40]["games_fired"] > 0
    assert any("3 more cannot fire at 2 players" in line for line in two["headline"])
    assert [finding["line"] for finding in two["findings"] if finding["kind"] == "dead"] == [45]

    three = analyze(game, 3, 6, 0, (), "random")
    assert three["coverage"]["dead"] == []
    unreachable = {item["line"]: item["unreachable"] for item in three["coverage"]["not_reachable"]}
    assert sorted(unreachable) == [28, 34, 37, 38, 43, 45]
    assert unreachable[28] == "not reachable at 3 players: its condition is false with no automaton playing"
    assert unreachable[34].startswith("not reachable at 3 players: the condition of line 32 always holds")
    assert "called only under branches that cannot fire" in unreachable[43]
    assert three["coverage"]["fired"] == three["coverage"]["counted"]

    # Another parameter value: the branch it settled is counted and fires.
    bigger = analyze(game.with_params({"goal": "20"}), 2, 2, 0, (), "random")
    items = {item["line"]: item for item in bigger["coverage"]["items"]}
    assert "unreachable" not in items[38] and items[38]["games_fired"] > 0


def test_the_shipped_games_list_their_other_player_count_branches_apart() -> None:
    """Glory Islands' Henry Morgan plays only at 2: at 4 players his branches and rule, and the
    2-and-3-player setup line, cannot fire; at 2 players nothing is out of reach."""
    from pirdsl.analyze.inventory import inventory

    game = load_game(str(Path(__file__).parent.parent / "games" / "glory_islands.pir"))
    two = [item for item in inventory(game, (), 2).items if item.unreachable]
    # Only the fourth seat's card symbols: at 2 players there are 3 seats, Henry Morgan's the third.
    assert [(item.line, item.kind, item.name) for item in two] == [(148, "table row", "card_symbols[3]")]
    assert two[0].unreachable == ("not reachable at 2 players: card_symbols is looked up only with keys 0 to 2 "
                                  "here (from a seat's index: 3 seats, 2 players and Henry Morgan)")
    four = {item.line: item for item in inventory(game, (), 4).items if item.unreachable}
    assert {227, 278, 594}.issubset(four) and 148 not in four
    assert four[227].kind == "if" and four[594].kind == "rule"


TABLE_KEYS = str(CASES / "analyze_table_keys.pir")


def test_table_rows_only_other_settings_look_up_are_listed_apart_not_dead() -> None:
    """tests/cases/analyze_table_keys.pir: a row keyed by a seat's number that the seats at this count
    do not reach, a row another parameter value would look up, and one another variant would, are not
    dead; a row no count of players reaches (seat 9) is; a table looked up by a roll is counted as usual."""
    game = load_game(TABLE_KEYS)
    two = analyze(game, 2, 4, 0, (), "random")
    rows = {item["name"]: item for item in two["coverage"]["items"] if item["kind"] == "table row"}
    assert [item["name"] for item in two["coverage"]["dead"]] == ["start_gold[9]"]
    assert [item["name"] for item in two["coverage"]["not_reachable"]] == ["start_gold[3]", "goal_bonus[20]"]
    assert rows["start_gold[3]"]["unreachable"].endswith("(from a seat's index: 3 seats, 2 players and The Rival)")
    assert rows["goal_bonus[20]"]["unreachable"] == ("not reachable at 2 players: goal_bonus is looked up only "
                                                     "with key 10 here (from goal = 10)")
    assert rows["pace[2]"]["note"] == "pace is looked up only with key 1 here (from variant fast off)"
    assert all(rows[name]["games_fired"] == 4 for name in ("start_gold[0]", "start_gold[2]", "goal_bonus[10]",
                                                           "pace[1]"))
    assert not any("unreachable" in rows[name] or "note" in rows[name] for name in rows if name.startswith("roll"))
    assert [(finding["kind"], finding["line"]) for finding in two["findings"]] == [("dead", 27)]

    # At 4 players (no Rival) the fourth seat plays: its row fires; with the variant, the other pace.
    four = analyze(game.with_params({"goal": "20"}), 4, 2, 0, ("fast",), "random")
    rows = {item["name"]: item for item in four["coverage"]["items"] if item["kind"] == "table row"}
    assert rows["start_gold[3]"]["games_fired"] == 2 and rows["goal_bonus[20]"]["games_fired"] == 2
    assert "unreachable" in rows["goal_bonus[10]"] and "note" in rows["pace[1]"]
    assert [item["name"] for item in four["coverage"]["dead"]] == ["start_gold[9]"]


def test_an_automaton_compared_with_none_settles_its_branches() -> None:
    """Jamaica's Ghost Ship sails at 2 players (or with its variant): `ghost != none` branches, and the
    rule only they call, cannot fire at 3 players without the variant, and are not called dead."""
    from pirdsl.analyze.inventory import inventory

    game = load_game(str(Path(__file__).parent.parent / "games" / "jamaica.pir"))
    three = {item.line: item for item in inventory(game, (), 3).items if item.unreachable}
    assert {375, 430, 800}.issubset(three)
    assert three[375].unreachable.endswith("false with 3 players, variant ghost_ship off")
    assert not any(item.unreachable for item in inventory(game, (), 2).items if item.line in (375, 430, 800))
    assert not any(item.unreachable for item in inventory(game, ("ghost_ship",), 3).items
                   if item.line in (375, 430, 800))


def test_an_option_kind_written_from_its_value_comes_with_what_a_player_read() -> None:
    """Glory Islands' legs are lists ([5, no]): the kind reads like code, so the first label of each
    kind goes with it, and a finding quotes it; a kind that is its own label is quoted alone."""
    from pirdsl.analyze.figures import option_words

    game = load_game(str(Path(__file__).parent.parent / "games" / "glory_islands.pir"))
    result = analyze(game, 2, 1, 0, (), "random")
    leg = next(decision for decision in result["choices"]["decisions"] if decision["variable"] == "leg")
    assert leg["options"]
    for option in leg["options"]:
        assert option["kind"].startswith("[") and option["example"].startswith("Sail ")
    assert option_words({"kind": "[5, no]", "example": "Sail 5 to x"}) == "'[5, no]' (for example \"Sail 5 to x\")"
    assert option_words({"kind": "burn", "example": "burn"}) == "'burn'"
    assert option_words({"kind": "burn", "example": None}) == "'burn'"
    assert option_words({"kind": "[1]", "example": "x" * 100}).endswith("x…\")")
    flaws = analysed(FLAWS)
    trap = next(finding for finding in flaws["findings"] if finding["kind"] == "trap" and finding["option"] == "burn")
    assert trap["text"].startswith("'burn' is possibly a trap")


def test_a_choice_plot_of_list_options_says_what_they_read_as() -> None:
    from pirdsl.analyze.page import plotted, read_as

    decision = {"options": [
        {"kind": "[5, no]", "example": "Sail 5 to row 2, column 7", "contested": 9, "flag": "trap"},
        {"kind": "[1, yes]", "example": "Sail 1, then stop over at row 1, column 2", "contested": 30, "flag": None},
        {"kind": "sailing card 5", "example": "5 (tiebreak 4)", "contested": 40, "flag": None},
        {"kind": "[2, no]", "example": None, "contested": 0, "flag": None}]}
    shown = plotted(decision)
    assert [option["kind"] for option in shown] == ["[5, no]", "sailing card 5", "[1, yes]"]
    assert read_as(shown) == (" Read at the table as, for example: [5, no] “Sail 5 to row 2, column 7”; "
                              "[1, yes] “Sail 1, then stop over at row 1, column 2”.")
    assert read_as([decision["options"][2]]) == ""
