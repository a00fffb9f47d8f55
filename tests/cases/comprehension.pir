# List comprehensions: [element for x in xs where condition order by key descending],
# and with several for clauses: [element for x in xs where c for y in ys where d].

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

example "several for clauses: each runs inside the one before, as nested loops":
  expect:
    [[r, c] for r in [1, 2] for c in ["a", "b"]] == [[1, "a"], [1, "b"], [2, "a"], [2, "b"]]
    [x * y for x in [1, 2, 3] for y in [10, 100]] == [10, 100, 20, 200, 30, 300]
    [y for x in [[1, 2], [], [3]] for y in x] == [1, 2, 3]
    [z for x in [1] for y in [2] for z in [x + y, x * y]] == [3, 2]

example "a later clause may use the names of the earlier ones":
  expect:
    [[x, y] for x in range(1, 2) for y in range(x, 2)] == [[1, 1], [1, 2], [2, 2]]
    [c.value for s in [hearts, spades] for c in deck where c.suit == s] == [3, 2, 1]

example "each clause may have its own where, which sees the names so far":
  expect:
    [[x, y] for x in [1, 2, 3] where x != 2 for y in [1, 2, 3] where y > x] == [[1, 2], [1, 3]]
    [x for x in [1, 2, 3] where x > 5 for y in [1, 2]] == []
    [x for x in [1, 2] for y in [] where y > 0] == []

example "order by sorts every kept combination, and sees every name":
  expect:
    [x * 10 + y for x in [1, 2] for y in [1, 2] order by y] == [11, 21, 12, 22]
    [x * 10 + y for x in [1, 2] for y in [1, 2] order by [y, x] descending] == [22, 12, 21, 11]
    [x for x in [2, 1] for y in [0, 0] order by x] == [1, 1, 2, 2]

example "a name used twice: the later clause hides the earlier one from there on":
  expect:
    [x for x in [1, 2] for x in [x * 10]] == [10, 20]
