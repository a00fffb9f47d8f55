# Race Track: a sketch of a Jamaica-style race with today's constructs.
#
# pirdsl has no track graphs yet, so the track is a one-row grid (one cell per
# space, with layers for the kind of space and its cost) and its forks are two
# tables: the spaces after each space, and the spaces before it. The sketch shows
# holds as a list of per-player zones, a captain who rolls two dice and gives one
# to the morning and one to the evening, cards with two actions, costs by kind of
# space, a shortage die, combat with gunpowder and a star face, a treasure whose
# power changes a rule, and an automa whose choices the captain makes.
# It is much shorter than the real game: not a published game.

game "Race Track":
  players 2 to 4
  overview "Race round the island; the captain's dice say how far everyone sails or how much they load."
  goal "Finish with the most doubloons and the best place on the track."

# ---------------------------------------------------------------- components

kind action: forward, backward, gold, food, powder
kind space: port_royal, sea, port, lair
kind treasure_name: morgans_map, lady_beth, chest

piece action_card(morning, evening) labelled "{morning} / {evening}"
piece goods(kind) labelled "{kind}"
piece treasure_card(name, points) labelled "{name}"
piece boat(owner) labelled "{owner.name}"

zone draw_pile per player hidden
zone hand per player owner
zone played per player hidden
zone discard per player
zone hold_1 per player
zone hold_2 per player
zone hold_3 per player
zone treasures per player owner
zone bank
zone treasure_deck hidden

#: track column
var pos per player = 0             # the column of the track the ship is on
var captain = none
var morning_die = 0
var evening_die = 0
var finishing = false             # a ship has reached Port Royal: last round
var arrived per player = false
var firepower per player = 0

automa ghost "Ghost Ship" when player_count == 2

# ---------------------------------------------------------------- the board

board track: grid 1 by 13
  layer kind:
    "R S P S L S P S S L P S S"
  legend kind: "R" = port_royal, "S" = sea, "P" = port, "L" = lair
  layer cost:
    "0 1 2 2 0 1 3 3 1 0 2 2 1"
  # assumed: end-of-game points printed on the spaces.
  layer points:
    "15 -5 -5 -5 -5 -5 -5 -5 2 3 4 5 6"

# After space 3 the track forks: an outer lane (4, 5, 6) or a short, dear
# channel (7); both meet again at 8. After 12 comes Port Royal, the finish.
table next_spaces:
  0  -> [1]
  1  -> [2]
  2  -> [3]
  3  -> [4, 7]
  4  -> [5]
  5  -> [6]
  6  -> [8]
  7  -> [8]
  8  -> [9]
  9  -> [10]
  10 -> [11]
  11 -> [12]
  12 -> [0]

# assumed: a ship at Port Royal cannot sail further back.
table previous_spaces:
  0  -> [0]
  1  -> [0]
  2  -> [1]
  3  -> [2]
  4  -> [3]
  5  -> [4]
  6  -> [5]
  7  -> [3]
  8  -> [6, 7]
  9  -> [8]
  10 -> [9]
  11 -> [10]
  12 -> [11]

define space_at(n) = at(track, 0, n)
define boat_of(p) = first([b for b in all_pieces(cells(track)) where b.owner == p])
define bank_of(k) = [g for g in bank where g.kind == k]
define holds(p) = [p.hold_1, p.hold_2, p.hold_3]
define stock(p, k) = [g for g in all_pieces(holds(p)) where g.kind == k]
define has_power(p, name) = any([t.name == name for t in p.treasures])
define hand_size(p) = 4 if has_power(p, morgans_map) else 3
define combat_bonus(p) = 2 if has_power(p, lady_beth) else 0
define star_power = 1000
define humans = [p for p in players where not automa(p)]
define captain_first = [humans[(index_of(humans, captain) + i) % count(humans)] for i in indices(humans)]

# ---------------------------------------------------------------- tables

die d6: 1, 2, 3, 4, 5, 6
die combat_die: 2, 4, 6, 8, 10, star
# assumed: how many faces of each symbol the shortage die has.
die shortage_die: port, port, sea, sea, lair, star

