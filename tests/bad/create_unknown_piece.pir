# error: unknown piece 'crad'
# at: 9:12
# hint: did you mean 'card'?
game "Cards":
  players 2 to 4
piece card(rank)
zone deck
setup:
  create 1 crad(3) in deck
play:
  pass
score p: count(deck)
