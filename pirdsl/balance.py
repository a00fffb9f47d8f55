"""Balance figures for `pirdsl simulate`: per seat and per bot, with intervals, spreads and a seat-order test.

Built, like the rest of a simulation's summary, from running totals as games
finish, in constant memory whatever the number of games: every distribution
(scores, margins of victory, game lengths, lead changes) is kept as a count of
each value seen, from which means, spreads and quantiles are exact. So the
figures are the same whether the games were played in one process, several,
or on a Ray cluster, as long as they are added in game order.

What is reported (`BalanceTotals.summary`):

- per seat and per bot: games, sole wins, shared wins, win rate (sole wins over
  completed games) with its 95% Wilson interval, mean score, its spread (sample
  standard deviation) and quantiles (10%, 25%, 50%, 75%, 90%);
- the margin of victory: the sole winner's score minus the best other score;
- game length in rounds and in decisions;
- lead changes: how often the sole leader on score changed from one round to
  the next, and, after each round, how often the game's eventual sole winner
  was the sole leader then (how early a game is decided);
- the seat-order test: each player seat's sole wins against a fair share (the
  average of the player seats), with an exact two-sided binomial p-value, and a
  sentence saying whether the first seat's rate is consistent with fair;
- who played (`bots_played`), and warnings when a figure is mostly about bot
  strength rather than the game (`bot_strength_warnings`): the player seats had
  bots of different strengths and were not rotated, or an automa (a seat the
  rules file plays itself, by rule) played against random bots. Then the
  seat-order sentence gives the figures but no "fair" or "biased" verdict on
  the game, and `seats_alike` is false.

Seats are named as the rules file names them (`seat_names`): nothing here knows a game.
"""

from __future__ import annotations

import collections
import math
from fractions import Fraction
from typing import Any, Iterable, Sequence

from pirdsl.bots import parse_bot_spec

AUTOMA = "automa"  # the bot entry of a seat the rules play themselves (as pirdsl/simulate.py writes it)
# The bot that picks its moves at random: no yardstick for an automa, which plays by rule.
CHANCE_BOT = "random"
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
WILSON_Z = 1.959963984540054  # statistics.NormalDist().inv_cdf(0.975): a two-sided 95% interval
SIGNIFICANCE = 0.05


def wilson_interval(successes: int, trials: int, z: float = WILSON_Z) -> list[float] | None:
    """The Wilson score interval [low, high] for a proportion (95% by default); None without trials."""
    if trials == 0:
        return None
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half_width = z / (1 + spread) * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials))
    return [max(0.0, centre - half_width), min(1.0, centre + half_width)]


def exact(value: Any) -> Any:
    """A number as an exact one: ints stay, finite floats become fractions; inf and nan stay floats."""
    if isinstance(value, int):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        return value
    return Fraction(value)


class Distribution:
    """A count of each value seen: exact mean, spread and quantiles in memory that grows only with distinct values."""

    def __init__(self) -> None:
        self.counts: collections.Counter = collections.Counter()
        self.total = 0

    def add(self, value: Any) -> None:
        if value is None:
            return
        self.counts[exact(value)] += 1
        self.total += 1

    def mean(self) -> float | None:
        if not self.total:
            return None
        if any(isinstance(value, float) for value in self.counts):
            return math.nan
        return float(sum(value * count for value, count in self.counts.items()) / self.total)

    def sd(self) -> float | None:
        """Sample standard deviation (n - 1); None below two values."""
        if self.total < 2:
            return None
        if any(isinstance(value, float) for value in self.counts):
            return math.nan
        mean = Fraction(sum(value * count for value, count in self.counts.items()), self.total)
        squares = sum((value - mean) ** 2 * count for value, count in self.counts.items())
        return math.sqrt(squares / (self.total - 1))

    def quantile(self, q: float) -> float | None:
        """The q-quantile, interpolated between neighbours (as numpy's default, "linear")."""
        if not self.total:
            return None
        position = (self.total - 1) * q
        low_rank, fraction = int(math.floor(position)), position - math.floor(position)
        low = self._at(low_rank)
        if fraction == 0:
            return float(low)
        high = self._at(low_rank + 1)
        return float(low + (high - low) * Fraction(fraction))

    def _at(self, rank: int) -> Any:
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if rank < seen:
                return value
        raise IndexError(rank)

    def summary(self) -> dict[str, Any]:
        return {
            "n": self.total,
            "mean": self.mean(),
            "sd": self.sd(),
            "quantiles": {f"{int(q * 100)}%": self.quantile(q) for q in QUANTILES},
        }

    def histogram(self) -> list[list[Any]]:
        """[[value, count], ...] in increasing order of value (floats), for plots."""
        return [[float(value), count] for value, count in sorted(self.counts.items())]


