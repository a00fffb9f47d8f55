# `progress p: expr` tells the computer players how each player stands before the score
# shows it (docs/language.md, 3.17). It is not a rule: who wins is `score`'s business.
# Here crates count only once delivered, but a crate aboard is on its way.
# tests/test_search_bots.py checks that the bots play by it.

game "Progress":
  players 2 to 2

piece crate(weight)
zone quay
zone hold per player owner
var delivered per player = 0

setup:
  for each w in [1, 2, 3]:
    create 1 crate(w) in quay

play:
  for each p in players:
    p chooses c from quay "Load a crate" labelled "crate of {c.weight}" optional "Wait"
    if c != none:
      move c to p.hold
  for each p in players:
    p.delivered = aboard(p)

define aboard(p) = sum([c.weight for c in p.hold])

score p: p.delivered
progress p: 2 * p.delivered + aboard(p)

example "a crate aboard counts for progress before it counts for the score":
  players 2 named ann, bob
  when:
    move first(quay) to ann.hold
  expect:
    aboard(ann) == 1
    ann.delivered == 0
