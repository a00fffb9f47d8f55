"""The canonical layout of a rules file, for `pirdsl fmt` and the language server.

The formatter works on lines and tokens, not on the syntax tree, so that every
comment and `#:` wording stays exactly where and as it was written. It changes
only what the layout does not say:

* indentation: two spaces a level (a block's depth, as the parser reads it);
* spacing: one space around an operator (`a == b`, `x = 1`, `0 -> "X"`), after a
  comma and after a colon inside a line, none inside brackets, before a comma or
  colon, around a dot, or after a minus that negates (`-1`);
* blank lines: at most one in a row, none at the start, one newline at the end, and
  one around every declaration with a block (`rule`, `setup:`, `example`), whose
  comments just above it belong to it;
* tables: the arrows of a table's rows in one column;
* trailing spaces.

A line that continues onto the next (inside brackets, or after `\\`) is left as
written, only moved with its first line: its line breaks are the author's layout.
A comment at the end of a line keeps its column when the code still fits before it.

The text must parse (`format_source` raises the parser's `PirError` otherwise), and
formatting never changes what a file means: `tests/test_format.py` parses every
shipped, classic, case and documentation file before and after and compares the trees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

INDENT = "  "

# Longest first, so that `==` is one token and not two `=`.
_TOKEN = re.compile(r'''
    (?P<string>"([^"\\\n]|\\.)*")
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>[0-9]+)
  | (?P<op>==|!=|<=|>=|\+=|-=|->|[-+*/%<>=(),\[\].:])
  | (?P<space>[ \t\f]+)
''', re.VERBOSE)

BINARY = frozenset({"==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "=", "+=", "-=", "->"})
OPENING = frozenset({"(", "["})
CLOSING = frozenset({")", "]"})


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every word the grammar spells out (`rule`, `in`, `to`, ...), read from dsl/grammar.lark."""
    grammar = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    return frozenset(re.findall(r'"([a-z_]+)"', grammar))


@dataclass
class _Token:
    kind: str  # string, word, number, op
    text: str
    space_before: bool  # whether the line had space before it as written


class _Untouchable(Exception):
    """A line the tokenizer cannot read: it is left exactly as written."""


def _tokens(code: str) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    space = False
    while position < len(code):
        match = _TOKEN.match(code, position)
        if match is None:
            raise _Untouchable(code)
        kind = match.lastgroup
        if kind == "space":
            space = True
        else:
            tokens.append(_Token(kind, match.group(), space))
            space = False
        position = match.end()
    return _hyphenated(tokens)


# Words the grammar joins with a minus: `zero-sum`, `constant-sum`, `general-sum` (a payoff line).
HYPHENATED = frozenset({("zero", "sum"), ("constant", "sum"), ("general", "sum")})


