# Chance with odds: `draw x from LIST weighted WEIGHTS`, the weights worked out as the line runs.

game "Weighted draw":
  players 1 to 2

kind result: miss, hit
var tally = []
var odds = [3, 1]

play:
  draw r from [miss, hit] weighted odds

example "each element is as likely as its weight":
  when:
    repeat 400 times:
      draw r from [miss, hit] weighted [3, 1]
      tally = tally + [r]
  expect:
    count([r for r in tally where r == hit]) > 60
    count([r for r in tally where r == hit]) < 140

example "the weights may come from the state, and a weight of 0 never comes up":
  given:
    odds = [0, 5]
  when:
    repeat 20 times:
      draw r from [miss, hit] weighted odds
      tally = tally + [r]
  expect:
    tally == [hit for i in range(1, 20)]

example "an element with the only weight above 0 needs no chance at all":
  when:
    draw r from [1, 2, 3] weighted [0, 0, 7]
  expect:
    r == 3
