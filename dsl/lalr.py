"""Run the grammar's LALR tables with a loop of our own, building AST nodes as rules reduce.

Lark builds everything from `dsl/grammar.lark`: the parse tables, the lexer's
scanner, and which children each rule keeps. Its own parser then builds a whole
parse tree that `dsl/parser.py` walks a second time; for a rules file that is
some 16,000 reductions, most of them the one-child steps of the expression
precedence layers. This module drives the same tables directly:

* the text is cut into tokens by the scanner of Lark's root lexer; each token
  is then checked against the parser state it arrives in, which gives what
  Lark's contextual lexer would give (see `_lex`);
* indentation becomes `_INDENT`/`_DEDENT` exactly as `lark.indenter.Indenter` does;
* a chain of one-child steps of `?rules` only changes the parser state;
* any other reduction hands the kept children, with `None` for each missing
  `[optional]`, to the builder method named after the rule (or its alias), with
  the span Lark's `propagate_positions` would have given it: from the first
  child's start to the last child's end, keywords and line ends included, a
  `?rule`'s brackets counting for its parent (`(a + b) * c` starts at `(`).

It handles valid input only: at the first thing it does not expect (a syntax
error, a bad dedent, a Lark whose internals differ) it raises `Unsupported`,
and the caller parses the text again with Lark, which reports the error
exactly as it always has. So messages and positions come from one place.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from lark import Lark, Token

from dsl.diagnostics import Span


class Unsupported(Exception):
    """The fast path stops here; parse the text with Lark instead."""


class TooDeep(Exception):
    """The text nests deeper than the parser's limit (the checker and compiler recurse that deep)."""


class _Rule:
    """How one grammar rule reduces: how many children, which it keeps, what it builds."""

    __slots__ = ("size", "origin", "unit", "plan", "simple", "keeps_all", "trailing_nones", "expand_single",
                 "single_index", "single_is_token", "method_name", "solid", "nested", "leaf")

    def __init__(self, rule: Any, method_names: set[str], nullable: set[str]):
        options = rule.options
        expansion = list(rule.expansion)
        self.size = len(expansion)
        self.origin = rule.origin.name
        # Lark's ChildFilter: which children a rule keeps, where `[optional]` parts leave a
        # None, and which children are `_rules` (Lark's `x*`, `x+` helpers) to splice in.
        empty_indices = options.empty_indices
        if empty_indices:
            ones = "".join(str(int(flag)) for flag in empty_indices).split("0")
            nones_before = [len(run) for run in ones]
        else:
            nones_before = [0] * (len(expansion) + 1)
        if len(nones_before) != len(expansion) + 1:
            raise Unsupported("unexpected placeholder layout")
        plan = []
        pending = 0
        for index, symbol in enumerate(expansion):
            pending += nones_before[index]
            if options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
                plan.append((index, not symbol.is_term and symbol.name.startswith("_"), pending))
                pending = 0
        self.plan = tuple(plan)
        # Most rules keep some children as they are: then `simple` lists which.
        self.trailing_nones = pending + nones_before[len(expansion)]
        plain = not self.trailing_nones and all(not splice and not nones for _, splice, nones in plan)
        self.simple = tuple(index for index, _, _ in plan) if plain and plan else None
        self.keeps_all = self.simple == tuple(range(self.size))  # then the kept children are the children
        # No child can be empty, so the first child starts the rule and the last one ends it.
        self.solid = bool(expansion) and not any(not s.is_term and s.name in nullable for s in expansion)
        self.nested = tuple(index for index, symbol in enumerate(expansion) if not symbol.is_term)
        self.leaf = False  # set below: one kept token, made into a node by a builder method
        self.expand_single = bool(options.expand1 and not rule.alias)
        self.single_index = -1
        self.single_is_token = False
        self.unit = False
        name = rule.alias or options.template_source or rule.origin.name
        self.method_name = None
        if self.expand_single:
            # A `?rule`: Lark passes its one kept child up unchanged. Every such rule of
            # the grammar keeps exactly one child, with no `[optional]` or `_rule` beside it.
            if len(plan) != 1 or plan[0][1] or plan[0][2] or self.trailing_nones:
                raise Unsupported(f"?{self.origin} does not always keep exactly one child")
            self.single_index = plan[0][0]
            self.single_is_token = expansion[self.single_index].is_term
            self.unit = self.size == 1  # nothing else: the value, and where it stands, stay as they are
        elif name.startswith("_"):
            pass  # Lark's helper rules for `x*` and `x+`: their children are spliced into the parent
        elif name in method_names:
            self.method_name = name
            self.leaf = self.size == 1 and self.keeps_all and expansion[0].is_term
        else:
            raise Unsupported(f"no builder method for rule {name}")  # Lark would build a Tree


