# error: nothing has an attribute 'glroy'
# at: 7:11
# hint: did you mean 'glory'?
game "Glory":
  players 2 to 4
var glory per player = 0
score p: p.glroy
play:
  pass
