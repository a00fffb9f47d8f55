# Variants: `variant name "text"` declares an optional rule set; `variant name` is true when
# it is in play. An example picks its variants with `variants a, b`.

game "Variants":
  players 1 to 2

piece coin
zone bank

var start_coins = 3
var rule_text = "basic"

variant rich "Everyone starts with more coins"
variant hard "Harder rules"
variant long_game "A longer game"

setup:
  if variant rich:
    start_coins = 10
  create start_coins coin in bank
  if variant hard and variant rich:
    rule_text = "hard and rich"
  elif variant hard:
    rule_text = "hard"

play:
  pass

define rounds_to_play = 8 if variant long_game else 4

example "no variant is in play unless asked for":
  expect:
    not variant rich
    not variant hard
    not variant long_game
    count(bank) == 3
    rule_text == "basic"
    rounds_to_play == 4

example "one variant changes setup":
  variants rich
  expect:
    variant rich
    not variant hard
    count(bank) == 10
    rule_text == "basic"

example "several variants at once":
  variants hard, rich, long_game
  expect:
    variant hard
    variant rich
    rule_text == "hard and rich"
    rounds_to_play == 8

example "a variant alone":
  variants hard
  expect:
    rule_text == "hard"
    count(bank) == 3
