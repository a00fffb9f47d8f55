# error: an automa's condition is decided before the game starts: it cannot read the zone 'bag'
# at: 6:33
game "Solo":
  players 1 to 2
zone bag
automa bot "The Bot" when count(bag) > 0
play:
  move bag to bag
score p: 0
