"""The fixed action space and the observation encoding (interpreter/actions.py, interpreter/encoding.py).

Along random playouts of every game, player count and variant: every option gets a
number inside the space, different options different numbers, and taking a number
takes its option; the encoding has its fixed length and, like the observation, does
not change when two pieces a seat may not see trade places.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load_game, load_source
from interpreter.actions import SKIP, ActionSpace, ActionSpaceError
from interpreter.encoding import DEFAULT_MAX_GAME_LENGTH, ObservationEncoding, game_facts
from pirdsl.adapters.check import NOT_YET
from tests.test_secrets import LOADED, _configurations, _swapped

STEPS = 400  # moves per playout: enough to reach every kind of decision, quick enough for the suite


def _with_not_yet(configurations):
    """The configurations, those of games the adapters cannot play yet expected to fail as NOT_YET says."""
    for configuration in configurations:
        name = configuration.values[0]
        if f"games/{name}.pir" in NOT_YET:
            configuration = pytest.param(*configuration.values, id=configuration.id, marks=pytest.mark.xfail(
                raises=ActionSpaceError, strict=True, reason=NOT_YET[f"games/{name}.pir"]))
        yield configuration


@pytest.mark.parametrize("name, players, variants", list(_with_not_yet(_configurations())))
def test_actions_have_fixed_numbers_and_encodings_hide_what_they_should(name, players, variants):
    game = LOADED[name]
    space = ActionSpace(game, players, variants)
    encoding = ObservationEncoding(game, players, variants)
    state = game.new_state(players=players, seed=3, variants=variants)
    rng = random.Random(3)
    for step in range(STEPS):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = space.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(0 <= a < space.chance_size for a, _ in outcomes)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            numbers = space.decode(state)
            assert len(set(numbers.values())) == len(numbers)
            assert all(0 <= a < space.size for a in numbers)
            labels = state.action_labels()
            # Every option is one of the numbered ones or a look-alike of one (same label but the copy count).
            assert {labels[i].split(" (")[0] for i in numbers.values()} == {text.split(" (")[0] for text in labels}
            action = rng.choice(sorted(numbers))
            if step % 5 == 0:
                for seat in range(state.num_seats):
                    other = _swapped(state, seat, rng)
                    if other is not None:
                        assert encoding.encode(other, seat) == encoding.encode(state, seat)
                        if seat == state.current_player():
                            assert space.legal_actions(other) == space.legal_actions(state)
        vector = encoding.encode(state, max(state.current_player(), 0))
        assert len(vector) == encoding.size
        space.apply(state, action)


def _option_key(space, state, value):
    """What an option is, in the space's terms: look-alike pieces are one thing, a list is its things."""
    if value.__class__ in (list, tuple) and value:
        return tuple(_option_key(space, state, item) for item in value)
    return space.atom_of(state, value)


CLASSIC = {path.stem: load_game(str(path)) for path in sorted((Path(__file__).parent / "classic").glob("*.pir"))}


def _with_classics(configurations):
    """The shipped games' configurations, then each classic game's at every player count."""
    yield from configurations
    for name, game in CLASSIC.items():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(name, players, [], id=f"classic-{name}-{players}")


