"""`pirdsl lsp`: start the language server (`pirdsl.lsp`), speaking the protocol over standard input and output."""

from __future__ import annotations

import argparse

from pirdsl.commands.common import CommandError, EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `lsp`; an editor starts it and talks to it over stdio (docs/editors.md)."""
    lsp = commands.add_parser("lsp", help="run the language server over stdio, for an editor")
    lsp.set_defaults(handler=run, engine_modules=("dsl.diagnostics",))


def run(args: argparse.Namespace) -> int:
    """Serve one editor until it says exit; needs pygls (the `lsp` extra)."""
    try:
        import pygls  # noqa: F401
    except ImportError:
        raise CommandError("the language server needs pygls: pip install -e '.[lsp]' (or pip install pygls)") from None
    from pirdsl.lsp.server import serve

    serve()
    return EXIT_OK
