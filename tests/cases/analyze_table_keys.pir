# Table rows only some settings can reach, for `pirdsl analyze` (tests/test_analyze.py). `start_gold`
# is looked up by a seat's number: the Rival plays at 2 players only, so there are 3 seats at 2 and
# 3 players and row 3 is out of reach there; no count has a tenth seat, so row 9 is dead at every
# count. `goal_bonus` is looked up by a parameter, `pace` by a variant, `roll_bonus` by a roll (any
# of its rows may come up, so all are counted).

game "Analyze: table keys":
  players 2 to 4

automa rival "The Rival" when player_count == 2

variant fast "Every turn pays the second pace"

param goal = 10 from 10 to 20 "gold that ends the game"

die d3: 1, 2, 3

var gold per player = 0

#: The gold each seat starts with, by its place at the table from 0.
table start_gold:
  header "Seat" -> "Gold"
  0 -> 1
  1 -> 2
  2 -> 3
  3 -> 4
  9 -> 5

#: The gold every turn pays beside the roll, by the goal.
table goal_bonus:
  header "Goal" -> "Gold"
  10 -> 1
  20 -> 2

#: The gold every turn pays for the pace: the first, or the second with the fast variant.
table pace:
  header "Pace" -> "Gold"
  1 -> 0
  2 -> 1

#: The gold a roll pays.
table roll_bonus:
  header "Roll" -> "Gold"
  1 -> 1
  2 -> 2
  3 -> 3

#: 2 with the fast variant, else 1
define pace_now = 2 if variant fast else 1

setup:
  #: Each seat takes its starting gold.
  for each p in players:
    p.gold += start_gold[p.index]

play:
  rounds until max([p.gold for p in players]) >= goal:
    for each p in players:
      #: Roll a die and take the gold of the roll, of the goal and of the pace.
      roll r on d3
      p.gold += roll_bonus[r] + goal_bonus[goal] + pace[pace_now]

score p: p.gold

example "the first seat starts with 1 gold":
  players 2 named ann, bo
  expect:
    ann.gold == 1
