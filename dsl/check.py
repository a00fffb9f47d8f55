"""Check a parsed rules file before anything runs it: names, arity, boards, tables, dead code.

The checker walks the AST built by `dsl/parser.py` once, with a scope stack and
a small symbol table, and reports *every* problem it finds, each pointing at its
node and worded in the game's terms::

    games/x.pir:41:13: error: unknown name 'hnad'
          move c to hnad
                    ^^^^
      did you mean 'hand'?

Names resolve exactly as `interpreter/compiler.py` resolves them at run time:

* the locals of a rule are its parameters plus every name bound anywhere in its
  body by `let`, `for each`, `chooses`, `draw` and `roll` (`local_names`); setup,
  play and final scoring have the names bound in their own bodies; a define sees
  its parameters; a comprehension adds its variable; an example sees its `named`
  players and the names bound in its `given` and `when` blocks;
* then the declarations that can be read by name alone: shared variables and
  zones, kinds, symbols (kind members, legend values, die faces), tables,
  boards, defines without parameters and automata, then the built-in values;
* per-player variables and zones are attributes (`p.points`), calls name a define
  or a built-in function, rules are carried out as statements, pieces are named
  only by `create`, dice only by `roll`, variants only by `variant NAME`.

`Checker` is one class put together from a file per job, each a mixin over
`CheckerBase`, none importing another: `dsl/check_base.py` (the symbol table,
scopes, reporting, finding words on a line, suggestions), `dsl/check_decls.py`
(the header and each declaration), `dsl/check_statements.py` (statements and
the names they bind), `dsl/check_names.py` (name resolution in expressions) and
`dsl/check_kinds.py` (what a value is evident to be, and the type slips that
shows). This module runs them in order and adds the checks over the whole file:
declarations never used, and loops nothing ends.

Usage::

    warnings = check_game(game_file, source)   # raises PirError when there is an error
"""

from __future__ import annotations

from typing import Iterable

from dsl import ast
from dsl.check_base import CheckerBase
from dsl.check_decls import DeclarationChecks
from dsl.check_kinds import KindChecks
from dsl.check_names import NameChecks
from dsl.check_statements import StatementChecks
from dsl.diagnostics import Diagnostic, PirError, Source
from dsl.piece_kinds import field_warnings


def check_game(game_file: ast.GameFile, source: Source) -> list[Diagnostic]:
    """Check a parsed rules file and report every problem at once.

    Args:
        game_file: the file as parsed by `dsl.parser.parse_source`.
        source: its text, for the excerpts under each message.

    Returns:
        The warnings (things that run but are probably mistakes), in file order.

    Raises:
        PirError: with every error followed by every warning, when there is at
            least one error.
    """
    checker = Checker(game_file, source)
    checker.run()
    errors = _in_file_order(d for d in checker.diagnostics if d.severity == "error")
    warnings = _in_file_order(d for d in checker.diagnostics if d.severity != "error")
    if errors:
        raise PirError(errors + warnings, source)
    return warnings


