"""Write the constructs that are made of simpler ones as those simpler ones, before compiling.

A turn of actions (`p acts ... until ...:`, `ast.Actions`) is a loop of choices: this
module rewrites it into `let`, `while`, `chooses` and `if`, which the compiler already
knows how to stop and resume at. Only the engine sees the rewritten file; the checker,
the rule summary and the reference read the file as written.

The rewritten statements use locals whose names start with `_` (a rules file may not
declare such names: the checker runs first and would report them as unknown), and a
`once per round` group keeps, for each player, the round it was last used in, in an
internal per-player variable added to the file.
"""

from __future__ import annotations

from dsl import ast


def lower_file(game_file: ast.GameFile) -> ast.GameFile:
    """The file with every turn of actions written out; the file itself when it has none."""
    if not _has_actions(game_file):
        return game_file
    lowering = _Lowering()
    declarations = [lowering.declaration(d) for d in game_file.declarations]
    header_at = next(i for i, d in enumerate(declarations) if isinstance(d, ast.GameHeader))
    declarations[header_at + 1:header_at + 1] = lowering.round_vars
    return game_file.model_copy(update={"declarations": declarations})


def _has_actions(node) -> bool:
    if isinstance(node, ast.Actions):
        return True
    if isinstance(node, list):
        return any(_has_actions(item) for item in node)
    if isinstance(node, ast.Node):
        return any(_has_actions(getattr(node, name)) for name in type(node).model_fields
                   if isinstance(getattr(node, name), (list, ast.Stmt, ast.Decl, ast.IfBranch)))
    return False


class _Lowering:
    def __init__(self):
        self.count = 0
        self.round_vars: list[ast.VarDecl] = []

    def declaration(self, decl):
        updates = {}
        for name in ("body", "given", "when"):
            value = getattr(decl, name, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.Stmt):
                updates[name] = self.block(value)
        return decl.model_copy(update=updates) if updates else decl

    def block(self, statements: list) -> list:
        out = []
        for statement in statements:
            if isinstance(statement, ast.Actions):
                out += self.actions(statement)
            else:
                out.append(self.inside(statement))
        return out

    def inside(self, statement):
        """A statement with its blocks lowered."""
        if isinstance(statement, ast.If):
            branches = [b.model_copy(update={"body": self.block(b.body)}) for b in statement.branches]
            return statement.model_copy(update={"branches": branches, "otherwise": self.block(statement.otherwise)})
        if isinstance(statement, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            return statement.model_copy(update={"body": self.block(statement.body)})
        return statement

    def actions(self, node: ast.Actions) -> list:
        """The turn as a loop: list what may be done, ask, do it, until the player stops or nothing is left."""
        self.count += 1
        span = node.span
        stem = f"_turn{self.count}"

        def name(text):
            return ast.Name(span=span, id=text)

        def number(value):
            return ast.IntLiteral(span=span, value=value)

        def boolean(value):
            return ast.BoolLiteral(span=span, value=value)

        def compare(left, op, right):
            return ast.Compare(span=span, op=op, left=left, right=right)

        def both(a, b):
            return b if a is None else ast.BoolOp(span=span, op="and", left=a, right=b)

        going, options, pick = f"{stem}_going", f"{stem}_options", f"{stem}_pick"
        start: list = []
        offered = None      # the list of action numbers on offer this time
        labels = []         # the label of each action number
        branches = []       # what each action number does
        number_of = 0
        for g, group in enumerate(node.groups):
            counter = f"{stem}_group{g}"
            if group.limit == "budget":
                start.append(ast.Let(span=group.span, name=counter, value=group.count))
                still = compare(name(counter), ">", number(0))
                spend = [ast.AddTo(span=group.span, target=name(counter), value=number(1), sign=-1)]
            elif group.limit == "once":
                start.append(ast.Let(span=group.span, name=counter, value=boolean(False)))
                still = ast.Not(span=span, operand=name(counter))
                spend = [ast.Assign(span=group.span, target=name(counter), value=boolean(True))]
            else:  # once per round: the round it was last used in, kept for each player
                variable = f"_once_per_round_{group.span.line}_{group.span.column}"
                self.round_vars.append(ast.VarDecl(span=group.span, name=variable, per_player=True,
                                                   init=number(-1), internal=True))
                last_used = ast.Attribute(span=span, target=node.player, name=variable)
                still = compare(last_used, "!=", name("round_number"))
                spend = [ast.Assign(span=group.span, target=last_used, value=name("round_number"))]
            for option in group.options:
                test = both(option.condition, still)
                item = ast.IfExpr(span=option.span, condition=test,
                                  then=ast.ListLiteral(span=option.span, items=[number(number_of)]),
                                  otherwise=ast.ListLiteral(span=option.span, items=[]))
                offered = item if offered is None else ast.Binary(span=span, op="+", left=offered, right=item)
                label = option.text
                if group.limit == "budget":  # say how many such actions are left
                    label = ast.StringLiteral(span=option.span, parts=list(option.text.parts)
                                              + [" (", name(counter), " left)"])
                labels.append(label)
                branches.append(ast.IfBranch(span=option.span, condition=compare(name(pick), "==", number(number_of)),
                                             body=spend + self.block(option.body)))
                number_of += 1
        label = labels[-1]
        for i in range(len(labels) - 2, -1, -1):
            label = ast.IfExpr(span=span, condition=compare(name(pick), "==", number(i)), then=labels[i],
                               otherwise=label)
        stop = [ast.Assign(span=span, target=name(going), value=boolean(False))]
        prompt = node.prompt or ast.StringLiteral(span=span, parts=["Choose your next action"])
        ask = ast.Choose(span=span, player=node.player, var=pick, options=name(options), prompt=prompt,
                         label=label, optional=True, skip_text=node.stop_text)
        chosen = ast.If(span=span, branches=[ast.IfBranch(span=span, condition=compare(name(pick), "==",
                                                                                       ast.NoneLiteral(span=span)),
                                                          body=stop)] + branches)
        nothing_left = compare(ast.Call(span=span, function="count", args=[name(options)]), "==", number(0))
        loop = ast.While(span=span, condition=name(going), body=[
            ast.Let(span=span, name=options, value=offered),
            ast.If(span=span, branches=[ast.IfBranch(span=span, condition=nothing_left, body=stop)],
                   otherwise=[ask, chosen]),
        ])
        return start + [ast.Let(span=span, name=going, value=boolean(True)), loop]