class Record:
    """Games, wins and scores of one seat or one bot."""

    def __init__(self) -> None:
        self.games = 0
        self.sole_wins = 0
        self.shared_wins = 0
        self.scores = Distribution()

    def summary(self) -> dict[str, Any]:
        games = self.games
        return {
            "games": games,
            "sole_wins": self.sole_wins,
            "shared_wins": self.shared_wins,
            "losses": games - self.sole_wins - self.shared_wins,
            "win_rate": self.sole_wins / games if games else None,
            "win_rate_interval": wilson_interval(self.sole_wins, games),
            "score": self.scores.summary(),
            "score_histogram": self.scores.histogram(),
        }


class BalanceTotals:
    """The balance figures of a run so far; add each game's record in game order."""

    def __init__(self) -> None:
        self.seats: list[Record] = []
        self.bots: dict[str, Record] = {}
        self.margin = Distribution()
        self.rounds = Distribution()
        self.decisions = Distribution()
        self.lead_changes = Distribution()
        # per round: [games with a sole winner that finished it, games whose winner was the sole leader after it]
        self.winner_leads: dict[int, list[int]] = {}
        self.player_seats: list[int] | None = None
        self.completed = 0
        self.has_scores = False

    def add(self, record: dict[str, Any], seat_bots: Sequence[str], leaders: Sequence[int | None] | None) -> None:
        """Count one game: its record (`playing.game_record`), who played each seat, the leader after each round."""
        if "error" in record or record.get("unfinished") or record.get("scores") is None:
            return
        scores, winners = record["scores"], record["winners"]
        if self.player_seats is None:
            self.player_seats = [seat for seat, kind in enumerate(seat_bots) if kind != AUTOMA]
        while len(self.seats) < len(scores):
            self.seats.append(Record())
        self.completed += 1
        if any(score != 0 for score in scores):
            self.has_scores = True
        for seat, score in enumerate(scores):
            kind = seat_bots[seat] if seat < len(seat_bots) else AUTOMA
            tallies = [self.seats[seat]] if kind == AUTOMA else [self.seats[seat], self.bots.setdefault(kind, Record())]
            for tally in tallies:
                tally.games += 1
                tally.scores.add(score)
                if winners == [seat]:
                    tally.sole_wins += 1
                elif seat in winners:
                    tally.shared_wins += 1
        if len(winners) == 1 and len(scores) > 1:
            winner = winners[0]
            others = [score for seat, score in enumerate(scores) if seat != winner]
            self.margin.add(exact(scores[winner]) - exact(max(others)))
        self.rounds.add(record.get("rounds"))
        self.decisions.add(record.get("length"))
        if leaders is not None:
            changes, last = 0, None
            for _, leader in leaders:
                if leader is not None:
                    if last is not None and leader != last:
                        changes += 1
                    last = leader
            self.lead_changes.add(changes)
            if len(winners) == 1:
                for round_number, leader in leaders:
                    tally = self.winner_leads.setdefault(round_number, [0, 0])
                    tally[0] += 1
                    tally[1] += leader == winners[0]

    def summary(self, seat_names: Sequence[str], seat_bots: Sequence[str], rotated: bool,
                rotation: Sequence[str] | None = None) -> dict[str, Any]:
        """The figures as a JSON-ready dict (the `balance` key of `simulate`'s result).

        Args:
            seat_names: every seat's name, automa seats included.
            seat_bots: every seat's bot spec, `automa` for an automa seat, `rotated` with `rotated`.
            rotated: whether the player seats' bots were rotated round the seats.
            rotation: with `rotated`, the player seats' bots in the first game's seat order.
        """
        seats = []
        for seat, tally in enumerate(self.seats):
            figures = tally.summary()
            figures["name"] = seat_names[seat] if seat < len(seat_names) else f"seat {seat + 1}"
            figures["bot"] = seat_bots[seat] if seat < len(seat_bots) else None
            seats.append(figures)
        bots = {kind: tally.summary() for kind, tally in self.bots.items() if kind != AUTOMA}
        win_rates = [figures["win_rate"] for figures in seats]
        return {
            "completed": self.completed,
            "rotated": rotated,
            "has_scores": self.has_scores,
            "bots_played": bots_played(seat_names, seat_bots, rotation if rotated else None),
            "warnings": bot_strength_warnings(seat_names, seat_bots, rotation if rotated else None, win_rates),
            "seats": seats,
            "bots": bots,
            "margin_of_victory": self.margin.summary() | {"histogram": self.margin.histogram()},
            "rounds": self.rounds.summary() | {"histogram": self.rounds.histogram()},
            "decisions": self.decisions.summary() | {"histogram": self.decisions.histogram()},
            "lead_changes": self.lead_changes.summary() | {"histogram": self.lead_changes.histogram()},
            "winner_leads_by_round": [
                {"round": round_number, "games": games, "winner_leads": led / games if games else None}
                for round_number, (games, led) in sorted(self.winner_leads.items())
            ],
            "seat_order": self.seat_order_test(seat_names, seat_bots, rotated, rotation),
        }

    def seat_order_test(self, seat_names: Sequence[str], seat_bots: Sequence[str], rotated: bool,
                        rotation: Sequence[str] | None = None) -> dict[str, Any]:
        """Each player seat's sole wins against a fair share, with p-values; and the verdict in words.

        The verdict judges the seats only when they were played alike: when the player seats had
        bots of different strengths (not rotated) it gives the figures and says they compare the
        bots; when an automa played against random bots it says the automa's win rate is no
        verdict on the game. Either way `seats_alike` is false and nothing is called "fair".
        """
        player_seats = self.player_seats or []
        games = self.completed
        field = Field(seat_bots, rotation if rotated else None)
        bots_differ, against_chance = field.bots_differ, field.automa_against_chance
        alike = not bots_differ and not against_chance
        if len(player_seats) < 2 or not games:
            return {"fair_rate": None, "seats": [], "verdict": "no seat-order test: fewer than two player seats "
                    "or no completed game", "biased": False, "seats_alike": alike}
        wins = [self.seats[seat].sole_wins for seat in player_seats]
        fair = sum(wins) / len(player_seats) / games
        # With draws "fair" is below 1 / seats: an equal share of the games someone won alone.
        share = f"a fair {100 * fair:.1f}% (an equal share of the {100 * sum(wins) / games:.1f}% of games won outright"
        tests = []
        for seat, won in zip(player_seats, wins):
            tests.append({"seat": seat, "name": seat_names[seat], "sole_wins": won, "rate": won / games,
                          "p_value": binomial_two_sided(won, games, fair)})
        first = tests[0]
        name = first["name"]
        automa_note = ""
        if against_chance:
            rates = [self.seats[seat].sole_wins / games for seat in field.automa_seats]
            opponents = "random bots" if field.all_chance else "partly random bots"
            automa_note = (f"{_names([seat_names[seat] for seat in field.automa_seats])} (automa) won "
                           f"{_percentages(rates)} against {opponents}")
        if first["p_value"] is None:
            verdict, biased = f"seat order: no test ({name} and the others never win alone)", False
        elif bots_differ:
            bots = ", ".join(field.player_bots)
            verdict = (f"seat order not judged, as the player seats had different bots ({bots}): the first seat "
                       f"({name}) wins {100 * first['rate']:.1f}% of games against {share}; "
                       f"p = {first['p_value']:.3g}), which compares the bots, not the seats")
            biased = False
        elif first["p_value"] < SIGNIFICANCE:
            side = "an advantage" if first["rate"] > fair else "a disadvantage"
            verdict = (f"SEAT-ORDER BIAS: the first seat ({name}) wins {100 * first['rate']:.1f}% of games against "
                       f"{share}; p = {first['p_value']:.3g}): moving first is {side}")
            biased = True
        elif against_chance:
            verdict = (f"seat order among the player seats: the first seat ({name}) wins "
                       f"{100 * first['rate']:.1f}% of games against {share}; p = {first['p_value']:.2f}): "
                       f"no difference shown between them, but no verdict on the game, as {automa_note}")
            biased = False
        else:
            verdict = (f"seat order: the first seat ({name}) wins {100 * first['rate']:.1f}% of games against "
                       f"{share}; p = {first['p_value']:.2f}): consistent with fair")
            biased = False
        others = [test for test in tests[1:] if test["p_value"] is not None and test["p_value"] < SIGNIFICANCE]
        if others and not bots_differ:
            verdict += "; " + ", ".join(
                f"{test['name']} {100 * test['rate']:.1f}% (p = {test['p_value']:.3g})" for test in others
            ) + " also differ from fair"
        if biased and against_chance:
            verdict += f"; and {automa_note}, which is no verdict on the game"
        return {"fair_rate": fair, "seats": tests, "verdict": verdict, "biased": biased, "seats_alike": alike}


