"""What the language server knows about a rules file: its diagnostics, names and words, without any LSP.

`analyse(path, text)` runs the language's own parser and checker (no second parser:
`dsl.extends.read_rules` and `dsl.check.check_game`, as `pirdsl check` does), so a
variant file is checked merged with its bases and each diagnostic keeps the file it
belongs to. The rest answers an editor's questions about a position: the word there,
its declaration, every place it is used, its documentation and what may be typed.

Positions here are the language's own: 1-based lines and columns (`dsl.diagnostics.Span`);
`pirdsl.lsp.server` turns them into the protocol's 0-based ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from dsl import ast
from dsl.builtins import BUILTIN_ATTRIBUTES, FUNCTIONS, VALUES
from dsl.diagnostics import Diagnostic, PirError, Source, Span, text_of
from dsl.parser import ReusingParser

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")

# The word that declares each kind of named declaration, as the file writes it.
DECLARATION_WORDS: dict[type, str] = {
    ast.KindDecl: "kind", ast.PieceDecl: "piece", ast.VarDecl: "var", ast.ZoneDecl: "zone",
    ast.BoardDecl: "board", ast.DieDecl: "die", ast.TableDecl: "table", ast.AutomaDecl: "automa",
    ast.VariantDecl: "variant", ast.DefineDecl: "define", ast.RuleDecl: "rule", ast.PowerDecl: "power",
}


@dataclass
class Symbol:
    """A name the file declares: where, as what, and the line that declares it."""

    name: str
    kind: str  # the declaring word: rule, define, piece, zone, var, ...; "value" for a kind's member
    span: Span  # the name itself
    declaration: Span  # the whole declaration
    line: str  # the declaration's first line, as written
    node: ast.Node | None = None


@dataclass
class Analysis:
    """One check of one file (with its bases, for a variant file)."""

    path: str
    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    game_file: ast.GameFile | None = None  # the merged file, when it parsed
    source: Source | None = None  # every file's text, by path, for a variant; else the text
    symbols: dict[str, Symbol] = field(default_factory=dict)

    def texts(self) -> dict[str, str]:
        """The text of every file the analysis read, by path (the file's own first)."""
        if isinstance(self.source, dict):
            return dict(self.source)
        return {self.path: self.text}


def analyse(path: str, text: str, parser: ReusingParser | None = None) -> Analysis:
    """Parse and check a file as `pirdsl check` does; never raises for what an author can write.

    Args:
        path: the file's path.
        text: its text, as the editor has it.
        parser: kept from one analysis of the file to the next, so that an edit has only
            the declarations it touched read again (the result is the same without it).
    """
    from dsl.check import check_game
    from dsl.extends import read_rules

    analysis = Analysis(path, text)
    try:
        game_file, source, notes = read_rules(text, path, parser.parse if parser is not None else None)
    except PirError as error:
        analysis.diagnostics = list(error.diagnostics)
        return analysis
    except RecursionError:
        analysis.diagnostics = [Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")]
        return analysis
    analysis.game_file, analysis.source = game_file, source
    try:
        warnings = check_game(game_file, source) or []
        analysis.diagnostics = notes + list(warnings)
    except PirError as error:
        analysis.diagnostics = notes + list(error.diagnostics)
    except RecursionError:
        analysis.diagnostics = notes + [Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")]
    analysis.symbols = symbols_of(game_file, source)
    return analysis


_SPLIT: dict[int, tuple[str, list[str]]] = {}  # id of a text -> (the text, its lines): split once per analysis


def answer_errors(analysis: Analysis) -> list[Diagnostic]:
    """The worked examples' answers that fit no question they reach (as `pirdsl check` reports them).

    The examples must run for that (the game compiled, then each example played), which
    takes longer than a check: the server does it when a file is opened or saved, not
    on every keystroke, and only for a file without errors.
    """
    if analysis.game_file is None or any(d.severity == "error" for d in analysis.diagnostics):
        return []
    try:
        from interpreter import load_source
        from interpreter.examples import answer_errors as examples_answer_errors

        return examples_answer_errors(load_source(analysis.source, analysis.path))
    except Exception:  # noqa: BLE001 - a game that will not compile or run is `pirdsl test`'s to report
        return []


def slow_checks(analysis: Analysis) -> list[Diagnostic]:
    """What `pirdsl check` adds to the checker's diagnostics, and takes too long for every keystroke.

    The worked examples' answers that fit no question (`answer_errors`), and, when there
    are none, the wording lint's warnings about the printed rules (`codegen.wording_lint`,
    which writes the summary and the card to read them): the same, in the same case, as
    `pirdsl check` prints. Both are kept in pirdsl's cache by the file's text, as the
    command keeps them, so a file checked once, here or on the command line, answers at once.
    """
    answers = answer_errors(analysis)
    if answers or analysis.game_file is None or any(d.severity == "error" for d in analysis.diagnostics):
        return answers
    try:
        from codegen.wording_lint import wording_warnings

        game_file = analysis.game_file
        return list(wording_warnings(analysis.path, analysis.source, lambda: game_file))
    except Exception:  # noqa: BLE001 - the lint is advice: a failure is `pirdsl reference`'s to report
        return []


def _line(source: Source | None, file: str, number: int) -> str:
    text = text_of(source, file) or ""
    remembered = _SPLIT.get(id(text))
    if remembered is None or remembered[0] is not text:
        if len(_SPLIT) > 16:
            _SPLIT.clear()
        remembered = _SPLIT[id(text)] = (text, text.splitlines())
    lines = remembered[1]
    return lines[number - 1] if 1 <= number <= len(lines) else ""


def _name_span(source: Source | None, span: Span, name: str, after: int = 0) -> Span:
    """Where `name` is written on the first line of a declaration (the declaration's start if nowhere)."""
    line = _line(source, span.file, span.line)
    for match in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", line):
        if match.start() >= max(span.column - 1, after):
            return Span(span.file, span.line, match.start() + 1, span.line, match.end() + 1)
    return Span(span.file, span.line, span.column, span.line, span.column + 1)


def symbols_of(game_file: ast.GameFile, source: Source | None) -> dict[str, Symbol]:
    """Every declared name of a (merged) file, with where it is declared."""
    symbols: dict[str, Symbol] = {}
    for decl in game_file.declarations:
        if isinstance(decl, ast.ReplaceDecl):
            decl = decl.decl
        word = DECLARATION_WORDS.get(type(decl))
        if word is None:
            continue
        name = decl.name
        line = _line(source, decl.span.file, decl.span.line)
        keyword_at = line.find(word)
        name_span = _name_span(source, decl.span, name, keyword_at + len(word) if keyword_at >= 0 else 0)
        symbols.setdefault(name, Symbol(name, word, name_span, decl.span, line.strip(), decl))
        if isinstance(decl, ast.KindDecl):
            after = name_span.end_column - 1
            for member in decl.members:
                member_span = _name_span(source, decl.span, member, after)
                after = member_span.end_column - 1
                symbols.setdefault(member, Symbol(member, "value", member_span, decl.span, line.strip(), decl))
    return symbols


# ---------------------------------------------------------------- words in the text


def word_at(text: str, line: int, column: int) -> tuple[str, Span] | None:
    """The identifier at a 1-based line and column (the column may be just after it), with its span."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    for match in WORD.finditer(lines[line - 1]):
        if match.start() + 1 <= column <= match.end() + 1:
            return match.group(), Span("", line, match.start() + 1, line, match.end() + 1)
    return None


def code_words(text: str, file: str) -> list[tuple[str, Span]]:
    """Every identifier the code of a text uses: outside comments, and inside strings only in `{...}`."""
    found: list[tuple[str, Span]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        position = 0
        while position < len(line):
            char = line[position]
            if char == "#":
                break
            if char == '"':
                end = position + 1
                depth = 0
                while end < len(line):
                    if line[end] == "\\":
                        end += 2
                        continue
                    if line[end] == '"' and depth == 0:
                        break
                    if line[end] == "{":
                        if end + 1 < len(line) and line[end + 1] == "{":
                            end += 2
                            continue
                        depth += 1
                    elif line[end] == "}" and depth:
                        depth -= 1
                    elif depth:
                        match = WORD.match(line, end)
                        if match and (end == 0 or not (line[end - 1].isalnum() or line[end - 1] == "_")):
                            found.append((match.group(), Span(file, number, end + 1, number, match.end() + 1)))
                            end = match.end()
                            continue
                    end += 1
                position = end + 1
                continue
            match = WORD.match(line, position)
            if match:
                found.append((match.group(), Span(file, number, position + 1, number, match.end() + 1)))
                position = match.end()
                continue
            if char.isdigit():
                while position < len(line) and line[position].isalnum():
                    position += 1
                continue
            position += 1
    return found


def references(analysis: Analysis, name: str) -> list[Span]:
    """Every place a declared name is written, in every file of the analysis (its declaration included)."""
    spans = []
    for file, text in analysis.texts().items():
        spans.extend(span for word, span in code_words(text, file) if word == name)
    return spans


# ---------------------------------------------------------------- documentation


@lru_cache(maxsize=1)
def keyword_docs() -> dict[str, str]:
    """For each word a heading of docs/language.md names in backticks, the text under that heading."""
    from dsl.format import keywords

    path = Path(__file__).resolve().parents[2] / "docs" / "language.md"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    docs: dict[str, str] = {}
    known = keywords()
    for index, line in enumerate(lines):
        if not line.startswith("#"):
            continue
        body: list[str] = []
        paragraphs = 0
        fenced = False
        for following in lines[index + 1:]:
            if following.startswith("#") and not fenced:
                break
            if following.startswith("```"):
                fenced = not fenced
            if not following.strip() and not fenced and body and body[-1].strip():
                paragraphs += 1
                if paragraphs == 2:  # the syntax and the paragraph that explains it
                    break
            body.append(following)
        text = "**" + line.lstrip("# ").strip() + "**\n\n" + "\n".join(body).strip()
        for code in re.findall(r"`([^`]+)`", line):
            first = WORD.match(code.strip())
            if first and first.group() in known:
                docs.setdefault(first.group(), text)
    return docs


def english_of(analysis: Analysis, symbol: Symbol) -> str | None:
    """What the printed rules say for a declaration (`codegen.english`), or None when it says nothing."""
    if analysis.game_file is None or symbol.node is None or symbol.kind == "value":
        return None
    try:
        from codegen.english import English

        rendered = English(analysis.game_file, analysis.source).render(symbol.node)
    except Exception:  # noqa: BLE001 - the printed rules are `pirdsl reference`'s to report on
        return None

    def lines(steps, depth=0):
        for step in steps:
            yield "  " * depth + "- " + str(step.text)
            yield from lines(step.children, depth + 1)

    if isinstance(rendered, list):
        return "\n".join(lines(rendered)) or None
    if isinstance(rendered, tuple):
        return " → ".join(str(part) for part in rendered)
    return str(rendered) or None


def hover(analysis: Analysis, text: str, line: int, column: int) -> tuple[str, Span] | None:
    """Markdown about the word at a position: a declared name, a built-in or a keyword."""
    from dsl.format import keywords

    found = word_at(text, line, column)
    if found is None:
        return None
    word, span = found
    span = Span(analysis.path, span.line, span.column, span.end_line, span.end_column)
    symbol = analysis.symbols.get(word)
    if symbol is not None:
        parts = [f"```pir\n{symbol.line}\n```"]
        wording = wording_of(analysis, symbol)
        if wording:
            parts.append(f"*{wording}* (the author's wording)")
        if symbol.kind == "value":
            parts.append(f"a value of the kind on line {symbol.span.line}")
        english = english_of(analysis, symbol)
        if english:
            parts.append("The printed rules say:\n\n" + english)
        if symbol.span.file != analysis.path:
            parts.append(f"Declared in {symbol.span.file}, line {symbol.span.line}.")
        return "\n\n".join(parts), span
    if word in FUNCTIONS:
        return f"```pir\n{signature(word)}\n```\n\n{FUNCTIONS[word][2]} (built-in)", span
    if word in VALUES:
        return f"```pir\n{word}\n```\n\n{VALUES[word]} (built-in)", span
    if word in keywords():
        doc = keyword_docs().get(word)
        return (doc or f"`{word}`: a word of the language (docs/language.md)"), span
    return None


def wording_of(analysis: Analysis, symbol: Symbol) -> str | None:
    """The `#:` wording written just above a declaration, if any."""
    lines = (text_of(analysis.source or analysis.text, symbol.declaration.file) or "").splitlines()
    found = []
    number = symbol.declaration.line - 1
    while number >= 1 and lines[number - 1].lstrip().startswith("#:"):
        found.insert(0, lines[number - 1].lstrip()[2:].strip())
        number -= 1
    return " ".join(found) or None


def signature(name: str) -> str:
    """A built-in function as it is called: `take(a, b)`, `count(a)`."""
    low, high, _ = FUNCTIONS[name]
    arguments = [chr(ord("a") + index) for index in range(high)]
    shown = ", ".join(arguments[:low]) + (", " if low and high > low else "") \
        + ", ".join(f"[{argument}]" for argument in arguments[low:])
    return f"{name}({shown})"


# ---------------------------------------------------------------- completion


@dataclass
class Completion:
    label: str
    kind: str  # keyword, function, value, or the declaring word of a name
    detail: str = ""
    documentation: str = ""


def completions(analysis: Analysis, text: str, line: int, column: int) -> list[Completion]:
    """What may be typed at a position: after a dot, fields; otherwise keywords, names and built-ins."""
    from dsl.format import keywords

    lines = text.splitlines()
    current = lines[line - 1] if 1 <= line <= len(lines) else ""
    before = current[: max(column - 1, 0)]
    typed = re.search(r"[A-Za-z0-9_]*$", before).group()
    if before[: len(before) - len(typed)].endswith("."):
        return field_completions(analysis)
    items = [Completion(word, "keyword") for word in sorted(keywords())]
    for name, symbol in sorted(analysis.symbols.items()):
        items.append(Completion(name, symbol.kind, symbol.line))
    for name, (_, _, description) in sorted(FUNCTIONS.items()):
        items.append(Completion(name, "function", signature(name), description))
    for name, description in sorted(VALUES.items()):
        items.append(Completion(name, "value", name, description))
    return items


def field_completions(analysis: Analysis) -> list[Completion]:
    """The fields a value may have: pieces' fields, variables kept per player or per piece, built-in ones."""
    items: dict[str, Completion] = {}
    if analysis.game_file is not None:
        for decl in analysis.game_file.declarations:
            if isinstance(decl, ast.ReplaceDecl):
                decl = decl.decl
            if isinstance(decl, ast.PieceDecl):
                for name in decl.fields:
                    items.setdefault(name, Completion(name, "field", f"a field of piece {decl.name}"))
            elif isinstance(decl, ast.VarDecl) and getattr(decl, "per_player", False):
                items.setdefault(decl.name, Completion(decl.name, "field", "a variable each player has"))
            elif isinstance(decl, ast.VarDecl) and getattr(decl, "per_piece", None):
                items.setdefault(decl.name, Completion(decl.name, "field", "a variable each piece has"))
    for name in sorted(BUILTIN_ATTRIBUTES):
        items.setdefault(name, Completion(name, "field", "built-in"))
    return list(items.values())


# ---------------------------------------------------------------- outline and fixes


@dataclass
class Outline:
    name: str
    kind: str
    span: Span
    name_span: Span


def outline(path: str, text: str) -> list[Outline]:
    """The declarations of one file as written (a variant's own, not its bases'), for the outline."""
    from dsl.parser import parse_source

    try:
        game_file = parse_source(text, path)
    except PirError:
        return []
    found = []
    for decl in game_file.declarations:
        inner = decl.decl if isinstance(decl, ast.ReplaceDecl) else decl
        word = DECLARATION_WORDS.get(type(inner))
        if word is not None:
            span = _name_span(text, inner.span, inner.name, len(word))
            found.append(Outline(inner.name, word, decl.span, span))
        elif isinstance(inner, ast.GameHeader):
            found.append(Outline(inner.name, "game", decl.span, decl.span))
        elif isinstance(inner, ast.ExampleDecl):
            found.append(Outline(inner.name, "example", decl.span, decl.span))
        elif isinstance(inner, (ast.SetupDecl, ast.PlayDecl, ast.FinalScoringDecl, ast.ExampleSetupDecl)):
            words = {ast.SetupDecl: "setup", ast.PlayDecl: "play", ast.FinalScoringDecl: "final scoring",
                     ast.ExampleSetupDecl: "example setup"}
            found.append(Outline(words[type(inner)], "section", decl.span, decl.span))
    return found


def replacement(diagnostic: Diagnostic) -> str | None:
    """The word a diagnostic's hint offers in place of what is written ("did you mean 'until'?")."""
    match = DID_YOU_MEAN.search(diagnostic.hint or "")
    return match.group(1) if match else None


def can_rename(analysis: Analysis, name: str) -> bool:
    """Whether a word is a name the file (or its bases) declares, so renaming it is meaningful."""
    return name in analysis.symbols and WORD.fullmatch(name) is not None
