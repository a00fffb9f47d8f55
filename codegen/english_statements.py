"""Steps of statements: changes to values, moves, choices, draws, actions, rule calls, ifs and loops."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from codegen.english_base import Step, same, shallow_walk, walk_statements
from codegen.english_words import agree, article, capitalize, escape_literal, fill_in, joined, lower_first, negative, \
    now, plural, possessive, verb, words
from codegen.roles import CELL, Role
from dsl import ast


class StatementsMixin:
    """The part of `English` with a method per statement kind, each returning a step (or none, or several)."""

    def is_bookkeeping(self, target: ast.Expr) -> bool:
        """A change to an `internal` variable: nothing a player needs to read (its wording only names it)."""
        name = target.id if isinstance(target, ast.Name) else target.name if isinstance(target, ast.Attribute) else None
        if isinstance(target, ast.Name) and target.id in self.scope.roles:
            return False
        decl = self.vars.get(name or "")
        return decl is not None and decl.internal

    def owner_subject(self, target: ast.Expr) -> Optional[str]:
        """For `p.points`, the player who gains or loses ("you"), when the target is a player's number."""
        if isinstance(target, ast.Attribute) and target.name in self.vars and self.vars[target.name].per_player:
            return self.phrase(target.target)
        return None

    def let(self, node: ast.Let) -> Step:
        value = self.phrase(node.value)
        with self.within(self.bound(node)):
            name = self.local(node.name)
        role = self.roles.role(node.value, self.scope.roles)
        being = "are" if name.endswith("s") or (role is not None and role.many) else "is"
        return Step(capitalize(agree(f"{name} {being} {value}.")), kind="Let")

    def assign(self, node: ast.Assign) -> Optional[Step]:
        if self.is_bookkeeping(node.target):
            return None
        target, value = node.target, node.value
        if isinstance(value, ast.Binary) and value.op == "+" and same(value.left, target) and self.is_list(value.right):
            return Step(capitalize(f"add {self.phrase(value.right)} to {self.phrase(target)}."), kind="Assign")
        if isinstance(value, ast.Comprehension) and len(value.clauses) == 1 and same(value.clauses[0].iterable, target) \
                and isinstance(value.element, ast.Name) and value.element.id == value.clauses[0].var \
                and isinstance(value.clauses[0].where, ast.Compare) and value.clauses[0].where.op == "!=" \
                and isinstance(value.clauses[0].where.left, ast.Name) \
                and value.clauses[0].where.left.id == value.clauses[0].var and value.order_by is None:
            removed = self.phrase(value.clauses[0].where.right)
            return Step(capitalize(f"take {removed} out of {self.phrase(target)}."), kind="Assign")
        clause = self.truth(target)
        if clause is not None:
            if isinstance(value, ast.BoolLiteral):
                return Step(capitalize(now(clause) if value.value else negative(clause)) + ".", kind="Assign")
            condition = self.phrase(value)
            return Step(capitalize(f"{now(clause)} if {condition}, and {negative(clause)} otherwise") + ".", kind="Assign")
        target_text = self.phrase(target)
        # "the spots become ...": a name of several things takes the plural verb.
        many = re.fullmatch(r"the [\w ]*[a-z][^s'’]s", target_text) is not None
        if isinstance(value, ast.NoneLiteral):
            return Step(capitalize(agree(f"{target_text} {'are' if many else 'is'} now nothing.")), kind="Assign")
        return Step(capitalize(agree(f"{target_text} {'become' if many else 'becomes'} {self.phrase(value)}.")),
                    kind="Assign")

    def add_to(self, node: ast.AddTo) -> Optional[Step]:
        if self.is_bookkeeping(node.target):
            return None
        subject = self.owner_subject(node.target)
        wording = self.variable(node.target.name) if subject is not None else ""  # type: ignore[union-attr]
        if subject is not None and not wording.startswith(("the ", "a ", "an ", "your ", "{")) and "{" not in wording:
            # "You gain 1 point"; a variable the author words as a phrase of its own ("the chips {p} has put in
            # the pot") is added to instead, never "you gain 1 the chips ...".
            gains = verb(subject, "gains" if node.sign >= 0 else "loses")
            what = wording
            if isinstance(node.value, ast.IntLiteral):
                if node.value.value == 1 and re.search(r"[^s]s$", what) and "{" not in what:
                    what = what[:-1]  # 1 point
                text = f"{subject} {gains} {node.value.value} {what}"
            else:
                text = f"{subject} {gains} {what} equal to {self.phrase(node.value)}"
            return Step(capitalize(text) + ".", kind="AddTo")
        if node.sign >= 0:
            return Step(capitalize(f"add {self.phrase(node.value)} to {self.phrase(node.target)}."), kind="AddTo")
        return Step(capitalize(f"subtract {self.phrase(node.value)} from {self.phrase(node.target)}."), kind="AddTo")

    def move(self, node: ast.Move) -> Step:
        where = " (at the bottom)" if node.place == "bottom" else ""
        what = self.phrase(node.what)
        if self.is_zone(node.what) and not isinstance(node.what, ast.Call):
            on_cell = self.roles.role(node.what, self.scope.roles) == CELL
            what = f"everything {'on' if on_cell else 'in'} {what}"
        into = "onto" if self.roles.role(node.to, self.scope.roles) == CELL else "to"
        return Step(capitalize(f"move {what} {into} {self.phrase(node.to)}{where}."), kind="Move")

    def create(self, node: ast.Create) -> Step:
        piece = self.pieces.get(node.piece)
        fields = piece.fields if piece is not None else []
        noun = words(node.piece)
        count = node.count.value if isinstance(node.count, ast.IntLiteral) else None
        owner = ""
        details = []
        named_as = None  # "Put the card you chose in your hand", not "a card with name the card you chose"
        called = None  # "a crew named ...'
        for name, argument in zip(fields, node.args):
            value = self.phrase(argument)
            if name == "owner" and self.roles.role(argument, self.scope.roles) == Role("player"):
                owner = possessive(value)
            elif name == "name" and count == 1 and len(node.args) == 1 and \
                    re.fullmatch(rf"the {re.escape(noun)}(?: (?:you chose|chosen by .+))?", value):
                named_as = value
            elif name == "name":
                called = value
            elif isinstance(argument, ast.BoolLiteral):
                if argument.value:
                    details.append(f"marked {words(name)}")
            elif value == f"the {words(name)}":
                details.append(value)  # "a card with the suit and value 7", not "with suit the suit"
            elif value == "that value":
                whose = "of that value" if name == "value" else f"whose {words(name)} is that value"
                called = f"{called} {whose}" if called else whose  # said after the piece, not after "with"
            else:
                details.append(f"{words(name)} {value}")
        owned = f"of {owner} " if owner else ""
        if count == 1:
            amount = f"{owner} {noun}" if owner else article(noun)
        elif count is not None:
            amount = f"{count} {owned}{plural(noun)}"
        elif isinstance(node.count, ast.IfExpr):
            amount = (f"{self.operand(node.count.then)} {owned}{plural(noun)} if {self.phrase(node.count.condition)}, "
                      f"otherwise {self.operand(node.count.otherwise)}")
        else:
            amount = f"as many {owned}{plural(noun)} as {self.phrase(node.count)}"
        marked = [detail for detail in details if detail.startswith("marked ")]
        others = [detail for detail in details if not detail.startswith("marked ")]
        detail = (" " + joined(marked) if marked else "") \
            + ((f" {called}" if called.startswith(("of ", "whose ")) else f" named {called}") if called else "") \
            + (f" with {joined(others)}" if others else "")
        if named_as is not None:
            amount = named_as
        into = "on" if self.roles.role(node.zone, self.scope.roles) == CELL else "in"
        place = self.phrase(node.zone)
        for named in (f"the {plural(noun)} ", f"{plural(noun)} "):  # "10 chests in the supply", not "in chests in the supply"
            if count is not None and count > 1 and place.startswith(named) and place[len(named):].startswith(("in ", "on ")):
                into, place = place[len(named):].split(" ", 1)
        text = f"put {amount}{detail} {into} {place}"
        if isinstance(node.count, ast.IfExpr) and count is None:
            text = f"put {detail.strip() + ' ' if detail else ''}{plural(noun)} {into} {self.phrase(node.zone)}: {amount}"
        return Step(capitalize(text) + ".", kind="Create")

    def yes_or_no(self, node: ast.Choose) -> bool:
        """A question (its prompt ends in "?") with one option written out and a way out: answered yes or no."""
        return bool(node.optional and isinstance(node.options, ast.ListLiteral) and len(node.options.items) == 1
                    and node.prompt is not None and self.text_inside(node.prompt).strip().endswith("?"))

    def choose(self, node: ast.Choose) -> Step:
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        prompt = self.text_inside(node.prompt).strip() if node.prompt is not None else ""
        prompt = capitalize(prompt)
        if self.yes_or_no(node):
            # One option and a way out: a question answered yes or no ("Scuttle the ship?").
            skip = self.text_inside(node.skip_text).strip() if node.skip_text is not None else ""
            no = f"no (“{skip.rstrip('.')}”)" if skip and skip.lower() != "no" else "no"
            if chooser == "you":
                return Step(capitalize(agree(f"{prompt} Yes or {no}.")), kind="Choose")
            return Step(capitalize(agree(f"{chooser} is asked “{prompt}”: yes or {no}.")), kind="Choose")
        if chooser == "you" and prompt.endswith("?"):
            text = f"{prompt} Choose from {options}"
        elif chooser == "you":
            text = f"{prompt.rstrip('.:')}: choose from {options}" if prompt else f"Choose from {options}"
        else:
            text = f"{chooser} chooses from {options}" + (f": “{prompt}”" if prompt else "")
        if node.optional:
            skip = (self.text_inside(node.skip_text).strip() if node.skip_text is not None else "") or "skip"
            text += f" (or decline: “{skip}”)"
        ending = "" if text.rstrip("”").endswith(("?", ".", "!")) else "."
        return Step(capitalize(agree(text)) + ending, kind="Choose")

    def choose_set(self, node: ast.ChooseSet) -> Step:
        chooser = self.phrase(node.player)
        options = self.phrase(node.options)
        budget = self.phrase(node.budget)
        # The cost is worded for one option at a time: "its card points".
        scope = self.with_local(node.var, Role("value"))
        scope.meanings[node.var] = "it"
        with self.within(scope):
            cost = re.sub(r"\bit's\b", "its", self.phrase(node.cost))
        prompt = self.text_inside(node.prompt).strip().rstrip(".:") if node.prompt is not None else ""
        verb = "choose" if chooser == "you" else "chooses"
        text = (f"{capitalize(prompt)}: {chooser} {verb}" if prompt else f"{chooser} {verb}")
        text += (f", one at a time, any of {options}, each at most once and each costing {cost}, "
                 f"while the total cost stays within {budget}.")
        return Step(capitalize(agree(text)), kind="ChooseSet")

    def draw(self, node: ast.Draw) -> Step:
        return Step(f"Draw one at random from {self.phrase(node.source)}.", kind="Draw")

    def roll(self, node: ast.Roll) -> Step:
        die = words(node.die)
        die = die if die.endswith("die") or re.fullmatch(r"d\d+", die) else f"{die} die"
        return Step(f"Roll the {die}.", kind="Roll")

    def weighted_draw(self, node: ast.WeightedDraw) -> Step:
        return Step(f"Draw one of {self.phrase(node.source)} at random, each as likely as its weight in "
                    f"{self.phrase(node.weights)}.", kind="Draw")

    def actions(self, node: ast.Actions) -> Step:
        """A turn of actions: the groups and their limits, in any order, until the player stops."""
        chooser = self.phrase(node.player)
        stop = self.text_inside(node.stop_text).strip() or "stop"
        groups = [self.action_group(group) for group in node.groups]
        if chooser == "you":
            lead = f"Take these actions one at a time, in any order, until you choose “{stop}” or none is left:"
        else:
            lead = f"{capitalize(chooser)} takes these actions one at a time, in any order, until choosing “{stop}” " \
                   "or none is left:"
        return Step(agree(lead), groups, "Actions")

    def action_group(self, node: ast.ActionGroup) -> Step:
        if node.limit == "budget":
            head = f"Up to {self.operand(node.count)} times in all, any of:"
        elif node.limit == "once":
            head = "Once in the turn:" if len(node.options) == 1 else "Once in the turn, one of:"
        else:
            head = "Once a round:" if len(node.options) == 1 else "Once a round, one of:"
        return Step(head, [self.action_option(option) for option in node.options], "ActionGroup")

    def action_option(self, node: ast.ActionOption) -> Step:
        name = escape_literal(self.text_inside(node.text).strip().rstrip(".:"))
        when = f", when {self.phrase(node.condition)}" if node.condition is not None else ""
        return Step(f"**{name}**{when}:", self.steps(node.body), "ActionOption")

    def log(self, node: ast.Log) -> None:
        return None  # what the game announces while it runs is not a rule

    def call_rule(self, node: ast.CallRule) -> Optional[Step]:
        if node.rule in self.silent_rules:
            return None
        rule = self.rules.get(node.rule)
        params = rule.params if rule is not None else []
        arguments = [self.phrase(a) for a in node.args]
        again = ["as above"] if self.expand_calls > 0 and self.opened is not None and node.rule in self.opened \
            and not (self.open_only_in_rounds and not self.rounds_entered) else []
        wording = self.author_wording(rule) if rule is not None else None
        if wording and "{" in wording:
            text = capitalize(fill_in(wording, dict(zip(params, arguments))).rstrip("."))
        else:
            shown = []
            callee = self.roles.rule_scope(node.rule)
            callee_you = next((param for param in params if callee.get(param) == Role("player")), None)
            for param, argument, node_argument in zip(params, arguments, node.args):
                if (argument == "you" and param == callee_you) or \
                        (isinstance(node_argument, ast.Name) and node_argument.id == param) or \
                        (rule is not None and self.only_logged(rule, param)):
                    continue
                role = callee.get(param)
                plain_name = len(param) == 1 or role is not None and words(param) == self.noun(role)
                if param == callee_you and plain_name:
                    shown.append(f"by {argument}")  # the player the rule is about carries it out
                elif role == Role("player") and plain_name:
                    shown.append(f"for {argument}")
                elif role is not None and plain_name and argument == f"the {self.noun(role)}":
                    continue  # "the card" for the card: nothing to tell
                elif role is not None and role.kind in ("player", "piece") and not role.many and len(param) > 1 \
                        and param not in ("other", "others"):
                    shown.append(f"{argument} as the {words(param)}")  # "the defender as the winner"
                elif self.is_condition(node_argument) and not isinstance(node_argument, ast.BoolLiteral):
                    shown.append(f"{words(param)} if {argument}")  # "face down if you are an automa"
                elif isinstance(node_argument, ast.BoolLiteral):
                    shown.append(words(param) if node_argument.value else f"not {words(param)}")
                elif len(param) > 1:
                    shown.append(f"{argument} as the {words(param)}")  # "3 as the reach", not "reach: 3"
                elif param in callee:
                    noun = self.noun(callee[param])
                    twins = [other for other in params if len(other) == 1 and other != param
                             and other in callee and self.noun(callee[other]) == noun]
                    shown.append(f"{argument} as the " + f"{noun} {param.upper() if twins else ''}".strip())
            label = self.rule_labels.get(node.rule)
            if label:
                shown.append(f"see {label}")
            shown = again + shown
            text = f"**{self.rule_title(node.rule)}**" + (f" ({'; '.join(shown)})" if shown else "")
            return Step(text + ("" if text.endswith(("?", "!", ".")) else "."), self.expanded(node.rule), "CallRule")
        label = self.rule_labels.get(node.rule)
        notes = again + ([f"see {label}"] if label else [])
        if notes:
            text += f" ({'; '.join(notes)})"
        return Step(text + ".", self.expanded(node.rule), "CallRule")

    def only_logged(self, rule: ast.RuleDecl, param: str) -> bool:
        """True when a rule's parameter is read only by log lines: it says nothing about the rule."""
        uses = [statement for statement in walk_statements(rule.body)
                if any(isinstance(node, ast.Name) and node.id == param for node in shallow_walk(statement))]
        return bool(uses) and all(isinstance(statement, ast.Log) for statement in uses) or not uses

    def expanded(self, name: str) -> list[Step]:
        """A called rule's own steps, when calls are being opened up (else none)."""
        rule = self.rules.get(name)
        if self.expand_calls <= 0 or rule is None or (self.open_only_in_rounds and not self.rounds_entered):
            return []
        if self.opened is not None:
            if name in self.opened:
                return []  # said once already: the call says "as above"
            self.opened.add(name)
        self.expand_calls -= 1
        try:
            return self.render(rule)
        finally:
            self.expand_calls += 1

    def rule_title(self, name: str) -> str:
        """A rule's description text, else the author's wording above it, else its name as words."""
        rule = self.rules.get(name)
        if rule is not None and rule.text:
            return escape_literal(rule.text)
        wording = self.author_wording(rule) if rule is not None else None
        if wording:
            return capitalize(fill_in(wording, {}, lambda param: words(param))).rstrip(".")
        return capitalize(words(name))

    def return_(self, node: ast.Return) -> Step:
        return Step("Stop here.", kind="Return")

    def end_game(self, node: ast.EndGame) -> Step:
        return Step("The game ends at once; go to final scoring.", kind="EndGame")

    def eliminate(self, node: ast.Eliminate) -> Step:
        return Step(capitalize(agree(f"{self.phrase(node.player)} is out of the game.")), kind="Eliminate")

    def shuffle(self, node: ast.Shuffle) -> Step:
        return Step(capitalize(f"shuffle {self.phrase(node.zone)} face down."), kind="Shuffle")

    def check(self, node: ast.Check) -> Step:
        reason = f" ({self.text_inside(node.text)})" if node.text is not None else ""
        return Step(f"Make sure that {self.phrase(node.condition)}{reason}.", kind="Check")

    def pass_(self, node: ast.Pass) -> Step:
        return Step("Nothing happens.", kind="Pass")

    def if_branch(self, node: ast.IfBranch, first: bool = True) -> Step:
        lead = "If" if first else "Otherwise, if"
        condition = self.phrase(node.condition)
        # The author's words for the `if` line, when they end in ":", say when a decision in it comes up.
        heading = self.author_wording(node) if first else None
        self.conditions.append(re.sub(r"^if ", "", lower_first(heading.rstrip(":"))) if heading and heading.endswith(":")
                               else condition)
        try:
            body = self.steps(node.body)
        finally:
            self.conditions.pop()
        wording = None if first else self.author_wording(node)
        if wording and wording.endswith(":") and body:
            return Step(wording, body, "IfBranch")  # the author's heading for the block under it
        if wording:
            return Step(wording, [], "IfBranch", worded=True)
        return self.conditional(f"{lead} {condition}", body, "IfBranch")

    def conditional(self, lead: str, body: list[Step], kind: str) -> Step:
        """`If X: do Y.` on one line when the block is one short step, else a step with a block."""
        if not body:
            return Step(f"{lead}: nothing happens.", kind=kind)
        if len(body) == 1 and not body[0].children and len(body[0].text) < 90:
            inner = body[0].text if body[0].worded else lower_first(body[0].text)
            return Step(f"{lead}: {inner}", kind=kind, block=body)
        return Step(f"{lead}:", body, kind)

    def if_(self, node: ast.If) -> list[Step]:
        result = []
        earlier: list[str] = []
        empty = True
        for position, branch in enumerate(node.branches):
            step = self.if_branch(branch, position == 0)
            empty = empty and step.text.endswith(": nothing happens.")
            result.append(step)
            earlier.append(self.phrase(ast.Not(span=branch.condition.span, operand=branch.condition)))
        if node.otherwise:
            wording = self.else_wording(node)
            if wording:
                earlier = []  # the author worded the `else` block: its wording says when it applies
            self.conditions.extend(earlier)
            try:
                body = self.steps(node.otherwise)
            finally:
                del self.conditions[len(self.conditions) - len(earlier):]
            if wording and wording.endswith(":") and body:
                empty = False
                result.append(Step(wording, body, "If"))  # the author's heading for the block under it
            elif wording:
                empty = False
                result.append(Step(wording, [], "If", worded=True))
            elif body:
                empty = False
                result.append(self.conditional("Otherwise", body, "If"))
        if empty:
            return []
        # A last branch that does nothing says nothing.
        while result and result[-1].text.endswith(": nothing happens."):
            result.pop()
        return result

    def for_each(self, node: ast.ForEach) -> Optional[Step]:
        together = ", at the same time and in secret (no one sees another's choices until all have chosen)" \
            if node.simultaneously else ""
        source_node = node.iterable
        role = self.roles.element_role(source_node, self.scope.roles)
        source = self.phrase(source_node)
        scope = self.with_local(node.var, role)
        if isinstance(source_node, ast.Call) and source_node.function == "indices":
            scope = self.with_local(node.var, Role("position"))
            head = f"For each of {self.phrase(source_node.args[0])}, in order{together}:"
        elif role is not None and role.kind == "player":
            if self.scope.you is None:
                scope = replace(scope, you=node.var)
            else:
                scope = replace(scope, those=scope.those | {node.var})
            if isinstance(source_node, ast.Name) and source_node.id == "players":
                head = f"For each player, in seat order{together}:"
            elif source.startswith("the players") or source.startswith("every"):
                head = f"For each of {source}{together}:"
            elif source.startswith(("the ", "*")):
                head = f"For each player in {source}{together}:"
            else:
                head = f"For {source}{together}:"
        elif role is not None and role.kind in ("piece", "cell", "member"):
            noun = self.noun(role)
            with self.within(scope):
                named = self.local(node.var)
            if named == f"the {noun}":
                if source == f"the {plural(noun)}":
                    head = f"For each {noun}{together}:"
                elif source.startswith("every "):
                    head = f"For {source}{together}:"
                elif source.startswith(f"the {plural(noun)} ") and source[len(f"the {plural(noun)} "):].startswith(
                        ("in ", "on ", "of ", "that ")):
                    # "For each card in your hand that is face up", not "each card of the cards in your hand".
                    rest = source[len(f"the {plural(noun)} "):]
                    rest = re.sub(r"^(.*?)\bthat (are|have)\b", lambda m: m.group(1) + "that " + {"are": "is", "have": "has"}[m.group(2)], rest, count=1)
                    head = f"For each {noun} {rest}{together}:"
                else:
                    head = f"For each {noun} {'of' if source.startswith(('the ', 'every ')) else 'in'} {source}{together}:"
            else:
                head = f"For each {named.removeprefix('the ')} in {source}{together}:"
        else:
            with self.within(scope):
                named = self.local(node.var)
            if named.startswith("the "):
                head = f"For each {named[4:]} {'of' if source.startswith(('the ', 'every ')) else 'in'} {source}{together}:"
            else:
                head = f"For each of {source}{together}:"  # the block calls it "that value"
        with self.within(scope):
            body = self.steps(node.body)
        if not body:
            return None
        return Step(head, body, "ForEach")

    def while_(self, node: ast.While) -> Optional[Step]:
        condition = self.phrase(node.condition)
        wording = self.author_wording(node)
        # The author's words for the loop's opening line say when a decision in it comes up, too
        # (worded whole, the wording says it already: nothing more is said); a loop kept going by
        # a flag of the rule's own says nothing a decision's reader needs.
        flag = isinstance(node.condition, ast.Name) and not self.is_declared(node.condition.id)
        self.conditions.append(lower_first(wording.rstrip(":")) if wording and wording.endswith(":")
                               else "" if wording or flag else f"while {condition}")
        try:
            body = self.steps(node.body)
        finally:
            self.conditions.pop()
        return Step(f"As long as {condition}:", body, "While") if body else None

    def rounds(self, node: ast.Rounds) -> Step:
        if node.until is None:
            text = "Play rounds:"
        else:
            text = f"Play rounds until, at the end of a round, {self.phrase(node.until)}:"
        self.rounds_entered += 1
        try:
            return Step(text, self.steps(node.body), "Rounds")
        finally:
            self.rounds_entered -= 1

    def repeat(self, node: ast.Repeat) -> Optional[Step]:
        body = self.steps(node.body)
        if not body:
            return None
        if isinstance(node.count, ast.IntLiteral) and node.count.value == 1:
            return Step("Once:", body, "Repeat")
        return Step(f"Repeat {self.operand(node.count)} times:", body, "Repeat")

    def phase(self, node: ast.Phase) -> Step:
        self.conditions.append(f"in phase “{escape_literal(node.title)}”")
        try:
            return Step(f"**{escape_literal(node.title)}**", self.steps(node.body), "Phase")
        finally:
            self.conditions.pop()