class Field:
    """Who played against whom, as far as bot strength goes: whether the seats were played alike.

    Args:
        seat_bots: every seat's bot spec, `automa` for an automa seat (`rotated` with a rotation).
        rotation: the player seats' bots when they were rotated round the seats, else None.
    """

    def __init__(self, seat_bots: Sequence[str], rotation: Sequence[str] | None = None) -> None:
        self.player_seats = [seat for seat, kind in enumerate(seat_bots) if kind != AUTOMA]
        self.automa_seats = [seat for seat, kind in enumerate(seat_bots) if kind == AUTOMA]
        self.player_bots = list(rotation) if rotation else [seat_bots[seat] for seat in self.player_seats]
        chance = [bot_kind(kind) == CHANCE_BOT for kind in self.player_bots]
        self.all_chance = bool(chance) and all(chance)
        # Rotated bots play every seat equally often: the seats are then played alike, whatever the bots.
        self.bots_differ = not rotation and not same_strength(self.player_bots)
        self.automa_against_chance = bool(self.automa_seats) and any(chance)


def bot_kind(spec: str) -> str:
    """The bot a spec names, without its budget: "mcts" for "mcts:2000"."""
    return spec.partition(":")[0]


def same_strength(specs: Sequence[str]) -> bool:
    """Whether the bot specs all name one bot with one budget ("mcts" and "mcts:1000" may be the same)."""
    seen = set()
    for spec in specs:
        try:
            seen.add(parse_bot_spec(spec))
        except ValueError:  # not a bot spec (a fake engine's bot in a test): compared as written
            seen.add((spec, None))
    return len(seen) <= 1


