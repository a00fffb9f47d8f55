"""Names as a player reads them: the author's `#: ` wording, locals ("you", "the other card"), variables, conditions."""

from __future__ import annotations

import re
from typing import Callable, Optional

from codegen.english_base import CONDITIONS, PREDICATES, WORDING_PREFIX
from codegen.english_words import AUXILIARY, agree, capitalize, escape_literal, fill_in, ordinal, plain_key, plural, \
    words
from codegen.roles import Role
from dsl import ast


class NamesMixin:
    """The part of `English` that reads the author's wording and names locals, variables and defines."""

    # ------------------------------------------------------------ the author's wording

    def as_written(self, text: str) -> str:
        """A text with each word the author writes with capitals of its own ("HMS", "McCoy") written so."""
        self.read_written()
        return re.sub(r"\b[A-Za-z]+\b", lambda match: self._written.get(match.group(0).lower(), match.group(0))
                      if match.group(0)[:1].isupper() else match.group(0), text)

    def name_as_written(self, phrase: str) -> str:
        """A declared name as the author writes it in the file's texts: `kings_crown` -> "King's Crown"."""
        self.read_written()
        return self._written_names.get(plain_key(phrase), phrase)

    def read_written(self) -> None:
        """Gather, once, the capitals and the proper names the file's texts (strings, `#: ` lines) write."""
        if self._written is not None:
            return
        self._written, self._written_names = {}, {}
        for line in [line for file in [self.file.path, *self.file.bases] for line in self.texts.lines(file)]:
            stripped = line.strip()
            texts = [stripped[2:]] if stripped.startswith("#:") else [] if stripped.startswith("#") \
                else re.findall(r'"((?:[^"\\]|\\.)*)"', line)
            for said in texts:
                for word in re.findall(r"\b(?:[A-Z]{2,}|[A-Z][a-z]+[A-Z]\w*)\b", said):
                    self._written.setdefault(word.lower(), word)
                for name in re.findall(r"(?<![\w'’])[A-Z][\w'’]*(?: (?:of |the |of the )?[A-Z][\w'’]*)+", said):
                    self._written_names.setdefault(plain_key(name), name)
                # One word is a name when it is written with a capital inside a sentence ("a Knight's move") or
                # heads a text as its subject ("Knight: may jump ...").
                for name in re.findall(r"(?<=[a-z,] )[A-Z][a-z]+(?=['’]s\b|[ ,.;:)]|$)|^[A-Z][a-z]+(?=:)", said):
                    self._written_names.setdefault(plain_key(name), name)

    def author_wording(self, node: ast.Node) -> Optional[str]:
        """The `#: ` comment lines directly above a node, joined, or None."""
        line = node.span.line - 2  # 0-based index of the line above
        lines = self.texts.lines(node.span.file)
        found: list[str] = []
        while 0 <= line < len(lines):
            text = lines[line].strip()
            if text.startswith(WORDING_PREFIX) or text == WORDING_PREFIX.strip():
                found.append(text[len(WORDING_PREFIX):].strip())
                line -= 1
                continue
            break
        if not found:
            return None
        return self.rule_references(" ".join(reversed(found)).strip()) or None

    def rule_references(self, text: str) -> str:
        """An author's text with each `{RULE}` (a rule's name in braces) as the rule's label: "R12".

        A label written out by hand goes stale when a rule is added before it; the rule's
        name stays right. Where the labels are not given yet (the card), the rule's title.
        """
        def reference(match: re.Match) -> str:
            rule = self.rules.get(match.group(1))
            if rule is None:
                return match.group(0)
            title = escape_literal(rule.text) if rule.text else capitalize(words(rule.name))
            return self.rule_labels.get(rule.name) or f"“{title}”"

        return re.sub(r"\{(\w+)\}", reference, text) if "{" in text else text

    def trailing_comment(self, node: ast.Node) -> Optional[str]:
        """The comment at the end of a node's first line (`zone hand per player  # cards in hand`)."""
        index = node.span.line - 1
        lines = self.texts.lines(node.span.file)
        if not 0 <= index < len(lines):
            return None
        text = lines[index]
        in_string = False
        escaped = False
        for position, char in enumerate(text):
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = not in_string
            elif char == "#" and not in_string:
                comment = text[position + 1:].strip()
                if comment.startswith(":"):
                    comment = comment[1:].strip()
                if comment.lower().startswith(("assumed:", "reading:")):
                    return None
                return comment or None
        return None

    def general_wording(self, node: ast.Node, placeholder: Callable[[str], str]) -> Optional[str]:
        """An author's wording with each `{NAME}` filled in by `placeholder(NAME)`: for lists, not for calls."""
        wording = self.author_wording(node)
        return fill_in(wording, {}, placeholder) if wording else None

    def else_wording(self, node: ast.If) -> Optional[str]:
        """The author's wording above an `else:` line: it words the block under it."""
        line = node.otherwise[0].span.line - 2  # 0-based: the line above the block's first statement
        lines = self.texts.lines(node.otherwise[0].span.file)
        while line >= 0 and lines[line].strip() != "else:":
            line -= 1
        if line < 0:
            return None
        found = []
        line -= 1
        while line >= 0 and lines[line].strip().startswith(WORDING_PREFIX.strip()):
            found.append(lines[line].strip()[len(WORDING_PREFIX):].strip())
            line -= 1
        return self.rule_references(" ".join(reversed(found)).strip()) or None

    # ------------------------------------------------------------ names

    def local(self, name: str) -> str:
        """A local as the rules' reader knows it: "you", "that player", "the ship", or its name."""
        scope = self.scope
        if name == scope.you:
            return "you"
        if name in scope.those:
            return "that player"
        if name in scope.meanings:
            return scope.meanings[name]
        role = scope.roles.get(name)
        if role is None or role.many or role.kind in ("zone", "value", "position"):
            return self.value_name(name, role)
        if len(name) > 1 and role.kind == "player":
            return f"the {words(name)}"  # a name of several letters was chosen to be read: "the winner"
        noun = self.noun(role)
        # A name reads as what it is ("the ship"), unless another name of the same kind is about.
        known = scope.roles if name in scope.fleeting else {**scope.everyone, **scope.roles}
        alike = [other for other, other_role in known.items()
                 if other_role == role and other != name
                 and other != scope.you and other not in scope.those and other not in scope.meanings
                 and (name in scope.fleeting or other not in scope.fleeting)]
        if not alike:
            # In a rule about "you", another player is "the other player", never "the player" (which reads as you).
            return "the other player" if role.kind == "player" and scope.you is not None else f"the {noun}"
        if len(name) == 1 or re.fullmatch(r"[a-z]+_[a-z]", name) or role.kind == "piece" and not name.endswith(
                ("ing", "ed", "er", "or")) and not words(name).endswith(noun):
            # A letter (`x`, `card_t`) or a word that is no description (`token`, `again`) is the rules' own
            # name, never a player's: the first of its kind is "the card", the next "the other card".
            order = list(known)
            group = sorted([name, *alike], key=lambda other: order.index(other) if other in order else len(order))
            place = group.index(name)
            if place == 0:
                return f"the {noun}"
            return f"the other {noun}" if len(group) == 2 else f"the {ordinal(place + 1)} {noun}"
        return f"the {words(name)}" if words(name).endswith(noun) or role.kind != "piece" \
            else f"the {words(name)} {noun}"

    def value_name(self, name: str, role: Optional[Role]) -> str:
        """A local that is a number, a text or a list, when nothing names it better.

        A name of three letters or more was chosen to be read ("the rivals", "the
        stack"); a shorter one is "that value" (or "those" for a list).
        """
        if len(name) >= 3 and not name[-1].isdigit():
            if role is not None and role.many and role.kind in ("piece", "cell") and name.endswith(("ing", "ed")):
                return f"the {words(name)} {plural(self.noun(Role(role.kind, role.of)))}"  # "the waiting ships"
            return f"the {words(name)}"
        if role is not None and (role.many or role.kind == "zone"):
            return f"those {plural(self.noun(Role(role.kind, role.of)))}" if role.kind in ("piece", "cell", "member", "player") \
                else "that list"
        if role is not None and role.kind == "position":
            return "that position"
        return "that value"

    def noun(self, role: Role) -> str:
        """What one value of a role is called: "ship", "space", "suit", "player"."""
        if role.kind == "piece":
            return words(role.of) if role.of else "piece"
        if role.kind == "cell":
            return self.cell_noun
        if role.kind in ("member", "card"):
            return words(role.of) if role.of else role.kind
        return role.kind

    def variable(self, name: str) -> str:
        """A variable's own words: the author's wording above it, else its name.

        An `internal` variable is never named to players: without a wording it is
        read as its trailing comment, or as "the rules' own count" (or mark, record).
        """
        decl = self.vars.get(name)
        wording = self.author_wording(decl) if decl is not None else None
        if wording:
            return wording
        if decl is not None and decl.internal:
            comment = self.trailing_comment(decl)
            if comment:
                return escape_literal(comment)
            kind = {ast.IntLiteral: "count", ast.BoolLiteral: "mark"}.get(type(decl.init), "record")
            return f"own {kind} of the rules" if decl.per_player or decl.per_piece else f"the rules' own {kind}"
        return words(name)

    def truth(self, node: ast.Expr) -> Optional[str]:
        """A variable that is true or false, as the clause it stands for: "you have come home".

        The author's wording (`#: {p} has come home`) says it; without one, a wording or
        a comment that has a verb is the clause as it stands, and else the name is
        what its owner is ("you are ready"; "the game is finishing" for one of the table).
        """
        if isinstance(node, ast.Name) and node.id in self.vars and node.id not in self.scope.roles:
            name, owner = node.id, None
        elif isinstance(node, ast.Attribute) and node.name in self.vars:
            name, owner = node.name, node.target
        else:
            return None
        decl = self.vars[name]
        if not isinstance(decl.init, ast.BoolLiteral):
            return None
        owner_text = self.operand(owner) if owner is not None else None
        wording = self.author_wording(decl)
        if wording and "{" in wording:
            return fill_in(wording, {}, lambda _: owner_text or "the game")
        comment = self.trailing_comment(decl) if decl.internal and not wording else None
        for said in (wording, comment and escape_literal(comment.split(":")[0].strip())):
            if said and AUXILIARY.search(said):
                return said
        thing = wording or words(name)
        if owner_text is None:
            return f"the game is {thing}"
        return agree(f"{owner_text} is {thing}")

    def is_condition(self, node: ast.Expr) -> bool:
        """True for an expression that reads as a condition (a define used as `if battle_over:`)."""
        if isinstance(node, CONDITIONS):
            return True
        if isinstance(node, ast.Call):
            if node.function in PREDICATES or node.function.startswith(("is_", "has_", "can_")):
                return True
            define = self.defines.get(node.function)
            return define is not None and self.is_condition(define.body)
        if isinstance(node, ast.Name) and node.id in self.defines:
            return self.is_condition(self.defines[node.id].body)
        if isinstance(node, ast.IfExpr):  # `x in y if x != none else false`
            return all(isinstance(branch, ast.BoolLiteral) or self.is_condition(branch)
                       for branch in (node.then, node.otherwise))
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.name
            return name in self.vars and isinstance(self.vars[name].init, ast.BoolLiteral)
        return False

    def is_declared(self, identifier: str) -> bool:
        """True for a name a declaration gives (not a local): vars, tables, members, boards..."""
        for decl in self.file.declarations:
            if getattr(decl, "name", None) == identifier and not isinstance(decl, ast.GameHeader):
                return True
            if isinstance(decl, ast.DieDecl) and identifier in decl.faces:
                return True
        return False
