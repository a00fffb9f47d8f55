"""Parse rules text into the AST (`dsl/ast.py`), turning every Lark error into a `PirError`."""

from __future__ import annotations

import functools
import gc
import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from dsl import ast, hints
from dsl.diagnostics import Diagnostic, PirError, Span
from dsl.lalr import LalrRunner, TooDeep

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
MAX_SOURCE_BYTES = 2_000_000
# Limits on what one rules file may ask of the reader, so that hostile or broken text is
# refused at once, in the language's terms (docs/language.md, section 10). Real games stay
# far below them: the shipped ones have lines of at most 330 characters, 13 levels of
# blocks and a few operators per line.
MAX_LINE_CHARS = 1_000
MAX_BLOCK_DEPTH = 32
MAX_BRACKET_DEPTH = 32
MAX_OPERATORS = 100       # operators in one logical line (brackets may carry it over lines)
MAX_NUMBER_DIGITS = 30
# How deeply rules may nest (a Lark tree's depth, expressions read inside texts included).
# Lark's tree walk used to stop near this depth, when Python's stack ran out; the
# checker and the compiler recurse through the tree, so deeper would crash them.
MAX_NESTING = 480


class _BadDedent(DedentError):
    """A line indented less than its block but not as far as any outer one, and where it is."""

    def __init__(self, line: int, column: int):
        super().__init__(f"unexpected dedent at line {line}")
        self.line = line
        self.column = column


class _PirIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    @property
    def always_accept(self):
        # Names are read in every parser state, so that a word is read whole: where only a
        # keyword could come, "untill" or "players" is a name the parser refuses (and the
        # hint names the keyword), not the keyword with "l" or "s" left over. A word that is
        # the keyword is still read as the keyword.
        return (self.NL_type, "NAME")

    def handle_NL(self, token: Token):
        """Lark's own, except that a bad dedent says which line it is (where the newline token ends)."""
        if self.paren_level > 0:
            return
        yield token
        indent_text = token.rsplit("\n", 1)[1]
        indent = indent_text.count(" ") + indent_text.count("\t") * self.tab_len
        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            yield Token.new_borrow_pos(self.INDENT_type, indent_text, token)
            return
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, indent_text, token)
        if indent != self.indent_level[-1]:
            raise _BadDedent(token.end_line, token.end_column)


# Where the parser's tables are kept between runs, so that a command starts sooner (about 20 ms
# instead of 180): a function giving the saved tables (or None) and one keeping them, set by
# `interpreter.game` to the cache's (interpreter/cache.py, which checks an entry's MAC before it is
# read). Lark's own `cache=True` is not used: it unpickles a file with a name anyone can work out in
# the shared temporary folder, where another user of the computer could have put code of theirs.
tables_store: tuple[Callable[[], bytes | None], Callable[[bytes], None]] | None = None


@functools.lru_cache(maxsize=1)
def _lark() -> Lark:
    if tables_store is not None:
        saved = tables_store[0]()
        if saved is not None:
            try:
                return Lark.load(io.BytesIO(saved))
            except Exception:  # noqa: BLE001 - tables from another Lark: build them again
                pass
    parser = Lark(
        GRAMMAR_PATH.read_text(),
        parser="lalr",
        lexer="contextual",
        postlex=_PirIndenter(),
        propagate_positions=True,
        maybe_placeholders=True,
        start=["start", "expr"],
    )
    if tables_store is not None:
        tables = io.BytesIO()
        parser.save(tables)
        tables_store[1](tables.getvalue())
    return parser


# Friendly names for the terminals Lark reports as expected.
_TOKEN_NAMES = {
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "end of block",
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a "text"',
    "COLON": "':'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COMMA": "','",
    "EQUAL": "'='",
    "DOT": "'.'",
    "OFF_CARD": "'not on card'",
    "$END": "end of file",
}


def _describe_expected(expected: set[str]) -> str:
    names = []
    for terminal in sorted(expected):
        if terminal in _TOKEN_NAMES:
            names.append(_TOKEN_NAMES[terminal])
        else:
            try:
                pattern = _lark().get_terminal(terminal).pattern
                value = pattern.value
                names.append(f"'{value}'" if pattern.type == "str" else terminal.lower())
            except KeyError:
                names.append(terminal.lower())
    names = sorted(set(names))
    if len(names) > 8:
        names = names[:8] + ["..."]
    return ", ".join(names)


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "_INDENT":
        return "indentation"
    if token.type == "_DEDENT":
        return "end of the block"
    if token.type == "$END":
        return "end of file"
    return f"'{token}'"