@pytest.mark.parametrize("name, players, variants", list(_with_classics(_with_not_yet(_configurations()))))
def test_every_option_keeps_its_own_number_inside_the_space_along_random_playouts(name, players, variants):
    """Per statement, an option has one number in every state; two options of a state never share one."""
    game = LOADED.get(name) or CLASSIC[name]
    space = ActionSpace(game, players, variants)
    seen: dict = {}  # (kind, site, option) -> its number, the same wherever it comes back
    for seed in (5, 17):
        state = game.new_state(players=players, seed=seed, variants=variants)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if state.is_terminal():
                break
            pending = state.pending
            if state.is_chance():
                outcomes = space.chance_outcomes(state)
                numbers = [number for number, _ in outcomes]
                assert len(set(numbers)) == len(numbers) and all(0 <= n < space.chance_size for n in numbers)
                for value in pending[2]:
                    number = space.number(state, value, chance=True)
                    assert number in numbers
                    assert seen.setdefault(("chance", pending[1], _option_key(space, state, value)), number) == number
                    assert state.pending[2][space.chance_index(state, number)] is not None
                action = rng.choices(numbers, [p for _, p in outcomes])[0]
            else:
                decoded = space.decode(state)
                values = list(pending[3]) + ([None] if state.program.skips[pending[1]] else [])
                keys = set()
                for index, value in enumerate(values):
                    skip = index >= len(pending[3])
                    key = ("skip",) if skip else _option_key(space, state, value)
                    number = space.number(state, SKIP if skip else value)
                    assert 0 <= number < space.size and space.describe(number)
                    assert seen.setdefault(("choice", pending[1], key), number) == number
                    # The number takes back this option, or the first look-alike of it.
                    first = decoded[number]
                    assert first == index or (not skip and _option_key(space, state, values[first]) == key)
                    keys.add(key)
                assert len(decoded) == len(keys)  # different options, different numbers
                action = rng.choice(sorted(decoded))
            space.apply(state, action)


def test_facts_tell_chance_hidden_information_and_automa_seats():
    glory = game_facts(LOADED["glory_islands"], 2)
    assert glory.automa_seats == (2,) and glory.players == 2 and not glory.constant_sum
    assert glory.chance and not glory.perfect_information
    assert game_facts(LOADED["glory_islands"], 3).automa_seats == ()


NUMBERS = """
game "Pick":
  players 2 to 2

play:
  rounds:
    for each p in players:
      p chooses n from range(1, 3 + (1 - p.index) * 10) "Pick a number"
      end game
"""


def test_an_option_outside_the_space_stops_with_one_line_naming_the_statement():
    game = load_source(NUMBERS, "pick.pir")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2)
    with pytest.raises(ActionSpaceError, match=r"pick.pir:\d+: it offers 11, but the fixed action space"):
        space.legal_actions(state)


# Options of single things, read through a define, a let and a comprehension over a zone.
SINGLES = """
game "Singles":
  players 2 to 2

piece stone
zone pile
var taken per player = 0

define stones = [s for s in pile]

setup:
  create 3 stone in pile

play:
  for each p in players:
    let choices = ["take", "leave"] + [player_count]
    p chooses how from choices "Take a stone?"
    p chooses s from stones "Which one?"
    draw d from pile
    move d to pile
"""


SCOPED = """
game "Scoped":
  players 2 to 2

piece stone
piece gem
zone pile
zone vault

setup:
  create 3 stone in pile
  create 2 gem in vault

play:
  for each p in players:
    take_one(p)
    plan(p)

rule take_one(p) "Take a stone":
  let a = 7
  p chooses s from [x for x in pile] "Which stone?"
  move s to vault
  log "{a}"

rule plan(p) "Plan a leg":
  let a = "far"
  p chooses leg from [[d, 2, k] for d in [0, 1, 2] for k in range(1, 3)] "Which leg?"
  p chooses word from [a, "near"] "Where to?"
"""


def test_a_statement_numbers_only_what_it_can_offer():
    # `a` of one rule is not `a` of the other; the pile holds stones only (gems never go there);
    # a leg is numbered by what each of its three places can hold: 3 directions, one length, the steps.
    space = ActionSpace(load_source(SCOPED, "scoped.pir"), 2)
    assert space.compact and space.notes == []
    assert [atom for atom in space.atoms if atom[0] != "piece"] == [("name", "far"), ("name", "near")]
    assert {atom[1] for atom in space.atoms if atom[0] == "piece"} == {"stone"}
    assert space.breakdown()[:3] == ["scoped.pir:21 choice: piece stone",
                                     "scoped.pir:27 choice: [number 0 or number 1 or number 2, number 2, number 1 to 3]",
                                     "scoped.pir:28 choice: name far; name near"]
    [legs] = space.decisions.blocks
    assert legs.sizes[:2] == [3, 1] and space.size == space.atom_count + legs.size
    state = load_source(SCOPED, "scoped.pir").new_state(players=2, seed=1)
    while not state.is_terminal():
        if state.is_chance():
            space.apply(state, space.chance_outcomes(state)[0][0])
        else:
            actions = space.legal_actions(state)
            assert len(actions) == state.num_actions()
            space.apply(state, actions[-1])


