# Kinds (`kind name: a, b, c`) and pieces (`piece name(fields) labelled "..." marked "..."`).

game "Pieces and kinds":
  players 2 to 2

kind suit: hearts, spades, clubs
kind rank: low, high
piece card(suit, value) labelled "{value} of {suit}" marked "{value}"
piece pawn(owner) labelled "{owner.name}'s pawn" marked "P{owner.index + 1}"
piece plain_token
piece gem(colour, size)
zone pile

board map: grid 1 by 2
  layer ground:
    ". ."

setup:
  for each s in suit:
    create 1 card(s, 7) in pile
  for each p in players:
    create 1 pawn(p) in pile
  create 1 plain_token in pile
  create 1 gem(spades, 3) in pile
  create 1 pawn(players[1]) in at(map, 0, 0)

play:
  pass

example "a kind is the list of its members, in order":
  expect:
    suit == [hearts, spades, clubs]
    count(rank) == 2
    rank[0] == low
    hearts in suit
    low not in suit

example "kind members are names, equal only to themselves":
  expect:
    hearts == hearts
    hearts != spades
    "{clubs}" == "clubs"

example "pieces keep their fields":
  players 2 named anna, bob
  expect:
    [c.suit for c in pile where piece_type(c) == "card"] == [hearts, spades, clubs]
    [x.owner for x in pile where piece_type(x) == "pawn"] == [anna, bob]
    top(pile).size == 3
    top(pile).colour == spades

example "labels: declared ones use the fields, others are the kind and its field values":
  players 2 named anna, bob
  expect:
    "{first(pile)}" == "7 of hearts"
    ["{x}" for x in pile where piece_type(x) == "pawn"] == ["Anna's pawn", "Bob's pawn"]
    "{[x for x in pile where piece_type(x) == \"plain_token\"][0]}" == "plain token"
    "{top(pile)}" == "gem spades 3"
