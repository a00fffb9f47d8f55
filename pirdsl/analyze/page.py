"""The `pirdsl analyze --report FILE.html` page: one self-contained file, its plots embedded as PNG.

Every figure says which line of the rules file it is about. The page is drawn from the
analysis result alone (`figures.py`); it plays nothing. The plotting helpers and the
look are the balance report's (pirdsl/report.py), so the two pages read alike.
"""

from __future__ import annotations

import base64
import html
from typing import Any

from pirdsl.report import FAIR_COLOUR, SEAT_COLOUR, STYLE, _interval_bars, _png, _pyplot, _table, _whole_numbers

DEAD_COLOUR = "#c44e52"
FIRED_COLOUR = "#4c9a4c"
RANDOM_COLOUR = "#bbbbbb"
BOT_COLOUR = "#dd8452"
SEAT_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974"]
MOST_ROWS = 30  # rows of a bar chart before it is cut to the most telling ones
LABEL_LENGTH = 48
INSIDE_BAR = 0.7  # a coverage bar at least this long has its figures written inside it

EXTRA_STYLE = """
.finding { margin: 0.15rem 0; }
.finding .kind { font-weight: bold; color: #a33; }
.finding .line { font-family: monospace; color: #555; }
h2 { font-size: 1.2rem; margin-top: 1.6rem; border-bottom: 1px solid #ccc; }
code { font-size: 0.85rem; }
table.wrap td, table.wrap th { white-space: normal; text-align: left; vertical-align: top; }
table.wrap td:nth-child(1), table.wrap th:nth-child(1), table.decisions td:nth-child(3),
table.decisions td:nth-child(4), table.decisions td:nth-child(5), table.decisions th:nth-child(3),
table.decisions th:nth-child(4), table.decisions th:nth-child(5) { white-space: nowrap; text-align: right; }
table.items td:nth-child(2) { white-space: nowrap; }
figcaption { margin-bottom: 0.3rem; }
"""


def wrapping(table: str, kind: str = "") -> str:
    """A table whose text columns wrap (long statements and reasons), for the page's width."""
    return table.replace("<table>", f'<table class="wrap {kind}">', 1)


def write_page(path: str, result: dict[str, Any], **options: Any) -> None:
    """Write the page to `path`, whole or not at all (`interpreter.files.write_file`; OutputError when it cannot)."""
    from interpreter.files import write_file

    write_file(path, page_html(result), **options)


def shorten(text: str, length: int = LABEL_LENGTH) -> str:
    return text if len(text) <= length else text[:length - 1] + "…"


def at_line(line: Any) -> str:
    return "" if line is None else f"line {line}"


