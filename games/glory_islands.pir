# Glory Islands (Rio Grande Games, 2022), written in pirdsl.
#
# Facts the rulebook text leaves out are marked "# assumed:". Each one is a single
# definition near the top of its section, so it is easy to change.

game "Glory Islands":
  players 2 to 4
  # The most decisions a game asks, for programs that need it in advance (the rounds end on
  # a condition). Each round every ship still afloat moves its disc at least 1 space down the
  # 45-space sailing track (its card is worth 1 to 5) and the disc never moves back, so by the
  # 45th round every disc has sunk its ship: at most 45 rounds. A round asks each of at most
  # 4 seats 1 card and at most 17 in its turn (a leg, a stopover's pirate (4) and sail-on,
  # end of move (2), a pirate (4), a special action (5)): 72. Setup and final scoring ask
  # none. 45 x 72 = 3,240.
  longest 3240 decisions
  credits "Glory Islands, Rio Grande Games (2022). Rules encoded for pirdsl."
  overview "Pirate crews race clockwise round a ring of islands. Each round everyone secretly plays a sailing card that sets turn order, how far their ship sails and how far from it they may land a pirate. Pirates on the islands earn glory, treasure and barrels, and full islands pay out to the crews with the most pirates there."
  goal "Have the most glory once a ship has come home and the round is finished."
  also_in_the_box "The board (the islands, the sea round them and the sailing track beside it), a draw bag for the treasure tokens, a general supply of barrels, and for each colour a ship, a glory disc and a sailing disc. Henry Morgan plays green, with a disc on each track like everyone."
  sailing "Ships sail clockwise round the 24 sea spaces: from Home (top left) right along the top row, down the right side, left along the bottom past the compass (bottom right) and up the left side back to Home. Ships may share a space. A ship must sail at least 1 space and at most its card's value. Passing or landing on Home pays its bonus and makes this the last round; a ship may sail on past it, and the game ends when the round is over."
  placing_pirates "Where a ship stops, its pirate goes on a free island space in line with it: along its column from the top or bottom row, along its row from the left or right side, or along the diagonal from a corner. Distance is counted in spaces along that line, the first island space being 1 away. The pirate may go at most the card's value away; if every space that close is taken, it goes on the next free space further along the line, and with none free on the line, no pirate is placed."
  the_stopover_of_a_5 "With a 5 you may sail 1 to 4 spaces, place a pirate from there (and take its reward), then sail on at least 1 more space, 5 in all, and place a second pirate. Pirate fields in line pay, shipwrecks are taken and the special action is used only where the ship ends, not at the stopover."
  version "1"

# ---------------------------------------------------------------- components

kind treasure_kind: ruby, spices, emerald, crown, doubloon

#: Six per colour, worth 1, 2, 3, 3, 4 and 5; tiebreak symbols order cards of equal value.
piece sailing_card(value, rank) labelled "{value} (tiebreak {rank})"
#: Your crew: land them on the islands to collect rewards and win islands. Henry Morgan (green) has 8.
piece pirate(owner) labelled "{owner.name}'s pirate" marked "p{owner.index + 1}"
#: Sails clockwise round the sea spaces, from Home back to Home.
piece ship(owner) labelled "{owner.name}'s ship" marked "S{owner.index + 1}"
#: Pays for a special action; worth 1 glory at the end. Hold at most 3.
piece barrel labelled "barrel"
#: A token of one of five kinds, kept face down; sets of different kinds score at the end.
piece treasure(kind) labelled "{kind}"
#: Shipwrecks variant: worth its printed glory (1 to 4) at the end.
piece shipwreck(value) labelled "shipwreck worth {value}"

zone hand per player owner            # sailing cards in hand
#: face-down card
zone played per player owner          # the card laid face down this round
#: face-up card
zone revealed per player              # the card once everyone has turned theirs over
#: discard pile
zone discard per player
#: deck
zone deck per player hidden           # Henry Morgan's face-down pile
#: pirate supply
zone crew per player                  # pirates still in the player's supply
zone barrels per player
zone treasures per player owner       # face down on the player board
#: face-up treasures
zone open_treasures per player        # face up (Henry Morgan's)
#: drawn tokens
zone looking per player owner         # treasure tokens drawn and being chosen from
#: shipwreck tokens
zone wrecks per player owner          # shipwreck tokens, face down
zone bag hidden
zone barrel_supply
zone box internal                     # tokens left out of this game
zone wreck_pool hidden
zone wrecks_north hidden              # the stack on the upper-right corner
zone wrecks_south hidden              # the stack on the lower-left corner

var glory per player = 0
#: sailing points
var sailing per player = 24           # the number on the disc's space: what players read
var sailing_space per player = 0 internal # the disc's space on the sailing track; 0 is the "24"
var travelled per player = 0 internal # spaces sailed along the route
#: card
var card per player = none internal   # the card revealed this round (the revealed pile shows it)
var ship per player = none internal
var compass_passes = 0 internal
var home_passes = 0 internal
#: a ship has come home
var finishing = false internal        # the first ship is home: this is the last round
var turn_order = []  # set each round: who acts first, second...

automa henry_morgan "Henry Morgan" when player_count == 2

# ---------------------------------------------------------------- the board

# assumed: the island shapes and the kind of each island space. The rules show them
# only in pictures; six islands of 3, 3, 4, 4, 5 and 6 spaces tile the 5x5 interior.
# Home is the upper-left corner, the compass the lower-right one.
board islands: grid 7 by 7
  layer space:
    "H s s s s s W"
    "s f c b f c s"
    "s b f c b f s"
    "s c b f c b s"
    "s f c b f c s"
    "s b f c f b s"
    "W s s s s s C"
  legend space: "H" = home, "C" = compass, "W" = wreck_corner, "s" = sea, "f" = field, "c" = chest, "b" = barrel
  layer island:
    ". . . . . . ."
    ". A A B B B ."
    ". A E E C C ."
    ". D E E E C ."
    ". D D F F C ."
    ". D F F F F ."
    ". . . . . . ."
  caption island