# The eleven action cards of every colour, as [morning, evening].
define cards = [[forward, backward], [backward, forward], [gold, gold], [powder, gold],
                [powder, food], [food, powder], [forward, food], [food, forward],
                [forward, forward], [forward, powder], [gold, forward]]

# ---------------------------------------------------------------- setup

setup:
  create 30 goods(gold) in bank
  create 30 goods(food) in bank
  create 30 goods(powder) in bank
  create 1 treasure_card(morgans_map, 0) in treasure_deck
  create 1 treasure_card(lady_beth, 0) in treasure_deck
  create 2 treasure_card(chest, 5) in treasure_deck
  for each p in players:
    create 1 boat(p) in space_at(0)
    for each c in cards:
      create 1 action_card(c[0], c[1]) in p.draw_pile
    move take(bank_of(gold), 3) to p.hold_1
    move take(bank_of(food), 3) to p.hold_2
    refill(p)
  draw first_captain from humans
  captain = first_captain

# ---------------------------------------------------------------- play

play:
  rounds until finishing:
    phase "Dice roll":
      roll a on d6
      roll b on d6
      captain chooses plan from distinct([[a, b], [b, a]]) "Place the dice" labelled "morning {plan[0]}, evening {plan[1]}"
      morning_die = plan[0]
      evening_die = plan[1]
    phase "Card choice":
      for each p in humans simultaneously:
        p chooses c from p.hand "Choose the card you play"
        move c to p.played
    phase "Actions":
      for each p in captain_first:
        let card = top(p.played)
        log "{p.name} plays {card}."
        act(p, card.morning, morning_die)
        act(p, card.evening, evening_die)
        move p.played to p.discard
      if ghost != none:
        ghost_moves(morning_die)
        ghost_moves(evening_die)
    phase "End of round":
      for each p in humans:
        refill(p)
      captain = captain_first[1 % count(humans)]

rule refill(p) "Draw back up to your hand size, reshuffling the discards when needed":
  while count(p.hand) < hand_size(p) and count(p.draw_pile) + count(p.discard) > 0:
    if count(p.draw_pile) == 0:
      move p.discard to p.draw_pile
    draw c from p.draw_pile
    move c to p.hand

rule act(p, what, n) "Carry out one action of a card":
  if p.arrived:
    return
  if what == forward or what == backward:
    sail(p, what, n)
    land(p)
  else:
    load(p, what, n)

rule sail(p, direction, n) "Move the ship, choosing the way at forks":
  repeat n times:
    let ways = next_spaces[p.pos] if direction == forward else previous_spaces[p.pos]
    p chooses way from ways "Which way?" labelled "space {way}"
    if direction == forward and way == 0:
      p.pos = 0
      p.arrived = true
      finishing = true
      move boat_of(p) to space_at(0)
      log "{p.name} reaches Port Royal."
      return
    p.pos = way
  move boat_of(p) to space_at(p.pos)

rule land(p) "Fight, then pay for the space the ship stops on":
  let here = space_at(p.pos)
  #: The rivals are the other ships on your space.
  let rivals = [q for q in players where q != p and q.pos == p.pos]
  if here.kind != port_royal and count(rivals) > 0:
    p chooses foe from rivals "Attack which ship?"
    battle(p, foe)
  if here.kind == lair:
    # Simplified: every visit to a lair finds a treasure while any are left.
    if count(treasure_deck) > 0:
      draw t from treasure_deck
      move t to p.treasures
  elif here.kind == port:
    pay(p, gold, here.cost)
  elif here.kind == sea:
    pay(p, food, here.cost)

rule pay(p, k, cost) "Pay a cost; a shortage sends the ship back":
  let have = stock(p, k)
  move take(have, cost) to bank
  if count(have) < cost:
    roll fallback on shortage_die
    log "{p.name} cannot pay: shortage ({fallback})."
    if fallback != star:
      while p.pos != 0 and space_at(p.pos).kind != fallback:
        p.pos = first(previous_spaces[p.pos])
      move boat_of(p) to space_at(p.pos)

