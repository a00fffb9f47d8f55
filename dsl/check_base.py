"""The checker's shared pieces: symbols and scopes, what a value is evident to be, name suggestions, and reporting."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from dsl import ast
from dsl.diagnostics import Diagnostic, Source, SourceLines, Span, did_you_mean

MAX_PLAYERS = 12

# Symbols: declared names whose value is the name itself.
SYMBOL_KINDS = ("kind member", "legend value", "die face", "catalogue entry")

# Declarations that can be read by their name alone (when not per player).
BARE_KINDS = ("variable", "zone", "kind", "table", "board", "define", "automa", "parameter") + SYMBOL_KINDS

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
    ast.PayoffDecl: "payoff",
    ast.ProgressDecl: "progress",
    ast.FinalScoringDecl: "final scoring:",
}


@dataclass(eq=False)
class Symbol:
    """One declared name: what it is, where it was declared, and what it was declared by.

    `kind` is the word messages use: "variable", "zone", "kind", "kind member",
    "legend value", "die face", "table", "board", "die", "automa", "variant", "parameter",
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


def article(words: str) -> str:
    """The words with "a" or "an" before them."""
    return ("an " if words[:1] in "aeiou" else "a ") + words


def plural(count: int, word: str) -> str:
    """A count with its word, plural unless the count is one: "1 row", "3 rows"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@functools.lru_cache(maxsize=None)
def handler(checker: type, prefix: str, kind: type) -> Any:
    """The checker's method for a node kind (`expr_Call`, `stmt_If`, ...), or None: looked up once per kind."""
    return getattr(checker, prefix + kind.__name__, None)


def whole_word(word: str) -> re.Pattern:
    """A pattern for `word` standing alone (not part of a longer name)."""
    return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])")


_WORD_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def find_whole_word(text: str, word: str, start: int) -> tuple[int, int] | None:
    """Where `word` first stands alone in `text` from `start` on, as `whole_word(word).search` finds it.

    Names are looked up this way because a file declares thousands of them, and
    compiling a pattern for each costs far more than looking.
    """
    if not (word.isascii() and word.replace("_", "").isalnum()):
        match = whole_word(word).search(text, start)
        return None if match is None else (match.start(), match.end())
    position = text.find(word, start)
    while position >= 0:
        end = position + len(word)
        if (position == 0 or text[position - 1] not in _WORD_CHARACTERS) and \
                (end == len(text) or text[end] not in _WORD_CHARACTERS):
            return position, end
        position = text.find(word, position + 1)
    return None


def node_is(node: ast.Expr, name: str) -> bool:
    """True when an expression is the bare name `name`."""
    return isinstance(node, ast.Name) and node.id == name


def piece_variables(declarations: list, kind: str) -> list[str]:
    """The per-piece variables that pieces of a kind have."""
    return [d.name for d in declarations if isinstance(d, ast.VarDecl) and d.per_piece
            and (d.per_piece == kind or kind in d.also_per)]


class CheckerBase:
    """The state of one check and what every pass uses: reporting, finding words on a line, scopes."""

    def __init__(self, game_file: ast.GameFile, source: Source):
        self.file = game_file
        self.source = source
        self.texts = SourceLines(source)  # each file's lines (a variant's bases are files of their own)
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

    def line_text(self, line: int, file: str | None = None) -> str:
        """Line `line` (1-based) of `file` (the rules file itself when not given), or "" past its end."""
        return self.texts.line(self.file.path if file is None else file, line)

    def line_of(self, span: Span, here: Span) -> str:
        """"line 12", or "line 12 of base.pir" when `span` is in another file than `here` (a variant's base)."""
        if span.file == here.file:
            return f"line {span.line}"
        return f"line {span.line} of {span.file.replace(chr(92), '/').rsplit('/', 1)[-1]}"

    def line_count(self, file: str) -> int:
        return len(self.texts.lines(file))

    def first_line(self, span: Span) -> Span:
        """The part of a span on its first line, without trailing spaces or comment."""
        text = self.line_text(span.line, span.file)
        end = len(re.sub(r"\s*(#[^\"]*)?$", "", text)) + 1
        if span.end_line == span.line:
            end = min(end, span.end_column) if span.end_column > span.column else end
        return Span(span.file, span.line, span.column, span.line, max(end, span.column + 1))

    def word_spans(self, span: Span, words: list[str], after: str | None = None) -> list[Span]:
        """Where each of `words` appears, in order, on the first line of `span`.

        A word that cannot be found is given the first line of `span`, so that a
        message always has a place to point at.
        """
        text = self.line_text(span.line, span.file)
        cursor = span.column - 1
        if after is not None:
            found = text.find(after, cursor)
            if found >= 0:
                cursor = found + len(after)
        spans = []
        for word in words:
            found = find_whole_word(text, word, cursor)
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
        pattern = whole_word(word)
        last = span.end_line - 1 if span.end_line > span.line and span.end_column == 1 else span.end_line
        for number in range(min(last, self.line_count(span.file)), span.line - 1, -1):
            text = re.sub(r"\s*(#[^\"]*)?$", "", self.line_text(number, span.file))
            matches = list(pattern.finditer(text))
            if matches:
                return Span(span.file, number, matches[-1].start() + 1, number, matches[-1].end() + 1)
        return self.first_line(span)

    def line_matching(self, span: Span, pattern: str) -> Span | None:
        """The first line inside `span` that matches `pattern`, as a span of its text."""
        for number in range(span.line, min(span.end_line, self.line_count(span.file)) + 1):
            text = self.line_text(number, span.file)
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

    # ------------------------------------------------------------ scopes

    class _Region:
        """A context manager that restores one attribute of the checker on exit."""

        def __init__(self, checker: "CheckerBase", name: str, value):
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
        return CheckerBase._Region(self, "scopes", Scope(frozenset(names), body))

    def owned_by(self, owner: str) -> "_Region":
        """Attribute the references made inside a `with` block to one declaration."""
        return CheckerBase._Region(self, "owner", owner)

    def lookup_local(self, name: str) -> Scope | None:
        for scope in reversed(self.scopes):
            if name in scope.names:
                return scope
        return None

    def use(self, symbol: Symbol) -> None:
        """Record that the declaration being checked refers to `symbol`."""
        self.references.setdefault(self.owner, set()).add(symbol.name)