def _in_file_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics sorted by position, each reported once."""
    seen = set()
    unique = []
    for diagnostic in diagnostics:
        key = (diagnostic.span, diagnostic.message)
        if key not in seen:
            seen.add(key)
            unique.append(diagnostic)
    return sorted(unique, key=lambda d: (d.span.line, d.span.column))


class Checker(DeclarationChecks, StatementChecks, NameChecks, KindChecks, CheckerBase):
    """Walks one rules file and collects its diagnostics: every pass in one object (see the module docstring)."""

    # ------------------------------------------------------------ the passes

    def run(self) -> None:
        """Check the whole file: declarations first, then every body, then usage."""
        self.check_header()
        self.collect_declarations()
        for declaration in self.declarations:
            self.check_declaration(declaration)
        self.check_usage()
        self.check_endless_loops()
        if not self.error_count():  # a field read that some piece it can be lacks (dsl/piece_kinds.py)
            for found in field_warnings(self.file):
                self.warning(self.attribute_span(found.node), found.message, found.hint)

    # ------------------------------------------------------------ loops nothing ends

    def check_endless_loops(self) -> None:
        """Warn about `rounds` and `while` loops whose own words say they never end.

        Kept to what the words show, so that no working game is warned: a condition
        written as the constant that never stops the loop (`rounds until false`,
        `while true`), or `rounds` without `until`, when nothing inside can leave the
        loop either: no `return` (which leaves the rule, and the loop with it) and no
        `end game`, there or in any rule it calls (with the powers on that rule). A
        loop whose condition could change is never warned about, even when nothing
        changes it: that would need to know what every statement can change.
        """
        rules = {d.name: d.body for d in self.declarations if isinstance(d, ast.RuleDecl)}
        powers: dict[str, list[list[ast.Stmt]]] = {}
        for declaration in self.declarations:
            if isinstance(declaration, ast.PowerDecl) and declaration.body:
                powers.setdefault(declaration.target, []).append(declaration.body)
        ending: dict[str, bool] = {}

        def rule_ends_game(name: str) -> bool:
            if name not in ending:
                ending[name] = False  # a rule that calls itself ends the game only if some other way does
                bodies = [rules.get(name, []), *powers.get(name, [])]
                ending[name] = any(leaves(body, by_return=False) for body in bodies)
            return ending[name]

        def leaves(statements: list[ast.Stmt], by_return: bool) -> bool:
            for node in ast.walk_statements(statements):
                if isinstance(node, ast.EndGame) or (by_return and isinstance(node, ast.Return)):
                    return True
                if isinstance(node, ast.CallRule) and rule_ends_game(node.rule):
                    return True
            return False

        for node in ast.walk_statements(self.declarations):
            if isinstance(node, ast.Rounds):
                if node.until is None:
                    if not leaves(node.body, by_return=True):
                        self.warning(self.first_line(node.span),
                                     "these rounds never end: without 'until', only 'end game' (or 'return') "
                                     "stops them, and nothing in them or in the rules they call does",
                                     "write the end: rounds until CONDITION (e.g. until round_number == 10), "
                                     "or 'end game' where the game is over")
                elif isinstance(node.until, ast.BoolLiteral) and node.until.value is False:
                    if leaves(node.body, by_return=True):
                        self.warning(node.until.span, "'until false' never holds: these rounds end only at "
                                     "an 'end game' (or 'return')",
                                     "write 'rounds:' for rounds that only 'end game' stops, or a condition "
                                     "the rounds can make true")
                    else:
                        self.warning(node.until.span, "these rounds never end: 'until false' never holds, and "
                                     "nothing else stops them (no 'end game' or 'return' in them, "
                                     "no 'end game' in a rule they call)",
                                     "test something the rounds change, e.g. rounds until round_number == 10")
            elif isinstance(node, ast.While):
                if isinstance(node.condition, ast.BoolLiteral) and node.condition.value is True \
                        and not leaves(node.body, by_return=True):
                    self.warning(node.condition.span, "this loop never ends: 'while true' always holds, and "
                                 "nothing leaves it (no 'return' or 'end game' in it, no 'end game' in a rule "
                                 "it calls)",
                                 "test something the loop changes, e.g. while count(hand) < 5")

    def check_usage(self) -> None:
        """Warn about declarations nothing reachable uses."""
        reached = self.reachable(["<root>", "<play>", "<final scoring>", "<given>", "<when>"], kinds=("define", "rule"))
        used: set[str] = set()
        for owner in reached:
            used |= self.references.get(owner, set())
        for symbol in list(self.globals.values()) + list(self.pieces.values()):
            if symbol.name in used:
                continue
            if symbol.kind == "kind" and any(m in used for m in symbol.node.members):
                continue
            message = {
                "define": f"define '{symbol.name}' is never used",
                "rule": f"rule '{symbol.name}' is never carried out",
                "zone": f"{symbol.title} '{symbol.name}' is never used",
                "variable": f"{symbol.title} '{symbol.name}' is never used",
                "table": f"table '{symbol.name}' is never used",
                "die": f"die '{symbol.name}' is never rolled",
                "kind": f"kind '{symbol.name}' is never used",
                "variant": f"variant '{symbol.name}' is never tested with 'variant {symbol.name}', so it changes nothing",
                "piece": f"piece '{symbol.name}' is never created",
                "parameter": f"parameter '{symbol.name}' is never read, so setting it changes nothing",
            }.get(symbol.kind)
            if message is not None:
                self.warning(symbol.span, message)

    def reachable(self, roots: list[str], kinds: tuple[str, ...]) -> set[str]:
        """Owners reachable from `roots` through references to defines or rules of `kinds`."""
        seen = set(roots)
        pending = list(roots)
        while pending:
            owner = pending.pop()
            for name in self.references.get(owner, ()):
                symbol = self.globals.get(name)
                if symbol is not None and symbol.kind in kinds:
                    key = f"{symbol.kind} {name}"
                    if key not in seen:
                        seen.add(key)
                        pending.append(key)
        return seen
