"""The `pirdsl` command line: check, play, simulate, test, perft, compile and reference a rules file.

Every command reaches the engine only through `interpreter`'s public API
(docs/engine-api.md). No Python traceback reaches a user: problems with the
input give the game's diagnostics or one `pirdsl: error: ...` line (exit 1),
bad options exit 2 like argparse's own usage errors, Ctrl-C exits 130 quietly,
SIGTERM and SIGHUP stop the command as Ctrl-C does (its worker processes with
it) and exit 143 and 129 with one line, and anything unexpected is reported in
one line as an internal error (exit 70). Set PIRDSL_DEBUG=1 to see the
traceback of an internal error.

The engine (`dsl`, `interpreter`) and the modules built on it are imported
when a command runs, not when this module is imported, so that an engine that
fails to import is reported in one line (exit 1) and `--help` still works.
Each command imports only what it needs: `check` of a file the engine has
loaded before answers from `interpreter.cache` without the parser, the checker,
the engine or rich (the terminal library), which saves most of its start time.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from pirdsl.bots import BOT_KINDS
from pirdsl.perft import perft

if TYPE_CHECKING:
    from rich.console import Console, Group

# rich's names, imported on first use (`cli.Console` still works from outside).
_RICH_NAMES = {"Console": "rich.console", "Group": "rich.console", "Table": "rich.table", "Text": "rich.text"}


def __getattr__(name: str) -> Any:
    if name in _RICH_NAMES:
        import importlib

        return getattr(importlib.import_module(_RICH_NAMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# pirdsl.play.SEAT_KINDS, spelled out here so that the options parse without the engine.
SEAT_KINDS = ("human", *BOT_KINDS)

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERNAL_ERROR = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
# SIGTERM and SIGHUP: the command unwinds as after Ctrl-C, then exits 128 + the signal's number.
STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


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


# --- shared helpers ---------------------------------------------------------------


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


def start_state(game: Any, players: int, seed: int, variants: Sequence[str]) -> Any:
    """A new game state; the engine's ValueError for bad options becomes a usage error."""
    try:
        return game.new_state(players=players, seed=seed, variants=list(variants))
    except ValueError as error:
        raise CommandError(str(error), EXIT_USAGE) from None


def make_console() -> Console:
    """A console on the current standard output (looked up now, so tests can capture it)."""
    from rich.console import Console

    return Console(file=sys.stdout, highlight=False)


def error_line(message: str) -> None:
    print(message, file=sys.stderr)


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


# --- commands -------------------------------------------------------------------------


def command_check(args: argparse.Namespace) -> int:
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


def wording_warnings_of(path: str, game: Any) -> list:
    """The wording lint's warnings about the rule summary and card of a loaded game (`codegen.wording_lint`).

    `game` is an engine's game or the cache's record of one; anything else (a test's
    fake engine) has none.
    """
    source = getattr(game, "source", None)
    tree = getattr(game, "game_file", None)  # the cache's record reads its tree back only when asked
    if not callable(tree):
        tree = (lambda: game.file) if hasattr(game, "file") else None
    if not isinstance(source, str) or tree is None:
        return []
    from codegen.wording_lint import wording_warnings

    return wording_warnings(str(path), source, tree)


def command_play(args: argparse.Namespace) -> int:
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
        if args.players is not None or args.variant:
            error_line("pirdsl: note: --players and --variant are taken from the save file")
        try:
            state, controllers = read_save(args.load, game)
        except SaveFileError as error:
            raise CommandError(str(error)) from None
        if args.seat:
            controllers = seat_controllers(state, args.seat)
        # The header names the game as saved: its own seed and variants, not new ones.
        saved = state.to_json()
        seed, variants = saved.get("seed", seed), list(saved.get("variants") or [])
    else:
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


