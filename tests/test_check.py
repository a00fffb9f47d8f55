"""Unit tests of the checker (`dsl/check.py`): what it accepts, what it reports, and how.

Most tests write a small game, check it, and look at the messages; the bad
files in tests/bad/ cover the formatting of each kind of error end to end.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import interpreter
from dsl import ast
from dsl.ast import local_names
from dsl.extends import read_rules
from dsl.check import check_game
from dsl.check_base import RESERVED_WORDS
from dsl.diagnostics import PirError
from dsl.parser import _lark, parse_source
from interpreter.compiler import local_names as compiler_local_names

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "docs" / "examples").glob("*.pir")) \
    + sorted((ROOT / "tests" / "cases").glob("*.pir"))

HEADER = 'game "Test":\n  players 2 to 4\n'
PLAY = "play:\n  pass\nscore p: 0\n"


def diagnose(text: str, header: str = HEADER) -> tuple[list[str], list[str]]:
    """Check a game (header added) and return its (errors, warnings) as messages with hints."""
    source = header + textwrap.dedent(text)
    game_file = parse_source(source, "test.pir")
    try:
        warnings = check_game(game_file, source)
    except PirError as error:
        assert error.source == source
        error.format()  # never raises
        errors = [_text(d) for d in error.diagnostics if d.severity == "error"]
        return errors, [_text(d) for d in error.diagnostics if d.severity != "error"]
    return [], [_text(d) for d in warnings]


def _text(diagnostic) -> str:
    return diagnostic.message + (f" [{diagnostic.hint}]" if diagnostic.hint else "")


def errors_of(text: str, header: str = HEADER) -> list[str]:
    return diagnose(text, header)[0]


def warnings_of(text: str, header: str = HEADER) -> list[str]:
    errors, warnings = diagnose(text, header)
    assert errors == []
    return warnings


def assert_one_error(text: str, *parts: str, header: str = HEADER) -> None:
    """Exactly one error, whose message (with hint) contains every part."""
    errors = errors_of(text, header)
    assert len(errors) == 1, errors
    for part in parts:
        assert part in errors[0], errors[0]


def assert_clean(text: str, header: str = HEADER) -> None:
    errors, warnings = diagnose(text, header)
    assert errors == [] and warnings == [], (errors, warnings)


# ---------------------------------------------------------------- real games


@pytest.mark.parametrize("path", GAME_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in GAME_FILES])
def test_every_shipped_game_checks_without_errors(path: Path):
    game_file, source, notes = read_rules(path.read_text(encoding="utf-8"), str(path))  # a variant file: with its bases
    warnings = notes + check_game(game_file, source)
    for warning in warnings:
        print(warning.format(source))


# Warnings the finished games are known to give, each one deliberate (none so far).
# A new warning in one of these files is probably a mistake: fix it, or list it
# here with the reason it is right.
KNOWN_WARNINGS = {
    "glory_islands": [],
    "hex_sea": [],
    "race_track": [],
    "treasure_dive": [],
}


@pytest.mark.parametrize("name", sorted(KNOWN_WARNINGS))
def test_known_games_give_only_their_known_warnings(name: str):
    path = next((p for p in GAME_FILES if p.stem == name), None)
    if path is None:
        pytest.skip(f"{name}.pir is not in this checkout")
    source = path.read_text(encoding="utf-8")
    warnings = check_game(parse_source(source, str(path)), source)
    assert [w.message for w in warnings] == KNOWN_WARNINGS[name], "\n".join(w.format(source) for w in warnings)


def test_glory_islands_checks_clean():
    path = ROOT / "games" / "glory_islands.pir"
    source = path.read_text(encoding="utf-8")
    assert check_game(parse_source(source, str(path)), source) == []
    interpreter.load_game(str(path))


def test_local_names_agree_with_the_compiler():
    """The checker's scoping must be the compiler's: compare them on every body of every game.

    Both import `dsl.ast.local_names` today; this keeps it that way if either grows its own.
    """
    compared = 0
    for path in GAME_FILES:
        for declaration in parse_source(path.read_text(encoding="utf-8"), str(path)).declarations:
            for field in ("body", "given", "when"):
                body = getattr(declaration, field, None)
                if isinstance(body, list):
                    assert local_names(body) == compiler_local_names(body), (path, declaration.span)
                    compared += 1
    assert compared > 50


# ---------------------------------------------------------------- all problems at once


def test_reports_several_problems_in_one_run():
    errors, warnings = diagnose("""\
        zone bag
        var coins per player = 0
        define double(n) = n * 2
        play:
          move bag to pile
          coins += 1
          log "{cuont(bag)} {double}"
          roll r on d6
        score p: p.coinz
        """)
    assert len(errors) == 6, errors
    assert any("unknown name 'pile'" in e for e in errors)
    assert any("'coins' belongs to each player" in e for e in errors)
    assert any("unknown function 'cuont'" in e and "did you mean 'count'?" in e for e in errors)
    assert any("define 'double' needs arguments" in e for e in errors)
    assert any("unknown die 'd6'" in e for e in errors)
    assert any("attribute 'coinz'" in e and "did you mean 'coins'?" in e for e in errors)


def test_errors_come_first_then_warnings_each_in_file_order():
    source = HEADER + textwrap.dedent("""\
        define unused = 1
        play:
          log "{b}"
          log "{a}"
        """)
    with pytest.raises(PirError) as raised:
        check_game(parse_source(source, "t.pir"), source)
    kinds = [d.severity for d in raised.value.diagnostics]
    assert kinds == ["error", "error", "warning", "warning"]
    errors = raised.value.diagnostics[:2]
    assert [d.message for d in errors] == ["unknown name 'b'", "unknown name 'a'"]
    warnings = raised.value.diagnostics[2:]
    assert warnings[0].span.line < warnings[1].span.line


def test_warnings_do_not_fail():
    source = HEADER + "define never_used = 3\nplay:\n  pass\n"
    warnings = check_game(parse_source(source, "t.pir"), source)
    messages = [w.message for w in warnings]
    assert "define 'never_used' is never used" in messages
    assert any("no 'score' line" in m for m in messages)
    assert all(w.severity == "warning" for w in warnings)
    interpreter.load_source(source, "t.pir")


def test_every_diagnostic_points_inside_the_file():
    source = HEADER + textwrap.dedent("""\
        kind colour: red, red
        board map: grid 2 by 2
          layer terrain:
            "a b c"
          legend terrain: "a" = sea, "a" = land
          legend terain: "x" = y
        table t:
          1 -> 2
          1 -> x
        play:
          log "{nothing.at_all}"
          return
          end game
        """)
    with pytest.raises(PirError) as raised:
        check_game(parse_source(source, "t.pir"), source)
    lines = source.splitlines()
    for diagnostic in raised.value.diagnostics:
        span = diagnostic.span
        assert 1 <= span.line <= len(lines), diagnostic
        assert 1 <= span.column <= len(lines[span.line - 1]) + 1, diagnostic
        assert (span.end_line, span.end_column) >= (span.line, span.column), diagnostic
        assert "^" in diagnostic.format(source)


# ---------------------------------------------------------------- header and sections


@pytest.mark.parametrize("players, reason", [
    ("0 to 4", "at least 1 player"),
    ("3 to 2", "smallest number is larger"),
    ("2 to 13", "at most 12"),
])
def test_player_range(players: str, reason: str):
    assert_one_error(PLAY, reason, header=f'game "T":\n  players {players}\n')


def test_player_range_limits_are_allowed():
    assert_clean(PLAY, header='game "T":\n  players 1 to 12\n')


def test_game_header_must_exist_come_first_and_be_unique():
    assert_one_error('game "T":\n  players 2 to 4\n' + PLAY, "a second game header")
    assert errors_of(PLAY, header="zone bag\n" + HEADER) == [
        "the game header must come first in the file [move this block to the top]"]
    assert errors_of(PLAY, header="") == ['this file has no game header [a rules file starts with: game "Name":]']


def test_missing_play_is_an_error_and_missing_score_a_warning():
    assert_one_error("score p: 0\n", "no 'play:' section")
    assert any("no 'score' line" in w for w in warnings_of("play:\n  pass\n"))


def test_sections_appear_once():
    assert_one_error(PLAY + "play:\n  pass\n", "a second 'play:' section (the first is on line 3)")
    assert_one_error(PLAY + "score p: 1\n", "a second 'score' section")


def test_sections_may_come_in_any_order():
    assert_clean("score p: p.coins\nplay:\n  p_gain()\nrule p_gain():\n  pass\nvar coins per player = 0\n")


# ---------------------------------------------------------------- duplicate names


@pytest.mark.parametrize("declarations, message", [
    ("zone bag\nzone bag", "zone 'bag' is declared twice (first on line 3)"),
    ("zone bag\nvar bag = 0", "variable 'bag' clashes with the zone 'bag' on line 3"),
    ("var gold per player = 0\nvar gold = 0", "variable 'gold' clashes with the per-player variable 'gold'"),
    ("kind colour: red\ndefine colour = 1", "define 'colour' clashes with the kind 'colour'"),
    ("kind colour: red\nvariant red \"Red\"", "variant 'red' clashes with the kind member 'red'"),
    ("define go = 1\nrule go():\n  pass", "rule 'go' clashes with the define 'go'"),
    ("table t:\n  1 -> 1\ndie t: 1, 2", "die 't' clashes with the table 't'"),
    ("automa bot \"Bot\" when true\nzone bot", "zone 'bot' clashes with the automa 'bot'"),
    ("piece coin\npiece coin", "piece 'coin' is declared twice"),
    ("kind colour: red, blue, red", "'red' is listed twice in kind 'colour'"),
    ("kind colour: red\nkind suit: red", "'red' is already a member of kind 'colour'"),
    ("define sum = 1", "define 'sum' clashes with the built-in function 'sum'"),
    ("var players = 1", "variable 'players' clashes with the built-in value 'players'"),
    ("zone name per player", "per-player zone 'name' clashes with the built-in attribute 'p.name'"),
    ("define if = 1", "'if' is a word of the rules language"),
    ("rule log():\n  pass", "'log' is a word of the rules language"),
])
def test_duplicate_and_clashing_names(declarations: str, message: str):
    errors = errors_of(declarations + "\n" + PLAY)
    assert any(message in e for e in errors), errors


def test_board_and_legend_value_with_the_same_name_clash():
    errors = errors_of("""\
        board sea: grid 1 by 1
          layer terrain:
            "s"
          legend terrain: "s" = sea
        play:
          pass
        score p: 0
        """)
    assert errors == ["legend value 'sea' clashes with the board 'sea' on line 3 "
                      "[a name can mean only one thing: rename one of them]"]


def test_one_symbol_may_appear_in_a_kind_legends_and_dice():
    # The same value: `s.terrain == forest` and `forest in terrain_kind` agree.
    assert_clean("""\
        kind terrain_kind: forest, hill
        board map: grid 1 by 2
          layer terrain:
            "f h"
          legend terrain: "f" = forest, "h" = hill
        die land_die: forest, forest, hill
        var last = none
        play:
          roll r on land_die
          last = r
          check at(map, 0, 0).terrain in terrain_kind
        score p: 0
        """)


def test_pieces_have_their_own_names():
    # A piece is named only by `create`, so it may share its name with a value,
    # and `piece_type(x) == barrel` compares with the symbol of the same name.
    assert_clean("""\
        piece barrel
        var barrels per player = 0
        zone pile
        board map: grid 1 by 1
          layer goods:
            "b"
          legend goods: "b" = barrel
        setup:
          create 1 barrel in pile
        play:
          for each p in players:
            p.barrels += count([x for x in pile where piece_type(x) == at(map, 0, 0).goods])
        score p: p.barrels
        """)


# ---------------------------------------------------------------- names and scopes


def test_rule_locals_are_every_name_bound_in_its_body():
    assert_clean("""\
        var total = 0
        rule tally(p):
          if total > 1:
            let bonus = 2
          else:
            p chooses bonus from [1, 2] "How much?"
          for each i in range(1, 2):
            draw token from [1, 2]
          total += bonus + i + token
        play:
          for each p in players:
            tally(p)
        score p: total
        """)


def test_a_local_read_before_any_binding_is_a_warning():
    warnings = warnings_of("""\
        rule r():
          log "{later}"
          let later = 1
        play:
          r()
        score p: 0
        """)
    assert warnings == ["'later' is read here before anything in rule 'r' gives it a value "
                        "[give it a value (let, for each, chooses, draw, roll) above this line]"]


def test_locals_do_not_leak_between_rules_defines_and_comprehensions():
    errors = errors_of("""\
        define f(n) = n + x
        rule r():
          let y = [k for k in [1, 2]]
          log "{k}"
        play:
          r()
          log "{y}"
        score p: 0
        """)
    # (each with the hint of a name found nowhere: declare it, or name it with let)
    assert [error.split(" [")[0] for error in errors] == ["unknown name 'x'", "unknown name 'k'", "unknown name 'y'"]
    assert all("name it in this rule with 'let" in error for error in errors)


def test_example_sees_its_named_players_and_locals():
    assert_clean("""\
        var coins per player = 0
        rule gain(p):
          p.coins += 1
        play:
          pass
        score p: p.coins
        example "Anna gains":
          players 2 named anna, bob
          given:
            let before = anna.coins
          when:
            gain(anna)
          expect:
            anna.coins == before + 1
            bob.coins == 0
        """)


def test_example_players_must_fit_the_table():
    errors = errors_of(PLAY + 'example "e":\n  players 2 named a, b, c\n  expect:\n    true\n')
    assert errors == ['example "e" names 3 players, but only 2 can sit at the table']


def test_per_player_things_are_attributes():
    assert_one_error("var gold per player = 0\n" + "play:\n  log \"{gold}\"\nscore p: p.gold\n",
                     "'gold' belongs to each player: write p.gold")
    assert_one_error("zone hand per player\n" + "play:\n  log \"{count(hand)}\"\nscore p: count(p.hand)\n",
                     "'hand' belongs to each player: write p.hand")
    assert_one_error("zone bag\nplay:\n  for each p in players:\n    log \"{count(p.bag)}\"\nscore p: 0\n",
                     "the zone 'bag' is shared by everyone, not kept per player: write bag")


def test_attributes_must_be_declared_somewhere():
    assert_clean("""\
        piece card(value)
        zone hand per player
        var gold per player = 0
        board map: grid 1 by 1
          layer terrain:
            "1"
        setup:
          create 1 card(1) in players[0].hand
        play:
          for each p in players:
            log "{p.name} {p.index} {p.gold} {count(p.hand)}"
            log "{[c.value for c in p.hand]}"
            log "{[s.terrain + s.row + s.col for s in cells(map)]} {at(map, 0, 0).board}"
            log "{p.hand.owner} {p.hand.name}"
        score p: p.gold
        """)
    errors = errors_of("piece card(value)\nplay:\n  log \"{players[0].valeu}\"\n" + "score p: 0\n")
    assert errors == ["nothing has an attribute 'valeu': it is not a per-player variable or zone, a piece field, "
                      "a board layer or a built-in attribute [did you mean 'value'?]"]


def test_defines_with_and_without_parameters():
    assert_one_error("define f(n) = n\nplay:\n  log \"{f}\"\nscore p: f(1)\n", "define 'f' needs arguments: f(n)")
    assert_one_error("define f = 1\nplay:\n  log \"{f()}\"\nscore p: f\n", "define 'f' has no parameters")
    assert_one_error("define f(a, b) = a\nplay:\n  log \"{f(1)}\"\nscore p: f(1, 2)\n",
                     "define 'f' takes 2 arguments (a, b), but 1 is given")


def test_rules_are_statements_and_functions_are_not():
    assert_one_error("rule r():\n  pass\nplay:\n  log \"{r()}\"\nscore p: 0\n",
                     "'r' is a rule: rules are carried out as statements")
    assert_one_error("zone bag\nplay:\n  count(bag)\nscore p: 0\n", "'count' is a function, not a rule")
    assert_one_error("rule r(a):\n  pass\nplay:\n  r(1, 2)\nscore p: 0\n",
                     "rule 'r' takes 1 argument (a), but 2 are given")


@pytest.mark.parametrize("call, message", [
    ("count()", "'count' takes 1 argument, but 0 are given"),
    ("range(1)", "'range' takes 2 arguments, but 1 is given"),
    ("at(1, 2)", "'at' takes 3 arguments, but 2 are given"),
    ("len([1])", "unknown function 'len' [in the rules language, write count(...)]"),
    ("maxx([1])", "unknown function 'maxx' [did you mean 'max'?]"),
])
def test_built_in_functions(call: str, message: str):
    assert_one_error(f"play:\n  log \"{{{call}}}\"\nscore p: 0\n", message)


def test_unknown_names_suggest_near_misses():
    assert_one_error("zone discard\nplay:\n  move discrad to discard\nscore p: 0\n",
                     "unknown name 'discrad'", "did you mean 'discard'?")
    assert_one_error("die d6: 1, 2\nvar r = 0\nplay:\n  roll x on d8\n  r = x\nscore p: r\n",
                     "unknown die 'd8'", "did you mean 'd6'?")


# ---------------------------------------------------------------- assignments and lets


@pytest.mark.parametrize("statement, message", [
    ("bag = 1", "cannot change the zone 'bag'"),
    ("limit = 1", "cannot change the define 'limit'"),
    ("gold = 1", "'gold' belongs to each player: write p.gold = ..."),
    ("players[0].hand = 1", "cannot change the zone '.hand'"),
    ("round_number = 1", "cannot change 'round_number': the game keeps it"),
    ("players[0].name = 1", "cannot change '.name': the game keeps it"),
    ("totl = 1", "unknown variable 'totl' [did you mean 'total'?]"),
    ("[1][0] = 1", "only variables, players' variables and local values can change"),
])
def test_only_variables_and_locals_can_change(statement: str, message: str):
    declarations = "zone bag\nzone hand per player\nvar gold per player = 0\nvar total = 0\ndefine limit = 3\n"
    errors = errors_of(declarations + f"play:\n  log \"{{total}} {{limit}} {{count(bag)}}\"\n  {statement}\n"
                       "score p: p.gold + count(p.hand)\n")
    assert len(errors) == 1 and message in errors[0], errors


def test_assignments_that_are_allowed():
    assert_clean("""\
        var total = 0
        var gold per player = 0
        rule r(p):
          let n = 1
          n += 1
          p = players[0]
          p.gold -= n
          total = total + 1
        play:
          r(players[0])
        score p: p.gold + total
        """)


def test_let_may_not_hide_a_declaration_or_repeat_a_parameter():
    assert_one_error("zone bag\nplay:\n  let bag = 1\n  move bag to bag\nscore p: 0\n",
                     "the local 'bag' hides the zone 'bag' declared on line 3")
    assert_one_error("rule r(n):\n  let n = 2\nplay:\n  r(1)\nscore p: 0\n",
                     "'n' is already a parameter of rule 'r'", "write 'n = ...' without 'let'")
    assert_one_error("play:\n  for each players in [1]:\n    pass\nscore p: 0\n",
                     "the loop variable 'players' hides the built-in value 'players'")


def test_locals_may_reuse_names_that_are_not_read_by_name():
    # Per-player things, defines with parameters, rules and pieces live elsewhere.
    assert_clean("""\
        zone crew per player
        define space(r) = r
        piece sail
        rule move_on():
          let crew = 1
          let space = 2
          let sail = 3
          let move_on = crew + space + sail
        setup:
          create 1 sail in players[0].crew
        play:
          move_on()
          log "{space(1)}"
        score p: count(p.crew)
        """)


# ---------------------------------------------------------------- boards and tables


def test_board_layers_must_fill_the_grid():
    errors = errors_of("""\
        board map: grid 2 by 3
          layer terrain:
            "a b c"
            "a b"
          layer height:
            "1 2 3"
        play:
          log "{cells(map)}"
        score p: 0
        """)
    assert errors == ["row 2 of layer 'terrain' has 2 cells, but board 'map' has 3 columns "
                      "[separate the cells with spaces, one token per cell]",
                      "layer 'height' has 1 row, but board 'map' is 2 by 3 [draw exactly 2 lines of 3 cells]"]


def test_legends_must_cover_their_layer():
    errors, warnings = diagnose("""\
        board map: grid 1 by 3
          layer terrain:
            "sea lnad sea"
          legend terrain: "sea" = water, "land" = ground, "sea" = deep
          legend terain: "x" = y
        play:
          log "{cells(map)}"
        score p: 0
        """)
    assert errors == [
        "'lnad' in layer 'terrain' is not in its legend [did you mean 'land'?]",
        "\"sea\" appears twice in the legend of layer 'terrain' [each mark can mean only one thing]",
        "legend for 'terain', but board 'map' has no layer of that name [did you mean 'terrain'?]",
    ]
    assert warnings == ["legend entry \"land\" is never used in layer 'terrain'"]


def test_tables_hold_fixed_values_once_each():
    key_hint = "[use a number, a text, true/false, none, or a kind member or legend value]"
    value_hint = "[use numbers, texts, true/false, none, kind members or legend values, or lists of those]"
    errors = errors_of("""\
        kind colour: red, blue
        table t:
          1 -> [red, blue]
          2 -> -3
          "x" -> none
          red -> true
          2 -> 1
          [1] -> 1
          3 -> 1 + 2
          4 -> colour
          5 -> rde
        play:
          log "{t[1]} {t[red]}"
        score p: 0
        """)
    assert errors == [
        "table 't' has two rows for 2 (the first on line 6) [each key can appear once]",
        f"a key of table 't' must be one fixed value {key_hint}",
        f"a row of table 't' must be a fixed value {value_hint}",
        f"a row of table 't' must be a fixed value {value_hint}",
        "unknown name 'rde' [did you mean 'red'?]",
    ]


def test_division_by_a_literal_zero():
    assert warnings_of("var x = 1 / 0\nplay:\n  x = x % 0 + 1\nscore p: x\n") == [
        "'/ 0' divides by zero: this fails whenever it is worked out",
        "'% 0' divides by zero: this fails whenever it is worked out"]


def test_per_piece_variables():
    assert_clean("""\
        piece ship(speed)
        var strength per ship = speed * 2
        zone harbour
        setup:
          create 1 ship(3) in harbour
        play:
          for each s in harbour:
            s.strength -= 1
        score p: sum([s.strength for s in harbour])
        """)
    errors = errors_of("piece ship(speed)\nvar speed per ship = 1\nvar hull per boat = 1\n" + PLAY)
    assert errors == ["'speed' is both a variable of each ship and a field of piece 'ship': x.speed could mean "
                      "either [rename one of them]",
                      "'var hull per boat' names no piece kind"]


def test_a_fixed_key_must_be_in_the_table():
    assert_one_error('table t:\n  1 -> 5\n  "x" -> 3\nplay:\n  log "{t[1]} {t[2]}"\nscore p: 0\n',
                     "table 't' has no row for 2", "its keys are 1, 'x'")


# ---------------------------------------------------------------- statements in their place


def test_return_only_in_rules_and_end_game_not_in_final_scoring():
    assert_one_error("play:\n  return\nscore p: 0\n", "'return' leaves a rule, but this is play, not a rule")
    assert_one_error("setup:\n  return\n" + PLAY, "this is setup, not a rule")
    assert_one_error(PLAY + "final scoring:\n  end game\n", "'end game' in final scoring")


def test_create_is_allowed_anywhere_pieces_are_made_on_demand():
    # A supply that makes pieces as they are needed: in play, final scoring, rules and examples.
    warnings = warnings_of("""\
        piece coin
        zone bank
        rule mint():
          create 1 coin in bank
        setup:
          mint()
        play:
          mint()
          create 1 coin in bank
        final scoring:
          create 1 coin in bank
        score p: count(bank)
        example "minting":
          when:
            create 2 coin in bank
          expect:
            count(bank) == 3
        """)
    assert warnings == []


def test_create_must_match_the_piece():
    assert_one_error("piece card(suit, rank)\nzone deck\nsetup:\n  create 1 card(1) in deck\n" + PLAY,
                     "piece 'card' has 2 fields (suit, rank), but 1 value is given")
    assert_one_error("piece card\nzone deck\nsetup:\n  create 1 crad in deck\n" + PLAY,
                     "unknown piece 'crad'", "did you mean 'card'?")


@pytest.mark.parametrize("statement, message", [
    ('1 chooses c from [1, 2]', "only a player can choose, not a number"),
    ('"bob" chooses c from [1, 2]', "only a player can choose, not a text"),
    ('players chooses c from [1, 2]', "only a player can choose, not the list of every seat"),
    ('eliminate bag', "only a player can be eliminated, not the zone 'bag'"),
    ('log to 2 "hello"', "a private log line goes to a player, not a number"),
    ('move first(bag) to 3', "pieces can only move to a zone or a cell, not a number"),
])
def test_obviously_wrong_values(statement: str, message: str):
    assert_one_error(f"zone bag\nplay:\n  {statement}\nscore p: 0\n", message)


def test_dice_variants_and_examples_name_declared_things():
    assert_one_error("zone bag\nvar r = 0\nplay:\n  roll x on bag\n  r = x\nscore p: r\n", "'bag' is a zone, not a die")
    assert_one_error('variant storm "S"\nplay:\n  if variant strom:\n    pass\nscore p: 0\n',
                     "unknown variant 'strom'", "did you mean 'storm'?")
    errors = errors_of('variant storm "S"\nplay:\n  check variant storm\nscore p: 0\n'
                       'example "e":\n  players 9\n  variants storm, calm\n  expect:\n    true\n')
    assert errors == ['example "e" is for 9 players, but the game is for 2 to 4',
                      "unknown variant 'calm' [declare it with 'variant calm \"what it changes\"']"]


def test_automa_conditions_and_starting_values_read_only_what_exists():
    errors = errors_of("""\
        zone bag
        var a = b + 1
        var b = 2
        var c = b + player_count
        define d = 3
        automa bot "Bot" when player_count == 1 and variant solo and d == 3
        variant solo "Solo"
        play:
          a += c
          move bag to bag
        score p: a
        """)
    assert errors == [
        "the starting value of 'a' reads 'b', which has no value yet: variables start in the order they are declared "
        "[declare 'b' above 'a']",
        "an automa's condition is decided before the game starts: it cannot read the define 'd' "
        "[use player_count, variants and fixed values]",
    ]


# ---------------------------------------------------------------- warnings


def test_unused_declarations_are_warned_about():
    warnings = warnings_of("""\
        kind colour: red
        zone bag
        var gold = 0
        table t:
          1 -> 1
        die d6: 1, 2
        variant storm "S"
        define helper = 1
        define only_used_by_unused = helper
        rule unused_rule():
          pass
        rule recursive():
          recursive()
        piece coin
        play:
          pass
        score p: 0
        example "e":
          variants storm
          expect:
            true
        """)
    assert warnings == [
        "kind 'colour' is never used",
        "zone 'bag' is never used",
        "variable 'gold' is never used",
        "table 't' is never used",
        "die 'd6' is never rolled",
        "variant 'storm' is never tested with 'variant storm', so it changes nothing",
        "define 'helper' is never used",
        "define 'only_used_by_unused' is never used",
        "rule 'unused_rule' is never carried out",
        "rule 'recursive' is never carried out",
        "piece 'coin' is never created",
    ]


def test_a_kind_whose_members_are_used_is_used():
    assert_clean("kind colour: red\nplay:\n  log \"{red}\"\nscore p: 0\n")


def test_unreachable_lines_are_warned_about_once_per_block():
    warnings = warnings_of("""\
        rule r():
          return
          pass
          pass
        play:
          r()
          if round_number > 1:
            end game
            log "never"
          log "reached"
        score p: 0
        """)
    assert warnings == [
        "this line is never carried out: it comes after 'return' [remove it, or put the line before it inside an 'if']",
        "this line is never carried out: it comes after 'end game' [remove it, or put the line before it inside an 'if']",
    ]


def test_owner_visibility_on_a_shared_zone_is_a_warning():
    assert warnings_of("zone bag owner\nplay:\n  move bag to bag\nscore p: 0\n") == [
        "zone 'bag' is shared by everyone, so 'owner' lets nobody see inside [write 'hidden', or make it 'per player owner']"]


# ---------------------------------------------------------------- agreement with the parser and compiler


def _parses(text: str, start: str = "start"):
    try:
        return _lark().parse(text, start=start)
    except Exception:  # noqa: BLE001 - any parse failure counts
        return None


@pytest.mark.parametrize("word", sorted(RESERVED_WORDS))
def test_reserved_words_cannot_be_used_as_names(word: str):
    """Each reserved word fails, or means something else, where a name would be written."""
    as_value = _parses(word, "expr")
    statement = parse_source(HEADER + f"play:\n  {word}(1)\n") if _parses(HEADER + f"play:\n  {word}(1)\n") else None
    assignment = _parses(HEADER + f"play:\n  {word} = 1\n")
    value_works = as_value is not None and as_value.data == "name"
    call_works = statement is not None and isinstance(statement.declarations[1].body[0], ast.CallRule)
    assert not (value_works and call_works and assignment is not None), word


def test_every_keyword_that_cannot_be_a_name_is_reserved():
    """When the grammar gains a word, the checker must learn whether it can still name things."""
    import re
    words = set(re.findall(r'"([a-z_]+)"', (ROOT / "dsl" / "grammar.lark").read_text(encoding="utf-8")))
    for word in sorted(words - RESERVED_WORDS):
        as_value = _parses(word, "expr")
        assert as_value is not None and as_value.data == "name", f"'{word}' cannot be read as a name"
        source = HEADER + f"rule {word}(x):\n  pass\nplay:\n  {word}(1)\n  {word} = 1\n"
        parsed = _parses(source)
        assert parsed is not None, f"'{word}' cannot start a statement"
        assert isinstance(parse_source(source).declarations[2].body[0], ast.CallRule), word


def test_other_keywords_can_be_names():
    # `where` is a built-in function as well as a word of comprehensions; `owner` a field.
    assert_clean("""\
        piece pirate(owner)
        zone pile
        setup:
          create 1 pirate(players[0]) in pile
        play:
          log "{[where(x).name for x in pile where x.owner == players[0]]}"
        score p: 0
        """)


COMPILER_REJECTS = [
    "play:\n  log \"{nowhere}\"\n",
    "var gold per player = 0\nplay:\n  log \"{gold}\"\n",
    "define f(a) = a\nplay:\n  log \"{f}\"\n",
    "define f(a) = a\nplay:\n  log \"{f(1, 2)}\"\n",
    "rule r():\n  pass\nplay:\n  log \"{r()}\"\n",
    "play:\n  log \"{nothing(1)}\"\n",
    "zone bag\nplay:\n  bag = 1\n",
    "piece coin(a)\nzone bag\nsetup:\n  create 1 coin in bag\nplay:\n  pass\n",
    "setup:\n  create 1 coin in bag\nplay:\n  pass\n",
    "play:\n  roll r on nothing\n",
    "play:\n  nothing()\n",
    "rule r(a):\n  pass\nplay:\n  r()\n",
    "table t:\n  1 -> players\nplay:\n  log \"{t}\"\n",
]


@pytest.mark.parametrize("text", COMPILER_REJECTS)
def test_the_checker_catches_what_the_compiler_would_reject(text: str):
    source = HEADER + text + "score p: 0\n"
    game_file = parse_source(source, "t.pir")
    with pytest.raises(PirError):
        check_game(game_file, source)
    with pytest.raises(PirError):
        interpreter.Game(game_file, source)


def test_a_label_on_options_from_a_hidden_zone_is_flagged_as_never_shown():
    warnings = warnings_of('''
        piece token(value)
        zone stack hidden
        zone pile per player hidden
        zone open
        play:
          players[0] chooses t from stack "Take one" labelled "worth {t.value}"
          players[0] chooses u from players[0].pile "Take one" labelled "worth {u.value}"
          players[0] chooses v from open "Take one" labelled "worth {v.value}"
        score p: 0
        ''')
    flagged = [w for w in warnings if "offered face down, so this label is never shown" in w]
    assert len(flagged) == 2, warnings


# ---------------------------------------------------------------- texts


def test_fixed_texts_keep_doubled_braces_as_braces():
    source = ('game "The {{Brace}} Game":\n  players 2 to 4\n  goal "Close every {{ and }}."\n'
              'automa bot "Bot {{1}}" when player_count == 1\nvariant v "Braces {{}}"\n'
              'rule r "Do {{this}}":\n  phase "Phase {{A}}":\n    pass\n'
              'play:\n  if variant v:\n    r()\nscore p: 0\nexample "Example {{1}}":\n  expect:\n    true\n')
    game_file = parse_source(source, "t.pir")
    assert check_game(game_file, source) == []
    header, automa, variant, rule = game_file.declarations[:4]
    assert header.name == "The {Brace} Game" and header.texts["goal"] == "Close every { and }."
    assert automa.display == "Bot {1}" and variant.text == "Braces {}"
    assert rule.text == "Do {this}" and rule.body[0].title == "Phase {A}"
    assert game_file.declarations[-1].name == "Example {1}"


@pytest.mark.parametrize("line, what", [
    ('  credits "By {author}"', "the game's credits text"),
    ('variant v "Adds {n} cards"', "a variant's description"),
    ('rule r "Does {x}":\n  pass', "a rule's description"),
    ('example "With {n} players":\n  expect:\n    true', "an example's title"),
])
def test_fixed_texts_cannot_fill_anything_in(line: str, what: str):
    header = 'game "T":\n  players 2 to 4\n'
    if line.startswith("  "):
        header, line = header + line + "\n", ""
    with pytest.raises(PirError) as raised:
        parse_source(header + line + "\nplay:\n  pass\n", "t.pir")
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.message == f"{what} is fixed text: nothing can be filled in with {{...}} here"
    assert raised.value.source.splitlines()[diagnostic.span.line - 1][diagnostic.span.column - 1] == "{"


def test_skip_texts_and_check_messages_are_checked_like_any_text():
    assert_one_error("zone hand per player\nplay:\n  players[0] chooses x from [1] optional \"Keep {count(hand)}\"\n"
                     "score p: count(p.hand)\n", "'hand' belongs to each player: write p.hand")
    assert_one_error("play:\n  check true \"{nobody}\"\nscore p: 0\n", "unknown name 'nobody'")
    assert_one_error("play:\n  players[0] chooses x from [1] optional skip(x)\nscore p: 0\n",
                     "unknown function 'skip'")
    assert_clean("define later(n) = \"Keep {n}\"\nplay:\n  players[0] chooses x from [1, 2] optional later(2)\n"
                 "  check x == none or x > 0 \"{players[0].name} chose {x}\"\nscore p: 0\n")


# ---------------------------------------------------------------- values that are sure to be the wrong kind

TYPE_HEAD = """\
zone bag
table prizes:
  1 -> 5
