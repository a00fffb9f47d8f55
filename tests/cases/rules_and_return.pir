# Rules: `rule name(params) "text": block`, carried out as `name(args)`; `return` leaves a rule.

game "Rules":
  players 2 to 3

var trail = []
var total per player = 0

play:
  pass

rule note(x):
  trail = trail + [x]

rule no_parameters "A rule without parameters":
  note("ran")

rule give(p, amount) "Give points":
  p.total += amount

rule early(flag):
  note("start")
  if flag:
    return
  note("end")

rule find_first_even(xs):
  for each x in xs:
    if x % 2 == 0:
      note(x)
      return
    note("skip {x}")
  note("none found")

rule count_up_to(limit):
  let n = 0
  while true:
    n += 1
    if n > limit:
      return
    note(n)

rule repeat_then_return():
  repeat 10 times:
    note("r")
    if count(trail) == 2:
      return

rule outer():
  note("outer in")
  inner()
  note("outer out")

rule inner():
  note("inner in")
  return
  note("never")

rule countdown(n):
  if n == 0:
    return
  note(n)
  countdown(n - 1)

rule shadow():
  let x = 99
  note(x)

rule calls_later():
  declared_after()

rule declared_after():
  note("later")

rule choose_then_return(p):
  p chooses n from [1, 2, 3] "Pick"
  if n > 1:
    return
  note("picked one")

example "a rule with parameters changes what it is given":
  players 2 named anna, bob
  when:
    give(anna, 3)
    give(anna, 2)
    give(bob, 1 + 1)
  expect:
    anna.total == 5
    bob.total == 2

example "a rule may have no parameters":
  when:
    no_parameters()
  expect:
    trail == ["ran"]

example "return leaves the rule at once":
  when:
    early(true)
    early(false)
  expect:
    trail == ["start", "start", "end"]

example "return from inside a for each leaves the loop and the rule":
  when:
    find_first_even([1, 3, 4, 5, 6])
    find_first_even([1, 3])
  expect:
    trail == ["skip 1", "skip 3", 4, "skip 1", "skip 3", "none found"]

example "return from inside a while leaves the loop and the rule":
  when:
    count_up_to(3)
    note("after")
  expect:
    trail == [1, 2, 3, "after"]

example "return from inside a repeat leaves the loop and the rule":
  when:
    repeat_then_return()
    note("after")
  expect:
    trail == ["r", "r", "after"]

example "return leaves only the innermost rule; its caller goes on":
  when:
    outer()
  expect:
    trail == ["outer in", "inner in", "outer out"]

example "a rule may carry out itself":
  when:
    countdown(3)
  expect:
    trail == [3, 2, 1]

example "a rule's locals are its own":
  given:
    let x = 1
  when:
    shadow()
  expect:
    x == 1
    trail == [99]

example "a rule may carry out a rule declared after it":
  when:
    calls_later()
  expect:
    trail == ["later"]

example "return after a decision":
  players 2 named anna, bob
  when:
    choose_then_return(anna)
    choose_then_return(bob)
  answers 2, 1
  expect:
    trail == ["picked one"]
