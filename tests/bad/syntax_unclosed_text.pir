# error: unexpected character '"'
# at: 6:7
game "Unclosed text":
  players 2 to 4
play:
  log "The round begins