def _syntax_error(error: UnexpectedInput, path: str, source: str) -> Diagnostic:
    line = getattr(error, "line", None) or 1
    column = getattr(error, "column", None) or 1
    if line < 1:
        line, column = max(1, source.count("\n")), 1
    hint = None
    if isinstance(error, UnexpectedCharacters):
        char = source[error.pos_in_stream] if 0 <= error.pos_in_stream < len(source) else "?"
        hint = hints.character_hint(char, source, error.pos_in_stream)
        message = f"unexpected character {char!r}"
        if hint is None:
            hint = hints.syntax_hint(source, line, column, char, "", set(), set())
    elif isinstance(error, UnexpectedToken) and error.token.type == "_INDENT":
        # The indentation token sits where the line before ends; the line at fault is where it stops.
        token = error.token
        line, column = token.end_line or line, token.end_column or column
        message = "unexpected indentation: this line is indented more than the line before it"
        hint = "indent it as far as the line above, or end the line above with ':' to open a block under it"
    elif isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END" or (token.line is None):
            line = max(1, source.rstrip("\n").count("\n") + 1)
            column = len(source.rstrip("\n").splitlines()[-1]) + 1 if source.strip() else 1
        message = f"unexpected {_token_text(token)}"
        expected = set(error.expected) - {"$END"} if token.type != "$END" else set(error.expected)
        if token.type == "EQUAL" and "COMPARATOR" in expected:
            before = source.splitlines()[line - 1][:column - 1] if line <= len(source.splitlines()) else ""
            if re.search(r"(^|[\s(\[])(if|elif|while|until|where|check)\s", before):
                message = "a single '=' gives a value; this condition needs a comparison"
                hint = "did you mean '=='?"
            else:
                hint = "did you mean '=='? Only a variable or a local can be given a value with '='"
        elif expected:
            message += f"; expected {_describe_expected(expected)}"
        if "COLON" in error.expected and token.type == "_NL":
            hint = "a line that opens a block ends with ':'"
        elif token.type == "EQUAL" and "LET" in {t.upper() for t in error.expected}:
            hint = "name a new value with 'let NAME = ...'"
        elif "STRING" in expected and line <= len(source.splitlines()) \
                and source.splitlines()[line - 1].strip().startswith("header"):
            hint = ("a table's first line 'header' names its columns: header \"Key\" -> \"Value\"; "
                    "for a row whose key is the name 'header', write another row first")
        if token.type in ("$END", "_DEDENT") or token.start_pos is None:  # a block ends only outside brackets
            open_bracket = hints.unclosed_bracket(source, len(source), at_end=True)
        else:
            open_bracket = hints.unclosed_bracket(source, token.start_pos)
        opener = hints.empty_block(source, token.line, token.column) \
            if token.line is not None and token.column is not None else None
        if opener is not None and open_bracket is None:
            message = f"the block that line {opener} opens has nothing in it"
            hint = (f"indent the lines that belong under line {opener} further than it, "
                    "or write 'pass' there if nothing is done")
        elif open_bracket is not None:
            # The reader went on past the line's end, inside the bracket: the slip is the bracket.
            line, column, bracket = open_bracket
            closer = ")" if bracket == "(" else "]"
            message = f"this '{bracket}' is never closed"
            hint = f"close it with '{closer}' before the end of the statement"
        elif hint is None and expected == {"_INDENT"}:
            hint = "the lines that belong under it go on the next lines, indented further ('pass' if nothing is done)"
        elif hint is None:
            hint = hints.syntax_hint(source, token.line or line, token.column or column, str(token), token.type,
                                     expected, _literals(expected))
    elif isinstance(error, UnexpectedEOF):
        message = "the file ends in the middle of a statement"
    else:
        message = "syntax error"
    return Diagnostic(Span(path, line, column, line, column + 1), message, hint)


def _literals(expected: set[str]) -> set[str]:
    """The fixed words and signs among the terminals expected (`chooses` for CHOOSES, `->`)."""
    found = set()
    for terminal in expected:
        try:
            pattern = _lark().get_terminal(terminal).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            found.add(pattern.value)
    return found


def _span(meta, path: str) -> Span:
    if getattr(meta, "empty", True):
        return Span(path, 1, 1, 1, 1)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


_ESCAPES = {"n": "\n", "t": "\t"}


@dataclass(frozen=True)
class _Caption:
    """`caption LAYER` inside a board: folded into `BoardDecl.captions` by `board_decl`."""

    layer: str


def _unquote(token: str) -> str:
    """The text a string token stands for: quotes removed, escapes (`\\"`, `\\n`, ...) applied."""
    return _unquote_with_columns(token, 1)[0]


def _unquote_with_columns(token: str, column: int) -> tuple[str, list[int]]:
    """The text of a string token, and the source column of each of its characters.

    Args:
        token: the token as written, quotes included.
        column: the column of its opening quote.

    Returns:
        The text, and one column per character plus one for the closing quote, so
        that a position inside the text (after an escape, say) maps to the file.
    """
    body = token[1:-1]
    if "\\" not in body:  # most texts: each character is where it is written
        return body, list(range(column + 1, column + 2 + len(body)))
    text: list[str] = []
    columns: list[int] = []
    index = 0
    while index < len(body):
        columns.append(column + 1 + index)
        if body[index] == "\\" and index + 1 < len(body):
            text.append(_ESCAPES.get(body[index + 1], body[index + 1]))
            index += 2
        else:
            text.append(body[index])
            index += 1
    columns.append(column + 1 + len(body))
    return "".join(text), columns


