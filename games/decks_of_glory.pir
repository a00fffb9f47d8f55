# Decks of Glory (free Napoleonic naval rules), written in pirdsl.
#
# Two admirals, one playing the red suits and one the black, fight a short sea
# battle on a hex map. A single 52-card deck is the only randomiser: it shifts
# the wind, gives the initiative, frees ships in irons or entangled, and decides
# every broadside, boarding action and surrender.
#
# How cards are turned: the discard pile is put face down as the deck and shuffled
# (in setup and whenever the deck runs out), and each card turned is drawn from
# it. Cards put on top of the deck after a shuffle are turned first, so a worked
# example can stack the deck (`stack([...])`) and know exactly which cards come up,
# whatever the seed.
#
# Facts the rules leave open are marked "# assumed:", each in one definition.
# Decisions about how the rules are read are marked "# reading:".

game "Decks of Glory":
  players 2 to 2
  credits "Decks of Glory, free Napoleonic naval rules. Encoded for pirdsl."
  overview "Sailing ships duel on a hex sea. Each turn a card may shift the wind, a card says who moves first, ships sail as the wind allows, then broadsides and boarding parties are settled by turning cards. A beaten ship turns one more card: it sinks, or strikes and drifts away as a derelict."
  goal "Have ships still fighting when the enemy has none; after the last turn, the stronger squadron wins."
  version "1"
  also_needed "A hex map (8 by 10 hexes of open sea), a model or counter for each ship with its bow marked, a wind arrow on the edge of the map pointing the way the wind blows, and a turn counter: the battle is broken off after 20 turns."
  the_wind "The wind is named by where it blows from: a west wind comes from the west and blows towards the east, so derelicts drift east. A ship's point of sail is fixed where her move starts: running (2 actions) with the wind from astern or a rear quarter, close-hauled (1 action) with it on a forward quarter, in irons with it dead ahead. Turning onto another point during the move does not change her actions, except that turning head to wind ends the move at once, in irons."
  firing_arcs "A broadside bears on the hexes abeam, on either side: between the lines 60 and 120 degrees off the bow, hexes on those lines included. At 1 hex that is the 2 side hexes on each beam, at 2 hexes 3 on each side, at 3 hexes 4 on each side; never the hexes straight ahead or astern. Only fighting enemies are targets: derelicts have struck and are not fired on."
  entangling "A ship that sails into a hex with any ship in it, friend or foe, fighting or derelict, is entangled with every ship there and ends her move; she lies side by side with them, parallel, facing the same way (bow to bow) or the opposite way (bow to stern), as her admiral chooses. Entangled ships cannot fire; enemies entangled board each other every turn until one side is beaten or cuts loose."

# ---------------------------------------------------------------- components

kind colour: red, black
kind suit: spades, hearts, diamonds, clubs
kind rank: two, three, four, five, six, seven, eight, nine, ten, jack, queen, king, ace
kind point: in_irons, close_hauled, running
kind ship_state: fighting, derelict
kind helm: sail_ahead, turn_to_port, turn_to_starboard
# The six hex directions, clockwise from north-east (the engine's directions 0 to 5).
kind bearing: north_east, east, south_east, south_west, west, north_west

#: A standard 52-card deck: the game's only chance. Every draw turns the top card face up onto the discard pile.
piece playing_card(rank, suit) labelled "{rank} of {suit}"
# A ship's mark on the board: its side's letter and its name's initial (RV: Valiant, red).
#: A ship of the line, red or black, of rate 1 to 4 (strength 12, 10, 8 or 6).
piece ship(side, rate, title, initial) labelled "{title}" marked "{side_letter[side]}{initial}"

#: the deck
zone deck hidden                      # face down; the top card is turned next
#: the discard pile
zone discard                          # face up, the last card turned on top
#: the bottom of the sea
zone sunk                             # ships sent to the bottom
#: the ships lost off the map
zone adrift                           # derelicts that drifted off the map

var strength per ship = rate_strength[rate]
var facing per ship = east
var state per ship = fighting
#: hits waiting
var hits_due per ship = 0 internal    # gunnery hits waiting to land together

#: colour
var chosen_colour per player = none   # the suits this admiral activates on: red or black
#: the wind (where it blows from)
var wind_from = west
#: the card just turned
var drawn = none internal             # the card turned last (the top of the discard pile)
#: the broadsides chosen this turn
var broadsides = [] internal          # [firing ship, target] pairs chosen this turn
var cut_loose = [] internal           # [ship, the ship it cut loose from] this turn
var turn_order = []  # set each turn by the initiative card: who moves first, then second

# ---------------------------------------------------------------- the board

# assumed: an open sea of 8 rows by 10 hexes (the rules give no map size).
board sea: hex 8 by 10
  layer water:
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
  legend water: "~" = open_sea

define number_of(b) = index_of(bearing, b)
#: {b} turned {n} faces clockwise
define turned(b, n) = bearing[(number_of(b) + n) % 6]
define opposite(b) = turned(b, 3)
define downwind = opposite(wind_from)
#: the hex ahead of {s}
define ahead_of(s) = step(where(s), number_of(s.facing))

#: the ships on the map
define ships_on_sea = all_pieces(cells(sea))
#: {s} is still fighting
define still_fighting(s) = s.state == fighting  # a ship that has not struck her colours. A ship beaten to 0 strength strikes at the end of the turn: she sinks, or becomes a derelict, which drifts downwind, neither fires nor is fired on, and counts nothing
define fighting_ships(side) = [s for s in ships_on_sea where s.side == side and still_fighting(s)]
define fleet_strength(side) = sum([s.strength for s in fighting_ships(side)])
#: only one squadron, or none, is still fighting
define battle_over = count(fighting_ships(red)) == 0 or count(fighting_ships(black)) == 0
define other_ships(s) = [t for t in where(s) where t != s]
# Ships that share a hex are entangled, however many they are.
#: {s} shares its hex with another ship
define entangled(s) = count(other_ships(s)) > 0  # a ship sharing her hex with another ship: she cannot fire, and boarding settles it

