# error: two actions of this turn read 'Move'
# at: 12:9
game "Alike":
  players 2 to 2
play:
  for each p in players:
    p acts "Next?" until "Stop":
      up to 2 times:
        "Move":
          pass
      once:
        "Move":
          pass