define home_space = at(islands, 0, 0)
define storm_space = at(islands, 3, 3)
define route = perimeter(islands, home_space)
define lap = count(route)
define compass_step = index_of(route, at(islands, 6, 6))
#: the space {p}'s ship is on
define ship_space(p) = route[p.travelled % lap]
#: {s} is the storm
define is_storm(s) = variant storm and s == storm_space
define island_of(s) = none if is_storm(s) else s.island
#: the island spaces
define island_spaces = [s for s in cells(islands) where island_of(s) != none]
define island_names = distinct([island_of(s) for s in island_spaces])
#: the spaces of island {name}
define island(name) = [s for s in island_spaces where island_of(s) == name]
# From a side space the line runs straight into the islands; from a corner, diagonally.
#: the island spaces in line with {s}
define line_from(s) = [t for t in ray(s, inward(s)) where t.island != none]
#: the free island spaces in line with {s}
define open_spaces(s) = [t for t in line_from(s) where empty(t)]
#: the name of space {s}
define describe(s) = "{s.space} space on island {s.island}" if not is_storm(s) else "the storm"
#: {p}'s pirates on the islands
define pirates_on_board(p) = [x for x in all_pieces(island_spaces) where x.owner == p]

# ---------------------------------------------------------------- tables

define card_values = [1, 2, 3, 3, 4, 5]
#: 5 (8 for Henry Morgan)
define crew_size(p) = 8 if automa(p) else 5

# assumed: the tie-breaker symbols printed on each colour's cards, as ranks (higher
# wins a tie). Each colour's set differs so that equal values always break.
#: The tiebreak symbols on the six cards of each seat's colour (the cards worth 1, 2, 3, 3, 4 and 5, in that order), as ranks: of two cards of equal value, the higher symbol wins the tie.
table card_symbols:
  header "Seat" -> "1", "2", "3", "3", "4", "5"
  0 -> [4, 1, 3, 7, 2, 4]
  1 -> [3, 4, 2, 6, 1, 3]
  2 -> [2, 3, 5, 8, 4, 2]
  3 -> [1, 2, 1, 4, 3, 1]

# Island majority chart: glory for first, second (and third) place, by island size.
# assumed: the 5- and 6-space rows (the rules give only the 3- and 4-space ones).
table island_points:
  header "Island size" -> "1st", "2nd", "3rd"
  3 -> [4, 2]
  4 -> [5, 3]
  5 -> [6, 4, 2]
  6 -> [7, 5, 3]

# The sailing track: the number printed on each of its spaces, from the "24" where
# every disc starts. A sailing point moves the disc one space, whatever the
# numbers say; at the end the disc's space adds or takes away its number.
# assumed: how many spaces the track has and the number on each. The rules give
# only the first (24) and the last numbered space (-30), and say that the disc
# moves in spaces, not points; here the numbers fall by 1 a space down to -10
# and by 2 a space below it, 45 spaces in all.
define sailing_track = [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
                        12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                        -1, -2, -3, -4, -5, -6, -7, -8, -9, -10,
                        -12, -14, -16, -18, -20, -22, -24, -26, -28, -30]
# The space after the last numbered one: a disc that reaches it sinks the ship.
define sinking_space = count(sailing_track)
#: the number on the space of {p}'s disc
define track_value(p) = sailing_track[p.sailing_space] if p.sailing_space < sinking_space else 0

table compass_bonus:
  header "Ships there before you" -> "Compass bonus"
  0 -> 4
  1 -> 2
  2 -> 1

table home_bonus:
  header "Ships home before you" -> "Home bonus"
  0 -> 6
  1 -> 3
  2 -> 1

table set_value:
  header "Different kinds in a set" -> "Glory"
  0 -> 0
  1 -> 1
  2 -> 3
  3 -> 6
  4 -> 10
  5 -> 15

#: 3
define max_barrels = 3
#: the players still afloat
define in_play = [p for p in players where not eliminated(p)]
#: the players (not Henry Morgan)
define humans = [p for p in in_play where not automa(p)]
#: Henry Morgan, when he plays
define automas = [p for p in in_play where automa(p)]

# ---------------------------------------------------------------- variants

variant storm "Play on the back of the board: the centre space (row 4, column 4) is a storm, not an island space; a pirate placed there is blown to any empty island space (Henry Morgan's to the first empty one, reading row by row from the top left) and takes that space's reward"
variant shipwrecks "Shipwreck tokens on the two free corners reward ships that stop there"

# ---------------------------------------------------------------- setup

