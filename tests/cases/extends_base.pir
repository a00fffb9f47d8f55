# The base game of extends_variant.pir: a race to collect gems, with rules, defines,
# a table, setup, final scoring and examples for the variant to add to, replace and remove.

game "Gem race":
  players 2 to 3
  overview "Draw gems from the bag; the most points win."
  goal "Have the most points after three rounds."

piece gem(value)
zone bag hidden
zone kept per player

var points per player = 0
var bonus_given = false internal

table gem_points:
  1 -> 1
  2 -> 3
  3 -> 6

define hand_size = 1
define worth(g) = gem_points[g.value]

setup:
  for each v in [1, 1, 2, 2, 3, 3, 1, 2, 3]:
    create 1 gem(v) in bag

play:
  rounds until round_number == 3:
    for each p in players:
      take_gems(p)

rule take_gems(p) "Take gems from the bag":
  repeat hand_size times:
    if count(bag) > 0:
      draw g from bag
      move g to p.kept

rule first_bonus() "The first player gains a point":
  players[0].points += 1
  bonus_given = true

score p: p.points

final scoring:
  for each p in players:
    p.points += sum([worth(g) for g in p.kept])
  first_bonus()

example "three rounds of one gem each":
  players 2 named ann, bo
  when:
    take_gems(ann)
  expect:
    count(ann.kept) == 1

example "a 3 is worth 6":
  given:
    create 1 gem(3) in players[0].kept
  expect:
    worth(first(players[0].kept)) == 6
