# error: pieces can only be created during setup, not in play
# at: 8:3
game "Mint":
  players 2 to 4
piece coin
zone bank
play:
  create 1 coin in bank
score p: count(bank)
