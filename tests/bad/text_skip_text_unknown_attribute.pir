# error: nothing has an attribute 'hnad'
# at: 10:77
# hint: did you mean 'hand'?
game "Skip text with a slip":
  players 2 to 4

zone hand per player

play:
  players[0] chooses x from [1, 2] "Spend?" optional "Keep {count(players[0].hnad)} cards"
