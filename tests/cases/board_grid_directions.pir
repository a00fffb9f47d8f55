# step and direction_to on a square grid use [rows, columns] directions.
game "Grid directions":
  players 1 to 2

board land: grid 4 by 4
  layer ground:
    ". . . ."
    ". . . ."
    ". . . ."
    ". . . ."

play:
  pass

example "step and direction_to on a grid":
  expect:
    step(at(land, 1, 1), [0, 1]) == at(land, 1, 2)
    step(at(land, 0, 0), [-1, 0]) == none
    direction_to(at(land, 0, 0), at(land, 3, 3)) == [1, 1]
    direction_to(at(land, 2, 1), at(land, 2, 3)) == [0, 1]
    direction_to(at(land, 0, 0), at(land, 1, 2)) == none
    count(neighbours(at(land, 1, 1))) == 4