def command_simulate(args: argparse.Namespace) -> int:
    """Play many bot games and report outcomes, scores and speed."""
    import json

    from pirdsl.simulate import assign_seat_bots

    if "human" in (args.seat or []):
        raise CommandError(
            f"--seat human is for play; simulate needs a bot in every seat ({', '.join(BOT_KINDS)})", EXIT_USAGE
        )
    check_seat_specs(args.seat, args.bot)
    game = load_rules(args.file, quiet=args.quiet)
    players = choose_player_count(game, args.players, len(args.seat or []))
    variants = checked_variants(game, args.variant)
    state = start_state(game, players, args.seed, variants)  # reject bad options before the long run
    try:
        assign_seat_bots(state, args.bot, args.seat)
    except ValueError as error:
        raise CommandError(f"--seat: {error}", EXIT_USAGE) from None
    # Every output is checked before the games are played, so a bad one fails at once and
    # leaves the others as they were.
    inputs = [args.file]
    if args.report:
        check_report_possible(args.report, inputs, args.force)
    if args.records:
        check_output(args.records, inputs, args.force)
        if args.report and same_output(args.records, args.report):
            raise CommandError(f"--records and --report name the same file ({args.records})", EXIT_USAGE)
    if args.ray:
        check_ray_possible(args.ray)  # before the records file is opened
    records = open_records(args.records, inputs, args.force) if args.records else None
    write_record = None
    if records is not None:
        def write_record(record: dict[str, Any]) -> None:
            try:
                records.write(json.dumps(record) + "\n")
            except OSError as error:  # a full disk: the run stops, the old records stay
                raise CommandError(f"{args.records}: cannot write the records ({error.strerror or error})") from None
    console = make_console()
    show_progress = sys.stdout.isatty() and not args.json
    # The workers load the file with the same loader as this process (the tests' fake engine too).
    options = dict(seat_bots=args.seat, on_record=write_record, jobs=args.jobs or default_jobs(), loader=load_game,
                   rotate=args.rotate, ray_address=args.ray, balance=True)
    try:
        if show_progress:
            from rich.progress import (
                BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn,
            )
            from rich.text import Text

            class GamesPerSecond(ProgressColumn):
                """How many games a second the run plays (rich's own speed column counts bytes)."""

                def render(self, task: Any) -> Text:
                    speed = task.finished_speed or task.speed
                    return Text("" if speed is None else f"{speed:.1f} games/s")

            # The bar is redrawn as games finish, not by rich's own refresh thread: with no
            # other thread running, simulate can fork its workers (they start at once).
            progress = Progress(
                TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), GamesPerSecond(), TimeRemainingColumn(),
                console=console, transient=True, auto_refresh=False,
            )
            last_drawn = [0.0]

            def game_done(done: int) -> None:
                progress.update(task, completed=done)
                now = time.monotonic()
                if now - last_drawn[0] >= 0.1 or done == args.games:
                    last_drawn[0] = now
                    progress.refresh()

            with progress:
                task = progress.add_task("games", total=args.games)
                result = simulated(game, players, args.games, args.seed, variants, args.bot,
                                   on_game_done=game_done, **options)
        else:
            result = simulated(game, players, args.games, args.seed, variants, args.bot, **options)
    except BaseException:
        if records is not None:
            records.discard()  # the old records stay as they were
        raise
    if records is not None:
        close_records(records)
    if args.report:
        write_report_file(args.report, game, result, inputs, args.force)
    if result["first_error"]:
        error_line(f"pirdsl: {result['errors']} of {result['games']} games failed; the first: {result['first_error']}")
    if args.json:
        print(json.dumps(result))
    else:
        console.print(simulation_report(game, result))
    return EXIT_FAILURE if result["errors"] else EXIT_OK


def check_report_possible(path: str, inputs: Sequence[str], force: bool = False) -> None:
    """Fail before the games are played when the report cannot be written: no matplotlib, or a bad path."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CommandError(
            "--report needs matplotlib, which is not installed: pip install 'pirdsl[report]'", EXIT_USAGE
        ) from None
    check_output(path, inputs, force)  # creates nothing: the page is written whole at the end


def same_output(first: str, second: str) -> bool:
    """Whether two output paths name one file (by its path, or the same file already there)."""
    if os.path.realpath(first) == os.path.realpath(second):
        return True
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


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


def write_report_file(path: str, game: Any, result: dict[str, Any], inputs: Sequence[str],
                      force: bool = False) -> None:
    from interpreter.files import OutputError
    from pirdsl.report import write_report

    try:
        write_report(path, game.name, result, inputs=inputs, force=force)
    except OutputError as error:
        raise CommandError(str(error)) from None
    error_line(f"pirdsl: report written to {path}")


def default_jobs() -> int:
    """The processes `simulate` plays in without --jobs: one per CPU core."""
    return os.cpu_count() or 1


def open_records(path: str, inputs: Sequence[str], force: bool = False) -> Any:
    """The --records file, open for writing before the games are played (a bad path fails at once).

    The lines go to a temporary file beside `path` (`interpreter.files.PendingFile`),
    which takes its name only when the run has succeeded (`close_records`): a run that
    fails or is stopped leaves the old records as they were.
    """
    from interpreter.files import OutputError, PendingFile

    try:
        return PendingFile(path, inputs=inputs, force=force)
    except OutputError as error:
        raise CommandError(str(error)) from None


def close_records(records: Any) -> None:
    """Give the finished records their file's name."""
    from interpreter.files import OutputError

    try:
        records.commit()
    except OutputError as error:
        raise CommandError(str(error)) from None


