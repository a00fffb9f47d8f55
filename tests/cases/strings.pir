# Texts: "{expression}" parts are filled in when the text is used; "{{" is a plain brace.

game "Strings":
  players 2 to 2

kind treasure: gold_bar, ruby
piece coin(value) labelled "coin worth {value}"
piece gem
zone pool

board map: grid 2 by 2
  layer ground:
    ". ."
    ". ."

var n = 3

setup:
  create 1 coin(5) in pool
  create 1 gem in pool

play:
  pass

define greeting(p) = "Hello, {p.name}!"

example "numbers, variables and expressions are filled in":
  given:
    let x = 4
  expect:
    "n is {n}" == "n is 3"
    "{x} + {n} = {x + n}" == "4 + 3 = 7"
    "{x * 2}{x * 3}" == "812"
    "{-x}" == "-4"
    "{[10, 20, 30][1]}" == "20"
    "{count([1, 2])} items" == "2 items"
    "{\"inner\"}" == "inner"

example "names show with spaces for underscores; plain text stays as written":
  expect:
    "{gold_bar}" == "gold bar"
    "{ruby}" == "ruby"
    "gold_bar" != "{gold_bar}"

example "players, pieces, zones and cells show as their names and labels":
  players 2 named anna, bob
  expect:
    "{anna}" == "Anna"
    greeting(bob) == "Hello, Bob!"
    "{first(pool)}" == "coin worth 5"
    "{top(pool)}" == "gem"
    "{pool}" == "pool"
    "{at(map, 0, 1)}" == "row 1, column 2"

example "true, false, none and lists":
  expect:
    "{true}" == "yes"
    "{false}" == "no"
    "{none}" == "none"
    "{[1, 2, 3]}" == "1, 2, 3"
    "{[]}" == ""
    "{[ruby, gold_bar]}" == "ruby, gold bar"
    "{[[1, 2], [3]]}" == "[1, 2], [3]"

example "exact division shows whole numbers without a point, fractions with one":
  expect:
    "{6 / 3}" == "2"
    "{7 / 2}" == "3.5"
    "{-1 / 4}" == "-0.25"

example "an if expression inside a text":
  given:
    let k = 1
  expect:
    "{k} card{\"\" if k == 1 else \"s\"}" == "1 card"
    "{k + 1} card{\"\" if k + 1 == 1 else \"s\"}" == "2 cards"

example "doubled braces and escaped characters":
  expect:
    "{{n}" == "{{" + "n}"
    "{{n}" != "{n}"
    "a \"quoted\" word" == "a " + "\"quoted\"" + " word"
    "back\\slash" != "back/slash"

example "texts compare and join with +":
  expect:
    "ab" + "cd" == "abcd"
    "" == ""
    "a" != "b"
    "a" < "b"
    "x" in ["x", "y"]
