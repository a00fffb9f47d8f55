# Arithmetic: + - * / % and unary minus, with the usual precedence; `/` is exact division.

game "Arithmetic":
  players 1 to 2

piece card
zone left
zone right

var x = 7

setup:
  create 2 card in left
  create 1 card in right

play:
  pass

example "the four operations and the remainder":
  expect:
    2 + 3 == 5
    2 - 3 == -1
    4 * 5 == 20
    20 / 4 == 5
    17 % 5 == 2
    x % 2 == 1

example "times, divide and remainder bind tighter than plus and minus":
  expect:
    2 + 3 * 4 == 14
    2 * 3 + 4 == 10
    10 - 6 / 2 == 7
    1 + 7 % 4 == 4
    (2 + 3) * 4 == 20

example "operators of the same level work left to right":
  expect:
    10 - 3 - 2 == 5
    100 / 10 / 5 == 2
    2 * 6 / 3 == 4
    20 % 7 % 4 == 2
    8 / 2 * 4 == 16

example "unary minus binds tighter than everything else":
  expect:
    -2 * 3 == -6
    -2 + 5 == 3
    - -4 == 4
    -x == -7
    2 - -2 == 4
    -(2 + 3) == -5

example "division gives a whole number when it can":
  expect:
    6 / 3 == 2
    "{6 / 3}" == "2"
    [10, 20, 30][6 / 3] == 30
    range(1, 6 / 2) == [1, 2, 3]
    -9 / 3 == -3
    0 / 5 == 0

example "division gives a fraction when it must":
  expect:
    7 / 2 == 35 / 10
    7 / 2 > 3
    7 / 2 < 4
    7 / 2 * 2 == 7
    1 / 4 + 1 / 4 == 1 / 2
    ceil(7 / 2) == 4
    floor(7 / 2) == 3
    ceil(-7 / 2) == -3
    floor(-7 / 2) == -4
    ceil(6 / 3) == 2

example "division is exact: fractions add up and come back to whole numbers":
  expect:
    1 / 10 + 2 / 10 == 3 / 10
    ceil(1 / 10 * 3 * 10) == 3
    1 / 49 * 49 == 1
    1 / 3 + 1 / 3 + 1 / 3 == 1
    100000000000000001 / 1 == 100000000000000001

example "a remainder takes the sign of the divisor, so going backwards wraps round a ring":
  expect:
    -1 % 10 == 9
    (2 - 5) % 10 == 7
    12 % 10 == 2
    7 % -3 == -2

example "+ joins lists, and the pieces of zones":
  expect:
    [1, 2] + [3] == [1, 2, 3]
    [] + [] == []
    count(left + right) == 3
    left + right == [first(left), top(left), first(right)]

example "+= and -= change numbers in variables and locals":
  given:
    let k = 10
  when:
    x += 3
    x -= 1
    k -= 4
    k += -1
  expect:
    x == 9
    k == 5

example "+= and -= take exact fractions too":
  given:
    let k = 1
  when:
    k += 1 / 2
    k -= 1 / 4
    k += 3 / 4
  expect:
    k == 2
