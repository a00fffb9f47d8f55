"""What the commands share: loading a rules file, seats and options, output files, errors and exit codes.

No Python traceback reaches a user: a problem with the input is a `CommandError`
(one `pirdsl: error: ...` line, or the game's diagnostics, exit 1; exit 2 for a
bad option), which `pirdsl.cli` prints. The engine is imported here only inside
the functions that use it.

`load_game`, `simulated` and `default_jobs` are looked up in this module when a
command runs (`common.load_game`), so that a test can replace them in one place.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERNAL_ERROR = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141


class CommandError(Exception):
    """A problem to report to the user without a traceback.

    Args:
        message: one line (or, with `preformatted`, the diagnostics to print as they are).
        exit_code: 1 for bad input files, 2 for bad options.
        preformatted: print `message` as it is, without the `pirdsl: error:` prefix.
    """

    def __init__(self, message: str, exit_code: int = EXIT_FAILURE, preformatted: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.preformatted = preformatted

    def render(self) -> str:
        return self.message if self.preformatted else f"pirdsl: error: {self.message}"


# --- the engine, imported when a command runs -------------------------------------------


# What every command but `check` needs: the engine and the modules built on it.
ENGINE_MODULES = ("dsl.diagnostics", "interpreter.game", "pirdsl.play", "pirdsl.simulate")
# What `check` needs to answer from the cache (it imports the engine itself on a miss).
CHECK_MODULES = ("dsl.diagnostics", "interpreter.cache")


def import_engine(modules: Sequence[str] = ENGINE_MODULES) -> None:
    """Import the engine and the modules built on it; any failure becomes one `CommandError` line."""
    import importlib

    try:
        for module in modules:
            parts = module.split(".")
            for end in range(1, len(parts) + 1):  # the packages too: a submodule already loaded skips them
                importlib.import_module(".".join(parts[:end]))
    except Exception as error:  # noqa: BLE001 - a broken install can fail in any way
        detail = " ".join(str(error).split())[:200]
        raise CommandError(
            f"cannot import the pirdsl engine ({type(error).__name__}: {detail}); "
            "reinstall with: pip install -e ."
        ) from None


def load_game(path: str) -> Any:
    """`interpreter.load_game` (the command-line tests replace this with a fake engine's)."""
    from interpreter import load_game as engine_load_game

    return engine_load_game(path)


# --- rules files, games and seats ----------------------------------------------------


def remembered_check(path: str, source: str) -> Any:
    """What `interpreter.cache` remembers of loading `source` as `path` (its warnings and text), or None."""
    from interpreter.cache import lookup

    return lookup(path, source)


def load_rules(path: str, quiet: bool = False, only_checking: bool = False) -> Any:
    """Load a rules file, turning every way it can fail into a `CommandError`.

    The checker's warnings are printed on standard error as they are found (a
    file that only has warnings still loads), unless `quiet` is set; `quiet`
    also leaves them out of the report of a file that has errors. With
    `only_checking`, the result may be the cache's record of an earlier load
    (its `warnings` and `source`) instead of a game.
    """
    from dsl.diagnostics import PirError

    file = Path(path)
    if not file.exists():
        raise CommandError(f"{path}: no such file")
    if file.is_dir():
        raise CommandError(f"{path}: is a directory, not a rules file")
    try:
        content = file.read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror or error})") from None
    if b"\0" in content:
        raise CommandError(f"{path}: is a binary file, not a rules file")
    try:
        content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandError(f"{path}: is not UTF-8 text (bad byte at offset {error.start}), not a rules file") from None
    if not content.strip():
        raise CommandError(f"{path}: the file is empty")
    if only_checking:
        remembered = remembered_check(str(path), content.decode("utf-8"))
        if remembered is not None:
            if not quiet:
                print_warnings(remembered)
            return remembered
        import_engine(("interpreter.game",))
    try:
        game = load_game(str(path))
    except PirError as error:
        if quiet:
            error = PirError([d for d in error.diagnostics if d.severity == "error"] or error.diagnostics, error.source)
        formatted = error.format().strip()
        if not formatted:
            raise CommandError(f"{path}: the rules file has errors") from None
        raise CommandError(formatted, preformatted=True) from None
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"{path}: cannot read the file ({error})") from None
    if not quiet:
        print_warnings(game)
    return game


