# To Glory! (Vesuvius Media, 2020), written in pirdsl.
#
# Pirate captains sail a hex sea, explore islands for hidden treasure maps, dig up
# the treasure the maps point to, and fire cannon volleys from their ships, the
# Kraken or the Tower for gold.
#
# The Cannon Volley is a dexterity action: at the table three wooden cubes are
# flicked from a piece, and whatever they hit, land on or knock over pays gold.
# A rules engine cannot flick cubes, so a volley here is this abstraction:
# - the cubes fly straight ahead from the chosen piece, as it faces (the piece is
#   not turned first), and can reach pieces up to `max_range` hexes away;
# - every opponent's ship, the Kraken or the Tower lying in that line is one target,
#   and for each, one chance draw from `volley_odds` says what the cubes did to it:
#   a miss, a hit (1 gold), landing on it (2 gold) or, for a ship, knocking its
#   captain off (3 gold); the nearer the target, the better the odds;
# - only the best single result pays, as at the table.
# All the odds are guesses of how a flick goes, kept in that one table to retune.
#
# Facts the rules leave open are marked "# assumed:", each in one definition;
# decisions about how the rules are read are marked "# reading:".

game "To Glory!":
  players 2 to 4
  credits "To Glory!, Vesuvius Media (2020). Rules encoded for pirdsl."
  overview "Captains sail a hex sea with up to five actions a turn: move straight ahead, steer, explore islands for face-down map tokens. Once a turn they may fire a cannon volley from their ship, the Kraken or the Tower; once a round they may use their captain's ability. A treasure map leads to a treasure chest; a Jolly Roger curses the captain until their own ship's volley hits a rival, who is cursed in turn."
  goal "Have the most glory (1 per gold, 6 per treasure) when the round in which a captain takes a second treasure is over."
  version "1"
  also_in_the_box "4 captain cards (active side up; a cursed captain turns theirs to the cursed side) with their 4 captain standees, each standing on the back of its ship; 4 island flags; the first player token; the board; 3 wooden cubes for the cannon volley. To play the volley without flicking, use a ten-sided die (d10) and the Volley odds chart."
  # assumed: what the cubes count as at the table (the rules name hit, land on and
  # captain knocked off, not how to tell them): a cube touching a piece is a hit,
  # one resting on it has landed. Without cubes nothing shields a target: the
  # odds fall with distance instead (see the volley abstraction above).
  the_cannon_volley "Once in your turn, put the 3 cubes on your ship, the Kraken or the Tower and, without turning it, flick them forward. A cube that touches an opponent's ship, the Kraken or the Tower is a hit (1 gold); a cube that comes to rest on one of them has landed on it (2 gold); knocking an opponent's captain standee off their ship is worth 3 gold. You take only the best single result, once. Your own ship never counts. Hitting the Kraken or the Tower pays gold and nothing more. If you are cursed and a volley from your own ship hits, lands on or knocks the captain off a rival ship, you are cured and every captain whose ship you struck is cursed."
  the_volley_without_cubes "Each opponent's ship, the Kraken and the Tower straight ahead of the piece, within 4 hexes, gets its own roll of the d10 on the Volley odds chart; islands and pieces in between do not shield it (the chart's odds already fall with distance), and the Kraken and the Tower, which have no captain, count a captain-off roll as a landing."

# ---------------------------------------------------------------- components

# The eight islands that hold map tokens.
kind isle: A, B, C, D, E, F, G, H
kind captain: swift_sailor, sharp_helm, tower_keeper, kraken_tamer
kind helm: turn_to_port, turn_to_starboard
kind shot: miss, hit, lands_on, captain_off
kind token_face: jolly_roger
# The six sides of a hex, clockwise from north-east, as a facing counts them (0 to 5).
kind bearing: north_east, east, south_east, south_west, west, north_west