def figure_html(title: str, png: bytes, caption: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    # The title and caption above the plot: a reader scrolling down meets what a plot shows before the plot.
    return (f"<figure><figcaption><strong>{html.escape(title)}.</strong> {html.escape(caption)}</figcaption>"
            f'<img alt="{html.escape(title)}" src="data:image/png;base64,{data}"></figure>')


def page_html(result: dict[str, Any]) -> str:
    """The page as text."""
    escape = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(result['game'])}: design analysis</title>",
        f"<style>{STYLE}{EXTRA_STYLE}</style></head><body>",
        f"<h1>{escape(result['game'])}: design analysis</h1>",
        f"<p class=headline>{escape(result['headline'][0])}</p>",
        f"<p class=settings>{escape(settings_line(result))}</p>",
    ]
    parts += [f"<p class=warning>{escape(line)}</p>" if line in result["warnings"] else f"<p>{escape(line)}</p>"
              for line in result["headline"][1:]]
    parts.append(f"<p class=settings>{escape(result['cost']['text'])}</p>")
    parts.append("<h2>Findings</h2>")
    if result["findings"]:
        for finding in result["findings"]:
            line = f"<span class=line>{escape(at_line(finding.get('line')))}</span> " if finding.get("line") else ""
            parts.append(f"<p class=finding><span class=kind>{escape(finding['kind'])}</span> {line}"
                         f"{escape(finding['text'])}</p>")
    else:
        parts.append("<p>Nothing flagged: every rule, branch, action, end game and table row fired, and no option "
                     "was flagged.</p>")
    parts += coverage_section(result)
    parts += choices_section(result)
    parts += points_section(result)
    parts += flow_section(result)
    parts.append("<p class=note>Coverage counts the statements the real games ran (not a searching bot's imagined "
                 "playouts), traced from the lines the compiled game knows. A trap is an option a strong bot took at "
                 "most a fifth as often as a random pick would have in the same decisions; a dominant option one it "
                 "took at least 90% of the times something else was on offer. Points are put down to the statement "
                 "after which the score changed; intervals are 95% (Wilson for rates, normal for means). "
                 "docs/analyze.md says every figure.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def settings_line(result: dict[str, Any]) -> str:
    last = result["seed"] + result["games"] - 1
    text = (f"{result['file']}: {result['games']} games ({result['completed']} completed, {result['errors']} errors, "
            f"{result['unfinished']} unfinished), seeds {result['seed']}..{last}")
    if result["variants"]:
        text += ", variants " + ", ".join(result["variants"])
    if result["params"]:
        text += ", " + ", ".join(f"{name}={value}" for name, value in result["params"].items())
    return text


# ------------------------------------------------------------ coverage


def coverage_section(result: dict[str, Any]) -> list[str]:
    coverage = result["coverage"]
    parts = ["<h2>Coverage: what fired</h2>",
             f"<p>{coverage['fired']} of {coverage['counted']} rules, branches, powers, actions, end games and "
             f"table rows fired in at least one of {coverage['games']} games.</p>"]
    counted = [item for item in coverage["items"]
               if item["share_of_games"] is not None and "note" not in item and "unreachable" not in item]
    # The most telling rows: every dead one, then the rarest.
    shown = sorted(counted, key=lambda item: (item["share_of_games"], item["line"]))[:MOST_ROWS]
    if shown:
        shown.sort(key=lambda item: item["line"])
        parts.append(figure_html("How often each part of the rules fired", coverage_plot(shown),
                                 "Share of games in which it fired at least once, by its line in the rules file; "
                                 "red: never (dead under these bots). "
                                 + (f"The {len(shown)} rarest of {len(counted)} are shown."
                                    if len(shown) < len(counted) else "")))
    if coverage["not_playable"]:
        rows = [[f"{item['line']}", item["kind"], shorten(item["name"], 40), item["note"]]
                for item in coverage["not_playable"]]
        parts.append(wrapping(_table("Not counted: cannot fire in these games", ["line", "kind", "what", "why"], rows),
                              "items"))
    if coverage.get("not_reachable"):
        # The heading says "not reachable at N players"; each reason says only why.
        prefix = f"not reachable at {result['players']} players: "
        rows = [[f"{item['line']}", item["kind"], shorten(item["name"], 40),
                 item["unreachable"].removeprefix(prefix)] for item in coverage["not_reachable"]]
        parts.append(wrapping(_table(f"Not reachable at {result['players']} players (not dead: another player "
                                     "count or setting can make them fire)", ["line", "kind", "what", "why"], rows),
                              "items"))
    if coverage.get("undecided"):
        rows = [[f"{item['line']}", item["kind"], shorten(item["name"], 40), item["doubt"]]
                for item in coverage["undecided"]]
        parts.append(wrapping(_table("Never fired, but not called dead: a variant may keep it from firing",
                                     ["line", "kind", "what", "why"], rows), "items"))
    if coverage.get("unchosen"):
        rows = [[f"{item['line']}", item["kind"], shorten(item["name"], 40), item["unchosen"]]
                for item in coverage["unchosen"]]
        parts.append(wrapping(_table("Never fired, but not called dead: the bots never chose what leads there",
                                     ["line", "kind", "what", "why"], rows), "items"))
    return parts


def item_label(item: dict[str, Any]) -> str:
    name = item["name"] if item["kind"] in ("rule", "power", "action", "table row") else item["name"]
    kind = "" if item["kind"] in ("if", "elif", "else") and name.startswith(item["kind"]) else item["kind"] + " "
    return shorten(f"L{item['line']} {kind}{name}")


def coverage_plot(items: list[dict[str, Any]]) -> bytes:
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 0.8 + 0.26 * len(items)))
    positions = list(range(len(items)))[::-1]
    shares = [item["share_of_games"] for item in items]
    colours = [DEAD_COLOUR if item["dead"] else FIRED_COLOUR for item in items]
    # A dead item gets a sliver of red, so that it shows as a bar, and a red label.
    axes.barh(positions, [share if not item["dead"] else 0.012 for share, item in zip(shares, items)],
              color=colours, height=0.65)
    for position, item, share in zip(positions, items, shares):
        text = "never" if item["dead"] else f"{100 * share:.0f}%, {item['per_game']:.1f}×/game"
        if not item["dead"] and share >= INSIDE_BAR:  # a long bar: the figures inside its end, in white
            axes.text(share - 0.01, position, text, va="center", ha="right", fontsize=7, color="white")
        else:
            axes.text(max(share, 0.012) + 0.01, position, text, va="center", fontsize=7,
                      color=DEAD_COLOUR if item["dead"] else "#222")
    axes.set_yticks(positions, [item_label(item) for item in items], fontsize=7)
    for tick, item in zip(axes.get_yticklabels(), items):
        if item["dead"]:
            tick.set_color(DEAD_COLOUR)
    axes.set_xlim(0, 1)
    from pirdsl.report import _percent

    axes.xaxis.set_major_formatter(_percent())
    axes.set_xlabel("games in which it fired")
    return _png(figure)