#: the ships of side {side}, with their rates
define squadron(side) = [rated(x) for x in ships_on_sea where x.side == side]
define rated(x) = "{x} ({rate_name[x.rate]})"

# Each admiral commands the scenario's squadron of the colour they chose.
define side_of(p) = p.chosen_colour
define admiral(side) = first([p for p in players where p.chosen_colour == side])

# ---------------------------------------------------------------- tables

table rate_strength:
  header "Rate" -> "Strength"
  1 -> 12
  2 -> 10
  3 -> 8
  4 -> 6

table rate_name:
  1 -> "1st rate"
  2 -> "2nd rate"
  3 -> "3rd rate"
  4 -> "4th rate"

table side_letter:
  red   -> "R"
  black -> "B"

table broadside_hits:
  header "Suit" -> "Broadside hits"
  spades   -> 4
  hearts   -> 3
  diamonds -> 2
  clubs    -> 1

table boarding_hits:
  header "Suit" -> "Boarding hits"
  spades   -> 3
  hearts   -> 2
  diamonds -> 1
  clubs    -> 0

define is_red(card) = card.suit == hearts or card.suit == diamonds
# assumed: aces rank high (2 lowest, ace highest) when cards are compared.
define card_value(card) = index_of(rank, card.rank) + 2

# Points of sail. Where the wind comes from, counted clockwise from the bow:
# 0 dead ahead, 1 and 5 the forward quarters, 2 and 4 the rear quarters, 3 astern.
# reading: of the six hex directions, wind from astern or a rear quarter is
# running, from a forward quarter close-hauled, from dead ahead in irons.
define relative_wind(s) = (number_of(wind_from) - number_of(s.facing)) % 6
define point_of_sail(s) = points_by_relative_wind[relative_wind(s)]

#: Where the wind comes from, counted in hex faces clockwise from the bow (0 dead ahead, 3 dead astern), sets a ship's point of sail.
table points_by_relative_wind:
  header "Wind from" -> "Point of sail"
  0 -> in_irons
  1 -> close_hauled
  2 -> running
  3 -> running
  4 -> running
  5 -> close_hauled

#: The actions a ship has in her move, by her point of sail where the move starts.
table actions_for:
  header "Point of sail" -> "Actions"
  in_irons     -> 0
  close_hauled -> 1
  running      -> 2

#: how {s} sails in this wind: its point of sail and its actions this turn
define sailing_text(s) = "{point_of_sail(s)}: {actions_for[point_of_sail(s)]} action{\"\" if actions_for[point_of_sail(s)] == 1 else \"s\"}" if point_of_sail(s) != in_irons else "in irons: turn a card to try to pay off"
# What a helm order does, for its option to say: where the ship sails, or how it
# then lies to the wind (turning head to wind ends the move in irons).
define after_turn(s, way) = turned(s.facing, 5 if way == turn_to_port else 1)
define point_facing(b) = points_by_relative_wind[(number_of(wind_from) - number_of(b)) % 6]
define lie_text(b) = "head to wind: in irons, the move ends" if point_facing(b) == in_irons else "{point_facing(b)}"
define alongside_text(c) = "" if count(c) == 0 else ", alongside {all_pieces([c])}: entangled, the move ends"
#: what helm order {act} does to {s}
define helm_label(s, act) = "sail ahead to {ahead_of(s)}{alongside_text(ahead_of(s))}" if act == sail_ahead else "{act}: face {after_turn(s, act)}, {lie_text(after_turn(s, act))}"

# assumed: broadsides reach at most 3 hexes (the rules only give a modifier for
# 2 to 3 hexes).
define max_range = 3

# assumed: a broadside bears on the hexes abeam, between the lines
# 60 and 120 degrees off the bow on either side (edges included): at one hex the
# four side neighbours, never the hex dead ahead or dead astern.
# Axial hex coordinates [q, r] (odd rows sit half a hex to the right); a 60-degree
# turn anticlockwise takes [q, r] to [q + r, -q]. Turned back so that the ship
# faces north-east, the starboard arc is q >= 0 and r >= 0, the port arc q <= 0 and r <= 0.
define axial(c) = [c.col - floor(c.row / 2), c.row]
define turned_back(v, n) = v if n == 0 else turned_back([v[0] + v[1], -v[0]], n - 1)
define offset_from_bow(s, c) = turned_back([axial(c)[0] - axial(where(s))[0], axial(c)[1] - axial(where(s))[1]], number_of(s.facing))
define abeam(v) = (v[0] >= 0 and v[1] >= 0) or (v[0] <= 0 and v[1] <= 0)
define bears_on(s, c) = abeam(offset_from_bow(s, c))

#: the range from {s} to {t}
define range_to(s, t) = distance(where(s), where(t))
# A raking shot: fired from one hex off the target's bow or stern.
define rakes(s, t) = range_to(s, t) == 1 and direction_to(where(t), where(s)) in [number_of(t.facing), number_of(opposite(t.facing))]
# assumed: a derelict has struck and is not fired on.
#: the enemies {s} can fire on
define targets_of(s) = [t for t in ships_on_sea where t.side != s.side and still_fighting(t) and range_to(s, t) >= 1 and range_to(s, t) <= max_range and bears_on(s, where(t))]
define can_fire(s) = still_fighting(s) and not entangled(s) and s.strength > 0  # a free ship: fighting (not struck or sunk), not entangled, with strength left
define target_label(s, t) = "{t}, {range_to(s, t)} hex{\"\" if range_to(s, t) == 1 else \"es\"} away{\", raking\" if rakes(s, t) else \"\"}{\", entangled: hits are shared\" if entangled(t) else \"\"}"