class _Builder:
    """Build AST nodes, one method per grammar rule (or alias): `rule(span, items)`.

    `items` are the children the grammar keeps (tokens and what the methods of
    the inner rules returned, None for a missing `[optional]` part); `span` is
    where the rule's text is, keywords and line ends included. `dsl.lalr` calls
    these as the parser reduces; `_TreeBuilder` calls them on a Lark tree.
    """

    def __init__(self, path: str, source: str):
        self.path = path
        self.source = source
        self.errors: list[Diagnostic] = []
        self.nested_depth = 0  # set by `_string` for `dsl.lalr`: how deep a `{expression}` nests

    # -- helpers
    def _tok_span(self, token: Token) -> Span:
        return Span(self.path, token.line, token.column, token.end_line, token.end_column)

    def _string(self, token: Token) -> ast.StringLiteral:
        """A string literal, split into text and `{expression}` parts."""
        text, columns = _unquote_with_columns(str(token), token.column)
        span = self._tok_span(token)
        parts: list = []
        pos = 0
        while pos < len(text):
            start = text.find("{", pos)
            if start < 0:
                parts.append(text[pos:])
                break
            if start + 1 < len(text) and text[start + 1] == "{":
                parts.append(text[pos:start + 1])
                pos = start + 2
                continue
            end = text.find("}", start)
            if end < 0:
                self.errors.append(Diagnostic(span, "a '{' in this text is never closed", "write '}' after the expression, or '{{' for a plain brace"))
                parts.append(text[pos:])
                break
            if start > pos:
                parts.append(text[pos:start])
            inner = text[start + 1:end]

            def place(inner_column: int, offset: int = start + 1) -> int:
                """The file column of a column (from 1) of the expression between the braces."""
                return columns[min(max(offset + inner_column - 1, 0), len(columns) - 1)]

            builder = _Builder(self.path, self.source)
            parsed = _parse_fast(inner, "expr", builder)
            try:
                if parsed is not None:
                    expr, depth = parsed
                    self.nested_depth = max(self.nested_depth, depth)
                else:
                    builder = _Builder(self.path, self.source)
                    expr = _TreeBuilder(builder).transform(_lark().parse(inner, start="expr"))
                parts.append(_shift(expr, token.line, place))
                for diagnostic in builder.errors:
                    where = diagnostic.span
                    diagnostic.span = Span(self.path, token.line, place(where.column), token.line, place(where.end_column))
                    self.errors.append(diagnostic)
            except (LarkError, ValueError):
                self.errors.append(Diagnostic(
                    Span(self.path, token.line, place(0), token.line, place(len(inner) + 1) + 1),
                    f"cannot read the expression {{{inner}}} in this text",
                    "put a name or an expression between the braces, e.g. {p.name}"))
            pos = end + 1
        parts = [p.replace("}}", "}") if isinstance(p, str) else p for p in parts]
        return ast.StringLiteral(span=span, parts=[p for p in parts if p != ""])

    def _fixed_text(self, token: Token, what: str) -> str:
        """A text shown as written (a title, a description): `{{` is a brace, and nothing is filled in.

        These texts are read before any game runs (by `pirdsl reference`, or to name a
        seat), so there is nothing to fill `{...}` with: that is reported where it is.
        """
        literal = self._string(token)
        for part in literal.parts:
            if isinstance(part, ast.Expr):
                self.errors.append(Diagnostic(
                    Span(self.path, part.span.line, part.span.column - 1, part.span.line, part.span.end_column + 1),
                    f"{what} is fixed text: nothing can be filled in with {{...}} here",
                    "write the text out, or '{{' and '}}' for plain braces"))
        return "".join(part if isinstance(part, str) else "" for part in literal.parts)

    # -- header
    def start(self, span, items):
        return [i for i in items if i is not None]

    def game_header(self, span, items):
        name, *rest = items
        low, high, texts, longest = 0, 0, {}, None
        for item in rest:
            if item[0] == "players":
                low, high = item[1], item[2]
            elif item[0] == "longest":
                longest = item[1]
            else:
                texts[item[1]] = item[2]
        return ast.GameHeader(span=span, name=self._fixed_text(name, "the name of the game"), min_players=low,
                              max_players=high, texts=texts, longest=longest)

    def players_range(self, span, items):
        return ("players", int(items[0]), int(items[1]))

    def longest_game(self, span, items):
        return ("longest", int(items[0]))

    def header_text(self, span, items):
        return ("text", str(items[0]), self._fixed_text(items[1], f"the game's {items[0]} text"))

    # -- components
    def kind_decl(self, span, items):
        return ast.KindDecl(span=span, name=str(items[0]), members=items[1])

    def name_list(self, span, items):
        return [str(i) for i in items]

    def piece_decl(self, span, items):
        name, fields, label, mark = items
        return ast.PieceDecl(span=span, name=str(name), fields=fields or [], label=label, mark=mark)

    def field_list(self, span, items):
        return [str(i) for i in items if i is not None]

    def piece_label(self, span, items):
        return self._string(items[0])

    def piece_mark(self, span, items):
        return self._string(items[0])

    def var_decl(self, span, items):
        name, owner, init, *marks = items
        kinds = {mark.type for mark in marks}
        owners = owner if isinstance(owner, list) else []
        return ast.VarDecl(span=span, name=str(name), per_player=owner is True,
                           per_piece=owners[0] if owners else None, also_per=owners[1:],
                           init=init, secret="SECRET" in kinds, internal="INTERNAL" in kinds)

    def per_piece(self, span, items):
        return [str(item) for item in items]

    def zone_decl(self, span, items):
        name, per_player, visibility = items
        return ast.ZoneDecl(span=span, name=str(name), per_player=per_player is not None, visibility=visibility or "public")

    def per_player(self, span, items):
        return True

    def visibility(self, span, items):
        return str(items[0])

    # -- boards
    def board_decl(self, span, items):
        name, shape, rows, cols, *body = items
        layers = [b for b in body if isinstance(b, ast.Layer)]
        legends = [b for b in body if isinstance(b, ast.Legend)]
        captions = [b.layer for b in body if isinstance(b, _Caption)]
        return ast.BoardDecl(span=span, name=str(name), shape=shape, rows=int(rows), columns=int(cols),
                             layers=layers, legends=legends, captions=captions)

    def board_caption(self, span, items):
        return _Caption(str(items[0]))

    def board_shape(self, span, items):
        return str(items[0])

    def layer(self, span, items):
        name, *rows = items
        return ast.Layer(span=span, name=str(name), rows=[_unquote(r).split() for r in rows])

    def legend(self, span, items):
        name, *entries = items
        return ast.Legend(span=span, layer=str(name), entries=dict(entries))

    def legend_entry(self, span, items):
        return (_unquote(items[0]), items[1])

    def symbol_value(self, span, items):
        return str(items[0])

    def signed_int(self, span, items):
        return int(items[0])

    def negative_int(self, span, items):
        return -int(items[1])

    def none_value(self, span, items):
        return None

    def die_decl(self, span, items):
        return ast.DieDecl(span=span, name=str(items[0]), faces=list(items[1:]))

    def table_decl(self, span, items):
        return ast.TableDecl(span=span, name=str(items[0]), piece=items[1], header=items[2], rows=items[3:])

    def table_of(self, span, items):
        return str(items[0])

    def table_header(self, span, items):
        *texts, off_card = items
        key, *values = (self._fixed_text(token, "a table heading") for token in texts)
        return ast.TableHeader(span=span, key=key, values=values, on_card=off_card is None)

    def off_card(self, span, items):
        return True

    def table_row(self, span, items):
        return ast.TableRow(span=span, key=items[0], value=items[1])

    def automa_decl(self, span, items):
        return ast.AutomaDecl(span=span, name=str(items[0]), display=self._fixed_text(items[1], "an automa's name"), condition=items[2])

    # -- variant files
    def extends_decl(self, span, items):
        return ast.ExtendsDecl(span=span, base=self._fixed_text(items[0], "the path of the base game"))

    def replace_decl(self, span, items):
        fingerprint, decl = items
        return ast.ReplaceDecl(span=span, decl=decl,
                               fingerprint=self._fixed_text(fingerprint, "a fingerprint") if fingerprint else None)

    def remove_decl(self, span, items):
        fingerprint, kind, name = items
        named = self._fixed_text(name, "an example's title") if str(name).startswith('"') else str(name)
        return ast.RemoveDecl(span=span, kind=kind, name=named,
                              fingerprint=self._fixed_text(fingerprint, "a fingerprint") if fingerprint else None)

    def removable(self, span, items):
        return str(items[0])

    def target_setup(self, span, items):
        return "setup"

    def target_final_scoring(self, span, items):
        return "final scoring"

    def variant_decl(self, span, items):
        return ast.VariantDecl(span=span, name=str(items[0]), text=self._fixed_text(items[1], "a variant's description"))

    def param_decl(self, span, items):
        name, default, low, high, text = items
        return ast.ParamDecl(span=span, name=str(name), default=default, low=low, high=high,
                             text=None if text is None else self._fixed_text(text, "a parameter's description"))

    # -- rules
    def define_decl(self, span, items):
        name, params, body = items
        return ast.DefineDecl(span=span, name=str(name), params=params or [], body=body)

    def rule_decl(self, span, items):
        name, params, text, body = items
        return ast.RuleDecl(span=span, name=str(name), params=params or [], text=self._fixed_text(text, "a rule's description") if text else None, body=body)

    def power_decl(self, span, items):
        name, text, hook, target, params, condition, body = items
        return ast.PowerDecl(span=span, name=str(name), text=self._fixed_text(text, "a power's description") if text else None,
                             hook=hook, target=str(target), params=params or [], condition=condition, body=body)

    def power_value_decl(self, span, items):
        name, text, hook, target, params, value, condition = items
        return ast.PowerDecl(span=span, name=str(name), text=self._fixed_text(text, "a power's description") if text else None,
                             hook=hook, target=str(target), params=params or [], condition=condition, value=value)

    def hook_before(self, span, items):
        return "before"

    def hook_after(self, span, items):
        return "after"

    def hook_instead(self, span, items):
        return "instead"

    def hook_adding(self, span, items):
        return "adding"

    def power_when(self, span, items):
        return items[0]

    def params(self, span, items):
        return [str(i) for i in items if i is not None]

    def text(self, span, items):
        return items[0]

    def setup_decl(self, span, items):
        return ast.SetupDecl(span=span, body=items[0])

    def example_setup_decl(self, span, items):
        return ast.ExampleSetupDecl(span=span, body=items[0])

    def play_decl(self, span, items):
        return ast.PlayDecl(span=span, body=items[0])

    def score_decl(self, span, items):
        return ast.ScoreDecl(span=span, param=str(items[0]), body=items[1])

    def tiebreak_decl(self, span, items):
        return ast.TiebreakDecl(span=span, param=str(items[0]), body=items[1])

    def payoff_decl(self, span, items):
        name, total, bounds, body = items
        kind, constant = total or ("general", None)
        low, high = bounds or (None, None)
        return ast.PayoffDecl(span=span, param=str(name), body=body, total=kind, constant=constant, low=low, high=high)

    def zero_sum(self, span, items):
        return ("zero", None)

    def constant_sum(self, span, items):
        return ("constant", items[-1])

    def general_sum(self, span, items):
        return ("general", None)

    def payoff_range(self, span, items):
        return (items[0], items[1])

    def progress_decl(self, span, items):
        return ast.ProgressDecl(span=span, param=str(items[0]), body=items[1])

    def final_decl(self, span, items):
        return ast.FinalScoringDecl(span=span, body=items[0])

    # -- examples
    def example_decl(self, span, items):
        fields: dict = {"answers": [], "expect": []}
        for kind, value in items[1:]:
            if kind in ("answers", "expect"):
                fields[kind].extend(value)
            elif kind == "params":
                fields.setdefault("params", {}).update(value)
            else:
                fields.update(value) if kind == "players" else fields.__setitem__(kind, value)
        return ast.ExampleDecl(span=span, name=self._fixed_text(items[0], "an example's title"), **fields)

    def example_players(self, span, items):
        return ("players", {"players": int(items[0]), "player_names": items[1] or []})

    def example_seed(self, span, items):
        return ("seed", int(items[0]))

    def example_variants(self, span, items):
        return ("variants", items[0])

    def example_round(self, span, items):
        return ("round", int(items[0]))

    def example_phase(self, span, items):
        return ("phase", self._fixed_text(items[0], "an example's phase"))

    def example_param(self, span, items):
        return ("params", {str(items[0]): items[1]})

    def example_given(self, span, items):
        return ("given", items[0])

    def example_when(self, span, items):
        return ("when", items[0])

    def example_answers(self, span, items):
        return ("answers", list(items))

    def example_expect(self, span, items):
        return ("expect", list(items))

    # -- statements
    def block(self, span, items):
        return list(items)

    def let_stmt(self, span, items):
        return ast.Let(span=span, name=str(items[0]), value=items[1])

    def assign_stmt(self, span, items):
        return ast.Assign(span=span, target=items[0], value=items[1])

    def add_stmt(self, span, items):
        return ast.AddTo(span=span, target=items[0], value=items[1], sign=1)

    def subtract_stmt(self, span, items):
        return ast.AddTo(span=span, target=items[0], value=items[1], sign=-1)

    def move_stmt(self, span, items):
        return ast.Move(span=span, what=items[0], to=items[1], place=items[2] or "top")

    def place(self, span, items):
        return str(items[0])

    def create_stmt(self, span, items):
        count, piece, args, zone = items
        return ast.Create(span=span, count=count, piece=str(piece), args=args or [], zone=zone)

    def choose_stmt(self, span, items):
        player, var, options, prompt, label, optional = items
        return ast.Choose(span=span, player=player, var=str(var), options=options,
                          prompt=self._string(prompt) if prompt else None, label=label, optional=optional is not None,
                          skip_text=optional[1] if optional is not None else None)

    def choose_set_stmt(self, span, items):
        player, var, options, budget, cost, prompt, label = items
        return ast.ChooseSet(span=span, player=player, var=str(var), options=options, budget=budget, cost=cost,
                             prompt=self._string(prompt) if prompt else None, label=label)

    def labelled(self, span, items):
        return items[0]

    def optional(self, span, items):
        return ("optional", items[0])

    def draw_stmt(self, span, items):
        return ast.Draw(span=span, var=str(items[0]), source=items[1])

    def weighted_draw_stmt(self, span, items):
        return ast.WeightedDraw(span=span, var=str(items[0]), source=items[1], weights=items[2])

    def actions_stmt(self, span, items):
        player, prompt, stop, *groups = items
        return ast.Actions(span=span, player=player, prompt=self._string(prompt) if prompt else None,
                           stop_text=self._string(stop), groups=groups)

    def action_group(self, span, items):
        (limit, count), *options = items
        return ast.ActionGroup(span=span, limit=limit, count=count, options=options)

    def budget_limit(self, span, items):
        return ("budget", items[0])

    def once_limit(self, span, items):
        return ("once", None)

    def once_per_round_limit(self, span, items):
        return ("round", None)

    def action_option(self, span, items):
        text, condition, body = items
        return ast.ActionOption(span=span, text=self._string(text), condition=condition, body=body)

    def roll_stmt(self, span, items):
        return ast.Roll(span=span, var=str(items[0]), die=str(items[1]))

    def log_stmt(self, span, items):
        return ast.Log(span=span, to=items[0], text=self._string(items[1]))

    def call_stmt(self, span, items):
        return ast.CallRule(span=span, rule=str(items[0]), args=items[1])

    def return_stmt(self, span, items):
        return ast.Return(span=span)

    def end_stmt(self, span, items):
        return ast.EndGame(span=span)

    def eliminate_stmt(self, span, items):
        return ast.Eliminate(span=span, player=items[0])

    def shuffle_stmt(self, span, items):
        return ast.Shuffle(span=span, zone=items[0])

    def check_stmt(self, span, items):
        return ast.Check(span=span, condition=items[0], text=self._string(items[1]) if items[1] else None)

    def pass_stmt(self, span, items):
        return ast.Pass(span=span)

    def if_stmt(self, span, items):
        condition, body, *rest = items
        branches = [ast.IfBranch(span=span, condition=condition, body=body)]
        otherwise = []
        for item in rest:
            if isinstance(item, ast.IfBranch):
                branches.append(item)
            elif item is not None:
                otherwise = item
        return ast.If(span=span, branches=branches, otherwise=otherwise)

    def elif_clause(self, span, items):
        return ast.IfBranch(span=span, condition=items[0], body=items[1])

    def else_clause(self, span, items):
        return items[0]

    def for_stmt(self, span, items):
        var, iterable, simultaneously, body = items
        return ast.ForEach(span=span, var=str(var), iterable=iterable, simultaneously=simultaneously is not None, body=body)

    def while_stmt(self, span, items):
        return ast.While(span=span, condition=items[0], body=items[1])

    def rounds_stmt(self, span, items):
        return ast.Rounds(span=span, until=items[0], body=items[1])

    def repeat_stmt(self, span, items):
        return ast.Repeat(span=span, count=items[0], body=items[1])

    def phase_stmt(self, span, items):
        return ast.Phase(span=span, title=self._fixed_text(items[0], "a phase title"), body=items[1])

    # -- expressions
    def if_expr(self, span, items):
        return ast.IfExpr(span=span, then=items[0], condition=items[1], otherwise=items[2])

    def or_op(self, span, items):
        return ast.BoolOp(span=span, op="or", left=items[0], right=items[1])

    def and_op(self, span, items):
        return ast.BoolOp(span=span, op="and", left=items[0], right=items[1])

    def not_op(self, span, items):
        return ast.Not(span=span, operand=items[0])

    def compare(self, span, items):
        return ast.Compare(span=span, op=str(items[1]), left=items[0], right=items[2])

    def in_op(self, span, items):
        return ast.Membership(span=span, element=items[0], collection=items[1])

    def not_in_op(self, span, items):
        return ast.Membership(span=span, element=items[0], collection=items[1], negated=True)

    def binary(self, span, items):
        return ast.Binary(span=span, op=str(items[1]), left=items[0], right=items[2])

    def negate(self, span, items):
        return ast.Negate(span=span, operand=items[1])

    def attribute(self, span, items):
        return ast.Attribute(span=span, target=items[0], name=str(items[1]))

    def index(self, span, items):
        return ast.Index(span=span, target=items[0], index=items[1])

    def call(self, span, items):
        return ast.Call(span=span, function=str(items[0]), args=items[1])

    def call_args(self, span, items):
        return [i for i in items if i is not None]

    def int_literal(self, span, items):
        return ast.IntLiteral(span=span, value=int(items[0]))

    def string_literal(self, span, items):
        return self._string(items[0])

    def true_literal(self, span, items):
        return ast.BoolLiteral(span=span, value=True)

    def false_literal(self, span, items):
        return ast.BoolLiteral(span=span, value=False)

    def none_literal(self, span, items):
        return ast.NoneLiteral(span=span)

    def name(self, span, items):
        return ast.Name(span=span, id=str(items[0]))

    def variant_ref(self, span, items):
        return ast.VariantRef(span=span, name=str(items[0]))

    def list_literal(self, span, items):
        return ast.ListLiteral(span=span, items=[i for i in items if i is not None])

    def comprehension(self, span, items):
        element, *clauses, order = items
        order_by, descending = (order if order else (None, False))
        return ast.Comprehension(span=span, element=element, clauses=clauses,
                                 order_by=order_by, descending=descending)

    def comprehension_for(self, span, items):
        var, iterable, where = items
        return ast.ComprehensionFor(span=span, var=str(var), iterable=iterable, where=where)

    def order_by(self, span, items):
        return (items[0], items[1] is not None)


