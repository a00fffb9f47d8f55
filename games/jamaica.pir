# Jamaica (2nd edition rules), written in pirdsl.
#
# Crews race once round the island of Jamaica. Each round the captain rolls two
# action dice and decides which one counts for the morning and which for the
# evening; everyone then plays one of their action cards face down, and in turn
# each carries out the card's morning action with the morning die and its evening
# action with the evening die: sail forward or back, or load gold, food or
# gunpowder. Landing costs doubloons in ports and food at sea; a ship that cannot
# pay suffers a shortage and drifts back. Ships that meet fight with gunpowder and
# the combat die. When a ship comes home to Port Royal the round is finished and
# the richest crew wins.
#
# How the file models the table:
# - The track is a 5 x 10 board, one cell per space, numbered 0 (Port Royal) to 49
#   row by row; the board is only a numbering, the way on is given by
#   next_spaces / previous_spaces (three forks, each an outer lane and an inner
#   channel). The terminal draws it as 5 rows of 10, each space with its number
#   (the caption layer), so the numbers the log and the options name are on it.
# - Holds are pieces (five per ship, plus the 6th Hold piece that travels with its
#   treasure card), each with a per-piece cargo kind and amount. Bank tokens are
#   not pieces: the bank never runs out.
# - Paying a cost asks which hold to pay from whenever two holds of that kind
#   differ; gunpowder for combat is paid the same way.
#
# Facts the rules leave open are marked "# assumed:", each in one definition.
# Simplifications, each a reading of a question the rules do not settle:
# - The Ghost Ship's treasures from lairs lie face down and give it no power; a
#   power card it steals lies face up and works for it.
# - A ship that has not come home and sits on Port Royal, or still owes a lap
#   after sailing backward past Port Royal, scores as a space before the red
#   line (-5).

game "Jamaica":
  players 2 to 6
  credits "Jamaica, 2nd edition (Space Cowboys). Rules encoded for pirdsl."
  overview "A race once round Jamaica. The captain's two dice set how far everyone sails and how much they load; cards played face down choose between sailing forward, sailing back and loading doubloons, food or gunpowder. Ports cost doubloons, the sea costs food, pirate lairs hold treasure, and ships that meet fight."
  goal "When a ship reaches Port Royal, finish the round; then score the space your ship is on, your doubloons and your treasures."
  version "1"

# ---------------------------------------------------------------- components

kind action: forward, backward
kind resource: gold, food, gunpowder
kind treasure_kind: morgans_map, sarans_sabre, lady_beth, sixth_hold, treasure, cursed_treasure
kind spoil: steal_cargo, steal_treasure, give_curse

#: Eleven per player, in the player's colour (the Ghost Ship has none); every colour has the same eleven. A card shows two actions: the morning one in its left corner, the evening one in its right. An action is sail forward, sail backward, or load doubloons, food or gunpowder. The eleven cards: forward + forward, forward + food, food + forward, forward + gunpowder, doubloons + forward, forward + backward, backward + forward, doubloons + doubloons, gunpowder + doubloons, gunpowder + food, food + gunpowder.
piece action_card(morning, evening) labelled "{morning} then {evening}"
#: Nine of the twelve are played (see the chart “Treasures”): the four powers lie face up (Morgan's Map, Saran's Sabre, Lady Beth, the Sixth Hold); treasures (+3 to +7) and cursed treasures (−2 to −4) lie face down.
piece treasure_card(name, value) labelled "{card_title(name, value)}"
#: Five per ship, on its ship board, plus the 6th hold that travels with its treasure card. A hold is empty or holds goods of one kind: doubloons (gold coins, to pay at ports and to score), food (to pay at sea) or gunpowder (for battles). Goods are tokens taken from the bank and paid back to it; the bank never runs out.
piece hold(extra) labelled "{\"6th hold\" if extra else \"hold\"}"
#: Races once round the island, from Port Royal back to Port Royal.
piece ship(owner) labelled "{ship_name(owner)}" marked "{ship_mark(owner)}"
#: Marks a pirate lair that has not been looted.
piece treasure_token labelled "treasure token" marked "*"

zone draw_pile per player hidden      # action cards still to draw, in random order
zone hand per player owner            # action cards in hand
#: face-down card
zone played per player hidden         # the card laid face down this round
#: discard pile
zone discard per player               # played cards, face up
zone holds per player                 # the ship's holds
#: face-up treasure cards
zone powers per player                # treasure cards face up (powers)
#: face-down treasure cards
zone secrets per player owner         # treasure cards face down (values and curses)
zone treasure_deck hidden             # the nine treasure cards in play
zone box internal                     # treasure cards left out of the game
#: the looted tokens
zone looted internal                  # treasure tokens taken from the lairs (the board shows which lairs have theirs)
zone dock internal                    # the 6th hold while no one holds its card

# The rule fill keeps cargo, amount and carrying in step.
var cargo per hold = none internal    # gold, food, gunpowder or none
var amount per hold = 0 internal
# What the hold carries, as players read it ("3 doubloons"): the terminal shows it.
#: what {h} carries
var carrying per hold = "nothing"
var ship per player = none internal
#: the space {p}'s ship is on
var pos per player = 0 internal       # the space the ship is on (the board shows it)
var laps_owed per player = 0 internal # times the ship sailed backward past Port Royal
#: {p} has come home
var arrived per player = false internal # the ship has come home
#: {p} could not pay in full
var short per player = false internal # the last cost was not paid in full
var spent per player = 0 internal     # gunpowder spent in the current battle
#: combat roll
var shot per player = none internal   # the combat die face in the current battle
var treasure_points per player = 0 internal # face-down treasures, counted at the end
var captain = none  # drawn at random during setup; then, each round, the next player to the left
var morning_die = none  # each round, the action die the captain puts on the sun
var evening_die = none  # each round, the action die the captain puts on the moon
#: Saran's Sabre has been used in this battle
var sabre_used = false internal       # Saran's Sabre has been used in this battle
#: a ship has come home
var finishing = false internal        # a ship has come home: this is the last round

#: The Ghost Ship, a ship the rules sail, joins every game of 2 players, and games of 3 to 5 players with the ghost ship variant.
automa ghost "Ghost Ship" when player_count == 2 or (variant ghost_ship and player_count < 6)

# ---------------------------------------------------------------- the board

