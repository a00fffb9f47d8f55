# Branches: `if c: ... elif c: ... else: ...`; the first true condition's block runs.

game "If":
  players 1 to 2

var trail = []

play:
  pass

rule classify(n):
  if n < 0:
    trail = trail + ["negative"]
  elif n == 0:
    trail = trail + ["zero"]
  elif n < 10:
    trail = trail + ["small"]
  elif n < 100:
    trail = trail + ["medium"]
  else:
    trail = trail + ["large"]

rule only_if(n):
  if n > 0:
    trail = trail + ["positive"]

rule if_else(flag):
  if flag:
    trail = trail + ["yes"]
  else:
    trail = trail + ["no"]

rule if_elif_no_else(n):
  if n == 1:
    trail = trail + ["one"]
  elif n == 2:
    trail = trail + ["two"]

example "the first true branch runs, and only that one":
  when:
    classify(-5)
    classify(0)
    classify(5)
    classify(5 * 10)
    classify(1000)
  expect:
    trail == ["negative", "zero", "small", "medium", "large"]

example "an if without else does nothing when false":
  when:
    only_if(0)
    only_if(1)
  expect:
    trail == ["positive"]

example "if and else":
  when:
    if_else(true)
    if_else(false)
    if_else(1 > 2)
  expect:
    trail == ["yes", "no", "no"]

example "if and elif without else":
  when:
    if_elif_no_else(2)
    if_elif_no_else(3)
    if_elif_no_else(1)
  expect:
    trail == ["two", "one"]

example "conditions use truth: none, 0, empty lists and false are false":
  when:
    if_else(none)
    if_else(0)
    if_else([])
    if_else("")
    if_else(7)
    if_else([0])
    if_else("x")
  expect:
    trail == ["no", "no", "no", "no", "yes", "yes", "yes"]

example "branches nest, and a branch may bind a local used later":
  given:
    let label = "unset"
  when:
    if true:
      if false:
        label = "inner if"
      else:
        let extra = "!"
        label = "inner else{extra}"
  expect:
    label == "inner else!"
