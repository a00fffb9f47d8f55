# The Kraken: a house rule for Glory Islands. Only where a move ends counts (the
# ship's or the Kraken's), as for the pirate fields: passing it is safe.
extends "../glory_islands.pir"

game "Glory Islands: the Kraken":
  overview "Glory Islands with a Kraken in the sea. It starts on the compass and swims 1 to 3 spaces against the ships at the end of each round. A ship that ends its move where the Kraken is, or that the Kraken swims onto, feeds it a barrel, or loses 2 glory without one."
  the_sea_monster "The Kraken stands on a sea space. At the end of every round, after the cards are discarded, roll the Kraken die (1, 1, 2, 2, 3, 3) and move the Kraken that many spaces anticlockwise, against the ships. A ship that ends its move on the Kraken's space, and every ship on the space where the Kraken ends its swim, gives it one of its barrels, back to the supply; a ship with no barrel (Henry Morgan never has one) loses 2 glory instead. Passing the Kraken, or stopping over on its space with a 5, does nothing, and neither does the Kraken swimming past a ship."

# ---------------------------------------------------------------- components

#: The Kraken, a sea monster that swims round the sea spaces against the ships; a ship that meets it at the end of a move must feed it.
piece kraken labelled "the Kraken" marked "K"

var kraken_piece = none internal
var kraken_at = 0 internal  # the Kraken's place on the route, counted from Home
die kraken_die: 1, 1, 2, 2, 3, 3

# ---------------------------------------------------------------- setup

power kraken_wakes "The Kraken starts on the compass" after setup:
  #: Put the Kraken on the compass space.
  create 1 kraken in route[compass_step]
  #: -
  kraken_at = compass_step
  #: -
  kraken_piece = top(route[compass_step])

# ---------------------------------------------------------------- play

power kraken_hunts "The Kraken swims at the end of the round" after end_round():
  #: Roll the Kraken die; the Kraken swims that many spaces anticlockwise, and every ship on the space where it stops feeds it ({kraken_swims}).
  roll steps on kraken_die
  #: -
  kraken_swims(steps)

#: The Kraken swims {steps} spaces against the ships
rule kraken_swims(steps) "The Kraken swims against the ships":
  #: Move the Kraken anticlockwise round the sea spaces, against the ships, by the number rolled (past Home it goes on down the left side).
  kraken_at = (kraken_at - steps) % lap
  #: -
  move kraken_piece to route[kraken_at]
  log "The Kraken swims {steps} against the ships, to row {route[kraken_at].row + 1}, column {route[kraken_at].col + 1}."
  #: Every ship on the space where it stops feeds it ({feed_kraken}).
  for each p in in_play:
    if ship_space(p) == route[kraken_at]:
      feed_kraken(p)

power kraken_bites "A ship that ends its move on the Kraken's space feeds it" after end_of_move(p):
  #: If your ship ends its move on the Kraken's space, feed the Kraken a barrel, or lose 2 glory if you have none ({feed_kraken}).
  if ship_space(p) == where(kraken_piece):
    feed_kraken(p)

rule feed_kraken(p) "Feed the Kraken a barrel, or lose 2 glory":
  #: Give the Kraken one of your barrels (it goes back to the supply); with no barrel, lose 2 glory instead.
  if count(p.barrels) > 0:
    move first(p.barrels) to barrel_supply
    log "The Kraken! {p.name} throws it a barrel."
  else:
    p.glory -= 2
    log "The Kraken! {p.name} has no barrel to throw it and loses 2 glory."

# ---------------------------------------------------------------- worked examples

example "Anna's 3 ends on the Kraken: she throws it her barrel":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 9)
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    take_turn(anna)
  answers "Sail 3", 2, "No special action"
  expect:
    ship_space(anna) == where(kraken_piece)
    count(anna.barrels) == 0
    count(barrel_supply) == 6
    # The compass still pays its 4 glory, and the field 1.
    anna.glory == 4 + 1

example "With no barrel Anna loses 2 glory; Beth sails past the Kraken unharmed":
  players 3 named anna, beth, connor
  given:
    move anna.barrels to barrel_supply
    anna.glory = 5
    kraken_at = 4
    move kraken_piece to route[kraken_at]
    put_ship(anna, 2)
    put_ship(beth, 3)
    reveal_card(anna, card_of(anna, 2, 1))
    reveal_card(beth, card_of(beth, 2, 4))
  when:
    take_turn(anna)
    take_turn(beth)
  answers "Sail 2", 1
  answers "Sail 2", 1, 1, "No special action"
  expect:
    ship_space(anna) == where(kraken_piece)
    # 5, less 2 for the Kraken, and 1 for the pirate field where she lands her pirate.
    anna.glory == 5 - 2 + 1
    ship_space(beth) == route[5]
    count(beth.barrels) == 1

example "Henry Morgan, who has no barrels, loses 2 glory to the Kraken":
  players 2 named anna, beth
  given:
    kraken_at = 3
    move kraken_piece to route[kraken_at]
    put_ship(henry_morgan, 2)
    reveal_card(henry_morgan, first([c for c in henry_morgan.deck where c.value == 1]))
  when:
    automa_turn(henry_morgan)
  expect:
    ship_space(henry_morgan) == where(kraken_piece)
    # 2 glory instead of a barrel on the barrel space, less 2 for the Kraken.
    henry_morgan.glory == 2 - 2

example "The Kraken swims past Anna and surfaces under Beth and Connor: each of them feeds it":
  players 3 named anna, beth, connor
  given:
    move connor.barrels to barrel_supply
    connor.glory = 3
    put_ship(anna, 10)
    put_ship(beth, 8)
    put_ship(connor, 8)
  when:
    kraken_swims(4)
  expect:
    where(kraken_piece) == route[8]
    count(anna.barrels) == 1
    count(beth.barrels) == 0
    connor.glory == 3 - 2

example "At the end of the round the Kraken die moves it 1 to 3 spaces":
  players 3 named anna, beth, connor
  given:
    reveal_card(anna, card_of(anna, 2, 1))
  when:
    end_round()
  expect:
    kraken_at in [compass_step - 1, compass_step - 2, compass_step - 3]
    where(kraken_piece) == route[kraken_at]

example "Past Home the Kraken swims on down the left side, leaving the ships there alone":
  given:
    kraken_at = 1
  when:
    kraken_swims(3)
  expect:
    where(kraken_piece) == at(islands, 2, 0)
    count(players[0].barrels) == 1
