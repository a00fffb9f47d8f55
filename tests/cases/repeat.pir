# `repeat n times: ...`: the count is worked out once, before the first pass.

game "Repeat":
  players 1 to 2

var n = 0
var trail = []

play:
  pass

example "the body runs the given number of times":
  when:
    repeat 3 times:
      n += 1
  expect:
    n == 3

example "zero or a negative count runs the body no times":
  when:
    repeat 0 times:
      n += 1
    repeat -2 times:
      n += 1
  expect:
    n == 0

example "the count can be an expression, worked out once":
  given:
    n = 2
  when:
    repeat n + 1 times:
      n += 10
  expect:
    n == 32

example "a count from exact division that comes out whole is fine":
  when:
    repeat 6 / 2 times:
      n += 1
  expect:
    n == 3

example "repeats nest":
  when:
    repeat 2 times:
      trail = trail + ["a"]
      repeat 3 times:
        trail = trail + ["b"]
  expect:
    trail == ["a", "b", "b", "b", "a", "b", "b", "b"]

example "a repeat with a decision asks each time":
  players 1 named anna
  when:
    repeat 3 times:
      anna chooses x from [1, 10] "Add how much?"
      n += x
  answers 1, 2, 2
  expect:
    n == 21