#: Your ship: it moves only straight ahead, one hex at a time, and fires volleys.
piece ship(owner) labelled "{owner.name}'s ship" marked "{owner.index + 1}{arrow[facing]}"
#: Moves to any free hex beside it, keeping its facing; anyone may move, turn or fire it.
piece kraken labelled "the Kraken" marked "K{arrow[facing]}"
#: Stands on the central island; anyone may turn it or fire from it.
piece tower labelled "the Tower" marked "T{arrow[facing]}"
#: Face down on an island: a treasure map of another island, or the Jolly Roger.
piece map_token(island, shows) labelled "{\"the Jolly Roger\" if shows == jolly_roger else \"a map of island \" + shows}"
#: 1 glory each.
piece gold labelled "gold"
#: 6 glory each.
piece treasure_chest labelled "treasure chest"

#: map tokens on the islands
zone island_tokens hidden             # face down, each on the island it names in `island`
#: map token
zone held_map per player owner        # the treasure map in your hold, kept hidden
#: gold in the supply
zone gold_supply
#: treasure chests in the supply
zone chest_supply
#: gold
zone gold_hold per player
#: treasure
zone treasure_hold per player
#: the box
zone box internal                     # maps that were dug up
#: the Jolly Rogers turned up
zone turned_up                        # face up until they go back on their island

# The six hex directions, clockwise from north-east: 0 north-east, 1 east,
# 2 south-east, 3 south-west, 4 west, 5 north-west.
#: facing (the arrow on the board)
var facing per ship, kraken, tower = facing_east
#: east
define facing_east = 1
#: {p} is cursed
var cursed per player = false
var captain_card per player = none  # each captain chooses one in setup
#: {p}'s ship
var ship_piece per player = none internal
#: the Kraken
var kraken_piece = none internal
#: the Tower
var tower_piece = none internal
#: a captain has a second treasure
var finishing = false internal

# ---------------------------------------------------------------- the board

# assumed: the map. A sea of 9 rows by 11 hexes; the Tower's island in the middle
# (T), four flag islands where the ships start (1 to 4), and the eight islands A to
# H that hold map tokens, of one or two hexes each.
board sea: hex 9 by 11
  layer land:
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ 1 ~ ~ A A ~ ~ ~ 2 ~"
    "~ ~ ~ ~ ~ ~ ~ B ~ ~ ~"
    "~ C ~ ~ ~ ~ ~ B ~ ~ ~"
    "~ C ~ ~ ~ T ~ ~ ~ D ~"
    "~ ~ ~ E ~ ~ ~ ~ ~ D ~"
    "~ ~ ~ E ~ ~ ~ F ~ ~ ~"
    "~ 3 ~ ~ G ~ ~ F H 4 ~"
    "~ ~ ~ ~ G ~ ~ ~ H ~ ~"
  legend land: "~" = open_sea, "T" = tower_island, "1" = flag_1, "2" = flag_2, "3" = flag_3, "4" = flag_4, "A" = A, "B" = B, "C" = C, "D" = D, "E" = E, "F" = F, "G" = G, "H" = H

#: the flag islands, where the ships start
define flag_hexes = [at(sea, 1, 1), at(sea, 1, 9), at(sea, 7, 1), at(sea, 7, 9)]
# assumed: each ship starts facing the middle of the sea.
#: the sides the ships start facing, towards the middle of the sea (seats 1 to 4: south-east, south-west, north-east, north-west)
define start_facings = [south_east, south_west, north_east, north_west]
define tower_hex = first([c for c in cells(sea) where c.land == tower_island])

#: {c} is an empty sea hex
define free(c) = c != none and c.land == open_sea and empty(c)  # a hex of open sea with no piece on it: a ship, the Kraken or the Tower may only move onto one (never onto an island or off the sea)
#: the hex straight ahead of {x}
define ahead(x) = step(x, x.facing)
#: the ships, the Kraken and the Tower
define figures = [q.ship_piece for q in players] + [kraken_piece, tower_piece]
#: {s} lies next to another ship, the Kraken or the Tower
define crowded(s) = any([distance(s, x) == 1 for x in figures where x != s])
#: the islands beside {p}'s ship
define isles_beside(p) = distinct([c.land for c in neighbours(p.ship_piece) where c.land in isle])
define tokens_on(i) = [t for t in island_tokens where t.island == i]

