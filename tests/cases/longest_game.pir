# `longest N decisions` in the header: the most decisions a game asks, promised by the author
# where the rules do not bound it themselves (here a `while` that ends on a roll). Programs that
# need the longest game in advance read it (tests/test_action_space.py checks that they do,
# and that a game which could be bounded from its rules is bounded without it).

game "Longest Game":
  players 2 to 2
  longest 40 decisions

die coin: 1, 2
var heads = 0

play:
  for each p in players:
    let tails = 0
    while tails == 0:
      p chooses n from [1, 2] "How many points for heads?"
      roll r on coin
      if r == 1:
        heads += n
      else:
        tails = 1

score p: heads

example "the header's promise changes nothing in play":
  players 2
  expect:
    heads == 0
