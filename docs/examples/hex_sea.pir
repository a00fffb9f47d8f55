# Hex Sea: a sketch of hex-map sailing.
#
# The sea is a hex board (every odd row pushed half a hex to the right); the
# built-ins step, neighbours and distance work in hexes. It shows how To Glory!
# and Decks of Glory can be written: ship facing, moving forward and steering, a wind that
# shifts, points of sail, a 52-card deck as the only randomiser with suit tables,
# gunnery with range and raking. Not a published game.

game "Hex Sea":
  players 2 to 2
  overview "Two ships duel on a hex sea under a shifting wind; a deck of cards decides everything."
  goal "Be the last ship afloat, or the stronger one after eight turns."

# ---------------------------------------------------------------- components

kind suit: spades, hearts, diamonds, clubs
kind manoeuvre: forward, turn_left, turn_right, fire
kind point: in_irons, close_hauled, running

piece playing_card(rank, suit) labelled "{rank} of {suit}"
piece ship(owner) labelled "{owner.name}'s ship"

zone deck hidden
zone discard

# Directions 0..5 run clockwise: 0 north-east, 1 east, 2 south-east,
# 3 south-west, 4 west, 5 north-west.
var facing per player = 1
var strength per player = 8
var incoming per player = 0
var wind = 4                       # the direction the wind blows from
var drawn = none                   # the card turned by turn_card()

# ---------------------------------------------------------------- the board

# assumed: a 7 by 7 sea with no islands.
board sea: hex 7 by 7
  layer water:
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~"
  legend water: "~" = open_sea

define ship_of(p) = first([s for s in all_pieces(cells(sea)) where s.owner == p])
define cell_of(p) = where(ship_of(p))
define rival(p) = first([q for q in players where q != p])

# ---------------------------------------------------------------- tables

# Where the wind comes from, seen from the bow: 0 dead ahead ... 3 dead astern.
define relative_wind(p) = (wind - p.facing) % 6

table point_of_sail:
  0 -> in_irons
  1 -> close_hauled
  2 -> running
  3 -> running
  4 -> running
  5 -> close_hauled

table actions_for:
  in_irons     -> 0
  close_hauled -> 1
  running      -> 2

table broadside_hits:
  spades   -> 4
  hearts   -> 3
  diamonds -> 2
  clubs    -> 1

define red(card) = card.suit == hearts or card.suit == diamonds

# ---------------------------------------------------------------- setup

setup:
  #: Put 13 cards of each suit, ranked 1 to 13, in the deck.
  for each s in suit:
    for each r in range(1, 13):
      create 1 playing_card(r, s) in deck
  create 1 ship(players[0]) in at(sea, 1, 1)
  create 1 ship(players[1]) in at(sea, 5, 5)
  players[1].facing = 4

# ---------------------------------------------------------------- play

play:
  rounds until round_number == 8 or any([p.strength <= 0 for p in players]):
    phase "Wind check":
      turn_card()
      if drawn.suit == spades:
        wind = (wind + 5) % 6
      elif drawn.suit == clubs:
        wind = (wind + 1) % 6
      log "The wind blows from direction {wind}."
    phase "Movement":
      for each p in players:
        manoeuvre_ship(p)
    phase "Gunnery":
      for each p in players:
        broadside(p)
      for each p in players:
        p.strength -= p.incoming
        p.incoming = 0

rule turn_card() "Turn a card; shuffle the discards back when the deck is empty":
  if count(deck) == 0:
    move discard to deck
    log "The discards are shuffled into a new deck."
  draw c from deck
  move c to discard
  drawn = c

rule manoeuvre_ship(p) "Move forward or turn, as many times as the wind allows":
  let left = actions_for[point_of_sail[relative_wind(p)]]
  if left == 0:
    # In irons: a red card allows one turn, nothing else.
    turn_card()
    if red(drawn):
      p chooses act from [turn_left, turn_right] "Locked in irons: turn?" optional "Stay"
      if act == turn_left:
        p.facing = (p.facing + 5) % 6
      elif act == turn_right:
        p.facing = (p.facing + 1) % 6
    return
  while left > 0:
    let ahead = step(cell_of(p), p.facing)
    let options = ([forward] if ahead != none and empty(ahead) else []) + [turn_left, turn_right]
    #: Manoeuvre: forward (when the cell ahead is empty), turn left or turn right; or stop.
    p chooses act from options "Manoeuvre ({left} left)" optional "Stop"
    if act == none:
      return
    if act == forward:
      move ship_of(p) to ahead
    elif act == turn_left:
      p.facing = (p.facing + 5) % 6
    else:
      p.facing = (p.facing + 1) % 6
    left -= 1
    if relative_wind(p) == 0:
      log "{p.name} turns into the wind and is locked in irons."
      return

rule broadside(p) "Fire one broadside: range 1 to 3, raking at range 1":
  let q = rival(p)
  let range_to = distance(cell_of(p), cell_of(q))
  if range_to > 3:
    return
  turn_card()
  #: The hits are the broadside hits for the suit of the card turned.
  let hits = broadside_hits[drawn.suit]
  if range_to >= 2:
    hits -= 1
  #: Otherwise, from the hex ahead of or astern of the target (raking), turn a second card and add its hits.
  elif cell_of(p) == step(cell_of(q), q.facing) or cell_of(p) == step(cell_of(q), (q.facing + 3) % 6):
    turn_card()
    hits += broadside_hits[drawn.suit]
  q.incoming += hits
  log "{p.name} fires at range {range_to}: {hits} hits."

# ---------------------------------------------------------------- scoring

score p: p.strength

# ---------------------------------------------------------------- examples

example "hex steps depend on the row":
  expect:
    step(at(sea, 2, 2), 0) == at(sea, 1, 2)
    step(at(sea, 1, 2), 0) == at(sea, 0, 3)
    step(at(sea, 0, 0), 5) == none
    count(neighbours(at(sea, 3, 3))) == 6
    distance(at(sea, 0, 0), at(sea, 3, 3)) == 5

example "points of sail":
  players 2 named ann, bo
  when:
    wind = 1
  expect:
    point_of_sail[relative_wind(ann)] == in_irons
    point_of_sail[relative_wind(bo)] == running

example "a running ship makes two moves":
  players 2 named ann, bo
  given:
    wind = 4
  when:
    manoeuvre_ship(ann)
  answers "forward", "forward"
  expect:
    cell_of(ann) == at(sea, 1, 3)
