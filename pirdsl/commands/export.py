"""`pirdsl export --efg`: a small game's whole tree as an OpenSpiel EFG file, for OpenSpiel's C++ solvers."""

from __future__ import annotations

import argparse
import sys
import time

from pirdsl.commands.common import (
    EXIT_OK, EXIT_USAGE, ENGINE_MODULES, CommandError, add_param_option, add_quiet_option, check_output,
    checked_variants, choose_player_count, load_rules, parsed_params, positive_int, with_params, write_output,
)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `export` and its options."""
    export = commands.add_parser("export", help="write a small game's whole tree for other tools (--efg)")
    export.add_argument("file", metavar="FILE")
    add_quiet_option(export)
    export.add_argument("--efg", action="store_true",
                        help="OpenSpiel's EFG text (pyspiel.load_efg_game reads it); needs the openspiel extra")
    export.add_argument("--players", type=positive_int, metavar="N", help="number of players")
    export.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help="switch on a variant (repeatable)")
    add_param_option(export)
    export.add_argument("--max-nodes", type=positive_int, default=None, metavar="N",
                        help="refuse a tree with more nodes than this (default 200,000)")
    export.add_argument("-o", "--output", metavar="OUT.efg", help="output file (default: standard output)")
    export.add_argument("--force", action="store_true", help="replace an output file even if it is read-only")
    export.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Walk the game's whole tree through the OpenSpiel adapter and write it as EFG text."""
    if not args.efg:
        raise CommandError("say what to export: --efg (OpenSpiel's EFG text) is the one format", EXIT_USAGE)
    game = with_params(load_rules(args.file, quiet=args.quiet), args.param)
    players = choose_player_count(game, args.players)
    variants = checked_variants(game, args.variant)
    to_file = args.output is not None and args.output != "-"
    if to_file:
        check_output(args.output, [args.file], args.force)
    try:
        from pirdsl.adapters import efg
        from pirdsl.adapters import openspiel
    except ImportError as error:
        raise CommandError(str(error)) from None
    values = parsed_params(args.param)
    params = {"params": "+".join(f"{name}:{value}" for name, value in values.items())} if values else {}
    started = time.perf_counter()
    try:
        spiel_game = openspiel.load(args.file, players, variants, **params)
        title = game.name + "".join(f", {name} {value}" for name, value in values.items())
        text = efg.efg_text(spiel_game, args.max_nodes or efg.DEFAULT_MAX_NODES, title=title)
    except efg.TreeTooLarge as error:
        raise CommandError(f"{args.file}: {error}") from None
    except (ValueError, RuntimeError) as error:
        raise CommandError(f"{args.file}: {' '.join(str(error).split())}") from None
    seconds = time.perf_counter() - started
    if not to_file:
        sys.stdout.write(text)
        return EXIT_OK
    write_output(args.output, text, [args.file], args.force)
    summary = text.splitlines()[1].strip('"')
    print(f"wrote {args.output} ({summary}; {seconds:.1f} s)")
    return EXIT_OK