var n = 0
kind colour: red, blue
define pair(x) = [x, x]
define label = "a label"
"""


@pytest.mark.parametrize("statement, message", [
    ("n = sum([[1], [2]])", "'sum' adds up numbers, not a list of numbers [to join lists into one list, write flatten(...)]"),
    ("n = sum([pair(x) for x in [1, 2]])", "'sum' adds up numbers, but each element of this list is a list"),
    ("n = sum([[x] for x in [1, 2] for y in [3]])", "'sum' adds up numbers, but each element of this list is a list"),
    ("n = sum(flatten([[[1]], [[2]]]))", "'sum' adds up numbers, but this is a list of lists of numbers"),
    ('n = sum(["a", "b"])', "'sum' adds up numbers, not a text"),
    ("n = flatten([[1], 2])", "'flatten' joins lists, not a number"),
    ('n = "a" - 1', "'-' works on numbers, not on a text"),
    ("n = [1, 2] * 2", "'*' works on numbers, not on a list of numbers"),
    ("n = label / 2", "'/' works on numbers, not on a text"),
    ('n = 1 + "a"', "'+' cannot add a text to a number"),
    ("n = [1] + 2", "'+' cannot add a number to a list of numbers [to add one element to a list, put it in a list"),
    ("n = bag + red", "'+' cannot add a text to a zone"),
    ("n = none + 1", "'+' cannot add none to anything"),
    ('n = -"a"', "a minus sign needs a number, not a text"),
    ("n = count(3)", "'count' needs a list or a zone, not a number"),
    ("n = count(label)", "'count' needs a list or a zone, not a text"),
    ("n = count(prizes)", "'count' needs a list or a zone, not a table"),
    ("n = max(player_count)", "'max' needs a list or a zone, not a number"),
    ('n = abs("a")', "'abs' needs a number, not a text"),
    ("n = range(1, [3])", "'range' needs a number, not a list of numbers"),
    ('n = 1 < "a"', "'<' cannot compare a number with a text"),
    ("n = n >= none", "'>=' cannot compare none with anything"),
    ("n = 3[0]", "only a list, a zone or a table can be looked into with [...], not a number"),
    ("n = 1 in 3", "'in' looks inside a list, a zone or a table, not a number"),
    ("for each x in 5:\n    pass", "'for each' needs a list or a zone, not a number"),
    ("n = count([y for x in colour for y in 2])", "'for y in' needs a list or a zone, not a number"),
    ("draw x from round_number", "'draw' takes from a list or a zone, not a number"),
    ('repeat "twice" times:\n    pass', "'repeat' needs a whole number of times, not a text"),
    ("n += [1]", "'+=' adds or takes away a number, not a list of numbers [to add to a list, write xs = xs + [x]]"),
    ("n -= true", "'-=' adds or takes away a number, not true or false"),
])
def test_values_sure_to_be_the_wrong_kind_are_errors(statement: str, message: str):
    assert_one_error(TYPE_HEAD + f"play:\n  {statement}\nscore p: n\n", message)


@pytest.mark.parametrize("statement", [
    r'log "{\"a\" + \"b\"}"',           # texts join
    "n = count(bag + [first(bag)])",    # a zone and a list join
    "n = count(pair(n) + [])",
    "n = true + 1",                     # true and false count as 1 and 0: odd, but it runs
    "n = sum([true, false])",
    "n = sum([])",
    "n = sum([x for x in []])",
    "n = sum([x * 2 for x in pair(1)])",
    "n = sum(flatten([[1], [2]]))",
    "n = sum(flatten([pair(x) for x in [1, 2]]))",
    "n = count(flatten([pair(x) for x in [1, 2]]))",
    "n = prizes[1] + count([1 for c in colour])",
    "n = n if 1 in prizes else 0",
    'n = count([label] if n > 0 else [])',
    'n = n + (1 if n > 0 else 0)',
    "n = max([1, n]) + min(pair(2))",
    'n = count(["{c}" for c in colour where c < "z"])',
    "n = first(bag).value + 1 if count(bag) > 0 else 0",
])
def test_values_whose_kind_is_not_certain_are_never_reported(statement: str):
    errors = errors_of(TYPE_HEAD + "piece coin(value)\nsetup:\n  create 1 coin(2) in bag\n"
                       f"play:\n  {statement}\nscore p: n\n")
    assert errors == []


# ---------------------------------------------------------------- fields some pieces lack

TREASURE = """\
    zone buried
    piece coin(gold)
    piece relic(name)
    var found per player = 0
    setup:
      create 3 coin(2) in buried
      create 1 relic("cup") in buried
