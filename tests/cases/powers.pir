# Powers: `power NAME "text" before|after|instead of RULE(names) when CONDITION:` changes a
# rule while the condition holds, wherever the rule is carried out; `power NAME "text"
# instead of|adding to DEFINE(names) = VALUE when CONDITION` changes what a define gives.
# The condition is worked out each time the rule is carried out (or the define worked out).

game "Powers":
  players 2 to 2

kind trait: swift, armoured, lucky

piece boat(trait)

zone harbour
zone sea

var speed per boat = 1
var hull per boat = 2
var moved per boat = 0
var logbook = 0

variant rough_sea "Every boat sails one less"

setup:
  create 1 boat(swift) in harbour
  create 1 boat(armoured) in harbour
  create 1 boat(lucky) in harbour

rule sail(b) "Sail":
  b.moved += b.speed
  move b to sea

rule hit(b) "Take a hit":
  b.hull -= 1

# A piece's field turns a power on: only swift boats sail twice as far.
power swift_sailing "Swift boats sail twice their speed" after sail(ship) when ship.trait == swift:
  ship.moved += ship.speed

# A variant changes a rule without patching it: it only has to say what changes.
power rough_water "Rough seas: a boat sails one less" before sail(ship) when variant rough_sea:
  ship.moved -= 1

# Instead of the rule: the first power (in file order) whose condition holds replaces it.
power armour "Armour: the first hit is shrugged off" instead of hit(b) when b.trait == armoured and b.hull == 2:
  b.hull = 1
  logbook += 1
  return

power luck "Luck: a lucky boat is never hit" instead of hit(b) when b.trait == lucky:
  logbook += 10

define reach(b) = b.speed
define orders(b) = [steer]
power long_reach "Swift boats reach 3" instead of reach(b) = 3 when b.trait == swift
power extra_order "Armoured boats may also ram" adding to orders(b) = [ram] when b.trait == armoured

kind order: steer, ram

play:
  for each b in harbour:
    sail(b)
  end game

score p: 0

example "a power runs after the rule only for the pieces it belongs to":
  when:
    for each b in harbour:
      sail(b)
  expect:
    [b.moved for b in sea where b.trait == swift] == [2]
    [b.moved for b in sea where b.trait == armoured] == [1]

example "a variant's power runs before the rule":
  variants rough_sea
  when:
    for each b in harbour:
      sail(b)
  expect:
    [b.moved for b in sea where b.trait == swift] == [1]
    [b.moved for b in sea where b.trait == lucky] == [0]

example "instead of: the condition is asked at each call, the first that holds wins":
  when:
    for each b in harbour:
      hit(b)
      hit(b)
  expect:
    [b.hull for b in harbour where b.trait == armoured] == [0]
    [b.hull for b in harbour where b.trait == lucky] == [2]
    [b.hull for b in harbour where b.trait == swift] == [0]
    logbook == 21

example "a define's value replaced, or a list added to":
  expect:
    [reach(b) for b in harbour where b.trait == swift] == [3]
    [reach(b) for b in harbour where b.trait == lucky] == [1]
    [orders(b) for b in harbour where b.trait == armoured] == [[steer, ram]]
    [orders(b) for b in harbour where b.trait == swift] == [[steer]]