@pytest.mark.parametrize("options, pairs", [
    ("stones", False),                  # pieces, through a define
    ("[[1, 2], [2, 1]]", True),         # lists, written out
    ("[[x, 1] for x in [1, 2]]", True),  # lists, built
    ("plans(p)", True),                 # a define's parameter may be anything: counted as a list
])
def test_pairs_are_numbered_only_when_an_option_may_be_a_list(options, pairs):
    source = SINGLES.replace('p chooses s from stones', f'p chooses s from {options}')
    source += "\ndefine plans(q) = [q.taken, [q.taken]]\n"
    space = ActionSpace(load_source(source, "singles.pir"), 2)
    assert space.pairs is pairs
    # Lists are numbered in blocks, each by what every place of a list of one length may hold.
    numbering = space.decisions
    assert space.size == space.atom_count + sum(block.size for block in numbering.blocks)
    assert bool(numbering.blocks) is pairs
    state = load_source(source, "singles.pir").new_state(players=2, seed=1)
    while not state.is_terminal():  # every option and outcome has its number in the space
        if state.is_chance():
            space.apply(state, space.chance_outcomes(state)[0][0])
        else:
            space.apply(state, space.legal_actions(state)[-1])


@pytest.mark.parametrize("path, size, outcomes", [
    ("tests/classic/kuhn_poker.pir", 2, 3),     # pass, bet; the three cards (as OpenSpiel's kuhn_poker)
    ("tests/classic/leduc_poker.pir", 3, 6),    # fold, call, raise; the six cards (as leduc_poker)
    ("tests/classic/liars_dice.pir", 13, 6),    # liar (0) and the twelve bids; the six faces (as liars_dice)
    ("tests/classic/tic_tac_toe.pir", 9, 0),    # the nine squares
    ("tests/classic/connect_four.pir", 7, 0),  # the columns
])
def test_games_of_single_things_have_only_what_their_statements_offer_as_actions(path, size, outcomes):
    game = load_game(path)
    space = ActionSpace(game, 2)
    assert space.compact and not space.pairs and space.size == space.atom_count == size
    assert space.chance_size == outcomes
    assert space.notes == []


def test_names_are_numbered_in_the_order_the_file_writes_them_as_openspiel_numbers_its_pokers():
    kuhn = ActionSpace(load_game("tests/classic/kuhn_poker.pir"), 2)
    assert [kuhn.describe(action) for action in range(kuhn.size)] == ["name pass", "name bet"]
    assert [kuhn.describe(outcome, chance=True) for outcome in range(kuhn.chance_size)] == ["card 0", "card 1", "card 2"]
    leduc = ActionSpace(load_game("tests/classic/leduc_poker.pir"), 2)
    assert [leduc.describe(action) for action in range(leduc.size)] == ["name fold", "name call", "name raise"]


def test_tic_tac_toe_numbers_its_squares_row_by_row_the_same_in_every_state():
    game = load_game("tests/classic/tic_tac_toe.pir")
    space = ActionSpace(game, 2)
    state = game.new_state(players=2)
    squares = [space.describe(action) for action in range(space.size)]
    assert space.legal_actions(state) == list(range(9))
    assert [state.world.zones[int(text.split()[1])].row for text in squares] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    space.apply(state, 4)  # the centre
    assert space.legal_actions(state) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert space.describe(8) == squares[8]


