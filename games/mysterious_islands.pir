game "Pirates of the Mysterious Islands":
  players 2 to 2
  # The most decisions a game asks, for programs that need it in advance. The engine's own
  # count (interpreter/bounds.py) bounds every part of the rules but five, which are bounded
  # here: a fleet holds at most the 62 ships the rules can make; a ship fires at most 4 cannons
  # (the most on the ship list); she sails at most 5 legs (3 on her card, + S for a helmsman,
  # + S for the Storm Compass), so steering asks at most 6 times; at a dock each crew moves at
  # most once (60 crew, then stop: 61); exploring a ship moves each crew or treasure at most
  # once (60 crew, 76 coins, 2 unique treasures, then stop: 139). With these, a turn asks at
  # most 129,535: for each ship of the fleet (counted as up to 63) 2,048 (readied: 2; a
  # scuttle: 1; 61 at a dock before her action; two actions of at most 992: a move of 6 legs
  # and what docking, 61 at the dock she reaches, ramming, boarding, towing and turning ask),
  # then at most 448 Marines and 63 scuttles. 30 rounds of two turns make 7,772,100, and
  # agreeing on a build total, building, placing and hiring 1,419 more: 7,773,519. Loose
  # (every list is bounded by every piece of its kind), but true.
  longest 7773519 decisions
  overview "Build a fleet of ships and crew to a point total, sail a measured sea among six islands, dig up treasure on the wild ones, fight with cannons, rams and boarding parties, and bring the gold home."
  goal "Be the first to bring more than half of all the gold to your home island."
  credits "After the complete-game rules of Pirates of the Mysterious Islands (WizKids, 2005)."

# How this file carries the rulebook over, and what it leaves out:
# - The table becomes a hex board; S and L become whole numbers of hexes, every distance is
#   counted in hex steps, and a ship fills one hex and faces one of its six sides: her bow
#   is that side, her stern the side opposite (see "the bow and the stern" below).
# - Not in this file: the optional rule of keeping treasure won (it is about the boxes, not
#   the game).
# - Ships and crew are bought from the card lists below; each card once per fleet.

# ---------------------------------------------------------------- the measured sea
# The sea is a hex board; the rulers become whole numbers of hexes. Distances are hex steps.
# assumed: the short side S of a ship card is 2 hexes and the long side L is 3 (2.5 and 3.5 inches).
define S = 2  # hexes: a short move, the short side of a ship card
define L = 3  # hexes: a long move, the long side of a ship card

# assumed: a table of 22 by 22 hexes, a little over 7 L across (most tabletops are 3 feet).
board sea: hex 22 by 22
  layer water:
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~"
  legend water: "~" = open_sea

kind measure: s, l
kind nation: england, france, spain, pirates, america, mercenaries, cursed
kind keyword: black_mark, broadsides_attack, ex_patriot, fear, galley, ghost_ship, junk, limit, marine, mercenary, ransom, sea_monster, submarine, schooner, turtle_ship
kind role: captain, helmsman, cannoneer, explorer, shipwright, oarsman, musketeer, second_action, plain_crew
kind action: sail, shoot, broadside, explore, repair, stand_by
kind unique: idol_of_the_sun, storm_compass
kind effect: calm, reef, current, mutiny, treasure_map, fresh_timber, squall, trade_wind, fever, buried_cache

# ---------------------------------------------------------------- components
#: A ship card (see the Ship list). Each player builds from a whole set: a fleet takes each card at most once, and both fleets may take the same card. Keep a die by each card for her masts left (and a Turtle Ship's shell panels).
piece ship(name, nation, points, masts, cargo, move, cannons, keywords) labelled "{name}" marked "{ship_marks[name]}{double_arrow[facing] if owner == players[1] else arrow[facing]}"
#: A crew card (see the Crew list), from each player's whole set, each at most once a fleet. Crew lie face down, hidden from the rival, on the home island or aboard; a Cursed flag or a Marine that has fired from her ship lies face up.
piece crew(name, nation, points, role, link, keywords) labelled "{name}"
#: An island (see the Island list), laid name side up: a mysterious island's Mystery row stays hidden until a ship first docks there and turns it over. A mysterious home is an ordinary home.
piece island(name, mysterious) labelled "island {name}" marked "{island_marks[name]}"
#: The two other hexes an island covers (see Shape): two for each island.
piece shore(name) labelled "island {name}" marked "{island_marks[name]}"
#: A treasure coin, face down: eight from each player (see the coin values), and a 5-gold ransom coin for each Ransom crew bought. Also: two bags, a streamer per player for each wild island, a round track to 30.
piece coin(gold) labelled "{gold} gold"
#: A unique treasure (see the Unique list): each player may add one; worth no gold at first, it lies face up once found.
piece relic(name) labelled "{name}"

zone island_bag hidden                # islands not placed yet, drawn at random
zone treasure_bag hidden              # the coins both players contribute, shuffled
#: the buried coins
zone buried hidden                    # coins lying face down on the wild islands
#: coins in view
zone looking per player owner         # coins being looked at while exploring
zone hold per player owner            # coins aboard the player's ships, face down
#: shipyard (your ships bought, waiting to be placed)
zone shipyard per player                  # ship cards bought, waiting to be placed
#: crew ashore
zone crew_home per player owner       # crew face down on the home island
#: crew at sea
zone aboard per player owner          # crew face down on the player's ships
zone landed per player                # Marines put ashore on islands other than home, face up
#: crew face up at sea
zone face_up per player               # crew face up on the player's ships: a Cursed flag, a Marine that has fired
#: unique treasure
zone relics per player                # unique treasure face up on the player's ships
zone sunk                             # ships sent to the bottom
zone box internal                     # what has left the game
zone ransoms internal                 # the 5-gold treasure each Ransom crew becomes if captured, set aside

# A ship is made facing east; placed on the sea, she turns to face her home island.
#: east
define east = 1
#: 2 for a Turtle Ship, none for any other
define shell_panels(k) = 2 if turtle_ship in k else 0
var masts_left per ship = masts
var facing per ship = east            # the side of her hex her bow faces; placed, she faces her home island
#: shell panels
var panels per ship = shell_panels(keywords)   # assumed: a Turtle Ship has 2 shell panels
var owner per ship = none             # the player whose fleet she is in, from when she is placed
#: {x} is below the surface
var submerged per ship = false        # a Submarine or Sea Monster below the surface
#: {x} is a ghost this turn
var ghostly per ship = false          # a Ghost Ship this turn
#: {x} is held to an S move by fear this turn
var afraid per ship = false           # her base move is S on her player's next turn (Fear)
#: {x} is being scuttled
var scuttling per ship = false        # she sinks at the start of her player's next turn
#: {x} is to be moved by the opponent
var steered_by_rival per ship = false internal   # her next move is made by the opponent (mysterious island)
#: {x} has lost her nerve this turn
var unnerved per ship = false         # a 5 against Fear: no ship or crew abilities this turn
#: the ship {x} rammed and is pinned to
var pinned_to per ship = none internal   # the enemy she rammed; she is pinned while her bow touches it
#: the ship that has {x} in tow
var towed_by per ship = none          # the ship that has her in tow
#: {x} has rammed on this move
var ram_made per ship = false internal   # she rammed after this move (Schooner may not turn)
#: the ship {x} is aboard
var crew_ship per crew = none internal   # the ship a crew is aboard
#: the island the crew is ashore on
var ashore_on per crew = none internal   # the island a crew waits on when not aboard
#: the hits {x} has taken this turn
var hits_taken per crew = 0 internal  # a Marine ashore is lost at two hits in one turn
#: {x} is placed face up as Cursed
var cursed_flag per crew = false      # a Black Mark crew placed face up as Cursed
#: {x} has fired her gun
var gun_shown per crew = false        # a Marine that has fired stays face up
#: the ship {x} is aboard
var coin_ship per coin, relic = none internal   # the ship a coin or unique treasure is aboard
#: the island {x} lies on
var lies_on per coin, relic = none internal  # the island a buried coin or unique treasure lies on
#: the island's hexes
var hexes per island = [] internal    # the hexes the island covers
#: {x} has been turned face up
var revealed per island = false       # a mysterious island, turned face up
var streamers per island = []         # a player's streamer is left on a wild island their ship sails away from: docking there again, they may explore it at once, free
var fleet per player = []             # ships afloat in the player's fleet
var home per player = none            # the player's home island
var home_gold per player = 0            # assumed: gold unloaded at home is counted openly
#: the points {x}'s fleet cost
var spent per player = 0 internal     # the build total the fleet used (a Cursed flag costs 1 more)
#: the islands on the sea
var placed_islands = [] internal     # the islands on the sea, in the order they were placed
var first_player = none
#: the order of play
var turn_order = [] internal
var gold_in_game = 0                  # the gold of the coins the players put in the treasure bag

# assumed: the rules give no end to a game nobody can win; it ends after 30 rounds, the most gold at home winning.
var round_limit = 30                  # rounds: the game ends after round 30 if nobody has won
# The build total: the rulebook recommends 40 points, and lets the players agree on any total
# both fleets use. Without the variant the total is 40; with it, the total is chosen at the start.
var build_total = 40                  # the build total both fleets are bought to
variant other_build_total "The players agree on a build total other than the recommended 40 points"
# assumed: the first player names the total both have agreed on, in steps of 5 points from 5 (the
# cheapest ship costs 4) to 165 (all the cards together cost 163), counted in fives.
#: the build totals from 5 to 165 points, in steps of 5
define build_total_fives = range(1, 33)
# assumed: the rulebook gives six islands and 15 gold from each player for a 40-point game
# only; at any other build total they stay the same.
# assumed: each player's eight coins worth 15 gold are 3 coins of 1, 3 of 2 and 2 of 3.
define coin_values = [1, 1, 1, 2, 2, 2, 3, 3]  # gold: the coins each player adds to the treasure

die d6: 1, 2, 3, 4, 5, 6

# ---------------------------------------------------------------- the card list
# Ships of the six nations. Cannons are [rank, range]. The first four are the sample cards
# of the set; the rest are assumed (invented names, plausible numbers).
#: Names as printed (HMS, USF, US). A cannon is rank/range: 3/L hits on 4+ and reaches L. A Sea Monster's masts are its segments.
table ship_list of ship:
  header "Ship" -> "Nation", "Points", "Masts", "Cargo", "Move", "Cannons", "Keywords"
  fathom       -> [mercenaries, 12, 3, 4, [l], [[3, l], [4, s], [4, s]], [submarine]]
  matuku       -> [mercenaries, 12, 3, 4, [s, l], [[4, l], [4, l], [4, l]], [schooner]]
  smiling_jim  -> [pirates, 7, 1, 1, [s, s, s], [[2, s]], []]
  sea_storm    -> [mercenaries, 12, 1, 2, [s, s], [[2, s]], [turtle_ship]]
  hms_resolute -> [england, 9, 3, 3, [s, l], [[3, s], [3, l], [3, s]], []]      # assumed
  hms_thistle  -> [england, 6, 2, 2, [s, s], [[3, s], [4, s]], [schooner]]       # assumed
  le_corsaire  -> [france, 10, 3, 4, [s, l], [[3, l], [3, s], [4, s]], []]      # assumed
  la_brume     -> [france, 14, 4, 5, [s, l], [[2, s], [3, l], [3, s], [3, s]], [ghost_ship, limit]] # assumed
  san_isidro   -> [spain, 11, 4, 5, [s, s], [[3, s], [3, s], [4, l], [4, l]], [broadsides_attack]] # assumed
  el_dragon    -> [spain, 8, 2, 3, [s, l], [[2, l], [3, s]], [fear]]          # assumed
  black_gull   -> [pirates, 5, 2, 2, [l], [[3, s], [3, s]], [galley]]         # assumed
  golden_junk  -> [mercenaries, 10, 3, 4, [s, s], [[3, s], [3, s], [3, l]], [junk, mercenary]]  # assumed
  the_kraken   -> [mercenaries, 8, 3, 0, [l], [[2, s], [3, s], [3, s]], [sea_monster]] # assumed: segments as masts
  usf_liberty  -> [america, 7, 2, 3, [s, l], [[3, s], [3, l]], []]            # assumed
  us_hawk      -> [america, 4, 1, 2, [l, s], [[2, s]], []]                    # assumed

# Crew. The point costs of the generic crew are the set's; what each does is assumed where
# the rules leave it out (see the powers below). A link names the card a crew is linked to.
table crew_list of crew:
  header "Crew" -> "Nation", "Points", "Ability", "Linked to", "Keywords"
  captain_morgan       -> [pirates, 3, captain, smiling_jim, []]
  helmsman_hale        -> [england, 2, helmsman, hms_resolute, []]
  cannoneer_cole       -> [france, 2, cannoneer, none, []]
  explorer_eva         -> [spain, 1, explorer, none, []]
  shipwright_sam       -> [america, 2, shipwright, none, []]
  oarsman_olaf         -> [pirates, 1, oarsman, black_gull, []]
  musketeer_mateo      -> [spain, 3, musketeer, none, []]
  lt_henry_ducie_chads -> [england, 5, second_action, hms_resolute, []]
  royal_marine         -> [england, 2, plain_crew, none, [marine]]    # assumed
  cursed_bosun         -> [pirates, 1, plain_crew, none, [black_mark]] # assumed
  jack_of_all_flags    -> [america, 2, plain_crew, golden_junk, [ex_patriot]] # assumed
  governors_daughter   -> [spain, 0, plain_crew, none, [ransom]]      # assumed
  deckhand_dan         -> [pirates, 0, helmsman, none, []]            # assumed: a cost-0 crew
  dread_captain_ned    -> [pirates, 4, captain, black_gull, [limit]]  # assumed

# The mysterious islands and what a d6 rolled on docking does. Islands A and B follow the
# set's cards (simplified where said); C and D are assumed.
table island_list of island:
  header "Island" -> "Mysterious"
  home_rock -> [false]
  palm_key  -> [false]
  isle_a    -> [true]
  isle_b    -> [true]
  isle_c    -> [true]
  isle_d    -> [true]

#: A d6 on docking at a wild mysterious island ({mystery_effect}). Calm: nothing happens. Reef: 3 dice, a mast lost per 4-6; squall: a mast lost; timber: a mast back; current: sail an enemy her move; mutiny: the rival moves her next; map: a random coin from another wild island; trade wind: move again; fever: a crew lost; cache: 1 gold home.
table mystery:
  header "Island" -> "1", "2", "3", "4", "5", "6"
  isle_a -> [reef, reef, calm, calm, current, current]
  # assumed: B's 5-6 (swap treasure after exploring) is simplified to a map to one more coin.
  isle_b -> [mutiny, mutiny, calm, calm, treasure_map, treasure_map]
  isle_c -> [squall, calm, fresh_timber, fresh_timber, trade_wind, buried_cache]   # assumed
  isle_d -> [fever, squall, calm, calm, trade_wind, fresh_timber]                   # assumed