def warning_lines(warnings: Sequence[str]) -> list[Any]:
    """Each bot-strength warning of a run (pirdsl/balance.py) as a line that stands out."""
    from rich.text import Text

    return [Text.assemble(("warning: ", "bold yellow"), (warning, "yellow")) for warning in warnings]


def simulation_report(game: Any, result: dict[str, Any]) -> Group:
    """The simulation figures as a rich table with a few lines around it."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from pirdsl.balance import automa_phrase

    completed = result["completed"]
    player_bots = [kind for kind in result["seat_bots"] if kind != "automa"]
    if result.get("rotate"):
        player_bots = result["balance"].get("rotation") or player_bots
        bots = "bots " + ", ".join(player_bots) + " rotated round the seats"
    elif len(set(player_bots)) <= 1:
        bots = f"{player_bots[0] if player_bots else result['bot']} bots"
    else:
        bots = "bots " + ", ".join(player_bots)
    automa = automa_phrase(result["seats"], result["seat_bots"])
    if automa:
        bots += f", and {automa}"
    title = (
        f"{game.name}: {result['games']} games, {result['players']} players, "
        f"{bots}, seeds {result['seed']}.."
        f"{result['seed'] + result['games'] - 1}"
    )
    if result["variants"]:
        title += f", variants {', '.join(result['variants'])}"
    table = Table(box=None)
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("won", justify="right")
    table.add_column("drew", justify="right")
    table.add_column("lost", justify="right")
    table.add_column("win rate (95% CI)", justify="right")
    table.add_column("mean score ± sd", justify="right")
    for seat, name in enumerate(result["seats"]):
        rate, interval = result["win_rate"][seat], result["win_rate_interval"][seat]
        rate_text = "-" if rate is None else f"{100 * rate:.1f}% ({100 * interval[0]:.1f}–{100 * interval[1]:.1f})"
        mean, spread = result["mean_score"][seat], result["score_sd"][seat]
        score_text = "-" if mean is None else f"{mean:.2f}" + ("" if spread is None else f" ± {spread:.2f}")
        table.add_row(
            Text(str(name)), result["seat_bots"][seat], str(result["sole_wins"][seat]),
            str(result["shared_wins"][seat]), str(result["losses"][seat]), rate_text, score_text,
        )
    rounds = "-" if result["mean_rounds"] is None else f"{result['mean_rounds']:.2f}"
    speed = "-" if result["games_per_second"] is None else f"{result['games_per_second']:.1f}"
    if result["jobs"] > 1:
        speed += f" ({result['jobs']} processes)"
    summary = f"completed {completed}, errors {result['errors']}"
    if result["unfinished"]:
        summary += f", unfinished {result['unfinished']} (hit the step limit)"
    outcomes = f"draws (a win shared by several seats): {result['draws']}"
    if completed:
        outcomes += f" ({100 * result['draws'] / completed:.1f}%)"
    if result["no_winner"]:
        outcomes += f"; no winner: {result['no_winner']}"
    parts = [Text(title, style="bold"), *warning_lines(result["balance"]["warnings"]), Text(summary),
             table, Text(outcomes), Text(f"mean rounds: {rounds}")]
    if result.get("balance") and result["balance"]["completed"]:
        parts += balance_lines(result)
    parts.append(Text(f"games per second: {speed}"))
    return Group(*parts)


def figure(value: Any, digits: int = 2) -> str:
    """A number for the tables: '-' for none, no trailing zeros for whole numbers."""
    if value is None:
        return "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def spread_text(summary: dict[str, Any]) -> str:
    """'mean ± sd, median m (10%–90%: a–b)' for a distribution summary."""
    if not summary["n"]:
        return "-"
    quantiles = summary["quantiles"]
    text = figure(summary["mean"]) + ("" if summary["sd"] is None else f" ± {figure(summary['sd'])}")
    return text + f", median {figure(quantiles['50%'])} (10%–90%: {figure(quantiles['10%'])}–{figure(quantiles['90%'])})"


def balance_lines(result: dict[str, Any]) -> list[Any]:
    """The balance figures under the main table: score quantiles, per bot, margins, lengths, seat order."""
    from rich.table import Table
    from rich.text import Text

    balance = result["balance"]
    lines: list[Any] = []
    if balance["has_scores"]:
        scores = Table(box=None, title="scores per seat", title_justify="left")
        for column in ("seat", "10%", "25%", "median", "75%", "90%"):
            scores.add_column(column, justify="left" if column == "seat" else "right")
        for figures in balance["seats"]:
            quantiles = figures["score"]["quantiles"]
            scores.add_row(Text(str(figures["name"])), *(figure(quantiles[key]) for key in ("10%", "25%", "50%", "75%", "90%")))
        lines.append(scores)
    if len(balance["bots"]) > 1 or balance["rotated"]:
        bots = Table(box=None, title="per bot" + (" (seats rotated every game)" if balance["rotated"] else ""),
                     title_justify="left")
        for column in ("bot", "games", "won", "drew", "lost", "win rate (95% CI)", "mean score ± sd"):
            bots.add_column(column, justify="left" if column == "bot" else "right")
        for kind, figures in balance["bots"].items():
            rate, interval = figures["win_rate"], figures["win_rate_interval"]
            rate_text = "-" if rate is None else f"{100 * rate:.1f}% ({100 * interval[0]:.1f}–{100 * interval[1]:.1f})"
            score = figures["score"]
            score_text = "-" if score["mean"] is None else figure(score["mean"]) + (
                "" if score["sd"] is None else f" ± {figure(score['sd'])}")
            bots.add_row(kind, str(figures["games"]), str(figures["sole_wins"]), str(figures["shared_wins"]),
                         str(figures["losses"]), rate_text, score_text)
        lines.append(bots)
    if balance["has_scores"]:
        lines.append(Text(f"margin of victory (sole winner over the next best): {spread_text(balance['margin_of_victory'])}"))
    lines.append(Text(f"game length in rounds: {spread_text(balance['rounds'])}"))
    lines.append(Text(f"game length in decisions: {spread_text(balance['decisions'])}"))
    if balance["has_scores"] and balance["lead_changes"]["n"]:
        lines.append(Text(f"lead changes per game: {spread_text(balance['lead_changes'])}"))
    order = balance["seat_order"]
    # Never plain when the seats were not played alike: a "fair" there would be about the bots.
    lines.append(Text(order["verdict"], style="bold red" if order["biased"] else
                      "" if order["seats_alike"] else "yellow"))
    return lines


def command_test(args: argparse.Namespace) -> int:
    """Run the examples written in each rules file."""
    from interpreter import GameRuleError

    passed = failed = 0
    broken_files = 0
    for path in args.files:
        try:
            game = load_rules(path, quiet=args.quiet)
        except CommandError as error:
            error_line(error.render())
            broken_files += 1
            continue
        try:
            results = list(example_runner()(game))
        except GameRuleError as error:
            error_line(f"{path}: the rules failed while running the examples:\n{error}")
            broken_files += 1
            continue
        if not results:
            print(f"{path}: no examples")
        for result in results:
            if result.passed:
                passed += 1
                print(f"PASS {path}: {result.name}")
            else:
                failed += 1
                print(f"FAIL {path}: {result.name}")
                if result.message:
                    print("\n".join("    " + line for line in str(result.message).splitlines()))
    summary = f"{passed} passed, {failed} failed"
    if broken_files:
        summary += f" ({broken_files} file{'s' if broken_files > 1 else ''} could not be tested)"
    print(summary)
    return EXIT_FAILURE if failed or broken_files else EXIT_OK


def example_runner() -> Any:
    """`interpreter.examples.run_examples`, imported when first needed."""
    try:
        from interpreter.examples import run_examples
    except ImportError as error:
        raise CommandError(f"this engine cannot run examples ({error})") from None
    return run_examples


def command_compare(args: argparse.Namespace) -> int:
    """Simulate two rules files (or two variant sets) alike and report each figure's difference with its interval."""
    import json

    from pirdsl.compare import differences
    from pirdsl.simulate import assign_seat_bots

    if "human" in (args.seat or []):
        raise CommandError("--seat human is for play; compare needs a bot in every seat", EXIT_USAGE)
    check_seat_specs(args.seat, args.bot)
    if args.ray:
        check_ray_possible(args.ray)
    sides = []
    for label, path, extra in (("A", args.file_a, args.variant_a), ("B", args.file_b, args.variant_b)):
        game = load_rules(path, quiet=args.quiet)
        players = choose_player_count(game, args.players, len(args.seat or []))
        variants = checked_variants(game, [*args.variant, *extra])
        state = start_state(game, players, args.seed, variants)
        try:
            assign_seat_bots(state, args.bot, args.seat)
        except ValueError as error:
            raise CommandError(f"--seat: {error}", EXIT_USAGE) from None
        sides.append((label, path, game, players, variants))
    if sides[0][3] != sides[1][3]:
        raise CommandError(f"A plays with {sides[0][3]} players and B with {sides[1][3]}: give --players", EXIT_USAGE)
    results = []
    for label, path, game, players, variants in sides:
        result = simulated(game, players, args.games, args.seed, variants, args.bot, seat_bots=args.seat,
                           jobs=args.jobs or default_jobs(), loader=load_game, rotate=args.rotate,
                           ray_address=args.ray, balance=True)
        if result["first_error"]:
            error_line(f"pirdsl: {label}: {result['errors']} of {result['games']} games failed; "
                       f"the first: {result['first_error']}")
        results.append(result)
    rows = differences(results[0], results[1])
    if args.json:
        print(json.dumps({
            "a": {"file": sides[0][1], "game": sides[0][2].name, "variants": sides[0][4], "result": results[0]},
            "b": {"file": sides[1][1], "game": sides[1][2].name, "variants": sides[1][4], "result": results[1]},
            "differences": rows,
        }))
    else:
        make_console().print(comparison_report(sides, results, rows))
    return EXIT_FAILURE if any(result["errors"] for result in results) else EXIT_OK


