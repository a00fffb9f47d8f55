# error: 'sum' adds up numbers, but each element of this list is a list
# at: 11:20
# hint: write flatten(...)
game "Sum of lists":
  players 2 to 4

zone hand per player
define both(p) = [count(p.hand), count(p.hand)]

play:
  let total = sum([both(p) for p in players])
  log "{total}"

score p: count(p.hand)