setup:
  for each p in players:
    #: Take the six sailing cards of your colour into your hand.
    for each i in indices(card_values):
      create 1 sailing_card(card_values[i], card_symbols[p.index][i]) in p.hand
    create 1 ship(p) in home_space
    p.ship = top(home_space)
    #: Put your pirates in your supply: 5, or 8 for Henry Morgan.
    create crew_size(p) pirate(p) in p.crew
    #: Henry Morgan shuffles his six cards face down as his deck instead of taking them into his hand.
    if automa(p):
      move p.hand to p.deck
  #: Put the 35 treasure tokens (7 of each kind) in the bag; with 2 or 3 players (Henry Morgan is not counted), put one of each kind back in the box, leaving 30.
  for each k in treasure_kind:
    create 7 treasure(k) in bag
    if player_count < 4:
      move first([t for t in bag where t.kind == k]) to box
  create 8 barrel in barrel_supply
  #: Each player except Henry Morgan takes a barrel from the supply.
  for each p in humans:
    move first(barrel_supply) to p.barrels
  #: Mix the 10 shipwreck tokens: one 4, three 3s, four 2s and two 1s.
  for each v in [4, 3, 3, 3, 2, 2, 2, 2, 1, 1]:
    create 1 shipwreck(v) in wreck_pool
  #: Shipwrecks variant: stack 5 tokens at random, face down, on each free corner; otherwise the tokens stay in the box.
  if variant shipwrecks:
    repeat 5 times:
      draw w from wreck_pool
      move w to wrecks_north
    move wreck_pool to wrecks_south
  else:
    move wreck_pool to box

# ---------------------------------------------------------------- play

play:
  rounds until finishing or count(in_play) == 0:
    phase "Play sailing cards":
      #: Everyone except Henry Morgan chooses a sailing card from their hand and lays it face down, all at once.
      for each p in humans simultaneously:
        #: Play a sailing card face down
        p chooses c from p.hand "Play a sailing card face down" labelled card_label(p, c)
        move c to p.played
      #: Henry Morgan plays the top card of his deck, which he draws at random; when one card is left, his discards go back into the deck first.
      for each p in automas:
        if count(p.deck) <= 1:
          move p.discard to p.deck
        draw c from p.deck
        move c to p.played
      #: All the played cards are turned face up.
      for each p in in_play:
        p.card = top(p.played)
        move p.played to p.revealed
        log "{p.name} reveals {p.card}."

    phase "Spend sailing points":
      #: Everyone still afloat moves their disc down the sailing track as many spaces as their card's value ({spend_sailing}).
      for each p in in_play:
        spend_sailing(p)

    phase "Determine turn order":
      turn_order = by_sailing_card(in_play)

    phase "Resolve actions":
      for each p in turn_order:
        #: If it is Henry Morgan's turn:
        if automa(p):
          automa_turn(p)
        else:
          take_turn(p)

    phase "End of round":
      end_round()

# Highest card first; equal values go by the tiebreak symbols.
#: {group} from the highest card to the lowest, ties by tiebreak symbol
define by_sailing_card(group) = [p for p in group order by [p.card.value, p.card.rank] descending]

rule spend_sailing(p) "Spend sailing points":
  move_disc(p, p.card.value)

#: Move your disc down the sailing track by {spaces}
rule move_disc(p, spaces) "Move the disc down the sailing track":
  p.sailing_space = min([p.sailing_space + spaces, sinking_space])
  #: Your sailing points are now the number on the disc's new space.
  p.sailing = track_value(p)
  #: A disc that goes past the last space (-30) sinks your ship: you are out of the game.
  if p.sailing_space == sinking_space:
    log "{p.name} sailed too recklessly: the ship sinks and is out of the game."
    eliminate p

rule end_round() "Swap tied cards, discard, and take the discards back on a 1":
  # assumed: Henry Morgan's card is swapped on a tie like anyone's (the
  # two-player rules do not say); a card he receives goes to his discards.
  let in_round = [p for p in players where count(p.revealed) > 0]
  #: Of equal cards, the highest tiebreak symbol swaps with the lowest; with four, the middle two swap too ({swap_ties}).
  for each v in distinct([p.card.value for p in in_round]):
    swap_ties([p for p in in_round where p.card.value == v order by p.card.rank descending])
  #: Everyone discards the card now in front of them; a player (not Henry Morgan) who played a 1 takes the whole discard pile back into hand.
  for each p in in_round:
    move p.revealed to p.discard
    if p.card.value == 1 and not automa(p):
      move p.discard to p.hand

rule take_turn(p) "Your turn: sail, place pirates, special action, score islands":
  let reach = p.card.value
  #: -
  let legs = [[n, false] for n in range(1, reach)]
  # A 5 may stop over after 1 to 4 spaces: at least one more space must follow.
  #: -
  if reach == 5:
    legs = legs + [[n, true] for n in range(1, reach - 1)]
  #: Sail 1 space up to your card's value ({sail}); a 5 may stop over after 1 to 4.
  p chooses leg from legs "Move your ship" labelled leg_label(p, leg)
  #: -
  sail(p, leg[0])
  #: After a stopover, place a pirate there first ({place_pirate}), then sail on 1 or more spaces, 5 in all.
  if leg[1]:
    place_pirate(p, reach)
    p chooses more from range(1, reach - leg[0]) "Sail on after the stopover" labelled "Sail {more} more to {route[(p.travelled + more) % lap]}{passing_text(p, more)}"
    sail(p, more)
  #: Pirate fields in line with where you end pay their owners 1 glory each, you too ({end_of_move}).
  end_of_move(p)
  #: Place a pirate on a free island space in line, at most your card's value away, else the next free one ({place_pirate}): a field pays 1 glory, a chest 2 treasure draws (keep 1), a barrel space one from the supply (hold up to 3).
  place_pirate(p, reach)
  #: Special action ({special_action}): a 2 turns a barrel into 3 treasure draws (keep 1); a 3 places a second pirate, a 4 moves one of yours to any empty space, each for a barrel or 2 sailing spaces.
  special_action(p)
  #: Score each full island by the island chart ({score_full_islands}): ties share the prizes of the places they fill (rounded up); if all tie, they share every prize and you gain 1 more.
  score_full_islands(p)