def _tree_method(name: str):
    """A Transformer method for rule `name` that hands the tree's position to `_Builder`'s method as a span."""

    @v_args(meta=True)
    def method(self, meta, items):
        return getattr(self.builder, name)(_span(meta, self.builder.path), items)

    method.__name__ = name
    return method


class _TreeBuilder(Transformer):
    """Build the AST from a whole Lark parse tree with `_Builder`'s methods: the way when `dsl.lalr` cannot."""

    def __init__(self, builder: _Builder):
        super().__init__()
        self.builder = builder


for _name in dir(_Builder):
    if not _name.startswith("_"):
        setattr(_TreeBuilder, _name, _tree_method(_name))


@functools.lru_cache(maxsize=1)
def _runner():
    """The fast LALR runner over `_lark()`'s tables, or None when this Lark's internals do not suit it."""
    try:
        return LalrRunner(_lark(), _PirIndenter, _Builder)
    except Exception:  # noqa: BLE001 - any surprise in Lark's internals: parse the slower way
        return None


def _parse_fast(text: str, start: str, builder: _Builder):
    """The AST of a valid `text` from rule `start`, built as it is parsed, and its depth; None for anything else.

    None means: parse it again with Lark, which reports a syntax error exactly
    (and builds the AST its own way should the fast path ever balk at valid text).

    Raises:
        TooDeep: when the text nests more than MAX_NESTING deep.
    """
    runner = _runner()
    if runner is None:
        return None
    try:
        return runner.parse(text, start, builder, builder.path, MAX_NESTING)
    except TooDeep:
        raise
    except Exception:  # noqa: BLE001 - a syntax error, or a builder failure: Lark's path reports it
        return None