# ------------------------------------------------------------ choices


def choices_section(result: dict[str, Any]) -> list[str]:
    choices = result["choices"]
    judge = choices["judged_by"]
    parts = ["<h2>Choices</h2>"]
    if judge is None:
        parts.append("<p>Only random bots played, so no option is judged: run with <code>--seat ismcts</code> "
                     "in every player seat to see traps and dominant options.</p>")
    else:
        parts.append(f"<p>Options are judged by what <strong>{html.escape(judge)}</strong> picked, against what a "
                     "random pick would have taken in the same decisions (only decisions that offered more than "
                     "one kind of option count).</p>")
    rows = []
    for decision in choices["decisions"]:
        flags = [f"{option['flag']}: {option['kind']}" for option in decision["options"] if option["flag"]]
        if decision["not_a_real_choice"]:
            flags.append("not a real choice")
        rows.append([str(decision["line"]), shorten(decision["text"], 56), str(decision["visits"]),
                     f"{decision['mean_options']:.1f}" if decision["mean_options"] is not None else "–",
                     f"{100 * decision['forced_share']:.0f}%" if decision["forced_share"] is not None else "–",
                     "; ".join(flags)])
    if rows:
        parts.append(wrapping(_table("Decisions (by their line)", ["line", "decision", "asked", "mean options",
                                                                    "single option", "flags"], rows), "decisions"))
    if judge is not None:
        telling = [decision for decision in choices["decisions"]
                   if any(option["contested"] for option in decision["options"])]
        telling.sort(key=lambda decision: (-sum(bool(option["flag"]) for option in decision["options"]),
                                           -decision["visits"]))
        for decision in telling[:6]:
            parts.append(figure_html(f"Line {decision['line']}: {decision['text']}", choice_plot(decision, judge),
                                     f"How often {judge} took each kind of option (orange) against a random pick "
                                     "(grey), when something else was on offer." + read_as(plotted(decision))))
    return parts


def read_as(options: list[dict[str, Any]]) -> str:
    """For the options named by a list of values (`[5, no]`, which reads like code), what a player read for one."""
    examples = [f"{option['kind']} “{shorten(option['example'], 60)}”" for option in options
                if option["kind"].startswith("[") and option.get("example") and option["example"] != option["kind"]]
    return " Read at the table as, for example: " + "; ".join(examples) + "." if examples else ""


def plotted(decision: dict[str, Any]) -> list[dict[str, Any]]:
    """The options a choice's plot shows, in its order from the top: the flagged first, then the most contested."""
    options = [option for option in decision["options"] if option["contested"]]
    return sorted(options, key=lambda option: (not option["flag"], -option["contested"]))[:12]


def choice_plot(decision: dict[str, Any], judge: str) -> bytes:
    pyplot = _pyplot()
    options = plotted(decision)
    figure, axes = pyplot.subplots(figsize=(8, 0.8 + 0.38 * len(options)))
    positions = list(range(len(options)))[::-1]
    axes.barh([p + 0.18 for p in positions], [option["pick_rate"] for option in options], height=0.36,
              color=BOT_COLOUR, label=judge)
    axes.barh([p - 0.18 for p in positions], [option["random_rate"] for option in options], height=0.36,
              color=RANDOM_COLOUR, label="random pick")
    labels = []
    for option in options:
        flag = f" [{option['flag']}]" if option["flag"] else ""
        labels.append(shorten(f"{option['kind']}{flag}", 40) + f" (n={option['contested']})")
    axes.set_yticks(positions, labels, fontsize=7)
    for tick, option in zip(axes.get_yticklabels(), options):
        if option["flag"]:
            tick.set_color(DEAD_COLOUR)
    axes.set_xlim(0, 1)
    from pirdsl.report import _percent

    axes.xaxis.set_major_formatter(_percent())
    axes.legend(fontsize=7, loc="lower right")
    return _png(figure)


