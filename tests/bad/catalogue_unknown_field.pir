# error: a row of table 'units' has no field 'costs'
# at: 11:21
# hint: did you mean 'cost'?
game "Catalogue":
  players 2 to 2
piece unit(name, cost)
table units of unit:
  scout -> [2]
  knight -> [5]
play:
  log "{units[scout].costs}"
score p: 0
