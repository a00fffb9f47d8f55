# A turn of actions: `p acts "prompt" until "stop":` with groups `up to N times:`,
# `once:` and `once per round:`, each holding actions `"text" when condition:`.

game "Actions":
  players 2 to 2

var coins per player = 0
var steps per player = 0
var rests per player = 0
var shouts per player = 0

play:
  rounds until round_number == 2:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Up to 3 steps or coins, one rest, one shout a round":
  p acts "What next?" until "End the turn":
    up to 3 times:
      "Step":
        p.steps += 1
      "Take a coin" when p.coins < 2:
        p.coins += 1
    once:
      "Rest":
        p.rests += 1
    once per round:
      "Shout":
        p.shouts += 1

score p: p.coins

example "actions in any order, ending when the player chooses":
  players 2 named ann, bo
  when:
    take_turn(ann)
  answers "Rest", "Step", "End the turn"
  expect:
    ann.rests == 1
    ann.steps == 1
    ann.coins == 0

example "the budget is shared: after 3 steps or coins only the others are left":
  players 2 named ann, bo
  when:
    take_turn(ann)
  answers "Take a coin", "Step", "Take a coin (1 left)", "Shout", "Rest"
  expect:
    ann.coins == 2
    ann.steps == 1
    ann.shouts == 1
    ann.rests == 1

example "the labels of a budget say how many are left":
  players 2 named ann, bo
  when:
    take_turn(ann)
  answers "Step (3 left)", "Step (2 left)", "End the turn"
  expect:
    ann.steps == 2

example "an action whose condition fails is not offered":
  players 2 named ann, bo
  given:
    ann.coins = 2
  when:
    take_turn(ann)
  # "Take a coin" is not offered, so "Step" is the only action of its group.
  answers "Step", "End the turn"
  expect:
    ann.coins == 2
    ann.steps == 1

example "the turn ends by itself when nothing is left":
  players 2 named ann, bo
  given:
    ann.coins = 2
  when:
    take_turn(ann)
  answers "Step", "Step", "Step", "Rest", "Shout"
  expect:
    ann.steps == 3

example "once per round: a second turn in the same round offers no shout, the next round does":
  players 2 named ann, bo
  when:
    take_turn(ann)
    take_turn(ann)
  # The second turn: shouting is not offered, so "Shout" would not fit; resting is
  # (once is per turn).
  answers "Shout", "End the turn"
  answers "Rest", "End the turn"
  expect:
    ann.shouts == 1
    ann.rests == 1
