# The Black Spot: a house rule for To Glory!
#
# In the usual rules a curse only takes away your captain's ability. With the
# Black Spot it also drains your hold: a cursed captain pays 1 gold back to the
# supply at the start of each of their turns, until a volley from their own ship
# passes the curse on. Exploring is riskier, and a cursed captain has a reason to
# hunt a rival ship at once rather than sail for treasure.
extends "../to_glory.pir"

game "To Glory! The Black Spot":
  overview "To Glory! with a costlier curse: a cursed captain pays 1 gold to the supply at the start of each of their turns, as well as losing their captain's ability, until a volley from their own ship passes the curse on."

power black_spot "The Black Spot: a cursed captain pays 1 gold at the start of each turn" before take_turn(p):
  #: If you are cursed and have gold, put 1 gold back in the supply before your first action.
  if p.cursed and count(p.gold_hold) > 0:
    move first(p.gold_hold) to gold_supply
    log "The Black Spot: {p.name} is cursed and pays 1 gold."

# ---------------------------------------------------------------- worked examples

example "a cursed captain pays 1 gold as her turn starts":
  players 2 named anne, mary
  given:
    anne.cursed = true
    move take([g for g in gold_supply], 3) to anne.gold_hold
  when:
    take_turn(anne)
  answers "row 9, column 11", "swift", "sharp"
  answers "End your turn"
  expect:
    count(anne.gold_hold) == 2
    count(gold_supply) == 48

example "a cursed captain with an empty hold pays nothing, and one not cursed keeps her gold":
  players 2 named anne, mary
  given:
    anne.cursed = true
    move take([g for g in gold_supply], 2) to mary.gold_hold
  when:
    take_turn(anne)
    take_turn(mary)
  answers "row 9, column 11", "swift", "sharp"
  answers "End your turn"
  answers "End your turn"
  expect:
    count(anne.gold_hold) == 0
    count(mary.gold_hold) == 2
    count(gold_supply) == 48

example "passing the curse on: Anne pays this turn, Mary from her next one":
  players 2 named anne, mary
  given:
    anne.cursed = true
    move take([g for g in gold_supply], 2) to anne.gold_hold
    move take([g for g in gold_supply], 2) to mary.gold_hold
  when:
    take_turn(anne)
    # The volley Anne's ship fired in that turn hits Mary's ship.
    settle_volley(anne, anne.ship_piece, [[mary.ship_piece, hit]])
    take_turn(mary)
  answers "row 9, column 11", "swift", "sharp"
  answers "End your turn"
  answers "End your turn"
  expect:
    not anne.cursed
    mary.cursed
    # Anne paid 1 and won 1 for the hit; Mary paid 1 as her turn started.
    count(anne.gold_hold) == 2
    count(mary.gold_hold) == 1
