# Facing on a hex board: a variable of several piece kinds (`var facing per ship, rock = 1`),
# `rotated(direction, sides)`, `step` and `distance` from pieces, `pieces_in_line`, and
# marks that show a piece's variables.

game "Facing":
  players 1 to 2

piece ship(number) labelled "ship {number}" marked "S{arrow[facing]}"
piece rock labelled "rock"

var facing per ship, rock = 1

board sea: hex 5 by 6
  layer water:
    "~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~"
  legend water: "~" = open_water

table arrow:
  0 -> "/"
  1 -> ">"
  2 -> "\\"
  3 -> "/"
  4 -> "<"
  5 -> "\\"

define ship_of(n) = first([x for x in all_pieces(cells(sea)) where piece_type(x) == "ship" and x.number == n])
define the_rock = first([x for x in all_pieces(cells(sea)) where piece_type(x) == "rock"])
define ahead(x) = step(x, x.facing)

setup:
  create 1 ship(1) in at(sea, 2, 0)
  create 1 ship(2) in at(sea, 2, 3)
  create 1 rock in at(sea, 2, 5)

play:
  pass

example "every kind named in 'per' has the variable, from its start value":
  expect:
    ship_of(1).facing == 1
    the_rock.facing == 1

example "rotated turns by hex-sides, clockwise and back, wrapping round":
  expect:
    rotated(1, 1) == 2
    rotated(0, -1) == 5
    rotated(5, 2) == 1
    rotated([0, 1], 2) == [1, 0]
    rotated([-1, 0], -1) == [-1, -1]

example "straight ahead and distance work from pieces as from their cells":
  when:
    ship_of(1).facing = rotated(ship_of(1).facing, 1)
  expect:
    ahead(ship_of(1)) == at(sea, 3, 0)
    distance(ship_of(1), ship_of(2)) == 3
    distance(ship_of(1), at(sea, 2, 1)) == 1

example "what lies in a line: pieces and their distance, nearest first":
  expect:
    pieces_in_line(ship_of(1), 1) == [[ship_of(2), 3], [the_rock, 5]]
    pieces_in_line(at(sea, 2, 4), 4) == [[ship_of(2), 1], [ship_of(1), 4]]
    pieces_in_line(ship_of(2), 0) == []