def warnings_of(game: Any) -> list:
    """The checker's warnings about a loaded game (an engine without warnings has none)."""
    return list(getattr(game, "warnings", None) or [])


def print_warnings(game: Any) -> None:
    """Print a game's warnings on standard error, formatted like errors: place, line, caret, hint."""
    warnings = warnings_of(game)
    if warnings:
        source = getattr(game, "source", None)
        error_line("\n".join(warning.format(source) for warning in warnings))


def choose_player_count(game: Any, requested: int | None, seats_given: int = 0) -> int:
    """The player count: as asked, else as many as --seat values, else the game's minimum."""
    low, high = game.min_players, game.max_players
    if requested is None:
        requested = max(low, seats_given)
    if not low <= requested <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise CommandError(f"{game.name} is for {allowed} players, not {requested}", EXIT_USAGE)
    return requested


def checked_variants(game: Any, variants: Sequence[str] | None) -> list[str]:
    """The --variant names, each once, after checking that the game has them."""
    from dsl.diagnostics import did_you_mean

    chosen: list[str] = []
    for name in variants or []:
        if name not in game.variants:
            known = sorted(game.variants)
            hint = did_you_mean(name, known)
            listing = f"variants: {', '.join(known)}" if known else "this game has no variants"
            raise CommandError(
                f"unknown variant '{name}' for {game.name}" + (f"; {hint}" if hint else "") + f" ({listing})",
                EXIT_USAGE,
            )
        if name not in chosen:
            chosen.append(name)
    return chosen


def add_param_option(command: argparse.ArgumentParser, flag: str = "--param", which: str = "") -> None:
    """--param NAME=VALUE (repeatable): a game parameter's value (a rules file's `param` line)."""
    command.add_argument(flag, action="append", default=[], metavar="NAME=VALUE",
                         help=f"set a game parameter{which} (repeatable)")


def parsed_params(texts: Sequence[str] | None) -> dict[str, str]:
    """The --param NAME=VALUE texts as {name: value text}; a usage error names the one that is not NAME=VALUE."""
    values: dict[str, str] = {}
    for text in texts or []:
        name, equals, value = text.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise CommandError(f"--param takes NAME=VALUE (e.g. --param dice_sides=3), not {text!r}", EXIT_USAGE)
        values[name.strip()] = value.strip()
    return values


def with_params(game: Any, texts: Sequence[str] | None) -> Any:
    """The game with its --param values set; a usage error, in one line, for one it cannot take."""
    values = parsed_params(texts)
    if not values:
        return game
    try:
        return game.with_params(values)
    except ValueError as error:
        raise CommandError(f"{game.name}: --param: {error}", EXIT_USAGE) from None


def start_state(game: Any, players: int, seed: int, variants: Sequence[str]) -> Any:
    """A new game state; the engine's ValueError for bad options becomes a usage error."""
    try:
        return game.new_state(players=players, seed=seed, variants=list(variants))
    except ValueError as error:
        raise CommandError(str(error), EXIT_USAGE) from None


def bot_table(args: argparse.Namespace, command: str) -> tuple[Any, int, list[str]]:
    """The game, player count and variants of a command that plays bot games (simulate, analyze).

    Checks the seats, parameters, player count, variants and bots before any game is played,
    so a bad option fails at once.

    Raises:
        CommandError: for a human seat, a bad bot, parameter, player count or variant.
    """
    from pirdsl.bots import BOT_KINDS
    from pirdsl.playing import assign_seat_bots

    if "human" in (args.seat or []):
        raise CommandError(
            f"--seat human is for play; {command} needs a bot in every seat ({', '.join(BOT_KINDS)})", EXIT_USAGE
        )
    check_seat_specs(args.seat, args.bot)
    game = with_params(load_rules(args.file, quiet=args.quiet), args.param)
    players = choose_player_count(game, args.players, len(args.seat or []))
    variants = checked_variants(game, args.variant)
    state = start_state(game, players, args.seed, variants)  # reject bad options before the long run
    try:
        assign_seat_bots(state, args.bot, args.seat)
    except ValueError as error:
        raise CommandError(f"--seat: {error}", EXIT_USAGE) from None
    return game, players, variants