# The 50 spaces, numbered row by row (space 10 * row + column). Kinds: R Port
# Royal, S sea, P port, L pirate lair. Cost: food for a sea space, doubloons for
# a port. Points: the white number on each space, counted at the end.
board track: grid 5 by 10
  # What a player sees on each space: its number, then its kind and cost (~2: sea,
  # 2 food; $5: port, 5 doubloons; L: pirate lair, free; R: Port Royal). Drawn from
  # the layers below, which the rules read.
  layer map:
    "R ~2 ~3 ~2 L $3 $5 ~2 ~3 L"
    "~3 L ~2 ~3 ~4 ~3 $3 ~2 $3 L"
    "~3 $3 L ~2 ~3 L ~4 ~4 $5 ~1"
    "$5 $3 ~3 L $3 ~2 ~1 L ~1 ~4"
    "~4 $5 ~2 ~3 L $7 ~2 ~3 ~3 ~3"
  legend map: "R" = port_royal, "L" = pirate_lair, "~1" = sea_costing_1_food, "~2" = sea_costing_2_food, "~3" = sea_costing_3_food, "~4" = sea_costing_4_food, "$3" = port_costing_3_doubloons, "$5" = port_costing_5_doubloons, "$7" = port_costing_7_doubloons
  layer space_number:
    "0 1 2 3 4 5 6 7 8 9"
    "10 11 12 13 14 15 16 17 18 19"
    "20 21 22 23 24 25 26 27 28 29"
    "30 31 32 33 34 35 36 37 38 39"
    "40 41 42 43 44 45 46 47 48 49"
  caption space_number
  layer kind:
    "R S S S L P P S S L"
    "S L S S S S P S P L"
    "S P L S S L S S P S"
    "P P S L P S S L S S"
    "S P S S L P S S S S"
  legend kind: "R" = port_royal, "S" = sea_space, "P" = port, "L" = pirate_lair
  layer cost:
    "0 2 3 2 0 3 5 2 3 0"
    "3 0 2 3 4 3 3 2 3 0"
    "3 3 0 2 3 0 4 4 5 1"
    "5 3 3 0 3 2 1 0 1 4"
    "4 5 2 3 0 7 2 3 3 3"
  layer points:
    "15 -5 -5 -5 -5 -5 -5 -5 -5 -5"
    "-5 -5 -5 -5 -5 -5 -5 -5 -5 -5"
    "-5 -5 -5 -5 -5 -5 -5 -5 -5 -5"
    "-5 -5 -5 -5 -5 -5 -5 -5 -5 -5"
    "-5 2 3 4 5 6 7 8 9 10"

# The three forks. After 6, 19 and 32 the track splits into an outer lane of six
# spaces (7-12, 20-25, 33-38) and an inner channel of two dear sea spaces (13-14,
# 26-27, 39-40); they meet again at 15, 28 and 41. After 49 comes Port Royal.
# Every space not listed here leads to the next number.
#: Where the track forks: from these spaces you choose the way.
table forks_ahead:
  header "From space" -> "Sail on to"
  6  -> [7, 13]
  19 -> [20, 26]
  32 -> [33, 39]

#: The same forks met sailing backward.
table forks_behind:
  header "Sailing back from space" -> "Sail back to"
  15 -> [12, 14]
  28 -> [25, 27]
  41 -> [38, 40]

#: Where the next space is not the next number: the ends of the lanes and channels, and Port Royal (space 0) after 49.
table joins_ahead:
  header "From space" -> "Sail on to" not on card
  12 -> [15]
  14 -> [15]
  25 -> [28]
  27 -> [28]
  38 -> [41]
  40 -> [41]
  49 -> [0]

#: The same, sailing backward.
table joins_behind:
  header "Sailing back from space" -> "Sail back to" not on card
  0  -> [49]
  13 -> [6]
  26 -> [19]
  39 -> [32]

define last_space = 49  # the track's spaces are numbered 0 (Port Royal) to 49
#: space {n}
define space(n) = at(track, floor(n / 10), n % 10)
#: the spaces after space {n}
define next_spaces(n) = forks_ahead[n] if n in forks_ahead else joins_ahead[n] if n in joins_ahead else [n + 1]
#: the spaces before space {n}
define previous_spaces(n) = forks_behind[n] if n in forks_behind else joins_behind[n] if n in joins_behind else [n - 1]
#: the kind of space {n}
define kind_of(n) = space(n).kind
define describe(n) = "Port Royal" if n == 0 else "space {n} ({cost_text(n)})"
define place_name(n) = "Port Royal" if n == 0 else "space {n}"
define cost_text(n) = "pirate lair" if kind_of(n) == pirate_lair else "port, {space(n).cost} doubloons{points_text(n)}" if kind_of(n) == port else "sea, {space(n).cost} food{points_text(n)}"
# Past the red line a space is worth points at the end: the options and the log say how many.
define points_text(n) = "" if space(n).points == -5 else "; worth {space(n).points}"
#: space {n} still has its treasure token
define has_token(n) = count([x for x in space(n) where piece_type(x) == "treasure_token"]) > 0
#: the pirate lairs
define lairs = [n for n in range(1, last_space) where kind_of(n) == pirate_lair]

# Where a move can end, for the options to say: every way at a fork, as [space,
# laps owed] pairs, laps owed -1 for a ship home in Port Royal (it ignores the rest
# of its card). Sailing forward into Port Royal owing no lap brings the ship home;
# sailing backward out of it owes a lap.
define ends_ahead(n, steps, owed) = [[n, owed]] if steps == 0 else flatten([[[0, -1]] if m == 0 and owed == 0 else ends_ahead(m, steps - 1, owed - 1 if m == 0 else owed) for m in next_spaces(n)])
define ends_behind(n, steps, owed) = [[n, owed]] if steps == 0 else flatten([ends_behind(m, steps - 1, owed + 1 if n == 0 else owed) for m in previous_spaces(n)])
define is_sailing(what) = what == forward or what == backward
define ends_of(what, steps, starts) = distinct(flatten([[e] if e[1] == -1 or not is_sailing(what) else ends_ahead(e[0], steps, e[1]) if what == forward else ends_behind(e[0], steps, e[1]) for e in starts]))
define start_of(p) = [[0, -1]] if p.arrived else [[p.pos, p.laps_owed]]
define or_list(xs) = "" if count(xs) == 0 else "{xs[0]}" if count(xs) == 1 else "{xs[0]} or {or_list([xs[i] for i in indices(xs) where i > 0])}"
define places(ends) = or_list(distinct([describe(e[0]) for e in ends]))
#: what one action of a card does with its die, from where the ship may be
define action_plan(what, die, starts) = "nothing (home)" if all([e[1] == -1 for e in starts]) else "sail {what} {die} to {places(ends_of(what, die, starts))}" if is_sailing(what) else "load {goods(die, what)}"
#: a way at a fork, and where the move ends if it is taken
define way_label(way, direction, after, owed) = describe(way) if after == 0 else "{describe(way)}, ending on {places(ends_of(direction, after, [[way, owed]]))}"
#: what {c} does with today's dice: its morning action, then its evening one
define card_plan(p, c) = "{c}: {action_plan(c.morning, morning_die, start_of(p))}, then {action_plan(c.evening, evening_die, ends_of(c.morning, morning_die, start_of(p)))}"

