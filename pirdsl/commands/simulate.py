"""`pirdsl simulate`: play many bot games and report outcomes, balance figures and speed (records, report page)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any, Sequence

from pirdsl.bots import BOT_KINDS
from pirdsl.commands import common
from pirdsl.commands.common import (
    CommandError, bot_table, EXIT_OK, EXIT_FAILURE, EXIT_USAGE, ENGINE_MODULES, make_console, error_line, warning_lines, check_output,
    check_ray_possible, add_game_options, positive_int,
)

if TYPE_CHECKING:
    from rich.console import Group


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `simulate` and its options."""
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
        f"{common.default_jobs()}); 1 plays them all in this process",
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
    simulate_command.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Play many bot games and report outcomes, scores and speed."""
    import json

    game, players, variants = bot_table(args, "simulate")
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
    options = dict(seat_bots=args.seat, on_record=write_record, jobs=args.jobs or common.default_jobs(), loader=common.load_game,
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
                result = common.simulated(game, players, args.games, args.seed, variants, args.bot,
                                   on_game_done=game_done, **options)
        else:
            result = common.simulated(game, players, args.games, args.seed, variants, args.bot, **options)
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


def write_report_file(path: str, game: Any, result: dict[str, Any], inputs: Sequence[str],
                      force: bool = False) -> None:
    from interpreter.files import OutputError
    from pirdsl.report import write_report

    try:
        write_report(path, game.name, result, inputs=inputs, force=force)
    except OutputError as error:
        raise CommandError(str(error)) from None
    error_line(f"pirdsl: report written to {path}")


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
    if result.get("params"):
        title += ", " + ", ".join(f"{name}={value}" for name, value in result["params"].items())
    table = Table(box=None)
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("won", justify="right")
    table.add_column("drew", justify="right")
    table.add_column("lost", justify="right")
    table.add_column("win rate (95% CI)", justify="right")
    table.add_column("mean score ± sd", justify="right")
    if "mean_payoff" in result:
        table.add_column("mean payoff ± 95% CI", justify="right")
    for seat, name in enumerate(result["seats"]):
        rate, interval = result["win_rate"][seat], result["win_rate_interval"][seat]
        rate_text = "-" if rate is None else f"{100 * rate:.1f}% ({100 * interval[0]:.1f}–{100 * interval[1]:.1f})"
        mean, spread = result["mean_score"][seat], result["score_sd"][seat]
        score_text = "-" if mean is None else f"{mean:.2f}" + ("" if spread is None else f" ± {spread:.2f}")
        payoff = [payoff_text(result["mean_payoff"][seat], result["mean_payoff_interval"][seat])] \
            if "mean_payoff" in result else []
        table.add_row(
            Text(str(name)), result["seat_bots"][seat], str(result["sole_wins"][seat]),
            str(result["shared_wins"][seat]), str(result["losses"][seat]), rate_text, score_text, *payoff,
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


def payoff_text(mean: float | None, interval: list[float] | None) -> str:
    """A seat's mean payoff and the half-width of its 95% interval: '-0.06 ± 0.20'."""
    if mean is None:
        return "-"
    return f"{mean:.2f}" + ("" if interval is None else f" ± {(interval[1] - interval[0]) / 2:.2f}")


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
