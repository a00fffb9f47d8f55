# Built-in functions on lists and numbers: count, sum, max, min, any, all, first, top, take,
# distinct, flatten, indices, range, index_of, ceil, floor, abs.

game "List built-ins":
  players 2 to 2

kind colour: red, green, blue
piece card(value)
zone deck
zone nothing

setup:
  for each v in [4, 1, 3]:
    create 1 card(v) in deck

play:
  pass

example "positions count from 0, and negative ones from the end":
  expect:
    [5, 6, 7][0] == 5
    [5, 6, 7][2] == 7
    [5, 6, 7][-1] == 7
    [5, 6, 7][-3] == 5
    deck[0].value == 4
    deck[-1].value == 3

example "count: elements of a list, pieces in a zone":
  expect:
    count([]) == 0
    count([1, 2, 3]) == 3
    count([[1, 2]]) == 1
    count(deck) == 3
    count(nothing) == 0
    count(colour) == 3

example "sum: the total, 0 for an empty list":
  expect:
    sum([1, 2, 3]) == 6
    sum([]) == 0
    sum([-2, 2]) == 0
    sum([1 / 2, 1 / 2]) == 1

example "max and min: none for an empty list":
  expect:
    max([3, 9, 2]) == 9
    min([3, 9, 2]) == 2
    max([-5]) == -5
    max([]) == none
    min([]) == none
    max([[1, 2], [1, 3]]) == [1, 3]

example "any and all: false and true for an empty list":
  expect:
    any([false, true])
    not any([false, false])
    not any([])
    all([true, true])
    not all([true, false])
    all([])
    any([0, 2])
    not all([1, 0])

example "first and top: ends of a list, bottom and top of a zone, none when empty":
  expect:
    first([5, 6, 7]) == 5
    top([5, 6, 7]) == 7
    first([]) == none
    top([]) == none
    first(deck).value == 4
    top(deck).value == 3
    first(nothing) == none
    top(nothing) == none

example "take: the first n elements, all of them when n is larger":
  expect:
    take([1, 2, 3], 2) == [1, 2]
    take([1, 2, 3], 0) == []
    take([1, 2, 3], 5) == [1, 2, 3]
    take([], 2) == []
    [c.value for c in take(deck, 2)] == [4, 1]

example "distinct: without repeats, in first-seen order":
  expect:
    distinct([3, 1, 3, 2, 1]) == [3, 1, 2]
    distinct([]) == []
    distinct([red, red]) == [red]
    distinct([[1], [1], [2]]) == [[1], [2]]

example "indices: the positions of a list":
  expect:
    indices([7, 8, 9]) == [0, 1, 2]
    indices([]) == []
    indices(deck) == [0, 1, 2]

example "range: whole numbers from a to b, both included":
  expect:
    range(1, 4) == [1, 2, 3, 4]
    range(3, 3) == [3]
    range(4, 3) == []
    range(-2, 0) == [-2, -1, 0]

example "index_of: the first position of a value, none when absent":
  expect:
    index_of([5, 6, 5], 5) == 0
    index_of([5, 6, 5], 6) == 1
    index_of([5, 6], 7) == none
    index_of([], 1) == none
    index_of(deck, top(deck)) == 2
    index_of(colour, blue) == 2

example "ceil, floor and abs":
  expect:
    ceil(5 / 2) == 3
    floor(5 / 2) == 2
    ceil(4) == 4
    floor(4) == 4
    ceil(-5 / 2) == -2
    floor(-5 / 2) == -3
    abs(-3) == 3
    abs(3) == 3
    abs(0) == 0
    abs(-1 / 2) == 1 / 2

example "flatten: the lists in a list joined into one, one level deep":
  given:
    let hands = [[1, 2], [], [3]]
  expect:
    flatten(hands) == [1, 2, 3]
    flatten([]) == []
    flatten([[]]) == []
    flatten([[[1], [2]], [[3]]]) == [[1], [2], [3]]
    [c.value for c in flatten([deck, nothing, deck])] == [4, 1, 3, 4, 1, 3]
    sum(flatten(hands)) == 6
