"""The one-page HTML balance report of `pirdsl simulate --report FILE.html`.

Plots are drawn with matplotlib (the optional `report` extra) and embedded in
the page as PNG images, so the page is one self-contained file that reads the
same on screen and printed. Everything comes from `simulate`'s result (its
`balance` figures): the report plays no game of its own.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

SEAT_COLOUR = "#4c72b0"
BOT_COLOUR = "#dd8452"
FAIR_COLOUR = "#555555"


def write_report(path: str, game_name: str, result: dict[str, Any], **options: Any) -> None:
    """Write the report page for one simulation run to `path`, whole or not at all.

    The page is written the one way pirdsl writes every file (`interpreter.files`): to a
    temporary file beside `path`, which then takes its name, so a run stopped while
    writing leaves the old page (or none), never half of one.

    Args:
        options: for `interpreter.files.write_file` (`inputs`, `force`).

    Raises:
        OutputError: the page may not or cannot be written there (one line naming the path).
    """
    from interpreter.files import write_file

    write_file(path, report_html(game_name, result), **options)


def _plural(count: int, word: str) -> str:
    """"1 game", "2 games"."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def verdict_tone(order: dict[str, Any]) -> str:
    """The seat-order sentence's colour: "biased" (red), "fair" (green), else "caution" (amber).

    Green only for a test that ran on seats played alike: a "fair" between bots of different
    strengths, or among random bots beside an automa, says nothing about the game.
    """
    if order["biased"]:
        return "biased"
    tested = bool(order["seats"]) and order["seats"][0]["p_value"] is not None
    return "fair" if tested and order["seats_alike"] else "caution"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def report_html(game_name: str, result: dict[str, Any]) -> str:
    """The report page as text."""
    balance = result["balance"]
    figures = [("Win rates with 95% intervals", win_rate_plot(result))]
    if balance["has_scores"]:
        figures.append(("Final scores", score_plot(result)))
    figures.append(("Game length", length_plot(result)))
    if balance["has_scores"] and balance["winner_leads_by_round"]:
        figures.append(("Lead over the game", lead_plot(result)))
    escape = html.escape
    last_seed = result["seed"] + result["games"] - 1
    settings = (f"{_plural(result['games'], 'game')} ({result['completed']} completed, "
                f"{_plural(result['errors'], 'error')}, {result['unfinished']} unfinished), "
                + (f"seed {last_seed}" if last_seed == result["seed"] else f"seeds {result['seed']}..{last_seed}"))
    if result["variants"]:
        settings += ", variants " + ", ".join(result["variants"])
    order = balance["seat_order"]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(game_name)}: balance report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(game_name)}: balance report</h1>",
        # The headline: who played, automa seats named as the rules file names them.
        f"<p class=headline>{escape(_capitalised(balance['bots_played']))}</p>",
        f"<p class=settings>{escape(settings)}</p>",
        *(f"<p class=warning><strong>Warning:</strong> {escape(warning)}</p>" for warning in balance["warnings"]),
        f'<p class="verdict {verdict_tone(order)}">{escape(order["verdict"])}</p>',
        seats_table(result),
    ]
    if balance["bots"] and (len(balance["bots"]) > 1 or balance["rotated"]):
        parts.append(bots_table(result))
    parts.append(length_table(result))
    for title, png in figures:
        data = base64.b64encode(png).decode("ascii")
        parts.append(f'<figure><img alt="{escape(title)}" src="data:image/png;base64,{data}">'
                     f"<figcaption>{escape(title)}</figcaption></figure>")
    parts.append("<p class=note>Win rate: games won alone over completed games, with the 95% Wilson score "
                 "interval. Draws are wins shared by several seats. The seat-order test compares each player "
                 "seat's wins alone with the player seats' average by an exact binomial test. Quantiles "
                 "interpolate between neighbouring games.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


STYLE = """
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; max-width: 60rem; margin: 1.5rem auto;
       padding: 0 1rem; color: #222; line-height: 1.35; }
h1 { font-size: 1.5rem; margin-bottom: 0.2rem; }
.headline { font-size: 1.1rem; font-weight: bold; margin: 0.2rem 0; }
.settings { color: #555; margin-top: 0; }
.verdict { font-weight: bold; padding: 0.4rem 0.6rem; border-left: 4px solid #4c9a4c; background: #f2f8f2; }
.verdict.biased { border-color: #c44e52; background: #fbeeee; }
.verdict.caution, .warning { border-left: 4px solid #d9a21b; background: #fdf6e3; }
.warning { padding: 0.4rem 0.6rem; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.2rem; }
th, td { padding: 0.15rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1rem 0; page-break-inside: avoid; break-inside: avoid; }
figure img { max-width: 100%; }
figcaption { font-size: 0.85rem; color: #555; }
.note { font-size: 0.8rem; color: #666; }
@media print { body { max-width: none; margin: 0; font-size: 10pt; } table { font-size: 7.5pt; }
               th, td { padding: 0.1rem 0.35rem; } table, .verdict, .warning { break-inside: avoid; } }
"""


def _number(value: Any, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def _rate(rate: float | None, interval: list[float] | None) -> str:
    if rate is None or interval is None:
        return "–"
    return f"{100 * rate:.1f}% ({100 * interval[0]:.1f}–{100 * interval[1]:.1f})"


def _table(caption: str, header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _score_cells(score: dict[str, Any]) -> list[str]:
    quantiles = score["quantiles"]
    mean = _number(score["mean"]) + ("" if score["sd"] is None else f" ± {_number(score['sd'])}")
    return [mean] + [_number(quantiles[key]) for key in ("10%", "50%", "90%")]


def seats_table(result: dict[str, Any]) -> str:
    rows = []
    for figures in result["balance"]["seats"]:
        rows.append([str(figures["name"]), str(figures["bot"]), str(figures["sole_wins"]), str(figures["shared_wins"]),
                     str(figures["losses"]), _rate(figures["win_rate"], figures["win_rate_interval"]),
                     *_score_cells(figures["score"])])
    return _table("Per seat", ["seat", "bot", "won", "drew", "lost", "win rate (95% CI)", "score mean ± sd",
                               "10%", "median", "90%"], rows)


def bots_table(result: dict[str, Any]) -> str:
    rows = []
    for kind, figures in result["balance"]["bots"].items():
        rows.append([kind, str(figures["games"]), str(figures["sole_wins"]), str(figures["shared_wins"]),
                     str(figures["losses"]), _rate(figures["win_rate"], figures["win_rate_interval"]),
                     *_score_cells(figures["score"])])
    return _table("Per bot (over every seat it played)", ["bot", "games", "won", "drew", "lost", "win rate (95% CI)",
                                                          "score mean ± sd", "10%", "median", "90%"], rows)


def length_table(result: dict[str, Any]) -> str:
    balance = result["balance"]
    rows = []
    named = [("game length in rounds", "rounds"), ("game length in decisions", "decisions")]
    if balance["has_scores"]:
        named = [("margin of victory", "margin_of_victory")] + named + [("lead changes per game", "lead_changes")]
    for label, key in named:
        summary = balance[key]
        if summary["n"]:
            rows.append([label, str(summary["n"]), *_score_cells(summary)])
    if result["completed"]:
        share = f"{_plural(result['draws'], 'game')} ({100 * result['draws'] / result['completed']:.1f}%)"
        rows.append(["draws (wins shared)", str(result["completed"]), share, "", "", ""])
    return _table("Margins and lengths", ["figure", "games", "mean ± sd", "10%", "median", "90%"], rows)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    pyplot.rcParams.update({"font.size": 9, "axes.spines.top": False, "axes.spines.right": False})
    return pyplot


def _png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=120)
    _pyplot().close(figure)
    return buffer.getvalue()


def _interval_bars(axes: Any, names: list[str], rates: list[float | None], intervals: list[Any], colour: str,
                   fair: float | None, title: str) -> None:
    positions = list(range(len(names)))[::-1]
    values = [rate or 0.0 for rate in rates]
    # max(0, ...): at a rate of 0 or 1 the interval's end can land a rounding error inside the rate.
    below = [max(0.0, (rate or 0) - (interval or [rate or 0])[0]) for rate, interval in zip(rates, intervals)]
    above = [max(0.0, (interval or [0, rate or 0])[1] - (rate or 0)) for rate, interval in zip(rates, intervals)]
    axes.barh(positions, values, color=colour, alpha=0.85, height=0.6)
    axes.errorbar(values, positions, xerr=[below, above], fmt="none", ecolor="#222", capsize=4, linewidth=1.2)
    for position, value, low, high in zip(positions, values, below, above):
        text = f"{100 * value:.1f}%"
        if value + high <= 0.86:  # room right of the error bar
            axes.text(value + high + 0.015, position, text, va="center", fontsize=8)
        elif value - low >= 0.14:  # else inside the bar, left of the error bar
            axes.text(value - low - 0.015, position, text, va="center", ha="right", fontsize=8, color="white")
        else:  # an interval as wide as the axis: above the bar
            axes.text(value, position + 0.32, text, va="bottom", ha="center", fontsize=7)
    # Room above the top bar for the fair-share label, inside the axes (the title sits above them).
    axes.set_ylim(-0.6, len(names) - 0.1)
    if fair is not None:
        axes.axvline(fair, color=FAIR_COLOUR, linestyle="--", linewidth=1)
        axes.text(fair, len(names) - 0.55, f" fair {100 * fair:.0f}%", color=FAIR_COLOUR, fontsize=7, va="bottom")
    axes.set_yticks(positions, names)
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(_percent())
    axes.set_title(title, loc="left")


def _whole_numbers() -> Any:
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0)


def win_rate_plot(result: dict[str, Any]) -> bytes:
    """Win rates alone with their 95% intervals, per seat and per bot, beside the fair share."""
    pyplot = _pyplot()
    balance = result["balance"]
    seats = balance["seats"]
    bots = balance["bots"]
    panels = 2 if bots and (len(bots) > 1 or balance["rotated"]) else 1
    rows = max(len(seats), len(bots) if panels == 2 else 0)
    figure, axes = pyplot.subplots(1, panels, figsize=(8, 1.1 + 0.45 * rows), squeeze=False)
    fair = balance["seat_order"]["fair_rate"]
    names = [f"{figures['name']}" + ("" if figures["bot"] in (None, "rotated") else f" ({figures['bot']})")
             for figures in seats]
    _interval_bars(axes[0][0], names, [figures["win_rate"] for figures in seats],
                   [figures["win_rate_interval"] for figures in seats], SEAT_COLOUR, fair, "per seat")
    if panels == 2:
        _interval_bars(axes[0][1], list(bots), [figures["win_rate"] for figures in bots.values()],
                       [figures["win_rate_interval"] for figures in bots.values()], BOT_COLOUR, None,
                       "per bot (every seat it played)")
    return _png(figure)


def score_plot(result: dict[str, Any]) -> bytes:
    """Each seat's final scores as a step histogram, and each bot's beside them when bots differ."""
    pyplot = _pyplot()
    balance = result["balance"]
    groups = [("per seat", [(figures["name"], figures["score_histogram"]) for figures in balance["seats"]])]
    if len(balance["bots"]) > 1:
        groups.append(("per bot", [(kind, figures["score_histogram"]) for kind, figures in balance["bots"].items()]))
    figure, axes = pyplot.subplots(1, len(groups), figsize=(8, 2.8), squeeze=False)
    for panel, (title, series) in zip(axes[0], groups):
        everything = sorted({value for _, histogram in series for value, _ in histogram})
        if not everything:
            continue
        low, high = everything[0], everything[-1]
        if len(everything) <= 16:  # few values (whole points): one bar per value
            edges = [value - 0.5 for value in range(int(low), int(high) + 1)] + [int(high) + 0.5] \
                if all(float(value).is_integer() for value in everything) else min(16, len(everything))
        else:
            edges = [low + (high - low) * step / 15 for step in range(16)]
        for name, histogram in series:
            if not histogram:
                continue
            values = [value for value, _ in histogram]
            counts = [count for _, count in histogram]
            total = sum(counts)
            panel.hist(values, weights=[count / total for count in counts], bins=edges,
                       histtype="step", linewidth=1.6, label=str(name))
        if all(float(value).is_integer() for value in everything):
            panel.xaxis.set_major_locator(_whole_numbers())
        if low == high:  # one value: a little room either side rather than an axis of fractions
            panel.set_xlim(low - 3, high + 3)
        panel.set_title(title, loc="left")
        panel.set_xlabel("final score")
        panel.set_ylabel("share of games")
        panel.legend(fontsize=7, frameon=False)
    return _png(figure)


def length_plot(result: dict[str, Any]) -> bytes:
    """How many rounds and decisions games took."""
    pyplot = _pyplot()
    balance = result["balance"]
    figure, axes = pyplot.subplots(1, 2, figsize=(8, 2.5))
    for panel, key, label in ((axes[0], "rounds", "rounds"), (axes[1], "decisions", "decisions (all seats)")):
        histogram = balance[key]["histogram"]
        if histogram:
            values = [value for value, _ in histogram]
            counts = [count for _, count in histogram]
            if len(values) == 1:  # one value: one bar, with whole-number ticks round it
                panel.bar(values, counts, color=SEAT_COLOUR, alpha=0.85, width=0.8)
                panel.set_xlim(values[0] - 3, values[0] + 3)
                panel.xaxis.set_major_locator(_whole_numbers())
            elif key == "rounds" and len(values) <= 40:
                panel.bar(values, counts, color=SEAT_COLOUR, alpha=0.85, width=0.8)
                panel.xaxis.set_major_locator(_whole_numbers())
            else:
                panel.hist(values, weights=counts, bins=min(15, len(values)), color=SEAT_COLOUR, alpha=0.85)
                panel.xaxis.set_major_locator(_whole_numbers())
        panel.yaxis.set_major_locator(_whole_numbers())
        panel.set_xlabel(label)
        panel.set_ylabel("games")
    axes[0].set_title("game length", loc="left")
    return _png(figure)


def lead_plot(result: dict[str, Any]) -> bytes:
    """How often the eventual winner already led after each round, and how often the lead changed hands."""
    pyplot = _pyplot()
    balance = result["balance"]
    figure, axes = pyplot.subplots(1, 2, figsize=(8, 2.6))
    # Rounds that few games reached would draw noise: only those at least a tenth of the games finished.
    most = max(entry["games"] for entry in balance["winner_leads_by_round"])
    by_round = [entry for entry in balance["winner_leads_by_round"] if entry["games"] >= max(1, most / 10)]
    axes[0].plot([entry["round"] for entry in by_round], [entry["winner_leads"] for entry in by_round],
                 marker="o", color=SEAT_COLOUR)
    axes[0].set_ylim(0, 1)
    axes[0].yaxis.set_major_formatter(_percent())
    axes[0].set_xlabel("after round")
    axes[0].set_ylabel("winner already leads")
    axes[0].set_title("how early the winner leads", loc="left")
    histogram = balance["lead_changes"]["histogram"]
    if histogram:
        axes[1].bar([value for value, _ in histogram], [count for _, count in histogram], color=BOT_COLOUR, width=0.8)
    axes[1].xaxis.set_major_locator(_whole_numbers())
    axes[1].set_xlabel("lead changes in a game")
    axes[1].set_ylabel("games")
    axes[1].set_title("lead changes", loc="left")
    return _png(figure)
