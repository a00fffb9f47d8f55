"""`pirdsl compare A B`: the same simulation of two rules files (or two variant sets), and what differs.

Both sides are played with the same settings and the same seeds. Each figure is
given for A and for B, with B minus A and its 95% interval: Newcombe's hybrid
score interval for a difference of two rates (win rates, the draw rate), and
Welch's normal interval for a difference of two means (scores, margins,
lengths). The two runs are treated as independent samples, which is
conservative when the files are close (shared seeds make their games alike).
A difference whose interval leaves out 0 is marked as one that the games show.

A comparison made with bots of different strengths, or with random bots against
an automa, compares how those bots cope with each side more than the sides
themselves: `warnings` gives the same sentences as `simulate` does for that.
"""

from __future__ import annotations

from typing import Any

from pirdsl.balance import bot_strength_warnings, difference_interval, mean_difference_interval


def _rate_row(label: str, successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> dict[str, Any]:
    rate_a = successes_a / trials_a if trials_a else None
    rate_b = successes_b / trials_b if trials_b else None
    interval = difference_interval(successes_a, trials_a, successes_b, trials_b)
    return {"figure": label, "kind": "rate", "a": rate_a, "b": rate_b,
            "difference": None if rate_a is None or rate_b is None else rate_b - rate_a,
            "interval": interval, "shown": interval is not None and (interval[0] > 0 or interval[1] < 0)}


def _mean_row(label: str, summary_a: dict[str, Any], summary_b: dict[str, Any]) -> dict[str, Any]:
    interval = mean_difference_interval(summary_a, summary_b)
    mean_a, mean_b = summary_a["mean"], summary_b["mean"]
    return {"figure": label, "kind": "mean", "a": mean_a, "b": mean_b,
            "difference": None if mean_a is None or mean_b is None else mean_b - mean_a,
            "interval": interval, "shown": interval is not None and (interval[0] > 0 or interval[1] < 0)}


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of the comparison of two `simulate` results (A first): seats, bots, draws, scores, lengths."""
    balance_a, balance_b = a["balance"], b["balance"]
    rows = []
    seats = min(len(balance_a["seats"]), len(balance_b["seats"]))
    for seat in range(seats):
        seat_a, seat_b = balance_a["seats"][seat], balance_b["seats"][seat]
        name = seat_a["name"] if seat_a["name"] == seat_b["name"] else f"{seat_a['name']} / {seat_b['name']}"
        rows.append(_rate_row(f"{name} win rate", seat_a["sole_wins"], seat_a["games"],
                              seat_b["sole_wins"], seat_b["games"]))
    if len(balance_a["bots"]) > 1 or balance_a["rotated"]:
        for kind, bot_a in balance_a["bots"].items():
            bot_b = balance_b["bots"].get(kind)
            if bot_b is not None:
                rows.append(_rate_row(f"{kind} win rate", bot_a["sole_wins"], bot_a["games"],
                                      bot_b["sole_wins"], bot_b["games"]))
    rows.append(_rate_row("draw rate", a["draws"], a["completed"], b["draws"], b["completed"]))
    if "mean_payoff" in a and "mean_payoff" in b:  # both games say what a seat is paid
        for seat in range(min(len(a["mean_payoff"]), len(b["mean_payoff"]))):
            rows.append(_mean_row(f"{a['seats'][seat]} mean payoff",
                                  {"n": a["completed"], "mean": a["mean_payoff"][seat], "sd": a["payoff_sd"][seat]},
                                  {"n": b["completed"], "mean": b["mean_payoff"][seat], "sd": b["payoff_sd"][seat]}))
    if balance_a["has_scores"] or balance_b["has_scores"]:
        for seat in range(seats):
            seat_a, seat_b = balance_a["seats"][seat], balance_b["seats"][seat]
            rows.append(_mean_row(f"{seat_a['name']} mean score", seat_a["score"], seat_b["score"]))
        rows.append(_mean_row("margin of victory", balance_a["margin_of_victory"], balance_b["margin_of_victory"]))
    rows.append(_mean_row("game length in rounds", balance_a["rounds"], balance_b["rounds"]))
    rows.append(_mean_row("game length in decisions", balance_a["decisions"], balance_b["decisions"]))
    return rows


def warnings(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The bot-strength warnings of the two `simulate` results, each once (A's first).

    Without the win rates, which differ from side to side: the same warning reads the same for both.
    """
    sentences: list[str] = []
    for result in (a, b):
        rotation = result["balance"].get("rotation") if result["balance"]["rotated"] else None
        for sentence in bot_strength_warnings(result["seats"], result["seat_bots"], rotation):
            if sentence not in sentences:
                sentences.append(sentence)
    return sentences
