"""`pirdsl compare`: simulate two rules files (or two variant sets) alike and report what differs."""

from __future__ import annotations

import argparse
from typing import Any

from pirdsl.bots import BOT_KINDS
from pirdsl.commands import common
from pirdsl.commands.common import (
    CommandError, EXIT_OK, EXIT_FAILURE, EXIT_USAGE, ENGINE_MODULES, load_rules, choose_player_count,
    checked_variants, with_params, add_param_option, start_state, check_seat_specs, make_console, error_line, warning_lines,
    check_ray_possible, add_quiet_option, positive_int, whole_number,
)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare `compare` and its options."""
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
    add_param_option(compare, which=" on both sides")
    add_param_option(compare, "--param-a", " for A only")
    add_param_option(compare, "--param-b", " for B only")
    compare.add_argument("--bot", default="random", metavar="{" + ",".join(BOT_KINDS) + "}",
                         help="the bot for every seat not given by --seat (default random)")
    compare.add_argument("--seat", action="append", metavar="BOT",
                         help="the bot for each player seat, in order (repeatable)")
    compare.add_argument("--rotate", action="store_true", help="rotate the bots round the seats every game")
    compare.add_argument("--jobs", type=positive_int, metavar="N", help="processes (default: one per CPU core)")
    compare.add_argument("--ray", metavar="auto|ADDRESS", help="play the games on a Ray cluster")
    compare.add_argument("--json", action="store_true", help="print one JSON object")
    compare.set_defaults(handler=run, engine_modules=ENGINE_MODULES)


def run(args: argparse.Namespace) -> int:
    """Simulate two rules files (or two variant sets) alike and report each figure's difference with its interval."""
    import json

    from pirdsl.compare import differences
    from pirdsl.playing import assign_seat_bots

    if "human" in (args.seat or []):
        raise CommandError("--seat human is for play; compare needs a bot in every seat", EXIT_USAGE)
    check_seat_specs(args.seat, args.bot)
    if args.ray:
        check_ray_possible(args.ray)
    sides = []
    for label, path, extra, own_params in (("A", args.file_a, args.variant_a, args.param_a),
                                           ("B", args.file_b, args.variant_b, args.param_b)):
        game = with_params(load_rules(path, quiet=args.quiet), [*args.param, *own_params])
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
        result = common.simulated(game, players, args.games, args.seed, variants, args.bot, seat_bots=args.seat,
                           jobs=args.jobs or common.default_jobs(), loader=common.load_game, rotate=args.rotate,
                           ray_address=args.ray, balance=True)
        if result["first_error"]:
            error_line(f"pirdsl: {label}: {result['errors']} of {result['games']} games failed; "
                       f"the first: {result['first_error']}")
        results.append(result)
    rows = differences(results[0], results[1])
    if args.json:
        print(json.dumps({
            "a": {"file": sides[0][1], "game": sides[0][2].name, "variants": sides[0][4], "result": results[0],
                  **param_entry(sides[0][2])},
            "b": {"file": sides[1][1], "game": sides[1][2].name, "variants": sides[1][4], "result": results[1],
                  **param_entry(sides[1][2])},
            "differences": rows,
        }))
    else:
        make_console().print(comparison_report(sides, results, rows))
    return EXIT_FAILURE if any(result["errors"] for result in results) else EXIT_OK


def param_entry(game: Any) -> dict[str, Any]:
    """A side's "params" for the JSON: every parameter's value, for a game that has parameters."""
    values = getattr(game, "param_values", None)
    return {"params": dict(values)} if values else {}


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
        options += "".join(f", {name}={value}" for name, value in getattr(game, "param_values", {}).items())
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
