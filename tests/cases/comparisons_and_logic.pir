# Comparisons (== != < <= > >=) and logic (and, or, not); the right side of and/or
# is worked out only when needed.

game "Logic":
  players 2 to 2

kind colour: red, blue
piece card
zone deck

var n = 5

setup:
  create 2 card in deck

play:
  pass

example "comparisons of numbers":
  expect:
    n == 5
    n != 4
    n < 6
    n <= 5
    n > 4
    n >= 5
    not (n < 5)
    not (n > 5)
    -1 < 0

example "comparisons of names, texts, lists and none":
  expect:
    red == red
    red != blue
    "abc" == "abc"
    [1, 2] == [1, 2]
    [1, 2] != [2, 1]
    [1, 2] < [1, 3]
    none == none
    n != none
    [] == []
    red == "red"

example "players and pieces are equal only to themselves":
  players 2 named anna, bob
  expect:
    anna == anna
    anna != bob
    first(deck) != top(deck)
    first(deck) == first(deck)

example "and, or, not":
  expect:
    true and true
    not (true and false)
    true or false
    false or true
    not (false or false)
    not false
    not not true

example "not binds looser than a comparison, and and tighter than or":
  expect:
    not n == 4
    not 1 > 2
    true or false and false
    false and false or true
    (true or false) and true

example "the right side of and/or is worked out only when needed":
  given:
    let xs = []
  expect:
    not (false and xs[5] == 1)
    true or xs[5] == 1
    not (count(xs) > 0 and xs[0] == 1)
    count(xs) == 0 or xs[0] == 1