# How the board shows ships and islands: a small letter and her bow's arrow (its owner's kind) a ship, a capital an island.
table ship_marks:
  fathom       -> "f"
  matuku       -> "m"
  smiling_jim  -> "j"
  sea_storm    -> "w"
  hms_resolute -> "r"
  hms_thistle  -> "t"
  le_corsaire  -> "c"
  la_brume     -> "b"
  san_isidro   -> "i"
  el_dragon    -> "d"
  black_gull   -> "g"
  golden_junk  -> "n"
  the_kraken   -> "k"
  usf_liberty  -> "l"
  us_hawk      -> "h"

# Her bow's direction, drawn after her letter: a plain arrow for the first player's ships, a
# double one for the second player's, so that two marks in a hex still say whose ship is whose.
table arrow:
  0 -> "↗"
  1 -> "→"
  2 -> "↘"
  3 -> "↙"
  4 -> "←"
  5 -> "↖"

table double_arrow:
  0 -> "⇗"
  1 -> "⇒"
  2 -> "⇘"
  3 -> "⇙"
  4 -> "⇐"
  5 -> "⇖"

table island_marks:
  home_rock -> "H"
  palm_key  -> "P"
  isle_a    -> "A"
  isle_b    -> "B"
  isle_c    -> "C"
  isle_d    -> "D"

table effect_words:
  calm         -> "no effect"
  reef         -> "roll 3 dice: each 4-6 tears away one of her masts"
  current      -> "a current carries an opposing ship of your choice her base move"
  mutiny       -> "her next move is made by the opponent"
  treasure_map -> "a map: she takes a random coin from another wild island, cargo allowing"
  fresh_timber -> "fresh timber: she repairs one mast"
  squall       -> "a squall tears away one of her masts"
  trade_wind   -> "a trade wind: she may sail her base move again at once"
  fever        -> "fever: one of her crew, chosen at random, is lost"
  buried_cache -> "a buried cache: one gold more on your home island"

# Unique treasure. assumed: both cards are invented (the facts name none of the set's).
table unique_list:
  header "Unique treasure" -> "Ability"
  idol_of_the_sun -> "worth a gold for each mysterious island turned face up"
  storm_compass   -> "the ship carrying it adds S to her base move"

# assumed: a Marine's gun is rank 3, range S (the rank is lost from the rule text).
define marine_gun = [3, s]  # a Marine's gun: rank 3, range S

# ---------------------------------------------------------------- names for the rules
define length(m) = S if m == s else L
define rival(p) = players[1 - p.index]
define afloat(x) = x in (x.owner).fleet if x.owner != none else false  # a ship is afloat until she sinks: a derelict is still afloat
define derelict(x) = x.masts_left == 0  # a ship with no masts left; the next hit sinks her
define limited(k) = limit in (ship_list[k].keywords if k in ship_list else crew_list[k].keywords)
#: {k}'s points
define card_points(k) = ship_list[k].points if k in ship_list else crew_list[k].points
#: the crew aboard {x}
define crew_on(x) = [c for c in (x.owner).aboard + (x.owner).face_up where c.crew_ship == x]
# What the rules make public about a crew at sea keeps it face up: a Cursed flag, a Marine's gun once fired.
#: {c} stays face up
define kept_face_up(c) = c.cursed_flag or c.gun_shown
#: {p}'s crew at sea (face up if {c} was)
define crew_zone(c, p) = p.face_up if kept_face_up(c) else p.aboard
#: the coins aboard {x}
define gold_on(x) = [c for c in (x.owner).hold where c.coin_ship == x]
define links_on(x) = count([c for c in crew_on(x) where c.link == x.name]) + floor(count([c for c in crew_on(x) where c.link != none and c.link in [d.name for d in crew_on(x)]]) / 2)
#: the cargo spaces {x} has
define cargo_space(x) = x.cargo + links_on(x)  # her cargo, plus one for each crew aboard that is linked to her card
define free_cargo(x) = cargo_space(x) - count(crew_on(x)) - count(gold_on(x))  # her cargo space less one for each crew and each coin aboard (a unique treasure takes none)
#: the unique treasure aboard {x}
define relics_on(x) = [r for r in (x.owner).relics where r.coin_ship == x]
#: {x} carries the {u}
define has_relic(x, u) = any([r.name == u for r in relics_on(x)])
# A unique treasure's worth in gold changes with its ability.
define worth(r) = count([i for i in islands where i.revealed]) if r.name == idol_of_the_sun else 0
# Black Mark: a crew placed face up as Cursed makes its ship fly the Cursed flag, and costs 1 more.
define crew_nation(c) = cursed if c.cursed_flag else c.nation
define crew_cost(c) = c.points + (1 if c.cursed_flag else 0)
# Ex-patriot: a ship with such a crew aboard is a member of the Mercenary nation.
# assumed: with an Ex-patriot and a face-up Black Mark aboard, she is Mercenary, not Cursed.
#: the nation {x} sails for
define flag_of(x) = mercenaries if any([ex_patriot in c.keywords for c in crew_on(x)]) else (cursed if any([c.cursed_flag for c in crew_on(x)]) else x.nation)  # a ship sails for her own nation; with an Ex-patriot aboard, for the Mercenaries; with a crew placed face up as Cursed (Black Mark), under the Cursed flag. Crew abilities work only for a ship of the crew's own nation, so flying another flag silences the others
#: the points of the crew aboard {x}
define crew_points_on(x) = sum([crew_cost(c) for c in crew_on(x)])
# A crew uses its ability only on a ship of its own nation, and not while Fear has unnerved her.
#: {x} has a {r} of her nation aboard
define has_role(x, r) = not x.unnerved and any([c.role == r and crew_nation(c) == flag_of(x) for c in crew_on(x)])
# Keywords from the ship card and from the crew aboard; two sources count once.
define keywords_of(x) = distinct(x.keywords + flatten([c.keywords for c in crew_on(x)]) + ([mercenary] if ex_patriot in flatten([c.keywords for c in crew_on(x)]) else []))
# assumed: Fear's 5 stops abilities, not what a piece is: Sea Monster, Submarine, Mercenary and Limit stay.
#: {x} has the keyword {k}
define has(x, k) = k in keywords_of(x) and (not x.unnerved or k in [sea_monster, submarine, mercenary, limit])

# ---- islands
define islands = placed_islands
define wild(i) = i != players[0].home and i != players[1].home  # an island that is no player's home
#: {i} is {p}'s home
define is_home_of(i, p) = i == p.home
define hex_gap(c, i) = min([distance(c, h) for h in i.hexes])
# The islands beside a hex, by name: an island's anchor and its shores lie on its hexes.
define island_names_beside(c) = [y.name for y in all_pieces(neighbours(c)) where piece_type(y) == "island" or piece_type(y) == "shore"]
define islands_named(names) = [i for i in islands where i.name in names]
# assumed: an island covers three hexes, a small triangle: its anchor and the hexes east and south-east.
define shape(c) = [h for h in [c, step(c, 1), step(c, 2)] where h != none]  # the three hexes an island covers: the hex it is laid on and the hexes east and south-east of it
# assumed: islands are spaced by their anchor hexes; an island is 2 hexes wide, so "3 L apart"
# is an anchor 3 L + 2 hexes away or more, and "at most 6 L" is 6 L + 2 hexes or less.
define island_gap(c, i) = distance(c, where(i)) - 2
define fits_shape(c) = count(shape(c)) == 3 and all([empty(h) for h in shape(c)]) and c.row > 0 and c.row < 20 and c.col > 0 and c.col < 20
# Islands at least 3 L and at most 6 L from each other (the nearest one), hexes counted between them.
define placeable(c) = fits_shape(c) and all([island_gap(c, i) >= 3 * L for i in islands]) and (count(islands) == 0 or any([island_gap(c, i) <= 6 * L for i in islands]))
# assumed: if no hex keeps the 3 L spacing (a crowded sea), any hex at least L from the others will do.
define fallback_place(c) = fits_shape(c) and all([island_gap(c, i) > L for i in islands])
# assumed: anchors lie on every other row and column (a coarser choice keeps the question short).
define anchor_hexes = [c for c in cells(sea) where c.row % 2 == 1 and c.col % 2 == 1]
define island_sites = [c for c in anchor_hexes where placeable(c)]  # the hexes an island may be laid on: in an odd row and column, its three hexes empty and off the edge, 3 L apart from every island laid and, after the first, 6 L at most from the nearest, counted between the hexes islands are laid on less 2 for an island's width (11 to 20 hexes)
define fallback_sites = [c for c in anchor_hexes where fallback_place(c)]  # when no island site is left: any such hex more than L from every island

# ---- ships at sea
define enemies(x) = (rival(x.owner)).fleet
# The ship a ship has in tow does not stop her.
define others_near(c, x) = [y for y in all_pieces(neighbours(c)) where y != x and (x == none or y != towing(x))]
#: a hex {c} next to an island or another ship
define touches(c, x) = count(others_near(c, x)) > 0
define docked_islands(x) = islands_named(island_names_beside(where(x)))
# A ship may not dock at an opponent's home island.
#: {x} may dock at {i}
define may_dock(x, i) = not is_home_of(i, rival(x.owner)) and not x.ghostly
define dock_of(x) = first([i for i in docked_islands(x) where may_dock(x, i)])
# A ship in tow is docked wherever the ship towing her is.
#: the island {x} is docked at
define docked_at(x) = dock_of(x.towed_by) if in_tow(x) else dock_of(x)  # a ship is docked at an island when her hex is beside one of its hexes (a ship in tow, where the ship towing her is docked); she may not dock at the rival's home island, nor while ghostly
define at_home(x) = docked_at(x) == (x.owner).home and docked_at(x) != none

# ---- the bow and the stern
# assumed: a ship's bow is the side of her hex she faces, touching only the hex beyond it; her
# stern is the opposite side. She faces the way she sailed her last leg.
#: the hexes {x}'s bow touches
define bow_hexes(x) = [h for h in [step(where(x), x.facing)] where h != none]
#: the hex at the stern of {x}
define stern_hex(x) = step(where(x), rotated(x.facing, 3))
#: the bow of {x} touches {y}
define bow_touches(x, y) = where(y) in bow_hexes(x)
define ships_afloat = flatten([q.fleet for q in players])
#: the side of {c} that faces {i}
define facing_island(c, i) = first([d for d in range(0, 5) where step(c, d) in i.hexes])

# ---- pinning and towing
# A ship that rams is pinned while she still touches the ship she rammed and that ship has masts.
#: {x} is pinned
define pinned(x) = x.pinned_to != none and afloat(x.pinned_to) and not derelict(x.pinned_to) and distance(where(x), where(x.pinned_to)) == 1  # a ship that rammed is held against her target while the two touch and the target still has masts: she cannot sail, and the two cannot ram each other
define pinned_pair(x, t) = (pinned(x) and x.pinned_to == t) or (pinned(t) and t.pinned_to == x)
#: a ram by {x} pins her to {t}
define may_pin(x, t) = not t.ghostly
#: {x} is in tow
define in_tow(x) = x.towed_by != none and derelict(x) and afloat(x.towed_by) and x.towed_by in (x.owner).fleet
#: the derelict {x} has in tow
define towing(x) = first([d for d in (x.owner).fleet where d.towed_by == x and in_tow(d)])
#: {x} may tow {d}
define may_tow(x, d) = true
# A ship touching the bow of a derelict may take her in tow (one at a time, assumed).
#: the derelicts {x} may take in tow
define towable(x) = [d for d in ships_afloat where d != x and derelict(d) and not in_tow(d) and bow_touches(d, x) and may_tow(x, d)] if towing(x) == none and not derelict(x) else []  # a ship with masts and nothing in tow may take in tow a derelict whose bow touches her (one at a time)
define can_sail(x) = not pinned(x) and not in_tow(x)

# ---- moving: legs of S and L, straight, changing direction only between legs
# A ship towing another has a base move of S.
define base_legs(x) = [S] if towing(x) != none else [length(m) for m in x.move]
#: the legs {x} may sail this turn
define legs(x) = [] if derelict(x) or not can_sail(x) else base_legs(x)
#: the {n} hexes from {x} towards {d}
define path(x, d, n) = take(ray(where(x), d), n)
# A leg stops before a hex that is taken and at the first hex that touches a ship or an island.
define blocked_at(x, p) = first([i for i in indices(p) where not empty(p[i]) or touches(p[i], x)])
define leg_end(x, p, b) = count(p) if b == none else (b if not empty(p[b]) else b + 1)
#: the hexes {x} may sail towards {d} on a leg of {n}
define leg_hexes(x, d, n) = take(path(x, d, n), leg_end(x, path(x, d, n), blocked_at(x, path(x, d, n))))
#: {x} may end a leg on {c}, with the legs {rest} still to sail
define may_end_leg(x, c, rest) = true
define leg_options(x, rest) = [[d, n, k] for n in distinct(rest) for d in [0, 1, 2, 3, 4, 5] for k in range(1, count(leg_hexes(x, d, n))) where may_end_leg(x, leg_hexes(x, d, n)[k - 1], without_one(rest, n))]  # a ship's legs (her base move, S and L) may be sailed in any order, each in any of the six directions, in a straight line of 1 hex up to the leg's length (a leg may be sailed part way, and she may stop before her last leg); a leg stops before a taken hex and on the first hex that touches a ship or an island
# A ship that touches another ship or an island must stop.
#: {x} must stop at {c}
define stops_at(x, c) = touches(c, x)
#: {x} shares her hex with an island or a ship
define overlapping(x) = count([y for y in all_pieces([where(x)]) where y != x]) > 0
define direction_words = ["north-east", "east", "south-east", "south-west", "west", "north-west"]
define without_one(xs, n) = take(xs, index_of(xs, n)) + [xs[i] for i in indices(xs) where i > index_of(xs, n)]

