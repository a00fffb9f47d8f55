# Named expressions: `define name = expr` and `define name(a, b) = expr`.
# A define is worked out each time it is used, so it always sees the current state.

game "Defines":
  players 2 to 3

piece card(value)
zone deck
zone hand per player owner
zone table

board map: grid 1 by 2
  layer ground:
    ". ."

var bonus = 1
var points per player = 0

setup:
  for each v in [1, 2, 3]:
    create 1 card(v) in deck

play:
  pass

define five = 5
define squares = [n * n for n in range(1, 3)]
define double(x) = x * 2
define add(a, b) = a + b
define quadruple(x) = double(double(x))
define hand_size(p) = count(p.hand)
define hand_total(p) = sum([c.value for c in p.hand])
define with_bonus(x) = x + bonus
define lead(p) = p.points - max([q.points for q in players where q != p])
define place_of(c) = where(c)
define factorial(n) = 1 if n <= 1 else n * factorial(n - 1)
define longest(lists) = max([count(l) for l in lists])
define this_round = round_number
define first_or_size(p) = 0 if p.index == 0 else count(p.hand)

# One define per way of reading the state, for the example "... every kind of read".
define table_empty = empty(table)
define cell_empty = empty(at(map, 0, 0))
define top_of_table = top(table)
define on_table(c) = c in table
define bottom_by_position = table[0] if count(table) > 0 else none
define out(p) = eliminated(p)
define pieces_in_play = count(all_pieces([table, deck]))
define joined = count(table + deck)
define position_on_table(c) = index_of(table, c)
define bonus_text = "bonus {bonus}"
define bonus_plus_one = with_bonus(1)
define all_points = [p.points for p in players]

example "defines without and with parameters, and defines using defines":
  expect:
    five == 5
    squares == [1, 4, 9]
    double(4) == 8
    add(2, 3) == 5
    quadruple(3) == 12
    add(five, double(five)) == 15

example "a define may call itself":
  expect:
    factorial(5) == 120
    factorial(0) == 1

example "lists can be passed to a define":
  expect:
    longest([[1], [1, 2, 3], []]) == 3
    longest([[7, 7]]) == 2

example "a define sees pieces move between uses":
  players 2 named anna, bob
  given:
    let before = hand_size(anna)
    let total_before = hand_total(anna)
    let card_one = first(deck)
    let place_before = place_of(card_one)
  when:
    move deck to anna.hand
  expect:
    before == 0
    total_before == 0
    hand_size(anna) == 3
    hand_total(anna) == 6
    place_before == deck
    place_of(card_one) == anna.hand

example "a define sees variables change between uses":
  players 2 named anna, bob
  given:
    let before = with_bonus(10)
    let lead_before = lead(anna)
  when:
    bonus = 5
    anna.points = 7
    bob.points = 3
  expect:
    before == 11
    with_bonus(10) == 15
    lead_before == 0
    lead(anna) == 4
    lead(bob) == -4

example "a define sees the round number change":
  given:
    let seen = []
  when:
    rounds until round_number == 3:
      seen = seen + [this_round]
  expect:
    seen == [1, 2, 3]

example "a define that reads the state only for some arguments still follows it":
  players 2 named anna, bob
  given:
    let a0 = first_or_size(anna)
    let b0 = first_or_size(bob)
  when:
    move deck to bob.hand
  expect:
    a0 == 0
    b0 == 0
    first_or_size(anna) == 0
    first_or_size(bob) == 3

example "a define follows every kind of read: zones, cells, variables, eliminations, texts":
  players 2 named anna, bob
  given:
    let c = top(deck)
    let before = [table_empty, cell_empty, top_of_table, on_table(c), bottom_by_position, out(anna), pieces_in_play, joined, position_on_table(c), bonus_text, bonus_plus_one, all_points]
  when:
    move deck to table
    move first(table) to at(map, 0, 0)
    eliminate anna
    bonus = 4
    bob.points = 2
  expect:
    before == [true, true, none, false, none, false, 3, 3, none, "bonus 1", 2, [0, 0]]
    not table_empty
    not cell_empty
    top_of_table == c
    on_table(c)
    bottom_by_position.value == 2
    out(anna)
    pieces_in_play == 2
    joined == 2
    position_on_table(c) == 1
    bonus_text == "bonus 4"
    bonus_plus_one == 5
    all_points == [0, 2]
