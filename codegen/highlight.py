"""A Pygments lexer for rules files, registered as the `pirdsl` lexer (the entry point in pyproject.toml), and rules text as coloured HTML.

With pirdsl installed, anything that uses Pygments colours `.pir` code: ```` ```pir ````
blocks in Markdown rendered with Pygments, Sphinx and MkDocs pages, `pygmentize -l pirdsl`.
The keywords are the grammar's own (`dsl.format.keywords`), and the built-ins those of
`dsl.builtins`, so the colours follow the language as it changes.

    >>> from pygments import highlight
    >>> from pygments.formatters import HtmlFormatter
    >>> html = highlight('rule take(p):\\n  p.gold += 1\\n', PirLexer(), HtmlFormatter())

The HTML reference shows rules text with it (`code_html`, coloured by `CODE_CSS`): a
worked example that failed is shown as written under its name.
"""

from __future__ import annotations

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from dsl.builtins import FUNCTIONS, VALUES
from dsl.format import keywords

_DECLARING = ("rule", "define", "power", "piece", "zone", "var", "kind", "board", "die", "table", "automa",
              "variant")


class PirLexer(RegexLexer):
    """The pirdsl rules language (`.pir` files)."""

    name = "pirdsl"
    aliases = ["pirdsl", "pir"]
    filenames = ["*.pir"]
    mimetypes = ["text/x-pirdsl"]

    tokens = {
        "root": [
            (r"#:.*$", String.Doc),  # the author's wording for the printed rules
            (r"#.*$", Comment.Single),
            (r"\s+", Whitespace),
            (r'"', String.Double, "string"),
            (r"\b(%s)([ \t]+)([A-Za-z_][A-Za-z0-9_]*)" % "|".join(_DECLARING),  # on one line
             bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            (words(tuple(sorted(FUNCTIONS)), prefix=r"\b", suffix=r"(?=\()"), Name.Builtin),
            (words(tuple(sorted(VALUES)), prefix=r"\b", suffix=r"\b"), Name.Builtin.Pseudo),
            (words(("true", "false", "none"), prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(tuple(sorted(keywords())), prefix=r"\b", suffix=r"\b"), Keyword),
            (r"(\.)([A-Za-z_][A-Za-z0-9_]*)", bygroups(Punctuation, Name.Attribute)),
            (r"[A-Za-z_][A-Za-z0-9_]*(?=\()", Name.Function),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"[0-9]+", Number.Integer),
            (r"->|==|!=|<=|>=|\+=|-=|[-+*/%<>=]", Operator),
            (r"[()\[\],:.]", Punctuation),
            (r"\\\n", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r"\{\{|\}\}", String.Escape),
            (r"\{", String.Interpol, "interpolation"),
            (r'"', String.Double, "#pop"),
            (r'[^"\\{}]+', String.Double),
            (r"\}", String.Double),
        ],
        "interpolation": [  # an expression inside a text: the same words as outside
            (r"\}", String.Interpol, "#pop"),
            (r"\{", String.Interpol, "#push"),
            (r'\\"(?:[^"\\]|\\[^"])*\\"', String.Double),  # a text inside it, its quotes escaped
            (r"(\.)([A-Za-z_][A-Za-z0-9_]*)", bygroups(Punctuation, Name.Attribute)),
            (words(tuple(sorted(FUNCTIONS)), prefix=r"\b", suffix=r"(?=\()"), Name.Builtin),
            (words(tuple(sorted(VALUES)), prefix=r"\b", suffix=r"\b"), Name.Builtin.Pseudo),
            (words(("true", "false", "none"), prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(tuple(sorted(keywords())), prefix=r"\b", suffix=r"\b"), Keyword),
            (r"[A-Za-z_][A-Za-z0-9_]*(?=\()", Name.Function),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"[0-9]+", Number.Integer),
            (r"\s+", Whitespace),
            (r'\\"', String.Escape),
            (r"[^}{A-Za-z0-9_\s.]+", Operator),
            (r"\.", Punctuation),
        ],
    }


# Colours that print on white paper too; the classes are Pygments' short names, inside `.pir`.
CODE_CSS = HtmlFormatter(style="default").get_style_defs(".pir")


def code_html(text: str) -> Markup:
    """Rules text as HTML spans with Pygments' classes (for a `<pre class="pir">`), escaped."""
    return Markup(highlight(text, PirLexer(), HtmlFormatter(nowrap=True)))

