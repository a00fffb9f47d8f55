# Kuhn poker (H. W. Kuhn, 1950), written in pirdsl from its well-known rules.
#
# A poker small enough to solve exactly: three cards, one each, one bet. Its value is
# known: with both players playing an equilibrium, the first player loses 1/18 of a
# chip a game on average. tests/test_kuhn.py solves this file with OpenSpiel's own
# CFR through pirdsl.adapters.openspiel and checks that figure, and that the game
# tree and information states are those of OpenSpiel's kuhn_poker.

game "Kuhn poker":
  players 2 to 2
  credits "H. W. Kuhn, 1950."
  overview "Each player antes one chip and is dealt one card of a Jack, a Queen and a King. The first player may pass or bet one chip; a bet must be called or folded, and a pass may be answered with a bet."
  goal "Win the pot: the higher card takes it at the showdown, and a player who folds loses it."

# ---------------------------------------------------------------- components

table rank_name:
  1 -> "Jack"
  2 -> "Queen"
  3 -> "King"

piece card(rank) labelled "{rank_name[rank]}"

zone deck hidden                   # the undealt card
zone hand per player owner         # each player sees only their own card

var paid per player = 1            # chips a player has put in the pot: the ante is 1
var folded = none                  # the player who folded, if one did
var winner = none                  # who takes the pot, once the hand is over

#: the pot
define pot = sum([p.paid for p in players])
#: {p}'s card
define rank_of(p) = first(p.hand).rank
#: {p}'s winnings
define net(p) = pot - p.paid if p == winner else -p.paid

# ---------------------------------------------------------------- setup

setup:
  for each r in [1, 2, 3]:
    create 1 card(r) in deck

# ---------------------------------------------------------------- play

play:
  for each p in players:
    draw c from deck
    move c to p.hand
  let opener = players[0]
  let responder = players[1]
  opener chooses opening from ["pass", "bet"] "Pass or bet?"
  if opening == "bet":
    opener.paid += 1
    answer_bet(responder)
  else:
    responder chooses reply from ["pass", "bet"] "Pass or bet?"
    if reply == "bet":
      responder.paid += 1
      answer_bet(opener)
  settle()

rule answer_bet(p) "Answer a bet":
  p chooses answer from ["pass", "bet"] "Fold (pass) or call (bet)?"
  if answer == "bet":
    p.paid += 1
  else:
    folded = p

rule settle "Settle the pot":
  if folded != none:
    winner = first([p for p in players where p != folded])
  else:
    winner = first([p for p in players order by rank_of(p) descending])

# ---------------------------------------------------------------- scoring

score p: net(p)
# What one player wins, the other loses: at most the other's ante and bet.
payoff p zero-sum from -2 to 2: net(p)

# ---------------------------------------------------------------- examples

example "a pass and a pass: the higher card takes the antes":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 2]) to ann.hand
    move first([c for c in deck where c.rank == 1]) to bob.hand
    settle()
  expect:
    winner == ann
    pot == 2
    net(ann) == 1
    net(bob) == -1

example "a bet and a fold: the bettor takes the antes":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 1]) to ann.hand
    move first([c for c in deck where c.rank == 3]) to bob.hand
    ann.paid += 1
    answer_bet(bob)
    settle()
  answers "pass"
  expect:
    winner == ann
    net(ann) == 1
    net(bob) == -1

example "a bet and a call: the higher card takes 2 from the other":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 1]) to ann.hand
    move first([c for c in deck where c.rank == 3]) to bob.hand
    ann.paid += 1
    answer_bet(bob)
    settle()
  answers "bet"
  expect:
    winner == bob
    net(bob) == 2
    net(ann) == -2