# How far along the race a ship is: it breaks ties and tells whether the Ghost Ship
# leads or trails. Only comparisons are made, so the space number itself serves
# along the outer lanes. assumed: a channel space is as far along as the third
# and fifth spaces of the outer lane beside it.
#: A ship on an inner channel is as far along the race as this space of the outer lane beside it.
table channel_level:
  header "Channel space" -> "As far along as space"
  13 -> 9
  14 -> 11
  26 -> 22
  27 -> 24
  39 -> 35
  40 -> 37

define race_position(p) = 50 if p.arrived else (channel_level[p.pos] if p.pos in channel_level else p.pos) - 50 * p.laps_owed  # how far along the race a ship is, to break a tie at the end and to steer the Ghost Ship. Compare the spaces the ships are on: the higher the space, the further along; a ship on an inner channel counts as the space of the outer lane beside it that the chart "Channel level" gives. A ship that has come home is furthest of all (count 50); a ship that owes a lap counts 50 less for each lap it owes, so it is behind every ship that owes none
#: {p} owes a lap
define owing_a_lap(p) = p.laps_owed > 0  # a ship that sails backward out of Port Royal (a card whose first action sails backward, say) owes a lap: to come home she must sail forward past Port Royal once to make it up, and only on passing Port Royal again is she home. Until then she scores −5

# ---------------------------------------------------------------- tables

# The order in which faces and cards are written changes nothing in play (every
# face is equally likely, every draw is random). They are written so that the
# first outcome of each makes progress (a 6, the star on a shortage, a card that
# sails forward): tools that explore a game by always taking the first outcome,
# such as the property tests' shortest playout, then see a short game.
die action_die: 6, 5, 4, 3, 2, 1
die combat_die: 2, 4, 6, 8, 10, star
# assumed: the shortage die has six faces: two circles, two squares, a skull and
# a star (the rulebook names the four symbols but not how many of each).
die shortage_die: star, circle, circle, square, square, skull

#: Where the shortage die sends a ship that could not pay: back to the nearest space of this kind behind it (the star: it stays put).
table shortage_drift:
  header "Shortage die" -> "Drift back to the nearest"
  circle -> port
  square -> sea_space
  skull  -> pirate_lair

# The eleven action cards of every colour, as [morning, evening].
define action_cards = [[forward, forward], [forward, food], [food, forward],
                       [forward, gunpowder], [gold, forward], [forward, backward],
                       [backward, forward], [gold, gold], [gunpowder, gold],
                       [gunpowder, food], [food, gunpowder]]

# The twelve treasure cards, as [name, value]; nine of them are used per game.
define treasure_cards = [[morgans_map, 0], [sarans_sabre, 0], [lady_beth, 0], [sixth_hold, 0],
                         [treasure, 3], [treasure, 3], [treasure, 5], [treasure, 7], [treasure, 7],
                         [cursed_treasure, -2], [cursed_treasure, -3], [cursed_treasure, -4]]
define treasures_in_play = 9  # treasure cards dealt face down as the treasure deck

table treasure_title:
  morgans_map     -> "Morgan's Map"
  sarans_sabre    -> "Saran's Sabre"
  lady_beth       -> "Lady Beth"
  sixth_hold      -> "6th Hold"
  treasure        -> "treasure"
  cursed_treasure -> "cursed treasure"

#: The twelve treasure cards, nine of them in play. A power lies face up by your holds and works while you hold it; a treasure or a cursed treasure lies face down until the end. You may hold several.
table treasures:
  header "Treasure card" -> "Cards", "Lies", "What it does"
  morgans_map     -> [1, "face up", "a hand of 4 action cards instead of 3"]
  sarans_sabre    -> [1, "face up", "once per battle, right after a combat roll (yours or your foe's, even the star): have it rolled again; the new roll stands"]
  lady_beth       -> [1, "face up", "+2 firepower in every battle"]
  sixth_hold      -> [1, "face up", "one more hold, loaded like the others; whoever steals this card takes the hold and its goods"]
  treasure        -> [5, "face down", "+3, +3, +5, +7 or +7 points at the end"]
  cursed_treasure -> [3, "face down", "−2, −3 or −4 points at the end; the winner of a battle may hand one of theirs to the loser"]

table unit:
  gold      -> "doubloons"
  food      -> "food"
  gunpowder -> "gunpowder"

define card_title(name, value) = treasure_title[name] if value == 0 else "{treasure_title[name]} ({signed(value)})"
define signed(v) = "+{v}" if v > 0 else "{v}"
define ship_mark(p) = "G" if automa(p) else "S{p.index + 1}"
define ship_name(p) = "the Ghost Ship" if automa(p) else "{p.name}'s ship"
define goods(n, k) = "1 doubloon" if n == 1 and k == gold else "{n} {unit[k]}"

#: {p}'s hand size (3, or 4 with Morgan's Map)
define hand_size(p) = 3
# A treasure power is an ability that changes a rule while its card lies face up before you.
power morgans_map_hand "Morgan's Map: a hand of four cards" instead of hand_size(p) = 4 when has_power(p, morgans_map)
#: {f}'s bonus firepower
define beth_bonus(f) = 0
power lady_beth_firepower "Lady Beth: +2 firepower in every battle" instead of beth_bonus(f) = 2 when has_power(f, lady_beth)

#: the players (not the Ghost Ship)
define humans = [p for p in players where not automa(p)]
#: the players in turn, starting with the captain
define captain_first = [humans[(index_of(humans, captain) + i) % count(humans)] for i in indices(humans)]
#: the next player in turn
define next_captain = captain_first[1 % count(humans)]
# The Ghost Ship is steered by the captain; any other ship by its owner.
#: the player who steers {p}
define steerer(p) = captain if automa(p) else p
# In a battle the Ghost Ship's decisions fall to the player it is not fighting
# (the rules' two-player case). assumed: with more players (the ghost_ship
# variant), to the captain, or to the next player when the captain is the foe.
#: the player who decides for {p}
define voice(p, foe) = first([q for q in captain_first where q != foe]) if automa(p) else p

#: {p} holds {name}
define has_power(p, name) = any([t.name == name for t in p.powers])
#: {p} has gunpowder
define has_gunpowder(p) = stock(p, gunpowder) > 0
#: {p}'s stock of {k}
define stock(p, k) = sum([h.amount for h in p.holds where h.cargo == k])
define hold_label(h) = "empty {h}" if h.cargo == none else "{h} of {goods(h.amount, h.cargo)}"
#: the 6th hold
define extra_hold = first([h for h in all_pieces([dock] + [q.holds for q in players]) where h.extra])

# ---------------------------------------------------------------- variants

# The rules suggest the Ghost Ship for any game of fewer than six players.
variant ghost_ship "The Ghost Ship sails in a game of 3 to 5 players too"

# ---------------------------------------------------------------- setup