def _shift(node, line: int, place):
    """Move an expression parsed from inside a string to its place in the file.

    Args:
        node: the expression, with spans counted from the start of the braces' content.
        line: the line of the string.
        place: maps such a column to the column in the file.
    """
    def fix(value):
        if isinstance(value, ast.Node):
            return _shift(value, line, place)
        if isinstance(value, list):
            return [fix(v) for v in value]
        return value

    span = node.span
    new_span = Span(span.file, line, place(span.column), line, max(place(span.end_column), place(span.column) + 1))
    updates = {name: fix(getattr(node, name)) for name in type(node).model_fields if name != "span"}
    return type(node)(span=new_span, **updates)


def parse_source(source: str, path: str = "<string>") -> ast.GameFile:
    """Parse rules text into a `GameFile`.

    Args:
        source: the text of a rules file.
        path: the file name to show in messages.

    Raises:
        PirError: with a located diagnostic for the first syntax error.
    """
    if "\x00" in source:
        line = source[: source.index("\x00")].count("\n") + 1
        raise PirError([Diagnostic(Span(path, line, 1, line, 2), "this is not a text file (it contains a NUL byte)")], source)
    if not source.strip():
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), "the file is empty",
                                   'a rules file starts with: game "Name":')], source)
    try:
        check_limits(source, path)
    except PirError:
        # Text beyond the limits that does not even open like a rules file (a README given by
        # mistake) is told that first: the limit it broke is only a symptom.
        for number, line in enumerate(source.split("\n"), 1):
            if line.strip() and not line.lstrip().startswith("#"):
                if not re.match(r"\s*game\b", line):
                    raise PirError([Diagnostic(Span(path, number, 1, number, 2),
                                               "this does not look like a rules file: it does not open with the game header",
                                               'a rules file starts with: game "Name":')], source) from None
                break
        raise
    text = source if source.endswith("\n") else source + "\n"
    # Parsing makes tens of thousands of small objects and no cycles: the garbage
    # collector's passes over them would cost a tenth of the time, for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        builder = _Builder(path, text)
        try:
            parsed = _parse_fast(text, "start", builder)
        except TooDeep:
            raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")], source) from None
        if parsed is not None:
            declarations = parsed[0]
        else:
            declarations, builder = _parse_slow(text, path, source)
    finally:
        if collecting:
            gc.enable()
    if builder.errors:
        raise PirError(builder.errors, source)
    digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    return ast.GameFile(span=Span(path, 1, 1, 1, 1), path=path, source_hash=digest, declarations=declarations)


