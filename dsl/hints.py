"""What to write instead: the hint under a syntax error.

The reader stops at the first token it cannot take and says what could have come
there; the hint says what the author probably meant. `syntax_hint` tries, in turn:

* slips carried over from other languages (`&&`, `!x`, `else if`, `x++`, `a ** 2`,
  `"text" + x`, `def`), each with what the rules language writes instead;
* a near miss of a word that could have come there (`choose` for `chooses`);
* how the statement or declaration the line opens with is written, as
  docs/language.md gives it (tests/test_syntax_hints.py checks that every form
  below is there, in its section), so that any other slip is shown its pattern.

`unclosed_bracket` finds the other common case, a bracket left open: the reader
reads on past the end of the line, and stops somewhere further down.
"""

from __future__ import annotations

import difflib
import re

# How each statement and declaration is written, by the first word of its line:
# (the form, its section of docs/language.md). ⟨...⟩ marks a part that may be left out.
FORMS: dict[str, tuple[str, str]] = {
    "game": ('game "NAME":', "3.1"),
    "longest": ("longest N decisions", "3.1"),
    "kind": ("kind NAME: MEMBER, MEMBER, ...", "3.2"),
    "piece": ('piece NAME ⟨(FIELD, FIELD, ...)⟩ ⟨labelled "text"⟩ ⟨marked "text"⟩', "3.3"),
    "zone": ("zone NAME ⟨per player⟩ ⟨public | owner | hidden | internal⟩", "3.4"),
    "var": ("var NAME ⟨per player | per PIECE⟩ = START ⟨secret | internal⟩", "3.5"),
    "automa": ('automa NAME "Display name" when CONDITION', "3.6"),
    "board": ("board NAME: ⟨grid | hex⟩ ROWS by COLUMNS", "3.7"),
    "layer": ("layer LAYER:", "3.7"),
    "die": ("die NAME: FACE, FACE, ...", "3.8"),
    "table": ("table NAME:", "3.9"),
    "define": ("define NAME(PARAMETER, ...) = EXPRESSION", "3.10"),
    "variant": ('variant NAME "What it changes"', "3.11"),
    "param": ('param NAME = DEFAULT from LOW to HIGH ⟨"What it counts"⟩', "3.11"),
    "setup": ("setup:", "3.12"),
    "play": ("play:", "3.13"),
    "rule": ('rule NAME ⟨(PARAMETER, ...)⟩ ⟨"What it does"⟩:', "3.14"),
    "power": ('power NAME ⟨"What it does"⟩ before|after|instead of RULE(NAME, ...) ⟨when CONDITION⟩:', "3.14"),
    "score": ("score PLAYER_NAME: EXPRESSION", "3.15"),
    "tiebreak": ("tiebreak PLAYER_NAME: EXPRESSION", "3.16"),
    "progress": ("progress PLAYER_NAME: EXPRESSION", "3.17"),
    "payoff": ("payoff PLAYER_NAME ⟨zero-sum | constant-sum N | general-sum⟩ ⟨from LOW to HIGH⟩: EXPRESSION", "3.18"),
    "final": ("final scoring:", "3.19"),
    "let": ("let NAME = EXPRESSION", "4.1"),
    "move": ("move WHAT to ZONE ⟨on top | at bottom⟩", "4.3"),
    "create": ("create COUNT PIECE⟨(FIELD_VALUE, ...)⟩ in ZONE", "4.4"),
    "draw": ("draw NAME from SOURCE", "4.6"),
    "roll": ("roll NAME on DIE", "4.7"),
    "log": ('log ⟨to PLAYER⟩ "text"', "4.8"),
    "return": ("return", "4.10"),
    "end": ("end game", "4.11"),
    "eliminate": ("eliminate PLAYER", "4.12"),
    "check": ('check CONDITION ⟨"what went wrong"⟩', "4.13"),
    "pass": ("pass", "4.14"),
    "if": ("if CONDITION:", "4.15"),
    "elif": ("elif CONDITION:", "4.15"),
    "else": ("else:", "4.15"),
    "for": ("for each NAME in LIST ⟨simultaneously⟩:", "4.16"),
    "while": ("while CONDITION:", "4.17"),
    "repeat": ("repeat COUNT times:", "4.18"),
    "rounds": ("rounds ⟨until CONDITION⟩:", "4.19"),
    "phase": ('phase "Title":', "4.20"),
}
# Statements that open with an expression (a player), known by a word further on.
FORMS_BY_LATER_WORD: dict[str, tuple[str, str]] = {
    "chooses": ('PLAYER chooses NAME from OPTIONS ⟨"Question"⟩ ⟨labelled LABEL⟩ ⟨optional ⟨SKIP_TEXT⟩⟩', "4.5"),
    "acts": ('PLAYER acts ⟨"Question"⟩ until "STOP TEXT":', "4.21"),
}