# ---- shooting
#: the cannons {x} still has (one per mast left)
define cannons(x) = take(x.cannons, x.masts_left)  # a ship fires one cannon per mast she has left, in the order the ship list gives them: a lost mast takes the last of them
define may_be_shot(t) = not t.submerged and not at_home(t)  # a ship cannot be shot while she is below the surface or docked at her own home island
# Line of fire: no island, ship or shore in the hexes between (the target's own hex excepted).
define open_line(a, b) = all([empty(c) for c in cells_between(a, b)])
# assumed: a ship's masts stand in a line from bow to stern, so with two or more left they
# block her own fire at anything straight ahead or straight astern.
#: {x}'s own masts block her fire at {c}
define own_masts_block(x, c) = count(cannons(x)) > 1 and direction_to(where(x), c) in [x.facing, rotated(x.facing, 3)]
define clear_line(x, t) = not own_masts_block(x, where(t)) and open_line(where(x), where(t))  # a line of fire is clear when no island or ship lies on a hex between the two, and, for a ship with two masts or more left, the target is not dead ahead or dead astern
define in_range(x, t, gun) = distance(where(x), where(t)) <= length(gun[1])  # a cannon reaches as many hexes as its range, S or L
define in_sight(a, b, reach) = distance(a, b) <= reach and open_line(a, b)
# A Marine ashore stands on the hex of its island nearest the shot.
# assumed: a Marine waiting on its own home island cannot be shot at, as a ship docked at home cannot.
define nearest_hex(i, c) = first([h for h in i.hexes order by distance(h, c)])
define landed_targets(q, c, reach) = [n for n in q.landed where in_sight(c, nearest_hex(n.ashore_on, c), reach)]
#: the targets of {gun} from {x}
define targets(x, gun) = [t for t in enemies(x) where may_be_shot(t) and in_range(x, t, gun) and clear_line(x, t)] + [n for n in landed_targets(rival(x.owner), where(x), length(gun[1])) where not own_masts_block(x, nearest_hex(n.ashore_on, where(x)))]  # a cannon's targets are the enemy ships that may be shot in its range and in a clear line, and enemy Marines ashore away from home, in range and line of the nearest hex of their island
#: {t} is still in the game
define standing(t) = afloat(t) if piece_type(t) == "ship" else where(t) != box
define gun_bonus(x) = 1 if has_role(x, cannoneer) else 0  # 1 added to each cannon roll with a Cannoneer of her nation aboard
# A cannon hits on a roll higher than its rank; a 1 always misses, whatever is added.
#: {result} plus {bonus} beats rank {rank}
define hits(rank, result, bonus) = result != 1 and result + bonus > rank
define can_shoot(x) = not x.submerged and any([count(targets(x, gun)) > 0 for gun in cannons(x)])
# Marine: its own rank-and-range gun, fired from its ship or from the island it stands on.
define spot_of(m, c) = where(m.crew_ship) if m.crew_ship != none else nearest_hex(m.ashore_on, c)
#: the targets in reach of the gun of {m}
define marine_targets(m, p) = [t for t in (rival(p)).fleet where may_be_shot(t) and in_sight(spot_of(m, where(t)), where(t), length(marine_gun[1]))] + [n for n in (rival(p)).landed where in_sight(spot_of(m, where(n.ashore_on)), nearest_hex(n.ashore_on, spot_of(m, where(n.ashore_on))), length(marine_gun[1]))]
# A Marine aboard uses its gun only on a ship of its nation that may shoot this turn.
define marine_ready(m) = m.crew_ship == none or (crew_nation(m) == flag_of(m.crew_ship) and not (m.crew_ship).unnerved and not (m.crew_ship).submerged)
define marines_of(p) = [m for m in p.aboard + p.face_up where marine in m.keywords and marine_ready(m)] + [m for m in p.landed where marine in m.keywords]

# ---- the four actions
#: the coins buried on {i}
define wild_coins(i) = [c for c in buried where c.lies_on == i]
# A map leads to coins only: unique treasure lies buried among them until its island is explored.
#: the coins buried on wild islands other than {i}
define coins_elsewhere(i) = [t for t in buried where piece_type(t) == "coin" and t.lies_on != i]
# A unique treasure takes no cargo space.
#: {x} can explore the island she is docked at
define can_explore_island(x) = docked_at(x) != none and wild(docked_at(x)) and count(wild_coins(docked_at(x))) > 0 and (free_cargo(x) > 0 or any([piece_type(c) == "relic" for c in wild_coins(docked_at(x))])) and not x.submerged
# Exploring an allied ship, or any derelict, beside her: crew and treasure change ships (from a
# derelict of the enemy, only to your ship).
define loads(x) = crew_on(x) + gold_on(x) + relics_on(x)
#: the crew at sea of {p}
define crew_at_sea(p) = p.aboard + p.face_up
#: {t} is taken by the enemy on {y}
define captured(t, y) = ransom in t.keywords and t not in crew_at_sea(y.owner)
define may_carry(t, y) = (free_cargo(y) > 0 if captured(t, y) else fits_aboard(t, y)) if piece_type(t) == "crew" else (free_cargo(y) > 0 if piece_type(t) == "coin" else not has(y, sea_monster))
#: the crew and treasure that may move between {x} and {y}
define swaps(x, y, moved) = [[t, x] for t in loads(y) where t not in moved and may_carry(t, x)] + ([[t, y] for t in loads(x) where t not in moved and may_carry(t, y)] if y.owner == x.owner else [])
#: the ships beside {x} she may explore
define ships_to_explore(x) = [y for y in ships_afloat where y != x and distance(where(x), where(y)) == 1 and (y.owner == x.owner or derelict(y)) and not y.submerged and count(swaps(x, y, [])) > 0]
define can_explore(x) = not x.submerged and (can_explore_island(x) or count(ships_to_explore(x)) > 0)
#: {x} may repair where she is
define repair_here(x) = at_home(x)
define can_repair(x) = repair_here(x) and x.masts_left < x.masts and not x.submerged
define actions(x) = ([sail] if count(legs(x)) > 0 else []) + ([shoot] if can_shoot(x) else []) + ([explore] if can_explore(x) else []) + ([repair] if can_repair(x) else []) + [stand_by]  # a ship's action is one of: sail (if she has legs to sail), shoot (if a cannon has a target), explore (docked at a wild island with treasure she can take, or beside an allied ship or a derelict), repair (docked at home with a mast missing: she gets one mast back), or stand by

# ---- ramming and boarding
# She rams an enemy her bow touches; ships pinned to each other cannot ram each other.
#: the enemies {x} may ram
define rammable(x) = [t for t in enemies(x) where bow_touches(x, t) and not t.submerged and not t.ghostly and not pinned_pair(x, t)]  # a ship may ram an enemy her bow touches after she moves, unless that enemy is submerged or ghostly or the two are already pinned together
define ram_bonus(x) = 1 if has_role(x, captain) else 0  # 1 added to a ram roll with a Captain of her nation aboard
define boarding_bonus(x) = 1 if has_role(x, musketeer) else 0  # 1 added to a boarding roll with a Musketeer of her nation aboard

# ---- winning
define half_the_gold = gold_in_game / 2
define has_won(p) = p.home_gold > half_the_gold  # a player wins at once with more than half of the gold in game at home (16 of 30); gold from a ransom, a buried cache or the Idol counts towards the 16, never to the 30
# Left out on purpose: the optional rule on keeping the treasure won. It says who keeps the
# physical coins after the game and changes nothing in play.

# ---------------------------------------------------------------- setup
setup:
  for each k in keys(island_list):
    create 1 island(k) in island_bag
  shuffle island_bag
  choose_first_player()
  #: If the other build total variant is in play, the first player names the total both have agreed on ({agree_build_total}).
  if variant other_build_total:
    agree_build_total(turn_order[0])
  # Fleets are built in secret, both at once: crew go face down, so neither sees the other's cards.
  for each p in turn_order simultaneously:
    build_fleet(p)
  repeat 3 times:
    for each p in turn_order:
      place_island(p)
  #: The second player chooses the first player's home island ({choose_home}).
  choose_home(turn_order[1], turn_order[0])
  #: The first player places their ships, bows touching it ({place_fleet}).
  place_fleet(turn_order[0])
  #: The first player chooses the second player's home island from the others ({choose_home}).
  choose_home(turn_order[0], turn_order[1])
  #: The second player places their ships, bows touching it ({place_fleet}).
  place_fleet(turn_order[1])
  for each p in turn_order:
    place_crew(p)
  place_treasure()

# Each player rolls a d6; the higher roll goes first (ties are rolled again).
rule choose_first_player() "Roll for the first player":
  #: -
  let deciding = true
  #: Each player rolls a d6, again until the rolls differ; the higher roll goes first.
  while deciding:
    roll a on d6
    roll b on d6
    if a != b:
      deciding = false
      first_player = players[0] if a > b else players[1]
  turn_order = [first_player, rival(first_player)]
  log "{first_player.name} rolls higher and is the first player."

rule agree_build_total(p) "Agree on the build total":
  p chooses fives from build_total_fives "What build total do both fleets use?" labelled "{5 * fives} points"
  #: The build total becomes the total you chose.
  build_total = 5 * fives
  log "Both fleets are built to {build_total} points."

# A fleet: ships and crew with a combined point cost up to the build total (at least one ship).
rule build_fleet(p) "Create a fleet":
  #: Choose your first ship: any ship on the ship list whose points are within the build total.
  p chooses flagship from [k for k in keys(ship_list) where ship_list[k].points <= build_total] "Choose your first ship" labelled "{flagship}: cost {ship_list[flagship].points}"
  #: Add ships and crew, one card at a time and each card at most once, while the points of all your cards stay within the build total. Cards with the keyword Limit are not offered here (see the next step).
  p chooses more from [k for k in keys(ship_list) + keys(crew_list) where k != flagship and not limited(k)] up to build_total - ship_list[flagship].points costing card_points(more) "Add a ship or crew to your fleet" labelled "{more}: cost {card_points(more)}"
  p.spent = ship_list[flagship].points + sum([card_points(k) for k in more])
  #: -
  let extra = none
  # Limit: one card with it in a fleet.
  #: If your first ship is not a Limit card, you may add one Limit card (a card with the keyword Limit) whose points still fit within the build total.
  if not limited(flagship):
    p chooses extra from [k for k in keys(ship_list) + keys(crew_list) where limited(k) and card_points(k) <= build_total - p.spent] "Add a Limit card?" labelled "{extra}: cost {card_points(extra)}" optional "No Limit card"
  if extra != none:
    p.spent += card_points(extra)
  #: -
  create 1 ship(flagship) in p.shipyard
  #: Put all the ships you chose in your shipyard (the ships waiting to be placed); each crew you chose joins the fleet ({hire}).
  for each k in more + ([extra] if extra != none else []):
    if k in ship_list:
      create 1 ship(k) in p.shipyard
    else:
      hire(p, k)

rule hire(p, k) "A crew joins the fleet":
  #: The crew card waits face down on your home island until it is placed aboard.
  create 1 crew(k) in p.crew_home
  # A Ransom crew's worth as treasure is set aside now, ready for the day it is captured.
  #: For a Ransom crew, set a ransom coin worth 5 gold aside: it is what she becomes if the enemy takes her aboard ({shift}).
  if ransom in crew_list[k].keywords:
    create 1 coin(5) in ransoms

# Islands are drawn at random and placed in turn, 3 L to 6 L from each other.
rule place_island(p) "Place an island":
  draw i from island_bag
  #: The sites are the island sites (or, when none is left, the fallback sites).
  let sites = island_sites
  #: -
  if count(sites) == 0:
    sites = fallback_sites
  #: Lay it on one of the sites ({put_island}).
  p chooses c from sites "Place {i}" labelled "{i} at row {c.row + 1}, column {c.col + 1}"
  #: -
  put_island(i, c)

rule put_island(i, c) "Lay an island on the sea":
  i.hexes = shape(c)
  #: Lay the island on the chosen hex.
  move i to c
  placed_islands = placed_islands + [i]
  #: Every other hex of its shape is a shore of the island.
  for each h in shape(c):
    if h != c:
      create 1 shore(i.name) in h

# The second player chooses the first player's home island, then the first chooses the second's.
rule choose_home(chooser, p) "Choose a home island":
  #: The chooser picks the other player's home island from the islands that are not already a home.
  chooser chooses i from [j for j in islands where j != rival(p).home] "Choose the home island of {p.name}" labelled "{i}"
  #: -
  p.home = i
  log "{i} is the home island of {p.name}."

#: the hexes where {x} may start beside {i}
define start_hexes(x, i) = [c for c in distinct(flatten([neighbours(h) for h in i.hexes])) where empty(c)]  # the empty hexes beside the hexes of the home island
# assumed: a ship with no room left beside her home island waits near it, on an empty hex within
# L touching nothing, or else (a fleet built to a large total) on the nearest such hexes.
#: the empty hexes within L of {i}
define spare_hexes(i) = [c for c in cells(sea) where empty(c) and hex_gap(c, i) <= L and not touches(c, none)]
#: the empty hexes touching nothing
define free_hexes = [c for c in cells(sea) where empty(c) and not touches(c, none)]
#: the empty hexes touching nothing nearest {i}
define nearest_free_hexes(i) = [c for c in free_hexes where hex_gap(c, i) == min([hex_gap(d, i) for d in free_hexes])]

rule place_fleet(p) "Place the ships, bows touching the home island":
  #: For each ship in your shipyard, one at a time:
  for each x in [y for y in p.shipyard]:
    #: -
    x.owner = p
    #: The spots are the start hexes (if none is left, the empty hexes within L of your home island touching nothing; failing those, the nearest such hexes).
    let spots = start_hexes(x, p.home)
    #: -
    if count(spots) == 0:
      spots = spare_hexes(p.home)
    #: -
    if count(spots) == 0:
      spots = nearest_free_hexes(p.home)
    #: Place her on one of the spots.
    p chooses c from spots "Place {x}" labelled "{x} at row {c.row + 1}, column {c.col + 1}"
    #: -
    move x to c
    let bow = facing_island(c, p.home)
    #: Turn her so that her bow faces your home island.
    if bow != none:
      x.facing = bow
    #: She is now in your fleet.
    p.fleet = p.fleet + [x]

# Each crew takes a cargo space; crew on a ship cost at most the ship's points; a cost-0 crew only
# sails with a ship of its own nation. A crew not placed on a ship stays on the home island.
define fits_aboard(c, x) = free_cargo(x) > 0 and crew_points_on(x) + crew_cost(c) <= x.points and (c.points > 0 or crew_nation(c) == flag_of(x)) and not has(x, sea_monster)  # a crew fits aboard a ship with a free cargo space when the points of all her crew stay within the ship's own point cost; a crew costing 0 only on a ship of her own nation; never on a Sea Monster.

