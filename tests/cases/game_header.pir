# The game header: `game "Name":` with `players A to B` and any number of `word "text"` lines.
# What the engine reports of it (name, player range, texts) is tested in test_engine_api.py.

game "Header Test":
  players 3 to 5
  credits "Written for the pirdsl tests."
  overview "A game that only has a header."
  goal "None: the game ends at once."

variant quick "A variant, to be listed"

play:
  pass

example "an example without a players line has the fewest players":
  expect:
    player_count == 3
    [p.name for p in players] == ["Player 1", "Player 2", "Player 3"]
    [p.index for p in players] == [0, 1, 2]

example "the most players the header allows":
  players 5
  expect:
    player_count == 5
