# error: unknown variant 'calm'
# at: 11:12
game "Weather":
  players 2 to 4
variant storm "Wind blows"
play:
  if variant storm:
    pass
score p: 0
example "A calm day":
  variants calm
  expect:
    true
