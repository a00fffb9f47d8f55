# error: example "Six at the table" is for 6 players, but the game is for 2 to 4
# at: 9:3
game "Small table":
  players 2 to 4
play:
  pass
score p: 0
example "Six at the table":
  players 6
  expect:
    player_count == 6
