# Named expressions: `define name = expr` and `define name(a, b) = expr`.
# A define is worked out each time it is used, so it always sees the current state.

game "Defines":
  players 2 to 3

piece card(value)
zone deck
zone hand per player owner

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
