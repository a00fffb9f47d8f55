"""Variant files (dsl/extends.py): a game written as changes to another.

The merge itself (added, replaced and removed declarations, the header, chains),
every error an author can make writing one (each at its own file and line), the
fingerprints that notice a changed base, and that a variant works wherever a game
does: saves, pickles, the cache, the examples, the printed rules and the commands.
The shipped variants in games/variants/ are checked, tested and printed here too.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import pirdsl.cli as cli
from dsl import ast
from dsl.diagnostics import PirError, SourceLines
from dsl.extends import fingerprint, read_rules
from interpreter import load_game, load_source

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
SHIPPED_VARIANTS = sorted((ROOT / "games" / "variants").glob("*.pir"))

BASE = '''game "Base":
  players 2 to 3
  overview "The base game."

var total per player = 0
zone pile

define stride = 1

rule advance(p) "Advance":
  p.total += stride

rule bonus(p) "Bonus":
  p.total += 10

play:
  rounds until round_number == 2:
    for each p in players:
      advance(p)

score p: p.total

final scoring:
  for each p in players:
    if count(pile) > 0:
      bonus(p)

example "one step":
  players 2 named ann, bo
  when:
    advance(ann)
  expect:
    ann.total == 1
'''


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def variant(folder: Path, body: str, base: str = BASE, name: str = "variant.pir") -> str:
    write(folder, "base.pir", base)
    return write(folder, name, 'extends "base.pir"\n\n' + body)


def errors_of(path: str) -> PirError:
    with pytest.raises(PirError) as caught:
        load_game(path)
    return caught.value


def decl(game_file: ast.GameFile, kind: type, name: str | None = None):
    return next(d for d in game_file.declarations if isinstance(d, kind) and (name is None or d.name == name))


# ---------------------------------------------------------------- the merge


def test_added_replaced_and_removed_declarations_merge_in_the_base_order(tmp_path):
    path = variant(tmp_path, '''game "Base, doubled":
  overview "Every step counts twice."

var extra per player = 0

replace define stride = 2

remove rule bonus

replace final scoring:
  pass
''')
    game = load_game(path)
    names = [getattr(d, "name", type(d).__name__) for d in game.file.declarations]
    # The replaced define keeps its place; the new var comes after the base's declarations.
    assert names.index("stride") < names.index("advance") < names.index("extra")
    assert "bonus" not in names
    assert game.name == "Base, doubled" and (game.min_players, game.max_players) == (2, 3)
    header = decl(game.file, ast.GameHeader)
    assert header.texts["overview"] == "Every step counts twice."
    assert decl(game.file, ast.DefineDecl, "stride").span.file == path
    assert decl(game.file, ast.RuleDecl, "advance").span.file == str(tmp_path / "base.pir")
    assert [(c.how, c.kind, c.name) for c in game.file.changes] == [
        ("replaced", "game", "Base, doubled"), ("added", "var", "extra"), ("replaced", "define", "stride"),
        ("removed", "rule", "bonus"), ("replaced", "final scoring", "final scoring")]
    state = game.new_state(2, seed=1)
    while not state.is_terminal():
        state.apply_action(0)
    assert state.to_json()  # it plays to the end


def test_a_variant_without_a_header_keeps_the_base_game_and_its_examples_run(tmp_path, capsys):
    path = variant(tmp_path, 'replace "{}" define stride = 3\n'.format(
        fingerprint(decl(read_rules(BASE, "base.pir")[0], ast.DefineDecl, "stride"))))
    assert load_game(path).name == "Base"
    code = cli.main(["test", path])
    out = capsys.readouterr().out
    assert code == 1
    assert f"FAIL {path} (from {tmp_path / 'base.pir'}): one step" in out
    assert "replace example \"one step\":" in out and "remove example \"one step\"" in out


def test_a_chain_of_variants_and_a_shipped_game_by_name(tmp_path):
    middle = variant(tmp_path, 'replace "{}" define stride = 5\n'.format(
        fingerprint(decl(read_rules(BASE, "base.pir")[0], ast.DefineDecl, "stride"))), name="middle.pir")
    top = write(tmp_path, "top.pir", 'extends "middle.pir"\n\nvar more = 1\n')
    game = load_game(top)
    assert game.file.bases == [middle, str(tmp_path / "base.pir")]
    assert decl(game.file, ast.DefineDecl, "stride").body.value == 5
    shipped = write(tmp_path, "house.pir", 'extends "jamaica"\n\ngame "Jamaica, my way":\n  goal "Sail."\n')
    assert load_game(shipped).name == "Jamaica, my way"


def test_powers_add_steps_before_and_after_setup_and_final_scoring(tmp_path):
    path = variant(tmp_path, '''power seed_pile "A token starts in the pile" after setup:
  create 1 token in pile

power rich_start "Everyone starts with 100" before setup:
  for each p in players:
    p.total = 100

power last "The pile pays at the end" after final scoring:
  for each p in players:
    p.total += count(pile)

piece token
''')
    state = load_game(path).new_state(2, seed=1)  # nothing to decide: it plays to the end
    assert state.is_terminal()
    # 100 at the start, two steps, the base's bonus for a pile that is not empty, then the pile's one token.
    assert state.scores() == [100 + 2 + 10 + 1] * 2


# ---------------------------------------------------------------- the errors, each in its own file


@pytest.mark.parametrize("body, where, message", [
    ("rule advance(p):\n  p.total += 2\n", "variant.pir:3:1", "the base game already has rule 'advance' ("),
    ("define stride = 2\n", "variant.pir:3:1", "write 'replace define ...'"),
    ("setup:\n  pass\n", None, None),  # the base has no setup: a variant may add one
    ("replace rule advanse(p):\n  pass\n", "variant.pir:3:1", "did you mean 'advance'?"),
    ("remove rule bonnus\n", "variant.pir:3:1", "did you mean 'bonus'?"),
    ("remove zone pile\nremove zone pile\n", "variant.pir:4:1", "already removed at line 3"),
    ('replace game "X":\n  players 2 to 2\n', "variant.pir:3:1", "needs no 'replace'"),
])
def test_mistakes_in_a_variant_point_into_the_variant(tmp_path, body, where, message):
    path = variant(tmp_path, body)
    if where is None:
        load_game(path)
        return
    error = errors_of(path)
    text = error.format()
    assert text.startswith(str(tmp_path / where)), text
    assert message in text
    assert "^" in text  # the line, with a caret


def test_a_removed_rule_still_called_by_the_base_is_reported_at_the_base_line(tmp_path):
    path = variant(tmp_path, 'remove rule advance\n')
    text = errors_of(path).format()
    assert f"{tmp_path / 'base.pir'}:19:7: error: unknown rule 'advance'" in text  # in the base's play
    assert "      advance(p)" in text


def test_a_syntax_error_in_the_base_is_the_base_file_s(tmp_path):
    path = variant(tmp_path, "var x = 1\n", base=BASE.replace("rule bonus(p)", "rule bonus(p"))
    text = errors_of(path).format()
    assert text.startswith(f"{tmp_path / 'base.pir'}:13:")


@pytest.mark.parametrize("first, second, message", [
    ('extends "b.pir"\n', 'extends "a.pir"\n', "extend each other in a circle"),
    ('extends "a.pir"\n', None, "extend each other in a circle"),
    ('extends "missing.pir"\n', None, "cannot find the base game \"missing.pir\""),
    ('extends "glory_island"\n', None, "did you mean 'glory_islands'?"),
    ('var x = 1\nextends "b.pir"\n', BASE, "'extends' must be the file's first line"),
    ('extends "b.pir"\nextends "b.pir"\n', BASE, "a file extends one game only"),
    ('replace define stride = 2\n', None, "'replace' changes a base game, and this file has none"),
])
def test_what_is_wrong_with_an_extends_line(tmp_path, first, second, message):
    path = write(tmp_path, "a.pir", first)
    if second is not None:
        write(tmp_path, "b.pir", second)
    text = errors_of(path).format()
    assert message in text, text
    assert "Traceback" not in text


def test_the_check_command_names_the_base_file_and_line(tmp_path, capsys):
    path = variant(tmp_path, 'remove rule bonus\n')
    assert cli.main(["check", path]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'base.pir'}:26:7: error: unknown rule 'bonus'" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------- fingerprints


def test_fingerprints_ignore_spacing_and_comments_but_not_meaning():
    plain = decl(read_rules(BASE, "b.pir")[0], ast.RuleDecl, "advance")
    spaced = decl(read_rules(BASE.replace("rule advance(p) \"Advance\":", "# adds\nrule advance(p)   \"Advance\":"), "c.pir")[0],
                  ast.RuleDecl, "advance")
    changed = decl(read_rules(BASE.replace("p.total += stride", "p.total += stride + 1"), "b.pir")[0],
                   ast.RuleDecl, "advance")
    assert fingerprint(plain) == fingerprint(spaced) != fingerprint(changed)


def test_check_warns_when_a_replaced_declaration_of_the_base_has_changed(tmp_path):
    now = fingerprint(decl(read_rules(BASE, "base.pir")[0], ast.RuleDecl, "advance"))
    path = variant(tmp_path, f'replace "{now}" rule advance(p) "Advance":\n  p.total += 3 * stride\n')
    assert load_game(path).warnings == []
    (tmp_path / "base.pir").write_text(BASE.replace("p.total += stride", "p.total += stride * 2"), encoding="utf-8")
    warnings = [w.format() for w in load_game(path).warnings]
    assert len(warnings) == 1
    assert "the base's rule 'advance' has changed since this variant was written" in warnings[0]
    assert f'its fingerprint was "{now}"' in warnings[0]
    (tmp_path / "base.pir").write_text(BASE, encoding="utf-8")
    missing = write(tmp_path, "bare.pir", 'extends "base.pir"\n\nreplace rule advance(p) "Advance":\n  p.total += 3 * stride\n')
    [warning] = [w.format() for w in load_game(missing).warnings]
    assert "without its fingerprint" in warning and f'write: replace "{now}" rule ...' in warning


# ---------------------------------------------------------------- state, saves, cache


def test_a_variant_game_is_plain_data_and_follows_its_base(tmp_path):
    path = variant(tmp_path, 'replace define stride = 4\n')
    game = load_game(path)
    state = game.new_state(2, seed=3)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_json() == state.to_json()
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    # Given every file's text, a variant loads with no disk at all (a worker, an old save).
    _, source, _ = read_rules(Path(path).read_text(encoding="utf-8"), path)
    assert isinstance(source, dict) and list(source) == [path, str(tmp_path / "base.pir")]
    assert load_source(source, path).file_hash == game.file_hash
    # A changed base is a changed game: a new hash, and the cache does not give the old one back.
    (tmp_path / "base.pir").write_text(BASE.replace("var total per player = 0", "var total per player = 7"),
                                       encoding="utf-8")
    again = load_game(path)
    assert again.file_hash != game.file_hash
    assert again.new_state(2, seed=3).scores() == [7 + 2 * 4] * 2 and game.new_state(2, seed=3).scores() == [8, 8]
    game._reloadable = None
    assert not game.reloadable()  # a pickle of the old game carries its texts


def test_spans_of_the_base_keep_their_file_in_the_compiled_game(tmp_path):
    path = variant(tmp_path, 'var extra = 0\n', base=BASE.replace(
        "    for each p in players:\n      advance(p)",
        "    for each p in players:\n      p chooses n from [1, 2] \"How many\"\n      p.total += n"))
    game = load_game(path)
    assert {site.span.file for site in game.choices} == {str(tmp_path / "base.pir")}


# ---------------------------------------------------------------- printed rules and commands


def test_the_summary_says_what_the_variant_changes(tmp_path, capsys):
    now = fingerprint(decl(read_rules(BASE, "base.pir")[0], ast.DefineDecl, "stride"))
    gone = fingerprint(decl(read_rules(BASE, "base.pir")[0], ast.RuleDecl, "bonus"))
    path = variant(tmp_path, f'''game "Base, doubled":
  overview "Steps of 2."

replace "{now}" define stride = 2
remove "{gone}" rule bonus

replace final scoring:
  pass

power seed_pile "A token starts in the pile" after setup:
  create 1 token in pile

piece token
''')
    assert cli.main(["reference", path, "-o", "-"]) == 0
    out = capsys.readouterr().out
    summary, card = out.split("\n---\n")
    assert "## What this variant changes" in summary
    assert "These rules are Base (base.pir) with these changes:" in summary
    assert "- **Changed.** Stride: 2 (was 1)." in summary
    assert "- **Gone.** “Bonus” no longer happens." in summary
    assert "- **New.** P1 “A token starts in the pile”: After setup: Put a token in the pile." in summary
    assert "Then, P1 “A token starts in the pile” (under Powers)." in summary  # in Setup, where it acts
    assert "## Changes from Base" in card and "Stride: 2 (was 1)." in card


def test_every_command_takes_a_variant_file(tmp_path, capsys):
    path = variant(tmp_path, 'replace define stride = 2\n')
    base = str(tmp_path / "base.pir")
    for argv in (["check", path], ["simulate", path, "--games", "4", "--seed", "1"],
                 ["compare", base, path, "--games", "4", "--seed", "1"], ["perft", path, "--depth", "2"],
                 ["compile", path, "-o", str(tmp_path / "out.py")],
                 ["play", path, "--seat", "random", "--seat", "random", "--seed", "1"]):
        code = cli.main(argv)
        captured = capsys.readouterr()
        assert code == 0, (argv, captured.out, captured.err)
        assert "Traceback" not in captured.err


@pytest.mark.parametrize("path", SHIPPED_VARIANTS, ids=lambda p: p.stem)
def test_shipped_variants_check_clean_and_pass_their_examples(path, capsys):
    game = load_game(str(path))
    assert game.warnings == [], [w.format(game.source) for w in game.warnings]
    assert game.file.bases, "a shipped variant extends a game"
    assert cli.main(["test", str(path)]) == 0, capsys.readouterr().out
    capsys.readouterr()
    assert cli.main(["reference", str(path), "-o", "-"]) == 0
    assert "## What this variant changes" in capsys.readouterr().out


def test_source_lines_read_each_file_of_a_variant(tmp_path):
    lines = SourceLines({"a.pir": "one\ntwo", "b.pir": "three"})
    assert lines.line("a.pir", 2) == "two" and lines.line("b.pir", 1) == "three" and lines.line("c.pir", 1) == ""
    assert SourceLines("only\ntext").line("anything.pir", 2) == "text"


def test_the_adapters_take_a_variant_file(tmp_path):
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from pirdsl.adapters import openspiel, pettingzoo

    base = ROOT / "tests" / "classic" / "tic_tac_toe.pir"
    path = write(tmp_path, "noughts.pir", f'extends "{base}"\n\ngame "Noughts and crosses":\n  overview "The same."\n')
    game = openspiel.load(path, 2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert len(state.returns()) == 2
    environment = pettingzoo.env(path, 2)
    environment.reset(seed=1)
    for agent in environment.agent_iter(max_iter=500):
        observation, reward, terminated, truncated, info = environment.last()
        action = None if terminated or truncated else int(observation["action_mask"].nonzero()[0][0])
        environment.step(action)


def test_the_changes_alone_and_a_plain_file_has_none(capsys):
    assert cli.main(["reference", str(CASES / "extends_variant.pir"), "--kind", "changes", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Gem race: greedy hands: what this variant changes")
    assert "- **Changed.** Gem points table: 3 → 5 (was 6)." in out and "## Setup" not in out
    assert cli.main(["reference", str(CASES / "extends_base.pir"), "--kind", "changes", "-o", "-"]) == 1
    assert "is not a variant file" in capsys.readouterr().err
