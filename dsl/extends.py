"""Variant files: a rules file that starts from another game and says what it changes.

A variant file opens with `extends "BASE"` (a path relative to the file, or the name
of a shipped game), then writes declarations as any rules file does:

- a new declaration (a rule, a zone, an example...) is added to the base game's;
- `replace DECLARATION` takes the place of the base's declaration of that kind and
  name (or of its setup, play, score...), where the base had it;
- `remove KIND NAME` leaves the base's declaration out;
- a `game "Title":` header renames the game; the items it gives (players, texts)
  take the place of the base's, the others are kept.

A declaration that would clash with one of the base without saying `replace` is
an error, so that a name chosen by chance never overrides a rule silently. Bases
may themselves be variants (a chain); a file that comes back to itself is an error.

`read_rules` gives the merged file, whose declarations keep the spans of the file
each came from, with every file's text (a `Source` mapping each path to its text)
for the messages. `GameFile.changes` records what the variant did (its "what this
variant changes" page), `GameFile.bases` the chain of bases.

A `replace` or `remove` may carry the base declaration's fingerprint as its author
saw it (`replace "1a2b3c4d" rule sail ...`): `fingerprint` hashes the declaration's
meaning (not its spacing, comments or place in the file), and the check warns when
the base's declaration has changed since.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Callable, Mapping

from dsl import ast
from dsl.diagnostics import Diagnostic, PirError, Source, Span, did_you_mean

# The shipped games, for `extends "NAME"` (a checkout's games folder).
SHIPPED_GAMES = Path(__file__).resolve().parent.parent / "games"

# The words that name each kind of declaration, as `replace` and `remove` write them.
NAMED_KINDS: dict[type, str] = {
    ast.KindDecl: "kind", ast.PieceDecl: "piece", ast.VarDecl: "var", ast.ZoneDecl: "zone",
    ast.BoardDecl: "board", ast.DieDecl: "die", ast.TableDecl: "table", ast.AutomaDecl: "automa",
    ast.VariantDecl: "variant", ast.ParamDecl: "param", ast.DefineDecl: "define", ast.RuleDecl: "rule", ast.PowerDecl: "power",
    ast.ExampleDecl: "example",
}
# Declarations a game has at most one of.
SINGLE_KINDS: dict[type, str] = {
    ast.GameHeader: "game", ast.SetupDecl: "setup", ast.PlayDecl: "play", ast.ScoreDecl: "score",
    ast.TiebreakDecl: "tiebreak", ast.PayoffDecl: "payoff", ast.ProgressDecl: "progress",
    ast.FinalScoringDecl: "final scoring",
    ast.ExampleSetupDecl: "example setup",
}
# How a clash with a block the base has is resolved, in words.
_BLOCK_HINTS = {
    "setup": "write 'replace setup:' to set the game up your own way, or 'power NAME after setup:' "
             "to add steps after the base's",
    "final scoring": "write 'replace final scoring:', or 'power NAME after final scoring:' to add to the base's",
}
MAX_CHAIN = 16  # bases of bases: far more than any house rule needs

_EXTENDS_LINE = re.compile(r'\s*extends\s+"((?:[^"\\\n]|\\.)*)"')


def key_of(decl: ast.Decl) -> tuple[str, str | None] | None:
    """(kind word, name) of a declaration a variant can address, or None."""
    kind = NAMED_KINDS.get(type(decl))
    if kind is not None:
        return kind, decl.name
    kind = SINGLE_KINDS.get(type(decl))
    return (kind, None) if kind is not None else None


def describe(key: tuple[str, str | None]) -> str:
    kind, name = key
    if name is None:
        return f"'{kind}'" if kind != "game" else "the game header"
    return f"{kind} \"{name}\"" if kind == "example" else f"{kind} '{name}'"


def fingerprint(decl: ast.Node) -> str:
    """A short hash of what a declaration says: the same whatever its spacing, comments or line."""
    def plain(value):
        if isinstance(value, ast.Node):
            # Fields at their default are left out, so that a field the language gains later (with a
            # default) changes no fingerprint written before it.
            fields = type(value).model_fields
            return [type(value).__name__, {name: plain(getattr(value, name)) for name, field in fields.items()
                                           if name != "span" and getattr(value, name) != field.default}]
        if isinstance(value, (list, tuple)):
            return [plain(item) for item in value]
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in value.items()}
        return value

    text = json.dumps(plain(decl), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def source_hash(source: Source) -> str:
    """The hash that names a game's text: a file's sha256, or, for a variant, one over every file in order."""
    if isinstance(source, str):
        return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    digest = hashlib.sha256(b"pirdsl variant file and its bases\0")
    for text in source.values():
        digest.update(hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest())
    return digest.hexdigest()


def written_base(text: str) -> str | None:
    """The base a file's text names on its first line (`extends "..."`), read without parsing, or None."""
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _EXTENDS_LINE.match(line)
        return match.group(1) if match else None
    return None


