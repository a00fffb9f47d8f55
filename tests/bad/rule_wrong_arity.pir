# error: rule 'gain' takes 2 arguments (p, n), but 1 is given
# at: 10:5
game "Gain":
  players 2 to 4
var coins per player = 0
rule gain(p, n):
  p.coins += n
play:
  for each p in players:
    gain(p)
score p: p.coins