class _States(dict):
    """Parser state -> {symbol: code}, converted from Lark's table on first use.

    A code >= 0 shifts to (or, for a rule name, goes to) that state; a code < 0
    reduces by rule number ~code.
    """

    def __init__(self, runner: "LalrRunner"):
        super().__init__()
        self.runner = runner

    def __missing__(self, state: int) -> dict:
        runner = self.runner
        shift = runner.shift_action
        row = {}
        for symbol, (action, argument) in runner.lark_states[state].items():
            if action is shift:
                row[symbol] = argument
            else:
                row[symbol] = ~runner.rule_number(argument)
        self[state] = row
        return row


def _with_blanks_skipped(expression: Any, lark: Lark, root: Any) -> Any:
    """The root lexer's scanner, made to step over the blanks before each token as it matches it.

    Blanks between tokens are an ignored terminal like any other, and reading
    each run of them as a token of its own costs as much as a real token. When
    one ignored terminal is a run of blanks (no line end in it) that no other
    terminal could start with, it can be allowed before every token instead;
    a match then holds the blanks and the token, the token being its last
    named group. Where no token follows the blanks (the end of the text), the
    expression falls back to matching the blanks alone, as before.
    """
    import re

    terminals = [terminal for terminal in lark.terminals if terminal.name in root.scanner.allowed_types]
    for terminal in terminals:
        if terminal.name not in root.ignore_types:
            continue
        blank = re.compile(terminal.pattern.to_regexp())
        starts = [char for char in " \t\f" if blank.match(char)]
        if not starts or blank.match("\n") or blank.match("\r") or blank.match("x"):
            continue
        others = [re.compile(t.pattern.to_regexp()) for t in terminals if t is not terminal]
        if any(other.match(char + sample) for other in others for char in starts for sample in ("", "a", " ", "1")):
            continue
        return re.compile(f"(?:{blank.pattern})?(?:{expression.pattern})", expression.flags)
    return expression