def _names(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    names = [str(name) for name in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _percentages(rates: Sequence[float | None]) -> str:
    return _names(["–" if rate is None else f"{100 * rate:.1f}%" for rate in rates])


def _players(count: int) -> str:
    return f"{count} player" + ("" if count == 1 else "s")


def bots_played(seat_names: Sequence[str], seat_bots: Sequence[str], rotation: Sequence[str] | None = None) -> str:
    """Who played every seat, for a headline, with automa seats named as the rules file names them.

    "4 players, all random bots"; "2 players, both greedy bots, and Henry Morgan (automa)";
    "Player 1 greedy, Player 2 random"; "3 players, bots greedy, random, random rotated round the seats".

    Args:
        seat_names: every seat's name, automa seats included.
        seat_bots: every seat's bot spec, `automa` for an automa seat (`rotated` with a rotation).
        rotation: the player seats' bots in the first game's seat order, when they were rotated.
    """
    automa = [str(name) for name, kind in zip(seat_names, seat_bots) if kind == AUTOMA]
    players = [(str(name), kind) for name, kind in zip(seat_names, seat_bots) if kind != AUTOMA]
    kinds = [kind for _, kind in players]
    if rotation:
        text = f"{_players(len(players))}, bots {', '.join(rotation)} rotated round the seats"
    elif not players:
        text = "no player seats"
    elif len(set(kinds)) == 1:
        kind = kinds[0]
        text = {1: f"1 player, the {kind} bot", 2: f"2 players, both {kind} bots"}.get(
            len(players), f"{len(players)} players, all {kind} bots")
    else:
        return ", ".join([f"{name} {kind}" for name, kind in players] + [f"{name} (automa)" for name in automa])
    if automa:
        text += ", and " + automa_phrase(seat_names, seat_bots)
    return text


def automa_phrase(seat_names: Sequence[str], seat_bots: Sequence[str]) -> str:
    """The automa seats as a headline names them: "Henry Morgan (automa)"; empty without any."""
    automa = [str(name) for name, kind in zip(seat_names, seat_bots) if kind == AUTOMA]
    return f"{_names(automa)} (automa)" if automa else ""


def bot_strength_warnings(seat_names: Sequence[str], seat_bots: Sequence[str], rotation: Sequence[str] | None = None,
                          win_rates: Sequence[float | None] | None = None) -> list[str]:
    """Sentences for a run whose balance figures are mostly about bot strength, each saying what to do instead.

    Two cases: the player seats had bots of different strengths and were not rotated (their
    win rates and the seat-order test then compare bots, not seats); an automa seat, which the
    rules play themselves, by rule rather than at random, played against random bots (its win
    rate then measures random play more than the game).

    Args:
        seat_names: every seat's name, automa seats included.
        seat_bots: every seat's bot spec, `automa` for an automa seat (`rotated` with a rotation).
        rotation: the player seats' bots when they were rotated round the seats.
        win_rates: every seat's win rate, for the automa's figure (left out when not given).
    """
    warnings = []
    field = Field(seat_bots, rotation)
    if field.bots_differ:
        seats = ", ".join(f"{seat_names[seat]} {seat_bots[seat]}" for seat in field.player_seats)
        warnings.append(
            f"The player seats had bots of different strengths ({seats}), so their win rates and the seat-order "
            "test compare the bots, not the seats: add --rotate, or give every player seat the same bot "
            "(--bot greedy without --seat).")
    if field.automa_against_chance:
        automa_seats = field.automa_seats
        names = [str(seat_names[seat]) for seat in automa_seats]
        rates = [win_rates[seat] if win_rates is not None and seat < len(win_rates) else None
                 for seat in automa_seats]
        who = "the players were" if field.all_chance else "some players were"
        if len(names) == 1:
            subject = f"{names[0]} is an automa, played by the rules themselves"
            figure = f"{names[0]}'s" + ("" if rates[0] is None else f" {100 * rates[0]:.1f}%") + " win rate says"
        else:
            subject = f"{_names(names)} are automa, played by the rules themselves"
            figure = "their win rates" + ("" if None in rates else f" ({_percentages(rates)})") + " say"
        warnings.append(
            f"{subject}, and {who} random bots, so {figure} more about random play than about the game: "
            "run it again with --bot greedy (or mcts) in every player seat.")
    return warnings


def binomial_two_sided(successes: int, trials: int, rate: float) -> float | None:
    """Exact two-sided binomial p-value (outcomes no more likely than the one seen); None when undefined."""
    if trials == 0 or not 0 < rate < 1:
        return None
    log_rate, log_rest = math.log(rate), math.log1p(-rate)

    def log_probability(k: int) -> float:
        return (math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
                + k * log_rate + (trials - k) * log_rest)

    seen = log_probability(successes)
    threshold = seen + 1e-7 * abs(seen) + 1e-12
    total = math.fsum(math.exp(log_probability(k)) for k in range(trials + 1) if log_probability(k) <= threshold)
    return min(1.0, total)


def difference_interval(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> list[float] | None:
    """95% interval for rate B minus rate A (Newcombe's hybrid score method, from the Wilson intervals)."""
    interval_a, interval_b = wilson_interval(successes_a, trials_a), wilson_interval(successes_b, trials_b)
    if interval_a is None or interval_b is None:
        return None
    rate_a, rate_b = successes_a / trials_a, successes_b / trials_b
    low_a, high_a = interval_a
    low_b, high_b = interval_b
    difference = rate_b - rate_a
    low = difference - math.sqrt((rate_b - low_b) ** 2 + (high_a - rate_a) ** 2)
    high = difference + math.sqrt((high_b - rate_b) ** 2 + (rate_a - low_a) ** 2)
    return [max(-1.0, low), min(1.0, high)]


def mean_difference_interval(a: dict[str, Any], b: dict[str, Any]) -> list[float] | None:
    """95% interval for mean B minus mean A (Welch, normal approximation) from two `Distribution.summary()`s."""
    if a["n"] < 2 or b["n"] < 2 or a["sd"] is None or b["sd"] is None:
        return None
    difference = b["mean"] - a["mean"]
    half = WILSON_Z * math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
    return [difference - half, difference + half]


def sole_leader(scores: Iterable[Any]) -> int | None:
    """The seat with the highest score, or None when several share it."""
    best, leader = None, None
    for seat, score in enumerate(scores):
        if best is None or score > best:
            best, leader = score, seat
        elif score == best:
            leader = None
    return leader
