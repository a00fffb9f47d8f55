# Worked examples themselves: players (default: the fewest the game allows), named players,
# seed, variants, the round and phase they start in, given and when blocks, answers in order
# (a question with only its skip option may take its skip text), expect lines.

game "Examples":
  players 2 to 4

piece token(value)
zone bag
zone out

var order = []

variant extra "One more token"

setup:
  for each v in [1, 2, 3, 4, 5, 6, 7, 8]:
    create 1 token(v) in bag
  if variant extra:
    create 1 token(9) in bag
  order = order + ["setup"]

play:
  pass

rule late_rounds():
  rounds until round_number == 7:
    order = order + [round_number]

example "without a players line the example has the fewest players allowed":
  expect:
    count(players) == 2
    player_count == 2

example "players can be counted and named; names become locals":
  players 4 named ann_marie, bob, cleo, dan
  expect:
    count(players) == 4
    players[0] == ann_marie
    ann_marie.name == "Ann Marie"
    dan.index == 3

example "naming fewer players than play leaves the rest with their seat names":
  players 3 named anna
  expect:
    players[0] == anna
    players[1].name == "Player 2"

example "setup runs first, then given, then when":
  given:
    order = order + ["given"]
  when:
    order = order + ["when"]
  expect:
    order == ["setup", "given", "when"]

example "locals from given are seen by when and by expect":
  given:
    let a = 2
  when:
    let b = a * 3
  expect:
    a == 2
    b == 6

example "answers are used in order, one per decision":
  players 2 named anna, bob
  when:
    anna chooses x from [1, 2, 3]
    bob chooses y from [1, 2, 3]
    anna chooses z from ["a", "b"]
  answers 2, 3, "b"
  expect:
    [x, y, z] == [2, 3, "b"]

example "answers may be worked out, and may name a player":
  players 3 named anna, bob, cleo
  when:
    anna chooses target from [bob, cleo]
    bob chooses n from [1, 2, 3]
  answers cleo, 1 + 2
  expect:
    target == cleo
    n == 3

example "several answers lines add up":
  players 2 named anna, bob
  when:
    anna chooses x from [1, 2, 3]
    bob chooses y from [1, 2, 3]
  answers 3
  answers 1
  expect:
    [x, y] == [3, 1]

example "variants are chosen for the example":
  variants extra
  expect:
    count(bag) == 9

example "an example may set the seed that settles its chance events":
  seed 1
  when:
    repeat 3 times:
      draw t from bag
      move t to out
  expect:
    count(out) == 3
    count(bag) == 5

example "chance events are settled by the generator and take no answers":
  when:
    draw t from bag
    move t to out
  expect:
    count(out) == 1

example "an example starts in round 0 unless it says otherwise":
  expect:
    round_number == 0

example "an example may start in a later round and phase":
  round 5
  phase "Play"
  given:
    order = []
  when:
    late_rounds()
  expect:
    order == [6, 7]
    round_number == 7

example "a question with only its skip option may take its skip text as an answer":
  players 2 named anna, bob
  when:
    anna chooses x from [t for t in out] "Take a token back" optional "Leave it"
    bob chooses y from [1, 2] "Pick"
  answers "Leave it", 2
  expect:
    x == none
    y == 2

example "or it passes by itself, and the next answer goes to the next question":
  players 2 named anna, bob
  when:
    anna chooses x from [t for t in out] "Take a token back" optional "Leave it"
    bob chooses y from [1, 2] "Pick"
  answers 2
  expect:
    y == 2
