# error: 'glory' belongs to each player: write p.glory
# at: 8:11
game "Glory":
  players 2 to 4
var glory per player = 0
play:
  for each p in players:
    log "{glory}"
score p: p.glory