setup:
  #: Sort the doubloons, food and gunpowder tokens into the bank, within everyone's reach.
  pass
  #: Take out the twelve treasure cards, face down and unseen.
  for each c in treasure_cards:
    create 1 treasure_card(c[0], c[1]) in box
  #: The 6th hold waits beside the board until its treasure card is found.
  create 1 hold(true) in dock
  #: Put a treasure token on each pirate lair.
  for each n in lairs:
    create 1 treasure_token in space(n)
  for each p in players:
    #: Put your ship on Port Royal.
    create 1 ship(p) in space(0)
    #: -
    p.ship = top(space(0))
    #: Take a ship board with five empty holds.
    create 5 hold(false) in p.holds
  for each p in players:
    #: Unless you are the Ghost Ship, shuffle the eleven action cards of your colour and lay them face down as your draw pile.
    if not automa(p):
      for each c in action_cards:
        create 1 action_card(c[0], c[1]) in p.draw_pile
  # Every piece exists before the first card is drawn: a game is saved and
  # restored at each chance event, and its set of pieces must not change.
  for each p in humans:
    #: Load 3 doubloons from the bank into one of your holds and 3 food into another.
    fill(p.holds[0], gold, 3)
    #: -
    fill(p.holds[1], food, 3)
    #: Draw three cards from your draw pile as your hand ({refill}).
    refill(p)
  # assumed: with the Ghost Ship, Lady Beth is taken out first and the nine cards
  # in play are drawn from the other eleven.
  #: If the Ghost Ship sails (always with 2 players; with 3 to 5 players only in the ghost ship variant): put 5 doubloons in one of its holds and 3 doubloons in another, and take the Lady Beth card out of the twelve treasure cards and lay it face up by its holds, before the treasure deck is made. Lady Beth adds 2 to the Ghost Ship's firepower in every battle, and no one can steal it from the Ghost Ship.
  if ghost != none:
    fill(ghost.holds[0], gold, 5)
    fill(ghost.holds[1], gold, 3)
    move [t for t in box where t.name == lady_beth] to ghost.powers
  #: Shuffle the treasure cards, deal 9 of them face down as the treasure deck, and put the rest back in the box without looking at them.
  repeat treasures_in_play times:
    draw t from box
    move t to treasure_deck
  #: Choose the first captain at random among the players. The captain takes the two action dice (ordinary six-sided dice).
  draw first_captain from humans
  #: -
  captain = first_captain
  log "{captain.name} is the first captain."
  log "A score so far is the space the ship is on (-5 before the red line at space 41) plus the doubloons in its holds; face-down treasures count at the end. So every ship starts on -5 + 3 doubloons = -2."

rule stow(p, i, k, n) "Put goods in one hold (setup and examples)":
  #: Load one of your holds with that many goods of that kind.
  fill(p.holds[i], k, n)

# What a hold holds is kept twice: as its kind and amount, which the rules read,
# and as the words players read ("3 doubloons"); every change goes through here.
rule fill(h, k, n) "Set what a hold holds: n goods of kind k (none and 0: empty)":
  h.cargo = k if n > 0 else none
  h.amount = n if k != none else 0
  #: -
  h.carrying = "nothing" if h.cargo == none else goods(h.amount, h.cargo)

# ---------------------------------------------------------------- play

play:
  rounds until finishing:
    phase "Dice roll":
      #: The captain rolls the two action dice.
      roll a on action_die
      #: -
      roll b on action_die
      #: The captain decides which die counts for the morning (sun) and which for the evening (moon).
      captain chooses plan from distinct([[a, b], [b, a]]) "You rolled {a} and {b}. Which die is for the morning (sun)?" labelled "morning {plan[0]}, evening {plan[1]}"
      #: -
      morning_die = plan[0]
      #: -
      evening_die = plan[1]
      log "{captain.name}, the captain, rolls {a} and {b}: morning {morning_die}, evening {evening_die}."

    phase "Card choice":
      #: Everyone chooses a card from their hand and lays it face down, all at once.
      for each p in humans simultaneously:
        #: Play a card face down
        p chooses c from p.hand "Play a card face down (morning {morning_die}, evening {evening_die})" labelled card_plan(p, c)
        move c to p.played

    phase "Actions":
      for each p in captain_first:
        take_actions(p)
      #: Then, if the Ghost Ship sails, the captain moves it by the morning die and then again by the evening die ({ghost_move}).
      if ghost != none:
        ghost_move(morning_die)
        ghost_move(evening_die)

    phase "End of round":
      for each p in humans:
        refill(p)
      #: The next player in seat order (to the captain's left; never the Ghost Ship) becomes the captain and takes the action dice.
      captain = next_captain

rule refill(p) "Draw back up to the hand size, shuffling the discards into a new pile when the pile runs out":
  #: Draw until you hold your hand size (3, or 4 with Morgan's Map); when your draw pile runs out, your discards become the new draw pile.
  while count(p.hand) < hand_size(p) and count(p.draw_pile) + count(p.discard) > 0:
    if count(p.draw_pile) == 0:
      move p.discard to p.draw_pile
      log "{p.name} shuffles the discards into a new draw pile."
    draw c from p.draw_pile
    move c to p.hand

rule take_actions(p) "Reveal the card, then carry out its morning and its evening action":
  #: -
  let card = top(p.played)
  #: Turn your card face up onto your discard pile.
  move card to p.discard      # face up from now on: everyone sees it while it is carried out
  log "{p.name} reveals {card}."
  #: Carry out its morning action with the morning die: sail forward or backward that many spaces, or load that many goods of the kind the card shows. Where you stop, fight a ship that is there (never in Port Royal); then on a pirate lair take its treasure, in a port pay its doubloons, at sea pay its food; if you cannot pay it all, pay what you can and roll the shortage die.
  act(p, card.morning, morning_die)
  #: Then carry out its evening action the same way with the evening die. The morning action is finished (battle, payment, shortage and all) before the evening one starts.
  act(p, card.evening, evening_die)

rule act(p, what, n) "Carry out one action with the value of its die":
  #: Once you are home, the rest of your card is ignored.
  if p.arrived:
    log "{p.name} is home: the rest of the card is ignored."
    return
  #: If the action sails forward or backward:
  if what == forward or what == backward:
    #: Sail that way, as many spaces as the die shows.
    move_ship(p, n, what)
  else:
    #: Load that kind of goods, as many as the die shows.
    load(p, what, n)

# ---------------------------------------------------------------- moving

rule move_ship(p, steps, direction) "Sail the number of spaces forward or backward, then land":
  let left = steps
  #: Sail one space at a time ({sail_one}), stopping early if you come home.
  while left > 0 and not p.arrived:
    sail_one(p, direction, left)
    left -= 1
  #: -
  move p.ship to space(p.pos)
  #: If you came home you stop in Port Royal, and nothing more happens.
  if p.arrived:
    log "{p.name} sails {direction} into Port Royal and is home!"
    return
  log "{p.name} sails {direction} {steps} to {describe(p.pos)}."
  land(p)

