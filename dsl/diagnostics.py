"""Diagnostics: the errors an author can cause, located and worded for people.

Every problem found in a rules file becomes a `Diagnostic` with a `Span`. The
`format` method renders it the way compilers do::

    games/x.pir:12:7: error: unknown zone 'hnad'
        move card from hnad to table
                       ^^^^
      did you mean 'hand'?
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence, Union

# The text a diagnostic is shown against: one file's text, or, for a variant file
# (dsl/extends.py), every file's text by its path, the variant's and its bases'.
Source = Union[str, Mapping[str, str]]


@dataclass(frozen=True)
class Span:
    """Where a piece of source text sits: 1-based lines and columns."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


UNKNOWN_SPAN = Span("<unknown>", 1, 1, 1, 1)


def text_of(source: Source | None, file: str) -> str | None:
    """The text of `file` in `source`: a single text stands for every file (None when unknown)."""
    if source is None or isinstance(source, str):
        return source
    return source.get(file)


class SourceLines:
    """The lines of each file of a `Source`, split once: `lines(file)`, `line(file, number)` (1-based)."""

    def __init__(self, source: Source | None):
        self.source = source
        self._lines: dict[str, list[str]] = {}

    def lines(self, file: str) -> list[str]:
        found = self._lines.get(file)
        if found is None:
            text = text_of(self.source, file)
            found = self._lines[file] = text.splitlines() if text is not None else []
        return found

    def line(self, file: str, number: int) -> str:
        lines = self.lines(file)
        return lines[number - 1] if 1 <= number <= len(lines) else ""


@dataclass
class Diagnostic:
    """One problem in a rules file.

    Args:
        span: where the problem is.
        message: what is wrong, in the game's terms.
        hint: how to fix it (shown on its own line), if known.
        severity: "error" or "warning".
    """

    span: Span
    message: str
    hint: str | None = None
    severity: str = "error"

    def format(self, source: Source | None = None) -> str:
        """Render as `file:line:col: error: message`, the line, a caret and the hint."""
        out = [f"{self.span}: {self.severity}: {self.message}"]
        source = text_of(source, self.span.file)
        if source is not None:
            lines = source.splitlines()
            if 1 <= self.span.line <= len(lines):
                text = lines[self.span.line - 1].replace("\t", " ")
                if len(text) > 200:
                    text = text[:200] + " ..."
                start = max(self.span.column, 1)
                if self.span.end_line == self.span.line and self.span.end_column > start:
                    width = self.span.end_column - start
                else:
                    width = 1
                width = max(1, min(width, max(1, len(text) - start + 2)))
                out.append(f"    {text}")
                out.append("    " + " " * (start - 1) + "^" * width)
        if self.hint:
            out.append(f"  {self.hint}")
        return "\n".join(out)


@dataclass
class PirError(Exception):
    """Raised when a rules file cannot be used; carries every diagnostic found."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    source: Source | None = None

    def __str__(self) -> str:
        return self.format()

    def format(self) -> str:
        """All diagnostics, each with its source excerpt, separated by blank lines."""
        return "\n".join(d.format(self.source) for d in self.diagnostics)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a near-miss name, or None when nothing is close."""
    import difflib  # here, not at the top: most commands never need it

    pool = sorted(set(candidates))
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in pool}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f"did you mean '{close[0]}'?" if close else None


def format_all(diagnostics: Sequence[Diagnostic], source: Source | None) -> str:
    """Render a list of diagnostics against one source text."""
    return "\n".join(d.format(source) for d in diagnostics)