# assumed: the battle is broken off after 20 turns (the rules set no limit).
#: 20
define turn_limit = 20
#: 20 turns have been played
define last_turn = round_number == turn_limit

# ---------------------------------------------------------------- scenarios

# Each ship: [side, rate, name, row, column, facing, initial] (rows and columns from 0).
# assumed: start positions, facings and the opening wind (from the west) of both
# scenarios; the two squadrons start on the same side of the map, converging.
define duel_ships = [[red, 3, "Valiant", 1, 2, south_east, "V"],
                     [black, 3, "Audacieux", 6, 2, north_east, "A"]]
define first_rate_ships = [[red, 1, "Sovereign", 1, 2, south_east, "S"],
                           [black, 4, "Alerte", 6, 1, north_east, "A"],
                           [black, 4, "Bellone", 6, 3, north_east, "B"]]
#: the scenario's ships
define scenario = first_rate_ships if variant first_rate else duel_ships

# ---------------------------------------------------------------- variants

variant first_rate "A red 1st rate against two black 4th rates"
variant wind_by_cards "Each admiral turns a card; the higher card chooses the opening wind"

# ---------------------------------------------------------------- setup

setup:
  # Every piece is made before the first card is shuffled: the engine pauses at
  # the first chance event, and from there on the pieces must stay the same.
  #: -
  for each s in suit:
    for each r in rank:
      create 1 playing_card(r, s) in discard
  #: Put each ship of the scenario on its starting hex with its starting facing.
  for each spec in scenario:
    create 1 ship(spec[0], spec[1], spec[2], spec[6]) in at(sea, spec[3], spec[4])
    let launched = top(at(sea, spec[3], spec[4]))
    launched.facing = spec[5]
    log "The {spec[0]} squadron: {launched}, {rate_name[spec[1]]}, strength {launched.strength}, facing {launched.facing}."
  choose_colours()
  #: Shuffle the 52 playing cards face down to form the deck ({shuffle_discards}).
  shuffle_discards()
  if variant wind_by_cards:
    choose_opening_wind()
  log "{admiral(red).name} commands the red squadron, {admiral(black).name} the black. The wind blows from the {wind_from}."

rule choose_colours() "The admirals choose colours: red suits or black":
  # assumed: the first player chooses; the other admiral takes the other colour.
  #: Player 1 (the first player) chooses red or black: that admiral commands the squadron of that colour and moves first when the initiative card is of that colour.
  players[0] chooses c from colour "Activate on red suits or on black suits? You command the squadron of that colour." labelled "{c}: {squadron(c)}"
  #: The other admiral takes the other colour and squadron.
  players[0].chosen_colour = c
  #: -
  players[1].chosen_colour = first([k for k in colour where k != c])

rule shuffle_discards() "Shuffle the discard pile face down to form the deck":
  #: Gather the cards turned face up and shuffle them face down as the new deck.
  move discard to deck
  #: -
  shuffle deck

rule turn_card(reason) "Turn the top card of the deck onto the discard pile":
  # assumed: a spent deck is made again from the discards (the rules do not say).
  if count(deck) == 0:
    log "The deck is spent: the discards are shuffled into a new deck."
    shuffle_discards()
  #: Turn the top card of the deck face up onto the discard pile.
  draw c from deck
  #: -
  move c to discard
  #: -
  drawn = c
  log "{reason}: {c}."

rule choose_opening_wind() "The higher card chooses where the wind blows from":
  #: -
  let chooser = none
  #: Each admiral turns a card until one card is higher (aces high).
  while chooser == none:
    turn_card("{players[0].name} turns")
    let first_card = drawn
    turn_card("{players[1].name} turns")
    if card_value(first_card) > card_value(drawn):
      chooser = players[0]
    elif card_value(drawn) > card_value(first_card):
      chooser = players[1]
    else:
      # assumed: equal ranks turn again.
      log "Equal cards: both turn again."
  #: The admiral with the higher card chooses where the wind blows from
  chooser chooses b from bearing "Where does the wind blow from?"
  #: -
  wind_from = b

# ---------------------------------------------------------------- play

play:
  rounds until battle_over or last_turn:
    phase "Wind check":
      wind_check()
    phase "Derelicts drift":
      drift_derelicts()
    phase "Initiative":
      initiative()
    phase "Movement":
      for each p in turn_order:
        move_squadron(p)
    phase "Gunnery":
      gunnery()
    phase "Boarding":
      boarding()
    phase "Striking colours and sinking":
      strike_colours()
      cut_loose = []
  if battle_over:
    log "The battle is over: {\"no squadron\" if count(fighting_ships(red)) + count(fighting_ships(black)) == 0 else \"only one squadron\"} is still fighting."
  else:
    log "Night falls after {turn_limit} turns and the squadrons part."

rule wind_check() "Spades back the wind, clubs veer it, a red card leaves it":
  turn_card("Wind check")
  #: A spade backs the wind one face anticlockwise, a club veers it one face clockwise, a red card leaves it.
  if drawn.suit == spades:
    wind_from = turned(wind_from, 5)
    log "The wind backs: it now blows from the {wind_from}."
  elif drawn.suit == clubs:
    wind_from = turned(wind_from, 1)
    log "The wind veers: it now blows from the {wind_from}."
  else:
    log "The wind holds from the {wind_from}."