# An option built by a built-in the reading has no rule for: the widest numbering, and a note.
UNFOLLOWED = """
game "Unfollowed":
  players 2 to 2

board grid: grid 2 by 2
  layer number:
    "1 2"
    "3 4"

play:
  for each p in players:
    p chooses d from [direction_to(at(grid, 0, 0), at(grid, 1, 1)), "stay"] "Which way?"
    p chooses n from [1, 2] "How far?"
"""


def test_options_the_reading_cannot_follow_get_the_widest_numbering_and_a_note():
    game = load_source(UNFOLLOWED, "unfollowed.pir")
    space = ActionSpace(game, 2)
    assert not space.compact
    assert space.notes == ["unfollowed.pir:12: what direction_to(...) gives: so every option has a number of "
                           "the widest space"]
    state = game.new_state(players=2)
    while not state.is_terminal():  # every option still has its number
        space.apply(state, space.legal_actions(state)[0])


HIDDEN_STRENGTH = """
game "Hidden strength":
  players 2 to 2

kind colour: red, blue
piece token(colour)
var strength per token = 1
zone bag hidden
zone hand per player owner
zone table

setup:
  create 1 token(red) in bag
  for each p in players:
    create 1 token(blue) in p.hand
  create 1 token(red) in table

play:
  rounds:
    for each p in players:
      p chooses n from [1, 2] "Pick a number"
      end game
"""


def test_a_piece_variable_is_in_the_tensor_only_for_the_seats_that_see_the_piece():
    game = load_source(HIDDEN_STRENGTH, "hidden.pir")
    encoding = ObservationEncoding(game, 2)
    state = game.new_state(players=2)
    bagged, ann_hand, bo_hand, on_table = (piece.id for piece in state.pieces)

    def stronger(piece_id: int):
        other = state.clone()
        other.piece_vars[(piece_id, "strength")] = 7
        return other

    # In the bag nobody sees it; in Ann's hand only Ann; on the table everyone.
    for seat in (0, 1):
        assert encoding.encode(stronger(bagged), seat) == encoding.encode(state, seat)
        assert (encoding.encode(stronger(on_table), seat) != encoding.encode(state, seat))
    assert encoding.encode(stronger(ann_hand), 1) == encoding.encode(state, 1)
    assert encoding.encode(stronger(ann_hand), 0) != encoding.encode(state, 0)
    assert encoding.encode(stronger(bo_hand), 0) == encoding.encode(state, 0)
    assert 7.0 in encoding.encode(stronger(on_table), 1)


MADE_IN_PLAY = """
game "Made in play":
  players 2 to 2

piece chip(value)
zone pool

play:
  for each p in players:
    p chooses n from [1, 2] "Pick the value of your chips"
    repeat 2 times:
      create 1 chip(n) in pool
  for each p in players:
    p chooses c from pool "Take a chip"
"""

ENDLESS = """
game "Endless":
  players 2 to 2

piece chip(value)
zone pool

play:
  while count(pool) < 3:
    create 1 chip(1) in pool
  rounds:
    for each p in players:
      p chooses c from pool "Take a chip"
      end game
"""


def test_pieces_made_during_play_are_counted_from_the_rules_or_said_to_have_no_bound():
    made = load_source(MADE_IN_PLAY, "made.pir")
    space = ActionSpace(made, 2)
    assert space.piece_bounds == {"chip": 4} and space.notes == []
    state = made.new_state(players=2)
    space.apply(state, space.number(state, 1))
    space.apply(state, space.number(state, 2))
    # Both of Ann's chips are alike and in one place: one action, chip 0; Bo's are chip 2.
    assert [space.describe(a) for a in space.legal_actions(state)] == ["chip 0", "chip 2"]
    endless = load_source(ENDLESS, "endless.pir")
    space = ActionSpace(endless, 2)
    assert "chip" not in space.piece_bounds
    assert space.notes == ["endless.pir:9: a 'while' has no bound (one that counts a number down to 0 has): "
                           "so the chip pieces made during play have no action numbers"]
    state = endless.new_state(players=2)
    with pytest.raises(ActionSpaceError, match=r"endless.pir:\d+: it offers a chip, and the fixed action space "
                                               r"cannot count the chip pieces: endless.pir:9: a 'while'"):
        space.legal_actions(state)


