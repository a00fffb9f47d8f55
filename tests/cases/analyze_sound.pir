# A game with no planted flaw, for `pirdsl analyze` to flag nothing in (tests/test_analyze.py):
# every branch fires, which option is best depends on the roll, and the seats are alike.

game "Analyze: no flaws":
  players 2 to 2

die d3: 1, 2, 3

var gold per player = 0

play:
  rounds until max([p.gold for p in players]) >= 12:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Roll, then dig, dive or rest":
  roll r on d3
  p chooses how from ["dig", "dive", "rest"] "Rolled {r}: dig for {r}, dive for {4 - r} or rest for 2?"
  if how == "dig":
    p.gold += r
  elif how == "dive":
    p.gold += 4 - r
  else:
    p.gold += 2

score p: p.gold

example "resting is worth two gold":
  players 2 named ann, bo
  when:
    take_turn(ann)
  answers "rest"
  expect:
    ann.gold == 2
