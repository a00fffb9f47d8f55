"""`pirdsl fmt`: put rules files in the one canonical layout (`dsl.format`), or, with --check, say which are not."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from pirdsl.commands.common import CommandError, EXIT_OK, EXIT_FAILURE, error_line

FORMAT_MODULES = ("dsl.diagnostics", "dsl.parser", "dsl.format")


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `fmt` and its options."""
    fmt = commands.add_parser("fmt", help="lay out rules files in the canonical way (indentation, spacing, tables)")
    fmt.add_argument("paths", nargs="+", metavar="PATH", help="a rules file, or a folder of them (searched in full)")
    fmt.add_argument("--check", action="store_true",
                     help="change nothing; list the files that would change and exit 1 if there are any")
    fmt.set_defaults(handler=run, engine_modules=FORMAT_MODULES)


def rules_files(paths: list[str]) -> list[str]:
    """The files a command line names: each file as given, each folder's `.pir` files, in order."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found.extend(str(file) for file in sorted(Path(path).rglob("*.pir"))
                         if not any(part.startswith(".") for part in file.relative_to(path).parts))
        else:
            found.append(path)
    return found


def run(args: argparse.Namespace) -> int:
    """Format each file in place (written whole or not at all), or list those that would change.

    A file that does not parse is reported with the parser's message and left as it is;
    the command then exits 1, as it does under --check when any file would change.
    """
    from dsl.diagnostics import PirError
    from dsl.format import format_source
    from dsl.parser import read_source

    files = rules_files(args.paths)
    if not files:
        raise CommandError("no rules files (.pir) found in " + ", ".join(args.paths))
    failures = changed = 0
    for path in files:
        try:
            text = read_source(path)
            formatted = format_source(text, path)
        except PirError as error:
            error_line(error.format() or f"{path}: cannot be read")
            failures += 1
            continue
        if formatted == text:
            continue
        changed += 1
        if args.check:
            print(f"would reformat {path}")
            continue
        write_formatted(path, formatted)
        print(f"reformatted {path}")
    unchanged = len(files) - changed - failures
    files_word = lambda n: f"{n} file{'s' if n != 1 else ''}"  # noqa: E731
    if args.check:
        print(f"{files_word(changed)} would be reformatted, {files_word(unchanged)} already formatted")
    else:
        print(f"{files_word(changed)} reformatted, {files_word(unchanged)} left unchanged")
    return EXIT_FAILURE if failures or (args.check and changed) else EXIT_OK


def write_formatted(path: str, text: str) -> None:
    """Replace a rules file with its formatted text, keeping its permissions; the old file stays on failure."""
    from interpreter.files import OutputError, write_file

    try:
        write_file(path, text, mode=os.stat(path).st_mode & 0o7777)
    except OutputError as error:
        raise CommandError(str(error)) from None