class ReusingParser:
    """`parse_source` for a text that changes a little at a time (an editor's): unchanged declarations are not read again.

    The text is cut before each line that starts a declaration (a line at the left
    margin, outside any bracket, that is not a comment), and each piece is parsed on
    its own at its own lines, so its nodes are those `parse_source` gives the whole
    text; a piece seen in the last parse is taken from it, moved to its new lines
    when lines were added or taken away above it (a copy with its spans moved is
    quicker to make than a parse). The result is always the same `GameFile` as
    `parse_source`'s: anything that is not a clean parse of every piece (a syntax
    error, a limit, text the fast path leaves to Lark) is parsed whole by
    `parse_source`, which reports it as it always does.
    """

    def __init__(self) -> None:
        # For each file: its pieces at their first lines, from its last parse.
        self._pieces: dict[str, dict[tuple[int, str], list]] = {}

    def parse(self, source: str, path: str = "<string>") -> ast.GameFile:
        """The `GameFile` of `source`, as `parse_source(source, path)` gives it.

        Raises:
            PirError: as `parse_source` does.
        """
        if "\x00" in source or not source.strip():
            return parse_source(source, path)
        text = source if source.endswith("\n") else source + "\n"
        kept: dict[tuple[int, str], list] = {}
        before = self._pieces.get(path, {})
        anywhere = {piece: (first_line, found) for (first_line, piece), found in before.items()}
        declarations: list = []
        collecting = gc.isenabled()
        gc.disable()
        try:
            for first_line, piece in _declaration_pieces(text):
                key = (first_line, piece)
                found = before.get(key)
                if found is None:
                    elsewhere = anywhere.get(piece)
                    if elsewhere is not None:
                        found = _moved(elsewhere[1], first_line - elsewhere[0])
                    else:
                        found = self._parse_piece(piece, first_line, path)
                        if found is None:
                            return parse_source(source, path)
                kept[key] = found
                declarations.extend(found)
        finally:
            if collecting:
                gc.enable()
        self._pieces[path] = kept
        digest = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
        return ast.GameFile(span=Span(path, 1, 1, 1, 1), path=path, source_hash=digest, declarations=declarations)

    @staticmethod
    def _parse_piece(piece: str, first_line: int, path: str) -> list | None:
        """The declarations of one piece starting at `first_line`, or None when only a whole parse can tell."""
        try:
            check_limits(piece, path)
        except PirError:
            return None
        placed = "\n" * (first_line - 1) + piece  # blank lines before it put each node on its own line
        builder = _Builder(path, placed)
        try:
            parsed = _parse_fast(placed, "start", builder)
        except TooDeep:
            return None
        if parsed is None or builder.errors:
            return None
        return parsed[0]