table arrow:
  0 -> "↗"
  1 -> "→"
  2 -> "↘"
  3 -> "↙"
  4 -> "←"
  5 -> "↖"

table heading:
  0 -> "north-east"
  1 -> "east"
  2 -> "south-east"
  3 -> "south-west"
  4 -> "west"
  5 -> "north-west"

#: how {way} turns a piece
define turn_sides(way) = -1 if way == turn_to_port else 1  # to port is one side anticlockwise (to the piece's left), to starboard one side clockwise (to its right)

# ---------------------------------------------------------------- tables

# assumed: how the 32 map tokens are made up. Each island holds 4: one Jolly Roger
# and three treasure maps, of the next three islands in alphabetical order (so
# every island is named by three maps, none on the island it names).
define token_mix(i) = [jolly_roger] + [isle[(index_of(isle, i) + k) % 8] for k in range(1, 3)]

#: The captains' abilities, used once a round by a captain who is not cursed.
table captain_ability:
  header "Captain" -> "Ability"
  swift_sailor -> "move your ship up to 2 times for free"
  sharp_helm   -> "steer your ship up to 2 times for free"
  tower_keeper -> "steer the Tower up to 2 times for free"
  kraken_tamer -> "move the Kraken up to 2 times for free"

#: see Captain ability
define ability_of(p) = captain_ability[p.captain_card]

# assumed: a volley reaches 4 hexes.
define max_range = 4  # hexes a volley reaches

# assumed: the odds of a volley against one target, out of 10, by distance.
#: The volley: what the three cubes do to one target in the line of fire, by distance (chances out of 10; a ten-sided die counts along the row)
table volley_odds:
  header "Distance" -> "Miss", "Hit", "Land on", "Captain off"
  1 -> [2, 3, 3, 2]
  2 -> [4, 3, 2, 1]
  3 -> [6, 2, 1, 1]
  4 -> [8, 1, 1, 0]

table shot_gold:
  header "Best result" -> "Gold"
  miss        -> 0
  hit         -> 1
  lands_on    -> 2
  captain_off -> 3

# The Kraken and the Tower have no captain to knock off: cubes that would, land on them.
#: the odds against {target} at {range} hexes
define odds(target, range) = volley_odds[range] if piece_type(target) == "ship" \
  else [volley_odds[range][0], volley_odds[range][1], volley_odds[range][2] + volley_odds[range][3], 0]

# assumed: the rules set no limit; a game that has not ended after 30 rounds ends then.
define round_limit = 30  # rounds: the game ends after this round at the latest
#: 30 rounds have been played
define last_round = round_number == round_limit

# ---------------------------------------------------------------- setup

setup:
  #: Put 50 gold in the supply.
  create 50 gold in gold_supply
  create 10 treasure_chest in chest_supply
  #: Put the Tower on the central island, facing east.
  create 1 tower in tower_hex
  tower_piece = top(tower_hex)
  #: The first player (Player 1) places the Kraken on any empty sea hex, facing east.
  players[0] chooses c from [c for c in cells(sea) where free(c)] "Place the Kraken on an empty sea hex"
  #: -
  create 1 kraken in c
  kraken_piece = top(c)
  #: Put 4 map tokens face down on each of the islands A to H: one Jolly Roger and maps of the next three islands in letter order (after H comes A again).
  for each i in isle:
    for each face in token_mix(i):
      create 1 map_token(i, face) in island_tokens
  #: In turn, each player chooses a captain card; their ship starts on their flag island, facing the middle of the sea.
  for each p in players:
    p chooses k from [k for k in captain where k not in [q.captain_card for q in players]] "Choose your captain" labelled "{k}: {captain_ability[k]}"
    p.captain_card = k
    create 1 ship(p) in flag_hexes[p.index]
    p.ship_piece = top(flag_hexes[p.index])
    p.ship_piece.facing = index_of(bearing, start_facings[p.index])
    log "{p.name} is the {k} ({captain_ability[k]})."

