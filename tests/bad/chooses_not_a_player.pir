# error: only a player can choose, not a number
# at: 7:3
game "Who chooses":
  players 2 to 4
zone market
play:
  1 chooses c from market "Take a card"
  move c to market
score p: 0
