# Moving pieces: `move what to zone [on top | at bottom]`; what is a piece, a list or a zone.

game "Move":
  players 2 to 2

piece card(value) labelled "card {value}"
piece pawn(owner) labelled "{owner.name}'s pawn"
zone deck
zone discard
zone hand per player owner

board track: grid 1 by 3
  layer ground:
    ". . ."

setup:
  for each v in [1, 2, 3]:
    create 1 card(v) in deck
  for each p in players:
    create 1 pawn(p) in p.hand

play:
  pass

define values(z) = [c.value for c in z]

example "a piece goes on top unless told otherwise":
  given:
    move first(deck) to discard
  when:
    move first(deck) to discard
  expect:
    values(deck) == [3]
    values(discard) == [1, 2]
    top(discard).value == 2

example "on top says the same thing out loud":
  when:
    move first(deck) to discard on top
    move first(deck) to discard on top
  expect:
    values(discard) == [1, 2]

example "at bottom puts the piece under the others":
  when:
    move top(deck) to discard
    move first(deck) to discard at bottom
  expect:
    values(discard) == [1, 3]
    first(discard).value == 1

example "at bottom of its own zone moves a piece under the pile":
  when:
    move top(deck) to deck at bottom
  expect:
    values(deck) == [3, 1, 2]

example "moving a piece to the zone it is in puts it on top":
  when:
    move first(deck) to deck
  expect:
    values(deck) == [2, 3, 1]

example "a list of pieces moves in list order, the last ending on top":
  when:
    move [c for c in deck where c.value != 2] to discard
  expect:
    values(deck) == [2]
    values(discard) == [1, 3]

example "a whole zone moves, keeping its order, and is left empty":
  given:
    move top(deck) to discard
  when:
    move deck to discard
  expect:
    count(deck) == 0
    values(discard) == [3, 1, 2]

example "a whole zone can go at the bottom of another":
  given:
    move top(deck) to discard
    move top(deck) to discard
  when:
    move deck to discard at bottom
  expect:
    count(deck) == 0
    values(discard) == [1, 3, 2]

example "a whole zone moved to the bottom keeps its order":
  given:
    move top(deck) to discard
    move top(deck) to discard
  when:
    move discard to deck at bottom
  expect:
    values(deck) == [3, 2, 1]

example "a list moved to the bottom keeps its order":
  when:
    move [top(deck), first(deck)] to discard
    move [first(deck), top(discard)] to discard at bottom
  expect:
    values(discard) == [2, 1, 3]

example "moving an empty zone or an empty list changes nothing":
  when:
    move discard to deck
    move [] to deck
  expect:
    values(deck) == [1, 2, 3]
    count(discard) == 0

example "pieces move between players' zones and onto board cells":
  players 2 named anna, bob
  when:
    move first(anna.hand) to bob.hand
    move first(bob.hand) to at(track, 0, 2)
  expect:
    count(anna.hand) == 0
    count(bob.hand) == 1
    top(at(track, 0, 2)).owner == bob
    first(bob.hand).owner == anna
    where(first(bob.hand)) == bob.hand

example "a piece moved from a cell leaves the cell empty":
  when:
    move first(deck) to at(track, 0, 0)
    move top(at(track, 0, 0)) to at(track, 0, 1)
  expect:
    empty(at(track, 0, 0))
    values(at(track, 0, 1)) == [1]