# All loose derelicts drift together, so one never runs into another that is
# drifting too; a derelict that drifts into a hex with ships in it is entangled
# with them and drifts no more.
rule drift_derelicts() "Loose derelicts drift one hex downwind":
  #: Derelicts that are not entangled all drift together.
  let drifting = [d for d in ships_on_sea where not still_fighting(d) and not entangled(d)]
  #: Each drifts one hex downwind; a derelict that drifts off the map is gone for good, and one that drifts into a hex with ships is entangled with them.
  for each s in drifting:
    let next = step(where(s), number_of(downwind))
    if next == none:
      # assumed: a derelict that drifts off the map is gone for good.
      move s to adrift
      log "The derelict {s} drifts off the map."
    else:
      move s to next
  for each s in [d for d in drifting where d not in adrift]:
    if entangled(s):
      log "The derelict {s} drifts {downwind} into {other_ships(s)}: they are entangled."
    else:
      log "The derelict {s} drifts {downwind}."

rule initiative() "A card: the admiral of its colour moves first":
  turn_card("Initiative")
  #: The admiral whose colour the card shows moves first, the other second.
  let leader = admiral(red if is_red(drawn) else black)
  #: -
  turn_order = [leader] + [p for p in players where p != leader]
  log "{leader.name} ({side_of(leader)}) moves first."

rule move_squadron(p) "Each of the admiral's ships moves in turn, in the order chosen":
  #: -
  let waiting = fighting_ships(side_of(p))
  #: Move your fighting ships one at a time, in the order you choose:
  while count(waiting) > 0:
    #: Choose the next ship to move.
    p chooses s from waiting "Which ship moves next?" labelled "{s}: {where(s)}, facing {s.facing}, {sailing_text(s)}"
    #: -
    waiting = [w for w in waiting where w != s]
    manoeuvre(p, s)

# A ship may sail into a hex whoever is in it, friend or foe, however many: the
# rules cap no hex. After cutting loose it may not go back into the hex of a
# ship it cut loose from.
# assumed: a ship may not sail off the map.
define may_enter(s, c) = c != none \
  and not any([pair[0] == s and where(pair[1]) == c for pair in cut_loose])

# reading: the point of sail at the start of a ship's movement sets its actions
# for the turn; sailing into another ship's hex entangles them and ends the move.
rule manoeuvre(p, s) "Cut loose if entangled, then sail as the wind allows":
  #: -
  let setting_out = where(s)
  #: -
  let freed = false
  #: An entangled ship may try to cut loose: it turns a card, and a red card frees it; otherwise it stays entangled and does not move.
  if entangled(s):
    let held = other_ships(s)
    #: Try to cut loose
    p chooses attempt from ["try to cut loose"] "{s} is entangled with {held}" optional "Stay entangled"
    if attempt == none:
      log "{s} stays entangled with {held}."
      return
    turn_card("{s} tries to cut loose")
    if not is_red(drawn):
      log "{s} cannot get clear of {held}."
      return
    freed = true
    cut_loose = cut_loose + [[s, x] for x in held]
    log "{s} cuts loose from {held}."
  let sailing = point_of_sail(s)
  #: A ship in irons turns a card: on a red card it may turn one face ({turn_ship}), and either way its move is over.
  if sailing == in_irons:
    turn_card("{s} lies in irons")
    if is_red(drawn):
      #: Turn one face out of irons
      p chooses way from [turn_to_port, turn_to_starboard] "{s} may turn one face" labelled helm_label(s, way) optional "Stay head to wind"
      if way != none:
        turn_ship(s, way)
    else:
      log "{s} cannot pay off and stays in irons."
    settle(s, freed, setting_out)
    return
  let left = actions_for[sailing]
  log "{s} is {sailing}: {left} action{\"\" if left == 1 else \"s\"}."
  #: It has 2 actions running, 1 close-hauled, fixed where the move starts. Each sails one hex ahead or turns one face ({turn_ship}); it may stop early. Sailing into a hex with any ship, friend or foe, entangles them and ends the move ({come_alongside}); turning head to wind ends it in irons.
  while left > 0:
    let options = ([sail_ahead] if may_enter(s, ahead_of(s)) else []) + [turn_to_port, turn_to_starboard]
    #: Sail ahead or turn
    p chooses act from options "{s}, facing {s.facing}, wind from the {wind_from}: {left} action{\"\" if left == 1 else \"s\"} left" labelled helm_label(s, act) optional "End movement"
    if act == none:
      left = 0
      log "{s} holds her course."
    elif act == sail_ahead:
      move s to ahead_of(s)
      left -= 1
      log "{s} sails {s.facing} to {where(s)}."
      if entangled(s):
        come_alongside(p, s)
        left = 0
    else:
      turn_ship(s, act)
      left -= 1
      if point_of_sail(s) == in_irons:
        log "{s} has turned into the wind and is locked in irons."
        left = 0
  settle(s, freed, setting_out)

# The entering ship lies side by side with the ships in the hex: bow to bow or
# bow to stern, so on their heading or the opposite one, as its admiral
# chooses. reading: the side it lies on is not kept, since ships in one hex
# share it; the heading counts once it cuts loose, and for raking fire.
rule come_alongside(p, s) "The entering ship lies alongside, on the heading it chooses":
  let others = other_ships(s)
  #: Lie alongside, parallel to the ships in the hex: choose to face the same way as one of them (bow to bow) or the opposite way (bow to stern)
  p chooses heading from distinct([x.facing for x in others] + [opposite(x.facing) for x in others]) "{s} comes alongside {others}: lie on which heading?" labelled "heading {heading}"
  #: -
  s.facing = heading
  log "{s} lies alongside {others}, heading {heading}: they are entangled."

rule turn_ship(s, way) "Turn one face to port or starboard":
  #: The ship turns one face to port (anticlockwise) or to starboard (clockwise).
  s.facing = turned(s.facing, 5 if way == turn_to_port else 1)
  log "{s} turns to {s.facing}."

rule settle(s, freed, setting_out) "A ship that cut loose but never left its hex is entangled again":
  if freed and where(s) == setting_out and entangled(s):
    log "{s} cannot get clear and is entangled with {other_ships(s)} again."

