"""The wording lint: phrases of the rule summary and the card that read like code, not like a rulebook.

`pirdsl check` runs it on the English that `pirdsl reference` writes, and reports
each finding as a warning at the statement or declaration of the rules file
that produced the text, with the phrase and a hint (usually: word it yourself
with a `#: ` comment above that line, see docs/language.md, 1.8):

- `name`: a rule's own name for a value left in the text ("piece X", "hex H",
  "card C", "X has the keyword").
- `repeat`: a noun said twice over ("the token pile token", "the piece towing
  the piece").
- `nesting`: a thing named through itself ("the coins in coin in the bag",
  "the points of the cards worth points").
- `placeholder`: a `{...}` left in the text.
- `empty`: a step or a rule that says "Do nothing".
- `engine`: a count of the engine's own ("At most 3,240 decisions").
- `article`: two articles in a row ("the the", "the first the best", "gain 1 the chips").
- `capitals`: a word the file writes with capitals of its own ("NATO") printed otherwise ("Nato").

Warnings depend on the generator as well as on the file, so they are kept in
`interpreter.cache`, whose keys include every file of this package; `pirdsl
check` on an unchanged file answers from there without building the summary.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Optional

from dsl.diagnostics import Diagnostic, Source, Span

HINT_WORD_IT = "word it yourself with a '#: ' comment on the line above (docs/language.md, 1.8)"

# Words a repetition may be made of without reading as code.
COMMON_WORDS = {
    "the", "and", "for", "one", "any", "all", "each", "that", "this", "with", "from", "your", "their", "its", "her",
    "his", "are", "was", "not", "but", "own", "other", "another", "out", "off", "more", "less", "than", "then", "time",
    "times", "turn", "way", "face", "down", "back", "only", "once", "also", "has", "have", "who", "which", "what",
    "where", "when", "while", "there", "them", "they", "she", "every", "first", "second", "last", "next", "again",
    "none", "nothing", "still", "same", "into", "onto", "upon", "may", "can", "must", "does", "done", "use", "used",
    "after", "before", "side", "sides", "end", "left", "right", "new", "round", "step", "move", "moves", "place",
    "spaces", "space", "hex", "hexes", "player", "players", "you",
}
# Words after a noun that leave it a noun of its own (not the first half of a compound).
FUNCTION_WORDS = {"is", "are", "was", "were", "has", "have", "for", "in", "of", "on", "at", "to", "from", "and",
                  "or", "but", "becomes", "become", "chooses", "may", "can", "next", "with", "into", "onto", "that",
                  "which", "who", "where", "when", "while", "than", "then", "does", "did", "not", "the", "your",
                  "its", "her", "his", "their", "as", "by", "stays", "goes", "takes", "gets"}
# The nouns a name may stand after ("card C"); the game's own pieces, kinds and zones are added to these.
GENERIC_NOUNS = {"player", "hex", "space", "cell", "piece", "card", "value", "position", "member"}
# Words that, after an article, make a second article wrong: "the first the best".
RANKING_WORDS = ("first|second|third|fourth|last|top|bottom|best|worst|higher|lower|highest|lowest|next|other|"
                 "most|fewest|greater|smaller|larger|largest|smallest|biggest")
VERBS_OF_AMOUNT = "gain|gains|lose|loses|pay|pays|take|takes|add|adds|score|scores|spend|spends|draw|draws"

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Only decisions: "up to 3 steps" or "at most 2 moves" are rules a game may well have.
ENGINE_COUNT = re.compile(r"\b(?:at most|up to|no more than) [\d,]+ decisions\b", re.IGNORECASE)
DOUBLED_ARTICLE = re.compile(r"\b(?:[Tt]he|a|an|[Yy]our) (?:the|a|an|your)\b(?! *[A-Z]\b)")
RANKED_ARTICLE = re.compile(rf"\b[Tt]he (?:{RANKING_WORDS}) the\b")
AMOUNT_ARTICLE = re.compile(rf"\b(?:{VERBS_OF_AMOUNT}) \d+ the\b", re.IGNORECASE)
# A noun again after one or two words ("token pile token", "piece towing the piece"), not across a comma, a
# clause or a preposition ("red, red", "a new pile when the pile", "bow to bow", "a worker on a worker space").
REPEATED = re.compile(r"(?=\b(([a-z][a-z'’]{2,})((?: [\w'’]+){0,2}?) \2\b))")  # overlapping: "the X the X"
NOT_BETWEEN = {"to", "on", "at", "from", "into", "onto", "with", "by", "for", "and", "or", "but", "when", "where",
               "while", "if", "than", "then", "until", "unless", "as", "after", "before", "per", "nor"}
# The same word twice in a row, whatever it is: "actions for for the point of sail", "the left left".
DOUBLED_WORD = re.compile(r"\b([A-Za-z]+) \1\b(?![-'’])", re.IGNORECASE)
# A thing named through itself: "the points of the cards worth points", "the coins in coin in the bag"; not a
# compound ("each card of the card list"), where a noun follows.
SELF_NESTED = re.compile(r"\b([a-z]{3,}?)s? (?:of|in) (?:the |your |a |an )?(?:[\w'’]+ ){0,3}?\1s?\b(?!['’])"
                         r"(?=$|[^\w ]| (?:in|of|is|are|to|at|on|from|becomes|and|or)\b)")
# A step that is nothing but "do nothing" (a branch that says "nothing happens" tells the reader something).
EMPTY_STEP = re.compile(r"^(?:do nothing|nothing happens)\.?$|(?:^|: )do nothing\.?$", re.IGNORECASE)
ODD_CAPITALS = re.compile(r"\b(?:[A-Z]{2,}|[A-Z][a-z]+[A-Z]\w*)\b")
WORD = re.compile(r"\b[A-Za-z][A-Za-z]+\b")


@dataclass(frozen=True)
class Finding:
    """One phrase that reads like code."""

    kind: str
    phrase: str
    message: str
    hint: str


@dataclass
class Names:
    """What the lint needs to know of the file's names."""

    letters: set[str]  # the upper-case letters that a rule-local name reads as ("X" for `x` or `card_x`)
    globals: set[str]  # names declared for the whole file (kind members, defines, ...)
    nouns: set[str]  # the words a name may follow ("card", "hex")
    written: dict[str, str]  # a word in lower case -> the capitals the file writes it with ("nato" -> "NATO")


