# `a if condition else b`: only the side that is chosen is worked out.

game "If expression":
  players 1 to 2

var n = 3

play:
  pass

example "the then side when true, the else side when false":
  expect:
    (1 if true else 2) == 1
    (1 if false else 2) == 2
    ("big" if n > 2 else "small") == "big"
    ("big" if n > 5 else "small") == "small"

example "chains read from left to right":
  expect:
    ("a" if n == 1 else "b" if n == 2 else "c" if n == 3 else "d") == "c"
    ("a" if n == 1 else "b" if n == 2 else "d") == "d"

example "the side not chosen is not worked out":
  given:
    let xs = []
  expect:
    (0 if count(xs) == 0 else xs[0]) == 0
    (1 / n if n != 0 else 0) == 1 / 3
    (xs[3] if false else 7) == 7

example "it binds looser than arithmetic and logic":
  expect:
    (1 + 1 if true else 0) == 2
    (1 if true and false else 2) == 2
    [x if x > 1 else 0 for x in [1, 2, 3]] == [0, 2, 3]