class LalrRunner:
    """The LALR tables of one Lark parser (lalr, contextual lexer, an Indenter), run by `parse`.

    Args:
        lark: the Lark instance built from the grammar.
        indenter: its postlexer (class), for the names of the indentation tokens.
        builder_class: the class whose methods, named after the rules, build the AST.

    Raises:
        Unsupported: when this Lark is not built the way the runner expects.
    """

    def __init__(self, lark: Lark, indenter: Any, builder_class: type):
        from lark.lexer import UnlessCallback
        from lark.parsers.lalr_analysis import Shift

        self.shift_action = Shift
        frontend = lark.parser
        table = frontend.parser._parse_table
        self.lark_states = table.states
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        self.method_names = {name for name in dir(builder_class) if not name.startswith("__")}
        self.rules: list[_Rule] = []
        self.unit_origins: list[str | None] = []  # by rule number: the rule's name when it is a unit step
        self.unit_targets: dict[tuple, int] = {}  # (state below, state, token) -> state after the unit steps
        self._rule_numbers: dict[int, int] = {}
        self.states = _States(self)
        # The root lexer: every terminal, keywords read as names and then recognised.
        root = frontend.lexer.lexer.root_lexer
        expressions = root.scanner._mres
        if len(expressions) != 1:
            raise Unsupported("a scanner split over several expressions")
        self.finditer = _with_blanks_skipped(expressions[0], lark, root).finditer
        self.keywords: dict[str, dict[str, str]] = {}
        for type_name, callback in root.callback.items():
            if type(callback) is not UnlessCallback:
                raise Unsupported("a lexer callback other than Lark's keyword check")
            words: dict[str, str] = {}
            for terminal in callback.scanner.terminals:
                if terminal.pattern.type != "str" or terminal.pattern.flags:
                    raise Unsupported("a keyword that is not plain text")
                words.setdefault(terminal.pattern.value, terminal.name)
            self.keywords[type_name] = words
        self.ignore_types = root.ignore_types
        self.newline_types = root.newline_types
        self.nl_type = indenter.NL_type
        self.indent_type = indenter.INDENT_type
        self.dedent_type = indenter.DEDENT_type
        self.brackets = {**{name: 1 for name in indenter.OPEN_PAREN_types},
                         **{name: -1 for name in indenter.CLOSE_PAREN_types}}
        self.tab_len = indenter.tab_len
        # Token(...) checks its keyword arguments first; the method behind it does not.
        self.make_token = getattr(Token, "_future_new", Token)
        # Tokens some rule keeps (names, numbers, texts, operators); the others only take up space.
        self.kept_types = frozenset(
            symbol.name for rule in lark.rules for symbol in rule.expansion
            if symbol.is_term and (rule.options.keep_all_tokens or not symbol.filter_out))
        # Rules that can match nothing (their children have no place in the text).
        self.nullable: set[str] = set()
        while True:
            found = {rule.origin.name for rule in lark.rules
                     if all(not s.is_term and s.name in self.nullable for s in rule.expansion)}
            if found <= self.nullable:
                break
            self.nullable |= found
        for rule in lark.rules:  # check every rule now, so that a surprise shows at once
            _Rule(rule, self.method_names, self.nullable)

    def _unit_chain(self, below: int, state: int, type_name: str) -> int:
        """The state after every one-child step that `type_name` sets off above `below`, from `state`."""
        states, unit_origins = self.states, self.unit_origins
        while True:
            code = states[state].get(type_name)
            if code is None or code >= 0 or unit_origins[~code] is None:
                return state
            state = states[below][unit_origins[~code]]
            if type_name == "$END" and state in self.end_states.values():
                return state  # where Lark stops: the caller sees it is done

    def rule_number(self, rule: Any) -> int:
        number = self._rule_numbers.get(id(rule))
        if number is None:
            number = self._rule_numbers[id(rule)] = len(self.rules)
            self.rules.append(_Rule(rule, self.method_names, self.nullable))
            self.unit_origins.append(self.rules[-1].origin if self.rules[-1].unit else None)
        return number

    def parse(self, text: str, start: str, builder: Any, path: str, max_depth: int) -> tuple[Any, int]:
        """Parse `text` from the rule `start`: what the builder makes of it, and how deeply it nests.

        The builder's `nested_depth`, when a method sets it, is the depth of an
        expression read inside a text; it counts as nested in that method's result.

        The text is cut into tokens by Lark's root lexer, which knows every
        terminal and reads keywords as names, then recognises them. Lark's
        contextual lexer reads each token with only the terminals its parser
        state accepts; it gives the same token as the root lexer whenever the
        state accepts the root lexer's terminal (the scanners try terminals in
        the same order, and one that matched first in the state would have
        matched first overall), and a keyword the state does not accept is read
        there as a plain name when it accepts names. The loop checks exactly
        that, and gives up otherwise.

        Raises:
            Unsupported: at anything but a valid text (let Lark report it).
            TooDeep: when rules nest more than `max_depth` deep.
        """
        states = self.states
        rules = self.rules
        unit_origins = self.unit_origins
        unit_targets = self.unit_targets
        kept_types = self.kept_types
        keywords, ignore_types, newline_types = self.keywords, self.ignore_types, self.newline_types
        brackets = self.brackets
        make_token = self.make_token
        nl_type, indent_type, dedent_type, tab_len = self.nl_type, self.indent_type, self.dedent_type, self.tab_len
        end_state = self.end_states[start]
        # Span(...) sets each field of the frozen dataclass through object.__setattr__;
        # filling the instance's __dict__ directly gives the same Span in a third of the time.
        new_span = object.__new__

        state_stack = [self.start_states[start]]
        values: list = []
        positions: list = []
        indent_levels = [0]
        paren_level = 0
        line, line_start, offset = 1, 0, 0
        position = None  # of the last token read: the closing dedents borrow it
        pending: list = []  # indentation tokens to feed after a line end, the next one last
        for found in chain(self.finditer(text), (None,)):
            # ---- the next token, and whether a state that does not accept it reads it as a name
            if found is not None:
                if found.start() != offset:
                    raise Unsupported("unexpected character")
                token_group = found.lastindex  # the token, after any blanks before it
                start_offset = found.start(token_group)
                value = found.group(token_group)
                type_name = found.lastgroup
                offset = found.end()
                start_line, start_column = line, start_offset - line_start + 1
                if type_name in newline_types:
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = start_offset + value.rindex("\n") + 1
                if type_name in ignore_types:
                    continue
                position = (start_line, start_column, line, offset - line_start + 1, 0)
                name = None
                if type_name in keywords:
                    keyword = keywords[type_name].get(value)
                    if keyword is not None:
                        type_name, name = keyword, type_name
                if type_name == nl_type:
                    # lark.indenter.Indenter: no line ends inside brackets; after one, the
                    # indentation of the next line opens a block or closes some.
                    if paren_level:
                        continue
                    indent_text = value.rsplit("\n", 1)[1]
                    indent = indent_text.count(" ") + indent_text.count("\t") * tab_len
                    if indent > indent_levels[-1]:
                        indent_levels.append(indent)
                        pending.append(indent_type)
                    elif indent < indent_levels[-1]:
                        while indent < indent_levels[-1]:
                            indent_levels.pop()
                            pending.append(dedent_type)
                        if indent != indent_levels[-1]:
                            raise Unsupported("a bad dedent")
                elif type_name in brackets:
                    paren_level += brackets[type_name]
                    if paren_level < 0:
                        raise Unsupported("unbalanced brackets")
            else:
                if offset != len(text):
                    raise Unsupported("unexpected character")
                # The end: close every open block, borrowing the last token's place, then $END.
                if position is None:
                    position = (0, 0, 0, 0, 0)
                pending = ["$END"] + [dedent_type] * (len(indent_levels) - 1)
                type_name, value, name = pending.pop(), None, None
            # ---- feed it, then the indentation tokens it brought: reduce as far as each
            # makes the parser go, then shift it
            while True:
                is_end = type_name == "$END"
                row = states[state_stack[-1]]
                code = row.get(type_name)
                if code is None and name is not None and name in row:
                    type_name, code = name, row[name]  # a keyword this state reads as a plain name
                while True:
                    if code is None:
                        raise Unsupported("unexpected token")
                    if code >= 0:
                        if is_end:
                            raise Unsupported("a shift at the end")
                        state_stack.append(code)
                        if type_name in kept_types:
                            values.append(make_token(type_name, value, start_offset, position[0], position[1],
                                                     position[2], position[3], offset))
                        else:
                            values.append(None)
                        positions.append(position)
                        break
                    number = ~code
                    if unit_origins[number] is not None:
                        # A chain of one-child steps (`?sum: term`, `?term: unary`, ...) ends in
                        # a state that depends only on the states around it and the token.
                        key = (state_stack[-2], state_stack[-1], type_name)
                        target = unit_targets.get(key)
                        if target is None:
                            target = unit_targets[key] = self._unit_chain(*key)
                        state_stack[-1] = target
                    else:
                        rule = rules[number]
                        if rule.leaf:
                            # One token that becomes one node (a name, a number, a text): the
                            # commonest reduction, done in place.
                            place = positions[-1]
                            span = new_span(Span)
                            fields = span.__dict__
                            fields["file"], fields["line"], fields["column"] = path, place[0], place[1]
                            fields["end_line"], fields["end_column"] = place[2], place[3]
                            values[-1] = getattr(builder, rule.method_name)(span, [values[-1]])
                            depth = 1
                            nested = builder.nested_depth
                            if nested:
                                builder.nested_depth = 0
                                depth = nested + 1
                                if depth > max_depth:
                                    raise TooDeep(depth)
                            positions[-1] = (place[0], place[1], place[2], place[3], depth)
                            state_stack[-1] = states[state_stack[-2]][rule.origin]
                            if is_end and state_stack[-1] == end_state:
                                return values[-1], depth
                            code = states[state_stack[-1]].get(type_name)
                            continue
                        size = rule.size
                        # Lark's PropagatePositions: a rule runs from its first child that has a
                        # place in the text to its last. Where a stack entry stands is (line,
                        # column, end line, end column, depth): the depth counts the rules nested
                        # in it, as a Lark tree's would.
                        if rule.solid:
                            children = values[-size:]
                            child_positions = positions[-size:]
                            del values[-size:], positions[-size:], state_stack[-size:]
                            first = child_positions[0]
                            last = child_positions[-1]
                            depth = 0
                            for index in rule.nested:
                                if child_positions[index][4] > depth:
                                    depth = child_positions[index][4]
                        else:
                            if size:
                                children = values[-size:]
                                child_positions = positions[-size:]
                                del values[-size:], positions[-size:], state_stack[-size:]
                            else:
                                children = child_positions = []
                            first = last = None
                            depth = 0
                            for place in child_positions:
                                if place is not None:
                                    if first is None:
                                        first = place
                                    last = place
                                    if place[4] > depth:
                                        depth = place[4]
                        if rule.keeps_all:
                            items = children
                        elif rule.simple:
                            items = [children[index] for index in rule.simple]
                        else:
                            items = []
                            for index, splice, nones in rule.plan:
                                if nones:
                                    items.extend([None] * nones)
                                if not splice:
                                    items.append(children[index])
                                elif items:
                                    items.extend(children[index])
                                else:  # a list growing item by item (`x*`): grow it in place, as Lark does
                                    items = children[index]
                            if rule.trailing_nones:
                                items.extend([None] * rule.trailing_nones)
                        if rule.expand_single:
                            result = items[0]
                            kept_position = child_positions[rule.single_index]
                            if rule.single_is_token:
                                extent = kept_position
                            elif kept_position is None:
                                raise Unsupported("an empty rule inlined into its parent")
                            else:
                                extent = (first[0], first[1], last[2], last[3], kept_position[4])
                        elif rule.method_name is None:
                            result = items
                            extent = None if first is None else (first[0], first[1], last[2], last[3], depth)
                        else:
                            if first is None:
                                span = Span(path, 1, 1, 1, 1)
                            else:
                                span = new_span(Span)
                                fields = span.__dict__
                                fields["file"], fields["line"], fields["column"] = path, first[0], first[1]
                                fields["end_line"], fields["end_column"] = last[2], last[3]
                            result = getattr(builder, rule.method_name)(span, items)
                            depth += 1
                            nested = builder.nested_depth  # of an expression read inside a text
                            if nested:
                                builder.nested_depth = 0
                                depth = max(depth, nested + 1)
                            if depth > max_depth:
                                raise TooDeep(depth)
                            extent = None if first is None else (first[0], first[1], last[2], last[3], depth)
                        state_stack.append(states[state_stack[-1]][rule.origin])
                        values.append(result)
                        positions.append(extent)
                    if is_end and state_stack[-1] == end_state:
                        top = positions[-1]
                        return values[-1], (top[4] if top is not None else 0)
                    code = states[state_stack[-1]].get(type_name)
                if not pending:
                    break
                type_name, value, name = pending.pop(), None, None
        raise Unsupported("the text ended before the parser did")
