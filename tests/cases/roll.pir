# Dice: `die name: faces` and `roll x on name`. Faces are numbers, names or none.

game "Roll":
  players 1 to 2

die d6: 1, 2, 3, 4, 5, 6
die combat: 2, 4, star, -1, none
die loaded: 1, 1, 1, 6
die sure: 3

var rolls = []
var sixes = 0

play:
  roll r on d6

example "a one-face die always shows that face":
  when:
    roll r on sure
  expect:
    r == 3

example "every face of a six-sided die turns up, and nothing else":
  when:
    repeat 120 times:
      roll r on d6
      rolls = rolls + [r]
  expect:
    distinct([r for r in rolls order by r]) == [1, 2, 3, 4, 5, 6]
    sum(rolls) > 120 * 3
    sum(rolls) < 120 * 4

example "faces may be names, negative numbers and none":
  when:
    repeat 100 times:
      roll r on combat
      rolls = rolls + [r]
  expect:
    star in rolls
    -1 in rolls
    none in rolls
    all([r in [2, 4, star, -1, none] for r in rolls])
    count([r for r in rolls where r == star]) > 0

example "a face printed several times comes up that much more often":
  when:
    repeat 400 times:
      roll r on loaded
      if r == 6:
        sixes += 1
  expect:
    sixes > 60
    sixes < 140

example "a roll can be used at once in arithmetic":
  given:
    let total = 0
  when:
    roll a on sure
    roll b on sure
    total = a + b
  expect:
    total == 6
