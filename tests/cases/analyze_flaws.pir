# A game built with three flaws for `pirdsl analyze` to find (tests/test_analyze.py):
# a branch that can never fire, a trap option and a dominant option.
# (analyze_lopsided.pir has the fourth, a lopsided seat.)

game "Analyze: planted flaws":
  players 2 to 2

die d3: 1, 2, 3

var gold per player = 0

play:
  rounds until max([p.gold for p in players]) >= 15:
    for each p in players:
      take_turn(p)

rule take_turn(p) "Roll, then dig, dive or burn; then eat":
  roll r on d3
  p chooses how from ["dig", "dive", "burn"] "Rolled {r}: dig for {r} or dive for {4 - r}?"
  if how == "dig":
    p.gold += r
  elif how == "dive":
    p.gold += 4 - r
  else:
    # The trap: burning costs gold and gives nothing.
    p.gold -= 3
  # The dominant option: a feast is always worth more than a snack.
  p chooses meal from ["feast", "snack"] "Eat a feast or a snack?"
  if meal == "feast":
    p.gold += 4
  #: A player with more than 1000 gold is rich beyond counting.
  if p.gold > 1000:  # the dead branch: nobody gets this rich before the game ends
    log "{p.name} is rich beyond counting."

score p: p.gold

example "burning costs three gold":
  players 2 named ann, bo
  when:
    take_turn(bo)
  answers "burn", "snack"
  expect:
    bo.gold == -3
