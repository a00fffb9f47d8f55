# error: 'check' is a word of the rules language and cannot name a rule
# at: 5:6
game "Reserved":
  players 2 to 4
rule check(p):
  pass
play:
  for each p in players:
    check(p)
score p: 0