#: how far the ship sails, where it lands and what passing the compass or home brings
define leg_label(p, leg) = "Sail {leg[0]}{\", then stop over at\" if leg[1] else \" to\"} {route[(p.travelled + leg[0]) % lap]}{passing_text(p, leg[0])}"
define passing_text(p, n) = compass_text(p, n) + home_text(p, n)
define compass_text(p, n) = ": passes the compass, {compass_bonus[compass_passes]} glory" if p.travelled < compass_step and p.travelled + n >= compass_step and compass_passes < 3 else ""
define home_text(p, n) = ": comes home{home_glory}, and this round is the last" if p.travelled < lap and p.travelled + n >= lap else ""
define home_glory = ", {home_bonus[home_passes]} glory" if home_passes < 3 else ""

# What a card does, for its option to say: what it costs on the sailing track and
# what its special action is.
define specials = ["", "your discards come back to your hand", "3 treasure draws for a barrel", "a 2nd pirate for a barrel or 2 sailing", "move a pirate for a barrel or 2 sailing", "may stop over on the way"]
#: what playing sailing card {c} costs on the sailing track and allows
define card_label(p, c) = "{c}: sailing {p.sailing} to {track_after(p, c.value)}; {specials[c.value]}"
define track_after(p, n) = "sinking!" if p.sailing_space + n >= sinking_space else "{sailing_track[p.sailing_space + n]}"

#: Sail clockwise by {steps}
rule sail(p, steps) "Move the ship clockwise":
  #: Sail clockwise one space at a time:
  repeat steps times:
    p.travelled += 1
    #: Passing or landing on the compass earns 4 glory for the first ship, 2 for the second and 1 for the third.
    if p.travelled == compass_step:
      if compass_passes < 3:
        p.glory += compass_bonus[compass_passes]
        log "{p.name} passes the compass: {compass_bonus[compass_passes]} glory."
      compass_passes += 1
    #: Passing or landing on Home earns 6, 3 and 1 glory for the first three ships; the first ship home makes this the last round, and a ship may sail on past Home.
    if p.travelled == lap:
      if home_passes < 3:
        p.glory += home_bonus[home_passes]
        log "{p.name} comes home: {home_bonus[home_passes]} glory."
      home_passes += 1
      finishing = true
  #: Your ship stops on the space it reached.
  move p.ship to ship_space(p)
  log "{p.name} sails {steps} to row {ship_space(p).row + 1}, column {ship_space(p).col + 1}."

rule end_of_move(p) "Glory for pirate fields in line with the ship":
  #: Each pirate on a pirate field in line with your ship (along its row or column, or the diagonal from a corner) earns its owner 1 glory.
  for each s in line_from(ship_space(p)):
    if s.space == field:
      for each x in s:
        x.owner.glory += 1
        log "{x.owner.name} gains 1 glory from the pirate field in line with {p.name}'s ship."
  #: Shipwrecks variant: a ship that ends on a free corner takes treasure from its shipwreck stack ({take_wrecks}).
  if variant shipwrecks and ship_space(p).space == wreck_corner:
    take_wrecks(p, wrecks_north if ship_space(p).row == 0 else wrecks_south)

rule take_wrecks(p, stack) "Retrieve treasure from a shipwreck":
  if count(stack) == 0:
    return
  # assumed: Henry Morgan's random token comes from the stack where he stopped.
  #: Henry Morgan instead takes a token from the stack at random, and that is all.
  if automa(p):
    draw w from stack
    move w to p.wrecks
    return
  #: Look through the stack and take one token.
  p chooses w from stack "Take a shipwreck token"
  #: -
  move w to p.wrecks
  #: A barrel returned to the supply buys a second.
  if count(p.barrels) > 0 and count(stack) > 0:
    p chooses extra from stack "Spend a barrel for another token?" optional "Keep the barrel"
    if extra != none:
      move first(p.barrels) to barrel_supply
      move extra to p.wrecks

rule place_pirate(p, reach) "Place a pirate":
  let here = ship_space(p)
  # The free spaces are found before a pirate is taken back, so a pirate taken
  # back must go to a new space, never the one it just left.
  let open = open_spaces(here)
  if count(open) == 0:
    log "{p.name} finds no free space in line and places no pirate."
    return
  #: With none in your supply, first take one of yours back from the islands, for a new space.
  if count(p.crew) == 0:
    #: All your pirates are out: take one back to place on a new space
    p chooses old from pirates_on_board(p) "All your pirates are out: take one back to place on a new space" labelled describe(where(old))
    move old to p.crew
  let near = [s for s in open where distance(here, s) <= reach]
  # Nothing free within reach: the next available space further along the line.
  #: You may place within your card's value of your ship; if every space that close is taken, take the next free space along the line.
  let choices = near if count(near) > 0 else take(open, 1)
  #: Place a pirate: choose the space.
  p chooses target from choices "Place a pirate" labelled "{describe(target)}, {distance(here, target)} away{reward_text(p, target)}"
  land_pirate(p, target)

#: what landing a pirate on space {s} brings {p}
define reward_text(p, s) = ": the storm blows it to any empty space" if is_storm(s) else ": 1 glory" if s.space == field else chest_text if s.space == chest else barrel_text(p) if s.space == barrel else ""
define chest_text = ": draw 2 treasure tokens, keep 1" if count(bag) > 0 else ": nothing, the bag is empty"
define barrel_text(p) = ": a barrel" if count(barrel_supply) > 0 and count(p.barrels) < max_barrels else ": no barrel (you hold {max_barrels})" if count(p.barrels) >= max_barrels else ": no barrel, none are left"

