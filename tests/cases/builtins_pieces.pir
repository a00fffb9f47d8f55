# Built-in functions on pieces and zones: empty, where, all_pieces, piece_type.

game "Piece built-ins":
  players 2 to 3

piece coin(value)
piece meeple(owner)
piece big_tile
zone bank
zone box
zone supply per player

board map: grid 1 by 3
  layer ground:
    ". . ."

setup:
  create 2 coin(1) in bank
  create 1 big_tile in bank
  for each p in players:
    create 2 meeple(p) in p.supply
  create 1 coin(5) in at(map, 0, 1)

play:
  pass

example "empty: a zone or cell with no piece":
  players 2 named anna, bob
  expect:
    empty(box)
    not empty(bank)
    empty(at(map, 0, 0))
    not empty(at(map, 0, 1))
    not empty(anna.supply)

example "empty follows pieces as they move":
  when:
    move bank to box
  expect:
    empty(bank)
    not empty(box)

example "where: the zone or cell a piece is in":
  players 2 named anna, bob
  given:
    let m = first(bob.supply)
  when:
    move m to at(map, 0, 2)
  expect:
    where(first(bank)) == bank
    where(first(anna.supply)) == anna.supply
    where(m) == at(map, 0, 2)
    where(m).col == 2
    where(top(at(map, 0, 1))) == at(map, 0, 1)

example "all_pieces: every piece in a zone, or in a list of zones or cells":
  players 3 named anna, bob, cleo
  expect:
    count(all_pieces(bank)) == 3
    count(all_pieces([anna.supply, bob.supply])) == 4
    count(all_pieces([p.supply for p in players])) == 6
    count(all_pieces(cells(map))) == 1
    all_pieces([]) == []
    all_pieces([box]) == []
    [x.owner for x in all_pieces([bob.supply, anna.supply])] == [bob, bob, anna, anna]

example "piece_type: the declared kind of a piece, as a name":
  players 2 named anna, bob
  expect:
    piece_type(first(bank)) == "coin"
    piece_type(top(bank)) == "big_tile"
    piece_type(first(anna.supply)) == "meeple"
    distinct([piece_type(x) for x in bank]) == ["coin", "big_tile"]
    "{piece_type(top(bank))}" == "big tile"

# Zones a define returns that reads nothing play changes: the world remembers the list, so
# counting its pieces finds the zones once; the count still follows every move.
define both_ends = [at(map, 0, 0), at(map, 0, 2)]
define cells_from(c) = [at(map, 0, i) for i in range(c, 2)]
define supplies(ps) = [p.supply for p in ps]
define the_bank = bank
define cells_at(cols) = [at(map, 0, i) for i in cols]
define cells_from_for(ps, c) = cells_from(c)

example "count(all_pieces(...)) of a remembered define's zones follows the pieces":
  players 2 named anna, bob
  when:
    move first(bank) to at(map, 0, 2)
  expect:
    count(all_pieces(both_ends)) == 1
    count(all_pieces(cells_from(1))) == 2
    count(all_pieces(cells_from(2))) == 1
    count(all_pieces(supplies([anna, bob]))) == 4
    count(all_pieces(supplies([bob]))) == 2
    count(all_pieces(the_bank)) == 2
    count(all_pieces(cells_at([0, 2]))) == 1
    count(all_pieces(cells_from_for([anna, bob], 1))) == 2

example "... and again after more moves, in the same table":
  players 2 named anna, bob
  when:
    move first(bank) to at(map, 0, 2)
    move top(at(map, 0, 1)) to at(map, 0, 0)
    move first(anna.supply) to bank
  expect:
    count(all_pieces(both_ends)) == 2
    count(all_pieces(cells_from(0))) == 2
    count(all_pieces(cells_from(1))) == 1
    count(all_pieces(supplies([anna, bob]))) == 3
    count(all_pieces(the_bank)) == 3
    count(all_pieces(cells_at([0, 2]))) == 2
    count(all_pieces(cells_at([2]))) == 1

# The counts are kept up as pieces move (a whole zone at once too) and are made; a zone
# listed twice counts twice; a define remembered by argument tells 1 and true apart.
define the_box = box
define bank_twice = [bank, bank]
define zones_for(x) = [bank] if "{x}" == "1" else [box]

example "counted zones follow a whole zone's move and new pieces":
  players 2 named anna, bob
  when:
    move bank to box
    create 2 coin(7) in bank
  expect:
    count(all_pieces(the_bank)) == 2
    count(all_pieces(the_box)) == 3
    count(all_pieces(bank_twice)) == 4
    count(all_pieces(zones_for(1))) == 2
    count(all_pieces(zones_for(true))) == 3
