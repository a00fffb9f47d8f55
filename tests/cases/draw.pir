# Chance draws: `draw x from zone_or_list` names a random piece (or element); it does not move it.

game "Draw":
  players 1 to 2

kind colour: red, blue
piece cube(colour)
zone bag hidden
zone reds
zone mixed
zone out

var red_draws = 0
var seen = []

setup:
  create 3 cube(red) in reds
  create 3 cube(red) in mixed
  create 1 cube(blue) in mixed

play:
  draw c from mixed
  move c to out

example "drawing from identical pieces needs no chance: the bottom one is taken":
  when:
    draw c from reds
  expect:
    c == first(reds)
    c.colour == red

example "draw names a piece; it stays where it was until moved":
  when:
    draw c from mixed
  expect:
    c in mixed
    count(mixed) == 4

example "draw then move takes the piece out":
  when:
    draw c from mixed
    move c to out
  expect:
    count(mixed) == 3
    count(out) == 1
    top(out) == c

example "identical pieces are one outcome weighted by how many there are":
  given:
    red_draws = 0
  when:
    repeat 400 times:
      draw c from mixed
      if c.colour == red:
        red_draws += 1
  expect:
    red_draws > 250
    red_draws < 350

example "the piece drawn of a group is its bottom-most one":
  when:
    repeat 20 times:
      draw c from mixed
      if c.colour == red:
        check c == first(mixed) "a red draw gives the bottom red cube"
  expect:
    true

example "drawing from a list gives one of its elements, each in turn possible":
  given:
    seen = []
  when:
    repeat 60 times:
      draw n from [1, 2, 3]
      seen = seen + [n]
  expect:
    count(seen) == 60
    all([n in [1, 2, 3] for n in seen])
    distinct([n for n in seen order by n]) == [1, 2, 3]

example "drawing from a one-element list needs no chance":
  when:
    draw n from [7]
  expect:
    n == 7

example "drawing from a hidden zone works like any other":
  given:
    move reds to bag
  when:
    draw c from bag
    move c to out
  expect:
    count(bag) == 2
    top(out).colour == red