ROUNDS = """
game "Three rounds":
  players 2 to 2

var total = 0

play:
  rounds until round_number >= 3:
    for each p in players:
      p chooses n from [1, 2] "Add a number"
      total += n
      let left = 2
      while left > 0:
        p chooses m from [1, 2] "Count down" optional "Stop"
        left -= 1

score p: total
"""


def test_the_longest_game_is_derived_from_the_rules_or_declared_or_a_cap():
    facts = game_facts(load_source(ROUNDS, "rounds.pir"), 2)
    # 3 rounds, 2 players, 1 + 2 decisions each.
    assert (facts.max_game_length, facts.max_game_length_source) == (18, "derived")
    declared = game_facts(load_source(Path("tests/cases/longest_game.pir").read_text(), "longest.pir"), 2)
    assert (declared.max_game_length, declared.max_game_length_source) == (40, "declared")
    assert declared.max_game_length_why == "longest.pir:16: a 'while' has no bound (one that counts a number down to 0 has)"
    # Tic-tac-toe declares its nine; without that line its endless rounds leave only the cap.
    text = Path("tests/classic/tic_tac_toe.pir").read_text()
    assert "  longest 9 decisions\n" in text
    assert game_facts(load_game("tests/classic/tic_tac_toe.pir"), 2).max_game_length == 9
    capped = game_facts(load_source(text.replace("  longest 9 decisions\n", ""), "tic_tac_toe.pir"), 2)
    assert (capped.max_game_length, capped.max_game_length_source) == (DEFAULT_MAX_GAME_LENGTH, "cap")


CELLS = """
game "Stones":
  players 2 to 2

piece stone(owner)
zone pool per player
board grid: grid 2 by 2
  layer number:
    "1 2"
    "3 4"

rule take_turn(p) "Place every stone, then pass over every stone on a square":
  let waiting = [s for s in p.pool]
  while count(waiting) > 0:
    p chooses s from waiting "Place a stone"
    waiting = [w for w in waiting where w != s]
    p chooses c from cells(grid) "Where?"
    move s to c
  for each square in distinct([where(s) for s in all_pieces(cells(grid))]):
    look_at(square)

rule look_at(square) "Look at the stones on a square":
  for each s in square:
    p_of(s) chooses n from [1, 2] "Count it?"

define p_of(s) = s.owner

setup:
  for each p in players:
    create 2 stone(p) in p.pool

play:
  for each p in players:
    take_turn(p)

score p: 0
"""


def test_a_list_filtered_from_itself_and_a_loop_over_cells_are_bounded():
    # `waiting` only loses elements; each square holds at most the 4 stones there are, and a
    # `for each` over a rule's parameter is bounded by the lists its callers go over.
    facts = game_facts(load_source(CELLS, "stones.pir"), 2)
    # Per player: the loop over `waiting` (at most 4 pieces: 2 questions each) and at most
    # 4 squares of at most 4 stones, one question each.
    assert facts.max_game_length_source == "derived", facts.max_game_length_why
    assert facts.max_game_length == 2 * (4 * 2 + 4 * 4)
    assert game_facts(load_game("games/decks_of_glory.pir"), 2).max_game_length_source == "derived"


@pytest.mark.parametrize("name, players, variants", list(_configurations()))
def test_random_playouts_stay_within_the_longest_game(name, players, variants):
    game = LOADED[name]
    space = ActionSpace(game, players, variants)
    facts = game_facts(game, players, variants, space)
    for seed in range(2):
        state = game.new_state(players=players, seed=seed, variants=variants)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance()
            else:
                decisions += 1
                state.apply_action(rng.randrange(len(state.legal_actions())))
            assert decisions <= facts.max_game_length, f"{name}: past the {facts.max_game_length_source} bound"