# ------------------------------------------------------------ points


def points_section(result: dict[str, Any]) -> list[str]:
    points = result["points"]
    parts = ["<h2>Where the points come from</h2>"]
    lines = points["by_line"][:16]
    if not lines:
        parts.append("<p>No score changed in these games (the file may have no <code>score</code> line).</p>")
        return parts
    bots = {entry["name"]: entry["bot"] for entry in result["flow"]["seats"]}
    parts.append(figure_html("Points per game by the statement that gave them", points_plot(points, lines, bots),
                             "Mean points per game each statement gave each seat, with 95% intervals; the label is "
                             "the statement's line in the rules file (setup's lines included). A starting value "
                             "is what a variable the score reads starts at, before setup; setup without a line "
                             "is what a seat has when play starts, when setup's lines could not be told apart."))
    return parts


def points_plot(points: dict[str, Any], lines: list[dict[str, Any]], bots: dict[str, str] | None = None) -> bytes:
    """Each line's mean points per game for each seat; the legend names each seat's bot (`bots`, by seat name)."""
    bots = bots or {}
    pyplot = _pyplot()
    seats = points["seats"]
    figure, axes = pyplot.subplots(figsize=(8, 1.0 + 0.22 * len(lines) * max(1, len(seats))))
    height = 0.8 / max(1, len(seats))
    base = list(range(len(lines)))[::-1]
    for seat, name in enumerate(seats):
        means, below, above = [], [], []
        for entry in lines:
            figures = entry["per_seat"][seat] if seat < len(entry["per_seat"]) else {"mean": 0, "interval": None}
            mean = figures["mean"] or 0.0
            interval = figures["interval"] or [mean, mean]
            means.append(mean)
            below.append(max(0.0, mean - interval[0]))
            above.append(max(0.0, interval[1] - mean))
        offsets = [position + 0.4 - height * (seat + 0.5) for position in base]
        label = f"{name} ({bots[name]})" if bots.get(name) else str(name)
        axes.barh(offsets, means, height=height, color=SEAT_COLOURS[seat % len(SEAT_COLOURS)], label=label)
        axes.errorbar(means, offsets, xerr=[below, above], fmt="none", ecolor="#333", capsize=2, linewidth=0.8)
    labels = [shorten(("" if entry["line"] is None else f"L{entry['line']} ") + entry["text"]) for entry in lines]
    axes.set_yticks(base, labels, fontsize=7)
    axes.axvline(0, color=FAIR_COLOUR, linewidth=0.8)
    axes.set_xlabel("mean points per game")
    axes.legend(fontsize=7, loc="lower right")
    return _png(figure)


# ------------------------------------------------------------ how the game goes