rule place_crew(p) "Place crew":
  #: For each crew card on your home island:
  for each c in [d for d in p.crew_home]:
    #: Put her face down aboard one of your ships she fits aboard, or leave her on your home island.
    p chooses x from [y for y in p.fleet where fits_aboard(c, y)] "Put {c} aboard a ship" labelled "{x}" optional "Leave {c} on your home island"
    #: If you put her aboard:
    if x != none:
      #: -
      move c to p.aboard
      c.crew_ship = x
      #: If she has Black Mark, and one more point still fits both within the build total and within the ship's points (the most her crew may cost together):
      if black_mark in c.keywords and p.spent < build_total and crew_points_on(x) < x.points:
        #: You may place her face up as Cursed, for 1 point more: her ship flies the Cursed flag, so her other crew lose their abilities. No card here rewards the Cursed flag; the choice is the rulebook's.
        p chooses face_up from [true] "Place {c} face up as Cursed, for 1 point more?" labelled "Fly the Cursed flag" optional "Keep the flag of her nation"
        #: -
        if face_up != none:
          c.cursed_flag = true
          move c to p.face_up
          p.spent += 1
          log "{c} is placed face up: {x} flies the Cursed flag."
    else:
      c.ashore_on = p.home

# Each player adds eight coins worth 15 gold, and may add one unique treasure; all is shuffled
# and dealt face down to the wild islands in turn, four coins each.
# assumed: a unique treasure is dealt with the coins, so two islands may get five pieces.
rule place_treasure() "Place treasure":
  #: Each player, one after the other:
  for each p in players:
    #: Put your eight coins (see the coin values) in the treasure bag; their gold counts in the gold in game.
    for each v in coin_values:
      create 1 coin(v) in treasure_bag
      gold_in_game += v
    #: You may add one unique treasure from the Unique list to the bag.
    p chooses u from keys(unique_list) "Add a unique treasure?" labelled "{u}: {unique_list[u]}" optional "No unique treasure"
    #: -
    if u != none:
      create 1 relic(u) in treasure_bag
  shuffle treasure_bag
  let wilds = [j for j in islands where wild(j)]
  #: -
  let dealt = 0
  #: Deal the treasure bag out face down, one piece at a time, to the wild islands in turn.
  while count(treasure_bag) > 0:
    draw c from treasure_bag
    c.lies_on = wilds[dealt % count(wilds)]
    move c to buried
    dealt += 1

# ---------------------------------------------------------------- a turn: one action per ship
rule turn(p) "A turn":
  #: Every ship that lost her nerve to Fear gets it back, and the hits each Marine ashore has taken are forgotten.
  for each y in ships_afloat:
    y.unnerved = false
  #: -
  for each q in players:
    for each c in q.landed:
      c.hits_taken = 0
  for each x in [y for y in p.fleet where y.scuttling]:
    log "{x} is scuttled."
    sink(x, p)
  #: -
  let offered = []
  #: For each ship in your fleet, in the order she joined it:
  for each x in p.fleet:
    if afloat(x):
      ready(p, x)
      # Free actions, before her action: a scuttle if she is derelict, crew if she is docked.
      if derelict(x) and not x.scuttling:
        scuttle_option(p, x)
        #: -
        offered = offered + [x]
      if docked_at(x) != none:
        crew_at_dock(p, x)
      #: Give her one action ({give_action}): sail (S is 2 hexes, L 3), shoot (a target), explore (a wild island's dock, or a ship beside her), repair (at home), or stand by.
      give_action(p, x)
  for each m in marines_of(p):
    marine_fire(p, m)
  #: At the end of your turn, each of your derelicts that has not yet had the chance to scuttle this turn has it now:
  for each x in [y for y in p.fleet where derelict(y) and not y.scuttling and y not in offered]:
    scuttle_option(p, x)
  #: Fear's hold on your ships ends with this turn.
  for each y in p.fleet:
    y.afraid = false

# Free at a dock, before her action or as soon as she docks: crew go ashore (Marines on any
# island, others at home), come aboard, or change to another of your ships docked at the same island.
# assumed: each crew moves once at each dock.
define ashore_at(p, i) = ([c for c in p.crew_home] if i == p.home else []) + [c for c in p.landed where c.ashore_on == i]
define may_land(c, i, p) = i == p.home or marine in c.keywords
define dock_mates(x) = [y for y in (x.owner).fleet where y != x and docked_at(y) == docked_at(x)]
#: the crew moves open at the dock of {x}
define crew_moves(x, moved) = [] if docked_at(x) == none else [[c, docked_at(x)] for c in crew_on(x) where c not in moved and may_land(c, docked_at(x), x.owner)] + [[c, x] for c in ashore_at(x.owner, docked_at(x)) where c not in moved and fits_aboard(c, x)] + [[c, y] for y in dock_mates(x) for c in crew_on(x) where c not in moved and fits_aboard(c, y)] + [[c, x] for y in dock_mates(x) for c in crew_on(y) where c not in moved and fits_aboard(c, x)]  # at a dock, each crew may move once: from the ship onto the island (only your home island; a Marine onto any island she is docked at, a wild one too), from the island aboard (if she fits), or between her and another of your ships docked at the same island

rule crew_at_dock(p, x) "Crew at a dock":
  #: -
  let moved = []
  #: -
  let going = true
  #: -
  let options = []
  #: Move crew one at a time, each once, until you stop:
  while going:
    #: -
    options = crew_moves(x, moved)
    #: If no crew can move, this ends.
    if count(options) == 0:
      going = false
    else:
      #: Choose one of the crew moves open at this dock (see Crew moves), or leave the crew where they are.
      p chooses m from options "Move a crew at this dock?" labelled "{m[0]} to {m[1]}" optional "Leave the crew where they are"
      #: If you leave them, this ends; otherwise the crew you chose moves ({put_crew}).
      if m == none:
        going = false
      else:
        put_crew(p, m[0], m[1])
        moved = moved + [m[0]]

rule put_crew(p, c, dest) "A crew goes aboard or ashore":
  #: The crew goes aboard the ship, or ashore on the island, you chose for her.
  if piece_type(dest) == "ship":
    move c to crew_zone(c, p)
    c.crew_ship = dest
    c.ashore_on = none
  else:
    c.crew_ship = none
    c.ashore_on = dest
    if dest == p.home:
      move c to p.crew_home
    else:
      move c to p.landed
      log "{c} goes ashore on {dest}."

# Marine: each Marine of the player, aboard or ashore, may fire its own gun once a turn.
rule marine_fire(p, m) "A Marine shoots":
  let foes = marine_targets(m, p)
  #: If an enemy ship or an enemy Marine ashore is in reach of the Marine's gun (see the Marine gun), with a clear line:
  if count(foes) > 0:
    #: Fire the Marine's gun at one of them, or hold fire.
    p chooses t from foes "Fire the gun of {m}" labelled "at {t}" optional "Hold fire"
    if t != none:
      # Fired from a ship, the Marine is face up from now on.
      #: A Marine that fires from a ship is turned face up, and stays so.
      if m.crew_ship != none and not m.gun_shown:
        m.gun_shown = true
        move m to p.face_up
      roll r on d6
      #: If the roll beats the rank of the Marine's gun (a 1 always misses):
      if hits(marine_gun[0], r, 0):
        log "{r}: {m} hits {t}."
        struck(t, p)
      else:
        log "{r}: a miss."

# Scuttle (a free action for a derelict, at any time in your turn: here before her action, or at
# the end of the turn): on a 5 or 6 she sinks at the start of your next turn, and everything
# aboard goes down with her (crew and gold are lost, nobody gains the gold).
# assumed: each derelict is offered one try a turn, before her action (or at the end of the turn
# if she was not derelict then); trying later gains nothing, as she sinks only at your next turn.
rule scuttle_option(p, x) "Scuttle":
  p chooses go from [true] "Scuttle {x}?" labelled "Try to scuttle her" optional "Keep her afloat"
  if go != none:
    roll r on d6
    if r >= 5:
      x.scuttling = true
      log "{r}: {x} will sink at the start of the next turn."

# Decisions taken before each of the player's ships acts (diving, going ghostly: see the keywords).
rule ready(p, x) "Ready a ship":
  #: Nothing, for most ships: a Submarine or Sea Monster chooses to dive or surface, a Ghost Ship to be ghostly or solid, and a ship with Fear frightens enemies nearby (see the powers).
  pass

rule give_action(p, x) "Give a ship an action":
  #: Choose her action and carry it out ({take_action}); with Lt Henry Ducie Chads aboard she may get a second (see the powers).
  take_action(p, x)

rule take_action(p, x) "Carry out one action":
  p chooses a from actions(x) "Give {x} an action" labelled "{a}"
  if a == sail:
    sail_ship(p, x)
  elif a == shoot:
    shoot_with(p, x)
  elif a == broadside:
    broadside_attack(p, x)
  elif a == explore:
    go_exploring(p, x)
  elif a == repair:
    repair_ship(x)

# ---------------------------------------------------------------- moving
rule sail_ship(p, x) "Move":
  let steerer = rival(p) if x.steered_by_rival else p
  let left = docked_at(x)
  x.steered_by_rival = false
  #: You sail her legs ({steer}); after a mutiny, your rival makes this one move for you.
  steer(steerer, x, legs(x))
  #: Leaving a wild island, she leaves your streamer there.
  if left != none and wild(left) and docked_at(x) != left and p not in left.streamers:
    left.streamers = left.streamers + [p]
  after_move(p, x)

# Leg by leg: any direction, up to the leg's length, stopping on touching a ship or an island.
rule steer(q, x, legs_left) "Sail her legs":
  #: -
  let rest = legs_left
  #: -
  let moving = true
  #: -
  let options = []
  let dest = none
  #: -
  let leg = none
  #: Sail the legs one at a time, while legs are left and the ship has not stopped:
  while moving and count(rest) > 0:
    #: The legs open to her are her leg options, for the legs she has still to sail.
    options = leg_options(x, rest)
    #: If no leg can be sailed, the ship stops.
    if count(options) == 0:
      moving = false
    else:
      #: If she lies on an island or a ship (as only a ghostly ship may), she must sail on: choose one of the legs open to her.
      if overlapping(x):
        q chooses leg from options "Sail {x} on: she may not stop on an island or a ship" labelled "{direction_words[leg[0]]} {leg[2]} (of a {leg[1]}-hex leg)"
      #: Otherwise choose one of the legs open to her, or stop here.
      else:
        q chooses leg from options "Sail {x}" labelled "{direction_words[leg[0]]} {leg[2]} (of a {leg[1]}-hex leg)" optional "Stop here"
      #: If you stop here, the move ends.
      if leg == none:
        moving = false
      else:
        #: She sails the hexes you chose of that leg (up to S or L hexes, straight on), and faces that way.
        dest = leg_hexes(x, leg[0], leg[1])[leg[2] - 1]
        #: -
        move x to dest
        #: -
        x.facing = leg[0]
        #: -
        rest = without_one(rest, leg[1])
        #: Touching a ship or an island, she stops (a ghostly ship does not).
        if stops_at(x, dest):
          moving = false
  follow(x)

rule after_move(p, x) "After a move":
  x.ram_made = false
  let i = docked_at(x)
  if i != none:
    dock_at_island(x, i)
    #: If she has a derelict in tow, it docks there too ({dock_at_island}).
    if towing(x) != none:
      dock_at_island(towing(x), i)
    if afloat(x):
      crew_at_dock(p, x)
  if afloat(x):
    ram_option(p, x)
  if afloat(x):
    tow_option(p, x)

# ---------------------------------------------------------------- towing
rule tow_option(p, x) "Tow":
  let wrecks = towable(x)
  if count(wrecks) > 0:
    p chooses d from wrecks "Take a derelict in tow?" labelled "Tow {d}" optional "Do not tow"
    if d != none:
      take_in_tow(x, d)

# The towed ship, with her crew and treasure, joins the towing player's fleet; a scuttle of her fails.
rule take_in_tow(x, d) "Take a derelict in tow":
  #: An enemy derelict joins your fleet ({change_fleet}).
  if d.owner != x.owner:
    change_fleet(d, x.owner)
  #: She now has the derelict in tow.
  d.towed_by = x
  #: A scuttle her old player had rolled for fails.
  d.scuttling = false
  d.pinned_to = none
  log "{x} takes {d} in tow."
  follow(x)

rule change_fleet(d, p) "A ship changes fleets":
  let q = d.owner
  let crew = crew_on(d)
  let gold = gold_on(d)
  let found = relics_on(d)
  #: She leaves her player's fleet and joins yours.
  q.fleet = [y for y in q.fleet where y != d]
  #: -
  p.fleet = p.fleet + [d]
  #: -
  d.owner = p
  #: Her crew, coins and unique treasure come with her, face up or face down as they were; she keeps her own nation and keywords.
  move [c for c in crew where not kept_face_up(c)] to p.aboard
  #: -
  move [c for c in crew where kept_face_up(c)] to p.face_up
  #: -
  move gold to p.hold
  #: -
  move found to p.relics

# The ship in tow follows with her bow at the towing ship's stern (or beside her, if that is taken).
rule follow(x) "The tow follows":
  let d = towing(x)
  #: The ship in tow moves to the hex at the towing ship's stern (or the first free hex beside her), facing her.
  if d != none:
    let spot = stern_hex(x)
    if spot == none or not (empty(spot) or spot == where(d)):
      spot = first([c for c in neighbours(where(x)) where empty(c) or c == where(d)])
    if spot != none:
      if spot != where(d):
        move d to spot
      d.facing = direction_to(spot, where(x))

# Schooner and Galley: after a move she may turn on her stern to face any way.
rule turn_about(p, x) "Turn on her stern":
  #: She turns on her stern to face any side.
  p chooses d from range(0, 5) "Which way does {x} face now?" labelled "{direction_words[d]}"
  #: -
  x.facing = d
  follow(x)

define mystery_roll(x, r) = r

rule dock_at_island(x, i) "Dock":
  #: At her own home island, she unloads her treasure ({unload}); at a wild mysterious island, turn the island face up if it is not already, roll a d6 and apply the island's effect for the roll, from the Mystery table ({mystery_effect}).
  if is_home_of(i, x.owner):
    unload(x)
  elif i.mysterious and wild(i):
    if not i.revealed:
      i.revealed = true
      log "{i} is turned face up."
    roll r on d6
    mystery_effect(x, i, mystery[i.name][mystery_roll(x, r) - 1])
  # Back at an island with her player's streamer, she may explore it at once, free.
  #: If she is back at a wild island where her player's streamer is, and can explore it:
  if wild(i) and (x.owner) in i.streamers and can_explore_island(x) and afloat(x):
    #: Her player may explore it at once, free ({explore_island}).
    (x.owner) chooses again from [true] "Explore {i} now?" labelled "Explore it now" optional "Not now"
    #: -
    if again != none:
      explore_island(x.owner, x)

