# Branches only some numbers of players can fire, for `pirdsl analyze` (tests/test_analyze.py): what only
# another count, parameter value or automaton (it plays only at 2) can reach is listed as not reachable at
# that count, never as dead. Line 45, a roll of 4 on a d3, is the one branch dead at every count.

game "Analyze: player counts":
  players 2 to 4

automa rival "The Rival" when player_count == 2

param goal = 10 from 5 to 20 "gold that ends the game"

die d3: 1, 2, 3

var gold per player = 0

#: three players or more
define crowded = player_count >= 3
#: a goal above 15 (twice it is over 30)
define big_goal = goal * 2 > 30

play:
  rounds until max([p.gold for p in players]) >= goal:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Roll and take the gold":
  roll r on d3
  if automa(p):
    rival_turn(p, r)
  else:
    p.gold += r
  if crowded:
    p.gold += 1
  elif player_count == 2:
    p.gold += 2
  else:
    log "Never: two players or more always play."
  if big_goal:
    p.gold += 3
  if player_count + r > 4:
    p.gold += 1

rule rival_turn(p, r) "The Rival takes double":
  p.gold += 2 * r
  if r == 4:
    p.gold += 100

score p: p.gold

example "a roll pays its value":
  players 2 named ann, bo
  when:
    take_turn(ann)
  expect:
    ann.gold >= 1
