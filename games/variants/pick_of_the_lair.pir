# Pick of the Lair: a house rule for Jamaica.
#
# A crew that loots a pirate lair digs up two treasure cards instead of one,
# keeps the one it likes and shuffles the other back into the treasure deck. The
# lairs are worth more and a cursed treasure is easier to leave behind, so the
# curses that winners hand over in battle come round less often, and a lair is
# worth a detour. The Ghost Ship still takes a single card, as in the usual rules.
extends "../jamaica.pir"

game "Jamaica: Pick of the Lair":
  overview "Jamaica, except that a crew looting a pirate lair draws two treasure cards, keeps one and shuffles the other back into the treasure deck. The Ghost Ship still takes one card."

#: the two cards drawn at a lair
zone lair_cards per player owner       # seen by their finder only, until one is kept

power pick_of_the_lair "Pick of the Lair: draw two treasure cards, keep one" instead of loot_lair(p):
  #: A lair that was looted already gives nothing.
  if not has_token(p.pos):
    return
  #: Take the lair's treasure token off the board.
  move [x for x in space(p.pos) where piece_type(x) == "treasure_token"] to looted
  #: -
  if count(treasure_deck) == 0:
    return
  #: The Ghost Ship draws the top card of the treasure deck and lays it face down by its holds, as in the usual rules.
  if automa(p):
    draw t from treasure_deck
    log "The Ghost Ship loots the lair and lays a treasure card face down."
    receive(p, t, true)
    return
  #: Anyone else draws the top two cards (the last one, if only one is left) and looks at them without showing them.
  repeat 2 times:
    if count(treasure_deck) > 0:
      draw t from treasure_deck
      move t to p.lair_cards
  #: Keep one of them and lay it by your holds ({receive}).
  p chooses keep from p.lair_cards "Keep which treasure card? The other goes back into the treasure deck" labelled "{keep}" if keep.value != 0 else "{keep}: {treasures[keep.name][2]}"
  #: -
  receive(p, keep, false)
  #: Shuffle the other back into the treasure deck, face down.
  move p.lair_cards to treasure_deck
  if keep.value == 0:
    log "{p.name} loots the lair and keeps {keep}: {treasures[keep.name][2]}."
  else:
    log "{p.name} loots the lair and keeps a treasure card face down."

# ---------------------------------------------------------------- worked examples
# Each example first puts every treasure card in the box, then deals the deck it needs.

# Drifting back onto the lair at 11 now asks which of two treasure cards to keep.
replace "89d25e36" example "A shortage drifting back through a merge lets the player choose the way":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 16)
    move treasure_deck to box
    move [card_named(treasure, 5), card_named(cursed_treasure, -3)] to treasure_deck
  when:
    fall_back(anna, skull)
  answers "space 12", "treasure (+5)"
  expect:
    anna.pos == 11
    [t.value for t in anna.secrets] == [5]
    card_named(cursed_treasure, -3) in treasure_deck

example "Anna loots a lair: she keeps the +7 and the curse goes back into the deck":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 9)
    move treasure_deck to box
    move [card_named(treasure, 7), card_named(cursed_treasure, -4), card_named(lady_beth, 0)] to treasure_deck
  when:
    loot_lair(anna)
  answers "treasure (+7)"
  expect:
    not has_token(9)
    [t.value for t in anna.secrets] == [7]
    count(anna.lair_cards) == 0
    count(treasure_deck) == 2
    card_named(cursed_treasure, -4) in treasure_deck

example "She may keep a power: it lies face up and works at once":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 9)
    move treasure_deck to box
    move [card_named(treasure, 3), card_named(morgans_map, 0)] to treasure_deck
  when:
    loot_lair(anna)
  answers "Morgan's Map"
  expect:
    has_power(anna, morgans_map)
    hand_size(anna) == 4
    [t.value for t in treasure_deck] == [3]

example "With one card left in the deck, Anna must take it, curse or not":
  players 3 named anna, beth, connor
  given:
    put_ship(anna, 9)
    move treasure_deck to box
    move [card_named(cursed_treasure, -2)] to treasure_deck
  when:
    loot_lair(anna)
  expect:
    [t.value for t in anna.secrets] == [-2]
    count(treasure_deck) == 0

example "The Ghost Ship still takes a single card":
  players 2 named anna, beth
  given:
    put_ship(ghost, 9)
    move treasure_deck to box
    move [card_named(treasure, 7), card_named(cursed_treasure, -4)] to treasure_deck
  when:
    loot_lair(ghost)
  expect:
    count(ghost.secrets) == 1
    count(treasure_deck) == 1
