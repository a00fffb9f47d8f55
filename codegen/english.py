"""English for every node kind of the syntax tree: one method per node kind, named after it.

`English(game_file, source)` turns expressions into phrases ("the number of your
coins"), statements into numbered steps, and declarations into the sentences of
a rule summary. It reads only the AST and the source text (for the author's own
wording, see `author_wording`), never the runtime.

The English is written for players, not programmers:

- The player a rule or a loop is about is "you" ("You gain 1 point", "your hand");
  another player in the same rule is "that player", "the winner" or "the other
  player". `codegen.roles` works out which names are players, pieces or cells.
- A piece or a cell is named by what it is ("the card", "the space"); when two of
  a kind are about, the second is "the other card" (a third, "the third card"),
  never the rules' own letter ("card X"); a name of several letters chosen to be
  read ("the winner", "the waiting cards") is read as it is.
- A rule call's arguments are said as words: "by the second player", "for the
  first player", "the defender as the winner".
- Bookkeeping is left out: log lines (what the game announces as it runs),
  changes to variables marked `internal` that have no wording of their own, and
  blocks left with nothing to say.
- Filled-in parts of texts are written as phrases, never as placeholders.

Inline markup in the returned text is a small Markdown subset that both output
formats understand: `*name*` for a name the rules give a value, `**bold**`, and
`\\*` for a literal asterisk. `codegen.markup.to_html` turns it into HTML.

The author's wording: a comment that starts with `#: ` on the lines directly
above a statement or a declaration is that node's English, and replaces what
would be generated (for a block statement, the whole block; a wording that ends
with `:` words only the line that opens the block, and the block follows). Above
a `define`, the wording names the define wherever it is used, and above a `rule`
it says what carrying the rule out does; `{param}` in it is filled in with the
argument's phrase. Above a `var`, it names the variable wherever it is used.

The methods live in one part per job, each a class `English` combines:
`codegen.english_names` (the author's wording and names), `english_expressions`
(a phrase per expression kind), `english_blocks` (a block as steps),
`english_statements` (a step per statement kind) and `english_declarations` (a
sentence per declaration kind); what they share is in `codegen.english_base`
(steps, decisions, scopes) and `codegen.english_words` (plain word helpers).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from codegen.english_base import COMPOUND, LEAVE_OUT, WORDING_PREFIX, Decision, Scope, Step, method_name
from codegen.english_blocks import BlocksMixin
from codegen.english_declarations import DeclarationsMixin
from codegen.english_expressions import ExpressionsMixin
from codegen.english_names import NamesMixin
from codegen.english_statements import StatementsMixin
from codegen.english_words import AUXILIARY, agree, capitalize, escape_literal, fill_in, joined, lower_first, plural, \
    possessive, words
from codegen.roles import Role, Roles
from dsl import ast
from dsl.diagnostics import Source, SourceLines

# The names other modules take from here (each lives in the part named above).
__all__ = ["AUXILIARY", "LEAVE_OUT", "WORDING_PREFIX", "Decision", "English", "Scope", "Step", "capitalize",
           "escape_literal", "fill_in", "joined", "lower_first", "method_for", "method_name", "plural", "possessive",
           "words"]


class English(BlocksMixin, StatementsMixin, ExpressionsMixin, NamesMixin, DeclarationsMixin):
    """Renders the English of each node kind of one rules file.

    Args:
        game_file: the parsed rules file.
        source: its text (for the author's `#: ` wording); read from `game_file.path` when omitted.
    """

    def __init__(self, game_file: ast.GameFile, source: Optional[Source] = None) -> None:
        if source is None:
            with open(game_file.path, encoding="utf-8") as handle:
                source = handle.read()
        self.file = game_file
        self.texts = SourceLines(source)  # each file's lines (a variant's bases are files of their own)
        self.lines = self.texts.lines(game_file.path)
        decls = game_file.declarations
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.tables = {d.name: d for d in decls if isinstance(d, ast.TableDecl)}
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.automata = {d.name: d.display for d in decls if isinstance(d, ast.AutomaDecl)}
        self.parameters = {d.name: d for d in decls if isinstance(d, ast.ParamDecl)}
        # The value each parameter is printed with: its default unless the reference is made for others.
        self.param_values = {name: d.default for name, d in self.parameters.items()}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        self.vars = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.boards = {d.name: d for d in decls if isinstance(d, ast.BoardDecl)}
        self.members = {m for d in decls if isinstance(d, ast.KindDecl) for m in d.members}
        self.legend_values = {
            value: layer_legend.layer
            for d in self.boards.values() for layer_legend in d.legends
            for value in layer_legend.entries.values() if isinstance(value, str)
        }
        self.roles = Roles(game_file)
        shapes = {d.shape for d in self.boards.values()}
        self.cell_noun = {"hex": "hex", "grid": "space"}.get(shapes.pop(), "cell") if len(shapes) == 1 else "cell"
        self.scope = Scope()
        # Rule labels ("R3") that a call shows; the summary fills this in.
        self.rule_labels: dict[str, str] = {}
        # Where the steps being rendered come from, for the decisions found in them.
        self.place: tuple[str, str] = ("", "")
        self.conditions: list[str] = []
        self.decisions: list[Decision] = []
        # How many levels of rule calls show the rule's own steps under the call (the card's turn sequence).
        self.expand_calls = 0
        # While set: the rules already opened up, each shown once ("as above" after that).
        self.opened: Optional[set[str]] = None
        # True: only calls inside `rounds` are opened up (what is done once before the first round
        # is setup, which the card leaves to the summary); `rounds_entered` counts the levels inside.
        self.open_only_in_rounds = False
        self.rounds_entered = 0
        # Rules that say nothing a player needs (they only log): calls to them are left out.
        self.silent_rules: set[str] = set()
        self.collect_decisions = False
        self._nested_decision = 0  # > 0 inside what an earlier decision leads to
        self._inside_wording: list[str] = []  # the wordings of the statements being rendered inside
        self._written: Optional[dict[str, str]] = None  # lower case -> the capitals the author writes it with
        self._written_names: dict[str, str] = {}  # a name's plain key -> the proper name the author writes

    # ------------------------------------------------------------ dispatch

    def render(self, node: ast.Node):
        """The English of any node, by its kind's method."""
        return getattr(self, method_name(type(node)))(node)

    def phrase(self, node: ast.Expr) -> str:
        """An expression as a phrase."""
        return agree(self.render(node))

    def operand(self, node: ast.Expr) -> str:
        """A phrase, in brackets when it is compound, for use inside a larger phrase."""
        text = self.phrase(node)
        return f"({text})" if isinstance(node, COMPOUND) else text

    @contextmanager
    def within(self, scope: Scope) -> Iterator[None]:
        """Render with another scope, then go back to the one before."""
        saved, self.scope = self.scope, scope
        try:
            yield
        finally:
            self.scope = saved

    def with_local(self, name: str, role: Optional[Role], scope: Optional[Scope] = None) -> Scope:
        """A scope that also knows one more local (or forgets it, with no role)."""
        scope = scope or self.scope
        roles = dict(scope.roles)
        if role is None:
            roles.pop(name, None)
        else:
            roles[name] = role
        those = scope.those - {name}
        you = None if scope.you == name else scope.you
        declined = {k: v for k, v in scope.declined.items() if k != name}
        meanings = {k: v for k, v in scope.meanings.items() if k != name}
        return Scope(roles=roles, everyone=scope.everyone, you=you, those=those, declined=declined,
                     fleeting=scope.fleeting - {name}, meanings=meanings)


def method_for(kind: type) -> Callable:
    """The English method that renders a node kind (raises AttributeError when there is none)."""
    return getattr(English, method_name(kind))
