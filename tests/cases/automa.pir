# Automa: `automa name "Display name" when condition` adds a seat the rules play themselves.
# The condition is decided before the game starts, from player_count and variants.

game "Automa":
  players 1 to 3

piece card(value)
zone hand per player

var points per player = 0

variant solo_bot "Add the bot in any game"

automa bot "The Bot" when player_count == 1 or variant solo_bot
automa never "Nobody" when false

setup:
  for each p in players:
    create 1 card(p.index) in p.hand
    create 1 card(p.index + 10) in p.hand

play:
  for each p in players:
    if automa(p):
      p.points += 10
    else:
      p chooses c from p.hand "Play"

example "with one player the automa takes the seat after them":
  players 1 named anna
  expect:
    count(players) == 2
    player_count == 1
    players[1] == bot
    automa(bot)
    not automa(anna)
    bot.name == "The Bot"
    bot.index == 1

example "the automa has its own variables and zones":
  players 1 named anna
  when:
    bot.points += 3
  expect:
    bot.points == 3
    count(bot.hand) == 2
    first(bot.hand).value == 1

example "an automa whose condition is false does not play; its name means none":
  players 2
  expect:
    count(players) == 2
    bot == none
    never == none
    not any([automa(p) for p in players])

example "a variant can bring the automa in":
  players 2
  variants solo_bot
  expect:
    count(players) == 3
    player_count == 2
    players[2] == bot

example "an automa is never asked, but a single option is taken for it":
  players 1 named anna
  when:
    bot chooses c from [x for x in bot.hand where x.value == 1]
    bot chooses n from [4, 4]
  expect:
    c.value == 1
    n == 4

example "an automa can draw and be dealt with by the rules":
  players 1 named anna
  when:
    draw c from bot.hand
    move c to anna.hand
    for each p in players:
      if automa(p):
        p.points += 10
  expect:
    bot.points == 10
    count(anna.hand) == 3
