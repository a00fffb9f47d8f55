"""Powers, written out as plain rules and defines before a game is compiled.

A `power` (dsl/ast.py, PowerDecl) changes a rule or a define while its condition
holds. The compiler never sees one: `with_powers` turns each changed rule or
define into a small dispatcher under the original name, and keeps the original
under another name, so every call of the rule, wherever it is written, goes
through its powers. For a rule `sail(s)` with powers, the dispatcher is

    rule sail(s):
      if <each `before` power's condition>: <its block>
      if <first `instead of` power's condition>: <its block>
      elif <the next one's>: ...
      else: <the rule as written>
      if <each `after` power's condition>: <its block>

with each power's block a rule of its own (so `return` in it leaves only the
power) and each condition a define over the power's own names for the
arguments. For a define `reach(s)`, the first `instead of` power whose
condition holds gives the value, else the define as written; then each
`adding to` power whose condition holds adds its list to the end.

The conditions are worked out when the rule is carried out (or the define is
worked out), from the state of the game at that moment.
"""

from __future__ import annotations

from dsl import ast

USUAL = "{}__as_written"
POWER_BODY = "{}__power_{}"
POWER_ACTIVE = "{}__power_{}_holds"


def with_powers(game_file: ast.GameFile) -> ast.GameFile:
    """The same game with every power written into the rule or define it changes."""
    powers = [d for d in game_file.declarations if isinstance(d, ast.PowerDecl)]
    if not powers:
        return game_file
    targets: dict[str, list[ast.PowerDecl]] = {}
    for power in powers:
        targets.setdefault(power.target, []).append(power)
    declarations: list[ast.Decl] = []
    blocks = {"setup": ast.SetupDecl, "final scoring": ast.FinalScoringDecl}
    for target, kind in blocks.items():  # a power on a block the game does not write: it starts empty
        if target in targets and not any(isinstance(d, kind) for d in game_file.declarations):
            declarations.append(kind(span=targets[target][0].span, body=[]))
    added, declarations = declarations, []
    for decl in [*added, *game_file.declarations]:
        if isinstance(decl, ast.PowerDecl):
            continue
        if isinstance(decl, (ast.SetupDecl, ast.FinalScoringDecl)):
            target = "setup" if isinstance(decl, ast.SetupDecl) else "final scoring"
            declarations.extend(_block_with_powers(decl, target, targets.get(target, [])))
        elif isinstance(decl, ast.RuleDecl) and decl.name in targets:
            declarations.extend(_rule_with_powers(decl, targets[decl.name]))
        elif isinstance(decl, ast.DefineDecl) and decl.name in targets:
            declarations.extend(_define_with_powers(decl, targets[decl.name]))
        else:
            declarations.append(decl)
    return game_file.model_copy(update={"declarations": declarations})


def _arguments(params: list[str], span) -> list[ast.Expr]:
    return [ast.Name(span=span, id=param) for param in params]


def _condition(power: ast.PowerDecl, params: list[str], extra: list[ast.Decl]) -> ast.Expr:
    """A call of the define that asks whether the power holds (true when it has no condition)."""
    span = power.span
    if power.condition is None:
        return ast.BoolLiteral(span=span, value=True)
    name = POWER_ACTIVE.format(power.target, power.name)
    extra.append(ast.DefineDecl(span=span, name=name, params=power.params, body=power.condition))
    return ast.Call(span=span, function=name, args=_arguments(params, span))


def _rule_with_powers(rule: ast.RuleDecl, powers: list[ast.PowerDecl]) -> list[ast.Decl]:
    span = rule.span
    usual = USUAL.format(rule.name)
    extra: list[ast.Decl] = [rule.model_copy(update={"name": usual})]

    def carry_out(power: ast.PowerDecl) -> list[ast.Stmt]:
        name = POWER_BODY.format(rule.name, power.name)
        extra.append(ast.RuleDecl(span=power.span, name=name, params=power.params, text=power.text, body=power.body))
        return [ast.CallRule(span=power.span, rule=name, args=_arguments(rule.params, power.span))]

    def guarded(power: ast.PowerDecl) -> ast.IfBranch:
        return ast.IfBranch(span=power.span, condition=_condition(power, rule.params, extra), body=carry_out(power))

    body: list[ast.Stmt] = []
    for power in powers:
        if power.hook == "before":
            body.append(ast.If(span=power.span, branches=[guarded(power)]))
    as_written = [ast.CallRule(span=span, rule=usual, args=_arguments(rule.params, span))]
    instead = [guarded(power) for power in powers if power.hook == "instead"]
    body.append(ast.If(span=span, branches=instead, otherwise=as_written) if instead else as_written[0])
    for power in powers:
        if power.hook == "after":
            body.append(ast.If(span=power.span, branches=[guarded(power)]))
    dispatcher = rule.model_copy(update={"body": body})
    return [dispatcher] + extra


def _block_with_powers(block: ast.Decl, target: str, powers: list[ast.PowerDecl]) -> list[ast.Decl]:
    """Setup or final scoring with its powers: each power's block a rule, called before, instead of or after it."""
    if not powers:
        return [block]
    span = block.span
    name = target.replace(" ", "_")
    extra: list[ast.Decl] = []

    def guarded(power: ast.PowerDecl) -> ast.IfBranch:
        rule = POWER_BODY.format(name, power.name)
        extra.append(ast.RuleDecl(span=power.span, name=rule, params=[], text=power.text, body=power.body))
        condition = ast.BoolLiteral(span=power.span, value=True)
        if power.condition is not None:
            condition = ast.Call(span=power.span, function=POWER_ACTIVE.format(name, power.name), args=[])
            extra.append(ast.DefineDecl(span=power.span, name=condition.function, params=[], body=power.condition))
        return ast.IfBranch(span=power.span, condition=condition,
                            body=[ast.CallRule(span=power.span, rule=rule, args=[])])

    body: list[ast.Stmt] = [ast.If(span=p.span, branches=[guarded(p)]) for p in powers if p.hook == "before"]
    instead = [guarded(power) for power in powers if power.hook == "instead"]
    if instead:
        body.append(ast.If(span=span, branches=instead, otherwise=block.body))
    else:
        body.extend(block.body)
    body += [ast.If(span=p.span, branches=[guarded(p)]) for p in powers if p.hook == "after"]
    return [block.model_copy(update={"body": body})] + extra


def _define_with_powers(define: ast.DefineDecl, powers: list[ast.PowerDecl]) -> list[ast.Decl]:
    span = define.span
    usual = USUAL.format(define.name)
    extra: list[ast.Decl] = [define.model_copy(update={"name": usual})]

    def value_of(power: ast.PowerDecl) -> ast.Expr:
        name = POWER_BODY.format(define.name, power.name)
        extra.append(ast.DefineDecl(span=power.span, name=name, params=power.params, body=power.value))
        return ast.Call(span=power.span, function=name, args=_arguments(define.params, power.span))

    value: ast.Expr = ast.Call(span=span, function=usual, args=_arguments(define.params, span))
    for power in reversed([p for p in powers if p.hook == "instead"]):
        value = ast.IfExpr(span=power.span, condition=_condition(power, define.params, extra),
                           then=value_of(power), otherwise=value)
    for power in powers:
        if power.hook == "adding":
            more = ast.IfExpr(span=power.span, condition=_condition(power, define.params, extra),
                              then=value_of(power), otherwise=ast.ListLiteral(span=power.span, items=[]))
            value = ast.Binary(span=power.span, op="+", left=value, right=more)
    dispatcher = define.model_copy(update={"body": value})
    return [dispatcher] + extra
