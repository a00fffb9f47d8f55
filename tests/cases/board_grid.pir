# Grid boards: layers and legends, and the cell functions at, cells, ray, inward,
# perimeter, neighbours and distance.

game "Board":
  players 1 to 2

piece stone

# 3 rows by 4 columns. Row 0 is the top row; column 0 the left one.
board map: grid 3 by 4
  layer terrain:
    "f f w m"
    "f . w 3"
    "m m -2 f"
  legend terrain: "f" = forest, "w" = water, "m" = mountain, "." = none, "3" = 3, "-2" = -2
  layer region:
    "A A B 7"
    "A . B -4"
    "C C C C"

board tiny: grid 1 by 1
  layer ground:
    "x"

setup:
  create 1 stone in at(map, 1, 1)

play:
  pass

define rc(cells_) = [[c.row, c.col] for c in cells_]
define by_position(cells_) = [[c.row, c.col] for c in cells_ order by c.row * 100 + c.col]

example "at finds a cell by row and column from 0, and none outside the board":
  expect:
    at(map, 0, 0).row == 0
    at(map, 2, 3).col == 3
    at(map, 2, 3).board == map
    at(map, 3, 0) == none
    at(map, 0, 4) == none
    at(map, -1, 0) == none
    at(map, 1, 2) == at(map, 1, 2)
    at(map, 1, 2) != at(map, 2, 1)

example "cells lists every cell, row by row":
  expect:
    count(cells(map)) == 12
    take(rc(cells(map)), 5) == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]]
    rc([top(cells(map))]) == [[2, 3]]
    rc(cells(tiny)) == [[0, 0]]

example "a legend turns a layer's tokens into names, numbers or none":
  expect:
    at(map, 0, 0).terrain == forest
    at(map, 0, 2).terrain == water
    at(map, 0, 3).terrain == mountain
    at(map, 1, 1).terrain == none
    at(map, 1, 3).terrain == 3
    at(map, 2, 2).terrain == -2
    count([c for c in cells(map) where c.terrain == forest]) == 4

example "without a legend a token is itself: a dot is none, digits are numbers":
  expect:
    at(map, 0, 0).region == "A"
    at(map, 0, 3).region == 7
    at(map, 1, 3).region == -4
    at(map, 1, 1).region == none
    at(tiny, 0, 0).ground == "x"
    distinct([c.region for c in cells(map) where c.region != none]) == ["A", "B", 7, -4, "C"]

example "ray: the cells from a cell (not included) in a direction up to the edge":
  expect:
    rc(ray(at(map, 0, 0), [0, 1])) == [[0, 1], [0, 2], [0, 3]]
    rc(ray(at(map, 0, 0), [1, 1])) == [[1, 1], [2, 2]]
    rc(ray(at(map, 2, 3), [-1, 0])) == [[1, 3], [0, 3]]
    rc(ray(at(map, 1, 2), [0, -1])) == [[1, 1], [1, 0]]
    rc(ray(at(map, 0, 0), [0, 2])) == [[0, 2]]
    ray(at(map, 0, 0), [-1, 0]) == []
    ray(at(map, 1, 1), [0, 0]) == []

example "inward points from an edge into the board, diagonally from a corner":
  expect:
    inward(at(map, 0, 1)) == [1, 0]
    inward(at(map, 1, 0)) == [0, 1]
    inward(at(map, 2, 2)) == [-1, 0]
    inward(at(map, 1, 3)) == [0, -1]
    inward(at(map, 0, 0)) == [1, 1]
    inward(at(map, 0, 3)) == [1, -1]
    inward(at(map, 2, 0)) == [-1, 1]
    inward(at(map, 2, 3)) == [-1, -1]
    inward(at(map, 1, 1)) == [0, 0]

example "perimeter: the edge cells clockwise from the given one":
  expect:
    rc(perimeter(map, at(map, 0, 0))) == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3], [2, 3], [2, 2], [2, 1], [2, 0], [1, 0]]
    take(rc(perimeter(map, at(map, 2, 1))), 4) == [[2, 1], [2, 0], [1, 0], [0, 0]]
    top(rc(perimeter(map, at(map, 0, 1)))) == [0, 0]
    count(perimeter(map, at(map, 1, 3))) == 10

example "neighbours share a side (up, right, down, left): two for a corner, three on an edge, four inside":
  expect:
    by_position(neighbours(at(map, 0, 0))) == [[0, 1], [1, 0]]
    by_position(neighbours(at(map, 0, 1))) == [[0, 0], [0, 2], [1, 1]]
    by_position(neighbours(at(map, 1, 1))) == [[0, 1], [1, 0], [1, 2], [2, 1]]
    rc(neighbours(at(map, 1, 1))) == [[0, 1], [1, 2], [2, 1], [1, 0]]
    neighbours(at(tiny, 0, 0)) == []

example "distance counts king steps (diagonals count one)":
  expect:
    distance(at(map, 0, 0), at(map, 0, 0)) == 0
    distance(at(map, 0, 0), at(map, 1, 1)) == 1
    distance(at(map, 0, 0), at(map, 2, 3)) == 3
    distance(at(map, 2, 0), at(map, 0, 1)) == 2
    distance(at(map, 1, 3), at(map, 1, 0)) == 3
    [distance(c, d) for c in take(cells(map), 1) for d in cells(map)] == [0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3]
    [distance(d, c) for c in cells(map) for d in take(cells(map), 1)] == [0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3]

example "a cell is a zone: pieces stand on it":
  expect:
    not empty(at(map, 1, 1))
    count([c for c in cells(map) where not empty(c)]) == 1
    count(all_pieces(cells(map))) == 1
    [where(x) for x in all_pieces(cells(map))] == [at(map, 1, 1)]
    "{at(map, 1, 1)}" == "row 2, column 2 of map"
    "{at(tiny, 0, 0)}" == "row 1, column 1 of tiny"
    at(map, 1, 1).name == "map"
    at(map, 1, 1).owner == none

example "cells_between on a grid: the squares a straight line crosses, both ends left out":
  expect:
    rc(cells_between(at(map, 0, 0), at(map, 0, 3))) == [[0, 1], [0, 2]]
    rc(cells_between(at(map, 0, 0), at(map, 2, 2))) == [[1, 1]]
    rc(cells_between(at(map, 0, 0), at(map, 1, 0))) == []
