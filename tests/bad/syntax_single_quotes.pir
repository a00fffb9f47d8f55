# error: unexpected character "'"
# at: 7:7
# hint: write text between double quotes
game "Single quotes":
  players 2 to 4
play:
  log 'The round begins'
