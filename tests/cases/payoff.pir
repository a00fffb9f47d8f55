# `payoff p: expr` says what each player is paid when the game ends (State.returns());
# without it the winners share 1. `zero-sum`, `constant-sum N` or `general-sum` says
# how the payments add up, and `from A to B` bounds each one; a finished game that
# breaks either promise is an error, so every example below also checks them.
# tests/test_payoff.py checks the returns themselves and the errors.

game "Payoff":
  players 2 to 3

var chips per player = 5
var stake per player = 0
var pot = 0

play:
  betting_round()

rule betting_round:
  for each p in players:
    p chooses bet from [1, 2] "How much do you stake?"
    p.stake = bet
    p.chips -= bet
    pot += bet
  let best = max([p.stake for p in players])
  let takers = [p for p in players where p.stake == best]
  for each p in takers:
    p.chips += pot / count(takers)
  pot = 0

define winnings(p) = p.chips - 5

score p: p.chips
payoff p zero-sum from -2 to 4: winnings(p)

example "the highest stake takes the pot, and the payments add up to 0":
  players 2 named anna, bob
  when:
    betting_round()
  answers 2, 1
  expect:
    winnings(anna) == 1
    winnings(bob) == -1

example "a tie splits the pot, in exact fractions":
  players 3 named anna, bob, cleo
  when:
    betting_round()
  answers 2, 2, 1
  expect:
    winnings(anna) == 1 / 2
    winnings(bob) == 1 / 2
    winnings(cleo) == -1