rule land_pirate(p, target) "Collect the reward":
  #: Put a pirate from your supply on the space.
  move first(p.crew) to target
  log "{p.name} places a pirate on the {describe(target)}."
  #: -
  let space = target
  #: Storm variant: a pirate placed on the storm is blown to any empty island space you choose (Henry Morgan's to the first empty one, row by row from the top left).
  if is_storm(target):
    let calm = [s for s in island_spaces where empty(s)]
    # assumed: with no empty space left the pirate goes back to the supply.
    if count(calm) == 0:
      move target to p.crew
      return
    # assumed: the storm blows Henry Morgan's pirate to the first empty space,
    # row by row from the top left (the rules give him no choice).
    if automa(p):
      space = first(calm)
    else:
      p chooses space from calm "The storm carries your pirate: choose any empty space" labelled "{describe(space)}{reward_text(p, space)}"
    move target to space
    log "The storm carries it to the {describe(space)}."
  collect(p, space)

rule collect(p, space) "Reward for the space a pirate lands on":
  if space.space == field:
    p.glory += 1
    log "{p.name} gains 1 glory for the pirate field."
  elif space.space == chest:
    take_treasure(p, 2)
  #: On a barrel space you take a barrel from the supply, if one is left and you hold fewer than 3; Henry Morgan takes 2 glory instead.
  elif space.space == barrel:
    if automa(p):
      p.glory += 2
      log "{p.name} takes 2 glory instead of a barrel."
    elif count(barrel_supply) > 0 and count(p.barrels) < max_barrels:
      move first(barrel_supply) to p.barrels
      log "{p.name} takes a barrel."

#: Draw {drawn} treasure tokens and keep one
rule take_treasure(p, drawn) "Draw treasure tokens and keep one":
  if count(bag) == 0:
    return
  #: Henry Morgan instead takes one at random and lays it face up, and that is all.
  if automa(p):
    draw t from bag
    move t to p.open_treasures
    log "{p.name} takes a treasure token face up: {t}."
    return
  #: Draw as many tokens from the bag as the reward gives (or as many as are left).
  repeat drawn times:
    if count(bag) > 0:
      draw t from bag
      move t to p.looking
  #: Keep one face down; the rest go back in the bag.
  p chooses keep from p.looking "Keep one treasure token; the others go back in the bag" labelled keep_label(p, keep)
  #: -
  move keep to p.treasures
  #: -
  move p.looking to bag
  log "{p.name} keeps one treasure token face down."
  log to p "You keep the {keep}."

# assumed: a player may not spend the 2 sailing spaces that would sink the ship.
#: the ways {p} can pay (a barrel, or 2 sailing spaces)
define payments(p) = (["pay a barrel"] if count(p.barrels) > 0 else []) + (["spend 2 sailing spaces"] if p.sailing_space + 2 < sinking_space else [])

#: a way to pay, and what it leaves
define payment_label(p, how) = "{how} (you have {count(p.barrels)})" if how == "pay a barrel" else "{how} (sailing {p.sailing} to {track_after(p, 2)})"

#: Pay the cost you chose
rule pay(p, how) "Pay the cost you chose":
  #: If you chose to pay a barrel: move one of your barrels to the barrel supply; otherwise move your disc 2 spaces down the sailing track ({move_disc}).
  if how == "pay a barrel":
    move first(p.barrels) to barrel_supply
  else:
    move_disc(p, 2)

rule special_action(p) "Activate a special action (optional)":
  let value = p.card.value
  #: A 1 or a 5 has no special action.
  if value == 1 or value == 5:
    return
  let ways = payments(p)
  #: With a 2, you may return a barrel to the supply to draw 3 treasure tokens and keep one ({take_treasure}).
  if value == 2 and count(p.barrels) > 0 and count(bag) > 0:
    p chooses use from ["return a barrel to draw 3 treasures and keep 1"] "Special action of the 2" optional "No special action"
    if use != none:
      move first(p.barrels) to barrel_supply
      log "{p.name} returns a barrel to draw 3 treasure tokens."
      take_treasure(p, 3)
  #: With a 3, you may pay a barrel or 2 sailing spaces ({pay}) to place a second pirate the same way, again at most 3 spaces away ({place_pirate}).
  if value == 3 and count(ways) > 0:
    p chooses how from ways "Special action of the 3: place a second pirate" labelled payment_label(p, how) optional "No special action"
    if how != none:
      pay(p, how)
      log "{p.name} uses the 3's special action ({how}) to place a second pirate."
      place_pirate(p, 3)
  #: With a 4, you may pay a barrel or 2 sailing spaces ({pay}) to move one of your pirates on the islands to any empty island space, and take that space's reward ({collect}).
  if value == 4 and count(ways) > 0 and count(pirates_on_board(p)) > 0:
    p chooses how from ways "Special action of the 4: move one of your pirates" labelled payment_label(p, how) optional "No special action"
    if how != none:
      pay(p, how)
      p chooses mover from pirates_on_board(p) "Which pirate moves?" labelled describe(where(mover))
      p chooses space from [s for s in island_spaces where empty(s)] "Move it to which empty space?" labelled "{describe(space)}{reward_text(p, space)}"
      move mover to space
      log "{p.name} uses the 4's special action ({how}) to move a pirate to the {describe(space)}."
      collect(p, space)

rule score_full_islands(trigger) "Score full islands":
  #: Every island whose spaces are all taken is scored ({score_island}).
  for each name in island_names:
    if count(all_pieces(island(name))) == count(island(name)):
      score_island(name, trigger)

