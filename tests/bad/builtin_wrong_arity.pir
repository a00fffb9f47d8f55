# error: 'take' takes 2 arguments, but 1 is given
# at: 7:19
game "Take":
  players 2 to 4
zone bag
play:
  let top_three = take(bag)
  log "{top_three}"
score p: 0
