# error: unknown name 'cnt'
# at: 9:40
game "Check message with a slip after escaped quotes":
  players 2 to 4

var count_of_turns = 0

play:
  check count_of_turns >= 0 "{\"n\"}: {cnt}"