rule gunnery() "Every free ship fires one broadside; all hits land together":
  broadsides = []
  #: Both admirals, at once, choose for each free fighting ship whether it fires, and at which fighting enemy within 3 hexes in its arc (see Firing arcs): abeam, between the lines 60 and 120 degrees off the bow, lines included.
  for each p in players simultaneously:
    for each s in [f for f in fighting_ships(side_of(p)) where can_fire(f)]:
      if count(targets_of(s)) > 0:
        #: Fire a broadside at an enemy in the ship's arc, within 3 hexes
        p chooses t from targets_of(s) "{s} may fire a broadside" labelled target_label(s, t) optional "Hold fire"
        if t != none:
          broadsides = broadsides + [[s, t]]
  #: Each broadside then turns a card (see Broadside hits; {fire}): 1 hit less at 2 or 3 hexes; raking at 1 hex, from dead ahead or astern of the target, a second card adds its hits. Hits on an entangled ship go one at a time to each fighting enemy of the firer in her hex, then each friend, and round again ({share_hits}).
  for each shot in broadsides:
    fire(shot[0], shot[1])
  #: All the hits then land together, each ship losing that much strength, never below 0 ({land_hits}).
  land_hits()

rule fire(s, t) "Turn a card for the broadside; range and raking change the hits":
  let distance_in_hexes = range_to(s, t)
  turn_card("{s} fires at {t} ({distance_in_hexes} hex{\"\" if distance_in_hexes == 1 else \"es\"})")
  let hits = broadside_hits[drawn.suit]
  #: At 2 or 3 hexes the broadside loses a hit; a raking shot at 1 hex, from ahead or astern of the target, turns a second card and adds its hits.
  if distance_in_hexes >= 2:
    hits = max([hits - 1, 0])
    log "At {distance_in_hexes} hexes the broadside loses a hit."
  elif rakes(s, t):
    turn_card("{s} rakes {t} from one hex: a second card")
    hits += broadside_hits[drawn.suit]
  #: Hits on an entangled ship are shared out in its hex ({share_hits}); otherwise they wait to land on the target with every other broadside's.
  if entangled(t):
    share_hits(hits, where(t), s.side)
  else:
    t.hits_due += hits
  log "{s} scores {hits} hit{\"\" if hits == 1 else \"s\"} on {t}{\" and its hex\" if entangled(t) else \"\"}."

rule share_hits(hits, hex, firing_side) "Hits into an entangled hex: enemies first, then friends, in turn":
  #: The hits go one at a time to the fighting ships in the hex: to each enemy of the firing side, then to each friend, and round again.
  let order = [x for x in hex where still_fighting(x) and x.side != firing_side] + [x for x in hex where still_fighting(x) and x.side == firing_side]
  let i = 0
  #: -
  repeat hits times:
    let struck = order[i % count(order)]
    struck.hits_due += 1
    i += 1

rule land_hits() "Hits land together after every broadside is fired":
  #: Every ship takes its waiting hits off its strength (never below 0).
  for each s in ships_on_sea:
    if s.hits_due > 0:
      s.strength = max([s.strength - s.hits_due, 0])
      log "{s} takes {s.hits_due} hit{\"\" if s.hits_due == 1 else \"s\"}: strength {s.strength}."
      s.hits_due = 0

# Boarding happens whenever enemies are entangled, every turn they stay so,
# even for a ship that gunnery has just beaten to 0: it strikes only later in
# the turn. reading: a derelict has struck and no longer fights, and ships of
# one side alone in a hex do not fight each other.
#: the fighting enemies in {s}'s hex
define enemies_alongside(s) = [t for t in other_ships(s) where still_fighting(t) and t.side != s.side]
#: {s} is fighting and has an enemy alongside
define boards(s) = still_fighting(s) and count(enemies_alongside(s)) > 0
#: the hexes where fighting enemies are entangled
define boarding_hexes = distinct([where(s) for s in ships_on_sea where boards(s)])

rule boarding() "Entangled enemies board each other, hex by hex":
  #: Where fighting enemies are entangled, each ship's boarders attack an enemy alongside, chosen by her admiral, and turn a card (see Boarding hits); losses land together. If all in the fight are beaten at once, on both sides, each turns a card and the highest holds on with 1 strength ({board_in}, {last_stand}).
  for each melee in boarding_hexes:
    board_in(melee)

rule board_in(melee) "Each ship's boarders turn a card; all losses land together":
  let crews = [s for s in melee where boards(s)]
  let standing = [s for s in crews where s.strength > 0]
  # reading: with more than one enemy alongside, the admiral says which one
  # the boarders attack.
  let foes = []
  #: The admiral of each ship in the fight chooses which enemy alongside its boarders attack.
  for each s in crews:
    #: Choose the enemy your boarders attack
    admiral(s.side) chooses foe from enemies_alongside(s) "Which ship do {s}'s boarders attack?"
    foes = foes + [foe]
  #: Each ship's boarders turn a card: the enemy takes the boarding hits for its suit.
  for each i in indices(crews):
    turn_card("{crews[i]}'s boarders attack {foes[i]}")
    foes[i].hits_due += boarding_hits[drawn.suit]
  land_hits()
  # Both sides beaten at once: the ships this boarding beat turn cards for who
  # holds on. reading: in a crowded hex, when no ship of either side is left
  # with strength.
  let fallen = [s for s in standing where s.strength == 0]
  #: If every ship in the fight is beaten at once, and both sides lost ships, those ships make a last stand ({last_stand}).
  if all([s.strength == 0 for s in crews]) and count(distinct([s.side for s in fallen])) == 2:
    last_stand(fallen)