def candidates(written: str, from_path: str) -> list[str]:
    """Where a base written as `written` in the file `from_path` may be, in the order they are tried."""
    # Only rules files: a base named without its suffix gets it, so that no other file is read as one.
    names = [written if written.endswith(".pir") else written + ".pir"]
    found = [os.path.normpath(os.path.join(os.path.dirname(from_path), name)) for name in names]
    if "/" not in written and "\\" not in written:
        for name in names:
            shipped = SHIPPED_GAMES / name
            try:
                relative = os.path.relpath(shipped)
            except ValueError:  # another drive letter
                relative = str(shipped)
            found.append(relative if not relative.startswith("../..") else str(shipped))
    return list(dict.fromkeys(found))


def shipped_names() -> list[str]:
    try:
        return sorted(path.stem for path in SHIPPED_GAMES.glob("*.pir"))
    except OSError:
        return []


class DiskFiles:
    """Bases read from the disk, through the reader's own checks (`dsl.parser.read_source`)."""

    def exists(self, path: str) -> bool:
        return os.path.isfile(path)

    def read(self, path: str) -> str:
        from dsl.parser import read_source

        return read_source(path)


class GivenFiles:
    """Bases taken from texts already read (a saved game's, a worker's): no disk."""

    def __init__(self, texts: Mapping[str, str]):
        self.texts = dict(texts)
        self.absolute = {os.path.abspath(path): path for path in self.texts}

    def exists(self, path: str) -> bool:
        return path in self.texts or os.path.abspath(path) in self.absolute

    def read(self, path: str) -> str:
        return self.texts[path] if path in self.texts else self.texts[self.absolute[os.path.abspath(path)]]

    def key(self, path: str) -> str:
        return path if path in self.texts else self.absolute[os.path.abspath(path)]


def files_of(path: str, text: str) -> dict[str, str] | None:
    """Every file a rules file is made of, its own first (path -> text), read from the disk.

    Found by the `extends` lines alone, without parsing: the cache's key for a variant.
    None when a base cannot be read or the chain goes round (the load reports it).
    """
    files = {path: text}
    disk = DiskFiles()
    current, current_text = path, text
    for _ in range(MAX_CHAIN):
        written = written_base(current_text)
        if written is None:
            return files
        found = next((p for p in candidates(written, current) if disk.exists(p)), None)
        if found is None or found in files:
            return None
        try:
            current, current_text = found, disk.read(found)
        except PirError:
            return None
        files[current] = current_text
    return None


def read_rules(source: Source, path: str, parse: Callable[[str, str], ast.GameFile] | None = None
               ) -> tuple[ast.GameFile, Source, list[Diagnostic]]:
    """Parse a rules file and, when it is a variant file, its bases, merged into one file.

    Args:
        source: the file's text, or (a variant read before) every file's text by path, its own first.
        path: the file's path.
        parse: what reads each file's text (`dsl.parser.parse_source`, or a `ReusingParser`'s
            `parse`, which gives the same file sooner for a text that changed a little).

    Returns:
        the merged file, the text of each file it is made of (the text itself for a plain file),
        and the warnings found while merging (fingerprints).

    Raises:
        PirError: a syntax error in any of the files, or a base that cannot be found or merged.
    """
    from dsl.parser import parse_source

    parse = parse or parse_source
    if isinstance(source, str):
        text, files = source, DiskFiles()
    else:
        given = GivenFiles(source)
        text, files = given.read(path), given
    game_file = parse(text, path)
    if not any(isinstance(d, (ast.ExtendsDecl, ast.ReplaceDecl, ast.RemoveDecl)) for d in game_file.declarations):
        return game_file, text, []
    texts: dict[str, str] = {path: text}
    notes: list[Diagnostic] = []
    merged = _resolve(game_file, path, texts, files, notes, chain=[path], parse=parse)
    merged = merged.model_copy(update={"source_hash": source_hash(texts)})
    return merged, texts, notes