rule sail_one(p, direction, left) "One space along the track; at a fork the way is chosen":
  #: Sailing forward from space 49 brings you to Port Royal: you are home, and this round is the last (the Ghost Ship coming home ends the game too). A ship that owes a lap (see the Glossary) makes up that lap instead and sails on.
  if direction == forward and p.pos == last_space:
    p.pos = 0
    if p.laps_owed > 0:
      p.laps_owed -= 1
      log "{p.name} sails past Port Royal, making up the lap lost sailing backward."
    else:
      # assumed: the Ghost Ship coming home ends the race like any other ship.
      p.arrived = true
      finishing = true
    return
  #: Sailing backward out of Port Royal, you now owe a lap.
  if direction == backward and p.pos == 0:
    p.laps_owed += 1
  #: Sail to the next space along the track (the one before, when sailing backward): the next number, except where the charts “Joins ahead” and “Joins behind” say otherwise.
  let ways = next_spaces(p.pos) if direction == forward else previous_spaces(p.pos)
  #: Where the track forks (see the fork charts), the player who steers the ship chooses the way: you, or the captain for the Ghost Ship.
  steerer(p) chooses way from ways "Which way does {p.name} sail? ({left} to go)" labelled way_label(way, direction, left - 1, p.laps_owed)
  p.pos = way

rule land(p) "Fight any ship here, then take the lair's treasure or pay for the space":
  #: In Port Royal nothing happens: no battle and no cost.
  if p.pos == 0:
    return
  fight_if_occupied(p)
  #: -
  let here = space(p.pos)
  #: On a pirate lair you pay nothing, and you take its treasure if it still has one ({loot_lair}).
  if here.kind == pirate_lair:
    loot_lair(p)
  #: Elsewhere the Ghost Ship never pays.
  elif automa(p):
    return
  else:
    #: Pay the space's cost: in a port the doubloons it shows, at sea the food it shows.
    pay_cost(p, gold if here.kind == port else food, here.cost)
    if p.short:
      shortage(p)

rule pay_cost(p, k, cost) "Pay a space's cost from the holds, as much as the ship can":
  let paid = min([cost, stock(p, k)])
  #: Pay the cost from your holds, or as much of it as you have.
  unload(p, k, paid)
  #: If you could not pay it all, you have a shortage.
  p.short = paid < cost
  if p.short:
    log "{p.name} owes {goods(cost, k)} but has only {paid}: shortage!"
  else:
    log "{p.name} pays {goods(cost, k)}."

rule shortage(p) "Roll the shortage die and drift back":
  roll face on shortage_die
  fall_back(p, face)

rule fall_back(p, face) "Drift back to the previous space of the kind the die shows (star: stay), never past Port Royal":
  #: If the die shows the star, you stay where you are.
  if face == star:
    log "The shortage die shows the star: {p.name} stays put."
    return
  let goal = shortage_drift[face]
  let moved = false
  #: Otherwise drift back one space at a time to the nearest space behind you of the kind the chart “Shortage drift” gives for the symbol rolled (circle: a port, square: a sea space, skull: a pirate lair), or to Port Royal if you reach it first; at a fork you choose the way.
  while p.pos != 0 and (not moved or kind_of(p.pos) != goal):
    p chooses way from previous_spaces(p.pos) "Drifting back: which way?" labelled describe(way)
    p.pos = way
    moved = true
  #: -
  move p.ship to space(p.pos)
  log "The shortage die sends {p.name} back to {describe(p.pos)}; nothing is paid there."
  #: You pay nothing where you stop, but unless you are back in Port Royal you fight a ship that is there and take a pirate lair's treasure.
  if p.pos != 0:
    fight_if_occupied(p)
    # assumed: a lair reached by drifting back still gives up its treasure.
    if kind_of(p.pos) == pirate_lair:
      loot_lair(p)

rule loot_lair(p) "Take the treasure of a lair that still has its token":
  #: A lair that was looted already gives nothing.
  if not has_token(p.pos):
    return
  #: Take the lair's treasure token off the board.
  move [x for x in space(p.pos) where piece_type(x) == "treasure_token"] to looted
  #: -
  if count(treasure_deck) == 0:
    return
  #: Draw the top card of the treasure deck.
  draw t from treasure_deck
  if t.value == 0 and not automa(p):
    log "{p.name} loots the lair and finds {t}: {treasures[t.name][2]}."
  else:
    log "{p.name} loots the lair and lays a treasure card face down."
  #: Lay it by your holds.
  receive(p, t, automa(p))

rule receive(p, t, face_down) "Lay a treasure card by the holds: powers face up, values face down":
  #: A card with a value, and every card the Ghost Ship takes, goes face down by your holds; a power goes face up.
  if t.value != 0 or face_down:
    move t to p.secrets
    log to p "The treasure card is {t}."
    return
  #: -
  move t to p.powers
  #: The 6th Hold card brings the 6th hold with it (the Ghost Ship throws overboard anything in it but doubloons).
  if t.name == sixth_hold:
    let h = extra_hold
    move h to p.holds
    if automa(p) and h.cargo != none and h.cargo != gold:
      log "The Ghost Ship throws the 6th hold's {goods(h.amount, h.cargo)} overboard."
      fill(h, none, 0)

# ---------------------------------------------------------------- loading

rule load(p, k, n) "Load goods into an empty hold, emptying a hold of another kind if none is free":
  let open = [h for h in p.holds where h.cargo == none]
  #: With no empty hold, empty a hold of another kind of goods back to the bank (if every hold has this kind, nothing is loaded).
  if count(open) == 0:
    let others = [h for h in p.holds where h.cargo != k]
    if count(others) == 0:
      log "Every hold of {p.name} already holds {unit[k]}: nothing is loaded."
      return
    p chooses dump from others "Every hold is full: empty one to load {goods(n, k)}" labelled hold_label(dump)
    log "{p.name} returns {goods(dump.amount, dump.cargo)} to the bank to make room."
    fill(dump, none, 0)
    open = [dump]
  #: -
  let target = first(open)
  #: Choose the empty hold to load (the Ghost Ship uses the first).
  if not automa(p):
    p chooses target from open "Load {goods(n, k)} into which hold?" labelled hold_label(target)
  #: Load it with that many goods.
  fill(target, k, n)
  log "{p.name} loads {goods(n, k)}."

rule unload(p, k, n) "Take goods out of the holds, the owner choosing which holds":
  let left = n
  #: Take goods of that kind out of your holds until enough is paid or you have none left, choosing the hold when they differ.
  while left > 0 and stock(p, k) > 0:
    let sources = [h for h in p.holds where h.cargo == k]
    let source = first(sources)
    if not automa(p):
      p chooses source from sources "Take {unit[k]} from which hold? ({left} still to pay)" labelled hold_label(source)
    let taken = min([left, source.amount])
    fill(source, k, source.amount - taken)
    left -= taken