rule load(p, k, n) "Load goods into an empty hold, emptying one if needed":
  #: The open holds are your empty holds.
  let open = [h for h in holds(p) where empty(h)]
  if count(open) == 0:
    let others = [h for h in holds(p) where first(h).kind != k]
    if count(others) == 0:
      return
    p chooses dump from others "Empty which hold?" labelled "{first(dump).kind} x{count(dump)}"
    move dump to bank
    open = [dump]
  p chooses hold from open "Load into which hold?" labelled hold.name
  move take(bank_of(k), n) to hold

rule battle(attacker, defender) "Gunpowder, then the combat die; the star wins outright":
  fire(attacker)
  if attacker.firepower == star_power:
    winner_takes(attacker, defender)
    return
  fire(defender)
  if attacker.firepower > defender.firepower:
    winner_takes(attacker, defender)
  elif defender.firepower > attacker.firepower:
    winner_takes(defender, attacker)

# A rule gives no value back: it leaves its result in a variable.
rule fire(f) "Spend gunpowder and roll the combat die":
  let spend = 0
  if not automa(f):
    f chooses spend from range(0, count(stock(f, powder))) "Gunpowder to add" labelled "{spend} gunpowder"
  move take(stock(f, powder), spend) to bank
  roll r on combat_die
  f.firepower = star_power if r == star else r + spend + combat_bonus(f)
  log "{f.name} fires with {r} and {spend} gunpowder."

rule winner_takes(winner, loser) "The winner steals the contents of one hold":
  let full = [h for h in holds(loser) where not empty(h)]
  if count(full) == 0 or automa(winner):
    return
  winner chooses loot from full "Steal which hold?" labelled "{first(loot).kind} x{count(loot)}"
  #: The open holds are your empty holds.
  let open = [h for h in holds(winner) where empty(h)]
  move loot to (first(open) if count(open) > 0 else bank)

rule ghost_moves(n) "The Ghost Ship backs off when leading, presses on when last; otherwise the captain decides":
  let others = [p.pos for p in humans]
  let direction = backward if ghost.pos > max(others) else forward if ghost.pos < min(others) else none
  if direction == none:
    captain chooses direction from [forward, backward] "Which way does the Ghost Ship sail?"
  # The Ghost Ship's forks are chosen for it: always the first way.
  repeat n times:
    let ways = next_spaces[ghost.pos] if direction == forward else previous_spaces[ghost.pos]
    ghost.pos = first(ways)
  move boat_of(ghost) to space_at(ghost.pos)

# ---------------------------------------------------------------- scoring

score p: space_at(p.pos).points + count(stock(p, gold)) + sum([t.points for t in p.treasures])
tiebreak p: p.pos

# ---------------------------------------------------------------- examples

example "a fork asks, a plain stretch does not":
  players 3 named ann, bo, cy
  given:
    ann.pos = 2
  when:
    sail(ann, forward, 2)
  answers "space 7"
  expect:
    ann.pos == 7

example "a shortage: with seed 2 the die sends the ship back to a port":
  players 3 named ann, bo, cy
  seed 2
  given:
    ann.pos = 7
    move ann.hold_2 to bank
  when:
    pay(ann, food, 3)
  expect:
    ann.pos == 2

example "loading with full holds empties one of another kind":
  players 3 named ann, bo, cy
  given:
    move take(bank_of(powder), 2) to ann.hold_3
  when:
    load(ann, food, 4)
  # Only the hold just emptied is left to load into, so that is not asked.
  answers "powder x2"
  expect:
    count(stock(ann, food)) == 7
    count(stock(ann, powder)) == 0

example "Morgan's Map gives a hand of four":
  players 3 named ann, bo, cy
  given:
    move [t for t in treasure_deck where t.name == morgans_map] to ann.treasures
  when:
    refill(ann)
  expect:
    count(ann.hand) == 4
