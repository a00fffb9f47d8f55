# error: a row of table 'units' gives the fields of piece 'unit' after the key (side, cost), but this row has a list of 1 value
# at: 8:13
game "Catalogue":
  players 2 to 2
piece unit(name, side, cost)
table units of unit:
  scout -> [1, 2]
  knight -> [5]
play:
  create 1 unit(scout) in box
zone box
score p: 0
