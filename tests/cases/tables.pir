# Lookup tables: `table name:` with `key -> value` rows of fixed values, and an
# optional first line `header "KEY" -> "VALUE", ...` that names the columns for people.

game "Tables":
  players 1 to 2

kind gem: ruby, pearl, jade

table set_value:
  0 -> 0
  1 -> 1
  2 -> 3
  3 -> 6

table gem_points:
  header "Gem" -> "Points"
  ruby  -> 5
  pearl -> 3
  jade  -> 1

table prizes:
  header "Island size" -> "1st", "2nd", "3rd"
  3 -> [4, 2]
  4 -> [5, 3, 1]

table odd_rows:
  -1     -> "minus one"
  "text" -> true
  7      -> [6, [ruby]]
  none   -> "nothing"

var kept = none

play:
  pass

example "a table gives the value of a row by its key":
  expect:
    set_value[0] == 0
    set_value[3] == 6
    gem_points[pearl] == 3
    sum([gem_points[g] for g in gem]) == 9

example "the key can be worked out, and the value can be a list":
  given:
    let size = 2 + 2
  expect:
    prizes[size] == [5, 3, 1]
    prizes[size][0] == 5
    prizes[3][count(prizes[3]) - 1] == 2
    set_value[count([1, 2])] == 3

example "a header names the columns for people and changes nothing in play":
  expect:
    prizes[3] == [4, 2]
    gem_points[ruby] == 5
    count(prizes[4]) == 3

example "keys and values may be negative numbers, texts, none, or nested lists":
  expect:
    odd_rows[-1] == "minus one"
    odd_rows["text"]
    odd_rows[7] == [6, [ruby]]
    odd_rows[none] == "nothing"

example "in asks whether a table has a row for a key":
  expect:
    2 in set_value
    9 not in set_value
    jade in gem_points
    "ruby" in gem_points

example "a table can be kept in a variable and looked up later":
  given:
    kept = gem_points
  expect:
    kept[ruby] == 5
