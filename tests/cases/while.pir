# `while condition: ...` repeats while the condition holds, checked before each pass.

game "While":
  players 1 to 2

piece card(value)
zone deck
zone hand

var n = 0
var trail = []

setup:
  for each v in [1, 2, 3, 4, 5]:
    create 1 card(v) in deck

play:
  pass

example "the condition is checked before each pass":
  when:
    while n < 3:
      n += 1
      trail = trail + [n]
  expect:
    n == 3
    trail == [1, 2, 3]

example "a condition false at the start runs the body no times":
  when:
    while n > 0:
      trail = trail + ["never"]
  expect:
    trail == []

example "a while can empty a zone":
  when:
    while count(deck) > 2:
      move top(deck) to hand
  expect:
    [c.value for c in deck] == [1, 2]
    [c.value for c in hand] == [5, 4, 3]

example "a while with a decision goes on until the player says stop":
  players 1 named anna
  given:
    let going = true
  when:
    while going:
      anna chooses more from [true, false] "Draw another?" labelled "draw" if more else "stop"
      if more:
        move top(deck) to hand
      else:
        going = false
  answers "draw", "draw", "stop"
  expect:
    count(hand) == 2

example "whiles nest":
  given:
    let i = 0
  when:
    while i < 2:
      i += 1
      let j = 0
      while j < 2:
        j += 1
        trail = trail + [i * 10 + j]
  expect:
    trail == [11, 12, 21, 22]
