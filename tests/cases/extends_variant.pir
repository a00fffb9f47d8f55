# A variant file on extends_base.pir: it adds, replaces and removes declarations of its
# base, adds steps to its setup and final scoring with powers, and keeps, replaces and
# removes the base's examples.
extends "extends_base.pir"

game "Gem race: greedy hands":
  overview "Draw two gems a round; 3s are worth 5."

# Added: a variable and a rule of the variant's own.
var greed per player = 0

rule count_greed(p) "Count the gems taken":
  p.greed = count(p.kept)

# Replaced: the fingerprints are the base's declarations as this variant was written.
replace "a102b3e5" define hand_size = 2

replace "34a40f43" table gem_points:
  1 -> 1
  2 -> 3
  3 -> 5

# Removed: the variant gives no first-player bonus, so nothing may call the rule.
remove "29ea60f6" rule first_bonus
remove "ceec73ce" var bonus_given

replace "81ad3135" final scoring:
  for each p in players:
    p.points += sum([worth(g) for g in p.kept])

power salted_bag "A fourth 3 goes in the bag" after setup:
  create 1 gem(3) in bag

power greed_counted "Greed is counted before the gems score" before final scoring:
  for each p in players:
    count_greed(p)

replace "df67ba2a" example "a 3 is worth 6":
  given:
    create 1 gem(3) in players[0].kept
  expect:
    worth(first(players[0].kept)) == 5

remove "90586495" example "three rounds of one gem each"

example "the powered setup puts ten gems in the bag":
  expect:
    count(bag) == 10

example "two gems a round":
  players 2 named ann, bo
  when:
    take_gems(ann)
  expect:
    count(ann.kept) == 2

example "greed is counted and the first player gains no bonus":
  players 2 named ann, bo
  when:
    take_gems(ann)
    end game
  expect:
    ann.greed == 2
    ann.points == sum([worth(g) for g in ann.kept])
