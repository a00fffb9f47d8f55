# Points that no statement of play makes, for `pirdsl analyze` (tests/test_analyze.py): a
# starting value (line 8), a setup line (line 12) and the round number the score reads (the
# rounds line, 15). Each is put down to its line, and nothing is left unexplained.

game "Analyze: points before and between the turns":
  players 2 to 2

var gold per player = 3

setup:
  for each p in players:
    p.gold += 1

play:
  rounds until round_number >= 4:
    for each p in players:
      p chooses n from [1, 2] "Take 1 or 2 gold"
      collect(p, n)

rule collect(p, n) "Take gold":
  p.gold += n

score p: p.gold + round_number

example "taking two gold after setup's one":
  players 2 named ann, bo
  when:
    collect(ann, 2)
  expect:
    ann.gold == 6
