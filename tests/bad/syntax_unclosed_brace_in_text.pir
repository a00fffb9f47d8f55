# error: a '{' in this text is never closed
# at: 6:7
game "Brace":
  players 2 to 4
play:
  log "Round {round_number begins"