def lint(game_file: Any, source: Source) -> list[Diagnostic]:
    """Every finding of the wording lint in the rule summary and the card of a checked rules file."""
    from codegen.reference import build_reference

    names = names_of(game_file, source)
    reference = build_reference(game_file, source, date="-")
    diagnostics: list[Diagnostic] = []
    seen: set[tuple] = set()
    header_span = game_file.declarations[0].span if game_file.declarations else Span(game_file.path, 1, 1, 1, 1)
    for text, span, authored in texts_of(reference, game_file, source):
        for finding in findings(text, names, authored):
            key = (span.line, span.column, finding.kind, finding.phrase)
            if key in seen:
                continue
            seen.add(key)
            diagnostics.append(Diagnostic(span or header_span, finding.message, finding.hint, severity="warning"))
    diagnostics.sort(key=lambda d: (d.span.line, d.span.column))
    return diagnostics


# ------------------------------------------------------------ the texts of the pages


def plain(text: str) -> str:
    """A text of the pages without its markup: `**bold**`, `*name*` and `\\*`."""
    text = text.replace("\\*", "\0")
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"\*([^*]+)\*", r"\1", text)
    return text.replace("\0", "*")


def texts_of(reference: Any, game_file: Any, source: Source) -> Iterator[tuple[str, Span, bool]]:
    """Each text of the summary and the card, with the place in the file it comes from, and whether the
    author wrote it (a `#: ` wording, a description): the author's own words are read only for what the
    generator leaves in them (`{...}`, capitals)."""
    from codegen.english import English
    from codegen.reference import tracked
    from dsl import ast

    decls = game_file.declarations
    header = next((d for d in decls if isinstance(d, ast.GameHeader)), decls[0])
    by_words = {d.name.replace("_", " "): d for d in decls if hasattr(d, "name") and isinstance(d.name, str)}
    yield from ((text, header.span, True) for text in [reference.overview, reference.goal, *reference.texts.values()])
    for steps in (reference.setup, reference.sequence, reference.card_sequence, reference.final_scoring):
        yield from step_texts(steps, header.span)
    for rule in reference.rules:
        decl = next((d for d in decls if isinstance(d, (ast.RuleDecl, ast.PowerDecl)) and d.name == rule.name), header)
        yield rule.title, decl.span, bool(getattr(decl, "text", None))
        yield from step_texts(rule.steps, decl.span)
    for action in reference.actions:
        span = action.origin or header.span
        for text in (action.prompt, action.when, action.then, action.optional):
            yield text, span, False
    for piece in reference.pieces:
        span = by_words.get(piece.name, header).span
        yield piece.count, span, False
        yield piece.description, span, True
    for table in reference.tables:
        span = by_words.get(table.name, header).span
        yield table.caption, span, True
        for cell in [*table.header, *(cell for row in table.rows for cell in row)]:
            yield cell, span, False
    for variant in reference.variants:
        yield variant.text, by_words.get(variant.name, header).span, True
    english = English(game_file, source)
    for decl in decls:
        if isinstance(decl, (ast.KindDecl, ast.DieDecl, ast.AutomaDecl, ast.ScoreDecl, ast.TiebreakDecl,
                             ast.PayoffDecl)):
            yield english.render(decl), decl.span, bool(english.author_wording(decl))
        elif isinstance(decl, ast.VarDecl) and not decl.internal:
            yield from ((line, decl.span, False) for line in tracked(english, [decl]))
    play = next((d for d in decls if isinstance(d, ast.PlayDecl)), header)
    yield from ((line, play.span, False) for line in [*reference.end, *reference.card_end])


