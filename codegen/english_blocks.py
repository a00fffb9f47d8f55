"""A block of statements as steps: the author's wording of each, the locals each binds, the decisions a card lists."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from codegen.english_base import LEAVE_OUT, Decision, Scope, Step, mark_origin, rebinds, walk_statements
from codegen.english_names import NamesMixin
from codegen.english_words import agree, asks_for, capitalize, lower_first, possessive, words
from codegen.roles import Role
from dsl import ast


class BlocksMixin:
    """The part of `English` that puts a block into steps and follows the scope from statement to statement."""

    def steps(self, statements: list[ast.Stmt]) -> list[Step]:
        """A block as steps: the author's wording where there is one, else each statement's own.

        The block's locals are known from the statement that binds them onwards. When
        decisions are being collected, the steps after a decision in its block are
        what it leads to, and decisions inside them belong to it.
        """
        result: list[Step] = []
        saved = self.scope
        current: Optional[Decision] = None
        try:
            for position, statement in enumerate(statements):
                if isinstance(statement, ast.Let) and not self.author_wording(statement) \
                        and not self.is_read(statement.name, statements[position + 1:]):
                    self.scope = self.bound(statement)
                    continue  # a name only worded statements use: nobody reads it
                if isinstance(statement, ast.Let):
                    meaning = self.let_meaning(statement, statements[position + 1:])
                    if meaning is not None:
                        scope = self.bound(statement)
                        self.scope = replace(scope, meanings={**scope.meanings, statement.name: meaning})
                        if not self.author_wording(statement):
                            continue  # its value is said wherever it is used
                        rendered_let = self.render_worded_let(statement)
                        if rendered_let is not None:
                            result.append(rendered_let)
                        continue
                is_choice = isinstance(statement, ast.Choose)
                wording = self.author_wording(statement)
                # A wording above an `if` whose other branches the author worded too words its first branch.
                first_branch = bool(wording) and wording != LEAVE_OUT and self.words_first_branch(statement, wording)
                # Inside a statement the author worded whole, only choices the author worded too are listed.
                hidden = bool(wording) and not wording.endswith(":") and not is_choice and not first_branch
                nested = (current is not None and not is_choice) or hidden
                if is_choice and self.collect_decisions and not self._nested_decision \
                        and (not self._inside_wording or wording):
                    current = self.decision(statement)
                    if self._inside_wording:  # what follows is what the author said of the whole
                        current.then = [Step(self._inside_wording[-1], worded=True)]
                        current.settled = True
                    self.decisions.append(current)
                following = current is not None and not is_choice
                self._nested_decision += following
                if hidden:
                    self._inside_wording.append(wording)  # type: ignore[arg-type]
                try:
                    rendered = self.render(statement)
                finally:
                    self._nested_decision -= following
                    if hidden:
                        self._inside_wording.pop()
                if wording == LEAVE_OUT:
                    rendered = None
                elif first_branch:
                    ending = "" if wording.endswith((".", "!", "?")) else "."
                    rest = rendered[1:] if isinstance(rendered, list) else []
                    rendered = [Step(wording + ending, [], "IfBranch", worded=True)] + rest
                elif wording and wording.endswith(":") and self.has_block(statement) and rendered:
                    rendered = self.head_worded(rendered, wording)
                elif wording:
                    ending = "" if wording.endswith((".", "!", "?", ":")) else "."
                    label = self.rule_labels.get(statement.rule) if isinstance(statement, ast.CallRule) else None
                    if label and not re.search(rf"\b{label}\b", wording):
                        # A worded call still says where its rule is set out.
                        wording, ending = wording.rstrip("."), f" (see {label})."
                    rendered = Step(wording + ending, [], type(statement).__name__, worded=True)
                new_steps = [] if rendered is None else rendered if isinstance(rendered, list) else [rendered]
                for new_step in new_steps:
                    mark_origin(new_step, statement.span)
                if nested and current is not None and not current.settled:
                    current.then.extend(new_steps)
                result.extend(new_steps)
                self.scope = self.bound(statement)
        finally:
            self.scope = saved
        return result

    def words_first_branch(self, statement: ast.Stmt, wording: str) -> bool:
        """True when a wording above an `if` words only its first branch: the author worded a
        statement in one of its other branches too, which a wording of the whole would hide."""
        if not isinstance(statement, ast.If) or wording.endswith(":"):
            return False
        if statement.otherwise and self.else_wording(statement):
            return True
        if any(self.author_wording(branch) not in (None, LEAVE_OUT) for branch in statement.branches[1:]):
            return True  # an `elif` the author worded: a wording of the whole would hide it
        others = [branch.body for branch in statement.branches[1:]] + [statement.otherwise]
        # A worded choice inside a worded whole is listed as a decision of it (see `steps`).
        return any(self.author_wording(inner) not in (None, LEAVE_OUT) and not isinstance(inner, (ast.Choose, ast.ChooseSet))
                   for block in others for inner in walk_statements(block))

    def let_meaning(self, node: ast.Let, following: list[ast.Stmt]) -> Optional[str]:
        """What a `let` name is read as from then on, or None when it must be named.

        The author's wording `The NAME is ...` (or `... are`, `... means`) names it by
        its own words; else, when nothing changes it later, it reads as its value's
        phrase ("your card's value"), and the `let` line itself says nothing more.
        """
        wording = self.author_wording(node)
        if wording and wording != LEAVE_OUT:
            named = re.match(r"((?:[Tt]he |[Yy]our )?[\w'’ ]+?) (?:is|are|means) ", wording)
            if named and len(named.group(1).split()) <= 4:
                return lower_first(named.group(1)) if named.group(1).lower().startswith(("the ", "your ")) \
                    else named.group(1).lower()
            return None
        if rebinds(node.name, following):
            return None
        meaning = self.phrase(node.value)
        if isinstance(node.value, ast.Comprehension) and not meaning.startswith(("the ", "your ", "every ")):
            return None  # "x for each y in z" is no name
        return meaning

    def render_worded_let(self, node: ast.Let) -> Optional[Step]:
        """A `let` the author worded: the wording as its step (nothing for `#: -`)."""
        wording = self.author_wording(node)
        if not wording or wording == LEAVE_OUT:
            return None
        ending = "" if wording.endswith((".", "!", "?", ":")) else "."
        return Step(wording + ending, [], "Let", worded=True, origin=node.span)

    def is_read(self, name: str, statements: list[ast.Stmt]) -> bool:
        """True when a statement that is not worded by the author uses the name."""
        for statement in statements:
            wording = self.author_wording(statement)
            if wording and not wording.endswith(":"):
                continue
            if isinstance(statement, ast.Log) or (isinstance(statement, (ast.Assign, ast.AddTo))
                                                  and self.is_bookkeeping(statement.target)):
                continue
            if wording:  # worded opening line: only its block is read
                inner = [block for _, block in self.blocks(statement)]
                if any(self.is_read(name, block) for block in inner):
                    return True
                continue
            for node in walk_without_worded(self, statement):
                if isinstance(node, ast.Name) and node.id == name:
                    return True
        return False

    @staticmethod
    def blocks(statement: ast.Stmt) -> list[tuple[str, list[ast.Stmt]]]:
        if isinstance(statement, ast.If):
            return [("branch", b.body) for b in statement.branches] + [("else", statement.otherwise)]
        body = getattr(statement, "body", None)
        return [("body", body)] if isinstance(body, list) else []

    def decision(self, node: ast.Choose) -> Decision:
        """A decision for the reference card: the prompt (or the author's wording), who makes it, when."""
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        prompt = self.text_inside(node.prompt).strip() if node.prompt is not None else ""
        skip = ""
        if node.optional:
            skip = (self.text_inside(node.skip_text).strip() if node.skip_text is not None else "") or "skip"
        prompt = capitalize(agree(prompt))
        return Decision(prompt=self.author_wording(node) or prompt or capitalize(f"choose from {options}"),
                        chooser=chooser, options=options, optional=skip, place=self.place[0], label=self.place[1],
                        conditions=[c for c in self.conditions if not asks_for(c, options)], origin=node.span)

    @staticmethod
    def has_block(statement: ast.Stmt) -> bool:
        return isinstance(statement, (ast.If, ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase))

    @staticmethod
    def head_worded(rendered, wording: str):
        """A block statement whose opening line the author worded: the wording, then its block."""
        first = rendered[0] if isinstance(rendered, list) else rendered
        children = first.children or first.block
        if not children:
            return Step(wording.rstrip(":") + ".", [], first.kind, worded=True)
        worded = Step(wording, children, first.kind, worded=True)
        return [worded] + rendered[1:] if isinstance(rendered, list) else worded

    def bound(self, statement: ast.Stmt) -> Scope:
        """The scope after a statement: with the local it binds, if any."""
        scope = self.scope
        if isinstance(statement, ast.Let):
            return self.with_local(statement.name, self.roles.role(statement.value, scope.roles))
        if isinstance(statement, ast.Choose):
            role = self.roles.element_role(statement.options, scope.roles)
            new = self.with_local(statement.var, role)
            meaning = self.chosen(statement, role)
            if meaning and meaning in new.meanings.values():
                meaning = meaning.replace("the ", "the second ", 1) if meaning.startswith("the ") else None
            if meaning and meaning not in new.meanings.values():
                new = replace(new, meanings={**new.meanings, statement.var: meaning})
            if statement.optional:
                declined = dict(new.declined)
                declined[statement.var] = (self.phrase(statement.player), self.yes_or_no(statement))
                new = replace(new, declined=declined)
            return new
        if isinstance(statement, (ast.Draw, ast.WeightedDraw)):
            return self.with_local(statement.var, self.roles.element_role(statement.source, scope.roles))
        if isinstance(statement, ast.ChooseSet):
            new = self.with_local(statement.var, None)
            chosen = agree(f"the ones {self.phrase(statement.player)} chose")
            return replace(new, meanings={**new.meanings, statement.var: chosen})
        if isinstance(statement, ast.Roll):
            new = self.with_local(statement.var, None)
            return replace(new, meanings={**new.meanings, statement.var: f"the {self.roll_name(statement.die)}"})
        return scope

    def chosen(self, node: ast.Choose, role: Optional[Role]) -> Optional[str]:
        """What a choice is read as afterwards: "the space you chose", "your choice"."""
        chooser = self.phrase(node.player)
        if role is not None and not role.many and role.kind in ("piece", "cell", "member", "card"):
            if chooser != "you":
                return f"the {self.noun(role)} chosen by {chooser}"  # not "the ship ship X's owner chose"
            return agree(f"the {self.noun(role)} {chooser} chose")
        if role is None or role.kind == "value":
            return f"{possessive(chooser)} choice"
        return None

    @staticmethod
    def roll_name(die: str) -> str:
        """`combat_die` -> "combat roll", `d6` -> "roll"."""
        name = words(die)
        if re.fullmatch(r"d\d+", name):
            return "roll"
        return (name[:-len(" die")] if name.endswith(" die") else name) + " roll"


def walk_without_worded(english: NamesMixin, node: object):
    """Every node inside a node, except inside statements the author worded whole."""

    def worded_whole(inner: ast.Node) -> bool:
        if not isinstance(inner, ast.Stmt):
            return False
        wording = english.author_wording(inner)
        return bool(wording) and not wording.endswith(":")

    return ast.walk(node, skip=worded_whole)