# Unloading at home is a free action: all the gold aboard goes onto the home island, unique
# treasure with it once it is worth gold.
# assumed: a unique treasure counts what it is worth when unloaded, and no more after that.
rule unload(x) "Unload treasure at home":
  #: -
  let found = [r for r in relics_on(x) where worth(r) > 0]
  #: The worth is the gold of her coins plus what her unique treasure is worth.
  let gold = sum([c.gold for c in gold_on(x)]) + sum([worth(r) for r in found])
  if gold > 0:
    #: Her player adds the worth to their gold at home.
    (x.owner).home_gold += gold
    #: Her coins, and any unique treasure worth gold, go to the box.
    move gold_on(x) to box
    #: -
    move found to box
    log "{x} unloads treasure worth {gold} at home."
    check_winner()

# ---------------------------------------------------------------- mysterious islands
rule mystery_effect(x, i, e) "A mysterious island's effect":
  log "{i}: {effect_words[e]}."
  let p = x.owner
  #: Reef: roll a d6 three times; each roll of 4 or more takes a mast, while she has one ({lose_mast}).
  if e == reef:
    repeat 3 times:
      roll r on d6
      if r >= 4 and x.masts_left > 0:
        lose_mast(x, p)
  #: Squall: she loses a mast, if she has one ({lose_mast}).
  elif e == squall:
    if x.masts_left > 0:
      lose_mast(x, p)
  #: Fresh timber: she gets back a mast she has lost.
  elif e == fresh_timber:
    if x.masts_left < x.masts:
      x.masts_left += 1
  #: Current: you choose an enemy ship that is not below the surface and sail her, as you like, with this ship's base move ({steer}).
  elif e == current:
    let foes = [t for t in enemies(x) where not t.submerged]
    #: You choose an enemy ship that is not below the surface, and sail her with this ship's base move ({steer}).
    if count(foes) > 0:
      p chooses t from foes "The current carries which opposing ship?" labelled "{t}"
      steer(p, t, base_legs(x))
  #: Mutiny: her next move is made by the opponent.
  elif e == mutiny:
    x.steered_by_rival = true
  #: Treasure map: if coins lie buried on the other wild islands and she has free cargo, draw one of them at random and load it aboard her.
  elif e == treasure_map:
    let found = coins_elsewhere(i)
    if count(found) > 0 and free_cargo(x) > 0:
      draw c from found
      move c to p.hold
      c.coin_ship = x
  #: Trade wind: she sails her whole move again at once, every leg of it ({steer}); arriving at home, she unloads ({unload}).
  elif e == trade_wind:
    steer(p, x, legs(x))
    if at_home(x):
      unload(x)
  #: Fever: one of her crew, drawn at random, is lost.
  elif e == fever:
    if count(crew_on(x)) > 0:
      draw c from crew_on(x)
      move c to box
  #: Buried cache: her player gains 1 gold at home, and wins if that is enough ({check_winner}).
  elif e == buried_cache:
    p.home_gold += 1
    check_winner()

# ---------------------------------------------------------------- ramming and boarding
rule ram_option(p, x) "Ram":
  let foes = rammable(x)
  if count(foes) > 0:
    p chooses t from foes "Ram an enemy ship?" labelled "Ram {t}" optional "Do not ram"
    if t != none:
      roll r on d6
      #: If the roll plus her ram bonus is more than the masts her target has left, the ram takes a mast ({rammed}).
      if r + ram_bonus(x) > t.masts_left:
        rammed(t, x)
      else:
        log "{t} shrugs off the ram."
      x.ram_made = true
      # Unless the ram left the enemy derelict, the rammer is pinned.
      #: Hit or miss, unless her target is now derelict, she is pinned against it (see Pinned; the powers name the ships never pinned).
      if not derelict(t) and may_pin(x, t):
        pin(x, t)
      #: Hit or miss, either side may then board ({boarding_option}).
      boarding_option(p, x, t)
      if x.submerged and afloat(x):
        dive_away(p, x, t)

rule pin(x, t) "Pinned":
  x.pinned_to = t
  log "{x} is pinned against {t}."

# Submerged, a Submarine that rams is then moved S away from her target, whatever the result.
rule dive_away(p, x, t) "Dive away":
  #: The spots are the empty hexes S from her and not beside the ship she rammed.
  let spots = [c for c in cells(sea) where empty(c) and distance(where(x), c) == S and distance(c, where(t)) > 1]
  if count(spots) > 0:
    p chooses c from spots "Where does {x} dive to?" labelled "row {c.row + 1}, column {c.col + 1}"
    move x to c

rule rammed(t, rammer) "A ram lands":
  #: The rammed ship loses a mast, if she has one left.
  if t.masts_left > 0:
    log "The ram tears a mast from {t}."
    lose_mast(t, rammer.owner)

# Either player may start one boarding party, the player whose turn it is first. Each rolls a d6
# and adds the masts of their ship; the higher total takes a crew or a coin from the other ship.
#: {t} may be boarded
define may_board(t) = true  # any ship may be boarded after a ram, hit or miss, except a Turtle Ship with shell panels left

rule boarding_option(p, x, t) "Board":
  #: -
  let go = none
  #: If the rammed ship may be boarded (see May board), you may send a boarding party from your ship.
  if may_board(t):
    #: Board the rammed ship?
    p chooses go from [true] "Board {t}?" labelled "Send a boarding party" optional "No boarding party"
  #: If you send one, or else your rival sends one back from the ship you rammed (if your ship may be boarded), it is fought out ({boarding}): each side a d6 + masts left (+ 1 with a Musketeer); the higher takes a crew or a treasure.
  if go != none:
    boarding(x, t)
  elif may_board(x):
    #: Board the rammer from the rammed ship?
    rival(p) chooses back from [true] "Board {x} from {t}?" labelled "Send a boarding party" optional "No boarding party"
    if back != none:
      boarding(x, t)

rule boarding(x, t) "A boarding party":
  #: Each side rolls a d6: the first roll is the boarding ship's, the second the defender's.
  roll a on d6
  #: -
  roll b on d6
  #: The attack is the first roll + the boarding ship's masts left + her boarding bonus.
  let mine = a + x.masts_left + boarding_bonus(x)
  #: The defence is the second roll + the boarded ship's masts left + her boarding bonus.
  let theirs = b + t.masts_left + boarding_bonus(t)
  log "Boarding: {x} {mine} against {t} {theirs}."
  # assumed: a tie ends the fight with nothing taken.
  if mine > theirs:
    #: The boarding ship takes a crew or a treasure from the other ({plunder}).
    plunder(x, t)
  elif theirs > mine:
    #: The defender takes a crew or a treasure from the boarding ship ({plunder}).
    plunder(t, x)

# A Sea Monster takes no crew and cannot carry treasure: a unique treasure it takes is lost.
rule plunder(winner, loser) "The winners take a crew or a treasure":
  let p = winner.owner
  #: The spoils are the crew (none when the winner is a Sea Monster), the coins (if the winner has free cargo) and the unique treasure aboard the loser.
  let spoils = (crew_on(loser) if not has(winner, sea_monster) else []) + (gold_on(loser) if free_cargo(winner) > 0 else []) + relics_on(loser)
  if count(spoils) > 0:
    #: The winning ship's player picks one of the spoils, blind: crew and coins lie face down.
    p chooses prize from spoils "Eliminate a crew or take a treasure from {loser}"
    #: A coin goes to the winner's hold; a unique treasure to the winner's ship (lost, if a Sea Monster takes it); a crew is eliminated ({crew_lost}).
    if piece_type(prize) == "coin":
      move prize to p.hold
      prize.coin_ship = winner
    elif piece_type(prize) == "relic":
      if has(winner, sea_monster):
        move prize to box
        log "{prize} is lost to the deep."
      else:
        move prize to p.relics
        prize.coin_ship = winner
    else:
      crew_lost(prize, p)

# Ransom: a crew with it, eliminated by an opponent, is 1 gold on that opponent's home island.
rule crew_lost(c, p) "A crew is eliminated":
  move c to box
  #: If she has Ransom, the player who eliminated her gains 1 gold at home, and wins if that is enough ({check_winner}).
  if ransom in c.keywords:
    p.home_gold += 1
    log "{c} is ransomed: one gold more on the home island."
    check_winner()

rule hit_marine(n, by) "A Marine ashore is hit":
  #: -
  n.hits_taken += 1
  #: If it is its second hit this turn, it is eliminated ({crew_lost}); a single hit does nothing.
  if n.hits_taken >= 2:
    log "{n} falls."
    crew_lost(n, by)
  else:
    log "{n} holds: a single hit has no effect."

rule struck(t, by) "A hit on a ship or a Marine":
  #: If the target is a Marine ashore:
  if piece_type(t) == "crew":
    hit_marine(t, by)
  else:
    take_hit(t, by)

# ---------------------------------------------------------------- shooting
rule shoot_with(p, x) "Shoot":
  #: For each cannon she still has (one per mast left), in turn:
  for each gun in cannons(x):
    #: -
    let foes = targets(x, gun)
    #: If it has targets (see Targets):
    if count(foes) > 0:
      #: Fire this cannon: choose one of the targets in its range (or hold its fire).
      p chooses t from foes "Fire a cannon of rank {gun[0]}, range {gun[1]}" labelled "at {t}" optional "Hold this cannon's fire"
      #: If you fire, and the target is still in the game:
      if t != none and standing(t):
        roll r on d6
        #: If the roll plus the ship's gun bonus beats the cannon's rank (a 1 always misses, whatever is added):
        if hits(gun[0], r, gun_bonus(x)):
          log "{r}: a hit on {t}."
          struck(t, p)
        else:
          log "{r}: a miss."

#: the targets of a broadside from {x}
define broadside_targets(x) = [t for t in enemies(x) where may_be_shot(t) and distance(where(x), where(t)) <= S and clear_line(x, t)]  # a broadside may be fired at an enemy ship that may be shot, within S and in a clear line (never at a Marine)

# Broadsides Attack: every cannon at range S, one target, one die that must beat every rank.
rule broadside_attack(p, x) "Broadsides attack":
  #: Choose one of her broadside targets (see Broadside targets).
  p chooses t from broadside_targets(x) "Fire a broadside at" labelled "{t}"
  roll r on d6
  #: If the roll beats the rank of every cannon she still has (a 1 always misses):
  if all([hits(gun[0], r, 0) for gun in cannons(x)]):
    log "{r}: every cannon hits, and one more."
    #: The target takes one hit for each cannon the firing ship still has, and one more ({take_hit}).
    repeat count(cannons(x)) + 1 times:
      if afloat(t):
        take_hit(t, p)
  else:
    log "{r}: the broadside misses."

# Each hit takes a mast; a ship with no masts is derelict; a derelict that is hit sinks.
rule take_hit(t, by) "A hit":
  if derelict(t):
    sink(t, by)
  else:
    lose_mast(t, by)
    if derelict(t) and afloat(t):
      log "{t} is derelict."

# A mast is lost, whatever takes it: a hit, a ram, a mysterious island.
rule lose_mast(t, by) "A mast is lost":
  t.masts_left -= 1

# The gold aboard is split: half to her player, the greater half to whoever sank her; crew are lost.
rule sink(t, by) "A ship sinks":
  let p = t.owner
  #: The gold aboard is the total gold of the coins aboard her.
  let total = sum([c.gold for c in gold_on(t)])
  #: If another player sank her, they gain the greater half of the gold aboard, her owner the rest, at home. A ship her own player scuttled takes all her gold down with her.
  if by != p:
    by.home_gold += total - floor(total / 2)
    p.home_gold += floor(total / 2)
  #: Crew, coins and unique treasure aboard go to the box.
  move gold_on(t) to box
  #: -
  move crew_on(t) to box
  #: -
  move relics_on(t) to box
  #: She leaves her fleet and the sea.
  p.fleet = [y for y in p.fleet where y != t]
  #: -
  move t to sunk
  log "{t} sinks."
  check_winner()

# ---------------------------------------------------------------- exploring and repairing
rule go_exploring(p, x) "Explore":
  let places = ([docked_at(x)] if can_explore_island(x) else []) + ships_to_explore(x)
  #: Choose what to explore: the wild island she is docked at (if she can explore it) or a ship beside her she may explore.
  p chooses what from places "Explore what?" labelled "{what}"
  #: An island: take its unique treasure and coins up to her free cargo ({explore_island}); a ship: crew and treasure change ships ({explore_ship}).
  if piece_type(what) == "island":
    explore_island(p, x)
  else:
    explore_ship(p, x, what)

# A unique treasure goes to the first player to explore its island, face up, taking no cargo.
rule explore_island(p, x) "Explore an island":
  let i = docked_at(x)
  #: Take any unique treasure buried there, face up; look at the coins buried there.
  for each r in [c for c in wild_coins(i) where piece_type(c) == "relic"]:
    move r to p.relics
    r.coin_ship = x
    r.lies_on = none
    log "{x} finds {r}: {unique_list[r.name]}."
  #: -
  move [c for c in wild_coins(i) where piece_type(c) == "coin"] to p.looking
  #: Choose any of those coins, whoever put them in the bag, one cargo space each, up to her free cargo.
  p chooses taken from p.looking up to free_cargo(x) costing 1 "Take treasure aboard {x}" labelled "{taken}"
  #: Load the coins you took into your hold; bury the rest again.
  for each c in taken:
    move c to p.hold
    c.coin_ship = x
    c.lies_on = none
  #: -
  move p.looking to buried

rule explore_ship(p, x, y) "Explore a ship":
  #: -
  let moved = []
  #: -
  let going = true
  #: -
  let options = []
  #: Move crew and treasure one at a time, each once, until you stop:
  while going:
    #: -
    options = swaps(x, y, moved)
    #: If nothing can move, the exploring ends.
    if count(options) == 0:
      going = false
    else:
      #: Choose a crew or a treasure aboard either ship to move to the other (from an enemy derelict, only onto your ship), or stop exploring.
      p chooses m from options "Move a crew or a treasure to the other ship?" labelled "{m[0]} to {m[1]}" optional "Stop exploring"
      #: If you stop, the exploring ends; otherwise what you chose changes ships ({shift}).
      if m == none:
        going = false
      else:
        shift(p, m[0], m[1])
        moved = moved + [m[0]]

