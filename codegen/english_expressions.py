"""Phrases of expressions: literals, texts, names, lists, calls, arithmetic, comparisons and conditions."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from codegen.english_base import VALUE_PHRASES, same
from codegen.english_words import agree, applied, article, escape_literal, fill_in, joined, lower_first, negative, \
    ordinal, plural, possessive, words
from codegen.roles import CELL, Role
from dsl import ast


COMPARISONS = {
    "==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
    ">": "is more than", ">=": "is at least",
}
OPPOSITES = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
ARITHMETIC = {"+": "+", "-": "−", "*": "×", "/": "÷", "%": "mod"}

# Built-in functions: a phrase with {0}, {1}, ... for the arguments' phrases.
FUNCTION_PHRASES: dict[str, str] = {
    "count": "the number of {0}",
    "sum": "the total of {0}",
    "max": "the largest of {0}",
    "min": "the smallest of {0}",
    "any": "any of {0}",
    "all": "all of {0}",
    "first": "the first of {0}",
    "top": "the top of {0}",
    "take": "the first {1} of {0}",
    "distinct": "the different {0}",
    "flatten": "all of {0}",
    "indices": "the positions in {0}",
    "range": "{0} to {1}",
    "index_of": "the position of {1} in {0}",
    "ceil": "{0}, rounded up",
    "floor": "{0}, rounded down",
    "abs": "the size of {0}",
    "empty": "{0} is empty",
    "where": "where {0} is",
    "all_pieces": "the pieces on {0}",
    "piece_type": "the type of {0}",
    "at": "the cell at row {1}, column {2} of {0}",
    "cells": "the cells of {0}",
    "ray": "the cells from {0} towards {1}",
    "inward": "the direction from {0} into the board",
    "perimeter": "the edge of {0}, clockwise from {1}",
    "neighbours": "the cells next to {0}",
    "distance": "the distance from {0} to {1}",
    "step": "the cell next to {0} towards {1}",
    "rotated": "{0} turned clockwise by {1}",
    "direction_to": "the direction from {0} to {1}",
    "share_places": "{1} shared out by place among {0}",
    "eliminated": "{0} is out of the game",
    "automa": "{0} is an automa",
}
NEGATED_PHRASES: dict[str, str] = {
    "empty": "{0} is not empty",
    "eliminated": "{0} is still in the game",
    "automa": "{0} is not an automa",
}


class ExpressionsMixin:
    """The part of `English` with a method per expression kind, each returning a phrase."""

    def int_literal(self, node: ast.IntLiteral) -> str:
        return str(node.value)

    def string_literal(self, node: ast.StringLiteral) -> str:
        return "“" + self.text_inside(node) + "”"

    def text_inside(self, node: ast.Expr) -> str:
        """A text as it reads between quotes: its words, with each part filled in written as a phrase.

        A part that only adds an ending (`{"" if n == 1 else "s"}`) keeps the plural
        ending; a part that only adds words when a condition holds is left out.
        """
        if not isinstance(node, ast.StringLiteral):
            return self.phrase(node)
        parts = []
        for part in node.parts:
            if isinstance(part, str):
                parts.append(escape_literal(part))
            else:
                filled = self.filled_in(part)
                if parts and re.search(r"[?.!:]$", parts[-1]) and filled[:1].isalpha():
                    filled = f" ({filled})"  # a part that runs on from a sentence, said as an aside
                parts.append(filled)
        return re.sub(r"\s{2,}", " ", "".join(parts))

    def filled_in(self, part: ast.Expr) -> str:
        """One `{...}` part of a text, as words."""
        if isinstance(part, ast.IfExpr) and all(isinstance(branch, ast.StringLiteral) and
                                                all(isinstance(p, str) for p in branch.parts)
                                                for branch in (part.then, part.otherwise)):
            then = "".join(part.then.parts)  # type: ignore[union-attr]
            otherwise = "".join(part.otherwise.parts)  # type: ignore[union-attr]
            if {then, otherwise} <= {"", "s", "es"}:
                return then or otherwise
            if not then or not otherwise:
                return ""
            return f"{escape_literal(then)} or {escape_literal(otherwise)}"
        if isinstance(part, ast.Attribute) and part.name == "name":
            return self.phrase(part.target)
        return self.phrase(part)

    def bool_literal(self, node: ast.BoolLiteral) -> str:
        return "yes" if node.value else "no"

    def none_literal(self, node: ast.NoneLiteral) -> str:
        return "nothing"

    def name(self, node: ast.Name) -> str:
        identifier = node.id
        if identifier in self.scope.roles or identifier == self.scope.you or identifier in self.scope.those:
            return self.local(identifier)
        if identifier in self.defines and not self.defines[identifier].params:
            wording = self.author_wording(self.defines[identifier])
            if wording:
                return wording
            if self.is_condition(self.defines[identifier].body):
                return words(identifier)
            return f"the {words(identifier)}"
        if identifier in VALUE_PHRASES:
            return VALUE_PHRASES[identifier]
        if identifier in self.automata:
            return self.automata[identifier]
        if identifier in self.parameters:  # a number the players set: its name, and the value these pages are for
            return f"the {words(identifier)} ({self.param_values[identifier]})"
        if identifier in self.kinds:
            return f"the {plural(words(identifier))}"
        if identifier in self.zones:
            return self.author_wording(self.zones[identifier]) or f"the {words(identifier)}"
        if identifier in self.vars:
            decl = self.vars[identifier]
            clause = self.truth(node)
            if clause is not None:
                return clause
            named = self.variable(identifier)
            return named if named != words(identifier) or decl.internal else f"the {named}"
        if identifier in self.boards:
            board = words(identifier)
            return f"the {board}" if board.endswith("board") else f"the {board} board"
        if identifier in self.members:
            return self.name_as_written(words(identifier))  # "King's Crown", as the file writes it
        if identifier in self.tables or identifier in self.legend_values or self.is_declared(identifier):
            return words(identifier)
        return self.local(identifier)

    def variant_ref(self, node: ast.VariantRef) -> str:
        return f"the {words(node.name)} variant is in play"

    def list_literal(self, node: ast.ListLiteral) -> str:
        if not node.items:
            return "nothing"
        return joined([f"({self.phrase(item)})" if isinstance(item, ast.ListLiteral) and len(item.items) > 1
                       and len(node.items) > 1 else self.operand(item) for item in node.items])

    def comprehension(self, node: ast.Comprehension) -> str:
        scope = self.scope
        parts = []
        alone = len(node.clauses) == 1 and isinstance(node.element, ast.Name) \
            and node.element.id == node.clauses[0].var
        for clause in node.clauses:
            with self.within(scope):
                parts.append(self.comprehension_for(clause, alone))
                role = self.clause_role(clause)[0]
            scope = self.with_local(clause.var, role or Role("value"), scope)
            scope = replace(scope, fleeting=scope.fleeting | {clause.var})
        with self.within(scope):
            element = self.operand(node.element)
            only = node.clauses[0] if len(node.clauses) == 1 else None
            if only is not None and isinstance(node.element, ast.Name) and node.element.id == only.var:
                text = parts[0]
            else:
                text = f"{element} for {', '.join(parts)}"
            if node.order_by is not None:
                direction = "highest" if node.descending else "lowest"
                text += f", {direction} {self.phrase(node.order_by)} first"
        return text

    def comprehension_for(self, node: ast.ComprehensionFor, alone: bool = False) -> str:
        """`each space of the board where ...`; alone (the list of the elements themselves): `the spaces of ...`."""
        role, where = self.clause_role(node)
        source = self.operand(node.iterable)
        if alone and node.where is None and not source.startswith("("):
            return source  # the list as it is: "the coins in the bag", not "the coins in coins in the bag"
        inner = self.with_local(node.var, role or Role("value"))
        inner = replace(inner, fleeting=inner.fleeting | {node.var})
        with self.within(inner):
            subject = self.local(node.var)
        if subject == "that value":  # a name nothing names better: "each one of X where it is empty"
            inner = replace(inner, meanings={**inner.meanings, node.var: "it"})
            subject = "one"
        preposition = "of" if source.startswith(("the ", "every ")) else "in"
        many = f"{plural(subject[4:])}"
        if subject.startswith("the ") and alone and (source == f"the {many}" or source.startswith(f"the {many} ")
                                                     or source.endswith(f" {many}")):
            text = source  # "the island spaces", not "the spaces of the island spaces"
        elif subject.startswith("the ") and alone:
            text = f"the {plural(subject[4:])} {preposition} {source}"
        elif subject.startswith("the "):
            text = f"each {subject[4:]} {preposition} {source}"
        elif subject == "one" and alone:
            text = f"the ones {preposition} {source}"
        elif alone and not subject.startswith("*"):
            text = f"each {subject} {preposition} {source}"
        elif alone:
            text = f"those {preposition} {source}"
        else:
            text = f"each {subject} in {source}"
        if where is not None:
            with self.within(inner):
                condition = self.phrase(where)
            if subject == "one":
                condition = re.sub(r"\bit's\b", "its", condition)
                if condition.startswith(("it is ", "it has ")) and " and " not in condition and " or " not in condition:
                    verb, rest = condition[3:].split(" ", 1)
                    plural_verb = {"is": "are", "has": "have"}[verb] if alone else verb
                    return f"{text} that {plural_verb} {rest}"
            # "where the space is empty" said of the spaces themselves: "that are empty".
            verbs = {" is ": " that are " if text.startswith("the ") else " that is ",
                     " has ": " that have " if text.startswith("the ") else " that has "}
            said = next((verbs[verb] + condition[len(subject) + len(verb):] for verb in verbs
                         if subject.startswith("the ") and condition.startswith(subject + verb)
                         and " and " not in condition and " or " not in condition
                         and not condition[len(subject) + len(verb):].startswith(("a ", "an "))), None)
            text += said or f" where {condition}"
        return text

    def clause_role(self, node: ast.ComprehensionFor) -> tuple[Optional[Role], Optional[ast.Expr]]:
        """What a comprehension's variable is, and what is left of its `where` to say.

        A `where` that opens with `piece_type(x) == "card"` names the elements (the cards of
        the zone) and is not said again; otherwise they are what the list or zone holds.
        """
        piece, rest = self.roles.piece_type_test(node)
        if piece is not None:
            return Role("piece", piece), rest
        return self.roles.element_role(node.iterable, self.scope.roles), node.where

    def attribute(self, node: ast.Attribute) -> str:
        target = node.target
        if node.name == "name" and self.roles.role(target, self.scope.roles) in (Role("player"),):
            return self.phrase(target)
        clause = self.truth(node)
        if clause is not None:
            return clause
        if node.name in self.vars:
            attribute = self.variable(node.name)
        elif node.name in self.zones:
            attribute = self.author_wording(self.zones[node.name]) or words(node.name)
        else:
            attribute = {"col": "column", "index": "seat number"}.get(node.name, words(node.name))
        if "{" in attribute:
            return fill_in(attribute, {}, lambda _: self.operand(target))
        return f"{possessive(self.operand(target))} {attribute}"

    def index(self, node: ast.Index) -> str:
        target_node, index = node.target, node.index
        target = self.operand(target_node)
        if isinstance(target_node, ast.Name) and target_node.id in self.tables and self.tables[target_node.id].piece:
            return self.operand(index)  # a catalogue's row is the card its key names: "the ship's points"
        if isinstance(target_node, ast.Name) and target_node.id in self.tables:
            header = self.tables[target_node.id].header
            if header is not None and len(header.values) == 1:
                return f"the {lower_first(header.values[0])} for {self.operand(index)}"
            # A table named for what it is looked up by says its own preposition: "actions for the ...".
            joining = "" if re.search(r"\b(?:for|of|by|per|at|on|in)$", target) else " for"
            return f"{target}{joining} {self.operand(index)}"
        if isinstance(target_node, ast.Name) and target_node.id == "players" and isinstance(index, ast.IntLiteral):
            return f"the {ordinal(index.value + 1)} player"
        if isinstance(index, ast.IntLiteral) and index.value >= 0:
            role = self.roles.role(target_node, self.scope.roles)
            if role is not None and role.many and role.kind in ("player", "piece", "cell"):
                return f"the {ordinal(index.value + 1)} {self.noun(role)} in {target}"  # "the second player in ..."
            return f"the {ordinal(index.value + 1)} of {target}"
        if isinstance(index, ast.Binary) and index.op == "-" and isinstance(index.right, ast.IntLiteral) \
                and index.right.value == 1 and isinstance(index.left, ast.Call) and index.left.function == "count" \
                and index.left.args and same(index.left.args[0], target_node):
            return f"the last of {target}"
        if isinstance(index, ast.Name) and index.id in self.scope.roles and self.scope.roles[index.id].kind == "position":
            return f"the matching one of {target}"
        if isinstance(index, ast.Binary) and index.op == "-" and isinstance(index.right, ast.IntLiteral) \
                and index.right.value == 1:
            return f"item {self.operand(index.left)} of {target}"  # positions count from 0: item n is at n - 1
        return f"item {self.operand(index)} of {target}, counting from 0"

    def call(self, node: ast.Call) -> str:
        function = node.function
        total = self.total_of_field(node)
        if total:
            return total
        if function == "at" and all(isinstance(a, ast.IntLiteral) for a in node.args[1:]):
            row, column = (a.value + 1 for a in node.args[1:])  # type: ignore[union-attr]
            return f"row {row}, column {column} of {self.phrase(node.args[0])}"
        if function in ("first", "top") and node.args and self.is_zone(node.args[0]):
            return f"{'one' if function == 'first' else 'the top one'} of {self.phrase(node.args[0])}"
        if function in ("min", "max") and node.args and isinstance(node.args[0], ast.ListLiteral) \
                and len(node.args[0].items) == 2:
            size = "smaller" if function == "min" else "larger"
            return f"the {size} of {self.phrase(node.args[0])}"
        arguments = [self.operand(argument) for argument in node.args]
        if function == "distinct" and (arguments[0].startswith("the ") or isinstance(node.args[0], ast.Comprehension)):
            return f"{arguments[0]}, each once"
        if function == "keys" and node.args and isinstance(node.args[0], ast.Name) \
                and node.args[0].id in self.roles.catalogues:
            return f"the {words(node.args[0].id)}"  # its cards, by their keys
        if function == "take" and len(arguments) == 2 and not isinstance(node.args[1], ast.IntLiteral):
            return f"as many of {arguments[0]} as {arguments[1]}"  # not "the first the cost of ..."
        if function in FUNCTION_PHRASES:
            if function == "cells":
                return f"every {self.cell_noun} of {arguments[0]}"
            return FUNCTION_PHRASES[function].format(*arguments)
        define = self.defines.get(function)
        if define is not None:
            wording = self.author_wording(define)
            if wording:
                return fill_in(wording, dict(zip(define.params, arguments)))
            condition = self.condition_call(function, arguments)
            if condition:
                return condition
        return applied(function, arguments)

    def total_of_field(self, node: ast.Call) -> Optional[str]:
        """`sum([c.gold for c in L])` as "the total gold of L", not "the total of the coin's gold for each coin of L"."""
        if node.function != "sum" or len(node.args) != 1 or not isinstance(node.args[0], ast.Comprehension):
            return None
        listed = node.args[0]
        element = listed.element
        if len(listed.clauses) != 1 or listed.order_by is not None or not isinstance(element, ast.Attribute) \
                or not isinstance(element.target, ast.Name) or element.target.id != listed.clauses[0].var \
                or element.name in self.vars:
            return None
        source = self.comprehension_for(listed.clauses[0], alone=True)
        return f"the total {words(element.name)} of {source}"

    def condition_call(self, function: str, arguments: list[str]) -> Optional[str]:
        """A define that is a condition, said of its arguments: "ship T may board", "the ship is derelict"."""
        define = self.defines.get(function)
        if define is None or not self.is_condition(define.body) or function.startswith(("is_", "has_", "can_")):
            return None
        if len(arguments) == 1 and function.startswith(("may_", "must_")):
            return f"{arguments[0]} {words(function)}"
        if len(arguments) == 1:
            return agree(f"{arguments[0]} is {words(function)}")
        if len(arguments) == 2:
            return f"{arguments[0]} {words(function)} {arguments[1]}"
        return None

    def is_zone(self, node: ast.Expr) -> bool:
        role = self.roles.role(node, self.scope.roles)
        return role is not None and (role.kind == "zone" or role == CELL)

    def binary(self, node: ast.Binary) -> str:
        if node.op == "+" and (self.is_list(node.left) or self.is_list(node.right)):
            return f"{self.operand(node.left)} and {self.operand(node.right)}"
        return f"{self.operand(node.left)} {ARITHMETIC.get(node.op, node.op)} {self.operand(node.right)}"

    def is_list(self, node: ast.Expr) -> bool:
        if isinstance(node, (ast.ListLiteral, ast.Comprehension)):
            return True
        role = self.roles.role(node, self.scope.roles)
        return role is not None and (role.many or role.kind == "zone")

    def compare(self, node: ast.Compare) -> str:
        left, right, op = node.left, node.right, node.op
        if isinstance(right, ast.NoneLiteral) and op in ("==", "!="):
            return self.is_none(left, op == "==")
        if isinstance(right, ast.IntLiteral) and isinstance(left, ast.Call) and left.function == "count" \
                and left.args:
            counted = self.counted(left.args[0], op, right.value)
            if counted:
                return counted
        if op in ("==", "!=") and isinstance(left, ast.Call) and left.function == "piece_type" and left.args \
                and isinstance(right, ast.StringLiteral) and "".join(map(str, right.parts)) in self.pieces:
            negation = " not" if op == "!=" else ""
            return f"{self.operand(left.args[0])} is{negation} {article(words(''.join(map(str, right.parts))))}"
        if op in ("==", "!=") and isinstance(left, ast.Attribute) and isinstance(right, ast.Name) \
                and self.legend_values.get(right.id) == left.name:
            negation = " not" if op == "!=" else ""
            return f"{self.operand(left.target)} is{negation} {article(words(right.id))}"
        return f"{self.operand(left)} {COMPARISONS.get(op, op)} {self.operand(right)}"

    def is_none(self, node: ast.Expr, is_none: bool) -> str:
        """`x == none` and `x != none`, as a reader says them."""
        if isinstance(node, ast.Name) and node.id in self.scope.declined:
            chooser, question = self.scope.declined[node.id]
            if question:
                says = "say" if chooser == "you" else "says"
                return f"{chooser} {says} no" if is_none else f"{chooser} {says} yes"
            return f"{chooser} declined" if is_none else f"{chooser} did not decline"
        text = self.operand(node)
        if text.startswith("your ") and "'" not in text:
            thing = text[len("your "):]
            return f"you have no {thing}" if is_none else f"you have {article(thing)}"
        owned = re.fullmatch(r"(.+?)'s? ([^*']+)", text)
        if owned and not owned.group(1).startswith("("):
            owner = owned.group(1) + ("s" if text.startswith(owned.group(1) + "s'") else "")
            thing = owned.group(2)
            return agree(f"{owner} has no {thing}" if is_none else f"{owner} has {article(thing)}")
        thing = text[len("the "):] if text.startswith("the ") else text
        return f"there is no {thing}" if is_none else f"there is {article(thing) if thing[:1].isalpha() else thing}"

    def counted(self, node: ast.Expr, op: str, number: int) -> Optional[str]:
        """`count(X) > 0` as "X is not empty", `count(X) == 0` as "X is empty" (None for other counts)."""
        text = self.operand(node)
        some = (op == ">" and number == 0) or (op == ">=" and number == 1) or (op == "!=" and number == 0)
        none = (op == "==" and number == 0) or (op == "<" and number == 1) or (op == "<=" and number == 0)
        if not (some or none):
            return None
        if text.startswith("your ") and "'" not in text and text.endswith("s") and not text.endswith("ss"):
            thing = text[len("your "):]
            return f"you have {thing}" if some else f"you have no {thing}"
        if text.startswith("the ") and not self.is_zone(node) \
                and any(word.endswith("s") and not word.endswith("ss") for word in text.split("(")[0].split()[1:]):
            return f"there are {text[4:]}" if some else f"there are no {text[4:]}"
        being = "are" if text.endswith("s") and not text.endswith("ss") else "is"
        return f"{text} {being} not empty" if some else f"{text} {being} empty"

    def membership(self, node: ast.Membership) -> str:
        relation = "is not in" if node.negated else "is in"
        return f"{self.operand(node.element)} {relation} {self.operand(node.collection)}"

    def bool_op(self, node: ast.BoolOp) -> str:
        def side(child: ast.Expr) -> str:
            if isinstance(child, ast.BoolOp) and child.op != node.op:
                return f"({self.phrase(child)})"
            if isinstance(child, (ast.Binary, ast.IfExpr)):
                return self.operand(child)
            return self.phrase(child)

        return f"{side(node.left)} {node.op} {side(node.right)}"

    def not_(self, node: ast.Not) -> str:
        operand = node.operand
        if isinstance(operand, ast.Not):
            return self.phrase(operand.operand)
        clause = self.truth(operand)
        if clause is not None:
            return negative(clause)
        if isinstance(operand, ast.BoolOp):
            flipped_op = "or" if operand.op == "and" else "and"
            negated = [ast.Not(span=side.span, operand=side) for side in (operand.left, operand.right)]
            return self.phrase(ast.BoolOp(span=operand.span, op=flipped_op, left=negated[0], right=negated[1]))
        if isinstance(operand, ast.Compare) and operand.op in OPPOSITES:
            return self.phrase(operand.model_copy(update={"op": OPPOSITES[operand.op]}))
        if isinstance(operand, ast.Call) and operand.function in NEGATED_PHRASES:
            return NEGATED_PHRASES[operand.function].format(*(self.operand(a) for a in operand.args))
        if isinstance(operand, ast.Membership):
            return self.phrase(operand.model_copy(update={"negated": not operand.negated}))
        if isinstance(operand, ast.Call) and operand.function.startswith(("is_", "has_", "can_")) \
                and not (operand.function in self.defines and self.author_wording(self.defines[operand.function])):
            head, _, rest = operand.function.partition("_")
            verb_phrase = {"is": "is not", "has": "has no", "can": "cannot"}[head]
            return agree(f"{', '.join(self.operand(a) for a in operand.args)} {verb_phrase} {words(rest)}")
        if isinstance(operand, ast.Call) and operand.function in self.defines:
            define = self.defines[operand.function]
            if not self.author_wording(define) and len(operand.args) == 1 and self.is_condition(define.body) \
                    and not operand.function.startswith(("is_", "has_", "can_")):
                return agree(f"{self.operand(operand.args[0])} is not {words(operand.function)}")
            if self.author_wording(define) or self.is_condition(define.body):
                return f"it is not the case that {self.phrase(operand)}"
        if isinstance(operand, ast.Call) and operand.function.startswith(("is_", "has_", "can_")):
            head, _, rest = operand.function.partition("_")
            verb_phrase = {"is": "is not", "has": "has no", "can": "cannot"}[head]
            return f"{', '.join(self.operand(a) for a in operand.args)} {verb_phrase} {words(rest)}"
        if isinstance(operand, ast.Name) and operand.id in self.scope.roles:
            return f"{self.phrase(operand)} is no"
        if isinstance(operand, ast.Attribute) and operand.name in self.vars and "{" in self.variable(operand.name):
            return f"it is not the case that {self.phrase(operand)}"
        return f"not {self.operand(operand)}"

    def negate(self, node: ast.Negate) -> str:
        return f"−{self.operand(node.operand)}"

    def if_expr(self, node: ast.IfExpr) -> str:
        return f"{self.operand(node.then)} if {self.phrase(node.condition)}, otherwise {self.operand(node.otherwise)}"