def comparison_report(sides: list[tuple], results: list[dict[str, Any]], rows: list[dict[str, Any]]) -> Any:
    """The comparison as a rich table: each figure for A and B, B - A with its 95% interval."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from pirdsl.balance import automa_phrase
    from pirdsl.compare import warnings

    def side_text(side: tuple, result: dict[str, Any]) -> str:
        label, path, game, _, variants = side
        options = f", variants {', '.join(variants)}" if variants else ""
        return f"{label}: {path} ({game.name}{options}): {result['completed']} of {result['games']} games completed"

    def value(row: dict[str, Any], number: Any) -> str:
        if number is None:
            return "-"
        return f"{100 * number:.1f}%" if row["kind"] == "rate" else f"{number:.2f}"

    def difference(row: dict[str, Any]) -> str:
        if row["difference"] is None:
            return "-"
        scale, unit = (100, " pts") if row["kind"] == "rate" else (1, "")
        text = f"{scale * row['difference']:+.1f}{unit}" if row["kind"] == "rate" else f"{row['difference']:+.2f}"
        if row["interval"] is not None:
            low, high = row["interval"]
            text += f" ({scale * low:+.1f} to {scale * high:+.1f})" if row["kind"] == "rate" else \
                f" ({low:+.2f} to {high:+.2f})"
        return text

    first = results[0]
    bots = ", ".join(first["balance"].get("rotation") or [kind for kind in first["seat_bots"] if kind != "automa"])
    automa = automa_phrase(first["seats"], first["seat_bots"])
    title = (f"compare: {first['games']} games each, {first['players']} players, bots {bots}"
             f"{' rotated round the seats' if first['rotate'] else ''}{f', and {automa}' if automa else ''}, "
             f"seeds {first['seed']}..{first['seed'] + first['games'] - 1}")
    table = Table(box=None)
    table.add_column("figure")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column("B - A (95% CI)", justify="right")
    table.add_column("")
    for row in rows:
        table.add_row(row["figure"], value(row, row["a"]), value(row, row["b"]), difference(row),
                      Text("differs", style="bold") if row["shown"] else Text("-", style="dim"))
    shown = sum(row["shown"] for row in rows)
    closing = (f"{shown} of {len(rows)} figures differ by more than chance explains (95% intervals leave out 0)"
               if shown else "no figure differs by more than chance explains (every 95% interval holds 0)")
    return Group(Text(title, style="bold"), *warning_lines(warnings(results[0], results[1])),
                 Text(side_text(sides[0], results[0])), Text(side_text(sides[1], results[1])), table, Text(closing))


def command_perft(args: argparse.Namespace) -> int:
    """Count the action sequences of each length from the start."""
    game = load_rules(args.file, quiet=args.quiet)
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


def command_compile(args: argparse.Namespace) -> int:
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


REFERENCE_SUFFIXES = {"summary": "summary", "card": "card", "both": "reference"}


def command_reference(args: argparse.Namespace) -> int:
    """Write the rule summary and/or reference card of a rules file (Markdown, HTML or PDF)."""
    import codegen
    from interpreter import GameRuleError

    game = load_rules(args.file, quiet=args.quiet)
    variants = checked_variants(game, args.variant)
    if args.format == "pdf" and not codegen.weasyprint_available():
        raise CommandError("PDF output needs WeasyPrint and its system libraries: pip install -e '.[pdf]'")
    output = args.output
    if output is None and args.format != "md":
        slug = "".join(c if c.isalnum() else "_" for c in game.name.lower()).strip("_") or "game"
        output = f"{slug}.{REFERENCE_SUFFIXES[args.kind]}.{args.format}"
    if output is None or output == "-":
        if args.format == "pdf":
            raise CommandError("PDF output cannot go to the terminal; give -o FILE")
    else:
        check_output(output, [args.file], args.force)  # before the examples are run and the pages made
    try:
        results = {result.name: result.passed for result in example_runner()(game)}
    except GameRuleError as error:
        error_line(f"pirdsl: note: the worked examples could not be run: {error}")
        results = {}
    from pirdsl.start import starting_placements

    reference = codegen.build_reference(game.file, game.source, variants, results,
                                        starts=starting_placements(game, variants))
    if args.format == "md":
        content: str | bytes = codegen.render_markdown(reference, args.kind)
        pages = None
    elif args.format == "html":
        content, pages = codegen.render_html(reference, args.kind, args.paper), None
    else:
        content, pages = codegen.render_pdf(reference, args.kind, args.paper)
    if output is None or output == "-":
        sys.stdout.write(content)
        return EXIT_OK
    write_output(output, content, [args.file], args.force)
    detail = f", {pages} page{'s' if pages != 1 else ''}, {args.paper}" if pages is not None else ""
    print(f"wrote {output} ({args.kind}, {args.format}{detail})")
    return EXIT_OK


# --- argument parsing ------------------------------------------------------------------


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


def installed_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("pirdsl")
    except PackageNotFoundError:
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """`--version`: the installed version, looked up only when asked for (importlib.metadata is slow to load)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str = "show program's version number and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"pirdsl {installed_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for all commands."""
    parser = argparse.ArgumentParser(
        prog="pirdsl", description="Check, play, simulate and test tabletop games written in pirdsl."
    )
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add_quiet_option(command: argparse.ArgumentParser) -> None:
        command.add_argument(
            "-q", "--quiet", action="store_true", help="do not print the rules file's warnings (errors still show)"
        )

    check = commands.add_parser("check", help="check rules files for errors and warnings")
    check.add_argument("files", nargs="+", metavar="FILE")
    add_quiet_option(check)
    check.add_argument("--strict", action="store_true", help="fail (exit 1) when a file has warnings")
    check.set_defaults(handler=command_check)

    def add_game_options(command: argparse.ArgumentParser, default_seed: int | None) -> None:
        command.add_argument("file", metavar="FILE")
        add_quiet_option(command)
        command.add_argument("--players", type=positive_int, metavar="N", help="number of players")
        seed_help = "random seed" + ("" if default_seed is None else f" (default {default_seed})")
        command.add_argument("--seed", type=whole_number, default=default_seed, metavar="S", help=seed_help)
        command.add_argument(
            "--variant", action="append", default=[], metavar="NAME", help="switch on a variant (repeatable)"
        )

    play = commands.add_parser("play", help="play a game in the terminal")
    add_game_options(play, default_seed=None)
    play.add_argument(
        "--seat", action="append", metavar="{human,random,greedy,mcts,ismcts}",
        help="who plays each seat, in order (repeatable); default: seat 1 human, the others random; "
        "mcts and ismcts take a budget: mcts:2000 (iterations) or ismcts:0.5s (seconds per decision)",
    )
    play.add_argument("--load", metavar="SAVE", help="continue a game saved with 'save FILE'")
    play.set_defaults(handler=command_play)

    simulate_command = commands.add_parser("simulate", help="play many bot games and report statistics")
    add_game_options(simulate_command, default_seed=0)
    simulate_command.add_argument("--games", type=positive_int, default=100, metavar="N", help="default 100")
    simulate_command.add_argument(
        "--bot", default="random", metavar="{" + ",".join(BOT_KINDS) + "}",
        help="the bot for every seat not given by --seat (default random); mcts and ismcts take a budget: "
        "mcts:2000 (iterations) or ismcts:0.5s (seconds per decision)"
    )
    simulate_command.add_argument(
        "--seat", action="append", metavar="{" + ",".join(BOT_KINDS) + "}",
        help="the bot for each player seat, in order (repeatable); seats not given get --bot",
    )
    simulate_command.add_argument("--json", action="store_true", help="print one JSON object")
    simulate_command.add_argument(
        "--records", metavar="FILE", help="write one JSON line per game (seed, scores, winners, returns, ...)"
    )
    simulate_command.add_argument(
        "--jobs", type=positive_int, metavar="N",
        help="processes to play the games in (default: one per CPU core, here "
        f"{default_jobs()}); 1 plays them all in this process",
    )
    simulate_command.add_argument(
        "--rotate", action="store_true",
        help="move the bots one seat on every game, so that each bot plays each seat equally often "
        "(separates seat order from bot strength)",
    )
    simulate_command.add_argument(
        "--report", metavar="FILE.html",
        help="write a one-page report with plots (needs the report extra: pip install 'pirdsl[report]')",
    )
    simulate_command.add_argument(
        "--force", action="store_true", help="replace an output file even if it is read-only"
    )
    simulate_command.add_argument(
        "--ray", metavar="auto|ADDRESS",
        help="play the games on a Ray cluster: 'auto' joins the one this machine belongs to (or starts one "
        "here), an address (ray://host:10001 or host:6379) joins that one (needs: pip install 'pirdsl[ray]')",
    )
    simulate_command.set_defaults(handler=command_simulate)

    test = commands.add_parser("test", help="run the examples written in rules files")
    test.add_argument("files", nargs="+", metavar="FILE")
    add_quiet_option(test)
    test.set_defaults(handler=command_test)

    compare = commands.add_parser(
        "compare", help="simulate two rules files (or two variant sets) alike and show what differs")
    compare.add_argument("file_a", metavar="A", help="the first rules file")
    compare.add_argument("file_b", metavar="B", help="the second rules file (the same file to compare variants)")
    add_quiet_option(compare)
    compare.add_argument("--players", type=positive_int, metavar="N", help="number of players")
    compare.add_argument("--seed", type=whole_number, default=0, metavar="S", help="random seed (default 0)")
    compare.add_argument("--games", type=positive_int, default=200, metavar="N", help="games on each side (default 200)")
    compare.add_argument("--variant", action="append", default=[], metavar="NAME",
                         help="switch on a variant on both sides (repeatable)")
    compare.add_argument("--variant-a", action="append", default=[], metavar="NAME",
                         help="switch on a variant for A only (repeatable)")
    compare.add_argument("--variant-b", action="append", default=[], metavar="NAME",
                         help="switch on a variant for B only (repeatable)")
    compare.add_argument("--bot", default="random", metavar="{" + ",".join(BOT_KINDS) + "}",
                         help="the bot for every seat not given by --seat (default random)")
    compare.add_argument("--seat", action="append", metavar="BOT",
                         help="the bot for each player seat, in order (repeatable)")
    compare.add_argument("--rotate", action="store_true", help="rotate the bots round the seats every game")
    compare.add_argument("--jobs", type=positive_int, metavar="N", help="processes (default: one per CPU core)")
    compare.add_argument("--ray", metavar="auto|ADDRESS", help="play the games on a Ray cluster")
    compare.add_argument("--json", action="store_true", help="print one JSON object")
    compare.set_defaults(handler=command_compare)

    perft_command = commands.add_parser("perft", help="count action sequences to a depth")
    add_game_options(perft_command, default_seed=0)
    perft_command.add_argument("--depth", type=positive_int, required=True, metavar="D")
    perft_command.set_defaults(handler=command_perft)

    compile_command = commands.add_parser("compile", help="write the Python a rules file compiles to")
    compile_command.add_argument("file", metavar="FILE")
    add_quiet_option(compile_command)
    compile_command.add_argument("-o", "--output", metavar="OUT.py", help="output file (default: standard output)")
    compile_command.add_argument("--force", action="store_true", help="replace an output file even if it is read-only")
    compile_command.set_defaults(handler=command_compile)

    reference = commands.add_parser("reference", help="write a rule summary and reference card from a rules file")
    reference.add_argument("file", metavar="FILE")
    add_quiet_option(reference)
    reference.add_argument("--kind", choices=("summary", "card", "both"), default="both", help="default both")
    reference.add_argument("--format", choices=("html", "md", "pdf"), default="md", help="default md")
    reference.add_argument(
        "-o", "--output", metavar="OUT",
        help="output file ('-' for standard output); default: standard output for md, "
        "else a file named after the game",
    )
    reference.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help="mark a variant as in play (repeatable)"
    )
    reference.add_argument("--paper", choices=("a4", "letter"), default="a4", help="page size (default a4)")
    reference.add_argument("--force", action="store_true", help="replace an output file even if it is read-only")
    reference.set_defaults(handler=command_reference)
    return parser


# --- entry point -----------------------------------------------------------------------------


def run(argv: Sequence[str] | None) -> int:
    """Parse the arguments and run the command, turning expected failures into messages."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        import_engine(CHECK_MODULES if args.handler is command_check else ENGINE_MODULES)
        try:
            return args.handler(args)
        except Exception as error:
            if not is_game_rule_error(error):
                raise
            error_line(str(error))
            return EXIT_FAILURE
    except CommandError as error:
        error_line(error.render())
        return error.exit_code


def is_game_rule_error(error: Exception) -> bool:
    """Whether `error` is the engine's GameRuleError (never, when the engine's values were not even imported)."""
    values = sys.modules.get("interpreter.values")
    return values is not None and isinstance(error, values.GameRuleError)


class Stopped(BaseException):
    """SIGTERM or SIGHUP came: unwind as after Ctrl-C, so that what runs (worker processes) is stopped.

    A BaseException, as KeyboardInterrupt is, so that no `except Exception` on the way takes it for a failure.
    """

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


def stop_on_signals() -> None:
    """Make SIGTERM and SIGHUP raise `Stopped` in this process (the command's own, not its workers).

    Without this, Python dies of them at once, and a `simulate --jobs N`'s workers live on
    (their parent gone, playing to the end). The handler is one-shot: a second signal while
    the command unwinds is ignored, so that stopping the workers is not itself cut short.
    A forked process (a `simulate` worker) gets the default back at once, in the fork
    itself: a Python handler runs only between bytecodes, so a child stuck in C code
    could not be stopped by its parent's SIGTERM. Should it still run the handler, it
    dies of the signal as it would have without one. A signal this process was started
    ignoring (`nohup` ignores SIGHUP) stays ignored.
    """
    owner = os.getpid()

    def stop(signal_number: int, frame: Any) -> None:
        if os.getpid() != owner:
            signal.signal(signal_number, signal.SIG_DFL)
            os.kill(os.getpid(), signal_number)
            return
        for number in STOPPING_SIGNALS:
            signal.signal(number, signal.SIG_IGN)
        raise Stopped(signal_number)

    handled = [number for number in STOPPING_SIGNALS if signal.getsignal(number) == signal.SIG_DFL]
    for number in handled:
        signal.signal(number, stop)

    def default_in_child() -> None:
        for number in handled:
            signal.signal(number, signal.SIG_DFL)

    os.register_at_fork(after_in_child=default_in_child)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `pirdsl` with `argv` (default: the process arguments) and return the exit code."""
    try:
        return run(argv)
    except SystemExit as exit_request:  # argparse: --help, --version, usage errors
        code = exit_request.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_FAILURE)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Stopped as stop:
        try:
            error_line(f"pirdsl: stopped by {signal.Signals(stop.signal_number).name}")
        except (OSError, ValueError):  # SIGHUP: the terminal may be gone
            pass
        return 128 + stop.signal_number
    except BrokenPipeError:
        silence_stdout()
        return EXIT_BROKEN_PIPE
    except MemoryError:
        error_line("pirdsl: error: out of memory (the rules or the input ask for more than this computer has)")
        return EXIT_FAILURE
    except Exception as error:  # noqa: BLE001 - the last line of defence against tracebacks
        if os.environ.get("PIRDSL_DEBUG"):
            raise
        detail = " ".join(str(error).split())[:300]
        error_line(
            f"pirdsl: internal error: {type(error).__name__}: {detail} "
            "(please report this with the command you ran; PIRDSL_DEBUG=1 shows details)"
        )
        return EXIT_INTERNAL_ERROR


def entry() -> None:
    """The `pirdsl` command and `python -m pirdsl`: `main`, then exit with its code.

    After Ctrl-C (or SIGTERM, SIGHUP) the process ends at once, without Python's exit hooks:
    they wait for helper threads, and a process pool's thread whose workers were stopped in
    the middle of sending a result can wait forever, or race the hook and print a traceback.
    The person asked to stop; what was written is flushed first.
    """
    stop_on_signals()
    code = main()
    if code in (EXIT_INTERRUPTED, *(128 + number for number in STOPPING_SIGNALS)):
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


def silence_stdout() -> None:
    """After the reader of our output went away, stop Python complaining at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    entry()
