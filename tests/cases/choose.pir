# Decisions: `p chooses x from options "prompt" labelled label optional "skip text"`.

game "Choose":
  players 2 to 3

kind fruit: apple, banana, cherry
piece card(value) labelled "card {value}"
zone hand per player owner
zone table

var picked per player = none

setup:
  for each p in players:
    create 1 card(1) in p.hand
    create 1 card(2) in p.hand
    create 1 card(3) in p.hand

play:
  for each p in players:
    p chooses c from p.hand "Play a card"
    move c to table

define skip_words(p) = "Not now, {p.name}" if count(p.hand) > 0 else "Not now"

rule pick(p, options):
  p chooses x from options "Pick one"
  p.picked = x

rule pick_or_skip(p, options):
  p chooses x from options "Pick one, or not" optional
  p.picked = x

example "answers by number are 1-based, in the order of the options":
  players 2 named anna, bob
  when:
    pick(anna, [10, 20, 30])
    pick(bob, [10, 20, 30])
  answers 3, 1
  expect:
    anna.picked == 30
    bob.picked == 10

example "answers by label text: exact, any case, or a part that names one option":
  players 2 named anna, bob
  when:
    anna chooses first_pick from fruit
    bob chooses second_pick from fruit
    anna chooses third_pick from [apple, banana]
  answers "Cherry", "nan", "APPLE"
  expect:
    first_pick == cherry
    second_pick == banana
    third_pick == apple

example "an exact label wins over a part of a longer label":
  players 2 named anna, bob
  when:
    pick(anna, ["card", "card game"])
  answers "card"
  expect:
    anna.picked == "card"

example "labelled: options are shown (and answered) by their label":
  players 2 named anna, bob
  when:
    anna chooses n from [1, 2, 3] "How many?" labelled "take {n * 100}"
    anna.picked = n
  answers "take 200"
  expect:
    anna.picked == 2

example "pieces in a zone are options, named by their labels":
  players 2 named anna, bob
  when:
    anna chooses c from anna.hand "Play a card"
    move c to table
  answers "card 2"
  expect:
    [x.value for x in table] == [2]
    [x.value for x in anna.hand] == [1, 3]

example "players are options, named by their names":
  players 3 named anna, bob, cleo
  when:
    pick(anna, [bob, cleo])
  answers "Cleo"
  expect:
    anna.picked == cleo

example "a single option is taken without asking":
  players 2 named anna, bob
  when:
    pick(anna, [42])
    pick(bob, [c for c in bob.hand where c.value == 3])
  expect:
    anna.picked == 42
    bob.picked.value == 3

example "optional: a single option is still asked, since skipping is an option too":
  players 2 named anna, bob
  when:
    pick_or_skip(anna, [42])
    pick_or_skip(bob, [42])
  answers 1, 2
  expect:
    anna.picked == 42
    bob.picked == none

example "optional: the skip option comes last and is labelled Skip":
  players 2 named anna, bob
  when:
    pick_or_skip(anna, [1, 2])
  answers "skip"
  expect:
    anna.picked == none

example "optional with its own skip text":
  players 2 named anna, bob
  given:
    anna.picked = 5
  when:
    anna chooses x from [1, 2] "Spend?" optional "Keep my coins"
    anna.picked = x
  answers "keep my coins"
  expect:
    anna.picked == none

example "optional: the skip text is filled in like any text, and may be any expression":
  players 2 named anna, bob
  when:
    anna chooses x from [1, 2] "Spend?" optional "Keep {count(anna.hand)} cards"
    bob chooses y from [1, 2] "Spend?" optional skip_words(bob)
    anna chooses z from [1, 2] "Spend?" optional "Keep one" if count(anna.hand) == 1 else "Keep them all"
  answers "keep 3 cards", "not now, bob", "keep them all"
  expect:
    x == none
    y == none
    z == none

example "optional with nothing to choose from: none, and nobody is asked":
  players 2 named anna, bob
  given:
    anna.picked = 5
  when:
    pick_or_skip(anna, [])
    pick_or_skip(bob, [c for c in bob.hand where c.value > 9])
  expect:
    anna.picked == none
    bob.picked == none

example "identical options are one: equal values, or identical pieces in one zone":
  players 2 named anna, bob
  given:
    move first(bob.hand) to anna.hand
  when:
    anna chooses v from [1, 1, 2, 1]
    anna chooses c from [x for x in anna.hand where x.value == 1]
    bob chooses w from [7, 7]
  answers 2
  expect:
    v == 2
    c == first(anna.hand)
    w == 7

example "identical pieces in different zones stay separate options":
  players 2 named anna, bob
  when:
    anna chooses c from [first(anna.hand), first(bob.hand)]
  answers 2
  expect:
    c == first(bob.hand)

example "the play block asks each player in turn":
  players 2 named anna, bob
  when:
    for each p in players:
      p chooses c from p.hand "Play a card"
      move c to table
  answers 2, 3
  expect:
    [x.value for x in table] == [2, 3]
    count(anna.hand) == 2
    count(bob.hand) == 2
