# `log "text"` writes a line everyone sees; `log to p "text"` a line only p sees.
# What each seat reads is tested in tests/test_engine_api.py.

game "Log":
  players 2 to 2

var n = 0

play:
  log "Game starts with {count(players)} players"
  for each p in players:
    log to p "Only {p.name} reads this"
  n = 1
  log "n is {n}"
  players[0] chooses x from [1, 2] "Anything"
  log "done"

example "logging changes nothing else":
  players 2 named anna, bob
  when:
    log "hello"
    log to anna "secret {anna.name}"
    n += 1
  expect:
    n == 1
