# error: unknown rule or define 'sale'
# at: 9:27
# hint: did you mean 'sail'?
game "Powers":
  players 2 to 2
var moved = 0
rule sail():
  moved += 1
power swift "Swift" after sale() when moved > 0:
  moved += 1
play:
  sail()
score p: moved