"""


def test_a_field_read_on_a_zone_of_mixed_pieces_is_a_warning_naming_where_the_other_kind_comes_from():
    warnings = warnings_of(TREASURE + """\
    zone hold per player
    play:
      for each p in players:
        loot(p, first(buried))
        p.found += sum([c.gold for c in p.hold])
    rule loot(p, t):
      move t to p.hold
    score p: p.found
    """)
    assert warnings == ["'c' may be a relic, which has no 'gold' (a relic can be put in 'hold' on line 16): reading it "
                        "then stops the game [test piece_type(c) == \"coin\" first, or keep relics out of 'hold']"]


@pytest.mark.parametrize("read", [
    'sum([c.gold for c in buried where piece_type(c) == "coin"])',
    'sum([c.gold for c in buried where piece_type(c) != "relic"])',
    'sum([c.gold if piece_type(c) == "coin" else 0 for c in buried])',
    'count([c for c in buried where piece_type(c) == "coin" and c.gold > 1])',
    'sum([c.gold for c in [x for x in buried where piece_type(x) == "coin"]])',
    'sum([c.gold for c in buried where piece_type(c) in ["coin"]])',
    'sum([c.gold for c in buried where piece_type(c) not in ["relic"]])',
    'sum([c.gold for c in buried where piece_type(c) == "coin" or piece_type(c) == "coin"])',
])
def test_a_read_kept_to_the_kinds_that_have_the_field_is_no_warning(read):
    assert_clean(TREASURE + f"""\
    play:
      for each p in players:
        p.found += {read}
    score p: p.found
    """)


def test_if_elif_and_else_on_the_piece_type_keep_each_branch_to_its_kinds():
    assert_clean(TREASURE + """\
    zone hold per player
    play:
      for each p in players:
        p chooses t from buried "Take one"
        if piece_type(t) == "coin":
          p.found += t.gold
        elif piece_type(t) == "relic":
          log "{t.name}"
        move t to p.hold
        for each c in p.hold:
          if piece_type(c) == "relic":
            log "{c.name}"
          else:
            p.found += c.gold
    score p: p.found
    """)


def test_a_value_the_check_cannot_follow_gives_no_warning():
    """A parameter given a piece from a board's cell (not followed) may be anything: no warning."""
    assert_clean(TREASURE + """\
    board grid: grid 1 by 2
      layer ground:
        ". ."
    play:
      for each p in players:
        move first(buried) to at(grid, 0, 0)
        loot(p, top(at(grid, 0, 0)))
    rule loot(p, t):
      p.found += t.gold
    score p: p.found
    """)


