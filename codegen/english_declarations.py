"""Sentences of declarations: header, pieces, variables, zones, boards, dice, tables, defines, rules, powers, scores."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Optional

from codegen.english_base import LEAVE_OUT, VALUE_PHRASES, Scope, Step
from codegen.english_words import applied, article, capitalize, escape_literal, fill_in, joined, ordinal, words
from codegen.roles import Role
from dsl import ast


VISIBILITY = {
    "public": "everyone sees what it holds",
    "owner": "only its owner sees what it holds; the others see how many",
    "hidden": "nobody sees what it holds; everyone sees how many",
    "internal": "bookkeeping for the rules, shown to no one",
}


class DeclarationsMixin:
    """The part of `English` with a method per declaration kind: a sentence, or the steps of a rule or section."""

    def game_header(self, node: ast.GameHeader) -> str:
        return f"{node.name}, for {self.player_range(node)}."

    @staticmethod
    def player_range(node: ast.GameHeader) -> str:
        if node.min_players == node.max_players:
            return f"{node.min_players} players"
        return f"{node.min_players} to {node.max_players} players"

    def kind_decl(self, node: ast.KindDecl) -> str:
        return f"{capitalize(words(node.name))}: {', '.join(words(m) for m in node.members)}."

    def piece_decl(self, node: ast.PieceDecl) -> str:
        """What a piece is: the author's wording, else what each one has."""
        wording = self.author_wording(node)
        if wording:
            return wording
        fields = [words(f) for f in node.fields if f != "owner"]
        owned = "owner" in node.fields
        if fields:
            text = f"Each has {joined([article(field_name) for field_name in fields])}"
            return text + (", and belongs to a player." if owned else ".")
        return "Each belongs to a player." if owned else ""

    def var_decl(self, node: ast.VarDecl) -> str:
        piece = getattr(node, "per_piece", None)
        if piece and getattr(node, "also_per", None):  # a variable of several piece kinds
            piece = joined([words(kind) for kind in [piece] + node.also_per], "or")
        owner = f"each {words(piece)}" if piece else "each player"
        wording = self.author_wording(node)
        name = capitalize(fill_in(wording, {}, lambda _: owner) if wording else words(node.name))
        scope = f", one per {words(piece)}" if piece else (", one per player" if node.per_player else "")
        secret = (" (its owner's secret)" if node.per_player else " (secret)") if node.secret else ""
        if node.internal:
            secret = " (bookkeeping for the rules, shown to no one)"
        start = self.starting_value(node.init)
        if piece:  # a piece's value starts as the piece is made; setup may then set it (a ship's facing)
            start = start.replace(" at the start", " at the start (setup may change it)")
        return f"{name}{scope}: {start}{secret}."

    def starting_value(self, init: ast.Expr) -> str:
        if isinstance(init, ast.NoneLiteral):
            return "none at the start"
        if isinstance(init, ast.ListLiteral) and not init.items:
            return "empty at the start"
        if isinstance(init, ast.BoolLiteral):
            return f"{'yes' if init.value else 'no'} at the start"
        return f"{self.phrase(init)} at the start"

    def zone_decl(self, node: ast.ZoneDecl) -> str:
        scope = "one per player" if node.per_player else "one for the table"
        return f"{capitalize(words(node.name))}: {scope}; {VISIBILITY.get(node.visibility, node.visibility)}."

    def layer(self, node: ast.Layer) -> str:
        tokens = sorted({token for row in node.rows for token in row if token != "."})
        return f"Layer {words(node.name)}: {len(node.rows)} rows of {', '.join(tokens)}."

    def legend(self, node: ast.Legend) -> str:
        entries = ", ".join(
            f"{token} {words(str(value)) if value is not None else 'nothing'}" for token, value in node.entries.items()
        )
        return f"{capitalize(words(node.layer))}: {entries}."

    def board_decl(self, node: ast.BoardDecl) -> str:
        shape = {"hex": "hexes", "grid": "squares"}.get(getattr(node, "shape", "grid"), "cells")
        captions = "".join(f"; each cell drawn with its {words(name)}" for name in getattr(node, "captions", [])[:1])
        return f"{capitalize(words(node.name))}: {node.rows} rows of {node.columns} {shape}{captions}."

    def die_decl(self, node: ast.DieDecl) -> str:
        faces = ", ".join(words(str(face)) if face is not None else "blank" for face in node.faces)
        name = words(node.name)
        name = name if name.endswith("die") or re.fullmatch(r"d\d+", name) else f"{name} die"
        return f"{capitalize(name)}: {len(node.faces)} faces ({faces})."

    def table_row(self, node: ast.TableRow) -> tuple[str, str]:
        value = node.value
        if isinstance(value, ast.ListLiteral):
            return self.cell(node.key), " / ".join(self.cell(item) for item in value.items)
        return self.cell(node.key), self.cell(value)

    def cell(self, node: ast.Expr) -> str:
        """A fixed value as a table cell, as short as a printed chart has it.

        Texts lose their quotes; a name that is only a key or a member is its words
        ("smiling jim", not "the smiling jim"), a one-letter one a capital ("S");
        a list of pairs reads "3/S, 4/L"; an empty list is a dash.
        """
        if isinstance(node, ast.StringLiteral):
            return self.text_inside(node)
        if isinstance(node, ast.NoneLiteral):
            return "–"
        if isinstance(node, ast.ListLiteral):
            if not node.items:
                return "–"
            return ", ".join("/".join(self.cell(inner) for inner in item.items)
                             if isinstance(item, ast.ListLiteral) and item.items else self.cell(item)
                             for item in node.items)
        if isinstance(node, ast.Name) and node.id not in self.vars and node.id not in self.defines \
                and node.id not in VALUE_PHRASES:
            return node.id.upper() if len(node.id) == 1 else words(node.id)
        return self.phrase(node)

    def table_header(self, node: ast.TableHeader) -> str:
        return f"{escape_literal(node.key)} → {' / '.join(escape_literal(value) for value in node.values)}"

    def table_decl(self, node: ast.TableDecl) -> str:
        rows = "; ".join(f"{key} → {value}" for key, value in (self.table_row(row) for row in node.rows))
        return f"{capitalize(words(node.name))}: {rows}."

    def automa_decl(self, node: ast.AutomaDecl) -> str:
        """Who the rules play, and when: the author's `#:` wording of the line, else its condition in words."""
        wording = self.author_wording(node)
        if wording and wording != LEAVE_OUT:
            return capitalize(wording.rstrip(".")) + "."
        return f"{node.display} is played by the rules when {self.phrase(node.condition)}."

    def variant_decl(self, node: ast.VariantDecl) -> str:
        return f"{capitalize(words(node.name))}: {escape_literal(node.text)}"

    def param_decl(self, node: ast.ParamDecl) -> str:
        """A game parameter: its name, the value these pages are for, its range and default, what it is."""
        value = self.param_values[node.name]
        default = "the default" if value == node.default else f"the default is {node.default}"
        text = f" ({escape_literal(node.text)})" if node.text else ""
        return (f"{capitalize(words(node.name))}{text}: {value} ({default}; the players may agree on any "
                f"whole number from {node.low} to {node.high}).")

    def define_decl(self, node: ast.DefineDecl) -> str:
        """A define as a term: the author's wording (its parameters as words), else its name and value."""
        wording = self.general_wording(node, lambda param: words(param))
        if wording:
            return capitalize(wording)
        scope = Scope(roles={param: Role("value") for param in node.params})
        with self.within(scope):
            subject = applied(node.name, [self.local(p) for p in node.params]).removeprefix("the ")
            return f"{capitalize(subject)}: {self.phrase(node.body)}."

    def section_scope(self, rule: Optional[str], body: list[ast.Stmt]) -> Scope:
        """The scope a rule or a section starts with: its parameters, and all its locals for naming."""
        return Scope(roles=self.roles.rule_scope(rule), everyone=self.roles.locals_of(rule, body))

    def rule_decl(self, node: ast.RuleDecl) -> list[Step]:
        scope = self.section_scope(node.name, node.body)
        players = [param for param in node.params if scope.roles.get(param) == Role("player")]
        if players:
            scope = replace(scope, you=players[0])
        with self.within(scope):
            steps = self.steps(node.body)
        if all(isinstance(statement, (ast.Pass, ast.Log)) for statement in node.body) \
                and not self.author_wording(node.body[0]):
            # A rule that does nothing is there for the powers that act before, after or instead of it.
            hooked = any(isinstance(d, ast.PowerDecl) and d.target == node.name for d in self.file.declarations)
            return [Step("Nothing happens here but what the powers below add." if hooked else "Nothing happens.",
                         kind="RuleDecl", origin=node.span)]
        return steps

    def power_decl(self, node: ast.PowerDecl) -> list[Step]:
        """A power as a step that names what it changes and when, with its own steps below.

        The author's `#:` wording above a power, when there is one, is said instead.
        """
        wording = self.author_wording(node)
        if wording and wording != LEAVE_OUT:
            return [Step(wording + ("" if wording.endswith((".", "!", "?")) else "."), kind="PowerDecl", worded=True)]
        target = self.rules.get(node.target) or self.defines.get(node.target)
        target_params = target.params if target is not None else []
        theirs_known = {param: self.roles.param_roles[(node.target, param)] for param in target_params
                        if (node.target, param) in self.roles.param_roles}
        roles = {mine: theirs_known[theirs] for mine, theirs in zip(node.params, target_params) if theirs in theirs_known}
        roles.update({param: self.roles.param_roles[(node.name, param)] for param in node.params
                      if param not in roles and (node.name, param) in self.roles.param_roles})
        unknown = [param for param in node.params if param not in roles]
        roles.update({param: Role("value") for param in unknown})
        players = [param for param in node.params if roles.get(param) == Role("player")]
        # Two or more parameters nothing names are told apart by their letters, not all "that value".
        meanings = {param: f"the {ordinal(place + 1)}" for place, param in enumerate(unknown)} \
            if len(unknown) > 1 else {}
        scope = Scope(roles=roles, everyone=dict(roles), you=players[0] if players else None, meanings=meanings)
        with self.within(scope):
            arguments = [self.local(p) for p in node.params]
            wording = self.author_wording(target) if isinstance(target, ast.DefineDecl) else None
            if wording:  # what it usually is, said in brackets, is what the power changes: left out here
                wording = re.sub(r" \([^()]*\)$", "", wording)
            changed = (node.target if node.target in ast.POWER_BLOCKS
                       else self.rule_title(node.target) if node.target in self.rules
                       else fill_in(wording, dict(zip(target_params, arguments))) if wording
                       else self.condition_call(node.target, arguments) or applied(node.target, arguments))
            # The reference prints the power's title above this step, so the step starts at "While".
            when = f"While {self.phrase(node.condition)}" if node.condition is not None else "Always"
            if node.value is not None:
                value = self.phrase(node.value)
                if isinstance(node.value, ast.BoolLiteral) and isinstance(target, ast.DefineDecl) \
                        and self.is_condition(target.body):
                    # A condition a power settles: "... , ship X may not pin ship T", not "may pin is no".
                    return [Step(f"{when}, it is {'always' if node.value.value else 'never'} so that {changed}.",
                                 kind="PowerDecl")]
                if node.hook == "adding":
                    text = f"{when}, {changed} also includes {value}."
                else:
                    text = f"{when}, {changed} is {value} instead."
                return [Step(text, kind="PowerDecl")]
            quoted = changed if node.target in ast.POWER_BLOCKS else f"“{changed}”"
            lead = {"before": f"before {quoted}", "after": f"after {quoted}", "instead": f"instead of {quoted}"}[node.hook]
            steps = self.steps(node.body)
            opening = f"{when}, {lead}" if node.condition is not None else capitalize(lead)
            if not steps:
                return [Step(f"{opening}, nothing happens.", kind="PowerDecl")]
            return [Step(f"{opening}:", steps, kind="PowerDecl")]

    def setup_decl(self, node: ast.SetupDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def play_decl(self, node: ast.PlayDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def score_decl(self, node: ast.ScoreDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            return self.author_wording(node) or f"Your score is {self.phrase(node.body)}."

    def tiebreak_decl(self, node: ast.TiebreakDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            measure = self.phrase(node.body).replace("your ", "").removeprefix("the ")
            return self.author_wording(node) or f"A tie on score goes to the player with the higher {measure}."

    def payoff_decl(self, node: ast.PayoffDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            wording = self.author_wording(node) or f"When the game ends, you are paid {self.phrase(node.body)}."
        def number(value: int) -> str:
            return f"−{-value}" if value < 0 else str(value)

        promise = node.promised_sum
        if promise == 0:
            wording += " The payments always add up to 0: what one player wins, the others lose."
        elif promise is not None:
            wording += f" The payments always add up to {number(promise)}."
        if node.low is not None:
            wording += f" Each payment is between {number(node.low)} and {number(node.high)}."
        if node.low is None or node.low < 0:
            wording += " A negative payment is an amount you pay."
        return wording

    def progress_decl(self, node: ast.ProgressDecl) -> str:
        with self.within(Scope(roles={node.param: Role("player")}, you=node.param)):
            return self.author_wording(node) or f"Computer players judge how well you are doing by {self.phrase(node.body)}."

    def final_scoring_decl(self, node: ast.FinalScoringDecl) -> list[Step]:
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def example_setup_decl(self, node: ast.ExampleSetupDecl) -> list[Step]:
        """Not printed on the page (examples only); the steps, should a tool want them."""
        with self.within(self.section_scope(None, node.body)):
            return self.steps(node.body)

    def example_decl(self, node: ast.ExampleDecl) -> str:
        players = f"{node.players} players" if node.players else "the fewest players"
        if node.player_names:
            players += f" ({', '.join(words(n).title() for n in node.player_names)})"
        variants = f"; variants: {', '.join(words(v) for v in node.variants)}" if node.variants else ""
        return f"With {players}{variants}."

    def extends_decl(self, node: ast.ExtendsDecl) -> str:
        return f"These rules start from {node.base} and change it."

    def replace_decl(self, node: ast.ReplaceDecl):
        """What the replacement says (the "What this variant changes" section says it replaces)."""
        return self.render(node.decl)

    def remove_decl(self, node: ast.RemoveDecl) -> str:
        name = f"“{node.name}”" if node.kind == "example" else f"“{self.rule_title(node.name)}”" \
            if node.kind == "rule" and node.name in self.rules else words(node.name)
        return f"The base game's {words(node.kind)} {name} is left out."

    def game_file(self, node: ast.GameFile) -> str:
        header = next((d for d in node.declarations if isinstance(d, ast.GameHeader)), None)
        return self.game_header(header) if header is not None else "A rules file."
