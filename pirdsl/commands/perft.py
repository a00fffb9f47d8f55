"""`pirdsl perft`: count the action sequences of each length from the start of a game."""

from __future__ import annotations

import argparse
import time

from pirdsl.commands.common import (
    EXIT_OK, ENGINE_MODULES, load_rules, with_params, choose_player_count, checked_variants, start_state, add_game_options,
    positive_int,
)
from pirdsl.perft import perft


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `perft` and its options."""
    perft_command = commands.add_parser("perft", help="count action sequences to a depth")
    add_game_options(perft_command, default_seed=0)
    perft_command.add_argument("--depth", type=positive_int, required=True, metavar="D")
    perft_command.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Count the action sequences of each length from the start."""
    game = with_params(load_rules(args.file, quiet=args.quiet), args.param)
    players = choose_player_count(game, args.players)
    state = start_state(game, players, args.seed, checked_variants(game, args.variant))
    started = time.perf_counter()
    counts = perft(state, args.depth)
    seconds = time.perf_counter() - started
    for depth, count in enumerate(counts, 1):
        print(f"depth {depth}: {count}")
    total = sum(counts)
    rate = f", {total / seconds:.0f} nodes per second" if seconds > 0 else ""
    print(f"time: {seconds:.3f} s{rate}")
    return EXIT_OK