# ---------------------------------------------------------------- combat

rule fight_if_occupied(p) "A ship that stops where others are attacks one of them (never in Port Royal)":
  #: The rivals are the other ships on your space that have not come home.
  let rivals = [q for q in players where q != p and q.pos == p.pos and not q.arrived]
  #: In Port Royal, or with no rival there, there is no battle.
  if p.pos == 0 or count(rivals) == 0:
    return
  #: The ship attacks one rival, chosen by the player who steers it: only one battle, however many ships are there.
  steerer(p) chooses foe from rivals "{p.name} attacks which ship?" labelled "{foe.name}: {goods(stock(foe, gunpowder), gunpowder)} to defend with{\", and Lady Beth (+2)\" if has_power(foe, lady_beth) else \"\"}"
  #: Fight a battle against that ship, which defends.
  battle(p, foe)

rule battle(attacker, defender) "A battle: attack, defence, comparison":
  log "{attacker.name} attacks {defender.name}! Each spends gunpowder and rolls the combat die; the higher firepower (die + gunpowder) wins, the star at once."
  attacker.spent = 0
  defender.spent = 0
  attacker.shot = none
  defender.shot = none
  sabre_used = false
  #: The attacker spends gunpowder and rolls the combat die.
  fire(attacker, defender)
  #: If the attacker rolled the star, the attacker wins at once and the defender cannot defend ({resolve_combat}).
  if attacker.shot == star:
    resolve_combat(attacker, defender, star, none)
    return
  #: Otherwise the defender spends gunpowder and rolls the combat die the same way.
  fire(defender, attacker)
  #: Then the two firepowers are compared.
  resolve_combat(attacker, defender, attacker.shot, defender.shot)

rule fire(f, foe) "Spend gunpowder, then roll the combat die":
  #: -
  let decider = voice(f, foe)
  #: -
  let spend = 0
  #: If the ship has gunpowder, its player chooses how much of it to spend (none to all), knowing the other ship's firepower if that ship has rolled already. For the Ghost Ship the captain decides, or the next player in turn if the Ghost Ship is fighting the captain.
  if has_gunpowder(f):
    #: How much gunpowder to spend
    decider chooses spend from range(0, stock(f, gunpowder)) "{f.name} against {foe.name}: spend how much gunpowder on this shot?{to_beat(foe)}" labelled "{spend} gunpowder: firepower the die + {spend + beth_bonus(f)}"
  #: Pay that much gunpowder from the ship's holds to the bank.
  unload(f, gunpowder, spend)
  f.spent = spend
  #: Roll the combat die. The ship's firepower is the number rolled plus the gunpowder spent, plus 2 with Lady Beth; the star beats any firepower. Gunpowder spent is lost, whoever wins.
  roll face on combat_die
  f.shot = face
  if automa(f):
    log "{decider.name} rolls the combat die for the Ghost Ship: {face_text(face)}."
  else:
    log "{f.name} spends {spend} gunpowder and rolls {face_text(face)}."
  #: Right after the roll, the holder of Saran's Sabre may have it rolled again.
  offer_sabre(f, foe)

rule offer_sabre(roller, other) "Saran's Sabre: once per battle, reroll a die just rolled":
  #: The Sabre works once per battle.
  if sabre_used:
    return
  #: The holder is whichever of the two ships holds Saran's Sabre.
  let holder = first([x for x in [roller, other] where has_power(x, sarans_sabre)])
  #: If neither holds it, nothing happens.
  if holder == none:
    return
  #: -
  let decider = voice(holder, other if holder == roller else roller)
  #: -
  let question = "Use Saran's Sabre to reroll your {roller.shot}?" if holder == roller else "Use Saran's Sabre to make {roller.name} reroll their {roller.shot}?"
  #: The holder of Saran's Sabre may use it on this roll.
  decider chooses use from ["reroll"] "{question}" optional "Let it stand"
  #: -
  if use == none:
    return
  # assumed: the Sabre works once per battle, and gunpowder already spent still
  # counts with the new roll (none can be added).
  sabre_used = true
  #: If so, the combat die is rolled again; the new roll stands, and no gunpowder can be added to it.
  roll face on combat_die
  roller.shot = face
  log "{holder.name} wields Saran's Sabre: {roller.name} rerolls and gets {face_text(face)}."

define face_text(face) = "the star" if face == star else "{face}"
#: {f}'s firepower with {face}
define firepower(f, face) = face + f.spent + beth_bonus(f)
#: the firepower to beat, once the other ship has rolled
define to_beat(foe) = "" if foe.shot == none else " ({foe.name} rolled the star)" if foe.shot == star else " ({foe.name} has firepower {firepower(foe, foe.shot)})"

rule resolve_combat(attacker, defender, attack_roll, defence_roll) "The star wins at once; otherwise the higher firepower wins, and a tie does nothing":
  #: If the attacker rolled the star, the attacker wins ({spoils}).
  if attack_roll == star:
    log "{attacker.name} rolled the star: {defender.name} cannot defend."
    spoils(attacker, defender)
  #: Otherwise, if the defender rolled the star, the defender wins, whatever the attacker's firepower ({spoils}).
  elif defence_roll == star:
    log "{defender.name} rolled the star and wins the battle."
    spoils(defender, attacker)
  #: Otherwise each ship's firepower is its die, plus the gunpowder it spent, plus 2 with Lady Beth: the higher firepower wins the spoils ({spoils}), and a tie does nothing.
  else:
    let a = firepower(attacker, attack_roll)
    let d = firepower(defender, defence_roll)
    log "Firepower: {attacker.name} {a}, {defender.name} {d}."
    if a > d:
      spoils(attacker, defender)
    elif d > a:
      spoils(defender, attacker)
    else:
      log "A tie: both ships sail on."

define spoil_label(what, winner, loser) = "steal cargo: all that one of {loser.name}'s holds carries" if what == steal_cargo else "steal treasure: one of {loser.name}'s treasure cards" if what == steal_treasure else "give curse: hand {loser.name} one of your cursed treasures, face down"
#: {p}'s face-up treasure cards that can be stolen
define stealable(p) = [t for t in p.powers where not (automa(p) and t.name == lady_beth)]
#: {p}'s cursed treasures
define curses(p) = [t for t in p.secrets where t.value < 0]
#: the spoils {winner} can take from {loser}
define spoils_open(winner, loser) = ([steal_cargo] if count([h for h in loser.holds where h.cargo != none]) > 0 else []) + ([steal_treasure] if count(stealable(loser)) + count(loser.secrets) > 0 else []) + ([give_curse] if not automa(winner) and count(curses(winner)) > 0 else [])

