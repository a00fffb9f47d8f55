# error: 'n' is already a parameter of rule 'gain'
# at: 7:7
game "Gain":
  players 2 to 4
var coins per player = 0
rule gain(p, n):
  let n = n + 1
  p.coins += n
play:
  for each p in players:
    gain(p, 1)
score p: p.coins
