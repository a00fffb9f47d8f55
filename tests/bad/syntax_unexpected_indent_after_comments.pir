# error: unexpected indentation
# at: 13:7
# hint: indent it as far as the line above
game "Unexpected indent after comments":
  players 2 to 4

var x = 0

play:
  x = 1
  # a comment between the lines does not move the error

      x = 2
