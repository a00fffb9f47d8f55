# Leduc poker (Southey et al., "Bayes' Bluff", 2005), written in pirdsl from its well-known rules.
#
# A poker small enough to solve, yet with two betting rounds and a shared card: six
# cards (a Jack, a Queen and a King in two suits), one private card each and one
# public card. tests/test_leduc.py walks this file's tree through
# pirdsl.adapters.openspiel beside OpenSpiel's leduc_poker (the same nodes, and 468 +
# 468 information states) and runs OpenSpiel's CFR on both.

game "Leduc poker":
  players 2 to 2
  credits "F. Southey, M. Bowling, B. Larson, C. Piccione, N. Burch, D. Billings and C. Rayner, 2005."
  overview "Each player antes one chip and is dealt one of six cards: a Jack, a Queen and a King in two suits. After a round of betting a public card is turned, and a second round of betting follows; bets are 2 chips in the first round and 4 in the second, with at most two raises a round."
  goal "Win the pot: a player whose card pairs the public card wins the showdown, else the higher card; a player who folds loses what they have put in."

# ---------------------------------------------------------------- components

kind suit: hearts, spades

table rank_name:
  1 -> "Jack"
  2 -> "Queen"
  3 -> "King"

piece card(rank, suit) labelled "{rank_name[rank]} of {suit}"

zone deck hidden                   # the cards not dealt
zone hand per player owner         # each player sees only their own card
zone board                         # the public card, once turned

var paid per player = 1            # chips a player has put in the pot: the ante is 1
var stake = 1                      # the most any player has put in: what a call matches
var raises = 0                     # raises so far in this round: at most 2
var calls = 0                      # calls (and checks) since the round began or its last raise
var folded = none                  # the player who folded, if one did
var settled = false                # whether the hand is over (the score shows nothing of the cards before)

#: the pot
define pot = sum([p.paid for p in players])
#: {p}'s card
define rank_of(p) = first(p.hand).rank
#: {p}'s hand at the showdown: the card's rank, plus 10 when it pairs the public card
define strength(p) = 10 + rank_of(p) if count(board) > 0 and rank_of(p) == first(board).rank else rank_of(p)
#: the best hand at the showdown
define best = max([strength(p) for p in players])
#: the players who take the pot
define takers = [p for p in players where p != folded] if folded != none else [p for p in players where strength(p) == best]
#: the round of betting is over: 2 calls (checks) and no raise, or 1 call after the last raise
define round_over = (raises == 0 and calls == 2) or (raises > 0 and calls == 1)
#: {p}'s winnings
define net(p) = pot / count(takers) - p.paid if p in takers else -p.paid

# ---------------------------------------------------------------- setup

setup:
  for each r in [1, 2, 3]:
    for each s in suit:
      create 1 card(r, s) in deck

# ---------------------------------------------------------------- play

play:
  for each p in players:
    draw c from deck
    move c to p.hand
  betting_round(2)
  if folded == none:
    draw c from deck
    move c to board
    log "The public card is the {rank_name[c.rank]} of {c.suit}."
    betting_round(4)
  settled = true

rule betting_round(bet) "A round of betting":
  raises = 0
  calls = 0
  let turn = 0
  repeat 4 times:                  # check, raise, raise, call: a round is over after at most 4 actions
    if folded == none and not round_over:
      act(players[turn % 2], bet)
      turn += 1

rule act(p, bet) "Fold, call or raise":
  let options = (["fold"] if stake > p.paid else []) + ["call"] + (["raise"] if raises < 2 else [])
  p chooses action from options "Fold, call (or check) or raise?"
  if action == "fold":
    folded = p
    log "{p.name} folds."
  elif action == "call":
    p.paid = stake
    calls += 1
    log "{p.name} calls."
  else:
    stake += bet
    p.paid = stake
    raises += 1
    calls = 0
    log "{p.name} raises."

# ---------------------------------------------------------------- scoring

score p: net(p) if settled else 0
# What one player wins, the other loses: at most the ante and two raises in each round.
payoff p zero-sum from -13 to 13: net(p)

# ---------------------------------------------------------------- examples

example "a check and a check in both rounds: a pair with the public card wins":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 1]) to ann.hand
    move first([c for c in deck where c.rank == 3]) to bob.hand
    move first([c for c in deck where c.rank == 1]) to board
  expect:
    strength(ann) == 11
    takers == [ann]
    net(ann) == 1
    net(bob) == -1

example "the higher card wins without a pair":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 1]) to ann.hand
    move first([c for c in deck where c.rank == 3]) to bob.hand
    move first([c for c in deck where c.rank == 2]) to board
  expect:
    takers == [bob]
    net(bob) == 1

example "cards of the same rank split the pot":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 2]) to ann.hand
    move first([c for c in deck where c.rank == 2]) to bob.hand
    move first([c for c in deck where c.rank == 3]) to board
  expect:
    count(takers) == 2
    net(ann) == 0

example "a raise and a fold: the raiser takes the antes":
  players 2 named ann, bob
  when:
    betting_round(2)
  answers "raise", "fold"
  expect:
    folded == bob
    net(ann) == 1
    ann.paid == 3

example "a check, two raises and a call end the round; no third raise":
  players 2 named ann, bob
  when:
    move first([c for c in deck where c.rank == 1]) to ann.hand
    move first([c for c in deck where c.rank == 2]) to bob.hand
    move first([c for c in deck where c.rank == 3]) to board
    betting_round(4)
  answers "call", "raise", "raise", "call"
  expect:
    raises == 2
    round_over
    ann.paid == 9
    net(bob) == 9
