"""`pirdsl check`: load rules files and report their errors and warnings (the wording lint's too)."""

from __future__ import annotations

import argparse
from typing import Any

from pirdsl.commands import common
from pirdsl.commands.common import (
    CommandError, EXIT_OK, EXIT_FAILURE, CHECK_MODULES, load_rules, import_engine, warnings_of, error_line,
    add_quiet_option,
)

# What tells the notes of the examples' answers apart from other notes about a file in `interpreter.cache`.
ANSWER_NOTES_KIND = b"pirdsl example answers 1"


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `check` and its options."""
    check = commands.add_parser("check", help="check rules files for errors and warnings")
    check.add_argument("files", nargs="+", metavar="FILE")
    add_quiet_option(check)
    check.add_argument("--strict", action="store_true", help="fail (exit 1) when a file has warnings")
    check.set_defaults(handler=run, engine_modules=CHECK_MODULES)


def run(args: argparse.Namespace) -> int:
    """Load each file; print `FILE: ok` or every diagnostic, warnings included unless --quiet.

    The warnings include the wording lint's (`codegen.wording_lint`): phrases of the
    generated rule summary and card that read like code. With --strict, a file with
    warnings fails like a file with errors.
    """
    failures = 0
    for path in args.files:
        try:
            game = load_rules(path, quiet=args.quiet, only_checking=True)
        except CommandError as error:
            error_line(error.render())
            failures += 1
            continue
        try:
            answers = answer_errors_of(path, game)
        except CommandError as error:
            error_line(error.render())
            failures += 1
            continue
        if answers:
            error_line("\n".join(error.format(getattr(game, "source", None)) for error in answers))
            failures += 1
            continue
        wording = wording_warnings_of(path, game)
        if wording and not args.quiet:
            error_line("\n".join(warning.format(getattr(game, "source", None)) for warning in wording))
        count = len(warnings_of(game)) + len(wording)
        counted = f"{count} warning{'s' if count != 1 else ''}"
        if count and args.strict:
            error_line(f"{path}: {counted}, which --strict counts as errors")
            failures += 1
        elif count and not args.quiet:
            print(f"{path}: ok ({counted})")
        else:
            print(f"{path}: ok")
    return EXIT_FAILURE if failures else EXIT_OK


def answer_errors_of(path: str, game: Any) -> list:
    """The worked examples' answers that fit no question they reach (`interpreter.examples.answer_errors`).

    The examples are run to find them (a few milliseconds each), once per text of the
    file: the result is kept in `interpreter.cache` beside the load, so a check that
    answers from the cache still needs no engine. `game` is an engine's game or the
    cache's record of one; anything else (a test's fake engine) has none.
    """
    source = getattr(game, "source", None)
    if not isinstance(source, (str, dict)) or not (hasattr(game, "examples") or hasattr(game, "warnings")):
        return []
    import json

    from interpreter import cache

    key = cache.note_key(str(path), source if isinstance(source, str) else json.dumps(source), ANSWER_NOTES_KIND)
    remembered = cache.lookup_notes(key)
    if remembered is not None:
        return remembered
    if not hasattr(game, "examples"):  # the cache's record: the examples need the engine's game
        import_engine(("interpreter.game",))
        game = common.load_game(str(path))
    if not hasattr(game, "examples"):
        return []
    from interpreter.examples import answer_errors

    found = answer_errors(game)
    cache.store_notes(key, found)
    return found


def wording_warnings_of(path: str, game: Any) -> list:
    """The wording lint's warnings about the rule summary and card of a loaded game (`codegen.wording_lint`).

    `game` is an engine's game or the cache's record of one; anything else (a test's
    fake engine) has none.
    """
    source = getattr(game, "source", None)
    tree = getattr(game, "game_file", None)  # the cache's record reads its tree back only when asked
    if not callable(tree):
        tree = (lambda: game.file) if hasattr(game, "file") else None
    if not isinstance(source, (str, dict)) or tree is None:  # a variant's source is every file's text
        return []
    from codegen.wording_lint import wording_warnings

    return wording_warnings(str(path), source, tree)