rule score_island(name, trigger) "Score an island":
  let standing = all_pieces(island(name))
  let rivals = distinct([x.owner for x in standing])
  let counts = [count([x for x in standing where x.owner == q]) for q in rivals]
  let prizes = island_points[count(island(name))]
  log "Island {name} is full and scores."
  #: If two or more crews are on the island and all have the same number of pirates, they share all its prizes equally (rounded up), and you, who filled it, gain 1 glory more.
  if count(rivals) > 1 and count(distinct(counts)) == 1:
    # Everyone on the island tied: all the bonuses are shared, plus 1 for the trigger.
    for each q in rivals:
      q.glory += ceil(sum(prizes) / count(rivals))
      log "{q.name} ({pirate_count(counts[0])}, all tied) scores {ceil(sum(prizes) / count(rivals))} glory."
    trigger.glory += 1
    log "{trigger.name} filled the island and takes 1 glory more."
  #: Otherwise the most pirates take 1st place, the next 2nd and 3rd (a crew alone on the island takes 1st place only); tied players add up the prizes of the places they fill and share them equally (rounded up), and places left over pay nothing.
  else:
    let awards = share_places(counts, prizes)
    for each i in indices(rivals):
      rivals[i].glory += awards[i]
      log "{rivals[i].name} ({pirate_count(counts[i])}) scores {awards[i]} glory."
  #: The pirates on the island go back to their owners' supplies.
  for each x in standing:
    move x to x.owner.crew

define pirate_count(n) = "1 pirate" if n == 1 else "{n} pirates"

rule swap_ties(tied) "Swap tied cards":
  #: Of two or more tied cards, the one with the highest tiebreak symbol swaps with the one with the lowest ({swap_cards}).
  if count(tied) >= 2:
    swap_cards(tied[0], tied[count(tied) - 1])
  #: With four tied cards, the middle two swap too.
  if count(tied) == 4:
    swap_cards(tied[1], tied[2])

#: Swap the two tied cards
rule swap_cards(a, b) "Swap the two tied cards":
  #: Your face-up card and the other player's change places.
  let card_a = top(a.revealed)
  let card_b = top(b.revealed)
  #: -
  move card_a to b.revealed
  #: -
  move card_b to a.revealed
  log "{a.name} and {b.name} swap their tied cards."

rule automa_turn(p) "Henry Morgan sails the full value and places on the nearest free space":
  let value = p.card.value
  #: He sails his card's full value ({sail}); with a 5 he sails 1 space, places a pirate ({automa_place}), then sails 4 more.
  if value == 5:
    sail(p, 1)
    automa_place(p)
    sail(p, 4)
  else:
    sail(p, value)
  end_of_move(p)
  automa_place(p)
  score_full_islands(p)

#: Henry Morgan places a pirate on the nearest free space in line
rule automa_place(p) "Henry Morgan places a pirate":
  let open = open_spaces(ship_space(p))
  #: If he has a pirate in his supply, he places it on the first free island space in line with his ship, and collects its reward.
  if count(p.crew) > 0 and count(open) > 0:
    land_pirate(p, first(open))

# ---------------------------------------------------------------- scoring

define treasure_tokens(p) = p.treasures + p.open_treasures
define kind_counts(tokens) = [count([t for t in tokens where t.kind == k]) for k in treasure_kind]
# Each token counts in one set; the n-th set holds every kind of which you have n or more.
define set_points(counts) = sum([set_value[count([c for c in counts where c >= n])] for n in range(1, 7)])
#: {p}'s glory for treasure sets
define treasure_points(p) = set_points(kind_counts(treasure_tokens(p)))  # your treasure tokens (Henry Morgan's lie face up) are split into sets of different kinds: the first set holds one of each kind you have, the second one of each kind you have two or more of, and so on; each set scores by the Set value chart
#: a treasure token to keep, and what {p}'s sets would then be worth
define keep_label(p, t) = "{t}: your sets then worth {set_points(kind_counts(treasure_tokens(p) + [t]))} glory (+{set_points(kind_counts(treasure_tokens(p) + [t])) - treasure_points(p)})"

score p: p.glory

final scoring:
  #: Everyone, Henry Morgan too, gains 1 glory for each barrel they hold and each of their pirates on the islands, the number on their disc's space (a number below 0 takes glory away), their glory for treasure sets and the glory printed on their shipwreck tokens.
  for each p in players:
    # Said before it is added, so that every player sees where the final glory comes from.
    log "{p.name} adds {count(p.barrels)} for barrels, {count(pirates_on_board(p))} for pirates on the islands, {track_value(p)} from the sailing track, {treasure_points(p)} for treasure sets ({treasure_tokens(p)}){wreck_text(p)}."
    p.glory += count(p.barrels)
    p.glory += count(pirates_on_board(p))
    p.glory += track_value(p)
    p.glory += treasure_points(p)
    p.glory += sum([w.value for w in p.wrecks])

define wreck_text(p) = "" if count(p.wrecks) == 0 else " and {sum([w.value for w in p.wrecks])} from shipwrecks"

# ---------------------------------------------------------------- worked examples
# Each example arranges a situation after setup, plays it out, and checks the result.
# The board positions are chosen on this file's (assumed) map to match the rulebook.

define card_of(p, value, rank) = first([c for c in p.hand where c.value == value and c.rank == rank])
define spot(row, col) = at(islands, row, col)

rule reveal_card(p, c) "(examples) lay a card face up":
  move c to p.revealed
  p.card = c

rule put_pirate(p, row, col) "(examples) stand a pirate on an island space":
  move first(p.crew) to spot(row, col)

rule put_ship(p, steps) "(examples) moor a ship along the route":
  p.travelled = steps
  move p.ship to ship_space(p)

example "Equal values: the tiebreak symbols set the order (Connor, Anna, Beth)":
  players 3 named anna, beth, connor
  given:
    reveal_card(anna, card_of(anna, 3, 3))
    reveal_card(beth, card_of(beth, 3, 2))
    reveal_card(connor, card_of(connor, 3, 5))
  expect:
    by_sailing_card([anna, beth, connor]) == [connor, anna, beth]