# ---------------------------------------------------------------- play

play:
  rounds until finishing or last_round:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Up to 5 actions, one volley and the captain's ability, in any order":
  p acts "{p.name}: choose your next action" until "End your turn":
    up to 5 times:
      "Move your ship or the Kraken" when count(moves(p)) > 0:
        #: Your ship sails one hex straight ahead, or the Kraken moves to any free hex beside it (open sea with no piece on it), keeping its facing ({move_action}). Your ship may not stop beside another ship, the Kraken or the Tower: it sails on, turning first if it must, for free, until clear; if it ends beside the island its map shows, it digs up a treasure chest.
        move_action(p)
      "Steer your ship, the Kraken or the Tower":
        #: Turn your ship, the Kraken or the Tower one hex-side, to port (anticlockwise) or to starboard (clockwise) ({steer_action}).
        steer_action(p)
      "Explore an island" when may_explore(p):
        #: With no map in your hold, take a random token from an island beside your ship: keep a map hidden; a Jolly Roger curses you, goes back, and you draw again ({explore}).
        explore(p)
    once:
      "Fire a cannon volley" when count(gun_pieces(p)) > 0:
        #: Fire from your ship, the Kraken or the Tower, straight ahead: the best result pays 1, 2 or 3 gold, and a cursed captain whose own ship strikes a rival ship passes the curse on ({volley}).
        volley(p)
    once per round:
      "Use your captain's ability: {ability_of(p)}" when not p.cursed:
        #: Your captain card's two free moves or steers (see Captain ability), with no other action in between ({use_ability}).
        use_ability(p)

# ---------------------------------------------------------------- move and steer

#: the moves {p} can make: the ship straight ahead, the Kraken to a free hex beside it
define moves(p) = ([[p.ship_piece, ahead(p.ship_piece)]] if free(ahead(p.ship_piece)) else []) \
  + [[kraken_piece, c] for c in neighbours(kraken_piece) where free(c)]
define move_label(m) = "{m[0]} to {m[1]}" + (" (straight ahead)" if piece_type(m[0]) == "ship" else "")

rule move_action(p) "Move your ship straight ahead, or the Kraken to any free hex beside it":
  #: Choose: your ship one hex straight ahead, or the Kraken to a free hex beside it.
  p chooses m from moves(p) "Move what, where?" labelled move_label(m)
  #: If you chose your ship, it sails one hex straight ahead ({sail}); if you chose the Kraken, it moves to the hex you chose ({move_kraken}).
  if m[0] == p.ship_piece:
    sail(p)
  else:
    move_kraken(m[1])

rule move_kraken(c) "Move the Kraken to a free hex beside it; it keeps its facing":
  move kraken_piece to c
  log "The Kraken moves to {c}."

# reading: the moves and steers that carry a ship clear of another ship, the Kraken
# or the Tower are part of the Move that brought it there and cost no more actions.
# assumed: a ship with no free hex around it stops where it is.
rule sail(p) "Move your ship one hex straight ahead":
  move p.ship_piece to ahead(p.ship_piece)
  log "{p.name}'s ship sails to {where(p.ship_piece)}."
  #: While your ship lies next to another ship, the Kraken or the Tower, it must move on: sail one hex straight ahead, or turn one hex-side first when it must or would rather (only sailing can take it clear). These moves and turns are free, not actions; a ship with no free hex round it stays where it is.
  while crowded(p.ship_piece) and any([free(c) for c in neighbours(p.ship_piece)]):
    p chooses way from (["sail ahead"] if free(ahead(p.ship_piece)) else []) + [turn_to_port, turn_to_starboard] "Your ship may not stop next to another ship, the Kraken or the Tower" labelled way_label(p.ship_piece, way)
    if way == "sail ahead":
      move p.ship_piece to ahead(p.ship_piece)
      log "{p.name}'s ship sails on to {where(p.ship_piece)}."
    else:
      turn(p.ship_piece, way)
  claim_treasure(p)