def test_a_field_no_kind_the_value_can_be_has_is_a_warning_too():
    warnings = warnings_of(TREASURE + """\
    play:
      for each p in players:
        p.found += count([c for c in buried where piece_type(c) == "relic" and c.gold > 0])
    score p: p.found
    """)
    assert len(warnings) == 1 and "'c' may be a relic, which has no 'gold'" in warnings[0], warnings
    assert "no kind of piece it can be has 'gold'" in warnings[0]


def test_a_progress_line_that_reads_a_field_some_pieces_lack_is_a_warning():
    """What a bot would otherwise find in the middle of a game (the progress line is read only then)."""
    warnings = warnings_of(TREASURE + """\
    zone hold per player
    play:
      for each p in players:
        move first(buried) to p.hold
    score p: p.found
    progress p: sum([c.gold for c in p.hold])
    """)
    assert len(warnings) == 1 and warnings[0].startswith("'c' may be a relic, which has no 'gold'"), warnings


def test_a_test_inside_a_turn_of_actions_keeps_its_branch_to_its_kinds():
    assert_clean(TREASURE + """\
    play:
      for each p in players:
        p acts "Your action" until "Done":
          once:
            "Dig" when count(buried) > 0:
              let t = first(buried)
              if piece_type(t) == "coin":
                p.found += t.gold
    score p: p.found
    """)


def test_a_name_found_nowhere_is_told_where_names_come_from():
    errors = errors_of("""\
        play:
          log "{quux(1)} {quux_total} {players[0].zorb}"
        score p: 0
        """)
    assert errors == [
        "unknown function 'quux' [declare it with 'define quux(...) = ...', or check its spelling; "
        "the built-in functions are in docs/language.md, 6]",
        "unknown name 'quux_total' [nothing here is called 'quux_total': declare it ('var', 'zone', 'kind', "
        "'define' ...), name it in this rule with 'let quux_total = ...', or check its spelling]",
        "nothing has an attribute 'zorb': it is not a per-player variable or zone, a piece field, a board layer "
        "or a built-in attribute [declare it as 'var zorb per player = ...', 'zone zorb per player' or a piece's "
        "field, 'piece NAME(zorb)', or check its spelling]",
    ]
