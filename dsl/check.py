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

Usage::

    warnings = check_game(game_file, source)   # raises PirError when there is an error
"""

from __future__ import annotations

import contextlib
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from dsl import ast
from dsl.ast import child_fields, local_names
from dsl.builtins import BUILTIN_ATTRIBUTES, CELL_ATTRIBUTES, FUNCTIONS, PLAYER_ATTRIBUTES, VALUES, ZONE_ATTRIBUTES
from dsl.diagnostics import Diagnostic, PirError, Span, did_you_mean
from dsl.piece_kinds import field_warnings

MAX_PLAYERS = 12

# Symbols: declared names whose value is the name itself.
SYMBOL_KINDS = ("kind member", "legend value", "die face", "catalogue entry")

# Declarations that can be read by their name alone (when not per player).
BARE_KINDS = ("variable", "zone", "kind", "table", "board", "define", "automa") + SYMBOL_KINDS

# Words of the language a declared or local name must not be: the first five
# can never be read as a value, the rest start a statement, so that a line
# `check(x)` or `log = 3` would mean something else (found by parsing each
# keyword in every position; see tests/test_check.py).
RESERVED_WORDS = frozenset({
    "true", "false", "none", "not", "variant",
    "check", "create", "draw", "eliminate", "end", "for", "if", "let", "log", "move",
    "pass", "phase", "repeat", "return", "roll", "rounds", "shuffle", "while",
})

# Functions other languages have, and how the rules say the same thing.
FAMILIAR_FUNCTIONS = {
    "len": "count(...)",
    "length": "count(...)",
    "size": "count(...)",
    "print": 'log "..." (a statement)',
    "sorted": "[x for x in xs order by x]",
    "sort": "[x for x in xs order by x]",
    "filter": "[x for x in xs where ...]",
    "random": "draw x from ... or roll x on DIE (statements)",
    "choice": "draw x from ... (a statement)",
    "contains": "x in xs",
    "append": "xs + [x]",
}

# Names other languages give to values the rules language spells its own way.
FAMILIAR_NAMES = {
    "True": "true",
    "False": "false",
    "None": "none",
    "null": "none",
    "nil": "none",
    "undefined": "none",
}

# The sections a file may have only once, as messages name them.
SECTION_WORDS = {
    ast.SetupDecl: "setup:",
    ast.ExampleSetupDecl: "example setup:",
    ast.PlayDecl: "play:",
    ast.ScoreDecl: "score",
    ast.TiebreakDecl: "tiebreak",
    ast.ProgressDecl: "progress",
    ast.FinalScoringDecl: "final scoring:",
}


def check_game(game_file: ast.GameFile, source: str) -> list[Diagnostic]:
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


@dataclass(eq=False)
class Symbol:
    """One declared name: what it is, where it was declared, and what it was declared by.

    `kind` is the word messages use: "variable", "zone", "kind", "kind member",
    "legend value", "die face", "table", "board", "die", "automa", "variant",
    "define", "rule" or "piece".
    """

    name: str
    kind: str
    span: Span
    node: ast.Node
    per_player: bool = False  # reached through an owner: `p.points`, or `s.strength` per piece
    owner: str | None = None  # the kind a member belongs to, or the piece a variable belongs to

    @property
    def title(self) -> str:
        """The kind of thing, as a message calls it: "per-player zone", "define"."""
        if self.kind == "variable" and self.per_player and self.owner:
            return f"variable of each {self.owner}"
        return f"per-player {self.kind}" if self.per_player else self.kind

    @property
    def readable_by_name(self) -> bool:
        """True when the compiler resolves a bare `name` to this declaration."""
        if self.per_player or self.kind not in BARE_KINDS:
            return False
        return not (self.kind == "define" and self.node.params)


@dataclass
class Body:
    """A block of statements being checked: where it is, and the names it has bound so far."""

    section: str              # "setup", "play", "final scoring", "rule", "given", "when"
    title: str                # how messages name it: "rule 'sail'", "setup"
    params: frozenset = frozenset()
    bound: set = field(default_factory=set)
    warned: set = field(default_factory=set)


@dataclass
class Scope:
    """The names one region of the file binds: a body's locals, a define's parameters, a comprehension variable."""

    names: frozenset
    body: Optional[Body] = None


@dataclass(frozen=True)
class Evident:
    """What a value is sure to be, judging by the expression alone (its literals and its shape).

    `kind` is one of "number", "text", "truth" (true or false), "none", "list",
    "zone", "table" or "board"; for a list, `item` is what every element is sure
    to be, when that is evident too. Anything less certain is not evident at all
    (None), so that nothing a valid program does is ever reported.
    """

    kind: str
    item: Optional["Evident"] = None

    def words(self) -> str:
        """The value as a message names it: "a number", "a list of lists"."""
        if self.kind == "list" and self.item is not None:
            return f"a list of {self.item.plural()}"
        return EVIDENT_WORDS[self.kind]

    def plural(self) -> str:
        """Several such values: "numbers", "lists of texts"."""
        if self.kind == "list" and self.item is not None:
            return f"lists of {self.item.plural()}"
        return EVIDENT_PLURALS[self.kind]


EVIDENT_WORDS = {"number": "a number", "text": "a text", "truth": "true or false", "none": "none",
                 "list": "a list", "zone": "a zone", "table": "a table", "board": "a board"}
EVIDENT_PLURALS = {"number": "numbers", "text": "texts", "truth": "true-or-false values", "none": "none values",
                   "list": "lists", "zone": "zones", "table": "tables", "board": "boards"}
NUMBER = Evident("number")
TEXT = Evident("text")
TRUTH = Evident("truth")

# What each built-in function is sure to give back (when it gives anything back at all).
EVIDENT_RESULTS = {
    "count": NUMBER, "sum": NUMBER, "distance": NUMBER, "ceil": NUMBER, "floor": NUMBER, "abs": NUMBER,
    "any": TRUTH, "all": TRUTH, "empty": TRUTH, "eliminated": TRUTH, "automa": TRUTH,
    "range": Evident("list", NUMBER), "indices": Evident("list", NUMBER), "piece_type": TEXT,
    "cells": Evident("list"), "ray": Evident("list"), "perimeter": Evident("list"),
    "neighbours": Evident("list"), "all_pieces": Evident("list"), "share_places": Evident("list"),
}
# Built-in functions whose first argument (both, for share_places) is gone through as a list.
LIST_FUNCTIONS = {"count", "sum", "max", "min", "any", "all", "first", "top", "take", "distinct", "flatten",
                  "indices", "index_of", "share_places"}
NUMBER_FUNCTIONS = {"abs", "ceil", "floor", "range"}
# Values that are certainly not a list or a zone, and so cannot be gone through.
NOT_LISTS = {"number", "text", "truth", "none", "table", "board"}


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean' hint: `did_you_mean`, or for short names one slip of a key away.

    difflib's similarity is too strict for names of two or three letters (`d8`
    for `d6` scores 0.5), so those fall back to an edit distance of one.
    """
    pool = sorted(set(candidates))
    hint = did_you_mean(name, pool)
    if hint is None and 2 <= len(name) <= 4:
        close = [c for c in pool if len(c) >= 2 and _one_edit_apart(name, c)]
        if len(close) == 1:
            hint = f"did you mean '{close[0]}'?"
    return hint


def _one_edit_apart(a: str, b: str) -> bool:
    """True when one letter changed, added, removed or two neighbours swapped turn a into b."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _article(words: str) -> str:
    return ("an " if words[:1] in "aeiou" else "a ") + words


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@functools.lru_cache(maxsize=None)
def _handler(checker: type, prefix: str, kind: type) -> Any:
    """The checker's method for a node kind (`expr_Call`, `stmt_If`, ...), or None: looked up once per kind."""
    return getattr(checker, prefix + kind.__name__, None)


def _whole_word(word: str) -> re.Pattern:
    """A pattern for `word` standing alone (not part of a longer name)."""
    return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])")


_WORD_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _find_whole_word(text: str, word: str, start: int) -> tuple[int, int] | None:
    """Where `word` first stands alone in `text` from `start` on, as `_whole_word(word).search` finds it.

    Names are looked up this way because a file declares thousands of them, and
    compiling a pattern for each costs far more than looking.
    """
    if not (word.isascii() and word.replace("_", "").isalnum()):
        match = _whole_word(word).search(text, start)
        return None if match is None else (match.start(), match.end())
    position = text.find(word, start)
    while position >= 0:
        end = position + len(word)
        if (position == 0 or text[position - 1] not in _WORD_CHARACTERS) and \
                (end == len(text) or text[end] not in _WORD_CHARACTERS):
            return position, end
        position = text.find(word, position + 1)
    return None