define way_label(s, way) = "sail ahead to {ahead(s)}" if way == "sail ahead" else "{way}: face {heading[rotated(s.facing, turn_sides(way))]}"

#: the pieces {p} may steer
define steerable(p) = [p.ship_piece, kraken_piece, tower_piece]

rule steer_action(p) "Turn your ship, the Kraken or the Tower one hex-side":
  #: Choose your ship, the Kraken or the Tower, and which way to turn it.
  p chooses order from [[x, way] for x in steerable(p) for way in helm] "Steer what, which way?" labelled "{order[0]}: {way_label(order[0], order[1])}"
  #: Turn it one hex-side that way ({turn}).
  turn(order[0], order[1])

rule turn(x, way) "Turn a piece one hex-side":
  #: The piece turns one hex-side to port (anticlockwise, to its left) or to starboard (clockwise, to its right), as chosen.
  x.facing = rotated(x.facing, turn_sides(way))
  log "{x} turns to face {heading[x.facing]}."

# ---------------------------------------------------------------- explore

#: the islands {p} can explore
define explorable(p) = [i for i in isles_beside(p) where count(tokens_on(i)) > 0]
#: {p}'s ship is beside an island with map tokens and {p} holds no map
define may_explore(p) = count(p.held_map) == 0 and count(explorable(p)) > 0

rule explore(p) "Take a map token from an island beside your ship":
  #: Choose an island beside your ship that still has map tokens, and draw one of them at random.
  p chooses i from explorable(p) "Explore which island?"
  #: -
  draw t from tokens_on(i)
  #: Look at the token you drew ({take_token}).
  take_token(p, t)

# reading: a second Jolly Roger drawn at once is turned up too (the captain stays
# cursed) and another token is drawn, until a map comes up or the island has none.
rule take_token(p, first_token) "Keep a treasure map; a Jolly Roger curses you and you draw again":
  #: -
  let token = first_token
  #: As long as the token drawn is a Jolly Roger:
  while token != none and token.shows == jolly_roger:
    #: A Jolly Roger is shown to all: you are cursed, and you take another token from the island.
    move token to turned_up
    #: -
    p.cursed = true
    log "{p.name} turns up the Jolly Roger on island {token.island} and is cursed!"
    let left = tokens_on(token.island)
    #: -
    token = none
    #: If the island has tokens left, draw one of them at random; with none left, you keep no map.
    if count(left) > 0:
      draw again from left
      token = again
  #: If the token is a treasure map, keep it hidden in your hold.
  if token != none:
    move token to p.held_map
    log "{p.name} takes a map token from island {token.island}."
    log to p "Your map token shows a treasure on island {token.shows}."
  #: The Jolly Rogers go back face down on their islands, shuffled in with the other tokens.
  move turned_up to island_tokens

rule claim_treasure(p) "A ship that ends its move beside the island on its map digs up a treasure":
  let map = top(p.held_map)
  #: If you hold a map of an island beside your ship and a treasure chest is left in the supply:
  if map != none and map.shows in isles_beside(p) and count(chest_supply) > 0:
    log "{p.name} reveals a map of island {map.shows} and digs up a treasure chest!"
    #: Show your map and put it in the box.
    move map to box
    #: Take a treasure chest from the supply.
    move top(chest_supply) to p.treasure_hold
    #: With your second treasure chest, the game ends when this round is over.
    if count(p.treasure_hold) >= 2:
      finishing = true
      log "{p.name} holds a second treasure: the game ends when this round is over."

# ---------------------------------------------------------------- the cannon volley