example "Anna's 3: she sails 3, Beth's pirate field pays, Anna lands on the barrel":
  players 3 named anna, beth, connor
  given:
    put_pirate(beth, 3, 3)
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    spend_sailing(anna)
    take_turn(anna)
  answers "Sail 3", "barrel", "No special action"
  expect:
    track_value(anna) == 21
    ship_space(anna) == spot(0, 3)
    beth.glory == 1
    top(spot(1, 3)).owner == anna
    count(anna.barrels) == 2
    empty(spot(2, 3))

example "Anna's 1: the nearest spaces are taken, so she lands on the next free one":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 3)
    put_pirate(anna, 1, 4)
    put_pirate(beth, 2, 4)
    reveal_card(anna, card_of(anna, 1, 4))
  when:
    take_turn(anna)
  answers 1
  expect:
    ship_space(anna) == spot(0, 4)
    anna.glory == 1
    top(spot(3, 4)).owner == anna
    count(anna.treasures) == 1
    count(bag) == 29

example "Two full islands: a 4-space tie (Anna 5, Jeremy 4) and a 3-space win (Beth 4, Anna 2)":
  players 3 named anna, beth, jeremy
  given:
    put_pirate(anna, 2, 4)
    put_pirate(anna, 2, 5)
    put_pirate(jeremy, 3, 5)
    put_pirate(jeremy, 4, 5)
    put_pirate(anna, 1, 1)
    put_pirate(beth, 1, 2)
    put_pirate(beth, 2, 1)
  when:
    score_full_islands(anna)
  expect:
    anna.glory == 5 + 2
    jeremy.glory == 4
    beth.glory == 4
    count(anna.crew) == 5
    count(pirates_on_board(beth)) == 0

example "Tie for second place: the tied players share second and third":
  players 3 named anna, beth, connor
  given:
    put_pirate(anna, 4, 3)
    put_pirate(anna, 4, 4)
    put_pirate(anna, 5, 2)
    put_pirate(anna, 5, 3)
    put_pirate(beth, 5, 4)
    put_pirate(connor, 5, 5)
  when:
    score_full_islands(connor)
  expect:
    anna.glory == 7
    beth.glory == 4
    connor.glory == 4

example "Tie for first and for third: first and second are shared, third is split":
  players 4 named anna, beth, connor, dave
  given:
    put_pirate(anna, 4, 3)
    put_pirate(anna, 4, 4)
    put_pirate(beth, 5, 2)
    put_pirate(beth, 5, 3)
    put_pirate(connor, 5, 4)
    put_pirate(dave, 5, 5)
  when:
    score_full_islands(dave)
  expect:
    anna.glory == 6
    beth.glory == 6
    connor.glory == 2
    dave.glory == 2

example "Everyone on the island tied: all bonuses shared, plus 1 for the trigger":
  players 3 named anna, beth, connor
  given:
    put_pirate(anna, 4, 3)
    put_pirate(anna, 4, 4)
    put_pirate(beth, 5, 2)
    put_pirate(beth, 5, 3)
    put_pirate(connor, 5, 4)
    put_pirate(connor, 5, 5)
  when:
    score_full_islands(beth)
  expect:
    anna.glory == 5
    beth.glory == 6
    connor.glory == 5

example "Three 4s: the highest and lowest symbols swap cards, the middle keeps its own":
  players 3 named connor, anna, beth
  given:
    let anna_four = card_of(anna, 4, 1)
    let beth_four = card_of(beth, 4, 4)
    let connor_four = card_of(connor, 4, 2)
    reveal_card(anna, anna_four)
    reveal_card(beth, beth_four)
    reveal_card(connor, connor_four)
  when:
    end_round()
  expect:
    by_sailing_card([anna, beth, connor]) == [beth, connor, anna]
    beth_four in anna.discard
    anna_four in beth.discard
    connor_four in connor.discard

example "Treasure sets: 3 emeralds, 2 crowns, a doubloon and a ruby score 14":
  players 3 named anna, beth, connor
  given:
    move take([t for t in bag where t.kind == emerald], 3) to anna.treasures
    move take([t for t in bag where t.kind == crown], 2) to anna.treasures
    move take([t for t in bag where t.kind == doubloon], 1) to anna.treasures
    move take([t for t in bag where t.kind == ruby], 1) to anna.treasures
  expect:
    treasure_points(anna) == 14

example "Anna's 5: she may stop over after 4 spaces and sail the fifth before her second pirate":
  players 3 named anna, beth, connor
  given:
    reveal_card(anna, card_of(anna, 5, 4))
  when:
    take_turn(anna)
  # After the stopover only 1 space is left, so the sail on is not asked.
  answers "Sail 4, then stop over", "field space on island B", "chest space on island B", 1
  expect:
    ship_space(anna) == spot(0, 5)
    top(spot(1, 4)).owner == anna
    top(spot(1, 5)).owner == anna
    count(anna.treasures) == 1

example "Henry Morgan plays his 5: one space, a pirate, four more, a second pirate":
  players 2 named anna, beth
  given:
    let morgan_five = first([c for c in henry_morgan.deck where c.value == 5])
    reveal_card(henry_morgan, morgan_five)
  when:
    automa_turn(henry_morgan)
  expect:
    henry_morgan.travelled == 5
    count(henry_morgan.crew) == 6
    # First stop, one space along: the nearest free space is a pirate field (1 glory).
    top(spot(1, 1)).owner == henry_morgan
    # Second stop, four spaces on: the nearest free space holds a chest (one face-up token).
    top(spot(1, 5)).owner == henry_morgan
    count(henry_morgan.open_treasures) == 1
    henry_morgan.glory == 1

