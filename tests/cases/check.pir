# `check condition "text"`: a true condition does nothing; a false one stops with an error
# naming the line, with the text filled in like any text (tested in tests/test_engine_api.py).

game "Check":
  players 1 to 2

piece card
zone hand
var n = 0

setup:
  create 2 card in hand
  check count(hand) == 2 "setup deals two cards"

play:
  check n == 0
  check count(hand) > 5 "the hand has more than five cards"

example "checks that hold let play go on":
  when:
    check true
    check count(hand) == 2 "two cards"
    n += 1
    check n == 1 "n went up"
    check n < 2 "n is {n}, and {count(hand)} cards are in the hand"
    n += 1
  expect:
    n == 2