def check_seat_specs(seats: Sequence[str] | None, bot: str | None = None, human: bool = False) -> None:
    """Refuse a bad --seat or --bot value in one line: an unknown kind or a bad budget ("mcts:zero")."""
    from pirdsl.bots import check_bot_spec

    for option, values in (("--seat", seats or []), ("--bot", [] if bot is None else [bot])):
        for value in values:
            if human and value == "human":
                continue
            try:
                check_bot_spec(value)
            except ValueError as error:
                raise CommandError(f"{option}: {error}", EXIT_USAGE) from None


def example_runner() -> Any:
    """`interpreter.examples.run_examples`, imported when first needed."""
    try:
        from interpreter.examples import run_examples
    except ImportError as error:
        raise CommandError(f"this engine cannot run examples ({error})") from None
    return run_examples


# --- output: the terminal and files --------------------------------------------------


def make_console() -> Console:
    """A console on the current standard output (looked up now, so tests can capture it)."""
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False)


def error_line(message: str) -> None:
    print(message, file=sys.stderr)


def warning_lines(warnings: Sequence[str]) -> list[Any]:
    """Each bot-strength warning of a run (pirdsl/balance.py) as a line that stands out."""
    from rich.text import Text

    return [Text.assemble(("warning: ", "bold yellow"), (warning, "yellow")) for warning in warnings]


def check_output(path: str, inputs: Sequence[str], force: bool = False) -> None:
    """Refuse at once, in one line, an output that could not be written at the end (`interpreter.files`)."""
    from interpreter.files import OutputError, check_target

    try:
        check_target(path, inputs=inputs, force=force)
    except OutputError as error:
        raise CommandError(str(error)) from None


def write_output(path: str, content: str | bytes, inputs: Sequence[str], force: bool = False) -> None:
    """Write a command's output file the one way pirdsl writes files: whole or not at all, never over an input."""
    from interpreter.files import OutputError, write_file

    try:
        write_file(path, content, inputs=inputs, force=force)
    except OutputError as error:
        raise CommandError(str(error)) from None


# --- playing many games (simulate, compare) -------------------------------------------


def simulated(*arguments: Any, **options: Any) -> dict[str, Any]:
    """`simulate`'s figures, with a failed worker or cluster said as a one-line command error."""
    from pirdsl.cluster import ClusterError
    from pirdsl.simulate import SimulationWorkerError, WorkerDied, simulate

    try:
        return simulate(*arguments, **options)
    except WorkerDied as error:
        raise CommandError(f"{error}; --jobs 1 plays every game in this process") from None
    except SimulationWorkerError as error:
        raise CommandError(str(error)) from None
    except ClusterError as error:
        raise CommandError(f"--ray: {error}") from None


def check_ray_possible(address: str) -> None:
    """Fail before anything else when the cluster's address does not answer or Ray is not installed."""
    import importlib.util

    from pirdsl.cluster import ClusterError, check_reachable

    try:
        check_reachable(address)
    except ClusterError as error:
        raise CommandError(f"--ray: {error}") from None
    if importlib.util.find_spec("ray") is None:
        raise CommandError("--ray needs Ray, which is not installed: pip install 'pirdsl[ray]'", EXIT_USAGE)


def default_jobs() -> int:
    """The processes `simulate` plays in without --jobs: one per CPU core."""
    return os.cpu_count() or 1


# --- options several commands take ----------------------------------------------------


def add_quiet_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "-q", "--quiet", action="store_true", help="do not print the rules file's warnings (errors still show)"
    )


def add_game_options(command: argparse.ArgumentParser, default_seed: int | None) -> None:
    """FILE, --quiet, --players, --seed and --variant: the options of a command that starts a game."""
    command.add_argument("file", metavar="FILE")
    add_quiet_option(command)
    command.add_argument("--players", type=positive_int, metavar="N", help="number of players")
    seed_help = "random seed" + ("" if default_seed is None else f" (default {default_seed})")
    command.add_argument("--seed", type=whole_number, default=default_seed, metavar="S", help=seed_help)
    command.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="switch on a variant (repeatable)"
    )
    add_param_option(command)


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def whole_number(text: str) -> int:
    """argparse type: any whole number (seeds)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
