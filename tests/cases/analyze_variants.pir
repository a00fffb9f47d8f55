# Branches that only a variant can make fire, read through defines, for `pirdsl analyze`
# (tests/test_analyze.py): played without its variants, none of them may be called dead.
# The branch of line 32 is the one real dead branch: a roll of 4 on a d3.

game "Analyze: variants through defines":
  players 2 to 2

variant storm "A roll of 3 is a storm: it pays nothing"
variant calm "Every roll pays one more"

die d3: 1, 2, 3

var gold per player = 0

define is_storm(r) = variant storm and r == 3
define stormy(r) = is_storm(r) or (variant storm and r == 4)
define bonus = 1 if variant calm else 0

play:
  rounds until max([p.gold for p in players]) >= 10:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Roll and take the gold":
  roll r on d3
  pay(p, r)

rule pay(p, r) "Take the gold a roll pays":
  if stormy(r):
    log "A storm: no gold."
  elif r == 4:
    p.gold += 100
  elif not variant calm:
    p.gold += r
  else:
    p.gold += r + bonus
  if bonus + r > 5:
    p.gold += 1

score p: p.gold

example "a roll pays its value":
  players 2 named ann, bo
  when:
    pay(ann, 2)
  expect:
    ann.gold == 2