def _resolve(game_file: ast.GameFile, path: str, texts: dict[str, str], files, notes: list[Diagnostic],
             chain: list[str], parse: Callable[[str, str], ast.GameFile]) -> ast.GameFile:
    errors: list[Diagnostic] = []
    decls = game_file.declarations
    extends = [d for d in decls if isinstance(d, ast.ExtendsDecl)]
    if not extends:
        for decl in decls:
            if isinstance(decl, (ast.ReplaceDecl, ast.RemoveDecl)):
                word = "replace" if isinstance(decl, ast.ReplaceDecl) else "remove"
                errors.append(Diagnostic(_word(decl.span, word), f"'{word}' changes a base game, and this file has none",
                                         'start the file with the game it changes: extends "GAME.pir"'))
        if errors:
            raise PirError(errors, dict(texts))
        return game_file
    first = extends[0]
    for extra in extends[1:]:
        errors.append(Diagnostic(_word(extra.span, "extends"), "a file extends one game only",
                                 "make a chain instead: a variant file may extend another variant file"))
    if decls[0] is not first:
        errors.append(Diagnostic(_word(first.span, "extends"), "'extends' must be the file's first line",
                                 "move it above everything else, the game header too"))
    if errors:
        raise PirError(errors, dict(texts))
    places = candidates(first.base, path)
    found = next((p for p in places if files.exists(p)), None)
    if found is None:
        hint = did_you_mean(Path(first.base).stem, shipped_names())
        shipped = ", ".join(shipped_names())
        raise PirError([Diagnostic(_first_line(first.span, texts), f"cannot find the base game \"{first.base}\" "
                                   f"(looked for {' and '.join(places[:2])}{' and the shipped games' if len(places) > 2 else ''})",
                                   hint or (f"write a path relative to this file, or a shipped game: {shipped}"
                                            if shipped else "write a path relative to this file"))], dict(texts))
    if isinstance(files, GivenFiles):
        found = files.key(found)
    if found in chain or len(chain) >= MAX_CHAIN:
        circle = " extends ".join([*chain, found])
        raise PirError([Diagnostic(_first_line(first.span, texts), f"these files extend each other in a circle: {circle}",
                                   "a game cannot start from itself: remove one 'extends'")], dict(texts))
    try:
        base_text = files.read(found)
    except PirError as error:
        raise PirError([Diagnostic(_first_line(first.span, texts), f"cannot read the base game {found}: {error.diagnostics[0].message}")],
                       dict(texts)) from None
    texts[found] = base_text
    base = parse(base_text, found)  # its syntax errors are its own file's
    base = _resolve(base, found, texts, files, notes, [*chain, found], parse)
    merged = _merge(base, game_file, errors, notes, texts)
    if errors:
        raise PirError(errors, dict(texts))
    return merged.model_copy(update={"bases": [found, *base.bases]})


def _word(span: Span, word: str) -> Span:
    return Span(span.file, span.line, span.column, span.line, span.column + len(word))