example "Henry Morgan lands on a barrel space: 2 glory instead of a barrel":
  players 2 named anna, beth
  given:
    put_ship(henry_morgan, 2)
    reveal_card(henry_morgan, first([c for c in henry_morgan.deck where c.value == 1]))
  when:
    automa_turn(henry_morgan)
  expect:
    top(spot(1, 3)).owner == henry_morgan
    henry_morgan.glory == 2
    count(henry_morgan.barrels) == 0

example "Henry Morgan ties with Anna: their cards swap like anyone's":
  players 2 named anna, beth
  given:
    let anna_two = card_of(anna, 2, 1)
    let morgan_two = first([c for c in henry_morgan.deck where c.value == 2])
    reveal_card(anna, anna_two)
    reveal_card(henry_morgan, morgan_two)
  when:
    end_round()
  expect:
    anna_two in henry_morgan.discard
    morgan_two in anna.discard

example "Storm side: the storm blows Henry Morgan's pirate to the first empty space":
  players 2 named anna, beth
  variants storm
  given:
    put_ship(henry_morgan, 2)
    put_pirate(anna, 1, 3)
    put_pirate(beth, 2, 3)
    reveal_card(henry_morgan, first([c for c in henry_morgan.deck where c.value == 1]))
  when:
    automa_turn(henry_morgan)
  expect:
    empty(storm_space)
    top(spot(1, 1)).owner == henry_morgan
    henry_morgan.glory == 1

example "Storm side: a pirate landing on the storm is blown to any empty space":
  players 3 named anna, beth, connor
  variants storm
  given:
    put_pirate(beth, 1, 3)
    put_pirate(beth, 2, 3)
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    take_turn(anna)
  answers "Sail 3", 1, "No special action"
  expect:
    empty(storm_space)
    top(spot(1, 1)).owner == anna
    anna.glory == 1
    count(island("E")) == 4

example "Shipwrecks: stopping on a free corner takes a token, and a barrel buys a second":
  players 3 named anna, beth, connor
  variants shipwrecks
  given:
    put_ship(anna, 3)
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    take_turn(anna)
  answers "Sail 3", 1, "field space", "No special action"
  expect:
    ship_space(anna) == spot(0, 6)
    count(anna.wrecks) == 2
    count(wrecks_north) == 3
    count(anna.barrels) == 0
    top(spot(3, 3)).owner == anna

example "The sailing track counts spaces: below -10 a space is worth 2, so Anna's 3 takes her from -9 to -14":
  players 3 named anna, beth, connor
  given:
    anna.sailing_space = index_of(sailing_track, -9)
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    spend_sailing(anna)
    end game
  expect:
    anna.sailing_space == index_of(sailing_track, -9) + 3
    track_value(anna) == -14
    # -14 for the track and 1 for her barrel.
    anna.glory == -14 + 1

example "The 3's second pirate paid with 2 sailing spaces; a disc 2 spaces from sinking cannot pay so":
  players 3 named anna, beth, connor
  given:
    move anna.barrels to barrel_supply
    anna.sailing_space = 3
    beth.sailing_space = sinking_space - 2
    reveal_card(anna, card_of(anna, 3, 3))
  when:
    special_action(anna)
  answers "spend 2 sailing spaces", 1
  expect:
    anna.sailing_space == 5
    count(pirates_on_board(anna)) == 1
    payments(beth) == ["pay a barrel"]

example "A disc that reaches the space after the -30 sinks the ship":
  players 3 named anna, beth, connor
  given:
    anna.sailing_space = index_of(sailing_track, -26)
    beth.sailing_space = index_of(sailing_track, -28)
    reveal_card(anna, card_of(anna, 3, 3))
    reveal_card(beth, card_of(beth, 1, 3))
  when:
    spend_sailing(anna)
    spend_sailing(beth)
  expect:
    anna.sailing_space == sinking_space
    eliminated(anna)
    track_value(beth) == -30
    not eliminated(beth)

example "Compass and Home bonuses go 4/2/1 and 6/3/1 in the order ships pass":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 11)
    put_ship(beth, 10)
    put_ship(connor, 22)
  when:
    sail(anna, 2)
    sail(beth, 5)
    sail(connor, 3)
    sail(anna, 12)
  expect:
    anna.glory == 4 + 3
    beth.glory == 2
    connor.glory == 6
    finishing

example "Out of pirates: Anna takes back her barrel pirate, but must place it on a new space":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 2)
    put_pirate(anna, 1, 1)
    put_pirate(anna, 1, 2)
    put_pirate(anna, 4, 1)
    put_pirate(anna, 4, 2)
    put_pirate(anna, 1, 3)
    put_pirate(beth, 2, 3)
    reveal_card(anna, card_of(anna, 1, 4))
  when:
    take_turn(anna)
  # Her 1 reaches only the barrel space her own pirate holds; taken back, that
  # pirate goes to the next free space along the column, the pirate field.
  answers "barrel space"
  expect:
    empty(spot(1, 3))
    top(spot(3, 3)).owner == anna
    anna.glory == 1
    count(anna.barrels) == 1
    count(anna.crew) == 0

example "A played 1 brings the whole discard pile back to hand":
  players 3 named anna, beth, connor
  given:
    move card_of(anna, 5, 4) to anna.discard
    move card_of(anna, 4, 2) to anna.discard
    reveal_card(anna, card_of(anna, 1, 4))
  when:
    end_round()
  expect:
    count(anna.hand) == 6
    count(anna.discard) == 0