def _moved(value, lines: int):
    """Nodes (a node, or lists, tuples and dicts of them) with every span `lines` lines further down."""
    if isinstance(value, ast.Node):
        update = {}
        for name in ast.child_fields(type(value)):
            inner = getattr(value, name)
            if isinstance(inner, (ast.Node, list, tuple, dict)):
                update[name] = _moved(inner, lines)
        span = value.span
        update["span"] = Span(span.file, span.line + lines, span.column, span.end_line + lines, span.end_column)
        fields = {name: getattr(value, name) for name in type(value).model_fields}
        fields.update(update)
        return type(value).model_construct(_fields_set=set(value.model_fields_set), **fields)
    if isinstance(value, list):
        return [_moved(item, lines) for item in value]
    if isinstance(value, tuple):
        return tuple(_moved(item, lines) for item in value)
    if isinstance(value, dict):
        return {key: _moved(item, lines) for key, item in value.items()}
    return value


def _declaration_pieces(text: str) -> list[tuple[int, str]]:
    """`text` cut before each line that starts a declaration: (the piece's first line, the piece)."""
    lines = text.split("\n")
    pieces: list[tuple[int, str]] = []
    start = 0
    depth = 0
    for index, line in enumerate(lines):
        if index and depth == 0 and line[:1] not in ("", " ", "\t", "#", "\r") \
                and not lines[index - 1].rstrip("\r").endswith("\\"):  # a backslash carries a line on
            pieces.append((start + 1, "\n".join(lines[start:index]) + "\n"))
            start = index
        for match in _BRACKETS.finditer(line):
            bracket = match.group()
            if bracket in ("(", "["):
                depth += 1
            elif bracket in (")", "]"):
                depth = max(0, depth - 1)
    pieces.append((start + 1, "\n".join(lines[start:])))
    return pieces


