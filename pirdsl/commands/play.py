"""`pirdsl play`: play one game at the terminal, people and bots in the seats, or go on with a saved one."""

from __future__ import annotations

import argparse
import secrets
from typing import Any, Sequence

from pirdsl.bots import BOT_KINDS
from pirdsl.commands.common import (
    CommandError, EXIT_USAGE, ENGINE_MODULES, load_rules, choose_player_count, checked_variants, start_state,
    check_seat_specs, make_console, error_line, add_game_options, with_params,
)

# pirdsl.play.SEAT_KINDS, spelled out here so that the options parse without the engine.
SEAT_KINDS = ("human", *BOT_KINDS)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `play` and its options."""
    play = commands.add_parser("play", help="play a game in the terminal")
    add_game_options(play, default_seed=None)
    play.add_argument(
        "--seat", action="append", metavar="{" + ",".join(SEAT_KINDS) + "}",
        help="who plays each seat, in order (repeatable); default: seat 1 human, the others random; "
        "mcts and ismcts take a budget: mcts:2000 (iterations) or ismcts:0.5s (seconds per decision)",
    )
    play.add_argument("--load", metavar="SAVE", help="continue a game saved with 'save FILE'")
    play.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Play one game at the terminal."""
    from rich.text import Text

    from pirdsl.play import HUMAN, PlaySession, SaveFileError, read_save

    check_seat_specs(args.seat, human=True)
    if args.load and args.seed is not None:
        raise CommandError("--seed cannot be given with --load: a saved game goes on with its own seed "
                           "(which stays hidden while a person plays)", EXIT_USAGE)
    game = load_rules(args.file, quiet=args.quiet)
    # The seed decides every hidden card and draw: unless given, it is 64 bits from the
    # operating system, and it is shown only where it tells no one at the table anything.
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    if args.load:
        if args.players is not None or args.variant or args.param:
            error_line("pirdsl: note: --players, --variant and --param are taken from the save file")
        try:
            state, controllers = read_save(args.load, game)
        except SaveFileError as error:
            raise CommandError(str(error)) from None
        game = getattr(state, "program", game)  # the game with the parameters it was saved with
        if args.seat:
            controllers = seat_controllers(state, args.seat)
        # The header names the game as saved: its own seed and variants, not new ones.
        saved = state.to_json()
        seed, variants = saved.get("seed", seed), list(saved.get("variants") or [])
    else:
        game = with_params(game, args.param)
        players = choose_player_count(game, args.players, len(args.seat or []))
        variants = checked_variants(game, args.variant)
        state = start_state(game, players, seed, variants)
        controllers = seat_controllers(state, args.seat)
    console = make_console()
    seats = ", ".join(f"{name} ({kind})" for name, kind in zip(state.seat_names, controllers))
    humans = controllers.count(HUMAN)
    # A saved game's seed is the game's secret: shown only when no person is at the table.
    show_seed = humans == 0 or (args.seed is not None and humans == 1 and not args.load)
    options = "".join(f"; variant {name}" for name in variants)
    options += "".join(f"; {name}={value}" for name, value in getattr(game, "param_values", {}).items()
                       if value != game.param_decls[name].default)
    loaded = f"; continued from {args.load} in round {state.round}" if args.load else ""
    console.print(Text(f"{game.name}: {seats}" + (f"; seed {seed}" if show_seed else "") + f"{options}{loaded}",
                       style="bold"))
    return PlaySession(game, state, controllers, console, bot_seed=seed).run()


def seat_controllers(state: Any, requested: Sequence[str] | None) -> list[str]:
    from pirdsl.play import assign_controllers

    check_seat_specs(requested, human=True)
    try:
        return assign_controllers(state, requested)
    except ValueError as error:
        raise CommandError(str(error), EXIT_USAGE) from None
