# error: caption from 'islnd', but board 'islands' has no layer of that name
# at: 13:11
# hint: did you mean 'island'?
game "Islands":
  players 2 to 4
board islands: grid 2 by 3
  layer space:
    "s f c"
    "s b f"
  layer island:
    ". A A"
    ". B B"
  caption islnd
play:
  pass
score p: 0
