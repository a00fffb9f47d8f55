# List comprehensions: [element for x in xs where condition order by key descending].

game "Comprehension":
  players 2 to 4

kind suit: hearts, spades
piece card(suit, value) labelled "{value} of {suit}"
zone deck

setup:
  create 1 card(hearts, 3) in deck
  create 1 card(spades, 1) in deck
  create 1 card(hearts, 2) in deck

play:
  pass

example "element, where and order by, alone and together":
  expect:
    [x * 10 for x in [1, 2, 3]] == [10, 20, 30]
    [x for x in [1, 2, 3, 4] where x % 2 == 0] == [2, 4]
    [x for x in [3, 1, 2] order by x] == [1, 2, 3]
    [x for x in [3, 1, 2] order by x descending] == [3, 2, 1]
    [x * x for x in [5, 1, 4, 2] where x > 1 order by x] == [4, 16, 25]

example "an empty list gives an empty list, and so does a where that keeps nothing":
  expect:
    [x for x in [] where x > 0] == []
    [x for x in [1, 2] where false] == []
    [x + 1 for x in []] == []

example "order by is stable: equal keys keep their order, ascending and descending":
  expect:
    [p[1] for p in [[2, "a"], [1, "b"], [2, "c"], [1, "d"]] order by p[0]] == ["b", "d", "a", "c"]
    [p[1] for p in [[2, "a"], [1, "b"], [2, "c"], [1, "d"]] order by p[0] descending] == ["a", "c", "b", "d"]
    [x for x in [1, 2, 3, 4] order by 0 descending] == [1, 2, 3, 4]

example "order by a list key compares element by element":
  expect:
    [p[2] for p in [[1, 2, "a"], [1, 1, "b"], [0, 9, "c"]] order by [p[0], p[1]]] == ["c", "b", "a"]
    [p[2] for p in [[1, 2, "a"], [1, 1, "b"], [0, 9, "c"]] order by [p[0], p[1]] descending] == ["a", "b", "c"]

example "a comprehension over a zone sees its pieces, bottom first":
  expect:
    [c.value for c in deck] == [3, 1, 2]
    [c.value for c in deck where c.suit == hearts] == [3, 2]
    [c.value for c in deck order by c.value descending] == [3, 2, 1]
    ["{c}" for c in deck where c.value == 1] == ["1 of spades"]

example "nested comprehensions, and the loop name does not leak":
  given:
    let x = 100
    let grid = [[r * 10 + c for c in [1, 2]] for r in [1, 2]]
    let shadowed = [[x for x in [x, x + 1]] for x in [7, 8]]
  expect:
    grid == [[11, 12], [21, 22]]
    shadowed == [[7, 8], [8, 9]]
    x == 100
    [x for x in [1, 2]] == [1, 2]
    x == 100

example "a comprehension can use the locals around it":
  given:
    let limit = 2
  expect:
    [x for x in [1, 2, 3] where x <= limit] == [1, 2]
    [x + limit for x in [1, 2]] == [3, 4]
