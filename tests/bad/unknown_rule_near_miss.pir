# error: unknown rule 'gian'
# at: 11:5
# hint: did you mean 'gain'?
game "Gain":
  players 2 to 4
var coins per player = 0
rule gain(p):
  p.coins += 1
play:
  for each p in players:
    gian(p)
score p: p.coins
