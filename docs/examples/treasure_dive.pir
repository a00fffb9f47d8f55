# Treasure Dive: a tiny game that shows the main constructs of pirdsl.
# Not a published game; every rule here is made up for the documentation.

game "Treasure Dive":
  players 2 to 4
  overview "Each round everyone secretly picks how deep to dive. Deeper dives bring up more treasure but go last."
  goal "Hold the most gold after four rounds."

# ---------------------------------------------------------------- components

kind gem: ruby, pearl

piece dive_card(depth) labelled "dive {depth}"
piece coin(value) labelled "{value} gold"
piece jewel(kind) labelled "{kind}"

zone hand per player owner        # only the owner sees these cards
zone played per player hidden     # face down: nobody sees them, only how many
zone discard per player
zone chest per player             # open for everyone to see
zone sea hidden

var air per player = 6 secret     # only its owner sees it
var bonus per player = 0        # gems, added up at the end
var dives = 0

# ---------------------------------------------------------------- tables

table gem_bonus:
  0 -> 0
  1 -> 2
  2 -> 5

define last_round = 4

# ---------------------------------------------------------------- variants

variant sharks "A shark takes one coin from every diver who goes 3 deep"

# ---------------------------------------------------------------- setup

setup:
  for each p in players:
    for each d in [1, 2, 3]:
      create 1 dive_card(d) in p.hand
  create 8 coin(1) in sea
  create 4 coin(2) in sea
  for each k in gem:
    create 2 jewel(k) in sea

# ---------------------------------------------------------------- play

play:
  rounds until round_number == last_round or count(sea) == 0:
    phase "Choose a dive":
      for each p in players simultaneously:
        p chooses c from p.hand "How deep do you dive?"
        move c to p.played
    phase "Dive":
      # Shallow dives go first; equal depths keep seat order.
      for each p in [q for q in players order by top(q.played).depth]:
        dive(p, top(p.played).depth)
    phase "Tidy up":
      for each p in players:
        move p.played to p.discard
        if count(p.hand) == 0:
          move p.discard to p.hand

rule dive(p, depth) "Bring up treasure":
  p.air -= depth
  dives += 1
  repeat depth times:
    if count(sea) > 0:
      draw t from sea
      move t to p.chest
      log to p "You find {t}."
  if variant sharks and depth == 3:
    shark(p)
  throw_back(p)

rule shark(p) "The shark takes a coin":
  let coins = [t for t in p.chest where piece_type(t) == "coin"]
  if count(coins) == 0:
    return
  move first(coins) to sea
  log "A shark bites {p.name}."

rule throw_back(p) "Throw one find back (optional)":
  p chooses t from p.chest "Throw something back into the sea?" optional "Keep everything"
  if t != none:
    move t to sea

# ---------------------------------------------------------------- scoring

define gold(p) = sum([t.value for t in p.chest where piece_type(t) == "coin"])
define gems_of(p, k) = count([t for t in p.chest where piece_type(t) == "jewel" and t.kind == k])
define full_sets(p) = min([gems_of(p, k) for k in gem])

score p: gold(p) + p.bonus
tiebreak p: p.air

final scoring:
  for each p in players:
    p.bonus += gem_bonus[min([full_sets(p), 2])]

# ---------------------------------------------------------------- examples

example "a dive of 2 brings up two finds":
  players 2 named ann, bo
  seed 4
  when:
    dive(ann, 2)
  answers "Keep everything"
  expect:
    count(ann.chest) == 2
    count(sea) == 14
    ann.air == 4

example "throwing a find back":
  players 2 named ann, bo
  given:
    move [t for t in sea where piece_type(t) == "coin" and t.value == 2] to bo.chest
  when:
    throw_back(bo)
  answers 1
  expect:
    count(bo.chest) == 3
    gold(bo) == 6

example "the shark bites only deep divers":
  players 3 named ann, bo, cy
  variants sharks
  given:
    move [t for t in sea where piece_type(t) == "jewel"] to cy.chest
  when:
    shark(cy)
    shark(ann)
  expect:
    count(cy.chest) == 4
    count(ann.chest) == 0

example "full sets of gems pay at the end":
  players 2 named ann, bo
  given:
    move [t for t in sea where piece_type(t) == "jewel"] to ann.chest
  when:
    end game
  expect:
    ann.bonus == 5
    bo.bonus == 0