# Ransom: a crew with it taken onto an enemy ship becomes treasure worth 5 gold to the captors.
rule shift(p, t, dest) "Crew or treasure changes ships":
  #: A Ransom crew moved from an enemy derelict to your ship is captured: her card goes to the box, her 5-gold ransom coin aboard your ship. Other crew, coins and unique treasure go aboard the other ship, for its player.
  if piece_type(t) == "crew":
    if captured(t, dest):
      move t to box
      let ransom_coin = first(ransoms)
      move ransom_coin to p.hold
      ransom_coin.coin_ship = dest
      log "{t} is held for ransom: a treasure worth five gold."
    else:
      put_crew(p, t, dest)
  elif piece_type(t) == "coin":
    move t to p.hold
    t.coin_ship = dest
  else:
    move t to p.relics
    t.coin_ship = dest

rule repair_ship(x) "Repair":
  x.masts_left += 1
  #: She is no longer in tow.
  x.towed_by = none

# ---------------------------------------------------------------- winning
rule check_winner() "Check for a winner":
  #: If a player now has more than half the gold in game at home (see Has won), they win at once.
  for each p in players:
    if has_won(p):
      log "{p.name} has brought home more than half of the gold."
      end game

# ---------------------------------------------------------------- keywords and crew abilities
# Ability text supersedes the rules: each keyword is a power over the rule it changes. A power
# asks has(x, k), which counts a keyword once however many cards aboard carry it, so two
# sources of one ability do not stack. Limit is kept when the fleet is built: a Limit card is
# either the first ship or the one Limit card added at the end.

#: While a Turtle Ship has shell panels left, a hit smashes one of them instead of taking a mast.
power turtle_shell "Turtle Ship: a hit takes a shell panel first" instead of take_hit(t, by) when has(t, turtle_ship) and t.panels > 0:
  t.panels -= 1
  log "A shell panel of {t} is smashed."

#: A derelict can still sail S if she is a Galley or a Turtle Ship, or has an Oarsman of her nation aboard.
power oars "Galley, Turtle Ship, or an oarsman aboard: a derelict can still move S" instead of legs(x) = [S] when derelict(x) and can_sail(x) and (has(x, galley) or has(x, turtle_ship) or has_role(x, oarsman))

#: A ship that is not derelict sails one more leg of S with a Helmsman of her nation aboard (two Helmsmen add no more).
power helm "Helmsman: + S to her base move" adding to legs(x) = [S] when has_role(x, helmsman) and not derelict(x) and can_sail(x)

#: The ship carrying the Storm Compass, unless derelict, sails one more leg of S.
power compass "Storm Compass: + S to the base move of the ship carrying it" adding to legs(x) = [S] when has_relic(x, storm_compass) and not derelict(x) and can_sail(x)

#: A Turtle Ship with shell panels left cannot be boarded.
power shell_repels_boarders "Turtle Ship: can't be boarded while she has shell panels" instead of may_board(t) = false when has(t, turtle_ship) and t.panels > 0

#: After her move a Schooner may turn on her stern ({turn_about}), unless she rammed on that move.
power schooner_turn "Schooner: may turn on her stern after a move, unless she has just rammed" after after_move(p, x) when has(x, schooner) and afloat(x) and not x.ram_made:
  turn_about(p, x)

#: After her move a Galley may turn on her stern ({turn_about}).
power galley_turn "Galley: may turn on her stern after a move" after after_move(p, x) when has(x, galley) and afloat(x):
  turn_about(p, x)

#: A ram never pins when the rammer or her target is a Galley.
power galley_unpinned "Galley: can't pin or be pinned" instead of may_pin(x, t) = false when has(x, galley) or has(t, galley)

#: A ram never pins when the rammer or her target is a Submarine.
power submarine_unpinned "Submarine: can't pin or be pinned" instead of may_pin(x, t) = false when has(x, submarine) or has(t, submarine)

#: A ship that rams while ghostly is never pinned.
power ghost_unpinned "Ghost Ship: a ghostly ship is not pinned" instead of may_pin(x, t) = false when x.ghostly

#: A Submarine neither tows nor is taken in tow, and a Sea Monster never tows.
power no_tow "Submarine: can't tow or be towed; Sea Monster: can't tow" instead of may_tow(x, d) = false when has(x, submarine) or has(d, submarine) or has(x, sea_monster)

#: A Sea Monster touches every hex around it with its bow: it may ram a ship on any of them.
power monster_bow "Sea Monster: rams with any part of it" instead of bow_hexes(x) = neighbours(where(x)) when has(x, sea_monster)

#: When a Sea Monster rams, the ship it rams is held against it instead: that ship cannot sail while they touch, and the monster sails on freely.
power monster_pins "Sea Monster: the ship it rams is pinned, never the monster" instead of pin(x, t) when has(x, sea_monster):
  t.pinned_to = x
  log "{t} is pinned by {x}."

#: A Junk's own masts never block her fire, dead ahead or astern.
power junk_masts "Junk: her own masts do not block her line of fire" instead of own_masts_block(x, c) = false when has(x, junk)

#: When a Galley rams, the ship she rams loses no mast.
power galley_ram "Galley: her ram takes no mast" instead of rammed(t, rammer) when has(rammer, galley):
  log "The galley's ram takes no mast."

#: A Submarine that is rammed loses no mast.
power hull_pieces "Submarine: not damaged when rammed" instead of rammed(t, rammer) when has(t, submarine):
  log "{t} is not damaged by the ram."

#: Before her action, her player decides whether she is below the surface this turn.
power diving "Submarine, Sea Monster: dive or surface before her action" after ready(p, x) when has(x, submarine) or has(x, sea_monster):
  p chooses down from [false, true] "Is {x} submerged this turn?" labelled "submerged" if down else "on the surface"
  x.submerged = down

#: A ship below the surface may only sail or stand by.
power submerged_orders "Submerged: she can only move" instead of actions(x) = [sail, stand_by] when x.submerged

#: A Sea Monster's actions are only sail (if she has legs to sail), shoot (if she can) and stand by.
power monster_orders "Sea Monster: only move and shoot" instead of actions(x) = ([sail] if count(legs(x)) > 0 else []) + ([shoot] if can_shoot(x) else []) + [stand_by] when has(x, sea_monster)

# Whatever takes its last segment (a hit, a ram, a squall, a reef), the monster is gone at once.
#: A Sea Monster that loses its last segment sinks at once ({sink}), however it lost it.
power monster_dies "Sea Monster: eliminated as soon as it has no segments" after lose_mast(t, by) when has(t, sea_monster) and derelict(t) and afloat(t):
  sink(t, by)

#: Before her action, her player decides whether she is ghostly this turn.
power going_ghostly "Ghost Ship: ghostly or not, decided each turn" after ready(p, x) when has(x, ghost_ship):
  p chooses ghost from [false, true] "Is {x} ghostly this turn?" labelled "ghostly" if ghost else "solid"
  x.ghostly = ghost

# A ghostly ship ignores islands and ships when she moves: she sails through them, and touching
# one does not stop her. She may not end her move on one, so she ends a leg on one only when a
# leg still to sail can take her off it.
#: While she is ghostly, islands and ships do not block her legs.
power ghostly_legs "Ghost Ship: a ghostly ship sails through islands and ships" instead of leg_hexes(x, d, n) = path(x, d, n) when x.ghostly

#: While she is ghostly, touching an island or a ship does not stop her.
power ghostly_unstopped "Ghost Ship: touching an island or a ship does not stop a ghostly ship" instead of stops_at(x, c) = false when x.ghostly

#: While she is ghostly, she ends a leg on an island or a ship only if a leg still to sail can take her from there to open sea.
power ghostly_ends "Ghost Ship: a ghostly ship never ends her move on an island or a ship" instead of may_end_leg(x, c, rest) = empty(c) or any([empty(h) for n in rest for d in [0, 1, 2, 3, 4, 5] for h in take(ray(c, d), n)]) when x.ghostly

#: A ship with the keyword Mercenary (Golden Junk, or one with an Ex-patriot aboard) never docks at a home island; the Mercenaries nation alone does not stop her.
power no_home_port "Mercenary: never docks at a home island" instead of may_dock(x, i) = false when has(x, mercenary) and (i == players[0].home or i == players[1].home)

#: A Mercenary ship starts on an empty hex S + 1 hexes from her home island, touching no island or ship.
power mercenary_start "Mercenary: begins the game S away from the home island" instead of start_hexes(x, i) = [c for c in cells(sea) where empty(c) and hex_gap(c, i) == S + 1 and not touches(c, x)] when has(x, mercenary)

#: A ship with Broadsides Attack that is not below the surface, with a cannon left and an enemy within S to fire at, may also fire a broadside ({broadside_attack}).
power broadsides "Broadsides Attack: may fire a broadside" adding to actions(x) = [broadside] when has(x, broadsides_attack) and not x.submerged and count(cannons(x)) > 0 and count(broadside_targets(x)) > 0

#: With a crew who gives a second action (Lt Henry Ducie Chads) aboard a ship of his nation, roll a d6 after her action: on a 5 or 6 she takes another ({take_action}).
power extra_action "Lt Henry Ducie Chads: on a 5 or 6 the ship acts twice" after give_action(p, x) when has_role(x, second_action) and afloat(x):
  roll r on d6
  if r >= 5:
    log "{r}: {x} takes another action."
    take_action(p, x)

#: With an Explorer of her nation aboard, a ship that docks at a wild island she can explore explores it at once, free ({explore_island}).
power explorer_ashore "Explorer: explores a wild island as a free action on docking" after dock_at_island(x, i) when has_role(x, explorer) and can_explore_island(x) and afloat(x):
  explore_island(x.owner, x)

#: While she has a shipwright of her nation aboard, she may repair docked at any island, not only at home.
power shipwright_repairs "Shipwright: repairs docked at any island" instead of repair_here(x) = docked_at(x) != none when has_role(x, shipwright)

#: While an Ex-patriot crew linked to her is aboard, her roll for a mysterious island's effect is 1 more (6 at most).
power ex_patriot_luck "Ex-patriot on its linked ship: + 1 to the roll for effect" instead of mystery_roll(x, r) = min([r + 1, 6]) when any([ex_patriot in c.keywords and c.link == x.name for c in crew_on(x)])

# Fear: a d6 for each enemy ship within S at the start of this ship's turn: on a 5 she has no
# abilities this turn, on a 6 her base move is S on her next turn.
#: As a ship with Fear readies (“Ready a ship”), each enemy within S of her rolls a d6: on a 5 it loses its nerve this turn (no ship or crew abilities), on a 6 its base move is S on its next turn.
power fearsome "Fear: enemies within S may lose their nerve" after ready(p, x) when has(x, fear):
  for each t in [y for y in enemies(x) where distance(where(x), where(y)) <= S]:
    roll r on d6
    if r == 5:
      t.unnerved = true
      log "{t} loses her nerve: none of her ship or crew abilities this turn."
    elif r == 6:
      t.afraid = true
      log "{t} is afraid: her base move is S next turn."

#: A ship held by Fear sails only S as her base move.
power afraid_legs "Afraid: base move S" instead of base_legs(x) = [S] when x.afraid

play:
  rounds until round_number >= round_limit:
    for each p in turn_order:
      turn(p)

#: Your score is your home gold. Docking at home unloads all the gold aboard (free); more than half the gold in game (16 of 30) at home wins at once.
score p: p.home_gold
# Not a rule: how computer players judge a position before anyone wins. Gold at home is
# what wins, so it counts double; gold aboard is on its way there.
progress p: 2 * p.home_gold + sum([c.gold for c in p.hold where piece_type(c) == "coin"])

# ---------------------------------------------------------------- worked examples
# Examples start with the islands in their bag and arrange fleets, islands and treasure in `given`,
# rather than building fleets and placing islands as setup does.
example setup:
  for each k in keys(island_list):
    create 1 island(k) in island_bag
  shuffle island_bag

# Helpers that set a scene: an island from the bag on a hex, a ship from the list at sea.
define bagged(k) = first([i for i in island_bag where i.name == k])
define newest(c) = first([y for y in c where piece_type(y) == "ship"])

rule launch(p, k, c) "Put a ship from the list to sea":
  create 1 ship(k) in c
  let x = newest(c)
  x.owner = p
  p.fleet = p.fleet + [x]

rule sign_on(c, x) "Put a crew aboard":
  hire(x.owner, c)
  let hand = first([d for d in (x.owner).crew_home where d.name == c])
  move hand to (x.owner).aboard
  hand.crew_ship = x

rule keep_relic(u, x) "Put a unique treasure aboard":
  create 1 relic(u) in (x.owner).relics
  let r = first([d for d in (x.owner).relics where d.coin_ship == none])
  r.coin_ship = x

rule bury(v, i) "Bury a coin on an island":
  create 1 coin(v) in buried
  for each c in [d for d in buried where d.lies_on == none]:
    c.lies_on = i

rule stow(v, x) "Put a coin aboard":
  create 1 coin(v) in (x.owner).hold
  let c = first([d for d in (x.owner).hold where d.coin_ship == none])
  c.coin_ship = x

example "a cannon hits on a roll higher than its rank, and a 1 always misses":
  expect:
    hits(3, 4, 0)
    not hits(3, 3, 0)
    hits(3, 3, 1)
    not hits(0, 1, 5)

example "line of fire: an island between blocks it, open sea does not":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 10, 10))
    launch(ann, hms_resolute, at(sea, 10, 7))
    launch(bo, usf_liberty, at(sea, 10, 14))
    launch(bo, us_hawk, at(sea, 7, 7))
  expect:
    not clear_line(first(ann.fleet), first(bo.fleet))
    clear_line(first(ann.fleet), bo.fleet[1])
    targets(first(ann.fleet), [3, l]) == [bo.fleet[1]]
    targets(first(ann.fleet), [3, s]) == []

example "another ship in between blocks the line of fire too":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
    launch(bo, us_hawk, at(sea, 4, 6))
    ann.fleet[0].facing = 0
  expect:
    clear_line(first(ann.fleet), first(bo.fleet))
    not clear_line(first(ann.fleet), bo.fleet[1])

example "a hit takes a mast; derelict at none; hit again she sinks":
  players 2 named ann, bo
  given:
    launch(bo, us_hawk, at(sea, 4, 4))
    sign_on(explorer_eva, first(bo.fleet))
  when:
    take_hit(first(bo.fleet), ann)
  expect:
    derelict(first(bo.fleet))
    legs(first(bo.fleet)) == []
    count(bo.aboard) == 1

