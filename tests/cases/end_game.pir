# `end game` stops play at once and goes to final scoring.

game "End game":
  players 2 to 2

var trail = []
var final_runs = 0

play:
  rounds:
    trail = trail + [round_number]
    if round_number == 3:
      end game
    trail = trail + ["rest of round {round_number}"]

final scoring:
  final_runs += 1
  trail = trail + ["final"]

rule deep(n):
  for each x in [1, 2, 3]:
    if x == n:
      end game
    trail = trail + [x]
  trail = trail + ["after loop"]

example "end game skips the rest and runs final scoring, once":
  when:
    trail = trail + ["before"]
    end game
    trail = trail + ["never"]
  expect:
    trail == ["before", "final"]
    final_runs == 1

example "end game from deep inside rules and loops":
  when:
    deep(2)
    trail = trail + ["never"]
  expect:
    trail == [1, "final"]
    final_runs == 1

example "end game in the middle of rounds stops them":
  when:
    rounds:
      trail = trail + [round_number]
      if round_number == 3:
        end game
      trail = trail + ["rest"]
  expect:
    trail == [1, "rest", 2, "rest", 3, "final"]
    round_number == 3

example "without end game an example does not run final scoring":
  when:
    trail = trail + ["only"]
  expect:
    trail == ["only"]
    final_runs == 0
