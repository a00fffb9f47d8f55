# Hex boards: odd rows sit half a hex to the right; directions 0-5 run clockwise
# from north-east. step, neighbours, ray, distance and direction_to follow the hexes.
game "Hexes":
  players 1 to 2

board sea: hex 5 by 5
  layer water:
    "~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~"
    "~ ~ R ~ ~"
    "~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~"
  legend water: "~" = open_sea, "R" = rock

define middle = at(sea, 2, 2)

play:
  pass

example "a step depends on the row's parity":
  expect:
    step(middle, 0) == at(sea, 1, 2)
    step(middle, 1) == at(sea, 2, 3)
    step(middle, 2) == at(sea, 3, 2)
    step(middle, 3) == at(sea, 3, 1)
    step(middle, 4) == at(sea, 2, 1)
    step(middle, 5) == at(sea, 1, 1)
    step(at(sea, 1, 2), 0) == at(sea, 0, 3)
    step(at(sea, 1, 2), 3) == at(sea, 2, 2)
    step(at(sea, 0, 0), 5) == none
    step(middle, 6) == step(middle, 0)

example "six neighbours inside, fewer at the edge":
  expect:
    count(neighbours(middle)) == 6
    count(neighbours(at(sea, 0, 0))) == 2
    count(neighbours(at(sea, 1, 4))) == 3
    all([distance(middle, n) == 1 for n in neighbours(middle)])

example "distance counts hex steps":
  expect:
    distance(middle, middle) == 0
    distance(at(sea, 0, 0), at(sea, 4, 4)) == 6
    distance(at(sea, 0, 0), at(sea, 0, 4)) == 4
    distance(at(sea, 0, 0), at(sea, 4, 0)) == 4

example "a ray runs straight to the edge, and direction_to finds it":
  expect:
    ray(middle, 1) == [at(sea, 2, 3), at(sea, 2, 4)]
    ray(middle, 0) == [at(sea, 1, 2), at(sea, 0, 3)]
    direction_to(middle, at(sea, 0, 3)) == 0
    direction_to(middle, at(sea, 2, 0)) == 4
    direction_to(middle, at(sea, 0, 0)) == none
    direction_to(middle, middle) == none

example "layers read the same as on a grid":
  expect:
    middle.water == rock
    at(sea, 0, 0).water == open_sea

example "a hex is shown by its row and column, counted from 1":
  expect:
    "{middle}" == "row 3, column 3"
    "{at(sea, 0, 4)}" == "row 1, column 5"

example "cells_between: the hexes a straight line crosses, both ends left out":
  expect:
    cells_between(at(sea, 2, 0), at(sea, 2, 4)) == [at(sea, 2, 1), at(sea, 2, 2), at(sea, 2, 3)]
    cells_between(middle, step(middle, 1)) == []
    cells_between(at(sea, 0, 0), at(sea, 4, 2)) == [at(sea, 1, 0), at(sea, 2, 1), at(sea, 3, 1)]