def flow_section(result: dict[str, Any]) -> list[str]:
    flow = result["flow"]
    landmarks = flow["lines"]
    rounds_at = ", ".join(f"line {line}" for line in landmarks["rounds"]) or "the play block"
    parts = ["<h2>How the games go</h2>"]
    sentences = []
    rounds = flow["rounds"]
    if rounds["n"]:
        sentences.append(f"Games last {rounds['mean']:.1f} rounds on average (10%–90%: "
                         f"{rounds['quantiles']['10%']:g}–{rounds['quantiles']['90%']:g}) and "
                         f"{flow['decisions']['mean']:.0f} decisions.")
    limit = flow["round_limit"]
    if limit and limit["warning"]:
        sentences.append(f"{100 * limit['share']:.0f}% of the games ended in round {limit['round']:g}, the longest "
                         f"any lasted: the round limit ({rounds_at}) ends most games.")
    decided = flow["decided_from_round"]
    if decided["n"]:
        sentences.append(f"The eventual winner leads for good from round {decided['quantiles']['50%']:g} (median), "
                         f"{100 * flow['decided_from_share_of_game']['mean']:.0f}% of the way through a game.")
    final = flow["final_scoring"]
    if final["games"]:
        low, high = final["interval"]
        sentences.append(f"Final scoring (line {landmarks['final_scoring']}) changed who leads in "
                         f"{100 * final['share']:.0f}% of games (95% CI {100 * low:.0f}–{100 * high:.0f}%).")
    if flow["lead_changes"]["n"]:
        sentences.append(f"The lead changes {flow['lead_changes']['mean']:.2f} times per game on average; "
                         f"draws: {flow['draws']}.")
    parts.append("<p>" + html.escape(" ".join(sentences)) + "</p>")
    verdict = flow["seat_order"]
    verdict = verdict[:1].upper() + verdict[1:] + ("" if verdict.endswith(".") else ".")
    parts.append(f'<p class="verdict {flow.get("seat_order_tone", "caution")}">{html.escape(verdict)}</p>')
    if flow["rounds_histogram"]:
        parts.append(figure_html("Game length", length_plot(flow),
                                 f"Games by the round they ended in (the rounds: {rounds_at}; "
                                 f"end game: {', '.join(f'line {line}' for line in landmarks['end_game']) or 'none'})."))
    if flow["winner_leads_by_round"]:
        parts.append(figure_html("Where games are decided", decided_plot(flow),
                                 f"Share of games whose eventual winner led on score (line {landmarks['score']}) "
                                 "after each round; the dashed line is the median round from which the winner "
                                 "leads for good."))
    if flow["branching_by_round"]:
        parts.append(figure_html("Branching over the game", branching_plot(flow),
                                 "Mean number of options per decision, round by round."))
    parts.append(figure_html("Win rate per seat", seats_plot(flow),
                             "Games won alone, with 95% Wilson intervals, beside the fair share of the player seats."))
    return parts


def length_plot(flow: dict[str, Any]) -> bytes:
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 2.4))
    values = [value for value, _ in flow["rounds_histogram"]]
    counts = [count for _, count in flow["rounds_histogram"]]
    limit = flow["round_limit"]
    colours = [DEAD_COLOUR if limit and limit["warning"] and value == limit["round"] else SEAT_COLOUR
               for value in values]
    axes.bar(values, counts, color=colours, width=0.8)
    axes.set_xlim(min(values) - 1, max(values) + 1)
    axes.set_xlabel("rounds")
    axes.set_ylabel("games")
    axes.xaxis.set_major_locator(_whole_numbers())
    return _png(figure)


def decided_plot(flow: dict[str, Any]) -> bytes:
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 2.4))
    points = [(entry["round"], entry["winner_leads"]) for entry in flow["winner_leads_by_round"]
              if entry["winner_leads"] is not None]
    axes.plot([r for r, _ in points], [share for _, share in points], marker="o", color=SEAT_COLOUR)
    decided = flow["decided_from_round"]
    if decided["n"]:
        axes.axvline(decided["quantiles"]["50%"], color=FAIR_COLOUR, linestyle="--", linewidth=1)
    axes.set_ylim(0, 1.02)
    from pirdsl.report import _percent

    axes.yaxis.set_major_formatter(_percent())
    axes.set_xlabel("after round")
    axes.set_ylabel("winner leads")
    axes.xaxis.set_major_locator(_whole_numbers())
    return _png(figure)


def branching_plot(flow: dict[str, Any]) -> bytes:
    pyplot = _pyplot()
    figure, axes = pyplot.subplots(figsize=(8, 2.2))
    entries = flow["branching_by_round"]
    axes.plot([entry["round"] for entry in entries], [entry["mean_options"] for entry in entries], marker=".",
              color=SEAT_COLOUR)
    axes.set_xlabel("round")
    axes.set_ylabel("options per decision")
    axes.xaxis.set_major_locator(_whole_numbers())
    return _png(figure)


def seats_plot(flow: dict[str, Any]) -> bytes:
    pyplot = _pyplot()
    seats = flow["seats"]
    figure, axes = pyplot.subplots(figsize=(8, 1.1 + 0.45 * len(seats)))
    fair = next((entry["fair_rate"] for entry in seats if entry["fair_rate"] is not None), None)
    names = [f"{entry['name']} ({entry['bot']})" for entry in seats]
    _interval_bars(axes, names, [entry["win_rate"] for entry in seats], [entry["interval"] for entry in seats],
                   SEAT_COLOUR, fair, "")
    return _png(figure)