example "sunk with 5 gold aboard: 3 to the sinker, 2 to her player":
  players 2 named ann, bo
  given:
    launch(bo, us_hawk, at(sea, 4, 4))
    stow(2, first(bo.fleet))
    stow(3, first(bo.fleet))
    sign_on(explorer_eva, first(bo.fleet))
    bo.fleet[0].masts_left = 0
  when:
    take_hit(first(bo.fleet), ann)
  expect:
    ann.home_gold == 3
    bo.home_gold == 2
    bo.fleet == []
    count(sunk) == 1
    count(bo.aboard) == 0
    count(bo.hold) == 0

example "Turtle Ship: hits smash shell panels before masts":
  players 2 named ann, bo
  given:
    launch(bo, sea_storm, at(sea, 4, 4))
  when:
    take_hit(first(bo.fleet), ann)
    take_hit(first(bo.fleet), ann)
  expect:
    bo.fleet[0].panels == 0
    bo.fleet[0].masts_left == 1

example "Turtle Ship, Galley and an oarsman: a derelict still moves S":
  players 2 named ann, bo
  given:
    launch(bo, sea_storm, at(sea, 4, 4))
    launch(bo, black_gull, at(sea, 8, 8))
    launch(ann, smiling_jim, at(sea, 12, 12))
    sign_on(oarsman_olaf, first(ann.fleet))
    bo.fleet[0].masts_left = 0
    bo.fleet[1].masts_left = 0
    ann.fleet[0].masts_left = 0
  expect:
    legs(bo.fleet[0]) == [S]
    legs(bo.fleet[1]) == [S]
    legs(ann.fleet[0]) == [S]

example "Helmsman: + S on a ship of her nation; two do not stack":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(ann, smiling_jim, at(sea, 8, 8))
    sign_on(helmsman_hale, ann.fleet[0])
    sign_on(helmsman_hale, ann.fleet[1])
    sign_on(deckhand_dan, ann.fleet[1])
    sign_on(deckhand_dan, ann.fleet[1])
  expect:
    legs(ann.fleet[0]) == [S, L, S]
    legs(ann.fleet[1]) == [S, S, S, S]

example "crew limits: cargo space, points, cost-0 crew only with her own nation":
  players 2 named ann, bo
  given:
    launch(ann, us_hawk, at(sea, 4, 4))
    launch(ann, smiling_jim, at(sea, 8, 8))
    create 1 crew(deckhand_dan) in ann.crew_home
    create 1 crew(lt_henry_ducie_chads) in ann.crew_home
    create 1 crew(captain_morgan) in ann.crew_home
  expect:
    not fits_aboard(first([c for c in ann.crew_home where c.name == deckhand_dan]), ann.fleet[0])
    fits_aboard(first([c for c in ann.crew_home where c.name == deckhand_dan]), ann.fleet[1])
    not fits_aboard(first([c for c in ann.crew_home where c.name == lt_henry_ducie_chads]), ann.fleet[0])
    fits_aboard(first([c for c in ann.crew_home where c.name == captain_morgan]), ann.fleet[0])

example "linked crew: a crew on its linked ship gives her one more cargo space":
  players 2 named ann, bo
  given:
    launch(ann, smiling_jim, at(sea, 4, 4))
    sign_on(captain_morgan, ann.fleet[0])
  expect:
    cargo_space(ann.fleet[0]) == 2
    free_cargo(ann.fleet[0]) == 1

example "building a fleet: a first ship, then cards while the points last":
  players 2 named ann, bo
  when:
    build_fleet(ann)
  answers "fathom", "matuku", "hms_thistle", "lt_henry_ducie_chads", "Done", "No Limit card"
  expect:
    count(ann.shipyard) == 3
    count(ann.crew_home) == 1
    sum([x.points for x in ann.shipyard]) + sum([c.points for c in ann.crew_home]) == 35

example "the build total is 40 points unless the players agree on another":
  players 2 named ann, bo
  expect:
    build_total == 40

example "another build total: 60 points agreed, a fleet built to it":
  players 2 named ann, bo
  variants other_build_total
  when:
    agree_build_total(ann)
    build_fleet(ann)
  answers "60 points", "fathom", "matuku", "sea_storm", "hms_resolute", "le_corsaire", "Done", "No Limit card"
  expect:
    build_total == 60
    ann.spent == 55
    count(ann.shipyard) == 5

example "sailing: legs in straight lines, stopping on touching an island":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, hms_resolute, at(sea, 4, 4))
  when:
    steer(ann, first(ann.fleet), legs(first(ann.fleet)))
  answers "east 3 (of a 3-hex leg)", "east 1 (of a 2-hex leg)"
  expect:
    where(first(ann.fleet)) == at(sea, 4, 8)
    docked_at(first(ann.fleet)) == first(placed_islands)

example "exploring an island: look at its coins, take what the cargo holds":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, us_hawk, at(sea, 4, 8))
    create 1 coin(3) in buried
    create 1 coin(1) in buried
    create 1 coin(2) in buried
    for each c in buried:
      c.lies_on = first(placed_islands)
  when:
    explore_island(ann, first(ann.fleet))
  answers "3 gold", "2 gold"
  expect:
    sum([c.gold for c in gold_on(first(ann.fleet))]) == 5
    count(buried) == 1

example "unloading at home: more than half the gold at home wins at once":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    gold_in_game = 30
    ann.home_gold = 12
    launch(ann, us_hawk, at(sea, 4, 8))
    stow(3, first(ann.fleet))
    stow(1, first(ann.fleet))
  when:
    dock_at_island(first(ann.fleet), first(placed_islands))
  expect:
    ann.home_gold == 16
    has_won(ann)

example "a ram that lands tears away a mast; a winning boarding party takes a coin":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, us_hawk, at(sea, 4, 5))
    stow(2, first(bo.fleet))
  when:
    rammed(first(bo.fleet), first(ann.fleet))
    plunder(first(ann.fleet), first(bo.fleet))
  expect:
    derelict(first(bo.fleet))
    count(gold_on(first(ann.fleet))) == 1
    count(gold_on(first(bo.fleet))) == 0

example "Galley rams take no mast; a Submarine is not damaged by a ram":
  players 2 named ann, bo
  given:
    launch(ann, black_gull, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
    launch(bo, fathom, at(sea, 8, 8))
  when:
    rammed(first(bo.fleet), first(ann.fleet))
    rammed(bo.fleet[1], first(ann.fleet))
  expect:
    bo.fleet[0].masts_left == 2
    bo.fleet[1].masts_left == 3

example "Submarine: submerged she can only move and cannot be shot":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, fathom, at(sea, 4, 6))
    bo.fleet[0].submerged = true
  expect:
    actions(bo.fleet[0]) == [sail, stand_by]
    targets(first(ann.fleet), [3, s]) == []

example "Ghost Ship: through an island, but her last leg not ending on it":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 6))
    launch(ann, la_brume, at(sea, 4, 4))
    ann.fleet[0].ghostly = true
  expect:
    leg_hexes(ann.fleet[0], 1, 3) == [at(sea, 4, 5), at(sea, 4, 6), at(sea, 4, 7)]
    [1, 3, 3] not in leg_options(ann.fleet[0], [3])
    [1, 3, 2] not in leg_options(ann.fleet[0], [3])
    [1, 3, 1] in leg_options(ann.fleet[0], [3])
    [1, 3, 3] in leg_options(ann.fleet[0], [S, 3])
    not may_dock(ann.fleet[0], first(placed_islands))

example "Ghost Ship: ships and islands in her way neither block nor stop her":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 6))
    launch(ann, la_brume, at(sea, 4, 4))
    launch(bo, us_hawk, at(sea, 4, 5))
    ann.fleet[0].ghostly = true
  when:
    steer(ann, ann.fleet[0], legs(ann.fleet[0]))
  answers "east 3 (of a 3-hex leg)", "east 2 (of a 2-hex leg)"
  expect:
    where(ann.fleet[0]) == at(sea, 4, 9)
    not stops_at(ann.fleet[0], at(sea, 4, 8))
    stops_at(bo.fleet[0], at(sea, 4, 8))

example "Ghost Ship: a solid ship is stopped where she touches a ship":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 6))
    launch(ann, la_brume, at(sea, 4, 2))
    launch(bo, us_hawk, at(sea, 4, 5))
  when:
    steer(ann, ann.fleet[0], legs(ann.fleet[0]))
  answers "east 2 (of a 3-hex leg)"
  expect:
    where(ann.fleet[0]) == at(sea, 4, 4)

example "Mercenary: never docks at a home island":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    launch(ann, golden_junk, at(sea, 4, 8))
  expect:
    docked_at(first(ann.fleet)) == none
    not at_home(first(ann.fleet))

example "Ex-patriot: any ship she joins becomes a Mercenary":
  players 2 named ann, bo
  given:
    launch(ann, usf_liberty, at(sea, 4, 4))
    sign_on(jack_of_all_flags, first(ann.fleet))
  expect:
    has(first(ann.fleet), mercenary)
    has(first(ann.fleet), ex_patriot)

example "Broadsides Attack adds an action when an enemy is within S":
  players 2 named ann, bo
  given:
    launch(ann, san_isidro, at(sea, 4, 4))
    launch(bo, us_hawk, at(sea, 4, 6))
    ann.fleet[0].facing = 0
  expect:
    broadside in actions(first(ann.fleet))
    shoot in actions(first(ann.fleet))

example "Mystery: a squall takes a mast, fresh timber gives one back":
  players 2 named ann, bo
  given:
    put_island(bagged(isle_c), at(sea, 4, 9))
    launch(ann, hms_resolute, at(sea, 4, 8))
  when:
    mystery_effect(first(ann.fleet), first(placed_islands), squall)
  expect:
    first(ann.fleet).masts_left == 2

example "mutiny: her next move is made by the opponent":
  players 2 named ann, bo
  given:
    put_island(bagged(isle_b), at(sea, 4, 9))
    launch(ann, us_hawk, at(sea, 4, 8))
  when:
    mystery_effect(first(ann.fleet), first(placed_islands), mutiny)
  expect:
    first(ann.fleet).steered_by_rival

example "scuttled: she sinks at the start of her next turn, gold and all":
  players 2 named ann, bo
  given:
    launch(ann, us_hawk, at(sea, 4, 4))
    stow(3, first(ann.fleet))
    ann.fleet[0].masts_left = 0
    ann.fleet[0].scuttling = true
  when:
    turn(ann)
  expect:
    ann.fleet == []
    ann.home_gold == 0
    bo.home_gold == 0
    count(sunk) == 1

example "a derelict tries to scuttle first, then sends her gold to a ship beside her":
  players 2 named ann, bo
  seed 6
  given:
    launch(ann, us_hawk, at(sea, 4, 4))
    launch(ann, usf_liberty, at(sea, 4, 5))
    stow(3, ann.fleet[0])
    ann.fleet[0].masts_left = 0
  when:
    turn(ann)
  answers "Try to scuttle her", "explore", "3 gold to usf liberty", "stand by"
  expect:
    ann.fleet[0].scuttling
    count(gold_on(ann.fleet[0])) == 0
    count(gold_on(ann.fleet[1])) == 1

example "Ransom crew eliminated in a boarding: 1 gold to the winners":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, san_isidro, at(sea, 4, 5))
    sign_on(governors_daughter, first(bo.fleet))
  when:
    plunder(first(ann.fleet), first(bo.fleet))
  expect:
    ann.home_gold == 1
    count(bo.aboard) == 0

example "Sea Monster: only moves and shoots; gone with its last segment":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, the_kraken, at(sea, 8, 8))
    bo.fleet[0].masts_left = 1
  when:
    take_hit(first(bo.fleet), ann)
  expect:
    bo.fleet == []
    count(sunk) == 1

example "Sea Monster: gone at once when a ram or squall takes its last segment":
  players 2 named ann, bo
  given:
    put_island(bagged(isle_c), at(sea, 12, 12))
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, the_kraken, at(sea, 12, 11))
    launch(bo, the_kraken, at(sea, 4, 5))
    bo.fleet[0].masts_left = 1
    bo.fleet[1].masts_left = 1
  when:
    rammed(bo.fleet[1], ann.fleet[0])
    mystery_effect(bo.fleet[0], first(placed_islands), squall)
  expect:
    bo.fleet == []
    count(sunk) == 2

example "Sea Monster: no exploring or repairing among its actions":
  players 2 named ann, bo
  given:
    launch(bo, the_kraken, at(sea, 8, 8))
  expect:
    actions(first(bo.fleet)) == [sail, stand_by]

example "Fear: an afraid ship's base move is S":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    ann.fleet[0].afraid = true
  expect:
    legs(first(ann.fleet)) == [S]

example "Fear, a 6 in the Fear ship's turn: the target moves S in her own next turn":
  players 2 named ann, bo
  seed 6
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, el_dragon, at(sea, 4, 6))
  when:
    turn(bo)
  answers "stand by"
  expect:
    ann.fleet[0].afraid
    legs(ann.fleet[0]) == [S]

example "Fear, a 6: move S next turn, then whole again":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    ann.fleet[0].afraid = true
  when:
    turn(ann)
  answers "stand by"
  expect:
    not ann.fleet[0].afraid
    legs(ann.fleet[0]) == [S, L]

example "a ship keeps her own keywords, and a helmsman of her nation adds S":
  players 2 named ann, bo
  given:
    launch(ann, hms_thistle, at(sea, 4, 4))
    sign_on(helmsman_hale, first(ann.fleet))
  expect:
    keywords_of(first(ann.fleet)) == [schooner]
    has_role(first(ann.fleet), helmsman)
    legs(first(ann.fleet)) == [S, S, S]

example "a ram pins the rammer: she cannot sail, and the two cannot ram again":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
    bo.fleet[0].facing = 4
  when:
    pin(ann.fleet[0], bo.fleet[0])
  expect:
    bow_touches(ann.fleet[0], bo.fleet[0])
    bow_touches(bo.fleet[0], ann.fleet[0])
    pinned(ann.fleet[0])
    not pinned(bo.fleet[0])
    legs(ann.fleet[0]) == []
    legs(bo.fleet[0]) == [S, L]
    rammable(bo.fleet[0]) == []

example "a pinned ship is free again once the ship she rammed is derelict":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
    pin(ann.fleet[0], bo.fleet[0])
  when:
    bo.fleet[0].masts_left = 0
  expect:
    not pinned(ann.fleet[0])
    legs(ann.fleet[0]) == [S, L]