# Brackets outside strings and comments, as `check_limits` counts them.
_BRACKETS = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[()\[\]]')


def _parse_slow(text: str, path: str, source: str) -> tuple[list, _Builder]:
    """Parse with Lark's own parser into a tree, then build the AST from it; every syntax error is reported here."""
    try:
        tree = _lark().parse(text, start="start")
    except UnexpectedInput as error:
        raise PirError([_syntax_error(error, path, text)], source) from None
    except DedentError as error:
        line, column = (error.line, error.column) if isinstance(error, _BadDedent) else (1, 1)
        raise PirError([Diagnostic(Span(path, line, column, line, column + 1),
                                   "this line's indentation does not match any outer block",
                                   "indent it exactly as far as the block it belongs to")], source) from None
    except (LarkError, RecursionError) as error:
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), f"cannot read this file: {type(error).__name__}")], source) from None
    builder = _Builder(path, text)
    try:
        declarations = _TreeBuilder(builder).transform(tree)
    except RecursionError:
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")], source) from None
    except LarkError as error:  # VisitError wrapping a builder failure
        original = getattr(error, "orig_exc", error)
        if isinstance(original, PirError):
            raise original from None
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), f"cannot read this file: {original}")], source) from None
    return declarations, builder


# Strings (to their closing quote or the end of the line), comments, and the tokens the limits count.
_LIMIT_TOKENS = re.compile(
    r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|(?P<newline>\n)|(?P<open>[(\[])|(?P<close>[)\]])'
    r"|(?P<number>\d+)|(?P<operator>==|!=|<=|>=|[-+*/%<>]|\b(?:and|or|not|in|if|else)\b)"
)


def _long_number(path: str, line: int, digits: int, source: str) -> PirError:
    return PirError([Diagnostic(Span(path, line, 1, line, 2),
                                f"this number has {digits:,} digits; a number may have at most {MAX_NUMBER_DIGITS}",
                                "a game needs no number this large")], source)


def check_limits(source: str, path: str = "<string>") -> None:
    """Refuse text beyond the reader's limits (line length, nesting, operators, long numbers).

    Raises:
        PirError: located at the first line that goes beyond a limit, without reading the rest.
    """
    def refuse(line: int, message: str, hint: str, excerpt: bool = True) -> PirError:
        return PirError([Diagnostic(Span(path, line, 1, line, 2), message, hint)], source if excerpt else None)

    lines = source.split("\n")
    if max(map(len, lines)) > MAX_LINE_CHARS:
        number, text = next((n, t) for n, t in enumerate(lines, 1) if len(t) > MAX_LINE_CHARS)
        long_number = re.search(r'(?<![\w"])\d{%d,}' % (MAX_NUMBER_DIGITS + 1), text)
        if long_number:
            raise _long_number(path, number, len(long_number.group()), source)
        raise refuse(number, f"this line is {len(text):,} characters long; a line may have at most {MAX_LINE_CHARS:,}",
                     "break a long expression over several lines inside brackets, or name its parts with let or define")
    indents = [0]
    for number, text in enumerate(lines, 1):
        stripped = text.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        width = len(text[: len(text) - len(stripped)].expandtabs(8))
        while width < indents[-1]:
            indents.pop()
        if width > indents[-1]:
            indents.append(width)
            if len(indents) - 1 > MAX_BLOCK_DEPTH:
                raise refuse(number, f"blocks are nested more than {MAX_BLOCK_DEPTH} deep here",
                             "move the inner part into a rule of its own and call it")
    line = 1
    depth = operators = 0
    logical_start = 1
    for match in _LIMIT_TOKENS.finditer(source):
        kind = match.lastgroup
        if kind == "newline":
            line += 1
            if depth == 0:
                operators, logical_start = 0, line
        elif kind == "open":
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                raise refuse(line, f"brackets are nested more than {MAX_BRACKET_DEPTH} deep here",
                             "name the inner parts with let or define")
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "number":
            digits = len(match.group())
            if digits > MAX_NUMBER_DIGITS:
                raise _long_number(path, line, digits, source)
        elif kind == "operator":
            operators += 1
            if operators > MAX_OPERATORS:
                raise refuse(logical_start, f"this expression has more than {MAX_OPERATORS} operators",
                             "name its parts with let or define")


def read_source(path: str) -> str:
    """Read a rules file as text, with a clear PirError for anything that is not one."""
    file = Path(path)
    span = Span(str(path), 1, 1, 1, 1)
    if not file.exists():
        raise PirError([Diagnostic(span, "no such file")])
    if file.is_dir():
        raise PirError([Diagnostic(span, "this is a directory, not a rules file")])
    try:
        data = file.read_bytes()
    except OSError as error:
        raise PirError([Diagnostic(span, f"cannot read the file: {error.strerror}")]) from None
    if len(data) > MAX_SOURCE_BYTES:
        raise PirError([Diagnostic(span, f"the file is too large ({len(data)} bytes; the limit is {MAX_SOURCE_BYTES})")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise PirError([Diagnostic(Span(str(path), line, 1, line, 2), "this is not a UTF-8 text file")]) from None


def parse_file(path: str) -> ast.GameFile:
    """Read and parse a rules file."""
    return parse_source(read_source(path), str(path))