# A character the rules language does not use where it was met, and what to write instead.
CHARACTER_SLIPS = {
    "'": 'write text between double quotes: "like this"',
    "\t": "indent with spaces",
    "&": "write 'and' between two conditions: if a and b:",
    "|": "write 'or' between two conditions: if a or b:",
    "!": "write 'not' before a condition: if not empty(bag):",
    ";": "a statement ends with its line: leave out the ';'",
    "{": 'braces go inside text, where they show a value ("{x}"); a list is written [a, b]',
    "}": 'braces go inside text, where they show a value ("{x}"); a list is written [a, b]',
}
# Words that open a line in other languages, and what the rules language says instead.
FOREIGN_FIRST_WORDS = {
    **dict.fromkeys(("elseif", "elsif"), "write 'elif CONDITION:'"),
    **dict.fromkeys(("def", "function", "func", "fn", "fun", "proc", "procedure", "method"),
                    "a value worked out from others is written 'define NAME(PARAMETER, ...) = EXPRESSION'; "
                    "steps of play are written 'rule NAME(PARAMETER, ...):'"),
    **dict.fromkeys(("foreach", "for_each"), "write 'for each NAME in LIST:'"),
}
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TEXT = re.compile(r'"([^"\\\n]|\\.)*"?')  # a string, to its closing quote or the line's end


def form_hint(word: str) -> str | None:
    """How the statement or declaration opened by `word` is written, as a hint."""
    found = FORMS.get(word) or FORMS_BY_LATER_WORD.get(word)
    if found is None:
        return None
    form, section = found
    optional = "; parts in ⟨ ⟩ may be left out" if "⟨" in form else ""
    return f"'{word}' is written: {form}   (docs/language.md, {section}{optional})"


def _line(source: str, line: int) -> str:
    lines = source.splitlines()
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def _code_of(text: str) -> str:
    """A line without its strings' insides and its comment (so that words in them are not taken for code)."""
    return _TEXT.sub('""', text).split("#", 1)[0]


def character_hint(char: str, source: str, pos: int) -> str | None:
    """The hint for an unexpected character at `pos`."""
    if char == "!" and source[pos + 1:pos + 2] == "=":
        return None
    if char == '"':
        return "text ends on its own line: close it with a second '\"'"
    return CHARACTER_SLIPS.get(char)