def step_texts(steps: Iterable[Any], fallback: Span) -> Iterator[tuple[str, Span, bool]]:
    for step in steps:
        yield step.text, step.origin or fallback, step.worded
        yield from step_texts(step.children, step.origin or fallback)


# ------------------------------------------------------------ what the file names


def names_of(game_file: Any, source: Source) -> Names:
    """The rule-local names, the global ones and the nouns of a file, and the capitals it writes."""
    from dsl import ast

    locals_: set[str] = set()
    globals_: set[str] = set()
    nouns = set(GENERIC_NOUNS)
    for decl in game_file.declarations:
        name = getattr(decl, "name", None)
        if isinstance(decl, (ast.DefineDecl, ast.VarDecl, ast.ZoneDecl, ast.TableDecl, ast.KindDecl,
                             ast.PieceDecl, ast.DieDecl, ast.BoardDecl)) and isinstance(name, str):
            globals_.add(name)
        if isinstance(decl, ast.KindDecl):
            globals_.update(decl.members)
        if isinstance(decl, (ast.PieceDecl, ast.KindDecl, ast.ZoneDecl)) and isinstance(name, str):
            nouns.add(name.split("_")[-1])
        if isinstance(decl, (ast.RuleDecl, ast.PowerDecl, ast.DefineDecl)):
            locals_.update(decl.params)
        for node in ast.walk(decl):
            if isinstance(node, ast.Let):
                locals_.add(node.name)
            elif isinstance(node, (ast.ForEach, ast.Choose, ast.ChooseSet, ast.Draw, ast.WeightedDraw, ast.Roll,
                                   ast.ComprehensionFor)):
                locals_.add(node.var)
    letters = set()
    for name in locals_:
        lettered = re.fullmatch(r"(?:[a-z]+_)?([a-z])", name)
        if lettered:
            letters.add(lettered.group(1).upper())
    written: dict[str, str] = {}
    for text in written_texts(source):
        for word in ODD_CAPITALS.findall(text):
            written.setdefault(word.lower(), word)
    return Names(letters, globals_, nouns, written)


def written_texts(source: Source) -> Iterator[str]:
    """The texts an author writes for people: strings and `#: ` wordings (in every file of a variant)."""
    for line in (source if isinstance(source, str) else "\n".join(source.values())).splitlines():
        stripped = line.strip()
        if stripped.startswith("#:"):
            yield stripped[2:]
        elif not stripped.startswith("#"):
            yield from re.findall(r'"((?:[^"\\]|\\.)*)"', line)


# ------------------------------------------------------------ the checks


def findings(text: str, names: Names, authored: bool = False) -> list[Finding]:
    """What reads like code in one text of the pages (in the author's own words: only `{...}`, counts, capitals
    and a rule's own letters)."""
    if not text:
        return []
    text = plain(text)
    found: list[Finding] = []
    found += written_findings(text, names)
    if authored:
        return found
    found += generated_findings(text, names)
    return found


def written_findings(text: str, names: Names) -> list[Finding]:
    """What is wrong in any text of the pages, the author's or the generator's."""
    found: list[Finding] = []
    for match in PLACEHOLDER.finditer(text):
        found.append(Finding("placeholder", match.group(0), f"the rule summary prints '{match.group(0)}' as it is",
                             "a '{NAME}' is filled in only with a parameter of the define or rule the wording is "
                             "above; " + HINT_WORD_IT))
    for match in ENGINE_COUNT.finditer(text):
        found.append(Finding("engine", match.group(0), f"the rule summary prints an engine count: '{match.group(0)}'",
                             "a count of the engine's decisions is no rule a player uses: leave it out of the text"))
    for phrase in local_names(text, names):  # a rule's own letter, even in the author's words ("card X")
        found.append(Finding("name", phrase, f"the rule summary calls something '{phrase}', a name from the rules file",
                             "name the thing by what it is; " + HINT_WORD_IT))
    for word in WORD.findall(text):
        written = names.written.get(word.lower())
        if written is not None and word != written and word.lower() != word:
            found.append(Finding("capitals", word, f"the rule summary prints '{word}', which the file writes "
                                 f"'{written}'", "the summary capitalises a name as the file writes it in its "
                                 "texts; write the name the same way everywhere"))
    return found


