# error: piece 'card' has 2 fields (suit, rank), but 1 value is given
# at: 8:12
game "Cards":
  players 2 to 4
piece card(suit, rank)
zone deck
setup:
  create 1 card(3) in deck
play:
  pass
score p: count(deck)