example "Galley: turns on her stern, her ram takes no mast, never pinned":
  players 2 named ann, bo
  given:
    launch(ann, black_gull, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
  when:
    after_move(ann, ann.fleet[0])
  answers "Ram usf liberty", "No boarding party", "No boarding party", "west"
  expect:
    bo.fleet[0].masts_left == 2
    not pinned(ann.fleet[0])
    ann.fleet[0].facing == 4
    not bow_touches(ann.fleet[0], bo.fleet[0])

example "Schooner: she may turn on her stern after a move":
  players 2 named ann, bo
  given:
    launch(ann, matuku, at(sea, 4, 4))
  when:
    after_move(ann, ann.fleet[0])
  answers "south-west"
  expect:
    ann.fleet[0].facing == 3

example "Schooner: not after she has rammed, and then she is pinned":
  players 2 named ann, bo
  given:
    launch(ann, matuku, at(sea, 4, 4))
    launch(bo, usf_liberty, at(sea, 4, 5))
  when:
    after_move(ann, ann.fleet[0])
  answers "Ram usf liberty", "No boarding party", "No boarding party"
  expect:
    ann.fleet[0].facing == 1
    ann.fleet[0].ram_made
    pinned(ann.fleet[0])

example "Sea Monster: rams with any part; its target is pinned, not it":
  players 2 named ann, bo
  given:
    launch(bo, the_kraken, at(sea, 4, 4))
    launch(ann, usf_liberty, at(sea, 4, 3))
  when:
    pin(bo.fleet[0], ann.fleet[0])
  expect:
    bow_touches(bo.fleet[0], ann.fleet[0])
    pinned(ann.fleet[0])
    not pinned(bo.fleet[0])
    legs(ann.fleet[0]) == []

example "Galley and Submarine never pin; a Submarine never tows":
  players 2 named ann, bo
  given:
    launch(ann, black_gull, at(sea, 4, 4))
    launch(bo, fathom, at(sea, 4, 5))
    launch(bo, usf_liberty, at(sea, 8, 8))
  expect:
    not may_pin(ann.fleet[0], bo.fleet[1])
    not may_pin(bo.fleet[1], ann.fleet[0])
    not may_pin(bo.fleet[0], bo.fleet[1])
    may_pin(bo.fleet[1], bo.fleet[1])
    not may_tow(bo.fleet[0], ann.fleet[0])
    not may_tow(bo.fleet[1], bo.fleet[0])

example "a derelict taken in tow joins her fleet, crew and gold; her scuttle fails":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 6))
    launch(bo, us_hawk, at(sea, 4, 5))
    stow(2, bo.fleet[0])
    sign_on(explorer_eva, bo.fleet[0])
    bo.fleet[0].masts_left = 0
    bo.fleet[0].scuttling = true
  when:
    tow_option(ann, ann.fleet[0])
  answers "Tow us hawk"
  expect:
    bo.fleet == []
    count(ann.fleet) == 2
    ann.fleet[1].towed_by == ann.fleet[0]
    in_tow(ann.fleet[1])
    count(gold_on(ann.fleet[1])) == 1
    count(crew_on(ann.fleet[1])) == 1
    not ann.fleet[1].scuttling
    legs(ann.fleet[0]) == [S]
    legs(ann.fleet[1]) == []
    where(ann.fleet[1]) == stern_hex(ann.fleet[0])

example "the tow follows astern and docks with her: at home her gold is unloaded":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    launch(ann, hms_resolute, at(sea, 4, 6))
    launch(bo, us_hawk, at(sea, 4, 5))
    stow(2, bo.fleet[0])
    bo.fleet[0].masts_left = 0
    take_in_tow(ann.fleet[0], bo.fleet[0])
  when:
    sail_ship(ann, ann.fleet[0])
  answers "east 2 (of a 2-hex leg)"
  expect:
    where(ann.fleet[0]) == at(sea, 4, 8)
    where(ann.fleet[1]) == at(sea, 4, 7)
    docked_at(ann.fleet[1]) == ann.home
    ann.home_gold == 2
    repair_here(ann.fleet[1])

example "her own masts block fire dead ahead and astern, not a Junk's":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(ann, golden_junk, at(sea, 8, 4))
    launch(bo, us_hawk, at(sea, 4, 6))
    launch(bo, usf_liberty, at(sea, 8, 6))
  expect:
    not clear_line(ann.fleet[0], bo.fleet[0])
    clear_line(ann.fleet[1], bo.fleet[1])
    targets(ann.fleet[1], [3, s]) == [bo.fleet[1]]

example "at a dock, crew change ships and board from home, free":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    launch(ann, hms_resolute, at(sea, 4, 8))
    launch(ann, usf_liberty, at(sea, 4, 11))
    sign_on(helmsman_hale, ann.fleet[0])
    create 1 crew(explorer_eva) in ann.crew_home
  when:
    crew_at_dock(ann, ann.fleet[0])
  answers "helmsman hale to usf liberty", "explorer eva to hms resolute"
  expect:
    [c.name for c in crew_on(ann.fleet[1])] == [helmsman_hale]
    [c.name for c in crew_on(ann.fleet[0])] == [explorer_eva]
    count(ann.crew_home) == 0
    not has_role(ann.fleet[1], helmsman)

example "a helmsman who boards at home before her action adds S at once":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    launch(ann, hms_resolute, at(sea, 4, 8))
    create 1 crew(helmsman_hale) in ann.crew_home
  when:
    turn(ann)
  answers "helmsman hale to hms resolute", "sail", "west 3 (of a 3-hex leg)", "west 2 (of a 2-hex leg)", "west 2 (of a 2-hex leg)"
  expect:
    where(ann.fleet[0]) == at(sea, 4, 1)
    [c.name for c in crew_on(ann.fleet[0])] == [helmsman_hale]

example "at a dock, crew go ashore as soon as she docks in her move":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    launch(ann, hms_resolute, at(sea, 4, 4))
    sign_on(explorer_eva, ann.fleet[0])
  when:
    sail_ship(ann, ann.fleet[0])
  answers "east 3 (of a 3-hex leg)", "east 1 (of a 2-hex leg)", "explorer eva to island home rock"
  expect:
    where(ann.fleet[0]) == at(sea, 4, 8)
    [c.name for c in ann.crew_home] == [explorer_eva]

example "exploring an allied ship beside her: crew and treasure change ships":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(ann, usf_liberty, at(sea, 4, 5))
    stow(2, ann.fleet[0])
    sign_on(cannoneer_cole, ann.fleet[0])
  when:
    go_exploring(ann, ann.fleet[1])
  answers "2 gold to usf liberty", "cannoneer cole to usf liberty"
  expect:
    explore in actions(ann.fleet[0])
    count(gold_on(ann.fleet[1])) == 1
    count(crew_on(ann.fleet[1])) == 1
    count(crew_on(ann.fleet[0])) == 0

example "Ransom crew taken from an enemy derelict: 5 gold treasure":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 4))
    launch(bo, san_isidro, at(sea, 4, 5))
    sign_on(governors_daughter, bo.fleet[0])
    bo.fleet[0].masts_left = 0
  when:
    go_exploring(ann, ann.fleet[0])
  answers 1
  expect:
    sum([c.gold for c in gold_on(ann.fleet[0])]) == 5
    count(bo.aboard) == 0

example "a streamer: a ship leaving a wild island marks it explored":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, us_hawk, at(sea, 4, 8))
  when:
    sail_ship(ann, ann.fleet[0])
  answers "west 2 (of a 3-hex leg)", "Stop here"
  expect:
    first(placed_islands).streamers == [ann]

example "back at an island with her streamer, she may explore it free":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, us_hawk, at(sea, 4, 8))
    bury(3, first(placed_islands))
    first(placed_islands).streamers = [ann]
  when:
    dock_at_island(ann.fleet[0], first(placed_islands))
  answers "Explore it now", "3 gold"
  expect:
    sum([c.gold for c in gold_on(ann.fleet[0])]) == 3

example "unique treasure: the first explorer takes it face up, no cargo":
  players 2 named ann, bo
  given:
    put_island(bagged(isle_a), at(sea, 4, 9))
    launch(ann, us_hawk, at(sea, 4, 8))
    stow(1, ann.fleet[0])
    stow(1, ann.fleet[0])
    create 1 relic(idol_of_the_sun) in buried
    for each r in buried:
      r.lies_on = first(placed_islands)
  when:
    explore_island(ann, ann.fleet[0])
  expect:
    count(relics_on(ann.fleet[0])) == 1
    free_cargo(ann.fleet[0]) == 0
    count(buried) == 0
    worth(first(ann.relics)) == 0

example "the Idol of the Sun: a gold per mysterious island face up, unloaded at home":
  players 2 named ann, bo
  given:
    put_island(bagged(home_rock), at(sea, 4, 9))
    ann.home = first(placed_islands)
    put_island(bagged(isle_b), at(sea, 12, 12))
    placed_islands[1].revealed = true
    launch(ann, us_hawk, at(sea, 4, 8))
    keep_relic(idol_of_the_sun, ann.fleet[0])
  when:
    dock_at_island(ann.fleet[0], ann.home)
  expect:
    ann.home_gold == 1
    count(ann.relics) == 0

example "unique treasure sinks with her ship; the Storm Compass adds S to her move":
  players 2 named ann, bo
  given:
    launch(ann, us_hawk, at(sea, 4, 4))
    launch(ann, usf_liberty, at(sea, 8, 8))
    keep_relic(storm_compass, ann.fleet[1])
    keep_relic(idol_of_the_sun, ann.fleet[0])
    ann.fleet[0].masts_left = 0
  when:
    take_hit(ann.fleet[0], bo)
  expect:
    [r.name for r in ann.relics] == [storm_compass]
    legs(ann.fleet[0]) == [S, L, S]

example "Black Mark face up: the Cursed flag, 1 point more, other crew silenced":
  players 2 named ann, bo
  given:
    launch(ann, hms_thistle, at(sea, 4, 4))
    create 1 crew(cursed_bosun) in ann.crew_home
    create 1 crew(helmsman_hale) in ann.crew_home
    ann.spent = 9
  when:
    place_crew(ann)
  answers "hms thistle", "Fly the Cursed flag", "hms thistle"
  expect:
    flag_of(ann.fleet[0]) == cursed
    crew_cost(first([c for c in crew_on(ann.fleet[0]) where c.cursed_flag])) == 2
    ann.spent == 10
    not has_role(ann.fleet[0], helmsman)
    legs(ann.fleet[0]) == [S, S]
    count(ann.face_up) == 1
    count(ann.aboard) == 1

example "Marine: once it has fired from its ship it is face up, as is a Cursed flag":
  players 2 named ann, bo
  given:
    launch(ann, hms_resolute, at(sea, 4, 8))
    sign_on(royal_marine, ann.fleet[0])
    launch(bo, us_hawk, at(sea, 4, 10))
  when:
    marine_fire(ann, first(ann.aboard))
  answers "at us hawk"
  expect:
    count(ann.aboard) == 0
    first(ann.face_up).gun_shown
    count(crew_on(ann.fleet[0])) == 1

example "Marine ashore on a wild island: it fires from there and may be shot":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, hms_resolute, at(sea, 4, 8))
    sign_on(royal_marine, ann.fleet[0])
    launch(bo, us_hawk, at(sea, 4, 12))
  when:
    crew_at_dock(ann, ann.fleet[0])
  answers "royal marine to island palm key"
  expect:
    first(ann.landed).ashore_on == first(placed_islands)
    marine_targets(first(ann.landed), ann) == [bo.fleet[0]]
    targets(bo.fleet[0], [2, s]) == [first(ann.landed)]

example "Marine ashore: one hit does nothing, a second that turn kills":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, hms_resolute, at(sea, 4, 8))
    sign_on(royal_marine, ann.fleet[0])
    put_crew(ann, first(ann.aboard), first(placed_islands))
  when:
    struck(first(ann.landed), bo)
  expect:
    count(ann.landed) == 1
    first(ann.landed).hits_taken == 1

example "Marine ashore: two hits in one turn":
  players 2 named ann, bo
  given:
    put_island(bagged(palm_key), at(sea, 4, 9))
    launch(ann, hms_resolute, at(sea, 4, 8))
    sign_on(royal_marine, ann.fleet[0])
    put_crew(ann, first(ann.aboard), first(placed_islands))
  when:
    struck(first(ann.landed), bo)
    struck(first(ann.landed), bo)
  expect:
    count(ann.landed) == 0

example "Fear, a 5: no abilities this turn, so no Turtle Ship shell":
  players 2 named ann, bo
  given:
    launch(bo, sea_storm, at(sea, 4, 4))
    bo.fleet[0].unnerved = true
  when:
    take_hit(bo.fleet[0], ann)
  expect:
    not has(bo.fleet[0], turtle_ship)
    bo.fleet[0].panels == 2
    derelict(bo.fleet[0])

example "Limit: with a Limit ship first, no other Limit card is offered":
  players 2 named ann, bo
  when:
    build_fleet(ann)
  answers "la_brume", "smiling_jim", "captain_morgan", "Done"
  expect:
    count(ann.shipyard) == 2
    [c.name for c in ann.crew_home] == [captain_morgan]
    ann.spent == 24

example "Limit: one Limit card may be added at the end, when the first ship has none":
  players 2 named ann, bo
  when:
    build_fleet(ann)
  answers "black_gull", "smiling_jim", "Done", "dread_captain_ned"
  expect:
    [c.name for c in ann.crew_home] == [dread_captain_ned]
    ann.spent == 16

example "Ex-patriot: her ship is Mercenary, her old nation's crew silenced":
  players 2 named ann, bo
  given:
    launch(ann, usf_liberty, at(sea, 4, 4))
    launch(ann, us_hawk, at(sea, 8, 8))
    sign_on(shipwright_sam, ann.fleet[0])
    sign_on(shipwright_sam, ann.fleet[1])
    sign_on(jack_of_all_flags, ann.fleet[1])
  expect:
    flag_of(ann.fleet[0]) == america
    has_role(ann.fleet[0], shipwright)
    flag_of(ann.fleet[1]) == mercenaries
    not has_role(ann.fleet[1], shipwright)

example "Ex-patriot on her linked ship: + 1 to the Mystery roll":
  players 2 named ann, bo
  given:
    launch(ann, golden_junk, at(sea, 4, 4))
    sign_on(jack_of_all_flags, ann.fleet[0])
  expect:
    mystery_roll(ann.fleet[0], 4) == 5
    mystery_roll(ann.fleet[0], 6) == 6

example "Submarine: submerged, she dives S away after a ram":
  players 2 named ann, bo
  given:
    launch(bo, fathom, at(sea, 4, 4))
    launch(ann, usf_liberty, at(sea, 4, 5))
    bo.fleet[0].submerged = true
  when:
    dive_away(bo, bo.fleet[0], ann.fleet[0])
  answers 1
  expect:
    distance(bo.fleet[0], at(sea, 4, 4)) == S
    distance(bo.fleet[0], ann.fleet[0]) > 1
