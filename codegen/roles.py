"""What each name of a rules file stands for, as far as the English needs to know.

The English says "your points" rather than "*p*'s points", and "the ship" rather
than "*s*", so it must know that `p` is a player and `s` a ship. This module
works that out from the syntax tree alone, the way a reader would: `players` is a
list of players, a `for each` over it gives a player, a piece made with `create 1
ship(p)` is a ship whose `owner` field is a player, a value moved into a zone is
what the zone holds, a rule's parameter is whatever its calls pass in, and so on.
Nothing is sure: a role is a guess that only changes how a name is worded, never
what the rules mean, and a name with no role is worded as itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from dsl import ast
from dsl.ast import walk  # noqa: F401 - codegen's modules take it from here
from dsl.builtins import BUILTIN_ATTRIBUTES
from dsl.piece_kinds import conjuncts, type_test


@dataclass(frozen=True)
class Role:
    """What a value is: a player, a piece of one kind, a board cell, a member of a kind, a zone.

    `many` marks a list (or a zone) of such values.
    """

    kind: str  # "player", "piece", "cell", "member", "zone", "card" (a catalogue row's key, `of` its piece)
    of: str = ""  # the piece's kind, the kind's name, the zone's name
    many: bool = False

    def element(self) -> Optional["Role"]:
        return Role(self.kind, self.of) if self.many else None

    def listed(self) -> "Role":
        return Role(self.kind, self.of, True)


PLAYER = Role("player")
PLAYERS = Role("player", many=True)
CELL = Role("cell")
CELLS = Role("cell", many=True)

# Built-in functions whose value is one element of their first argument.
ELEMENT_OF = {"first", "top", "max", "min"}
# Built-in functions whose value is a list like their first argument.
SAME_LIST = {"take", "distinct"}
CELL_LISTS = {"cells", "neighbours", "ray", "perimeter"}


class Roles:
    """The roles of the declarations, the rule parameters and the locals of one rules file.

    Args:
        game_file: the parsed rules file.
    """

    def __init__(self, game_file: ast.GameFile) -> None:
        decls = game_file.declarations
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        self.vars = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.members = {member: d.name for d in decls if isinstance(d, ast.KindDecl) for member in d.members}
        self.automata = {d.name for d in decls if isinstance(d, ast.AutomaDecl)}
        self.boards = {d.name: d for d in decls if isinstance(d, ast.BoardDecl)}
        # Catalogues (`table ships of ship:`): their keys name cards of that piece.
        self.catalogues = {d.name: d.piece for d in decls if isinstance(d, ast.TableDecl) and d.piece}
        # Learned from the statements: what each variable, zone, piece field and rule parameter holds.
        self.var_roles: dict[str, Role] = {}
        self.zone_roles: dict[str, Role] = {}
        self.field_roles: dict[tuple[str, str], Role] = {}
        self.param_roles: dict[tuple[str, str], Role] = {}
        # The kinds of piece that are ever put on a board's cells.
        self.on_cells: set[str] = set()
        self._define_roles: dict[str, Optional[Role]] = {}
        self._busy: set[str] = set()
        self.blocks: list[tuple[Optional[str], list[ast.Stmt]]] = [
            (d.name if isinstance(d, ast.RuleDecl) else None, d.body)
            for d in decls if isinstance(d, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl, ast.RuleDecl))
        ]
        for decl in decls:
            if isinstance(decl, ast.ExampleDecl):
                self.blocks.append((None, decl.given + decl.when))
        self.learn_parameters_from_their_attributes(decls)
        # A few passes: each one can only add roles, and what one block learns helps the next.
        for _ in range(4):
            self._define_roles.clear()
            for rule, body in self.blocks:
                self.learn(body, self.rule_scope(rule))

    # ------------------------------------------------------------ scopes

    def rule_scope(self, rule: Optional[str]) -> dict[str, Role]:
        """The roles of a rule's parameters (none for setup, play and final scoring)."""
        if rule is None:
            return {}
        return {param: self.param_roles[(rule, param)] for param in self.rules[rule].params
                if (rule, param) in self.param_roles}

    def scope_of(self, rule: Optional[str], body: list[ast.Stmt]) -> Iterator[tuple[ast.Stmt, dict[str, Role]]]:
        """Every statement of a block (nested ones too), with the roles of the locals it sees."""
        yield from self._walk(body, self.rule_scope(rule))

    def _walk(self, body: list[ast.Stmt], scope: dict[str, Role]) -> Iterator[tuple[ast.Stmt, dict[str, Role]]]:
        scope = dict(scope)
        for statement in body:
            yield statement, dict(scope)
            self.bind(statement, scope)
            for block, inner in self.blocks_of(statement, scope):
                yield from self._walk(block, inner)

    def bind(self, statement: ast.Stmt, scope: dict[str, Role]) -> None:
        """Record the role of the local a statement binds (let, chooses, draw)."""
        role: Optional[Role] = None
        if isinstance(statement, ast.Let):
            role = self.role(statement.value, scope)
        elif isinstance(statement, ast.Choose):
            role = self.element_role(statement.options, scope)
        elif isinstance(statement, ast.Draw):
            role = self.element_role(statement.source, scope)
        elif isinstance(statement, ast.Assign) and isinstance(statement.target, ast.Name) \
                and statement.target.id in scope:
            return
        else:
            return
        name = statement.name if isinstance(statement, ast.Let) else statement.var  # type: ignore[union-attr]
        if role is not None:
            scope[name] = role
        else:
            scope.pop(name, None)

    def blocks_of(self, statement: ast.Stmt, scope: dict[str, Role]) -> list[tuple[list[ast.Stmt], dict[str, Role]]]:
        """The blocks inside a statement, each with the scope it starts with."""
        if isinstance(statement, ast.ForEach):
            inner = dict(scope)
            element = self.element_role(statement.iterable, scope)
            if element is not None:
                inner[statement.var] = element
            else:
                inner.pop(statement.var, None)
            return [(statement.body, inner)]
        if isinstance(statement, ast.If):
            return [(branch.body, scope) for branch in statement.branches] + [(statement.otherwise, scope)]
        if isinstance(statement, (ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            return [(statement.body, scope)]
        if isinstance(statement, ast.Actions):
            return [(option.body, scope) for group in statement.groups for option in group.options]
        return []

    def locals_of(self, rule: Optional[str], body: list[ast.Stmt]) -> dict[str, Role]:
        """Every local a block binds (and a rule's parameters), with its role where one is known."""
        found = dict(self.rule_scope(rule))
        for statement, seen in self.scope_of(rule, body):
            inner = dict(seen)
            self.bind(statement, inner)
            for block, block_scope in self.blocks_of(statement, inner):
                found.update(block_scope)
            found.update(inner)
        return found

    # ------------------------------------------------------------ learning from statements

    def learn_parameters_from_their_attributes(self, decls: list[ast.Decl]) -> None:
        """A parameter read as `s.strength`, where `strength` is kept per ship, is a ship.

        Likewise a per-player variable or zone makes it a player, and a field that
        only one kind of piece has makes it that piece.
        """
        per_piece = {name: getattr(d, "per_piece", None) for name, d in self.vars.items()}
        owners_of_field: dict[str, set[str]] = {}
        for piece in self.pieces.values():
            for field_name in piece.fields:
                owners_of_field.setdefault(field_name, set()).add(piece.name)
        # Defines and powers too: their parameters are worded by the same roles ("the ship").
        owners = [(rule.name, rule.params, rule.body) for rule in self.rules.values()]
        owners += [(define.name, define.params, [define.body]) for define in self.defines.values()]
        owners += [(power.name, power.params, [power.condition, power.value] + list(power.body or []))
                   for power in decls if isinstance(power, ast.PowerDecl)]
        for owner, params, body in owners:
            for node in walk([part for part in body if part is not None]):
                if not (isinstance(node, ast.Attribute) and isinstance(node.target, ast.Name)
                        and node.target.id in params):
                    continue
                name = node.name
                role = None
                if per_piece.get(name):
                    role = Role("piece", per_piece[name])
                elif (name in self.vars and self.vars[name].per_player) or \
                        (name in self.zones and self.zones[name].per_player):
                    role = PLAYER
                elif len(owners_of_field.get(name, ())) == 1 and name not in BUILTIN_ATTRIBUTES:
                    role = Role("piece", next(iter(owners_of_field[name])))
                self.note(self.param_roles, (owner, node.target.id), role)

    def learn(self, body: list[ast.Stmt], scope: dict[str, Role]) -> None:
        for statement, seen in self._walk(body, scope):
            # A define's parameter is what its calls pass in (`hand_size(p)`: a player).
            for node in walk(statement):
                if isinstance(node, ast.Call) and node.function in self.defines:
                    for param, argument in zip(self.defines[node.function].params, node.args):
                        if isinstance(argument, ast.Name) and argument.id in seen:
                            self.note(self.param_roles, (node.function, param), seen[argument.id])
            if isinstance(statement, ast.CallRule) and statement.rule in self.rules:
                for param, argument in zip(self.rules[statement.rule].params, statement.args):
                    self.note(self.param_roles, (statement.rule, param), self.role(argument, seen))
            elif isinstance(statement, ast.Create):
                piece = self.pieces.get(statement.piece)
                if piece is not None and self.role(statement.zone, seen) == CELL:
                    self.on_cells.add(piece.name)
                if piece is not None:
                    for field, argument in zip(piece.fields, statement.args):
                        self.note(self.field_roles, (piece.name, field), self.role(argument, seen))
                    zone = self.zone_of(statement.zone)
                    if zone:
                        self.note_zone(zone, Role("piece", piece.name, True))
            elif isinstance(statement, ast.Move):
                zone = self.zone_of(statement.to)
                moved = self.role(statement.what, seen)
                if moved is not None and moved.kind == "zone":
                    moved = self.zone_roles.get(moved.of)
                if moved is not None and moved.kind == "piece" and moved.of \
                        and self.role(statement.to, seen) == CELL:
                    self.on_cells.add(moved.of)
                if zone and moved is not None:
                    self.note(self.zone_roles, zone, moved if moved.many else moved.listed())
            elif isinstance(statement, ast.Assign):
                variable = self.variable_of(statement.target)
                if variable:
                    self.note(self.var_roles, variable, self.role(statement.value, seen))

    @staticmethod
    def note(table: dict, key, role: Optional[Role]) -> None:
        if role is not None and role.kind != "zone" and key not in table:
            table[key] = role

    def note_zone(self, zone: str, role: Role) -> None:
        """Learn what a zone holds; one where pieces of two kinds are made holds pieces of any kind.

        Only what is created there counts for that: what moves in is learned from roles
        that are themselves still being learned, and may be wrong on the first passes.
        """
        known = self.zone_roles.get(zone)
        if known is not None and known.kind == role.kind == "piece" and known.of != role.of:
            self.zone_roles[zone] = Role("piece", "", True)
        else:
            self.note(self.zone_roles, zone, role)

    def zone_of(self, node: ast.Expr) -> Optional[str]:
        if isinstance(node, ast.Name) and node.id in self.zones:
            return node.id
        if isinstance(node, ast.Attribute) and node.name in self.zones:
            return node.name
        return None

    def variable_of(self, node: ast.Expr) -> Optional[str]:
        if isinstance(node, ast.Name) and node.id in self.vars:
            return node.id
        if isinstance(node, ast.Attribute) and node.name in self.vars:
            return node.name
        return None

    # ------------------------------------------------------------ roles of expressions

    def piece_type_test(self, clause: ast.ComprehensionFor) -> tuple[Optional[str], Optional[ast.Expr]]:
        """The kind of piece a comprehension keeps, when its `where` opens with `piece_type(x) == "kind"`,
        and the rest of the `where`; (None, the whole `where`) otherwise."""
        parts = conjuncts(clause.where)
        test = type_test(parts[0]) if parts else None
        if test is None or test[0] != clause.var or not test[2] or len(test[1]) != 1 or not test[1] <= self.pieces.keys():
            return None, clause.where
        rest = None
        for condition in parts[1:]:
            rest = condition if rest is None else ast.BoolOp(op="and", left=rest, right=condition, span=condition.span)
        return next(iter(test[1])), rest

    def element_role(self, node: ast.Expr, scope: dict[str, Role]) -> Optional[Role]:
        """The role of one element of a list, a zone or a kind."""
        if isinstance(node, ast.Name) and node.id in self.kinds and node.id not in scope:
            return Role("member", node.id)
        role = self.role(node, scope)
        if role is None:
            return None
        if role == CELL:
            return self.board_pieces().element()
        if role.kind == "zone":
            return self.zone_roles.get(role.of, Role("piece")).element()
        return role.element()

    def role(self, node: Optional[ast.Expr], scope: dict[str, Role]) -> Optional[Role]:
        """The role of an expression's value, or None when it is not known."""
        if node is None:
            return None
        if isinstance(node, ast.Name):
            return self.name_role(node.id, scope)
        if isinstance(node, ast.Attribute):
            return self.attribute_role(node, scope)
        if isinstance(node, ast.Index):
            target = self.role(node.target, scope)
            return target.element() if target is not None and target.many else None
        if isinstance(node, ast.Call):
            return self.call_role(node, scope)
        if isinstance(node, ast.Comprehension):
            inner = dict(scope)
            for clause in node.clauses:
                piece = self.piece_type_test(clause)[0]
                element = Role("piece", piece) if piece is not None else self.element_role(clause.iterable, inner)
                if element is not None:
                    inner[clause.var] = element
                else:
                    inner.pop(clause.var, None)
            element = self.role(node.element, inner)
            return element.listed() if element is not None and not element.many else None
        if isinstance(node, ast.ListLiteral):
            roles = {self.role(item, scope) for item in node.items}
            if len(roles) == 1:
                only = roles.pop()
                return only.listed() if only is not None and not only.many else None
            return None
        if isinstance(node, ast.Binary) and node.op == "+":
            left, right = self.role(node.left, scope), self.role(node.right, scope)
            if left is not None and left == right and left.many:
                return left
            # The cards of two catalogues together are cards.
            if left is not None and right is not None and left.kind == right.kind == "card":
                return Role("card", many=True)
            # A list variable not known yet (`fleet = fleet + [s]`, the list starting empty)
            # holds what is added to it.
            if (left is None) != (right is None) and self.variable_of(node.left if left is None else node.right):
                known = left or right
                if known is not None and known.many and known.kind != "zone":
                    return known
            return None
        if isinstance(node, ast.IfExpr):
            then, otherwise = self.role(node.then, scope), self.role(node.otherwise, scope)
            if then is not None and otherwise is not None and then.kind == otherwise.kind == "zone":
                contents = {self.zone_roles.get(then.of), self.zone_roles.get(otherwise.of)}
                return contents.pop() if len(contents) == 1 else None
            if isinstance(node.otherwise, ast.NoneLiteral):
                return then
            if isinstance(node.then, ast.NoneLiteral):
                return otherwise
            return then if then == otherwise else None
        return None

    def board_pieces(self) -> Role:
        """The pieces on the board: of one kind when only one kind is ever put there."""
        return Role("piece", next(iter(self.on_cells)) if len(self.on_cells) == 1 else "", True)

    def name_role(self, name: str, scope: dict[str, Role]) -> Optional[Role]:
        if name in scope:
            return scope[name]
        if name == "players":
            return PLAYERS
        if name in self.automata:
            return PLAYER
        if name in self.zones:
            return Role("zone", name)
        if name in self.vars:
            return self.var_roles.get(name)
        if name in self.members:
            return Role("member", self.members[name])
        if name in self.defines and not self.defines[name].params:
            return self.define_role(name)
        return None

    def define_role(self, name: str) -> Optional[Role]:
        if name in self._define_roles:
            return self._define_roles[name]
        if name in self._busy:
            return None
        self._busy.add(name)
        role = self.role(self.defines[name].body, {})
        self._busy.discard(name)
        self._define_roles[name] = role
        return role

    def attribute_role(self, node: ast.Attribute, scope: dict[str, Role]) -> Optional[Role]:
        target = self.role(node.target, scope)
        name = node.name
        if name in self.zones and (target is None or target.kind == "player"):
            return Role("zone", name)
        if target is None or target.many:
            return None
        if target.kind == "piece" and target.of:
            if (target.of, name) in self.field_roles:
                return self.field_roles[(target.of, name)]
        elif target.kind == "piece":
            # A piece of no known kind: a field every kind of piece fills alike (`owner`, say).
            alike = {role for (_, field_name), role in self.field_roles.items() if field_name == name}
            if len(alike) == 1:
                return alike.pop()
        if name in self.vars:
            return self.var_roles.get(name)
        if target.kind == "cell" and name == "owner":
            return PLAYER
        return None

    def call_role(self, node: ast.Call, scope: dict[str, Role]) -> Optional[Role]:
        function, args = node.function, node.args
        if function in ELEMENT_OF and args:
            return self.element_role(args[0], scope)
        if function in SAME_LIST and args:
            role = self.role(args[0], scope)
            if role is not None and role.kind == "zone":
                return self.zone_roles.get(role.of)
            return role
        if function == "all_pieces":
            return self.board_pieces()
        if function == "keys" and args and isinstance(args[0], ast.Name) and args[0].id in self.catalogues \
                and args[0].id not in scope:
            return Role("card", self.catalogues[args[0].id], True)
        if function in CELL_LISTS:
            return CELLS
        if function in ("at", "step", "where"):
            return CELL
        if function in self.defines:
            define = self.defines[function]
            if not define.params:
                return self.define_role(function)
            inner = {param: role for param, argument in zip(define.params, args)
                     if (role := self.role(argument, scope)) is not None}
            key = f"{function}{sorted(inner.items(), key=lambda item: item[0])}"
            if key in self._define_roles:
                return self._define_roles[key]
            if key in self._busy:
                return None
            self._busy.add(key)
            role = self.role(define.body, inner)
            self._busy.discard(key)
            return role
        return None
