# `phase "title": ...` names a step of play (shown to players) and runs its block.

game "Phase":
  players 2 to 2

var trail = []

play:
  rounds until round_number == 2:
    phase "Income":
      trail = trail + ["income {round_number}"]
    phase "Action":
      for each p in players:
        p chooses x from [1, 2] "Act"

rule turn():
  phase "Outer":
    trail = trail + ["outer"]
    phase "Inner":
      trail = trail + ["inner"]
    trail = trail + ["outer again"]

example "a phase runs its block in place":
  when:
    phase "Only":
      trail = trail + ["in"]
    trail = trail + ["after"]
  expect:
    trail == ["in", "after"]

example "phases nest and run in order":
  when:
    turn()
  expect:
    trail == ["outer", "inner", "outer again"]

example "phases inside rounds run every round":
  players 2 named anna, bob
  when:
    rounds until round_number == 2:
      phase "Income":
        trail = trail + ["income {round_number}"]
      phase "Action":
        anna chooses x from [1, 2] "Act"
        trail = trail + ["act {x}"]
  answers 1, 2
  expect:
    trail == ["income 1", "act 1", "income 2", "act 2"]
