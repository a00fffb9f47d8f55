# error: rule 'sail' takes 1 argument (p), but the power names 2
# at: 8:27
game "Powers":
  players 2 to 2
var moved per player = 0
rule sail(p):
  p.moved += 1
power swift "Swift" after sail(p, q):
  p.moved += 1
play:
  for each p in players:
    sail(p)
score p: p.moved
