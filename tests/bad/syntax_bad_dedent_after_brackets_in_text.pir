# error: indentation does not match any outer block
# at: 11:5
# hint: indent it exactly as far as the block it belongs to
game "Bad dedent after brackets in a text":
  players 2 to 4

play:
  log "Brackets in a text :-( do not count"
  if round_number > 1:
      pass
    pass
