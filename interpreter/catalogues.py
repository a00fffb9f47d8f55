"""Catalogues and budgeted choices, written out in plain statements before a game is compiled.

A catalogue is a table whose rows are the fields of a piece (`table cards of card:`,
dsl/ast.py TableDecl.piece). Three things read it, and each becomes what the
compiler already knows:

* `cards[k].points` is the row's item for that field: `cards[k][i]` (the key
  itself for the piece's first field);
* `create 1 card(k) in dock` gives the piece every field, the key first and the
  rest from its row;
* `p chooses fleet from OPTIONS up to BUDGET costing COST` (ChooseSet) becomes a
  loop of optional choices among the options not yet chosen that still fit the
  budget, which ends when the player stops or nothing fits.
"""

from __future__ import annotations

from dsl import ast

PICK = "{}__pick"
LEFT = "{}__budget_left"
OPEN = "{}__choosing"
AFFORDABLE = "{}__affordable"


def with_catalogues(game_file: ast.GameFile) -> ast.GameFile:
    """The same game with catalogue lookups, catalogue pieces and budgeted choices written out."""
    catalogues = {d.name: d for d in game_file.declarations if isinstance(d, ast.TableDecl) and d.piece}
    pieces = {d.name: d for d in game_file.declarations if isinstance(d, ast.PieceDecl)}
    fields = {name: pieces[d.piece].fields for name, d in catalogues.items() if d.piece in pieces}
    by_piece = {d.piece: name for name, d in catalogues.items()}
    if not catalogues and not _has_choose_set(game_file):
        return game_file
    return _Lowering(fields, by_piece).node(game_file)


def _has_choose_set(node) -> bool:
    if isinstance(node, ast.ChooseSet):
        return True
    if isinstance(node, list):
        return any(_has_choose_set(item) for item in node)
    if isinstance(node, ast.Node):
        return any(_has_choose_set(getattr(node, name)) for name in type(node).model_fields if name != "span")
    return False


class _Lowering:
    def __init__(self, fields: dict[str, list[str]], by_piece: dict[str, str]):
        self.fields = fields  # catalogue -> the fields of its piece
        self.by_piece = by_piece  # piece -> its catalogue

    def node(self, node):
        if isinstance(node, list):
            result = []
            for item in node:
                lowered = self.node(item)
                if isinstance(item, ast.Stmt) and isinstance(lowered, list):
                    result.extend(lowered)
                else:
                    result.append(lowered)
            return result
        if not isinstance(node, ast.Node):
            return node
        updates = {}
        for name in type(node).model_fields:
            if name == "span":
                continue
            value = getattr(node, name)
            lowered = self.node(value)
            if lowered is not value:
                updates[name] = lowered
        if updates:
            node = node.model_copy(update=updates)
        if isinstance(node, ast.Attribute):
            return self.field_of_row(node)
        if isinstance(node, ast.Create):
            return self.create(node)
        if isinstance(node, ast.ChooseSet):
            return self.choose_set(node)
        return node

    def field_of_row(self, node: ast.Attribute) -> ast.Expr:
        row = node.target
        if not (isinstance(row, ast.Index) and isinstance(row.target, ast.Name) and row.target.id in self.fields):
            return node
        fields = self.fields[row.target.id]
        if node.name not in fields:
            return node  # the checker has said so
        position = fields.index(node.name)
        if position == 0:
            return row.index
        return ast.Index(span=node.span, target=row, index=ast.IntLiteral(span=node.span, value=position - 1))

    def create(self, node: ast.Create) -> ast.Stmt:
        catalogue = self.by_piece.get(node.piece)
        if catalogue is None or catalogue not in self.fields or len(node.args) != 1 or len(self.fields[catalogue]) == 1:
            return node
        key = node.args[0]
        span = node.span
        row = ast.Index(span=span, target=ast.Name(span=span, id=catalogue), index=key)
        rest = [ast.Index(span=span, target=row, index=ast.IntLiteral(span=span, value=i))
                for i in range(len(self.fields[catalogue]) - 1)]
        return node.model_copy(update={"args": [key] + rest})

    def choose_set(self, node: ast.ChooseSet) -> list[ast.Stmt]:
        span = node.span
        name, pick, left, choosing, affordable = (node.var, PICK.format(node.var), LEFT.format(node.var),
                                                  OPEN.format(node.var), AFFORDABLE.format(node.var))

        def ref(local: str) -> ast.Name:
            return ast.Name(span=span, id=local)

        def one(expression: ast.Expr, local: str) -> ast.Expr:
            """The cost or label of one option, with NAME standing for the option."""
            return _renamed(expression, name, local)

        option = "{}__option".format(node.var)
        fits = ast.Compare(span=span, op="<=", left=one(node.cost, option), right=ref(left))
        fresh = ast.Membership(span=span, element=ref(option), collection=ref(name), negated=True)
        offered = ast.Comprehension(
            span=span, element=ref(option),
            clauses=[ast.ComprehensionFor(span=span, var=option, iterable=node.options,
                                          where=ast.BoolOp(span=span, op="and", left=fresh, right=fits))])
        question = ast.Choose(span=span, player=node.player, var=pick, options=ref(affordable), prompt=node.prompt,
                              label=one(node.label, pick) if node.label is not None else None, optional=True,
                              skip_text=ast.StringLiteral(span=span, parts=["Done"]))
        stop = [ast.Assign(span=span, target=ref(choosing), value=ast.BoolLiteral(span=span, value=False))]
        take = [ast.Assign(span=span, target=ref(name),
                           value=ast.Binary(span=span, op="+", left=ref(name),
                                            right=ast.ListLiteral(span=span, items=[ref(pick)]))),
                ast.AddTo(span=span, target=ref(left), value=one(node.cost, pick), sign=-1)]
        nothing = ast.Compare(span=span, op="==", left=ref(pick), right=ast.NoneLiteral(span=span))
        loop = ast.While(span=span, condition=ref(choosing), body=[
            ast.Let(span=span, name=affordable, value=offered),
            ast.If(span=span, branches=[
                ast.IfBranch(span=span, condition=ast.Compare(
                    span=span, op="==", left=ast.Call(span=span, function="count", args=[ref(affordable)]),
                    right=ast.IntLiteral(span=span, value=0)), body=stop)],
                otherwise=[question, ast.If(span=span, branches=[ast.IfBranch(span=span, condition=nothing, body=stop)],
                                            otherwise=take)]),
        ])
        return [ast.Let(span=span, name=name, value=ast.ListLiteral(span=span, items=[])),
                ast.Let(span=span, name=left, value=node.budget),
                ast.Let(span=span, name=choosing, value=ast.BoolLiteral(span=span, value=True)),
                loop]


def _renamed(node, old: str, new: str):
    """An expression with the name `old` read as `new` (where nothing inside binds `old` again)."""
    if isinstance(node, list):
        return [_renamed(item, old, new) for item in node]
    if isinstance(node, ast.Name):
        return node.model_copy(update={"id": new}) if node.id == old else node
    if isinstance(node, ast.Comprehension) and any(clause.var == old for clause in node.clauses):
        return node
    if not isinstance(node, ast.Node):
        return node
    updates = {name: _renamed(getattr(node, name), old, new) for name in type(node).model_fields if name != "span"}
    return node.model_copy(update=updates)