def _hyphenated(tokens: list[_Token]) -> list[_Token]:
    """The tokens with each `zero - sum` (as the grammar spells `zero-sum`) made one word."""
    out: list[_Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if index + 2 < len(tokens) and tokens[index + 1].text == "-" \
                and (token.text, tokens[index + 2].text) in HYPHENATED:
            out.append(_Token("word", f"{token.text}-{tokens[index + 2].text}", token.space_before))
            index += 3
            continue
        out.append(token)
        index += 1
    return out


def _ends_a_value(token: _Token | None) -> bool:
    """Whether a minus after this token subtracts (rather than negates)."""
    if token is None:
        return False
    if token.kind in ("number", "string") or token.text in CLOSING:
        return True
    return token.kind == "word" and token.text not in keywords()


def _spaced(tokens: list[_Token]) -> str:
    """One logical line's tokens with canonical spacing."""
    out: list[str] = []
    unary_before = False  # the previous token was a minus that negates
    previous: _Token | None = None
    for token in tokens:
        text = token.text
        unary = False
        if text == "-" and not _ends_a_value(previous):
            # After a word the grammar spells (`return -1`, `to - 1`?) the author's spacing decides.
            after_keyword = previous is not None and previous.kind == "word"
            unary = not after_keyword or not _space_after(tokens, token)
        if previous is None:
            gap = ""
        elif unary_before and text == "-":
            gap = " "  # `- -4`, not `--4`
        elif unary_before or previous.text in OPENING or previous.text == ".":
            gap = ""
        elif text in CLOSING or text in (",", ":", "."):
            gap = ""
        elif text in OPENING and (previous.kind in ("word", "string") or previous.text in CLOSING):
            gap = " " if token.space_before else ""  # a call or an index, or a keyword's bracket
        else:
            gap = " "
        out.append(gap + text)
        unary_before = unary
        previous = token
    return "".join(out)


def _space_after(tokens: list[_Token], token: _Token) -> bool:
    index = next(i for i, t in enumerate(tokens) if t is token)
    return index + 1 < len(tokens) and tokens[index + 1].space_before


def _split_comment(line: str) -> tuple[str, str]:
    """A line's code and its comment (`# ...`, kept as written), outside strings."""
    in_string = False
    escaped = False
    for index, char in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "#":
            return line[:index], line[index:]
    return line, ""


def _bracket_depth(code: str, depth: int) -> int:
    """The depth of open brackets after this code, starting from `depth` (strings skipped)."""
    for token in _tokens(code.rstrip().rstrip("\\")):
        if token.text in OPENING:
            depth += 1
        elif token.text in CLOSING:
            depth = max(depth - 1, 0)
    return depth


@dataclass
class _Line:
    """One logical line: its physical lines, indentation, code and comment."""

    physical: list[str]
    width: int  # the indentation as written
    code: str  # the first physical line's code, stripped
    comment: str  # the first physical line's comment, as written
    comment_column: int  # where the comment started (0-based), or -1
    level: int = 0
    formatted: str = ""

    @property
    def is_blank(self) -> bool:
        return not self.code and not self.comment

    @property
    def is_comment(self) -> bool:
        return not self.code and bool(self.comment)


def _logical_lines(text: str) -> list[_Line]:
    raw = text.replace("\r\n", "\n").split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    lines: list[_Line] = []
    index = 0
    while index < len(raw):
        first = raw[index].rstrip()
        stripped = first.lstrip(" ")
        width = len(first) - len(stripped)
        code, comment = _split_comment(stripped)
        physical = [first]
        try:
            depth = _bracket_depth(code, 0)
        except _Untouchable:
            depth = 0
        continued = code.rstrip().endswith("\\")
        while (depth > 0 or continued) and index + 1 < len(raw):
            index += 1
            following = raw[index].rstrip()
            physical.append(following)
            more, _ = _split_comment(following)
            try:
                depth = _bracket_depth(more, depth)
            except _Untouchable:
                depth = 0
            continued = more.rstrip().endswith("\\")
        column = width + len(code) if comment else -1
        lines.append(_Line(physical, width, code.rstrip(), comment, column))
        index += 1
    return lines


def _levels(lines: list[_Line]) -> None:
    """Each code line's depth, as the parser's indenter reads it; comments take the next code line's."""
    stack = [0]
    for line in lines:
        if line.is_blank or line.is_comment:
            continue
        while line.width < stack[-1]:
            stack.pop()
        if line.width > stack[-1]:
            stack.append(line.width)
        line.level = len(stack) - 1
    following = 0
    for line in reversed(lines):
        if line.is_comment:
            # A comment indented like the code after it, or deeper, goes with it; one at the
            # left edge stays there (a section rule between declarations).
            line.level = following if line.width > 0 else 0
        elif not line.is_blank:
            following = line.level


def _format_line(line: _Line) -> str:
    indent = INDENT * line.level
    if line.is_comment:
        return indent + line.comment
    tokens = _tokens(line.code.rstrip("\\").rstrip()) if line.code else []
    code = _spaced(tokens)
    if line.code.endswith("\\"):
        code += " \\"
    first = indent + code
    if line.comment:
        # The comment keeps its column while the code fits before it.
        first = (first.ljust(line.comment_column) if len(first) < line.comment_column else first + " ") + line.comment
    if len(line.physical) == 1:
        return first
    shift = len(indent) - line.width
    rest = []
    for physical in line.physical[1:]:
        if not physical.strip():
            rest.append("")
            continue
        leading = len(physical) - len(physical.lstrip(" "))
        rest.append(" " * max(leading + shift, len(indent) + len(INDENT)) + physical.lstrip(" "))
    return "\n".join([first] + rest)


def _align_tables(lines: list[_Line]) -> None:
    """The arrows of each table's rows in one column (the rows as formatted, one line each)."""
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.level == 0 and line.code.startswith("table ") and line.code.endswith(":"):
            rows = []
            index += 1
            while index < len(lines) and (lines[index].level > 0 or lines[index].is_blank):
                row = lines[index]
                if not row.is_blank and not row.is_comment and len(row.physical) == 1 \
                        and not row.code.startswith("header ") and " -> " in row.formatted:
                    rows.append(row)
                index += 1
            keys = [_row_key(row) for row in rows]
            if rows and all(key is not None for key in keys):
                width = max(len(key) for key in keys)
                for row, key in zip(rows, keys):
                    rest = row.formatted[len(key):]
                    code, comment = _split_comment(rest)
                    aligned = key.ljust(width) + code
                    if comment:
                        aligned = aligned.rstrip() + " " * max(row.comment_column - len(aligned.rstrip()), 1) + comment
                    row.formatted = aligned
            continue
        index += 1


def _row_key(row: _Line) -> str | None:
    """A table row's text up to its arrow (the arrow outside brackets and strings), or None."""
    code, _ = _split_comment(row.formatted)
    depth = 0
    in_string = False
    for position, char in enumerate(code):
        if char == '"':
            in_string = not in_string  # a row's key has no escaped quotes worth a second look
        elif in_string:
            continue
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and code.startswith(" -> ", position):
            return code[:position]
    return None


def _opens_block(lines: list[_Line], index: int) -> bool:
    """Whether the top-level code line at `index` has a body: the next code line is indented."""
    for line in lines[index + 1:]:
        if not line.is_blank and not line.is_comment:
            return line.level > 0
    return False


def format_source(text: str, path: str = "<string>") -> str:
    """The text in canonical layout (see the module's docstring); the text must parse.

    Raises:
        PirError: the text does not parse (the parser's own message).
    """
    from dsl.parser import parse_source

    parse_source(text, path)  # formatting never guesses at a file it cannot read
    lines = _logical_lines(text)
    _levels(lines)
    for line in lines:
        if line.is_blank:
            continue
        try:
            line.formatted = _format_line(line)
        except _Untouchable:
            line.formatted = "\n".join(line.physical)
    _align_tables(lines)
    return _join(lines)


def _join(lines: list[_Line]) -> str:
    """The lines with canonical blank lines: one around a top-level block, at most one anywhere."""
    out: list[str] = []
    blank_pending = False
    after_body = False  # the last code line written was inside a top-level declaration's body
    for index, line in enumerate(lines):
        if line.is_blank:
            blank_pending = bool(out)
            continue
        needs_blank = blank_pending
        if out and line.level == 0 and not _continues_comment_run(lines, index):
            # The first line of a top-level declaration (or of the comments just above it) after
            # a body, or the first line of a declaration that has a body, is set apart.
            start = _declaration_after(lines, index)
            needs_blank = needs_blank or after_body or (start is not None and _opens_block(lines, start))
        if needs_blank:
            out.append("")
        out.append(line.formatted)
        blank_pending = False
        if not line.is_comment or line.level == 0:
            after_body = line.level > 0
    return "\n".join(out) + "\n" if out else ""


def _declaration_after(lines: list[_Line], index: int) -> int | None:
    """The code line a run of top-level comments starting at `index` leads to (`index` itself if code)."""
    while index < len(lines) and lines[index].is_comment and lines[index].level == 0:
        index += 1
    if index < len(lines) and not lines[index].is_blank:
        return index
    return None


def _continues_comment_run(lines: list[_Line], index: int) -> bool:
    """Whether the line just before this one is a top-level comment (this line goes with it)."""
    return index > 0 and lines[index - 1].is_comment and lines[index - 1].level == 0


def is_formatted(text: str, path: str = "<string>") -> bool:
    """Whether the text is already in canonical layout."""
    return format_source(text, path) == text


__all__ = ["format_source", "is_formatted", "keywords"]