def syntax_hint(source: str, line: int, column: int, token_text: str, token_type: str,
                expected: set[str], literals: set[str]) -> str | None:
    """What to write instead, for an unexpected token; None when nothing fits.

    Args:
        source: the whole text read.
        line, column: where the token starts (from 1).
        token_text: the token as written; token_type: its terminal's name.
        expected: the terminals that could have come there.
        literals: the fixed words and signs among them ("chooses" for the terminal CHOOSES, "->").
    """
    text = _line(source, line)
    before = text[:column - 1]
    code_before = _code_of(before)
    words = _WORD.findall(_code_of(text))
    first = words[0] if words else ""
    # Slips from other languages.
    if token_text == "if" and re.search(r"\belse\s*$", code_before):
        return "write 'elif CONDITION:'"
    if first in FOREIGN_FIRST_WORDS and text.lstrip().startswith(first):
        return FOREIGN_FIRST_WORDS[first]
    if token_type == "PLUS" and before.endswith("+"):
        return "add one with 'x += 1'"
    if token_type == "MINUS" and before.endswith("-"):
        return "take one away with 'x -= 1'"
    if token_type == "TIMES" and before.endswith("*"):
        return "there is no power operator: multiply, as in x * x"
    if token_type == "DIVIDE" and before.endswith("/"):
        return "'/' divides exactly: write floor(a / b) to round down, ceil(a / b) to round up"
    if token_text == "is":
        return "compare with '==' (and 'is not' with '!=')"
    if token_type == "PLUS" and before.rstrip().endswith('"'):
        return 'put a value into text with braces: "pot is {pot}"'
    if token_text == "for" and not code_before.rstrip().endswith("[") and ("RPAR" in expected or "COMMA" in expected):
        return "a list made from another is written in brackets: [x.value for x in xs]"
    if token_text == "of" and "IN" in expected:
        return "write 'in'"
    if token_text == "into" and "TO" in expected:
        return "write 'to'"
    # A near miss of a word that could have come here.
    if _WORD.fullmatch(token_text):
        close = difflib.get_close_matches(token_text, sorted(w for w in literals if w.isidentifier()), n=1, cutoff=0.75)
        if close:
            return f"did you mean '{close[0]}'?"
    # Brackets, indentation, text, values and rows.
    if token_type in ("RPAR", "RSQB") and unclosed_bracket(source, _position(source, line, column), at_end=True) is None:
        return f"this '{token_text}' closes no '{'(' if token_type == 'RPAR' else '['}': leave it out"
    # A line at the left edge begins a declaration: one that lost its indentation belongs to a block.
    if column == 1 and "RULE" in expected and first not in FORMS and _WORD.fullmatch(token_text):
        return (f"a line at the left edge begins a declaration (rule, define, piece, ...): "
                f"if '{token_text}' belongs to the block above, indent it as far as the lines there")
    if _WORD.fullmatch(token_text) and "STRING" in expected and re.search(r"\w\s*$", code_before):
        return CHARACTER_SLIPS["'"]  # words where text was due
    if "NAME" in expected and "INT" in expected:  # a value was due
        if token_type == "_NL":
            return "the line ends where a value was due: complete the expression, or take out what comes before"
        if token_type == "COMMA":
            return "a value is missing before this ','"
    if "->" in literals and "->" not in code_before:
        return "a table's row is written KEY -> VALUE"
    if first == "players" and text.lstrip().startswith(first):
        return "write 'players MIN to MAX' in the game header, 'players N' in an example"
    # How the line's statement is written.
    if first in FORMS and text.lstrip().startswith(first):
        return form_hint(first)
    for word in words:
        if word in FORMS_BY_LATER_WORD:
            return form_hint(word)
    if _WORD.fullmatch(token_text) and "_NL" in expected and before.endswith((" ", ")", "]")) and code_before.strip():
        return f"each statement has a line of its own: end the line before '{token_text}'"
    return None


def _position(source: str, line: int, column: int) -> int:
    """The offset in `source` of (line, column), both from 1."""
    offset = 0
    for _ in range(line - 1):
        offset = source.find("\n", offset) + 1
        if offset == 0:
            return len(source)
    return offset + column - 1


def unclosed_bracket(source: str, pos: int, at_end: bool = False) -> tuple[int, int, str] | None:
    """The bracket still open at `pos` when the token there opens a line no deeper than the bracket's
    (or, `at_end`, when the file ends there): (its line, its column, the bracket), or None.

    Inside brackets a line's end does not end the statement, so a bracket left open
    makes the reader go on into the next lines; it stops at one that cannot go on.
    A list written over several lines is indented under its first line, so a token
    that opens a line as shallow as the bracket's own line is past where the author
    meant the bracket to close.
    """
    stack: list[tuple[int, int, int, str]] = []  # (position, line, column, bracket)
    line, line_start, i = 1, 0, 0
    while i < pos:
        char = source[i]
        if char == "\n":
            line, line_start = line + 1, i + 1
        elif char == "#":
            end = source.find("\n", i)
            i = pos if end < 0 else min(end, pos)
            continue
        elif char == '"':
            i = _TEXT.match(source, i).end()
            continue
        elif char in "([":
            stack.append((i, line, i - line_start + 1, char))
        elif char in ")]" and stack:
            stack.pop()
        i += 1
    if not stack:
        return None
    _, open_line, open_column, bracket = stack[-1]
    if at_end:
        return open_line, open_column, bracket
    token_line_start = source.rfind("\n", 0, pos) + 1
    if open_line == line or source[token_line_start:pos].strip():
        return None  # the bracket is on this line, or the token does not open its line
    open_text = source.splitlines()[open_line - 1]
    depth = len(open_text) - len(open_text.lstrip())
    if pos - token_line_start > depth:
        return None
    return open_line, open_column, bracket


def empty_block(source: str, line: int, column: int) -> int | None:
    """The line that opens a block with nothing in it, when the token at (line, column) opens its
    line no deeper than that line: a line ending with ':' must be followed by deeper ones."""
    lines = source.splitlines()
    if not 1 <= line <= len(lines) or lines[line - 1][:column - 1].strip():
        return None
    for number in range(line - 1, 0, -1):
        code = _code_of(lines[number - 1]).rstrip()
        if not code.strip():
            continue  # blank lines and comments
        depth = len(code) - len(code.lstrip())
        return number if code.endswith(":") and column - 1 <= depth else None
    return None
