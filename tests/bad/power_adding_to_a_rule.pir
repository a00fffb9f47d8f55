# error: 'adding to' joins lists a define gives, and 'sail' is a rule
# at: 9:1
# hint: write 'before', 'after' or 'instead of'
game "Powers":
  players 2 to 2
var moved = 0
rule sail():
  moved += 1
power swift "Swift" adding to sail():
  moved += 1
play:
  sail()
score p: moved
