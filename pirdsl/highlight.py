"""The Pygments lexer for rules files, where the `pirdsl` entry point in pyproject.toml names it.

It lives in `codegen.highlight`, beside the HTML reference that colours rules text with it.
"""

from codegen.highlight import PirLexer

__all__ = ["PirLexer"]