class Checker:
    """Walks one rules file and collects its diagnostics (see the module docstring)."""

    def __init__(self, game_file: ast.GameFile, source: str):
        self.file = game_file
        self.source = source
        self.lines = source.splitlines()
        self.diagnostics: list[Diagnostic] = []
        self.declarations: list[ast.Decl] = list(game_file.declarations)
        self.header: ast.GameHeader | None = None
        # The symbol table: one namespace for every declaration except pieces,
        # which are named only by `create` and so may share a name with a value.
        self.globals: dict[str, Symbol] = {}
        self.pieces: dict[str, Symbol] = {}
        self.piece_fields: set[str] = set()
        self.layer_names: set[str] = set()
        self.table_keys: dict[str, list] = {}
        self.scopes: list[Scope] = []
        self.body: Body | None = None
        # What each declaration refers to, for "never used".
        self.owner: str = "<root>"
        self.references: dict[str, set[str]] = {}
        # Restrictions on what an expression may read (automa conditions, starting values).
        self.reading: str | None = None
        self.var_order: dict[str, int] = {}
        self.current_var: str | None = None
        # What each define is sure to give (see `evident`), once worked out.
        self.define_kinds: dict[str, Optional["Evident"]] = {}
        # Each example title's first example, and how many automata there are (for examples).
        self.first_examples: dict[str, ast.ExampleDecl] | None = None
        self.automa_count = 0

    # ------------------------------------------------------------ reporting

    def error(self, span: Span, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(span, message, hint, "error"))

    def warning(self, span: Span, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(span, message, hint, "warning"))

    def _line_text(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def first_line(self, span: Span) -> Span:
        """The part of a span on its first line, without trailing spaces or comment."""
        text = self._line_text(span.line)
        end = len(re.sub(r"\s*(#[^\"]*)?$", "", text)) + 1
        if span.end_line == span.line:
            end = min(end, span.end_column) if span.end_column > span.column else end
        return Span(span.file, span.line, span.column, span.line, max(end, span.column + 1))

    def word_spans(self, span: Span, words: list[str], after: str | None = None) -> list[Span]:
        """Where each of `words` appears, in order, on the first line of `span`.

        A word that cannot be found is given the first line of `span`, so that a
        message always has a place to point at.
        """
        text = self._line_text(span.line)
        cursor = span.column - 1
        if after is not None:
            found = text.find(after, cursor)
            if found >= 0:
                cursor = found + len(after)
        spans = []
        for word in words:
            found = _find_whole_word(text, word, cursor)
            if found is None:
                spans.append(self.first_line(span))
                continue
            spans.append(Span(span.file, span.line, found[0] + 1, span.line, found[1] + 1))
            cursor = found[1]
        return spans

    def word_span(self, span: Span, word: str, after: str | None = None) -> Span:
        """Where `word` first appears on the first line of `span` (after `after`)."""
        return self.word_spans(span, [word], after)[0]

    def last_word_span(self, span: Span, word: str) -> Span:
        """Where `word` last appears in `span`, comments aside (a marker written at the end)."""
        pattern = _whole_word(word)
        last = span.end_line - 1 if span.end_line > span.line and span.end_column == 1 else span.end_line
        for number in range(min(last, len(self.lines)), span.line - 1, -1):
            text = re.sub(r"\s*(#[^\"]*)?$", "", self._line_text(number))
            matches = list(pattern.finditer(text))
            if matches:
                return Span(span.file, number, matches[-1].start() + 1, number, matches[-1].end() + 1)
        return self.first_line(span)

    def line_matching(self, span: Span, pattern: str) -> Span | None:
        """The first line inside `span` that matches `pattern`, as a span of its text."""
        for number in range(span.line, min(span.end_line, len(self.lines)) + 1):
            text = self._line_text(number)
            if re.match(pattern, text):
                start = len(text) - len(text.lstrip())
                return self.first_line(Span(span.file, number, start + 1, number, len(text) + 1))
        return None

    @staticmethod
    def attribute_span(node: ast.Attribute) -> Span:
        """The `.name` part of an attribute: the name ends where the node does."""
        span = node.span
        if span.end_line >= 1 and span.end_column - len(node.name) - 1 >= 1:
            return Span(span.file, span.end_line, span.end_column - len(node.name) - 1,
                        span.end_line, span.end_column)
        return span

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

    # ------------------------------------------------------------ header and sections

    def check_header(self) -> None:
        headers = [d for d in self.declarations if isinstance(d, ast.GameHeader)]
        start = Span(self.file.path, 1, 1, 1, 2)
        if not headers:
            self.error(start, "this file has no game header", 'a rules file starts with: game "Name":')
        else:
            self.header = headers[0]
            if self.declarations[0] is not headers[0]:
                self.error(self.first_line(headers[0].span), "the game header must come first in the file",
                           "move this block to the top")
            for extra in headers[1:]:
                self.error(self.first_line(extra.span),
                           f"a second game header (the first is on line {headers[0].span.line})",
                           "a file describes one game")
            self.check_players_range(headers[0])
            if headers[0].longest is not None and headers[0].longest < 1:
                where = self.line_matching(headers[0].span, r"\s*longest\b") or self.first_line(headers[0].span)
                self.error(where, f"'longest {headers[0].longest} decisions' leaves no decision to play",
                           "give the most decisions a whole game can ask, e.g. longest 500 decisions")
        for section, words in SECTION_WORDS.items():
            found = [d for d in self.declarations if isinstance(d, section)]
            for extra in found[1:]:
                self.error(self.first_line(extra.span),
                           f"a second '{words}' section (the first is on line {found[0].span.line})",
                           "merge them into one")
        where = self.first_line(self.header.span) if self.header else start
        if not any(isinstance(d, ast.PlayDecl) for d in self.declarations):
            self.error(where, "this game has no 'play:' section", "add one saying how play goes, e.g. play: / rounds: ...")
        if not any(isinstance(d, ast.ScoreDecl) for d in self.declarations):
            self.warning(where, "this game has no 'score' line: every player scores 0 and everyone shares the win",
                         "add e.g. score p: p.points")

    def check_players_range(self, header: ast.GameHeader) -> None:
        low, high = header.min_players, header.max_players
        where = self.line_matching(header.span, r"\s*players\b") or self.first_line(header.span)
        if low == 0 and high == 0 and where == self.first_line(header.span):
            self.error(where, "the game header does not say how many can play", "add a line like: players 2 to 4")
        elif not 1 <= low <= high <= MAX_PLAYERS:
            if low > high:
                reason = "the smallest number is larger than the largest"
            elif low < 1:
                reason = "at least 1 player must play"
            else:
                reason = f"at most {MAX_PLAYERS} players are supported"
            self.error(where, f"'players {low} to {high}' is not a sensible range: {reason}",
                       f"write e.g. players 2 to 4 (between 1 and {MAX_PLAYERS})")

    # ------------------------------------------------------------ the symbol table

    def collect_declarations(self) -> None:
        """Enter every declared name in the symbol table, reporting clashes."""
        for declaration in self.declarations:
            span = declaration.span
            if isinstance(declaration, ast.KindDecl):
                self.declare(declaration.name, "kind", self.word_span(span, declaration.name, "kind"), declaration)
                spans = self.word_spans(span, declaration.members, ":")
                seen: set[str] = set()
                for member, member_span in zip(declaration.members, spans):
                    if member in seen:
                        self.error(member_span, f"'{member}' is listed twice in kind '{declaration.name}'")
                        continue
                    seen.add(member)
                    self.declare(member, "kind member", member_span, declaration, owner=declaration.name)
            elif isinstance(declaration, ast.PieceDecl):
                self.declare_piece(declaration)
            elif isinstance(declaration, ast.VarDecl):
                # A per-piece variable is reached like a per-player one: through its owner, `x.name`.
                self.declare(declaration.name, "variable", self.word_span(span, declaration.name, "var"),
                             declaration, per_player=declaration.per_player or bool(declaration.per_piece),
                             owner=declaration.per_piece)
                self.var_order.setdefault(declaration.name, len(self.var_order))
            elif isinstance(declaration, ast.ZoneDecl):
                name_span = self.word_span(span, declaration.name, "zone")
                self.declare(declaration.name, "zone", name_span, declaration, per_player=declaration.per_player)
                if declaration.visibility == "owner" and not declaration.per_player:
                    self.warning(name_span, f"zone '{declaration.name}' is shared by everyone, so 'owner' lets nobody see inside",
                                 "write 'hidden', or make it 'per player owner'")
            elif isinstance(declaration, ast.BoardDecl):
                self.declare(declaration.name, "board", self.word_span(span, declaration.name, "board"), declaration)
                for layer in declaration.layers:
                    self.layer_names.add(layer.name)
                for legend in declaration.legends:
                    for value in legend.entries.values():
                        if isinstance(value, str):
                            self.declare(value, "legend value", self.word_span(legend.span, value, "="), legend)
            elif isinstance(declaration, ast.DieDecl):
                self.declare(declaration.name, "die", self.word_span(span, declaration.name, "die"), declaration)
                names = [f for f in declaration.faces if isinstance(f, str)]
                for face, face_span in zip(names, self.word_spans(span, names, ":")):
                    self.declare(face, "die face", face_span, declaration)
            elif isinstance(declaration, ast.TableDecl):
                self.declare(declaration.name, "table", self.word_span(span, declaration.name, "table"), declaration)
                if declaration.piece:
                    # A catalogue's keys are names of their own: `units[knight]`, `create 1 unit(knight) ...`.
                    for row in declaration.rows:
                        if isinstance(row.key, ast.Name) and row.key.id not in self.globals:
                            self.declare(row.key.id, "catalogue entry", row.key.span, declaration)
            elif isinstance(declaration, ast.AutomaDecl):
                self.declare(declaration.name, "automa", self.word_span(span, declaration.name, "automa"), declaration)
            elif isinstance(declaration, ast.VariantDecl):
                self.declare(declaration.name, "variant", self.word_span(span, declaration.name, "variant"), declaration)
            elif isinstance(declaration, ast.DefineDecl):
                self.declare(declaration.name, "define", self.word_span(span, declaration.name, "define"), declaration)
            elif isinstance(declaration, ast.RuleDecl):
                self.declare(declaration.name, "rule", self.word_span(span, declaration.name, "rule"), declaration)
            elif isinstance(declaration, ast.PowerDecl):
                self.declare(declaration.name, "power", self.word_span(span, declaration.name, "power"), declaration)
        # Known once every symbol is: lets `table[fixed key]` be checked wherever it is written.
        for declaration in self.declarations:
            if isinstance(declaration, ast.TableDecl):
                keys = [self.fixed_value(row.key) for row in declaration.rows]
                if all(fixed and not isinstance(key, list) for fixed, key in keys):
                    self.table_keys[declaration.name] = [key for _, key in keys]

    def declare(self, name: str, kind: str, span: Span, node: ast.Node, per_player: bool = False,
                owner: str | None = None) -> None:
        """Enter one name; report a clash with a built-in or an earlier declaration."""
        symbol = Symbol(name, kind, span, node, per_player, owner)
        existing = self.globals.get(name)
        if existing is None:
            # Entered even when it clashes with the language, so that its uses are not reported too.
            self.globals[name] = symbol
        if name in RESERVED_WORDS:
            self.error(span, f"'{name}' is a word of the rules language and cannot name {_article(symbol.title)}",
                       "choose another name")
        elif name in FUNCTIONS:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in function '{name}'",
                       "choose another name")
        elif name in VALUES:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in value '{name}' ({VALUES[name]})",
                       "choose another name")
        elif per_player and name in PLAYER_ATTRIBUTES:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in attribute 'p.{name}'",
                       "choose another name")
        if existing is None:
            return
        if kind in SYMBOL_KINDS and existing.kind in SYMBOL_KINDS:
            # Kinds, legends and dice may name the same symbol: it is one value.
            # Only a member listed in two kinds is ambiguous (which kind holds it?).
            if kind == "kind member" and existing.kind == "kind member":
                self.error(span, f"'{name}' is already a member of kind '{existing.owner}' (line {existing.span.line})",
                           "a value belongs to one kind: rename one of them")
            elif kind == "kind member":
                self.globals[name] = symbol
            return
        if existing.kind == kind and existing.per_player == per_player:
            self.error(span, f"{symbol.title} '{name}' is declared twice (first on line {existing.span.line})",
                       "rename or remove one of them")
            return
        self.error(span, f"{symbol.title} '{name}' clashes with the {existing.title} '{name}' on line {existing.span.line}",
                   "a name can mean only one thing: rename one of them")

    def declare_piece(self, declaration: ast.PieceDecl) -> None:
        span = self.word_span(declaration.span, declaration.name, "piece")
        existing = self.pieces.get(declaration.name)
        if existing is not None:
            self.error(span, f"piece '{declaration.name}' is declared twice (first on line {existing.span.line})",
                       "rename or remove one of them")
        else:
            self.pieces[declaration.name] = Symbol(declaration.name, "piece", span, declaration)
        self.check_parameters(declaration.fields, declaration.span, f"piece '{declaration.name}'", "field",
                              shadow_check=False)
        self.piece_fields.update(declaration.fields)

    def check_parameters(self, names: list[str], span: Span, title: str, word: str = "parameter",
                         shadow_check: bool = True) -> None:
        """Parameters (or fields) must differ from each other and hide no declaration."""
        seen: set[str] = set()
        for name, name_span in zip(names, self.word_spans(span, names, "(")):
            if name in seen:
                self.error(name_span, f"{title} has two {word}s called '{name}'")
            seen.add(name)
            if shadow_check:
                self.check_hiding(name, name_span, word)

    def check_hiding(self, name: str, span: Span, what: str) -> None:
        """A local name must not hide a declaration the rules could otherwise read by name."""
        if name in RESERVED_WORDS:
            self.error(span, f"'{name}' is a word of the rules language and cannot name {_article(what)}",
                       "choose another name")
            return
        symbol = self.globals.get(name)
        if symbol is not None and symbol.readable_by_name:
            self.error(span, f"the {what} '{name}' hides the {symbol.title} '{name}' declared on line {symbol.span.line}",
                       f"give the {what} a name of its own")
        elif name in VALUES:
            self.error(span, f"the {what} '{name}' hides the built-in value '{name}' ({VALUES[name]})",
                       f"give the {what} a name of its own")

    # ------------------------------------------------------------ declarations

    def check_declaration(self, declaration: ast.Decl) -> None:
        method = getattr(self, "decl_" + type(declaration).__name__, None)
        if method is not None:
            method(declaration)

    def decl_PieceDecl(self, node: ast.PieceDecl) -> None:
        # The label and the mark are texts filled in from the piece's own fields.
        with self.scope(frozenset(node.fields)):
            for name in type(node).model_fields:
                value = getattr(node, name)
                if isinstance(value, ast.Expr) and name != "mark":
                    self.expr(value)
        # The mark is drawn afresh each time, so it may also show the piece's variables.
        if node.mark is not None:
            with self.scope(frozenset(node.fields) | frozenset(_piece_variables(self.declarations, node.name))):
                self.expr(node.mark)

    def decl_VarDecl(self, node: ast.VarDecl) -> None:
        if node.secret and node.internal:
            self.error(self.last_word_span(node.span, "internal"),
                       f"'{node.name}' is marked both secret and internal: an internal variable is already shown to no one",
                       "keep 'secret' for a hidden value that is part of the game (its owner sees a per-player one), "
                       "or 'internal' for bookkeeping no player needs to see")
        if node.per_piece:
            # Worked out as each piece is created, with the piece's fields as names.
            piece = self.pieces.get(node.per_piece)
            if piece is None:
                self.error(self.word_span(node.span, node.per_piece, "per"),
                           f"'var {node.name} per {node.per_piece}' names no piece kind",
                           suggest(node.per_piece, list(self.pieces) + ["player"]))
                self.expr(node.init)
                return
            if node.also_per:
                self.several_kinds_variable(node)
                return
            owners = [d.name for d in self.declarations if isinstance(d, ast.PieceDecl) and node.name in d.fields]
            if owners:
                self.error(self.word_span(node.span, node.name, "var"),
                           f"'{node.name}' is both a variable of each {node.per_piece} and a field of piece "
                           f"'{owners[0]}': x.{node.name} could mean either", "rename one of them")
            with self.scope(frozenset(piece.node.fields)):
                self.expr(node.init)
            return
        # Starting values are worked out in declaration order, before setup, with no locals.
        self.reading, self.current_var = "starting value", node.name
        self.expr(node.init)
        self.reading, self.current_var = None, None

    def several_kinds_variable(self, node: ast.VarDecl) -> None:
        """A variable of several piece kinds: each must exist, once, and the start may use only common fields."""
        kinds = [node.per_piece] + node.also_per
        common = set(self.pieces[node.per_piece].node.fields)
        for kind in node.also_per:
            piece = self.pieces.get(kind)
            if piece is None:
                self.error(self.word_span(node.span, kind, ","),
                           f"'var {node.name} per {', '.join(kinds)}': '{kind}' names no piece kind",
                           suggest(kind, list(self.pieces)))
                continue
            self.use(piece)
            common &= set(piece.node.fields)
        if len(set(kinds)) != len(kinds):
            self.error(self.word_span(node.span, node.name, "var"),
                       f"'var {node.name}' names the same piece kind twice", "name each piece kind once")
        owners = [d.name for d in self.declarations if isinstance(d, ast.PieceDecl) and node.name in d.fields]
        if owners:
            self.error(self.word_span(node.span, node.name, "var"),
                       f"'{node.name}' is both a variable of pieces and a field of piece "
                       f"'{owners[0]}': x.{node.name} could mean either", "rename one of them")
        # The start is worked out for a piece of any of the kinds: only the fields they all have.
        with self.scope(frozenset(common)):
            self.expr(node.init)

    def decl_AutomaDecl(self, node: ast.AutomaDecl) -> None:
        # Decided before the world exists: only the player count, variants and fixed values.
        self.reading = "automa condition"
        self.expr(node.condition)
        self.reading = None

    def decl_BoardDecl(self, node: ast.BoardDecl) -> None:
        title = f"board '{node.name}'"
        if node.rows < 1 or node.columns < 1:
            self.error(self.first_line(node.span), f"{title} must have at least one row and one column")
        layers: dict[str, ast.Layer] = {}
        for layer in node.layers:
            if layer.name in layers:
                self.error(self.first_line(layer.span),
                           f"{title} has two layers called '{layer.name}' (the first on line {layers[layer.name].span.line})")
                continue
            layers[layer.name] = layer
            if layer.name in CELL_ATTRIBUTES | ZONE_ATTRIBUTES:
                self.error(self.word_span(layer.span, layer.name, "layer"),
                           f"layer '{layer.name}' clashes with the built-in attribute 'cell.{layer.name}'",
                           "choose another name")
            self.check_layer_shape(node, layer)
        legends: dict[str, ast.Legend] = {}
        for legend in node.legends:
            where = self.word_span(legend.span, legend.layer, "legend")
            if legend.layer not in layers:
                self.error(where, f"legend for '{legend.layer}', but {title} has no layer of that name",
                           suggest(legend.layer, layers))
                continue
            if legend.layer in legends:
                self.error(where, f"layer '{legend.layer}' has two legends (the first on line {legends[legend.layer].span.line})",
                           "put all its entries in one legend line")
                continue
            legends[legend.layer] = legend
            self.check_legend(legend)
            self.check_layer_tokens(layers[legend.layer], legend)
        self.check_captions(node, layers)

    def check_captions(self, board: ast.BoardDecl, layers: dict[str, ast.Layer]) -> None:
        """`caption LAYER`: one per board, naming one of its layers."""
        for index, name in enumerate(board.captions):
            line = self.line_matching(board.span, rf"\s*caption\s+{re.escape(name)}\b") or self.first_line(board.span)
            where = self.word_span(line, name, "caption")
            if index == 1:
                self.error(where, f"board '{board.name}' has two caption lines (captions from '{board.captions[0]}' "
                           f"and '{name}')", "a cell shows one caption: keep one of them")
            if name not in layers:
                self.error(where, f"caption from '{name}', but board '{board.name}' has no layer of that name",
                           suggest(name, layers))

    def layer_rows(self, layer: ast.Layer) -> list[tuple[int, int]]:
        """(line, column of the opening quote) of each row of a layer, if the source shows them."""
        found = []
        for number in range(layer.span.line + 1, min(layer.span.end_line, len(self.lines)) + 1):
            text = self._line_text(number)
            if text.strip().startswith('"'):
                found.append((number, text.index('"') + 1))
        return found if len(found) == len(layer.rows) else []

    def row_span(self, layer: ast.Layer, rows: list[tuple[int, int]], index: int) -> Span:
        if not rows:
            return self.first_line(layer.span)
        line, column = rows[index]
        return self.first_line(Span(layer.span.file, line, column, line, len(self._line_text(line)) + 1))

    def check_layer_shape(self, board: ast.BoardDecl, layer: ast.Layer) -> None:
        if len(layer.rows) != board.rows:
            self.error(self.first_line(layer.span),
                       f"layer '{layer.name}' has {_plural(len(layer.rows), 'row')}, "
                       f"but board '{board.name}' is {board.rows} by {board.columns}",
                       f"draw exactly {_plural(board.rows, 'line')} of {board.columns} cells")
        rows = self.layer_rows(layer)
        for index, row in enumerate(layer.rows):
            if len(row) != board.columns:
                self.error(self.row_span(layer, rows, index),
                           f"row {index + 1} of layer '{layer.name}' has {_plural(len(row), 'cell')}, "
                           f"but board '{board.name}' has {_plural(board.columns, 'column')}",
                           "separate the cells with spaces, one token per cell")

    def check_legend(self, legend: ast.Legend) -> None:
        # The AST keeps legend entries in a dict, so a repeated key survives only in the source.
        text = self._line_text(legend.span.line)
        seen: set[str] = set()
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"\s*=', text[legend.span.column - 1:]):
            key = match.group(1)
            if key in seen:
                column = legend.span.column + match.start()
                self.error(Span(legend.span.file, legend.span.line, column, legend.span.line, column + len(key) + 2),
                           f"\"{key}\" appears twice in the legend of layer '{legend.layer}'",
                           "each mark can mean only one thing")
            seen.add(key)
        for key in legend.entries:
            if not key or any(c.isspace() for c in key):
                self.error(self.first_line(legend.span), f"legend key \"{key}\" can never match a cell",
                           "the cells of a layer are separated by spaces: a key is one token without spaces")

    def check_layer_tokens(self, layer: ast.Layer, legend: ast.Legend) -> None:
        rows = self.layer_rows(layer)
        reported: set[str] = set()
        for index, row in enumerate(layer.rows):
            for column_index, token in enumerate(row):
                if token in legend.entries or token in reported:
                    continue
                reported.add(token)
                self.error(self.token_span(layer, rows, index, column_index),
                           f"'{token}' in layer '{layer.name}' is not in its legend",
                           suggest(token, legend.entries) or f"add \"{token}\" = ... to 'legend {layer.name}'")
        used = {token for row in layer.rows for token in row}
        for key in legend.entries:
            if key not in used and key.strip() and not any(c.isspace() for c in key):
                self.warning(self.first_line(legend.span), f"legend entry \"{key}\" is never used in layer '{layer.name}'")

    def token_span(self, layer: ast.Layer, rows: list[tuple[int, int]], row: int, column: int) -> Span:
        """The span of one cell token of a layer, or of its row when the source does not match."""
        if not rows:
            return self.first_line(layer.span)
        line, quote = rows[row]
        text = self._line_text(line)
        closing = text.find('"', quote)
        inner = text[quote:closing if closing >= 0 else len(text)]
        tokens = list(re.finditer(r"\S+", inner))
        if [t.group() for t in tokens] != layer.rows[row] or column >= len(tokens):
            return self.row_span(layer, rows, row)
        token = tokens[column]
        return Span(layer.span.file, line, quote + 1 + token.start(), line, quote + 1 + token.end())

    def decl_DieDecl(self, node: ast.DieDecl) -> None:
        if not node.faces:
            self.error(self.first_line(node.span), f"die '{node.name}' has no faces")

    def decl_TableDecl(self, node: ast.TableDecl) -> None:
        keys: dict = {}
        for row in node.rows:
            for part, is_key in ((row.key, True), (row.value, False)):
                errors_before = self.error_count()
                self.expr(part)
                if self.error_count() > errors_before:
                    continue  # an unknown name inside is reported already
                fixed, value = self.fixed_value(part)
                if is_key and (not fixed or isinstance(value, list)):
                    self.error(part.span, f"a key of table '{node.name}' must be one fixed value",
                               "use a number, a text, true/false, none, or a kind member or legend value")
                elif not fixed:
                    self.error(part.span, f"a row of table '{node.name}' must be a fixed value",
                               "use numbers, texts, true/false, none, kind members or legend values, or lists of those")
                elif is_key and value in keys:
                    self.error(part.span, f"table '{node.name}' has two rows for {self.show(value)} "
                               f"(the first on line {keys[value]})", "each key can appear once")
                elif is_key:
                    keys[value] = row.span.line
        if node.header is not None:
            self.table_header(node)
        if node.piece:
            self.catalogue(node)

    def catalogue(self, node: ast.TableDecl) -> None:
        """`table NAME of PIECE`: the piece exists, and each row gives its other fields in a list."""
        piece = self.pieces.get(node.piece)
        where = self.word_span(node.span, node.piece, "of")
        if piece is None:
            self.error(where, f"unknown piece '{node.piece}'",
                       suggest(node.piece, self.pieces) or f"declare it with 'piece {node.piece}(key, field, ...)'")
            return
        self.use(piece)
        fields = piece.node.fields
        if not fields:
            self.error(where, f"piece '{node.piece}' has no fields for the rows of table '{node.name}' to give",
                       f"declare its fields: piece {node.piece}(name, ...)")
            return
        others = fields[1:]
        for other in self.declarations:
            if isinstance(other, ast.TableDecl) and other.piece == node.piece and other is not node:
                if other.span.line < node.span.line:
                    self.error(where, f"piece '{node.piece}' is already listed by table '{other.name}' (line {other.span.line})",
                               "list all its rows in one table")
                break
        for row in node.rows:
            fixed, value = self.fixed_value(row.value)
            if not fixed:
                continue  # reported with the row
            count = len(value) if isinstance(value, list) else None
            if len(others) == 0 or count != len(others):
                what = f"a list of {_plural(count, 'value')}" if count is not None else "one value"
                self.error(row.value.span, f"a row of table '{node.name}' gives the fields of piece '{node.piece}' "
                           f"after the key ({', '.join(others)}), but this row has {what}",
                           f"write a list of {len(others)} values, one per field, in that order")

    def table_header(self, node: ast.TableDecl) -> None:
        """A header names the key column and one value column, or one column per item of the rows' lists."""
        header = node.header
        assert header is not None
        line = self.first_line(header.span)
        if not header.key.strip() or not all(heading.strip() for heading in header.values):
            self.error(line, f"a heading of table '{node.name}' is empty", "give every column a few words")
        columns = len(header.values)
        if columns == 1:
            return
        for row in node.rows:
            fixed, value = self.fixed_value(row.value)
            if not fixed:
                continue  # reported with the row
            if not isinstance(value, list) or len(value) > columns:
                what = f"a list of {len(value)} values" if isinstance(value, list) else "one value"
                self.error(row.value.span,
                           f"the header of table '{node.name}' names {columns} value columns, but this row has {what}",
                           f"give each row a list of at most {columns} values, one per column, "
                           "or give the header one value heading")

    def error_count(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @staticmethod
    def show(value) -> str:
        """A fixed value as the rules would write it."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return "none"
        if isinstance(value, str):
            return repr(value)
        if isinstance(value, list):
            return "[" + ", ".join(Checker.show(v) for v in value) + "]"
        return str(value)

    def fixed_value(self, node: ast.Expr) -> tuple[bool, Any]:
        """(True, value) when an expression is fixed: a literal, a symbol, or a list of those."""
        if isinstance(node, (ast.IntLiteral, ast.BoolLiteral)):
            return True, node.value
        if isinstance(node, ast.NoneLiteral):
            return True, None
        if isinstance(node, ast.Negate) and isinstance(node.operand, ast.IntLiteral):
            return True, -node.operand.value
        if isinstance(node, ast.StringLiteral) and all(isinstance(part, str) for part in node.parts):
            return True, "".join(node.parts)
        if isinstance(node, ast.Name) and self.lookup_local(node.id) is None:
            symbol = self.globals.get(node.id)
            if symbol is not None and symbol.kind in SYMBOL_KINDS:
                return True, node.id
        if isinstance(node, ast.ListLiteral):
            values = [self.fixed_value(item) for item in node.items]
            if all(fixed for fixed, _ in values):
                return True, [value for _, value in values]
        return False, None

    def decl_DefineDecl(self, node: ast.DefineDecl) -> None:
        self.check_parameters(node.params, node.span, f"define '{node.name}'")
        with self.owned_by(f"define {node.name}"), self.scope(frozenset(node.params)):
            self.expr(node.body)

    def decl_RuleDecl(self, node: ast.RuleDecl) -> None:
        self.check_parameters(node.params, node.span, f"rule '{node.name}'")
        body = Body("rule", f"rule '{node.name}'", frozenset(node.params), set(node.params))
        with self.owned_by(f"rule {node.name}"):
            self.statements_in(node.body, body)

    def decl_PowerDecl(self, node: ast.PowerDecl) -> None:
        """A power names a rule (with a block) or a define (with a value) it changes."""
        self.check_parameters(node.params, node.span, f"power '{node.name}'")
        target = self.globals.get(node.target)
        where = self.word_span(node.span, node.target, {"instead": "of", "adding": "to"}.get(node.hook, node.hook))
        owner = f"power {node.name}"
        if target is not None and target.kind in ("rule", "define"):
            owner = f"{target.kind} {node.target}"
            params = target.node.params
            if len(params) != len(node.params):
                self.error(where, f"{target.kind} '{node.target}' takes {_plural(len(params), 'argument')}"
                           f"{' (' + ', '.join(params) + ')' if params else ''}, but the power names {len(node.params)}",
                           f"write {node.target}({', '.join(params)}), with names of your own if you like")
            if target.kind == "rule" and node.value is not None:
                self.error(self.first_line(node.span), f"'{node.target}' is a rule: a power changes it with a block of statements",
                           f"write ':' and the statements on the lines below")
            elif target.kind == "rule" and node.hook == "adding":
                self.error(self.first_line(node.span), f"'adding to' joins lists a define gives, and '{node.target}' is a rule",
                           "write 'before', 'after' or 'instead of'")
            elif target.kind == "define" and node.value is None:
                self.error(self.first_line(node.span), f"'{node.target}' is a define: a power gives it a value",
                           f"write '= VALUE' instead of a block")
            elif target.kind == "define" and node.hook in ("before", "after"):
                self.error(self.first_line(node.span), f"'{node.target}' is a define: it does nothing {node.hook} which a power could add to",
                           "write 'instead of' (a new value) or 'adding to' (more items for a list)")
        elif target is not None:
            self.error(where, f"'{node.target}' is {_article(target.title)}: a power changes a rule or a define",
                       suggest(node.target, [n for n, s in self.globals.items() if s.kind in ("rule", "define")]))
        else:
            self.error(where, f"unknown rule or define '{node.target}'",
                       suggest(node.target, [n for n, s in self.globals.items() if s.kind in ("rule", "define")])
                       or f"declare it with 'rule {node.target}(...):'")
        # What a power reads counts as read by its target: it is used whenever the target is.
        with self.owned_by(owner):
            if node.condition is not None:
                with self.scope(frozenset(node.params)):
                    self.expr(node.condition)
            if node.value is not None:
                with self.scope(frozenset(node.params)):
                    self.expr(node.value)
            else:
                body = Body("rule", f"power '{node.name}'", frozenset(node.params), set(node.params))
                self.statements_in(node.body, body)

    def decl_SetupDecl(self, node: ast.SetupDecl) -> None:
        self.statements_in(node.body, Body("setup", "setup"))

    def decl_ExampleSetupDecl(self, node: ast.ExampleSetupDecl) -> None:
        self.statements_in(node.body, Body("setup", "example setup"))

    def decl_PlayDecl(self, node: ast.PlayDecl) -> None:
        with self.owned_by("<play>"):
            self.statements_in(node.body, Body("play", "play"))

    def decl_FinalScoringDecl(self, node: ast.FinalScoringDecl) -> None:
        with self.owned_by("<final scoring>"):
            self.statements_in(node.body, Body("final scoring", "final scoring"))

    def decl_ScoreDecl(self, node: ast.ScoreDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "score"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def decl_TiebreakDecl(self, node: ast.TiebreakDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "tiebreak"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def decl_ProgressDecl(self, node: ast.ProgressDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "progress"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def decl_ExampleDecl(self, node: ast.ExampleDecl) -> None:
        title = f"example \"{node.name}\""
        if self.first_examples is None:  # worked out once: a file may have hundreds of examples
            self.first_examples = {}
            for declaration in self.declarations:
                if isinstance(declaration, ast.ExampleDecl):
                    self.first_examples.setdefault(declaration.name, declaration)
            self.automa_count = sum(isinstance(d, ast.AutomaDecl) for d in self.declarations)
        first = self.first_examples[node.name]
        if first is not node:
            self.error(self.first_line(node.span), f"two examples are called \"{node.name}\" "
                       f"(the first on line {first.span.line})", "give each example its own title")
        players_line = self.line_matching(node.span, r"\s*players\b") or self.first_line(node.span)
        if node.players and self.header is not None:
            low, high = self.header.min_players, self.header.max_players
            if not low <= node.players <= high:
                self.error(players_line, f"{title} is for {node.players} players, but the game is for {low} to {high}")
        seats = (node.players or (self.header.min_players if self.header else 0)) + self.automa_count
        if len(node.player_names) > seats:
            self.error(players_line, f"{title} names {len(node.player_names)} players, but only {seats} can sit at the table")
        seen: set[str] = set()
        for name, name_span in zip(node.player_names, self.word_spans(players_line, node.player_names, "named")):
            if name in seen:
                self.error(name_span, f"{title} names two players '{name}'")
            seen.add(name)
            self.check_hiding(name, name_span, "player name")
        variants_line = self.line_matching(node.span, r"\s*variants\b") or self.first_line(node.span)
        for name, name_span in zip(node.variants, self.word_spans(variants_line, node.variants, "variants")):
            self.check_variant_name(name, name_span, count_as_use=False)
        names = frozenset(node.player_names)
        in_scope = names | local_names(node.given) | local_names(node.when)
        body = Body("given", f"the given block of {title}", names, set(names))
        with self.owned_by("<given>"):
            self.statements_in(node.given, body, in_scope)
        body.section, body.title = "when", f"the when block of {title}"
        with self.owned_by("<when>"):
            self.statements_in(node.when, body, in_scope)
            with self.scope(in_scope, body):
                for expression in node.answers + node.expect:
                    self.expr(expression)

    # ------------------------------------------------------------ scopes

    class _Region:
        """A context manager that restores one attribute of the checker on exit."""

        def __init__(self, checker: "Checker", name: str, value):
            self.checker, self.name, self.value = checker, name, value

        def __enter__(self):
            self.saved = getattr(self.checker, self.name)
            if self.name == "scopes":
                self.checker.scopes = self.saved + [self.value]
            else:
                setattr(self.checker, self.name, self.value)

        def __exit__(self, *exc):
            setattr(self.checker, self.name, self.saved)
            return False

    def scope(self, names: frozenset, body: Body | None = None) -> "_Region":
        """Push a scope for the duration of a `with` block."""
        return Checker._Region(self, "scopes", Scope(frozenset(names), body))

    def owned_by(self, owner: str) -> "_Region":
        """Attribute the references made inside a `with` block to one declaration."""
        return Checker._Region(self, "owner", owner)

    def lookup_local(self, name: str) -> Scope | None:
        for scope in reversed(self.scopes):
            if name in scope.names:
                return scope
        return None

    def use(self, symbol: Symbol) -> None:
        """Record that the declaration being checked refers to `symbol`."""
        self.references.setdefault(self.owner, set()).add(symbol.name)

    # ------------------------------------------------------------ statements

    def statements_in(self, statements: list[ast.Stmt], body: Body, names: frozenset | None = None) -> None:
        """Check a section's or rule's statements with its locals in scope."""
        saved = self.body
        self.body = body
        names = frozenset(body.params) | local_names(statements) if names is None else names
        with self.scope(names, body):
            self.block(statements)
        self.body = saved

    def block(self, statements: list[ast.Stmt]) -> None:
        """Check a list of statements; anything after `return` or `end game` is never reached."""
        stopped_by = None
        reported = False
        for statement in statements:
            if stopped_by is not None and not reported:
                self.warning(self.first_line(statement.span),
                             f"this line is never carried out: it comes after '{stopped_by}'",
                             "remove it, or put the line before it inside an 'if'")
                reported = True
            self.stmt(statement)
            if stopped_by is None and isinstance(statement, ast.Return):
                stopped_by = "return"
            elif stopped_by is None and isinstance(statement, ast.EndGame):
                stopped_by = "end game"

    def stmt(self, node: ast.Stmt) -> None:
        method = _handler(type(self), "stmt_", type(node))
        if method is not None:
            method(self, node)
        else:
            self.children(node)

    def children(self, node: ast.Node) -> None:
        """Check every expression and statement directly inside a node (the fallback visitor)."""
        for name in child_fields(type(node)):
            value = getattr(node, name)
            if isinstance(value, list):
                statements = [v for v in value if isinstance(v, ast.Stmt)]
                if statements:
                    self.block(statements)
                for item in value:
                    if isinstance(item, ast.Expr):
                        self.expr(item)
                    elif isinstance(item, ast.IfBranch):
                        self.children(item)
            elif isinstance(value, ast.Expr):
                self.expr(value)
            elif isinstance(value, ast.IfBranch):
                self.children(value)
            elif isinstance(value, ast.Stmt):
                self.block([value])

    def bind(self, name: str, span: Span, what: str) -> None:
        """A statement gives the local `name` a value: check it, and remember it is bound."""
        self.check_hiding(name, span, what)
        body = self.body
        if body is not None:
            if name in body.params and what == "local" and body.section == "rule":
                self.error(span, f"'{name}' is already a parameter of {body.title}",
                           f"to change it, write '{name} = ...' without 'let'")
            elif name in body.params and what != "local" and body.section == "rule":
                self.error(span, f"the {what} '{name}' hides the parameter '{name}' of {body.title}",
                           f"give the {what} a name of its own")
            body.bound.add(name)

    def stmt_Let(self, node: ast.Let) -> None:
        self.expr(node.value)
        self.bind(node.name, self.word_span(node.span, node.name, "let"), "local")

    def stmt_Assign(self, node: ast.Assign) -> None:
        self.expr(node.value)
        self.target(node.target, "=")

    def stmt_AddTo(self, node: ast.AddTo) -> None:
        self.expr(node.value)
        kind = self.evident(node.value)
        if kind is not None and kind != NUMBER:
            operator = "+=" if node.sign > 0 else "-="
            self.type_slip(node.value, f"'{operator}' adds or takes away a number, not {kind.words()}",
                           "to add to a list, write xs = xs + [x]" if kind.kind == "list" else None)
        self.target(node.target, "+=" if node.sign > 0 else "-=")

    def target(self, target: ast.Expr, operator: str) -> None:
        """Only locals, shared variables and `p.player_variable` can be changed."""
        if isinstance(target, ast.Name):
            name = target.id
            scope = self.lookup_local(name)
            if scope is not None:
                if operator == "=" and scope.body is not None:
                    scope.body.bound.add(name)
                else:
                    self.name(target)
                return
            symbol = self.globals.get(name)
            if symbol is not None:
                self.use(symbol)
                if symbol.kind == "variable" and not symbol.per_player:
                    return
                if symbol.kind == "variable" and symbol.owner:
                    self.error(target.span, f"'{name}' belongs to each {symbol.owner}: write x.{name} {operator} ... "
                               f"for a {symbol.owner} x")
                elif symbol.kind == "variable":
                    self.error(target.span, f"'{name}' belongs to each player: write p.{name} {operator} ...")
                elif symbol.kind == "zone":
                    self.error(target.span, f"cannot change the zone '{name}' with '{operator}'",
                               "move pieces in and out of it with 'move'")
                else:
                    self.error(target.span, f"cannot change the {symbol.title} '{name}': only variables and local values can change",
                               "declare a variable with 'var NAME = ...', or a local with 'let NAME = ...'")
                return
            if name in VALUES:
                self.error(target.span, f"cannot change '{name}': the game keeps it")
                return
            candidates = [n for n, s in self.globals.items() if s.kind == "variable" and not s.per_player]
            candidates += [n for scope in self.scopes for n in scope.names]
            self.error(target.span, f"unknown variable '{name}'",
                       suggest(name, candidates) or f"declare it with 'var {name} = ...' or 'let {name} = ...'")
            return
        if isinstance(target, ast.Attribute):
            self.expr(target.target)
            name = target.name
            where = self.attribute_span(target)
            symbol = self.globals.get(name)
            if symbol is not None and symbol.per_player and symbol.kind == "variable":
                self.use(symbol)
                return
            if symbol is not None and symbol.per_player and symbol.kind == "zone":
                self.use(symbol)
                self.error(where, f"cannot change the zone '.{name}' with '{operator}'",
                           "move pieces in and out of it with 'move'")
            elif name in self.piece_fields:
                self.error(where, f"cannot change the field '.{name}': a piece's fields are fixed when it is created",
                           "keep what changes in a per-player variable or a zone")
            elif name in self.layer_names:
                self.error(where, f"cannot change the layer '.{name}': a board's layers are fixed")
            elif name in BUILTIN_ATTRIBUTES:
                self.error(where, f"cannot change '.{name}': the game keeps it")
            else:
                self.attribute(target, check_target=False)
            return
        self.expr(target)
        self.error(target.span, f"cannot change this with '{operator}': only variables, players' variables and local values can change")

    def stmt_Move(self, node: ast.Move) -> None:
        self.expr(node.what)
        self.expr(node.to)
        self.expect_place(node.to, "pieces can only move to a zone or a cell")

    def stmt_Create(self, node: ast.Create) -> None:
        self.expr(node.count)
        for argument in node.args:
            self.expr(argument)
        self.expr(node.zone)
        self.expect_place(node.zone, "pieces are created in a zone or a cell")
        where = self.word_span(node.span, node.piece)
        piece = self.pieces.get(node.piece)
        if piece is None:
            self.error(where, f"unknown piece '{node.piece}'",
                       suggest(node.piece, self.pieces) or f"declare it with 'piece {node.piece}'")
        else:
            self.use(piece)
            fields = piece.node.fields
            by_key = [d for d in self.declarations if isinstance(d, ast.TableDecl) and d.piece == node.piece]
            if by_key and len(node.args) == 1:
                if by_key[0].name in self.globals:
                    self.use(self.globals[by_key[0].name])
                return  # a catalogue gives the other fields from the key's row
            if len(node.args) != len(fields):
                wanted = f"({', '.join(fields)})" if fields else "no fields"
                self.error(where, f"piece '{node.piece}' has {_plural(len(fields), 'field')} {wanted}, "
                           f"but {_plural(len(node.args), 'value')} {'is' if len(node.args) == 1 else 'are'} given")

    def stmt_Choose(self, node: ast.Choose) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can choose")
        self.expr(node.options)
        if node.prompt is not None:
            self.expr(node.prompt)
        if node.skip_text is not None:
            self.expr(node.skip_text)
        self.bind(node.var, self.word_span(node.span, node.var, "chooses"), "choice")
        if node.label is not None:
            self.expr(node.label)
            self._warn_label_of_face_down_options(node)

    def stmt_ChooseSet(self, node: ast.ChooseSet) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can choose")
        self.expr(node.options)
        self.expr(node.budget)
        if node.prompt is not None:
            self.expr(node.prompt)
        # In the cost and the label, NAME stands for one option.
        with self.scope(frozenset([node.var])):
            self.expr(node.cost)
            if node.label is not None:
                self.expr(node.label)
        self.bind(node.var, self.word_span(node.span, node.var, "chooses"), "choice")

    def _warn_label_of_face_down_options(self, node: ast.Choose) -> None:
        """A label on options taken from a hidden zone would read pieces nobody may see."""
        options = node.options
        name = options.id if isinstance(options, ast.Name) else \
            options.name if isinstance(options, ast.Attribute) else None
        symbol = self.globals.get(name) if name is not None else None
        visibility = getattr(symbol.node, "visibility", None) if symbol is not None else None
        if symbol is None or symbol.kind != "zone" or visibility not in ("hidden", "internal"):
            return
        self.warning(options.span,
                     f"the pieces of the {visibility} zone '{name}' are offered face down, so this label is never shown",
                     "remove 'labelled ...'; the player sees one option, 'a face-down ... from "
                     f"{name.replace('_', ' ')}', and chance decides which piece it gets")

    def stmt_Draw(self, node: ast.Draw) -> None:
        self.expr(node.source)
        self.expect_list(node.source, "'draw' takes from a list or a zone")
        self.bind(node.var, self.word_span(node.span, node.var, "draw"), "draw")

    def stmt_WeightedDraw(self, node: ast.WeightedDraw) -> None:
        self.expr(node.source)
        self.expect_list(node.source, "'draw' takes from a list or a zone")
        self.expr(node.weights)
        self.expect_list(node.weights, "'weighted' needs a list of whole numbers, one for each element")
        if isinstance(node.source, ast.ListLiteral) and isinstance(node.weights, ast.ListLiteral) \
                and len(node.source.items) != len(node.weights.items):
            self.error(self.first_line(node.weights.span),
                       f"'weighted' gives {_plural(len(node.weights.items), 'weight')} for "
                       f"{_plural(len(node.source.items), 'element')}", "give one weight for each element, in order")
        for weight in node.weights.items if isinstance(node.weights, ast.ListLiteral) else []:
            kind = self.evident(weight)
            if kind is not None and kind != NUMBER:
                self.type_slip(weight, f"a weight is a whole number, not {kind.words()}")
        self.bind(node.var, self.word_span(node.span, node.var, "draw"), "draw")

    def stmt_Actions(self, node: ast.Actions) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can take actions")
        if node.prompt is not None:
            self.expr(node.prompt)
        self.expr(node.stop_text)
        seen: dict[str, ast.ActionOption] = {}
        for group in node.groups:
            if group.count is not None:
                self.expr(group.count)
                kind = self.evident(group.count)
                if kind is not None and kind != NUMBER:
                    self.type_slip(group.count, f"'up to ... times' needs a whole number, not {kind.words()}")
            for option in group.options:
                words = "".join(part if isinstance(part, str) else "{}" for part in option.text.parts)
                if words in seen:
                    self.error(self.first_line(option.span),
                               f"two actions of this turn read '{words}': the player could not tell them apart",
                               "give each action its own words")
                seen[words] = option
                self.expr(option.text)
                if option.condition is not None:
                    self.expr(option.condition)
                self.block(option.body)

    def stmt_Roll(self, node: ast.Roll) -> None:
        where = self.word_span(node.span, node.die, " on ")
        symbol = self.globals.get(node.die)
        if symbol is not None and symbol.kind == "die":
            self.use(symbol)
        elif symbol is not None:
            self.error(where, f"'{node.die}' is {_article(symbol.title)}, not a die")
        else:
            dice = [n for n, s in self.globals.items() if s.kind == "die"]
            self.error(where, f"unknown die '{node.die}'",
                       suggest(node.die, dice) or f"declare it with 'die {node.die}: 1, 2, 3, 4, 5, 6'")
        self.bind(node.var, self.word_span(node.span, node.var, "roll"), "roll")

    def stmt_Log(self, node: ast.Log) -> None:
        if node.to is not None:
            self.expr(node.to)
            self.expect_player(node.to, "a private log line goes to a player")
        self.expr(node.text)

    def stmt_Eliminate(self, node: ast.Eliminate) -> None:
        self.expr(node.player)
        self.expect_player(node.player, "only a player can be eliminated")

    def stmt_Shuffle(self, node: ast.Shuffle) -> None:
        self.expr(node.zone)

    def stmt_CallRule(self, node: ast.CallRule) -> None:
        for argument in node.args:
            self.expr(argument)

        def where() -> Span:  # the rule's name, worked out only for a message
            return self.word_span(node.span, node.rule)

        symbol = self.globals.get(node.rule)
        if symbol is not None and symbol.kind == "rule":
            self.use(symbol)
            params = symbol.node.params
            if len(node.args) != len(params):
                self.error(where(), f"rule '{node.rule}' takes {_plural(len(params), 'argument')}"
                           f"{' (' + ', '.join(params) + ')' if params else ''}, but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given")
            return
        if (symbol is not None and symbol.kind == "define") or node.rule in FUNCTIONS:
            if symbol is not None:
                self.use(symbol)
            self.error(where(), f"'{node.rule}' is a function, not a rule: it gives a value and does nothing",
                       f"use its value, e.g. let x = {node.rule}(...)")
            return
        rules = [n for n, s in self.globals.items() if s.kind == "rule"]
        if symbol is not None:
            self.use(symbol)
            self.error(where(), f"'{node.rule}' is {_article(symbol.title)}, not a rule", suggest(node.rule, rules))
            return
        self.error(where(), f"unknown rule '{node.rule}'",
                   suggest(node.rule, rules) or f"declare it with 'rule {node.rule}(...):'")

    def stmt_Return(self, node: ast.Return) -> None:
        if self.body is None or self.body.section != "rule":
            where = self.body.title if self.body else "here"
            self.error(self.first_line(node.span), f"'return' leaves a rule, but this is {where}, not a rule",
                       "to stop play altogether, write 'end game'")

    def stmt_EndGame(self, node: ast.EndGame) -> None:
        if self.body is not None and self.body.section == "final scoring":
            self.error(self.first_line(node.span), "'end game' in final scoring would start final scoring again",
                       "final scoring already happens once play has ended")

    def stmt_If(self, node: ast.If) -> None:
        for branch in node.branches:
            self.expr(branch.condition)
            self.block(branch.body)
        self.block(node.otherwise)

    def stmt_Repeat(self, node: ast.Repeat) -> None:
        self.expr(node.count)
        kind = self.evident(node.count)
        if kind is not None and kind != NUMBER:
            self.type_slip(node.count, f"'repeat' needs a whole number of times, not {kind.words()}")
        self.block(node.body)

    def stmt_ForEach(self, node: ast.ForEach) -> None:
        self.expr(node.iterable)
        self.expect_list(node.iterable, "'for each' needs a list or a zone")
        self.bind(node.var, self.word_span(node.span, node.var, "each"), "loop variable")
        self.block(node.body)

    # ------------------------------------------------------------ expressions

    def expr(self, node: ast.Expr) -> None:
        method = _handler(type(self), "expr_", type(node))
        if method is not None:
            method(self, node)
        else:
            self.children(node)

    def expr_Name(self, node: ast.Name) -> None:
        self.name(node)

    def name(self, node: ast.Name) -> None:
        """Resolve a bare name the way the compiler will."""
        name = node.id
        scope = self.lookup_local(name)
        if scope is not None:
            body = scope.body
            if body is not None and name not in body.bound and name not in body.warned:
                body.warned.add(name)
                self.warning(node.span, f"'{name}' is read here before anything in {body.title} gives it a value",
                             "give it a value (let, for each, chooses, draw, roll) above this line")
            return
        symbol = self.globals.get(name)
        if symbol is not None:
            self.use(symbol)
            if symbol.readable_by_name:
                self.check_reading(node, symbol)
                return
            self.misused_name(node, symbol)
            return
        if name in VALUES:
            if self.reading == "automa condition" and name == "round_number":
                self.error(node.span, "an automa's condition is decided before the game starts: it cannot read 'round_number'",
                           "use player_count, variants and fixed values")
            return
        if name in self.pieces:
            self.use(self.pieces[name])
            self.error(node.span, f"'{name}' is a piece, not a value: pieces are named only in 'create'",
                       f"to test a piece's kind, compare piece_type(x) with \"{name}\"")
            return
        if name in FUNCTIONS:
            self.error(node.span, f"'{name}' is a built-in function: call it, e.g. {name}(...)")
            return
        hint = f"in the rules language, write {FAMILIAR_NAMES[name]}" if name in FAMILIAR_NAMES \
            else suggest(name, self.visible_names()) \
            or (f"nothing here is called '{name}': declare it ('var', 'zone', 'kind', 'define' ...), "
                f"name it in this rule with 'let {name} = ...', or check its spelling")
        self.error(node.span, f"unknown name '{name}'", hint)

    def visible_names(self) -> list[str]:
        """Every name a bare reference could mean here (for 'did you mean')."""
        names = [n for scope in self.scopes for n in scope.names]
        names += [n for n, s in self.globals.items() if s.readable_by_name]
        return names + list(VALUES)

    def misused_name(self, node: ast.Name, symbol: Symbol) -> None:
        """A declared name used where its kind of thing cannot be used by name alone."""
        name = node.id
        if symbol.per_player and symbol.kind == "variable" and symbol.owner:
            self.error(node.span, f"'{name}' belongs to each {symbol.owner}: write x.{name} for a {symbol.owner} x")
        elif symbol.per_player:
            self.error(node.span, f"'{name}' belongs to each player: write p.{name}")
        elif symbol.kind == "define":
            params = ", ".join(symbol.node.params)
            self.error(node.span, f"define '{name}' needs arguments: {name}({params})")
        elif symbol.kind == "rule":
            self.error(node.span, f"'{name}' is a rule: rules are carried out as statements, not used as values",
                       f"write {name}(...) on a line of its own")
        elif symbol.kind == "variant":
            self.error(node.span, f"'{name}' is a variant: test it with 'variant {name}'")
        elif symbol.kind == "die":
            self.error(node.span, f"'{name}' is a die: roll it with 'roll x on {name}'")
        else:
            self.error(node.span, f"the {symbol.title} '{name}' cannot be used here")

    def check_reading(self, node: ast.Name, symbol: Symbol) -> None:
        """Automa conditions and starting values run before the game is set up: limit what they read."""
        if self.reading == "automa condition" and symbol.kind not in SYMBOL_KINDS + ("kind", "automa"):
            self.error(node.span, f"an automa's condition is decided before the game starts: "
                       f"it cannot read the {symbol.title} '{node.id}'",
                       "use player_count, variants and fixed values")
        elif self.reading == "starting value" and symbol.kind == "variable":
            if self.var_order.get(node.id, 0) >= self.var_order.get(self.current_var, 0):
                self.error(node.span, f"the starting value of '{self.current_var}' reads '{node.id}', "
                           "which has no value yet: variables start in the order they are declared",
                           f"declare '{node.id}' above '{self.current_var}'" if node.id != self.current_var else None)

    def expr_Binary(self, node: ast.Binary) -> None:
        self.expr(node.left)
        self.expr(node.right)
        self.check_arithmetic(node)
        if node.op in ("/", "%") and isinstance(node.right, ast.IntLiteral) and node.right.value == 0:
            # A warning: it fails only if this line runs (tests use it to make a rule fail on purpose).
            self.warning(node.right.span, f"'{node.op} 0' divides by zero: this fails whenever it is worked out")

    def expr_Negate(self, node: ast.Negate) -> None:
        self.expr(node.operand)
        kind = self.evident(node.operand)
        if kind is not None and kind.kind in ("text", "list", "none", "zone", "table", "board"):
            self.type_slip(node.operand, f"a minus sign needs a number, not {kind.words()}")

    def expr_Compare(self, node: ast.Compare) -> None:
        self.expr(node.left)
        self.expr(node.right)
        self.check_ordering(node)

    def expr_Membership(self, node: ast.Membership) -> None:
        self.expr(node.element)
        self.expr(node.collection)
        kind = self.evident(node.collection)
        if kind is not None and kind.kind in NOT_LISTS - {"table"}:
            self.type_slip(node.collection, f"'in' looks inside a list, a zone or a table, not {kind.words()}")

    def expr_VariantRef(self, node: ast.VariantRef) -> None:
        self.check_variant_name(node.name, self.word_span(node.span, node.name, "variant"), count_as_use=True)

    def check_variant_name(self, name: str, span: Span, count_as_use: bool) -> None:
        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "variant":
            if count_as_use:
                self.use(symbol)
            return
        variants = [n for n, s in self.globals.items() if s.kind == "variant"]
        if symbol is not None:
            self.error(span, f"'{name}' is {_article(symbol.title)}, not a variant", suggest(name, variants))
        else:
            self.error(span, f"unknown variant '{name}'",
                       suggest(name, variants) or f"declare it with 'variant {name} \"what it changes\"'")

    def expr_Comprehension(self, node: ast.Comprehension) -> None:
        # Each clause sees the names of the clauses before it; the key and the element see them all.
        with contextlib.ExitStack() as clauses:
            for clause in node.clauses:
                self.expr(clause.iterable)
                self.expect_list(clause.iterable, f"'for {clause.var} in' needs a list or a zone")
                self.check_hiding(clause.var, self.word_span(clause.span, clause.var, "for"), "variable")
                clauses.enter_context(self.scope(frozenset({clause.var})))
                if clause.where is not None:
                    self.expr(clause.where)
            for part in (node.order_by, node.element):
                if part is not None:
                    self.expr(part)

    def expr_Attribute(self, node: ast.Attribute) -> None:
        self.attribute(node)

    def attribute(self, node: ast.Attribute, check_target: bool = True) -> None:
        """`x.name` must name something some value has: player variable or zone, field, layer, built-in."""
        if check_target:
            self.expr(node.target)
        name = node.name
        fields = self.catalogue_fields(node.target)
        if fields is not None:
            if name not in fields:
                self.error(self.attribute_span(node), f"a row of table '{node.target.target.id}' has no field '{name}'",
                           suggest(name, fields) or f"its fields are {', '.join(fields)}")
            return
        symbol = self.globals.get(name)
        if symbol is not None and symbol.per_player:
            self.use(symbol)
            return
        if name in self.piece_fields or name in self.layer_names or name in BUILTIN_ATTRIBUTES:
            return
        where = self.attribute_span(node)
        if symbol is not None and symbol.kind in ("variable", "zone"):
            self.use(symbol)
            self.error(where, f"the {symbol.kind} '{name}' is shared by everyone, not kept per player: write {name}")
            return
        candidates = [n for n, s in self.globals.items() if s.per_player]
        candidates += list(self.piece_fields | self.layer_names | BUILTIN_ATTRIBUTES)
        hint = suggest(name, candidates) or (f"declare it as 'var {name} per player = ...', 'zone {name} per player' "
                                             f"or a piece's field, 'piece NAME({name})', or check its spelling")
        self.error(where, f"nothing has an attribute '{name}': it is not a per-player variable or zone, "
                   "a piece field, a board layer or a built-in attribute", hint)

    def catalogue_fields(self, node: ast.Expr) -> list[str] | None:
        """The fields of the piece a catalogue row describes, for `TABLE[KEY]`; else None."""
        if not (isinstance(node, ast.Index) and isinstance(node.target, ast.Name)) or self.lookup_local(node.target.id):
            return None
        symbol = self.globals.get(node.target.id)
        if symbol is None or symbol.kind != "table" or not symbol.node.piece:
            return None
        piece = self.pieces.get(symbol.node.piece)
        return piece.node.fields if piece is not None else None

    def expr_Index(self, node: ast.Index) -> None:
        self.expr(node.target)
        self.expr(node.index)
        kind = self.evident(node.target)
        if kind is not None and kind.kind in NOT_LISTS - {"table"}:
            self.type_slip(node.target, f"only a list, a zone or a table can be looked into with [...], not {kind.words()}")
        # A table looked up with a fixed key must have a row for it.
        target = node.target
        if not isinstance(target, ast.Name) or self.lookup_local(target.id) is not None:
            return
        symbol = self.globals.get(target.id)
        keys = self.table_keys.get(target.id)
        if symbol is None or symbol.kind != "table" or keys is None:
            return
        fixed, key = self.fixed_value(node.index)
        if fixed and not isinstance(key, list) and key not in keys:
            self.error(node.index.span, f"table '{target.id}' has no row for {self.show(key)}",
                       "its keys are " + ", ".join(self.show(k) for k in keys))

    def expr_Call(self, node: ast.Call) -> None:
        for argument in node.args:
            self.expr(argument)
        name = node.function

        def where() -> Span:  # the function's name, worked out only for a message
            return self.word_span(node.span, name)

        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "define":
            self.use(symbol)
            params = symbol.node.params
            if self.reading == "automa condition":
                self.error(where(), f"an automa's condition is decided before the game starts: it cannot use the define '{name}'",
                           "use player_count, variants and fixed values")
            if not params:
                self.error(where(), f"define '{name}' has no parameters: write it without brackets, as '{name}'")
            elif len(node.args) != len(params):
                self.error(where(), f"define '{name}' takes {_plural(len(params), 'argument')} ({', '.join(params)}), "
                           f"but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given")
            return
        if name in FUNCTIONS:
            low, high, _ = FUNCTIONS[name]
            if not low <= len(node.args) <= high:
                wanted = str(low) if low == high else f"{low} to {high}"
                self.error(where(), f"'{name}' takes {wanted} argument{'s' if high != 1 else ''}, "
                           f"but {len(node.args)} {'is' if len(node.args) == 1 else 'are'} given",
                           f"{name}: {FUNCTIONS[name][2]}")
            else:
                self.check_call_arguments(node)
            return
        if symbol is not None and symbol.kind == "rule":
            self.use(symbol)
            self.error(where(), f"'{name}' is a rule: rules are carried out as statements, not used in expressions",
                       f"write {name}(...) on a line of its own")
            return
        if symbol is not None:
            self.use(symbol)
            hint = f"look up a row with {name}[key]" if symbol.kind == "table" else None
            self.error(where(), f"'{name}' is {_article(symbol.title)}, not a function", hint)
            return
        if self.lookup_local(name) is not None:
            self.error(where(), f"'{name}' is a local value, not a function")
            return
        functions = list(FUNCTIONS) + [n for n, s in self.globals.items() if s.kind == "define"]
        # A word from another language is meant as that word, not as a slip for a near name.
        if name in FAMILIAR_FUNCTIONS:
            hint = f"in the rules language, write {FAMILIAR_FUNCTIONS[name]}"
        else:
            hint = suggest(name, functions) or (f"declare it with 'define {name}(...) = ...', or check its spelling; "
                                                "the built-in functions are in docs/language.md, 6")
        self.error(where(), f"unknown function '{name}'", hint)

    # ------------------------------------------------------------ obvious type slips

    def evident(self, node: ast.Expr, hidden: frozenset = frozenset()) -> Evident | None:
        """What an expression's value is sure to be, or None when that is not evident.

        Args:
            node: the expression.
            hidden: names bound around it whose values are not known (comprehension
                variables, a define's parameters).
        """
        if isinstance(node, ast.IntLiteral):
            return NUMBER
        if isinstance(node, ast.StringLiteral):
            return TEXT
        if isinstance(node, (ast.BoolLiteral, ast.Compare, ast.Membership, ast.Not, ast.VariantRef)):
            return TRUTH
        if isinstance(node, ast.NoneLiteral):
            return Evident("none")
        if isinstance(node, ast.ListLiteral):
            return Evident("list", self.common([self.evident(i, hidden) for i in node.items]))
        if isinstance(node, ast.Comprehension):
            names = hidden | {clause.var for clause in node.clauses}
            return Evident("list", self.evident(node.element, names))
        if isinstance(node, ast.Negate):
            return NUMBER if self.evident(node.operand, hidden) == NUMBER else None
        if isinstance(node, ast.Binary):
            left, right = self.evident(node.left, hidden), self.evident(node.right, hidden)
            if left == right == NUMBER:
                return NUMBER
            if node.op == "+" and left == right == TEXT:
                return TEXT
            if node.op == "+" and left is not None and right is not None and left.kind == right.kind == "list":
                return Evident("list", left.item if left.item == right.item else None)
            return None
        if isinstance(node, (ast.BoolOp, ast.IfExpr)):
            # `a or b` gives a or b itself, so it is sure only when both sides are the same.
            sides = (node.left, node.right) if isinstance(node, ast.BoolOp) else (node.then, node.otherwise)
            return self.common([self.evident(side, hidden) for side in sides])
        if isinstance(node, ast.Name):
            return self.evident_name(node.id, hidden)
        if isinstance(node, ast.Call):
            return self.evident_call(node, hidden)
        return None

    @staticmethod
    def common(kinds: list) -> Evident | None:
        """The one thing every value of a list is sure to be, or None."""
        if not kinds or any(kind is None or kind != kinds[0] for kind in kinds):
            return None
        return kinds[0]

    def evident_name(self, name: str, hidden: frozenset) -> Evident | None:
        if name in hidden or self.lookup_local(name) is not None:
            return None
        symbol = self.globals.get(name)
        if symbol is None:
            return {"players": Evident("list"), "player_count": NUMBER, "round_number": NUMBER}.get(name)
        if symbol.per_player:
            return None
        if symbol.kind in SYMBOL_KINDS:
            return TEXT  # a kind member, legend value or die face is its name
        if symbol.kind == "kind":
            return Evident("list", TEXT)
        if symbol.kind in ("zone", "table", "board"):
            return Evident(symbol.kind)
        if symbol.kind == "define" and not symbol.node.params:
            return self.evident_define(symbol)
        return None

    def evident_call(self, node: ast.Call, hidden: frozenset) -> Evident | None:
        name = node.function
        symbol = self.globals.get(name)
        if symbol is not None and symbol.kind == "define":
            if len(node.args) != len(symbol.node.params):
                return None
            return self.evident_define(symbol)
        if symbol is not None:
            return None
        if name in EVIDENT_RESULTS:
            return EVIDENT_RESULTS[name]
        if name in ("take", "distinct", "flatten") and node.args:
            argument = self.evident(node.args[0], hidden)
            if argument is None or argument.kind != "list":
                return Evident("list")
            if name == "flatten":
                inner = argument.item
                return Evident("list", inner.item if inner is not None and inner.kind == "list" else None)
            return argument
        return None

    def evident_define(self, symbol: Symbol) -> Evident | None:
        """What a define's body is sure to give, whatever its arguments: worked out once per define."""
        if symbol.name not in self.define_kinds:
            self.define_kinds[symbol.name] = None  # a define that uses itself is not evident while it is looked into
            saved, self.scopes = self.scopes, []
            try:
                self.define_kinds[symbol.name] = self.evident(symbol.node.body, frozenset(symbol.node.params))
            finally:
                self.scopes = saved
        return self.define_kinds[symbol.name]

    def type_slip(self, node: ast.Expr, message: str, hint: str | None = None) -> None:
        """Report a value that is sure to be the wrong kind of value where it is used."""
        self.error(self.first_line(node.span), message, hint)

    def expect_list(self, node: ast.Expr, message: str) -> None:
        """A value that is gone through (a loop, a list function) must be a list or a zone."""
        kind = self.evident(node)
        if kind is not None and kind.kind in NOT_LISTS:
            self.type_slip(node, f"{message}, not {kind.words()}", "only a list or a zone has elements to go through")

    def check_arithmetic(self, node: ast.Binary) -> None:
        left, right = self.evident(node.left), self.evident(node.right)
        if node.op != "+":
            for side, kind in ((node.left, left), (node.right, right)):
                if kind is not None and kind.kind in ("text", "list", "none", "zone", "table", "board"):
                    self.type_slip(side, f"'{node.op}' works on numbers, not on {kind.words()}")
                    return
            return
        if "none" in (getattr(left, "kind", None), getattr(right, "kind", None)):
            side = node.left if left is not None and left.kind == "none" else node.right
            self.type_slip(side, "'+' cannot add none to anything",
                           "none means no value: test for it with '== none' before adding")
            return
        if left is None or right is None or "truth" in (left.kind, right.kind):
            return
        joinable = {"list", "zone"}
        if left.kind == right.kind and left.kind in ("number", "text") or {left.kind, right.kind} <= joinable:
            return
        hint = None
        if left.kind in joinable or right.kind in joinable:
            hint = "to add one element to a list, put it in a list of its own: xs + [x]"
        self.type_slip(node, f"'+' cannot add {right.words()} to {left.words()}",
                       hint or "'+' adds two numbers, joins two texts, or joins two lists (or zones)")

    def check_call_arguments(self, node: ast.Call) -> None:
        """Built-in functions given a value they can never work on."""
        name = node.function
        if not node.args:
            return
        first = node.args[0]
        if name in LIST_FUNCTIONS:
            for argument in (node.args if name == "share_places" else [first]):
                self.expect_list(argument, f"'{name}' needs a list or a zone")
        if name in NUMBER_FUNCTIONS:
            for argument in node.args:
                kind = self.evident(argument)
                bad = ("text", "list", "none", "zone", "table", "board") + (("truth",) if name == "range" else ())
                if kind is not None and kind.kind in bad:
                    self.type_slip(argument, f"'{name}' needs a number, not {kind.words()}")
        if name not in ("sum", "flatten"):
            return
        # What the elements of the list are sure to be: each item of a written list, or a
        # comprehension's element (a sum of lists that happens to be empty is still a slip).
        if isinstance(first, ast.ListLiteral):
            elements = [(item, self.evident(item), "not {}") for item in first.items]
        elif isinstance(first, ast.Comprehension):
            names = frozenset(clause.var for clause in first.clauses)
            elements = [(first.element, self.evident(first.element, names), "but each element of this list is {}")]
        else:
            whole = self.evident(first)
            item = whole.item if whole is not None and whole.kind == "list" else None
            elements = [(first, item, "but this is a list of {}")] if item is not None else []
        wrong_kinds = ("list", "text", "none") if name == "sum" else tuple(NOT_LISTS)
        for where, kind, wording in elements:
            if kind is None or kind.kind not in wrong_kinds:
                continue
            described = wording.format(kind.plural() if wording.endswith("list of {}") else kind.words())
            if name == "sum":
                self.type_slip(where, f"'sum' adds up numbers, {described}",
                               "to join lists into one list, write flatten(...)" if kind.kind == "list" else None)
            else:
                self.type_slip(where, f"'flatten' joins lists, {described}",
                               "flatten needs a list of lists, such as [[1, 2], [3]]")
            return

    def check_ordering(self, node: ast.Compare) -> None:
        if node.op in ("==", "!="):
            return
        left, right = self.evident(node.left), self.evident(node.right)
        kinds = {getattr(left, "kind", None), getattr(right, "kind", None)}
        if "none" in kinds:
            self.type_slip(node, f"'{node.op}' cannot compare none with anything: none is not more or less than a value",
                           "to test for no value, write '== none' or '!= none'")
        elif left is not None and right is not None and left.kind != right.kind and kinds <= {"number", "text", "list"}:
            self.type_slip(node, f"'{node.op}' cannot compare {left.words()} with {right.words()}",
                           "order comparisons need two numbers, two texts or two lists")


    def literal_kind(self, node: ast.Expr) -> str | None:
        """What a plainly wrong value is ("a number", "the zone 'bag'"), or None when it may be right."""
        if isinstance(node, (ast.IntLiteral, ast.Binary, ast.Negate)):
            return "a number"
        if isinstance(node, ast.StringLiteral):
            return "a text"
        if isinstance(node, (ast.BoolLiteral, ast.Compare, ast.BoolOp, ast.Not, ast.Membership, ast.VariantRef)):
            return "true or false"
        if isinstance(node, ast.NoneLiteral):
            return "none"
        if isinstance(node, (ast.ListLiteral, ast.Comprehension)):
            return "a list"
        if isinstance(node, ast.Name) and self.lookup_local(node.id) is None:
            symbol = self.globals.get(node.id)
            if symbol is not None and symbol.kind in ("zone", "kind", "table", "board") + SYMBOL_KINDS:
                return f"the {symbol.title} '{node.id}'"
            if symbol is None and node.id == "players":
                return "the list of every seat"
            if symbol is None and node.id in ("player_count", "round_number"):
                return "a number"
        return None

    def expect_player(self, node: ast.Expr, message: str) -> None:
        kind = self.literal_kind(node)
        if kind is not None:
            hint = "for each seat, write: for each p in players:" if node_is(node, "players") else None
            self.error(node.span, f"{message}, not {kind}", hint)

    def expect_place(self, node: ast.Expr, message: str) -> None:
        kind = self.literal_kind(node)
        if kind is not None and not kind.startswith("the zone"):
            self.error(node.span, f"{message}, not {kind}")

    # ------------------------------------------------------------ usage

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
            for node in ast.walk(statements):
                if isinstance(node, ast.EndGame) or (by_return and isinstance(node, ast.Return)):
                    return True
                if isinstance(node, ast.CallRule) and rule_ends_game(node.rule):
                    return True
            return False

        for node in ast.walk(self.declarations):
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


def node_is(node: ast.Expr, name: str) -> bool:
    """True when an expression is the bare name `name`."""
    return isinstance(node, ast.Name) and node.id == name


def _piece_variables(declarations: list, kind: str) -> list[str]:
    """The per-piece variables that pieces of a kind have."""
    return [d.name for d in declarations if isinstance(d, ast.VarDecl) and d.per_piece
            and (d.per_piece == kind or kind in d.also_per)]