rule spoils(winner, loser) "The winner may steal a hold's contents, steal a treasure card, or give a cursed treasure":
  #: -
  let decider = voice(winner, loser)
  #: -
  let options = spoils_open(winner, loser)
  #: If the loser has nothing to steal and the winner no cursed treasure to give, the battle ends here.
  if count(options) == 0:
    log "{winner.name} wins, but {loser.name} has nothing to take."
    return
  # The winner can choose a spoil; taking none is a choice too.
  #: The winner takes one spoil, or none: a hold's goods, a treasure card, or giving the loser a cursed treasure (for the Ghost Ship, the player who rolled for it chooses; it never gives a curse).
  decider chooses what from options "{winner.name} won the battle: what now?" labelled spoil_label(what, winner, loser) optional "Take no spoils"
  if automa(winner) and what != none:
    log "{decider.name} decides for the Ghost Ship: {what}."
  #: If the winner takes no spoils, nothing more happens.
  if what == none:
    log "{winner.name} wins and takes nothing."
  #: To steal cargo: take all the goods of one of the loser's holds and load them as if loading (the Ghost Ship keeps only doubloons and throws the rest overboard).
  elif what == steal_cargo:
    decider chooses h from [x for x in loser.holds where x.cargo != none] "Steal which hold of {loser.name}?" labelled hold_label(h)
    let k = h.cargo
    let n = h.amount
    fill(h, none, 0)
    log "{winner.name} steals {goods(n, k)} from {loser.name}."
    # assumed: goods the winner cannot load (every hold already holds that kind)
    # go back to the bank.
    if automa(winner) and k != gold:
      log "The Ghost Ship throws the {unit[k]} overboard."
    else:
      load(winner, k, n)
  #: To steal a treasure: take one of the loser's face-up cards (never the Ghost Ship's Lady Beth), or one of their face-down cards at random, unseen.
  elif what == steal_treasure:
    let face_down = "a face-down treasure"
    decider chooses t from stealable(loser) + ([face_down] if count(loser.secrets) > 0 else []) "Steal which treasure card of {loser.name}?"
    if t == face_down:
      draw hidden from loser.secrets
      log "{winner.name} steals a face-down treasure from {loser.name}."
      receive(winner, hidden, automa(winner))
    else:
      log "{winner.name} steals {t} from {loser.name}."
      receive(winner, t, false)
  #: To give a curse: hand the loser one of the winner's cursed treasures, face down.
  else:
    winner chooses c from curses(winner) "Give which cursed treasure to {loser.name}?"
    move c to loser.secrets
    log "{winner.name} hands {loser.name} a cursed treasure, face down."
    log to loser "You receive {c}."

# ---------------------------------------------------------------- the Ghost Ship

rule ghost_move(n) "The Ghost Ship sails back when alone in the lead, on when alone in last place; otherwise the captain decides":
  #: Once home, the Ghost Ship sails no more.
  if ghost.arrived:
    return
  #: -
  let others = [race_position(q) for q in humans]
  #: -
  let direction = none
  #: Compare race positions (see the Glossary). If the Ghost Ship is further along than every player's ship, it sails backward; if it is behind every one of them, it sails forward; otherwise (some ship is level with it, or it is between them) the captain chooses its way, even to attack the captain's own ship.
  if race_position(ghost) > max(others):
    direction = backward
    log "The Ghost Ship leads the race alone, so it sails backward."
  elif race_position(ghost) < min(others):
    direction = forward
    log "The Ghost Ship is alone in last place, so it sails forward."
  else:
    captain chooses direction from [forward, backward] "Which way does the Ghost Ship sail {n}?" labelled "{direction} to {places(ends_of(direction, n, start_of(ghost)))}"
    log "{captain.name} steers the Ghost Ship {direction}."
  #: It sails that way, as many spaces as the die shows, the captain choosing at a fork. It fights and loots like any ship but never pays for a space.
  move_ship(ghost, n, direction)

# ---------------------------------------------------------------- scoring

# assumed: a ship that has not come home counts as before the red line (-5) while
# it sits on Port Royal or still owes a lap; anywhere else it scores its space.
define space_points(p) = space(0).points if p.arrived else -5 if p.pos == 0 or owing_a_lap(p) else space(p.pos).points  # the points printed on the space the ship is on: 15 on Port Royal for a ship that has come home, 2 to 10 on spaces 41 to 49 (past the red line), −5 on every space before them; a ship that has not come home scores −5 while she is back on Port Royal or owes a lap
define tally(p) = space_points(p) + stock(p, gold) + p.treasure_points

#: Score: the points printed on the space your ship is on (15 on Port Royal once home, 2 to 10 on spaces 41 to 49, −5 anywhere before them, on Port Royal without having come home, or while you owe a lap), plus the doubloons in your holds, plus (at the end) your face-down treasures and cursed treasures. The Ghost Ship scores the same way, and it can win.
score p: tally(p)
#: Ties go to the ship furthest along the race: a ship that came home, else the one on the higher space (a channel space counts as the space the “Channel level” chart gives; a ship that owes a lap is behind all that owe none).
tiebreak p: race_position(p)

final scoring:
  for each p in players:
    p.treasure_points = sum([t.value for t in p.secrets])
    log "{p.name} scores {space_points(p)} for {place_name(p.pos)}, {stock(p, gold)} for doubloons and {p.treasure_points} for face-down treasures: {tally(p)} points."

# ---------------------------------------------------------------- worked examples

define card_named(name, value) = first([t for t in treasure_deck + box where t.name == name and t.value == value])

rule put_ship(p, n) "(examples) moor a ship on a space":
  p.pos = n
  move p.ship to space(n)

rule give_card(p, name, value) "(examples) hand a treasure card to a player":
  receive(p, card_named(name, value), false)

example "The rulebook's tally: space 8, 3 + 6 doubloons, treasures +3 and +7, a curse -4: 23 points":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 47)
    stow(anna, 0, gold, 3)
    stow(anna, 1, gold, 6)
    give_card(anna, treasure, 3)
    give_card(anna, treasure, 7)
    give_card(anna, cursed_treasure, -4)
  when:
    end game
  expect:
    space_points(anna) == 8
    anna.treasure_points == 6
    tally(anna) == 23

example "Sailing backward first: the ship passes Port Royal and now owes a lap":
  players 3 named anna, beth, connor
  when:
    move_ship(anna, 3, backward)
  expect:
    anna.pos == 47
    anna.laps_owed == 1
    stock(anna, food) == 0
    space_points(anna) == -5
    not finishing

example "Making up the lap: sailing forward past Port Royal does not end the race":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 48)
    anna.laps_owed = 1
  when:
    move_ship(anna, 3, forward)
  expect:
    anna.pos == 1
    anna.laps_owed == 0
    not anna.arrived
    stock(anna, food) == 1

example "Coming home stops the ship and ends the game after the round":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 48)
  when:
    move_ship(anna, 5, forward)
  expect:
    anna.pos == 0
    anna.arrived
    finishing
    space_points(anna) == 15

