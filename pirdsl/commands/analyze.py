"""`pirdsl analyze`: which rules never fire, which choices are traps, where points come from, where games are decided."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pirdsl.bots import BOT_KINDS
from pirdsl.commands import common
from pirdsl.commands.common import (
    CommandError, bot_table, EXIT_OK, EXIT_FAILURE, EXIT_USAGE, ENGINE_MODULES, make_console, error_line, check_output,
    check_ray_possible, add_game_options, positive_int,
)

# What --fail-on can name: the kinds of finding (docs/analyze.md) that make the command fail.
FAIL_ON = {"dead": "dead", "trap": "trap", "dominant": "dominant", "not-a-real-choice": "not a real choice",
           "lopsided-seat": "lopsided seat", "round-limit": "round limit"}


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `analyze` and its options."""
    command = commands.add_parser(
        "analyze", help="play many bot games and tell which rules never fire, which choices are traps, "
        "where the points come from and where games are decided")
    add_game_options(command, default_seed=0)
    command.add_argument("--games", type=positive_int, default=100, metavar="N", help="default 100")
    command.add_argument(
        "--bot", default="random", metavar="{" + ",".join(BOT_KINDS) + "}",
        help="the bot for every seat not given by --seat (default random); mcts and ismcts take a budget: "
        "mcts:2000 (iterations) or ismcts:0.5s (seconds per decision)")
    command.add_argument(
        "--seat", action="append", metavar="BOT",
        help="the bot for each player seat, in order (repeatable); seats not given get --bot. Choices are "
        "judged by the strongest bot playing (ismcts or mcts best)")
    command.add_argument(
        "--jobs", type=positive_int, metavar="N",
        help=f"processes to play the games in (default: one per CPU core, here {common.default_jobs()})")
    command.add_argument("--ray", metavar="auto|ADDRESS", help="play the games on a Ray cluster, as simulate does")
    command.add_argument("--report", metavar="FILE.html",
                         help="write one self-contained page with plots (needs matplotlib: pip install 'pirdsl[report]')")
    command.add_argument("--json", action="store_true", help="print the analysis as one JSON object (docs/analyze.md)")
    command.add_argument(
        "--fail-on", action="append", default=[], choices=sorted(FAIL_ON), metavar="KIND",
        help="exit 1 when the analysis finds this (repeatable): " + ", ".join(sorted(FAIL_ON))
        + "; --fail-on dead makes a CI check of the rules every game should reach")
    command.add_argument("--force", action="store_true", help="replace the report even if it is read-only")
    command.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Play the games, watched, and print (and write) the analysis."""
    import json

    from pirdsl.analyze.run import analyze
    game, players, variants = bot_table(args, "analyze")
    inputs = [args.file]
    if args.report:
        check_report_possible(args.report, inputs, args.force)
    if args.ray:
        check_ray_possible(args.ray)
    show_progress = sys.stderr.isatty() and not args.json
    progress = Progress(args.games) if show_progress else None
    try:
        result = analyze(game, players, args.games, args.seed, variants, args.bot, seat_bots=args.seat,
                         jobs=args.jobs or common.default_jobs(), loader=common.load_game, ray_address=args.ray,
                         on_game_done=progress.done if progress else None, simulated=common.simulated)
    finally:
        if progress:
            progress.close()
    if args.report:
        from interpreter.files import OutputError
        from pirdsl.analyze.page import write_page

        try:
            write_page(args.report, result, inputs=inputs, force=args.force)
        except OutputError as error:
            raise CommandError(str(error)) from None
        error_line(f"pirdsl: report written to {args.report}")
    if result["first_error"]:
        error_line(f"pirdsl: {result['errors']} of {result['games']} games failed; the first: {result['first_error']}")
    if args.json:
        print(json.dumps(result, default=str))
    else:
        make_console().print(text_report(result))
    failing = {FAIL_ON[name] for name in args.fail_on}
    failed = [finding for finding in result["findings"] if finding["kind"] in failing]
    if failed:
        error_line(f"pirdsl: --fail-on: {len(failed)} finding{'s' if len(failed) != 1 else ''} "
                   f"({', '.join(sorted({finding['kind'] for finding in failed}))})")
    return EXIT_FAILURE if result["errors"] or failed else EXIT_OK


def check_report_possible(path: str, inputs: list[str], force: bool) -> None:
    """Fail before the games are played when the page cannot be written: no matplotlib, or a bad path."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CommandError("--report needs matplotlib, which is not installed: pip install 'pirdsl[report]'",
                           EXIT_USAGE) from None
    check_output(path, inputs, force)


class Progress:
    """A one-line count of the games played, on standard error (a terminal only), redrawn in place."""

    def __init__(self, games: int) -> None:
        self.games = games

    def done(self, count: int) -> None:
        print(f"\ranalysing: {count}/{self.games} games", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)


def where(finding: dict[str, Any]) -> str:
    if finding.get("line") is None:
        return ""
    return f"line {finding['line']}: " if finding.get("file") in (None, "") else f"{finding['file']}:{finding['line']}: "


def text_report(result: dict[str, Any]) -> Any:
    """The analysis for the terminal: the headline, the findings with their lines, and the main figures."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = [Text(result["headline"][0], style="bold")]
    parts += [Text(line) for line in result["headline"][1:]]
    parts.append(Text(result["cost"]["text"], style="dim"))
    if result["findings"]:
        parts.append(Text("\nfindings", style="bold"))
        for finding in result["findings"]:
            parts.append(Text.assemble((f"{finding['kind']}: ", "yellow"), where(finding) + finding["text"]))
    points = result["points"]["by_line"][:10]
    if points:
        table = Table(box=None, title="where the points come from (mean per game, per seat)", title_justify="left")
        table.add_column("line", justify="right")
        table.add_column("statement")
        for name in result["points"]["seats"]:
            table.add_column(str(name), justify="right")
        for entry in points:
            table.add_row("" if entry["line"] is None else str(entry["line"]), Text(entry["text"][:60]),
                          *(f"{figures['mean']:.2f}" for figures in entry["per_seat"]))
        parts.append(table)
    flow = result["flow"]
    lines = []
    rounds = flow["rounds"]
    if rounds["n"]:
        lines.append(f"game length: {rounds['mean']:.1f} rounds on average "
                     f"(10%–90%: {rounds['quantiles']['10%']:g}–{rounds['quantiles']['90%']:g})")
    decided = flow["decided_from_round"]
    if decided["n"]:
        lines.append(f"the winner leads for good from round {decided['quantiles']['50%']:g} (median), "
                     f"{100 * flow['decided_from_share_of_game']['mean']:.0f}% of the way through on average")
    if flow["lead_changes"]["n"]:
        lines.append(f"lead changes per game: {flow['lead_changes']['mean']:.2f}")
    parts += [Text(line) for line in lines]
    return Group(*parts)