rule last_stand(contenders) "Both crews beaten at once: the higher card holds on with 1":
  #: -
  let survivor = none
  #: Each turns a card; the highest card (aces high) holds on, and tied ships turn again.
  while survivor == none:
    let values = []
    for each s in contenders:
      turn_card("{s}'s last stand")
      values = values + [card_value(drawn)]
    let leaders = [contenders[i] for i in indices(contenders) where values[i] == max(values)]
    if count(leaders) == 1:
      survivor = leaders[0]
    else:
      # assumed: equal ranks turn again.
      log "Equal cards: {leaders} turn again."
      contenders = leaders
  #: The survivor holds on with 1 strength.
  survivor.strength = 1
  log "{survivor} holds on with 1 strength."

rule strike_colours() "A beaten ship turns a card: red sinks it, black leaves a derelict":
  #: For each fighting ship left with no strength:
  for each s in [x for x in ships_on_sea where still_fighting(x) and x.strength <= 0]:
    turn_card("{s} strikes her colours")
    #: On a red card she sinks.
    if is_red(drawn):
      move s to sunk
      log "{s} sinks."
    #: On a black card she stays afloat as a derelict.
    else:
      s.state = derelict
      log "{s} is left a derelict."

# ---------------------------------------------------------------- scoring

# assumed: the rules name no winner. The side with ships still fighting wins;
# after the last turn, the greater total strength of fighting ships wins. Equal strength (or both squadrons beaten in the
# same turn) is a shared result: a drawn battle.
#: Your score is the total strength of your squadron's fighting ships (derelicts and sunk ships count nothing).
score p: fleet_strength(side_of(p))

# ---------------------------------------------------------------- worked examples
# Ships are placed by hand and the deck is stacked, so every card is known.
# Every example first answers the colour question of setup: Rodney, the first
# admiral, takes red, and so commands the red squadron.

define card(r, s) = first([c for c in deck + discard where c.rank == r and c.suit == s])
define ship_called(title) = first([s for s in ships_on_sea + sunk + adrift where s.title == title])
define sea_hex(row, col) = at(sea, row, col)

rule stack(cards) "(examples) put cards on the deck, the first listed to be turned first":
  for each i in indices(cards):
    move cards[count(cards) - 1 - i] to deck on top

rule place(s, row, col, facing) "(examples) put a ship on a hex, facing a bearing":
  move s to sea_hex(row, col)
  s.facing = facing

example "gunnery: a spade at one hex is 4 hits":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, north_east)
    place(ship_called("Audacieux"), 3, 4, north_east)
    stack([card(two, spades)])
  when:
    fire(ship_called("Valiant"), ship_called("Audacieux"))
  answers "red"
  expect:
    ship_called("Audacieux").hits_due == 4

example "gunnery: a heart is 3 hits, a diamond 2, a club 1":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, north_east)
    place(ship_called("Audacieux"), 3, 4, north_east)
    stack([card(king, hearts), card(five, diamonds), card(ace, clubs)])
  when:
    fire(ship_called("Valiant"), ship_called("Audacieux"))
    let after_heart = ship_called("Audacieux").hits_due
    fire(ship_called("Valiant"), ship_called("Audacieux"))
    let after_diamond = ship_called("Audacieux").hits_due
    fire(ship_called("Valiant"), ship_called("Audacieux"))
  answers "red"
  expect:
    after_heart == 3
    after_diamond == 3 + 2
    ship_called("Audacieux").hits_due == 3 + 2 + 1

example "range: at 2 or 3 hexes a broadside loses a hit, so a club does nothing":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 2, north_east)
    place(ship_called("Audacieux"), 3, 4, north_east)
    stack([card(queen, hearts)])
  when:
    fire(ship_called("Valiant"), ship_called("Audacieux"))
    place(ship_called("Audacieux"), 3, 5, north_east)
    stack([card(queen, clubs)])
    fire(ship_called("Valiant"), ship_called("Audacieux"))
  answers "red"
  expect:
    ship_called("Audacieux").hits_due == 2

example "firing arcs: a broadside bears abeam out to 3 hexes, never ahead or astern":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
  answers "red"
  expect:
    bears_on(ship_called("Valiant"), sea_hex(2, 3))
    bears_on(ship_called("Valiant"), sea_hex(4, 4))
    bears_on(ship_called("Valiant"), sea_hex(1, 3))
    not bears_on(ship_called("Valiant"), sea_hex(3, 4))
    not bears_on(ship_called("Valiant"), sea_hex(3, 2))
    not bears_on(ship_called("Valiant"), sea_hex(2, 5))

example "only enemies in arc and within 3 hexes can be targets":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 5, east)
  when:
    let dead_ahead = targets_of(ship_called("Valiant"))
    place(ship_called("Audacieux"), 0, 2, east)
    let three_off_the_beam = targets_of(ship_called("Valiant"))
    place(ship_called("Audacieux"), 7, 5, east)
    let four_off = targets_of(ship_called("Valiant"))
  answers "red"
  expect:
    count(dead_ahead) == 0
    three_off_the_beam == [ship_called("Audacieux")]
    count(four_off) == 0

example "raking: from one hex astern of the target, two cards are added together":
  players 2 named rodney, bruix
  given:
    # Audacieux faces east; Valiant lies one hex astern of her, facing south-east,
    # so Audacieux is on Valiant's port beam.
    place(ship_called("Audacieux"), 3, 4, east)
    place(ship_called("Valiant"), 3, 3, south_east)
    stack([card(two, spades), card(three, hearts)])
  when:
    fire(ship_called("Valiant"), ship_called("Audacieux"))
  answers "red"
  expect:
    rakes(ship_called("Valiant"), ship_called("Audacieux"))
    bears_on(ship_called("Valiant"), sea_hex(3, 4))
    ship_called("Audacieux").hits_due == 4 + 3