def generated_findings(text: str, names: Names) -> list[Finding]:
    """What reads like code in a text the generator wrote."""
    found: list[Finding] = []
    for pattern in (DOUBLED_ARTICLE, RANKED_ARTICLE, AMOUNT_ARTICLE):
        for match in pattern.finditer(text):
            found.append(Finding("article", match.group(0),
                                 f"the rule summary says '{around(text, match)}': two articles in a row",
                                 HINT_WORD_IT + ", or word the define or variable it names"))
    for match in DOUBLED_WORD.finditer(text):
        if match.group(1).lower() in ("the", "a", "an", "your"):
            continue  # an article, said twice: found above
        found.append(Finding("repeat", match.group(0), f"the rule summary says '{around(text, match)}': "
                             f"'{match.group(1)}' twice in a row", HINT_WORD_IT + ", or word the define, table or "
                             "variable whose name ends the way the next begins"))
    for match in REPEATED.finditer(text):
        phrase, word, between = match.groups()
        if word in COMMON_WORDS or word.endswith("'s") and word[:-2] in COMMON_WORDS \
                or NOT_BETWEEN & set(between.split()) or is_compound(text, match.start() + len(phrase)):
            continue
        found.append(Finding("repeat", phrase, f"the rule summary says '{around(text, match, len(phrase))}': "
                             f"'{word}' twice over", HINT_WORD_IT + ", or name the local or define with a "
                             "'#: The NAME is ...' wording"))
    for match in SELF_NESTED.finditer(text):
        if match.group(1) in COMMON_WORDS:
            continue
        found.append(Finding("nesting", match.group(0), f"the rule summary says '{around(text, match)}': "
                             f"'{match.group(1)}' named through itself", HINT_WORD_IT))
    if EMPTY_STEP.search(text.strip()):
        found.append(Finding("empty", text.strip(), f"the rule summary has a step that does nothing: '{text.strip()}'",
                             "leave the statement out with '#: -', or say why nothing happens with a '#: ' wording"))
    return found


def local_names(text: str, names: Names) -> list[str]:
    """The phrases where a rule-local name stands in the text: "piece X", "X has the keyword"."""
    found = []
    for match in re.finditer(r"\b([A-Za-z][a-z]+) ([A-Z])(?![\w\-.])", text):
        noun, letter = match.group(1).lower(), match.group(2)
        if letter in names.letters and (noun in names.nouns or noun.rstrip("s") in names.nouns):
            found.append(match.group(0))
    for match in re.finditer(r"(?:^|[.;:,(] |\b(?:while|if|and|or|that|when|unless) )([A-Z])(?= (?:has|is|are|may|can"
                             r"|was|does|chooses|becomes|takes)\b)", text, re.IGNORECASE):
        letter = match.group(1)
        if letter.isupper() and letter in names.letters and letter.lower() not in names.globals and letter != "A":
            found.append(f"{letter} {text[match.end(1):].split()[0]}")
    return found


def is_compound(text: str, end: int) -> bool:
    """True when a noun is followed by another one, which it describes: "a worker on a worker space"."""
    following = re.match(r" ([a-z]{3,})\b", text[end:])
    return following is not None and following.group(1) not in FUNCTION_WORDS


def around(text: str, match: re.Match, length: Optional[int] = None, room: int = 12) -> str:
    """The matched phrase (of `length`, for a match made in a lookahead) with a few words either side."""
    finish = match.start() + length if length is not None else match.end()
    start = text.rfind(" ", 0, max(0, match.start() - room)) + 1
    end = text.find(" ", min(len(text), finish + room))
    return text[start:end if end != -1 else len(text)].strip()


# ------------------------------------------------------------ for `pirdsl check`


# What tells the lint's notes apart from other notes about the same file in `interpreter.cache`. The
# cache's keys already include every file of this package (its templates too), so no digest of them here.
NOTES_KIND = b"pirdsl wording lint 1"


def wording_warnings(path: str, source: Source, game_file: Any) -> list[Diagnostic]:
    """The lint's warnings for a file, from `interpreter.cache` when it has them, else found and stored.

    Args:
        path: the file as it was given (spans name it).
        source: its text.
        game_file: a callable giving its syntax tree (called only when the cache has no answer).
    """
    from interpreter import cache

    key = cache.note_key(path, source if isinstance(source, str) else json.dumps(source), NOTES_KIND)
    remembered = cache.lookup_notes(key)
    if remembered is not None:
        return remembered
    tree = game_file()
    if tree is None:
        return []
    try:
        found = lint(tree, source)
    except Exception:  # noqa: BLE001 - the lint is advice: a generator failure is `pirdsl reference`'s to report
        found = []  # remembered too, so that `check` stays fast; tests lint every shipped file directly
    cache.store_notes(key, found)
    return found


__all__ = ["Finding", "findings", "lint", "wording_warnings"]
