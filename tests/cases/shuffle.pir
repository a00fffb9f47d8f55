# shuffle: a zone's pieces in an order nobody knows; draws take them at random,
# and pieces put on top after the shuffle come first.

game "Shuffle":
  players 1 to 2

piece card(value) labelled "card {value}"

zone deck hidden
zone pile
zone hand per player owner

setup:
  create 1 card(1) in pile
  create 1 card(2) in pile
  create 1 card(3) in pile

play:
  move pile to deck
  shuffle deck
  draw c from deck
  move c to players[0].hand

score p: sum([x.value for x in p.hand])

example "a card put on top after the shuffle is drawn first, whatever the seed":
  players 1 named ann
  given:
    move pile to deck
    shuffle deck
    move first(pile + [x for x in deck where x.value == 2]) to deck on top
  when:
    draw c from deck
    move c to ann.hand
  expect:
    count(ann.hand) == 1
    top(ann.hand).value == 2
    count(deck) == 2

example "a draw from a shuffled deck leaves the rest shuffled":
  players 1 named ann
  given:
    move pile to deck
    shuffle deck
  when:
    draw c from deck
    move c to ann.hand
  expect:
    count(ann.hand) == 1
    count(deck) == 2