example "hits into an entangled hex: one to the enemy, one to the friend, and again":
  players 2 named rodney, bruix
  variants first_rate
  given:
    # Bellone (black) lies entangled with Sovereign (red); Alerte (black) fires into their hex.
    place(ship_called("Sovereign"), 3, 4, north_east)
    place(ship_called("Bellone"), 3, 4, south_west)
    place(ship_called("Alerte"), 2, 4, east)
    stack([card(jack, hearts)])
  when:
    fire(ship_called("Alerte"), ship_called("Bellone"))
  answers "red"
  expect:
    # A heart at one hex is 3 hits (not raking: Alerte lies off Bellone's beam):
    # Sovereign, Bellone, Sovereign.
    not rakes(ship_called("Alerte"), ship_called("Bellone"))
    ship_called("Sovereign").hits_due == 2
    ship_called("Bellone").hits_due == 1

example "boarding: a spade is 3 hits, a club none":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, west)
    stack([card(nine, spades), card(nine, clubs)])
  when:
    boarding()
  answers "red"
  expect:
    ship_called("Audacieux").strength == 8 - 3
    ship_called("Valiant").strength == 8

example "boarding: a heart is 2 hits, a diamond 1":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, west)
    stack([card(nine, hearts), card(nine, diamonds)])
  when:
    boarding()
  answers "red"
  expect:
    ship_called("Audacieux").strength == 8 - 2
    ship_called("Valiant").strength == 8 - 1

example "boarding: both crews beaten at once, the higher card holds on with 1":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, west)
    ship_called("Valiant").strength = 2
    ship_called("Audacieux").strength = 1
    # Boarding cards, then a tie (two sevens), then the last-stand cards.
    stack([card(two, hearts), card(three, hearts), card(seven, clubs), card(seven, spades), card(four, clubs), card(king, diamonds)])
  when:
    boarding()
  answers "red"
  expect:
    ship_called("Valiant").strength == 0
    ship_called("Audacieux").strength == 1

example "boarding whenever entangled: a ship that gunnery beat to 0 still boards before she strikes":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, west)
    ship_called("Valiant").strength = 0
    stack([card(nine, spades), card(nine, hearts)])
  when:
    boarding()
  answers "red"
  expect:
    ship_called("Audacieux").strength == 8 - 3
    ship_called("Valiant").strength == 0
    ship_called("Valiant").state == fighting

example "a derelict drifts downwind into a fighting ship: both are entangled":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Audacieux"), 3, 3, north_east)
    ship_called("Audacieux").state = derelict
    ship_called("Audacieux").strength = 0
    place(ship_called("Valiant"), 3, 4, north_east)
  when:
    drift_derelicts()
  answers "red"
  expect:
    where(ship_called("Audacieux")) == sea_hex(3, 4)
    entangled(ship_called("Audacieux"))
    entangled(ship_called("Valiant"))

example "entangled derelicts do not drift; loose ones drift off the map and are gone":
  players 2 named rodney, bruix
  variants first_rate
  given:
    wind_from = west
    place(ship_called("Alerte"), 3, 3, north_east)
    place(ship_called("Sovereign"), 3, 3, east)
    place(ship_called("Bellone"), 5, 9, east)
    ship_called("Alerte").state = derelict
    ship_called("Bellone").state = derelict
  when:
    drift_derelicts()
  answers "red"
  expect:
    where(ship_called("Alerte")) == sea_hex(3, 3)
    ship_called("Bellone") in adrift

example "wind check: spades back the wind, clubs veer it, red leaves it":
  players 2 named rodney, bruix
  given:
    wind_from = west
    stack([card(ace, spades), card(ace, hearts), card(ace, clubs), card(two, clubs)])
  when:
    wind_check()
    let after_spade = wind_from
    wind_check()
    let after_heart = wind_from
    wind_check()
    let after_club = wind_from
    wind_check()
  answers "red"
  expect:
    after_spade == south_west
    after_heart == south_west
    after_club == west
    wind_from == north_west

example "points of sail: running with the wind behind, close-hauled off a forward quarter, in irons head to wind":
  players 2 named rodney, bruix
  given:
    wind_from = west
  answers "red"
  expect:
    point_of_sail(ship_called("Valiant")) == running
    actions_for[running] == 2
    point_of_sail(ship_called("Audacieux")) == running
    [points_by_relative_wind[d] for d in range(0, 4)] == [in_irons, close_hauled, running, running, running]
    points_by_relative_wind[5] == close_hauled

example "a running ship takes two actions, a close-hauled one only one":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 6, 3, north_west)
  when:
    manoeuvre(rodney, ship_called("Valiant"))
    manoeuvre(bruix, ship_called("Audacieux"))
  answers "red", "sail ahead", "sail ahead", "sail ahead"
  expect:
    where(ship_called("Valiant")) == sea_hex(3, 5)
    where(ship_called("Audacieux")) == sea_hex(5, 2)

example "turning into the wind ends the move and leaves the ship in irons":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, south_west)
  when:
    manoeuvre(rodney, ship_called("Valiant"))
  answers "red", "turn to starboard"
  expect:
    ship_called("Valiant").facing == west
    point_of_sail(ship_called("Valiant")) == in_irons
    where(ship_called("Valiant")) == sea_hex(3, 3)

example "in irons: a red card lets the ship turn one face, a black card does not":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, west)
    place(ship_called("Audacieux"), 5, 3, west)
    stack([card(six, diamonds), card(six, spades)])
  when:
    manoeuvre(rodney, ship_called("Valiant"))
    manoeuvre(bruix, ship_called("Audacieux"))
  answers "red", "turn to port"
  expect:
    ship_called("Valiant").facing == south_west
    where(ship_called("Valiant")) == sea_hex(3, 3)
    ship_called("Audacieux").facing == west