#: what lies in line ahead of {x}, within range: pieces and their distance
define in_line_of_fire(x) = [pair for pair in pieces_in_line(x, x.facing) where pair[1] <= max_range]
#: the targets {p} can fire at from {x}
define targets_from(p, x) = [pair for pair in in_line_of_fire(x) where pair[0] != p.ship_piece]
#: the pieces {p} can fire from
define gun_pieces(p) = [x for x in [p.ship_piece, kraken_piece, tower_piece] where count(targets_from(p, x)) > 0]
define target_text(pairs) = ["{pair[0]} at {pair[1]}" for pair in pairs]

rule volley(p) "Fire three cubes straight ahead from your ship, the Kraken or the Tower":
  p chooses gun from gun_pieces(p) "Fire from which piece?" labelled "{gun}, in line: {target_text(targets_from(p, gun))}"
  #: -
  let results = []
  #: Flick the three cubes (see The cannon volley): each opponent's ship, the Kraken or the Tower straight ahead, up to 4 hexes, is missed, hit, landed on or has its captain knocked off. Without cubes, roll the d10 for each of them and count along its distance's row of the Volley odds chart (for 2, 3, 3, 2: 1-2 miss, 3-5 hit, 6-8 land on, 9-10 captain off); nothing in between shields a target, and a captain-off roll lands on the Kraken or the Tower.
  for each pair in targets_from(p, gun):
    draw result from shot weighted odds(pair[0], pair[1])
    log "The volley from {gun}: {result} against {pair[0]}."
    results = results + [[pair[0], result]]
  settle_volley(p, gun, results)

rule settle_volley(p, gun, results) "Only the best result pays; a cursed captain's own ship passes the curse on":
  # assumed: when the 50 gold run out, a volley pays what is left (the rules do not say).
  #: You gain the gold of the single best result.
  let best = max([shot_gold[r[1]] for r in results] + [0])
  let paid = take([g for g in gold_supply], best)
  #: Take that gold from the supply (what is left of it, if the supply runs short).
  move paid to p.gold_hold
  log "{p.name} gains {count(paid)} gold."
  #: The ships hit are the opponents' ships the volley did not miss.
  let ships_hit = [r[0] for r in results where r[1] != miss and piece_type(r[0]) == "ship"]
  #: If you are cursed and fired from your own ship, and it hit a ship:
  if gun == p.ship_piece and p.cursed and count(ships_hit) > 0:
    #: You are cured of the curse.
    p.cursed = false
    log "{p.name} is no longer cursed."
    #: The owner of each ship hit is now cursed.
    for each s in ships_hit:
      s.owner.cursed = true
      log "{s.owner.name} is cursed!"

# ---------------------------------------------------------------- captain abilities

rule use_ability(p) "Use your captain's ability, with no other action in between":
  #: -
  let left = 2
  #: Up to twice, until you stop:
  while left > 0:
    if p.captain_card == swift_sailor:
      #: Free move: sail your ship one hex straight ahead (when that hex is empty sea), or stop.
      p chooses go from (["sail"] if free(ahead(p.ship_piece)) else []) "Free move {3 - left} of 2" labelled "move your ship to {ahead(p.ship_piece)}" optional "Stop"
      if go == none:
        #: the ability ends.
        left = 0
      else:
        sail(p)
    elif p.captain_card == sharp_helm:
      #: Free steer: turn your ship one hex-side, or stop.
      p chooses way from helm "Free steer {3 - left} of 2" labelled way_label(p.ship_piece, way) optional "Stop"
      if way == none:
        #: the ability ends.
        left = 0
      else:
        #: Your ship turns that way ({turn}).
        turn(p.ship_piece, way)
    elif p.captain_card == tower_keeper:
      #: Free Tower steer: turn the Tower one hex-side, or stop.
      p chooses way from helm "Free Tower steer {3 - left} of 2" labelled way_label(tower_piece, way) optional "Stop"
      if way == none:
        #: the ability ends.
        left = 0
      else:
        #: The Tower turns that way ({turn}).
        turn(tower_piece, way)
    #: Otherwise (the Kraken tamer): move the Kraken to a free hex beside it ({move_kraken}), or stop, which ends the ability.
    else:
      #: Free Kraken move: move the Kraken to a free hex beside it, or stop.
      p chooses c from [c for c in neighbours(kraken_piece) where free(c)] "Free Kraken move {3 - left} of 2" optional "Stop"
      if c == none:
        #: the ability ends.
        left = 0
      else:
        move_kraken(c)
    #: -
    left -= 1

