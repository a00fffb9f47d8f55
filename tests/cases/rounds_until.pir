# Rounds: `rounds until condition: ...` plays whole rounds, checking the condition after each.

game "Rounds":
  players 2 to 2

var done = false
var trail = []
var seen_round = -1

play:
  rounds until done:
    done = true

rule rounds_forever_until_return():
  rounds:
    trail = trail + [round_number]
    if round_number == 4:
      return

example "round_number is 0 before any round":
  when:
    seen_round = round_number
  expect:
    seen_round == 0
    round_number == 0

example "rounds are numbered from 1":
  when:
    rounds until round_number == 3:
      trail = trail + [round_number]
  expect:
    trail == [1, 2, 3]
    round_number == 3

example "the condition is checked after a round, so a true condition still plays one":
  when:
    rounds until true:
      trail = trail + [round_number]
  expect:
    trail == [1]

example "a round is played to its end even when the condition becomes true in it":
  when:
    rounds until done:
      trail = trail + ["start {round_number}"]
      if round_number == 2:
        done = true
      trail = trail + ["end {round_number}"]
  expect:
    trail == ["start 1", "end 1", "start 2", "end 2"]

example "rounds without until go on until something stops them":
  when:
    rounds_forever_until_return()
  expect:
    trail == [1, 2, 3, 4]

example "rounds with a decision in each":
  players 2 named anna, bob
  given:
    let total = 0
  when:
    rounds until total >= 5:
      anna chooses x from [1, 2, 3] "How far?"
      total += x
  answers 3, 1, 2
  expect:
    total == 6
    round_number == 3