example "sailing into an enemy's hex entangles both and ends the move; the entering ship picks its heading alongside":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 4, north_west)
  when:
    manoeuvre(rodney, ship_called("Valiant"))
  # Alongside Audacieux, Valiant lies bow to bow with her (heading north-west)
  # or bow to stern (south-east); Rodney chooses south-east.
  answers "red", "sail ahead", "south east"
  expect:
    where(ship_called("Valiant")) == sea_hex(3, 4)
    ship_called("Valiant").facing == south_east
    entangled(ship_called("Valiant"))
    entangled(ship_called("Audacieux"))
    not can_fire(ship_called("Valiant"))

example "no hex is full: a third ship sails into an entangled pair and lies alongside them":
  players 2 named rodney, bruix
  variants first_rate
  given:
    wind_from = west
    place(ship_called("Sovereign"), 3, 4, east)
    place(ship_called("Bellone"), 3, 4, west)
    place(ship_called("Alerte"), 3, 3, east)
  when:
    manoeuvre(bruix, ship_called("Alerte"))
  answers "red", "sail ahead", "west"
  expect:
    where(ship_called("Alerte")) == sea_hex(3, 4)
    count(sea_hex(3, 4)) == 3
    ship_called("Alerte").facing == west
    entangled(ship_called("Alerte"))

example "boarding in a crowded hex: each ship's boarders attack one enemy alongside, chosen by its admiral":
  players 2 named rodney, bruix
  variants first_rate
  given:
    place(ship_called("Sovereign"), 3, 4, east)
    place(ship_called("Bellone"), 3, 4, west)
    place(ship_called("Alerte"), 3, 4, west)
    # Sovereign's boarders, then Bellone's, then Alerte's.
    stack([card(ten, spades), card(ten, hearts), card(ten, diamonds)])
  when:
    boarding()
  # Rodney sends Sovereign's boarders against Alerte; the two black ships have
  # only Sovereign to attack.
  answers "red", "Alerte"
  expect:
    ship_called("Alerte").strength == 6 - 3
    ship_called("Bellone").strength == 6
    ship_called("Sovereign").strength == 12 - 2 - 1

example "cutting loose: a red card frees the ship, which may not sail back into its enemy":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, north_west)
    stack([card(ten, hearts)])
  when:
    manoeuvre(rodney, ship_called("Valiant"))
  answers "red", "try to cut loose", "sail ahead", "turn to starboard"
  expect:
    where(ship_called("Valiant")) == sea_hex(3, 4)
    not entangled(ship_called("Valiant"))
    not may_enter(ship_called("Valiant"), sea_hex(3, 3))
    not entangled(ship_called("Audacieux"))

example "cutting loose: a black card keeps the ship entangled":
  players 2 named rodney, bruix
  given:
    place(ship_called("Valiant"), 3, 3, east)
    place(ship_called("Audacieux"), 3, 3, north_west)
    stack([card(ten, spades)])
  when:
    manoeuvre(rodney, ship_called("Valiant"))
  answers "red", "try to cut loose"
  expect:
    where(ship_called("Valiant")) == sea_hex(3, 3)
    entangled(ship_called("Valiant"))

example "initiative: the colour of the card moves first":
  players 2 named rodney, bruix
  given:
    stack([card(three, clubs)])
  when:
    initiative()
  answers "red"
  expect:
    turn_order == [bruix, rodney]

example "the admirals choose their colours: Player 1 (Rodney) takes black, so a heart gives Player 2 (Bruix) the first move":
  players 2 named rodney, bruix
  given:
    stack([card(three, hearts)])
  when:
    initiative()
  answers "black"
  expect:
    rodney.chosen_colour == black
    bruix.chosen_colour == red
    fighting_ships(side_of(rodney)) == [ship_called("Audacieux")]
    turn_order == [bruix, rodney]

example "striking colours: a red card sinks the ship, a black card leaves a derelict":
  players 2 named rodney, bruix
  variants first_rate
  given:
    ship_called("Alerte").strength = 0
    ship_called("Bellone").strength = 0
    stack([card(five, hearts), card(five, clubs)])
  when:
    strike_colours()
  answers "red"
  expect:
    ship_called("Alerte") in sunk
    ship_called("Bellone").state == derelict
    battle_over
    fleet_strength(red) == 12

example "a ship that cuts loose but cannot leave the hex is entangled again":
  players 2 named rodney, bruix
  given:
    wind_from = west
    place(ship_called("Valiant"), 3, 3, west)
    place(ship_called("Audacieux"), 3, 3, east)
    # Freed by the heart, but head to wind; the club keeps her in irons.
    stack([card(two, hearts), card(two, clubs)])
  when:
    manoeuvre(rodney, ship_called("Valiant"))
  answers "red", "try to cut loose"
  expect:
    entangled(ship_called("Valiant"))
    entangled(ship_called("Audacieux"))

example "a derelict drifting into an entangled pair is entangled with both: three ships in one hex":
  players 2 named rodney, bruix
  variants first_rate
  given:
    wind_from = west
    place(ship_called("Sovereign"), 3, 4, east)
    place(ship_called("Bellone"), 3, 4, west)
    place(ship_called("Alerte"), 3, 3, east)
    ship_called("Alerte").state = derelict
  when:
    drift_derelicts()
  answers "red"
  expect:
    where(ship_called("Alerte")) == sea_hex(3, 4)
    count(sea_hex(3, 4)) == 3
    entangled(ship_called("Alerte"))

example "after the last turn the stronger squadron wins: only fighting ships count":
  players 2 named rodney, bruix
  variants first_rate
  given:
    ship_called("Sovereign").strength = 5
    ship_called("Alerte").strength = 4
    ship_called("Bellone").strength = 0
    ship_called("Bellone").state = derelict
  when:
    end game
  answers "red"
  expect:
    fleet_strength(red) == 5
    fleet_strength(black) == 4
    not battle_over
