# error: 'count' needs a list or a zone, not a number
# at: 10:16
# hint: only a list or a zone has elements to go through
game "Count of a number":
  players 2 to 4

var gold = 10

play:
  gold = count(player_count)

score p: gold
