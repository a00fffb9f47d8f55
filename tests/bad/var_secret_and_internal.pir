# error: 'tally' is marked both secret and internal: an internal variable is already shown to no one
# at: 7:33
# hint: or 'internal' for bookkeeping
game "Tally":
  players 2 to 4

var tally per player = 0 secret internal   # internal counter
var internal_count = 0 internal

play:
  for each p in players:
    p.tally += 1
    internal_count += 1

score p: p.tally