example "At a fork the player chooses the inner channel":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 5)
    stow(anna, 2, food, 2)
  when:
    move_ship(anna, 3, forward)
  answers "space 13", "hold of 2 food"
  expect:
    anna.pos == 14
    # The channel's second space costs 4 food: Anna empties the hold of 2, then
    # takes 2 of the 3 in the other.
    stock(anna, food) == 1
    not anna.short

example "A shortage: Anna pays the 3 food she has, and the circle sends her back to the port at 6":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 14)
  when:
    pay_cost(anna, food, 4)
    fall_back(anna, circle)
  expect:
    stock(anna, food) == 0
    anna.short
    anna.pos == 6
    stock(anna, gold) == 3

example "A shortage drifting back through a merge lets the player choose the way":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 16)
  when:
    fall_back(anna, skull)
  answers "space 12"
  expect:
    anna.pos == 11

example "A shortage never takes a ship past Port Royal":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 3)
  when:
    fall_back(anna, skull)
  expect:
    anna.pos == 0

example "Loading with every hold full: a hold of another kind is emptied":
  players 3 named anna, beth, connor
  given:
    stow(anna, 2, gunpowder, 2)
    stow(anna, 3, gunpowder, 1)
    stow(anna, 4, gold, 5)
  when:
    load(anna, food, 4)
  answers "hold of 2 gunpowder"
  expect:
    stock(anna, food) == 7
    stock(anna, gunpowder) == 1
    stock(anna, gold) == 8

example "Loading is ignored when every hold already holds that kind":
  players 3 named anna, beth, connor
  given:
    stow(anna, 1, gold, 2)
    stow(anna, 2, gold, 1)
    stow(anna, 3, gold, 4)
    stow(anna, 4, gold, 6)
  when:
    load(anna, gold, 5)
  expect:
    stock(anna, gold) == 16

example "The attacker rolls the star: no defence, and the winner steals a hold":
  players 3 named anna, beth, connor
  given:
    stow(beth, 2, gunpowder, 6)
  when:
    resolve_combat(anna, beth, star, none)
  # Beth has no treasure and Anna no curse: Anna steals a hold or takes nothing.
  answers "steal cargo", "hold of 6 gunpowder"
  expect:
    stock(anna, gunpowder) == 6
    stock(beth, gunpowder) == 0

example "The winner may take no spoils at all":
  players 3 named anna, beth, connor
  given:
    stow(beth, 2, gunpowder, 6)
  when:
    resolve_combat(anna, beth, star, none)
  answers "Take no spoils"
  expect:
    stock(beth, gunpowder) == 6
    stock(anna, gunpowder) == 0
    stock(beth, food) == 3
    stock(anna, gold) == 3

example "The defender's star beats any firepower":
  players 3 named anna, beth, connor
  given:
    anna.spent = 9
    give_card(anna, treasure, 5)
  when:
    resolve_combat(anna, beth, 10, star)
  answers "steal treasure"
  expect:
    count(beth.secrets) == 1
    count(anna.secrets) == 0

example "Gunpowder and Lady Beth: 4 + 4 against 6 + 2 is a tie, so nothing happens":
  players 3 named anna, beth, connor
  given:
    anna.spent = 4
    give_card(beth, lady_beth, 0)
  when:
    resolve_combat(anna, beth, 4, 6)
  expect:
    stock(anna, gold) == 3
    stock(beth, gold) == 3

example "The winner hands over a cursed treasure":
  players 3 named anna, beth, connor
  given:
    give_card(beth, cursed_treasure, -3)
  when:
    resolve_combat(anna, beth, 2, 8)
  answers "give curse"
  expect:
    count(anna.secrets) == 1
    count(beth.secrets) == 0

example "Stealing the 6th Hold takes its contents too":
  players 3 named anna, beth, connor
  given:
    give_card(beth, sixth_hold, 0)
    stow(beth, 5, gold, 4)
  when:
    resolve_combat(anna, beth, star, none)
  # The 6th Hold is Beth's only treasure card, so it is taken without asking.
  answers "steal treasure"
  expect:
    has_power(anna, sixth_hold)
    count(anna.holds) == 6
    count(beth.holds) == 5
    stock(anna, gold) == 7
    stock(beth, gold) == 3

example "Morgan's Map gives a hand of four":
  players 3 named anna, beth, connor
  given:
    give_card(anna, morgans_map, 0)
  when:
    refill(anna)
  expect:
    count(anna.hand) == 4

example "The Ghost Ship alone in the lead must sail backward":
  players 2 named anna, beth
  given:
    put_ship(ghost, 10)
    put_ship(anna, 5)
    put_ship(beth, 3)
  when:
    ghost_move(2)
  expect:
    ghost.pos == 8
    stock(ghost, gold) == 8

example "On an inner channel space 13 is as far along as space 9: the Ghost Ship there is alone in last place, so it sails forward to 14, as far along as 11":
  players 2 named anna, beth
  given:
    put_ship(ghost, 13)
    put_ship(anna, 10)
    put_ship(beth, 11)
  when:
    ghost_move(1)
  expect:
    ghost.pos == 14
    race_position(ghost) == 11

example "The Ghost Ship wins a battle: it keeps stolen gold but throws food overboard":
  players 2 named anna, beth
  when:
    resolve_combat(ghost, anna, star, none)
  answers "steal cargo", "food"
  expect:
    stock(anna, food) == 0
    stock(ghost, food) == 0
    stock(ghost, gold) == 8

example "The Ghost Ship's Lady Beth cannot be stolen":
  players 2 named anna, beth
  when:
    resolve_combat(anna, ghost, star, none)
  # Lady Beth is not offered, so only a hold can be stolen.
  answers "steal cargo", "5 doubloons"
  expect:
    stock(anna, gold) == 8
    has_power(ghost, lady_beth)

example "Saran's Sabre: Anna makes Beth roll her star again, once per battle":
  players 3 named anna, beth, connor
  given:
    give_card(anna, sarans_sabre, 0)
    sabre_used = false
    beth.shot = star
  when:
    offer_sabre(beth, anna)
    # The Sabre has been used in this battle: it is not offered again.
    offer_sabre(beth, anna)
  answers "reroll"
  expect:
    sabre_used

example "Neither alone in front nor alone behind: the captain steers the Ghost Ship":
  players 2 named anna, beth
  given:
    captain = beth
    put_ship(ghost, 5)
    put_ship(anna, 5)
    put_ship(beth, 2)
  when:
    ghost_move(1)
  answers "backward"
  expect:
    ghost.pos == 4
    # The Ghost Ship never pays, but it loots the lair at 4.
    count(ghost.secrets) == 1
    stock(ghost, gold) == 8

example "With the ghost_ship variant the Ghost Ship joins a game of three":
  players 3 named anna, beth, connor
  variants ghost_ship
  expect:
    ghost != none
    count(players) == 4
    has_power(ghost, lady_beth)
    count(treasure_deck) == 9
    count(box) == 2
