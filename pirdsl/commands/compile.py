"""`pirdsl compile`: write the Python module a rules file compiles to, for a person to read."""

from __future__ import annotations

import argparse
import sys

from pirdsl.commands.common import (
    CommandError, EXIT_OK, ENGINE_MODULES, load_rules, check_output, write_output, add_quiet_option,
)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `compile` and its options."""
    compile_command = commands.add_parser("compile", help="write the Python a rules file compiles to")
    compile_command.add_argument("file", metavar="FILE")
    add_quiet_option(compile_command)
    compile_command.add_argument("-o", "--output", metavar="OUT.py", help="output file (default: standard output)")
    compile_command.add_argument("--force", action="store_true", help="replace an output file even if it is read-only")
    compile_command.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Write the Python module a rules file compiles to, for a person to read."""
    game = load_rules(args.file, quiet=args.quiet)
    if not hasattr(game, "python_source"):
        raise CommandError("this engine does not compile games to Python")
    if args.output is not None and args.output != "-":
        check_output(args.output, [args.file], args.force)
    source = game.python_source()
    if args.output is None or args.output == "-":
        sys.stdout.write(source)
        return EXIT_OK
    write_output(args.output, source, [args.file], args.force)
    print(f"wrote {args.output} ({len(source.splitlines())} lines)")
    return EXIT_OK