def _merge(base: ast.GameFile, variant: ast.GameFile, errors: list[Diagnostic], notes: list[Diagnostic],
           texts: Mapping[str, str]) -> ast.GameFile:
    """The base's declarations with the variant's added, put in place of the base's, or taken out."""
    result: list[ast.Decl | None] = list(base.declarations)
    where: dict[tuple, int] = {}
    for index, decl in enumerate(result):
        key = key_of(decl)
        if key is not None:
            where.setdefault(key, index)
    removed: dict[tuple, Span] = {}
    changes: list[ast.Change] = []
    base_name = Path(base.path).name

    def kind_names(kind: str) -> list[str]:
        return [k[1] for k, i in where.items() if k[0] == kind and k[1] is not None and result[i] is not None]

    def check_fingerprint(decl, key, old, keyword: str) -> None:
        now = fingerprint(old)
        if decl.fingerprint is None:
            notes.append(Diagnostic(_word(decl.span, keyword),
                                    f"this {keyword}s the base's {describe(key)} without its fingerprint, so a later "
                                    f"change to it in {base_name} would go unnoticed",
                                    f"write: {keyword} \"{now}\" {key[0]} ...", "warning"))
        elif decl.fingerprint != now:
            notes.append(Diagnostic(Span(decl.span.file, decl.span.line, decl.span.column + len(keyword) + 1,
                                         decl.span.line, decl.span.column + len(keyword) + 3 + len(decl.fingerprint)),
                                    f"the base's {describe(key)} has changed since this variant was written "
                                    f"(its fingerprint was \"{decl.fingerprint}\", it is now \"{now}\")",
                                    f"read it again at {old.span}; if this {'replacement' if keyword == 'replace' else 'removal'} "
                                    f"still fits, write \"{now}\"", "warning"))

    for decl in variant.declarations:
        if isinstance(decl, ast.ExtendsDecl):
            continue
        if isinstance(decl, ast.GameHeader):
            index = where[("game", None)]
            old = result[index]
            changes.append(ast.Change(how="replaced", kind="game", name=decl.name, span=decl.span, base_span=old.span,
                                      old=old))
            result[index] = old.model_copy(update={
                "span": decl.span, "name": decl.name,
                "min_players": decl.min_players or old.min_players, "max_players": decl.max_players or old.max_players,
                "texts": {**old.texts, **decl.texts}, "longest": decl.longest if decl.longest is not None else old.longest})
            continue
        if isinstance(decl, ast.ReplaceDecl):
            key = key_of(decl.decl)
            if key == ("game", None):
                errors.append(Diagnostic(_word(decl.span, "replace"), "a variant's game header needs no 'replace'",
                                         "write it as 'game \"TITLE\":': its items take the place of the base's"))
                continue
            index = where.get(key)
            if index is None or result[index] is None:
                gone = f" (it is removed at line {removed[key].line})" if key in removed else ""
                errors.append(Diagnostic(_word(decl.span, "replace"), f"the base game has no {describe(key)} to replace{gone}",
                                         (did_you_mean(key[1], kind_names(key[0])) if key[1] else None)
                                         or "write it without 'replace' to add it"))
                continue
            old = result[index]
            check_fingerprint(decl, key, old, "replace")
            result[index] = decl.decl
            changes.append(ast.Change(how="replaced", kind=key[0], name=key[1] or key[0], span=decl.decl.span,
                                      base_span=old.span, old=old))
            continue
        if isinstance(decl, ast.RemoveDecl):
            key = (decl.kind, decl.name)
            index = where.get(key)
            if index is None or result[index] is None:
                gone = f" (it is already removed at line {removed[key].line})" if key in removed else ""
                known = kind_names(decl.kind)
                listed = ", ".join(known[:8]) + (", ..." if len(known) > 8 else "")
                errors.append(Diagnostic(_first_line(decl.span, texts), f"the base game has no {describe(key)} to remove{gone}",
                                         did_you_mean(decl.name, known)
                                         or (f"its {decl.kind}s are: {listed}" if known else f"it has no {decl.kind}s")))
                continue
            old = result[index]
            check_fingerprint(decl, key, old, "remove")
            result[index] = None
            removed[key] = decl.span
            changes.append(ast.Change(how="removed", kind=key[0], name=key[1], span=decl.span, base_span=old.span,
                                      old=old))
            continue
        key = key_of(decl)
        index = where.get(key) if key is not None else None
        if index is not None and result[index] is not None:
            old = result[index]
            hint = _BLOCK_HINTS.get(key[0]) or f"write 'replace {key[0]} ...' to put this one in its place, " \
                                                f"or choose another name"
            errors.append(Diagnostic(_first_line(decl.span, texts), f"the base game already has {describe(key)} "
                                     f"({old.span})", hint))
            continue
        result.append(decl)
        if key is not None:
            changes.append(ast.Change(how="added", kind=key[0], name=key[1] or key[0], span=decl.span))
    declarations = [decl for decl in result if decl is not None]
    return variant.model_copy(update={"declarations": declarations, "changes": changes})


def _first_line(span: Span, texts: Mapping[str, str] | None = None) -> Span:
    """The declaration's first line, to its last word (comments aside), or its first column without the text."""
    text = (texts or {}).get(span.file)
    if text is None:
        return Span(span.file, span.line, span.column, span.line, span.column + 1)
    lines = text.split("\n")
    line = lines[span.line - 1] if 1 <= span.line <= len(lines) else ""
    end = len(re.sub(r'\s*(#[^"]*)?$', "", line)) + 1
    return Span(span.file, span.line, span.column, span.line, max(end, span.column + 1))