# ---------------------------------------------------------------- scoring

#: {p}'s glory: 1 per gold, 6 per treasure
define glory(p) = count(p.gold_hold) + 6 * count(p.treasure_hold)
#: 1 glory per gold, 6 per treasure
score p: glory(p)
tiebreak p: count(p.treasure_hold)

# ---------------------------------------------------------------- worked examples

rule place(x, row, col, facing) "(examples) put a ship, the Kraken or the Tower on a hex, facing a way":
  move x to at(sea, row, col)
  x.facing = facing

rule hold_map(p, i) "(examples) give a captain a map of an island":
  move first([t for t in island_tokens where t.shows == i]) to p.held_map

define token_of(i, face) = first([t for t in island_tokens where t.island == i and t.shows == face])

example "a ship may not stop next to another ship: it steers and sails on until it is clear":
  players 2 named anne, mary
  given:
    place(anne.ship_piece, 2, 3, 1)
    place(mary.ship_piece, 2, 5, 1)
  when:
    sail(anne)
  # Beside Mary's ship at row 3, column 5 (counting from 1), with her ship dead
  # ahead: Anne turns to port twice (the first way is the island A) and sails clear.
  answers "row 9, column 11", "swift", "sharp"
  answers "turn to port", "turn to port", "sail ahead"
  expect:
    where(anne.ship_piece) == at(sea, 1, 3)
    anne.ship_piece.facing == 5
    not crowded(anne.ship_piece)

example "a Jolly Roger: the captain is cursed, draws again, and the Jolly Roger goes back":
  players 2 named anne, mary
  given:
    # Island A keeps its Jolly Roger and one map (of island C).
    move token_of(A, B) to box
    move token_of(A, D) to box
  when:
    take_token(anne, token_of(A, jolly_roger))
  answers "row 9, column 11", "swift", "sharp"
  expect:
    anne.cursed
    top(anne.held_map).shows == C
    tokens_on(A) == [token_of(A, jolly_roger)]
    count(turned_up) == 0

example "exploring: a ship beside an island takes one of its tokens, face down":
  players 2 named anne, mary
  given:
    place(anne.ship_piece, 2, 4, 1)
  when:
    explore(anne)
  answers "row 9, column 11", "swift", "sharp"
  expect:
    isles_beside(anne) == [A]
    count(anne.held_map) == 1
    count(tokens_on(A)) == 3
    not may_explore(anne)

example "a treasure claimed: the ship ends its move beside the island on its map":
  players 2 named anne, mary
  given:
    hold_map(anne, C)
    place(anne.ship_piece, 3, 3, 4)
  when:
    sail(anne)
  answers "row 9, column 11", "swift", "sharp"
  expect:
    where(anne.ship_piece) == at(sea, 3, 2)
    count(anne.treasure_hold) == 1
    count(anne.held_map) == 0
    glory(anne) == 6

example "the line of fire: what lies straight ahead, and how far, within 4 hexes":
  players 3 named anne, mary, jack
  given:
    place(anne.ship_piece, 2, 1, 1)
    place(mary.ship_piece, 2, 3, 1)
    place(kraken_piece, 2, 5, 1)
    place(jack.ship_piece, 2, 6, 1)
  answers "row 9, column 11", "swift", "sharp", "tower"
  expect:
    targets_from(anne, anne.ship_piece) == [[mary.ship_piece, 2], [kraken_piece, 4]]
    targets_from(mary, kraken_piece) == [[jack.ship_piece, 1]]
    anne.ship_piece in gun_pieces(anne)

