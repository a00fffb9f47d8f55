# error: 'pay' is a rule: rules are carried out as statements
# at: 10:13
game "Pay":
  players 2 to 4
var coins per player = 3
rule pay(p):
  p.coins -= 1
play:
  for each p in players:
    let x = pay(p)
score p: p.coins