example "a volley pays only its best result: a hit and two landings pay 2 gold":
  players 3 named anne, mary, jack
  when:
    settle_volley(anne, anne.ship_piece, [[kraken_piece, hit], [mary.ship_piece, lands_on], [jack.ship_piece, lands_on]])
  answers "row 9, column 11", "swift", "sharp", "tower"
  expect:
    count(anne.gold_hold) == 2
    count(gold_supply) == 48

example "the curse passes on: a cursed captain's ship hits two rivals, who are both cursed":
  players 3 named anne, mary, jack
  given:
    anne.cursed = true
  when:
    settle_volley(anne, anne.ship_piece, [[mary.ship_piece, hit], [jack.ship_piece, captain_off]])
  answers "row 9, column 11", "swift", "sharp", "tower"
  expect:
    not anne.cursed
    mary.cursed
    jack.cursed
    count(anne.gold_hold) == 3

example "a volley from the Kraken does not lift a curse":
  players 2 named anne, mary
  given:
    anne.cursed = true
  when:
    settle_volley(anne, kraken_piece, [[mary.ship_piece, lands_on]])
  answers "row 9, column 11", "swift", "sharp"
  expect:
    anne.cursed
    not mary.cursed
    count(anne.gold_hold) == 2

example "a volley: one chance draw per target, by distance, from the volley table":
  players 2 named anne, mary
  seed 3
  given:
    place(anne.ship_piece, 2, 1, 1)
    place(mary.ship_piece, 2, 2, 1)
  when:
    volley(anne)
  answers "row 9, column 11", "swift", "sharp"
  expect:
    count(anne.gold_hold) + count(gold_supply) == 50
    count(anne.gold_hold) <= 3

example "the swift sailor: two free moves straight ahead":
  players 2 named anne, mary
  given:
    place(anne.ship_piece, 5, 5, 1)
  when:
    use_ability(anne)
  answers "row 9, column 11", "swift", "sharp"
  answers "move your ship", "move your ship"
  expect:
    where(anne.ship_piece) == at(sea, 5, 7)

example "the sharp helm and the tower keeper: two free steers each":
  players 2 named anne, mary
  when:
    use_ability(anne)
    use_ability(mary)
  answers "row 9, column 11", "tower", "sharp"
  answers "turn to starboard", "turn to starboard"
  answers "turn to port", "Stop"
  expect:
    tower_piece.facing == 3
    mary.ship_piece.facing == 2

example "the kraken tamer: two free Kraken moves":
  players 2 named anne, mary
  when:
    use_ability(anne)
  answers "row 9, column 11", "kraken", "sharp"
  answers "row 8, column 11", "row 7, column 11"
  expect:
    where(kraken_piece) == at(sea, 6, 10)
    kraken_piece.facing == 1

example "a turn: the ability between other actions, then the player ends the turn":
  players 2 named anne, mary
  given:
    place(anne.ship_piece, 5, 5, 1)
  when:
    take_turn(anne)
  answers "row 9, column 11", "swift", "sharp"
  answers "Steer", "Anne's ship: turn to starboard"
  answers "Use your captain's ability", "move your ship", "Stop"
  answers "Move", "Anne's ship", "End your turn"
  expect:
    anne.ship_piece.facing == 2
    where(anne.ship_piece) == at(sea, 7, 6)

example "the end: a second treasure finishes the round; glory is gold plus 6 per treasure":
  players 2 named anne, mary
  given:
    move top(chest_supply) to anne.treasure_hold
    hold_map(anne, C)
    place(anne.ship_piece, 3, 3, 4)
    move take([g for g in gold_supply], 12) to mary.gold_hold
  when:
    sail(anne)
  answers "row 9, column 11", "swift", "sharp"
  expect:
    finishing
    count(anne.treasure_hold) == 2
    glory(anne) == 12
    glory(mary) == 12
