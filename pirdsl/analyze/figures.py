"""The games of an analysis added up: coverage, choices, points, how the games go, and the headline.

`AnalysisTotals.add` takes each game's record (with the `analysis` key `watch.py` adds)
as it comes in, keeping totals only; `AnalysisTotals.result` turns them and `simulate`'s
own figures into the JSON of `pirdsl analyze --json` (its schema: docs/analyze.md).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from dsl import ast
from pirdsl.analyze.inventory import Inventory, inventory, names_in, source_line
from pirdsl.analyze.watch import LEFTOVER, SETUP, STARTING, start_counts
from pirdsl.balance import AUTOMA, WILSON_Z, Distribution, bot_kind, exact, wilson_interval
from pirdsl.report import verdict_tone

SCHEMA = "pirdsl-analyze/1"

# How strong each bot is, for choosing whose decisions judge the options (the strongest's).
STRENGTH = {"random": 0, "greedy": 1, "mcts": 2, "ismcts": 2}

# The thresholds of the flags (docs/analyze.md says them in words).
TRAP_EXPECTED = 4.0  # a trap: random would have taken it at least this often in the same decisions...
TRAP_SHARE = 0.2  # ...and the strong bot took it at most this share of that (a fifth)
DOMINANT_CONTESTED = 8  # dominant: offered beside something else at least this often...
DOMINANT_SHARE = 0.9  # ...and taken at least this share of those times...
DOMINANT_RANDOM = 0.6  # ...where random would have taken it at most this share
FORCED_VISITS = 5  # not a real choice: asked at least this often...
FORCED_SHARE = 0.9  # ...with a single option at least this share of the time
ROUND_LIMIT_SHARE = 0.5  # most games ending in the same, longest round: a round limit decides them


class Mean:
    """A running mean of one number per game, exact, with its 95% interval (normal approximation)."""

    def __init__(self) -> None:
        self.count = 0
        self.total: Any = 0
        self.squares: Any = 0

    def add(self, value: Any) -> None:
        value = exact(value)
        self.count += 1
        self.total += value
        self.squares += value * value

    def summary(self) -> dict[str, Any]:
        if not self.count:
            return {"mean": None, "interval": None}
        mean = float(self.total / self.count)
        if self.count < 2 or isinstance(self.total, float) and not math.isfinite(self.total):
            return {"mean": mean, "interval": None}
        variance = float((self.squares - self.total * self.total / self.count) / (self.count - 1))
        half = WILSON_Z * math.sqrt(max(0.0, variance) / self.count)
        return {"mean": mean, "interval": [mean - half, mean + half]}


class AnalysisTotals:
    """The analysis figures of a run so far; add each game's record in game order."""

    def __init__(self, game: Any, players: int, variants: Sequence[str]) -> None:
        self.game = game
        self.inventory: Inventory = inventory(game, variants, players)
        # What every game reaches before its first decision (its setup): traced once.
        self.setup = start_counts(game, players, variants)
        self.start, self.start_rows = self.setup.counts, self.setup.rows
        self.games = 0  # games watched (errors included: coverage counts what ran)
        self.reached_games: dict[int, int] = {}
        self.reached_times: dict[int, int] = {}
        self.rows: dict[tuple[str, Any], list[int]] = {}  # (table, key) -> [games, times]
        self.points: dict[int, list[Mean]] = {}
        self.points_games = 0
        self.decisions: dict[tuple[int, str], dict] = {}
        self.branching: dict[int, list[int]] = {}
        self.final_games = 0
        self.final_changed = 0
        self.decided_round = Distribution()
        self.decided_share = Distribution()
        self.seats = 0
        self.cpu_seconds = 0.0  # processor time of the games watched, the bots' thinking included
        self.thinking: dict[str, list] = {}  # bot spec -> [processor seconds thinking, decisions]

    # ------------------------------------------------------------ adding a game

    def add(self, record: dict[str, Any]) -> None:
        analysis = record.pop("analysis", None)
        if analysis is None:
            return
        self.games += 1
        self.cpu_seconds += analysis.get("cpu_seconds", 0.0)
        for spec_name, (seconds, decisions) in analysis.get("thinking", {}).items():
            tally = self.thinking.setdefault(spec_name, [0.0, 0])
            tally[0] += seconds
            tally[1] += decisions
        for number, count in analysis["counts"].items():
            self.reached_games[number] = self.reached_games.get(number, 0) + 1
            self.reached_times[number] = self.reached_times.get(number, 0) + count
        for name, key, count in analysis["rows"]:
            tally = self.rows.setdefault((name, key), [0, 0])
            tally[0] += 1
            tally[1] += count
        for (site, spec_name), tally in ((tuple(entry[:2]), entry[2]) for entry in analysis["decisions"]):
            self.merge_decision((site, spec_name), tally)
        for round_number, (options, decisions) in analysis["branching"].items():
            totals = self.branching.setdefault(int(round_number), [0, 0])
            totals[0] += options
            totals[1] += decisions
        finished = "error" not in record and not record.get("unfinished") and record.get("scores") is not None
        if not finished:
            return
        scores, winners = record["scores"], record["winners"]
        self.seats = max(self.seats, len(scores))
        self.points_games += 1
        game_points = self.explain_setup(analysis["points"])
        keys = set(self.points) | set(game_points)
        for key in keys:
            change = game_points.get(key) or [0] * len(scores)
            means = self.points.setdefault(key, [Mean() for _ in scores])
            while len(means) < len(scores):
                means.append(Mean())
            if not means[0].count and self.points_games > 1:  # a line first seen now: the games before gave it 0
                for mean in means:
                    for _ in range(self.points_games - 1):
                        mean.add(0)
            for seat, value in enumerate(change):
                means[seat].add(value)
        leader = analysis["leader_before_final"]
        if leader != "none":
            self.final_games += 1
            # The sole leader on score as final scoring began (None: a tie) against the sole winner (None: none).
            self.final_changed += leader != (winners[0] if len(winners) == 1 else None)
        leaders = analysis.get("leaders") or []
        if len(winners) == 1 and leaders:
            decided = None
            for round_number, leading in reversed(leaders):
                if leading != winners[0]:
                    break
                decided = round_number
            if decided is not None:
                self.decided_round.add(decided)
                self.decided_share.add(exact(decided) / exact(max(1, record["rounds"] or 1)))

    def explain_setup(self, points: dict) -> dict:
        """A game's points with those it had when play started put down to setup's lines (and the
        variables' starting values), when the setup traced once explains them exactly; else as they are."""
        at_start = points.get(SETUP)
        explained = self.setup.scores()
        if at_start is None or explained is None or [exact(value) for value in explained] != \
                [exact(value) for value in at_start]:
            return points
        points = {key: list(change) for key, change in points.items() if key != SETUP}
        for key, change in [(STARTING, self.setup.initial)] + list(self.setup.points.items()):
            if not any(change):
                continue
            totals = points.setdefault(key, [0] * len(change))
            for seat, value in enumerate(change):
                totals[seat] += value
        return points

    def merge_decision(self, key: tuple[int, str], tally: dict) -> None:
        mine = self.decisions.get(key)
        if mine is None:
            self.decisions[key] = {"visits": tally["visits"], "forced": tally["forced"], "options": tally["options"],
                                   "kinds": {kind: list(figures) for kind, figures in tally["kinds"].items()},
                                   "examples": dict(tally.get("examples", {}))}
            return
        for name in ("visits", "forced", "options"):
            mine[name] += tally[name]
        for kind, figures in tally["kinds"].items():
            totals = mine["kinds"].setdefault(kind, [0, 0, 0.0, 0, 0])
            for position, value in enumerate(figures):
                totals[position] += value
        for kind, label in tally.get("examples", {}).items():
            mine["examples"].setdefault(kind, label)

    # ------------------------------------------------------------ the figures

    def result(self, simulated: dict[str, Any]) -> dict[str, Any]:
        """Everything as the JSON of `pirdsl analyze --json`, from these totals and `simulate`'s result."""
        game = self.game
        coverage = self.coverage()
        choices = self.choices(simulated["seat_bots"])
        points = self.points_figures(simulated["seats"])
        flow = self.flow(simulated)
        result = {
            "schema": SCHEMA,
            "game": game.name,
            "file": game.path,
            "players": simulated["players"],
            "variants": simulated["variants"],
            "params": simulated.get("params", {}),
            "seed": simulated["seed"],
            "games": simulated["games"],
            "completed": simulated["completed"],
            "errors": simulated["errors"],
            "unfinished": simulated["unfinished"],
            "first_error": simulated["first_error"],
            "seats": simulated["seats"],
            "seat_bots": simulated["seat_bots"],
            "bots_played": simulated["balance"]["bots_played"],
            "coverage": coverage,
            "choices": choices,
            "points": points,
            "flow": flow,
        }
        result["findings"] = findings(result)
        result["headline"] = headline(result, simulated)
        result["warnings"] = list(simulated["balance"]["warnings"])
        result["seconds"] = simulated["seconds"]
        result["jobs"] = simulated["jobs"]
        result["cost"] = self.cost()
        # Apart from the headline, which says only what the games say (the same on every run of the same games).
        result["cost"]["text"] = cost_sentence(result)
        return result

    def cost(self) -> dict[str, Any]:
        """What the games cost in processor time: in all, a game, each bot's thinking a decision, the rest."""
        bots = []
        for spec_name, (seconds, decisions) in sorted(self.thinking.items()):
            bots.append({"bot": spec_name, "budget": budget_text(spec_name), "cpu_seconds": seconds,
                         "decisions": decisions, "per_decision": seconds / decisions if decisions else None})
        outside = max(0.0, self.cpu_seconds - sum(entry["cpu_seconds"] for entry in bots))
        return {"games": self.games, "cpu_seconds": self.cpu_seconds,
                "per_game": self.cpu_seconds / self.games if self.games else None, "bots": bots,
                "outside_bots": {"cpu_seconds": outside,
                                 "share": outside / self.cpu_seconds if self.cpu_seconds else None}}

    def line_text(self, file: str, line: int) -> str:
        return source_line(self.game, file, line)

    def coverage(self) -> dict[str, Any]:
        games = self.games
        items = []
        for item in self.inventory.items:
            entry: dict[str, Any] = {"kind": item.kind, "name": item.name, "file": item.file, "line": item.line,
                                     "where": item.where}
            if item.kind == "table row":
                tally = self.rows.get((item.table, item.key), [0, 0])
                at_start = self.start_rows.get((item.table, item.key), 0)
                entry.update(games_fired=games if at_start else tally[0], times=at_start * games + tally[1])
            elif item.witness is None:
                entry.update(games_fired=None, times=None, note=item.note or "not found in the compiled game")
            else:
                at_start = self.start.get(item.witness, 0)
                entry.update(games_fired=games if at_start else self.reached_games.get(item.witness, 0),
                             times=at_start * games + self.reached_times.get(item.witness, 0))
            if item.note is not None:
                entry["note"] = item.note
            elif item.unreachable is not None:
                entry["unreachable"] = item.unreachable
            if entry["games_fired"] is not None:
                entry["share_of_games"] = entry["games_fired"] / games if games else None
                entry["per_game"] = entry["times"] / games if games else None
                never = games > 0 and entry["games_fired"] == 0 and item.note is None and item.unreachable is None
                if never and item.doubt is not None:
                    entry["doubt"] = item.doubt
                elif never and item.follows is not None:
                    unchosen = self.unchosen(item.follows)
                    if unchosen is not None:
                        entry["unchosen"] = unchosen
                entry["dead"] = never and item.doubt is None and "unchosen" not in entry
            else:
                entry["share_of_games"] = entry["per_game"] = None
                entry["dead"] = False
            items.append(entry)
        dead = [entry for entry in items if entry["dead"]]
        counted = [entry for entry in items if entry["games_fired"] is not None
                   and "note" not in entry and "unreachable" not in entry]
        fired = sum(1 for entry in counted if entry["games_fired"])
        return {"games": games, "items": items, "dead": dead, "fired": fired, "counted": len(counted),
                "not_playable": [entry for entry in items if "note" in entry],
                "not_reachable": [entry for entry in items if "unreachable" in entry],
                "undecided": [entry for entry in items if "doubt" in entry],
                "unchosen": [entry for entry in items if "unchosen" in entry]}

    def unchosen(self, follows: tuple[str, int, tuple[str, ...]]) -> str | None:
        """Why a branch that follows options of a choice never fired, when no bot chose them although offered."""
        file, line, kinds = follows
        offered = picked = 0
        for (site, _), tally in self.decisions.items():
            span = self.game.choices[site].span
            if span.file == file and span.line == line:
                for kind in kinds:
                    figures = tally["kinds"].get(kind)
                    if figures is not None:
                        offered += figures[0]
                        picked += figures[4]
        if not offered or picked:
            return None
        names = ", ".join(f"'{kind}'" for kind in kinds)
        return (f"it follows {names} of the choice of line {line}, which no bot chose "
                f"(offered {times(offered)})")

    def judge(self, seat_bots: Sequence[str]) -> str | None:
        """The strongest bot that played a seat, whose decisions judge the options; None when only random played."""
        specs = [spec for spec in seat_bots if spec != AUTOMA]
        if not specs:
            return None
        best = max(specs, key=lambda spec: STRENGTH.get(bot_kind(spec), 0))
        return best if STRENGTH.get(bot_kind(best), 0) > 0 else None

    def choices(self, seat_bots: Sequence[str]) -> dict[str, Any]:
        judge = self.judge(seat_bots)
        sites: dict[int, dict] = {}
        for (site, spec), tally in self.decisions.items():
            sites.setdefault(site, {})[spec] = tally
        decisions = []
        for site_index in sorted(sites, key=lambda number: (self.game.choices[number].span.file,
                                                            self.game.choices[number].span.line)):
            site = self.game.choices[site_index]
            by_spec = sites[site_index]
            visits = sum(tally["visits"] for tally in by_spec.values())
            options = sum(tally["options"] for tally in by_spec.values())
            forced = sum(tally["forced"] for tally in by_spec.values())
            entry: dict[str, Any] = {
                "line": site.span.line, "file": site.span.file, "text": self.line_text(site.span.file, site.span.line),
                "variable": site.var, "visits": visits, "mean_options": options / visits if visits else None,
                "forced_share": forced / visits if visits else None, "judged_by": judge, "options": [],
            }
            judged = by_spec.get(judge) if judge else None
            source = judged or merged(by_spec.values())
            for kind, (offered, contested, expected, picks, picks_all) in sorted(
                    source["kinds"].items(), key=lambda pair: -pair[1][0]):
                option = {"kind": kind, "example": source.get("examples", {}).get(kind),
                          "offered": offered, "contested": contested, "picked": picks_all,
                          "picked_when_contested": picks,
                          "pick_rate": picks / contested if contested else None,
                          "random_rate": expected / contested if contested else None,
                          "flag": None}
                if judged is not None and contested:
                    if expected >= TRAP_EXPECTED and picks <= TRAP_SHARE * expected:
                        option["flag"] = "trap"
                    elif contested >= DOMINANT_CONTESTED and picks >= DOMINANT_SHARE * contested \
                            and expected <= DOMINANT_RANDOM * contested:
                        option["flag"] = "dominant"
                entry["options"].append(option)
            entry["not_a_real_choice"] = visits >= FORCED_VISITS and forced >= FORCED_SHARE * visits
            decisions.append(entry)
        return {"judged_by": judge, "decisions": decisions,
                "thresholds": {"trap_expected": TRAP_EXPECTED, "trap_share": TRAP_SHARE,
                               "dominant_contested": DOMINANT_CONTESTED, "dominant_share": DOMINANT_SHARE,
                               "dominant_random": DOMINANT_RANDOM, "forced_visits": FORCED_VISITS,
                               "forced_share": FORCED_SHARE}}

    def points_figures(self, seat_names: Sequence[str]) -> dict[str, Any]:
        spans = self.game.spans
        lines = []
        for key, means in self.points.items():
            if key == SETUP:
                file, line, text, kind = None, None, "scores when play starts (setup)", "setup"
            elif key == STARTING:
                file, line, text = self.starting_values()
                kind = "starting values"
            elif key == LEFTOVER:
                file, line, text, kind = None, None, "changes no statement explains", "unexplained"
            else:
                span = spans[key]
                file, line, kind = span.file, span.line, "statement"
                text = self.line_text(span.file, span.line)
            per_seat = [mean.summary() for mean in means]
            if all(figures["mean"] == 0 for figures in per_seat):
                continue
            lines.append({"kind": kind, "file": file, "line": line, "text": text, "per_seat": per_seat,
                          "total_mean": sum(figures["mean"] or 0 for figures in per_seat)})
        lines.sort(key=lambda entry: -abs(entry["total_mean"]))
        return {"games": self.points_games, "seats": list(seat_names), "by_line": lines}

    def starting_values(self) -> tuple[str | None, int | None, str]:
        """Where the points of the variables' starting values come from: the `var` line when the
        score (through its defines) reads one variable only, else the variables' names."""
        decls = self.game.file.declarations
        defines = {decl.name: decl.body for decl in decls if isinstance(decl, ast.DefineDecl)}
        read: set[str] = set()
        waiting = [decl.body for decl in decls if isinstance(decl, ast.ScoreDecl)]
        while waiting:
            node = waiting.pop()
            if isinstance(node, ast.Attribute):  # a variable of a player or a piece: `p.points`
                read.add(node.name)
            if isinstance(node, (ast.Name, ast.Call)):
                name = node.id if isinstance(node, ast.Name) else node.function
                if name not in read:
                    read.add(name)
                    if name in defines:
                        waiting.append(defines[name])
            if isinstance(node, ast.Node):
                waiting.extend(getattr(node, field) for field in type(node).model_fields if field != "span")
            elif isinstance(node, (list, tuple)):
                waiting.extend(node)
        variables = [decl for decl in decls if isinstance(decl, ast.VarDecl) and decl.name in read]
        if len(variables) == 1:
            (decl,) = variables
            return decl.span.file, decl.span.line, "starting value: " + self.line_text(decl.span.file, decl.span.line)
        names = ", ".join(decl.name for decl in variables)
        return None, None, "the starting values of the variables the score reads" + (f" ({names})" if names else "")

    def flow(self, simulated: dict[str, Any]) -> dict[str, Any]:
        balance = simulated["balance"]
        completed = simulated["completed"]
        rounds = balance["rounds"]
        limit = None
        histogram = rounds.get("histogram") or []
        if histogram and completed:
            longest, at_longest = histogram[-1]
            longest = int(longest) if float(longest).is_integer() else longest  # a round, not "6.0"
            share = at_longest / completed
            limited = round_limited(self.game)
            limit = {"round": longest, "games": at_longest, "share": share, "limit_in_rules": limited,
                     "warning": limited and share >= ROUND_LIMIT_SHARE}
        order = balance["seat_order"]
        fair = order.get("fair_rate")
        seats = []
        for seat, name in enumerate(simulated["seats"]):
            seats.append({"seat": seat, "name": name, "bot": simulated["seat_bots"][seat],
                          "win_rate": simulated["win_rate"][seat],
                          "interval": simulated["win_rate_interval"][seat],
                          "mean_score": simulated["mean_score"][seat],
                          "fair_rate": None if simulated["seat_bots"][seat] == AUTOMA else fair})
        lopsided = [entry for entry in seats if entry["fair_rate"] is not None and entry["interval"] is not None
                    and not entry["interval"][0] <= entry["fair_rate"] <= entry["interval"][1]]
        return {
            "rounds": strip_histogram(rounds),
            "rounds_histogram": histogram,
            "decisions": strip_histogram(balance["decisions"]),
            "decisions_histogram": balance["decisions"].get("histogram") or [],
            "branching_by_round": [
                {"round": number, "decisions": decisions, "mean_options": options / decisions}
                for number, (options, decisions) in sorted(self.branching.items()) if decisions],
            "lead_changes": strip_histogram(balance["lead_changes"]),
            "winner_leads_by_round": balance["winner_leads_by_round"],
            "decided_from_round": self.decided_round.summary(),
            "decided_from_share_of_game": self.decided_share.summary(),
            "final_scoring": {
                "games": self.final_games, "changed_winner": self.final_changed,
                "share": self.final_changed / self.final_games if self.final_games else None,
                "interval": wilson_interval(self.final_changed, self.final_games)},
            "draws": simulated["draws"],
            "no_winner": simulated["no_winner"],
            "seats": seats,
            "lopsided_seats": [entry["name"] for entry in lopsided],
            "seats_alike": order["seats_alike"],
            "seat_order": order["verdict"],
            "seat_order_tone": verdict_tone(order),
            "round_limit": limit,
            "lines": self.landmarks(),
        }

    def landmarks(self) -> dict[str, Any]:
        """The lines the figures of how a game goes point at: the score, the rounds, final scoring, `end game`s."""
        from pirdsl.analyze.watch import walk

        found: dict[str, Any] = {"score": None, "final_scoring": None, "rounds": [], "end_game": []}
        for decl in self.game.file.declarations:
            if isinstance(decl, ast.ScoreDecl) and decl.span.file == self.game.path:
                found["score"] = decl.span.line
            elif isinstance(decl, ast.FinalScoringDecl) and decl.span.file == self.game.path:
                found["final_scoring"] = decl.span.line
            if isinstance(getattr(decl, "body", None), list) and not isinstance(decl, (ast.ExampleDecl,
                                                                                       ast.ExampleSetupDecl)):
                for node in walk(decl.body):
                    if node.span.file != self.game.path:
                        continue
                    if isinstance(node, ast.Rounds):
                        found["rounds"].append(node.span.line)
                    elif isinstance(node, ast.EndGame):
                        found["end_game"].append(node.span.line)
        return found


def round_limited(game: Any) -> bool:
    """Whether a `rounds until` of play stops on the round number (itself, or through the defines it reads).

    Only then can a game be stopped by a round limit; without one, many games ending in
    the same round is how the game goes, not a limit.
    """
    from dsl import ast
    from pirdsl.analyze.watch import walk

    defines = {decl.name: decl.body for decl in game.file.declarations if isinstance(decl, ast.DefineDecl)}
    for decl in game.file.declarations:
        if not isinstance(decl, (ast.PlayDecl, ast.RuleDecl)):
            continue
        for node in walk(decl.body):
            if isinstance(node, ast.Rounds) and node.until is not None:
                seen: set[str] = set()
                waiting = names_in(node.until)
                while waiting:
                    name = waiting.pop()
                    if name == "round_number":
                        return True
                    if name in seen:
                        continue
                    seen.add(name)
                    if name in defines:
                        waiting |= names_in(defines[name])
    return False


def merged(tallies: Any) -> dict:
    """Several bots' tallies of one decision, added together."""
    total: dict = {"visits": 0, "forced": 0, "options": 0, "kinds": {}, "examples": {}}
    for tally in tallies:
        for name in ("visits", "forced", "options"):
            total[name] += tally[name]
        for kind, figures in tally["kinds"].items():
            mine = total["kinds"].setdefault(kind, [0, 0, 0.0, 0, 0])
            for position, value in enumerate(figures):
                mine[position] += value
        for kind, label in tally.get("examples", {}).items():
            total["examples"].setdefault(kind, label)
    return total


def strip_histogram(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key != "histogram"}


EXAMPLE_TEXT = 80  # characters of an option's label shown beside its kind in a finding


def option_words(option: dict[str, Any]) -> str:
    """A kind of option in a finding: quoted, with what a player read for one where that says more
    ('[5, no]' (for example "Sail 5 to ..."))."""
    example = option.get("example")
    if not example or example == option["kind"]:
        return f"'{option['kind']}'"
    if len(example) > EXAMPLE_TEXT:
        example = example[:EXAMPLE_TEXT - 1] + "…"
    return f"'{option['kind']}' (for example \"{example}\")"


def findings(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Each thing worth a designer's look, in one list: what, its line, and a sentence."""
    found = []
    for item in result["coverage"]["dead"]:
        if item["kind"] in ("rule", "power", "action", "table row"):
            what = f"{item['kind']} {item['name']}"
        elif item["kind"] == "end game":
            what = "this end game"
        else:
            what = f"the {item['kind']} branch"
        where = f" (in {item['where']})" if item["where"] else ""
        found.append({"kind": "dead", "file": item["file"], "line": item["line"],
                      "text": f"{what}{where} never fired in {result['coverage']['games']} games"})
    judge = result["choices"]["judged_by"]
    for decision in result["choices"]["decisions"]:
        for option in decision["options"]:
            if option["flag"] == "trap":
                found.append({"kind": "trap", "file": decision["file"], "line": decision["line"], "option": option["kind"],
                              "text": f"{option_words(option)} is possibly a trap: {judge} took it "
                                      f"{times(option['picked_when_contested'])} where random would have taken it about "
                                      f"{option['random_rate'] * option['contested']:.1f} times"})
            elif option["flag"] == "dominant":
                found.append({"kind": "dominant", "file": decision["file"], "line": decision["line"],
                              "option": option["kind"],
                              "text": f"{option_words(option)} is possibly dominant: {judge} took it "
                                      f"{100 * option['pick_rate']:.0f}% of the {option['contested']} times something "
                                      f"else was on offer (random: {100 * option['random_rate']:.0f}%)"})
        if decision["not_a_real_choice"]:
            found.append({"kind": "not a real choice", "file": decision["file"], "line": decision["line"],
                          "text": f"not a real choice: a single option in {100 * decision['forced_share']:.0f}% "
                                  f"of its {decision['visits']} decisions"})
    flow = result["flow"]
    if flow["seats_alike"]:
        for entry in flow["seats"]:
            if entry["name"] in flow["lopsided_seats"]:
                low, high = entry["interval"]
                found.append({"kind": "lopsided seat", "file": None, "line": None, "seat": entry["name"],
                              "text": f"{entry['name']} wins {100 * entry['win_rate']:.1f}% "
                                      f"(95% CI {100 * low:.1f}–{100 * high:.1f}%) against a fair "
                                      f"{100 * entry['fair_rate']:.1f}%"})
    limit = flow["round_limit"]
    if limit and limit["warning"]:
        rounds = flow["lines"]["rounds"]
        found.append({"kind": "round limit", "file": result["file"] if rounds else None,
                      "line": rounds[0] if rounds else None,
                      "text": f"{100 * limit['share']:.0f}% of the completed games ended in round {limit['round']}, "
                              "the longest any game lasted: a round limit (or a fixed length) ends most games"})
    if result["unfinished"]:
        found.append({"kind": "unfinished", "file": None, "line": None,
                      "text": f"{result['unfinished']} games hit the step limit without ending"})
    return found


def times(count: int) -> str:
    """"never", "once", "3 times"."""
    return {0: "never", 1: "once"}.get(count, f"{count} times")


def budget_text(spec: str) -> str | None:
    """A searching bot's budget in words ("1000 iterations a decision, the default"); None for another bot."""
    from pirdsl.bots import SEARCH_KINDS, parse_bot_spec
    from pirdsl.mcts import Budget

    kind, budget = parse_bot_spec(spec)
    if kind not in SEARCH_KINDS or budget is None:
        return None
    default = ", the default" if budget == Budget() else ""
    if budget.seconds is not None:
        return f"{budget.seconds:g} seconds a decision{default}"
    return f"{budget.iterations} iterations a decision{default}"


def duration_text(seconds: float) -> str:
    """A time in words, to three figures at most: "4.2 milliseconds", "58.1 seconds", "3.5 minutes"."""
    if seconds < 1:
        return f"{seconds * 1000:.3g} milliseconds"
    if seconds < 120:
        return f"{seconds:.3g} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.1f} minutes"
    return f"{seconds / 3600:.1f} hours"


def cost_sentence(result: dict[str, Any]) -> str:
    """How long the run took, on how many processes, and where the processor time went."""
    cost = result["cost"]
    text = (f"The games took {duration_text(result['seconds'])} on {result['jobs']} "
            f"process{'es' if result['jobs'] != 1 else ''}")
    if cost["games"] and cost["cpu_seconds"]:
        text += (f", {duration_text(cost['cpu_seconds'])} of processor time "
                 f"({duration_text(cost['per_game'])} a game)")
        thinking = [entry for entry in cost["bots"] if entry["budget"] is not None and entry["decisions"]]
        for entry in thinking:
            text += (f"; {entry['bot']} ({entry['budget']}) took {share_text(entry['cpu_seconds'] / cost['cpu_seconds'])} "
                     f"of it thinking, {duration_text(entry['per_decision'])} a decision")
        if thinking:
            outside = cost["outside_bots"]
            text += (f"; the rest (the rules, the other bots, the watching) {share_text(outside['share'])}, "
                     f"{duration_text(outside['cpu_seconds'] / cost['games'])} a game")
    return text + "."


def share_text(share: float) -> str:
    """A share as a percentage that does not round a little to nothing or nearly all to all: "0.06%", "99.9%"."""
    percent = 100 * share
    if 0 < percent < 1:
        return f"{percent:.1g}%"
    if 99 < percent < 100:
        return f"{min(percent, 99.9):.1f}%"
    return f"{percent:.0f}%"


def headline(result: dict[str, Any], simulated: dict[str, Any]) -> list[str]:
    """A few honest sentences: who played, what the figures can and cannot say."""
    lines = [f"{result['games']} games of {result['game']} for {result['players']} players; "
             f"{simulated['balance']['bots_played']}."]
    for warning in simulated["balance"]["warnings"]:
        lines.append(warning)
    coverage = result["coverage"]
    lines.append(f"Coverage: {coverage['fired']} of the {coverage['counted']} rules, branches, powers, actions, "
                 f"end games and table rows fired; {len(coverage['dead'])} never did"
                 + (f", and {len(coverage['undecided'])} more never fired under a condition that reads a variant "
                    "the analysis cannot settle (not called dead)" if coverage["undecided"] else "")
                 + (f"; {len(coverage['unchosen'])} more "
                    f"{'follows' if len(coverage['unchosen']) == 1 else 'follow'} only options no bot chose "
                    "(not called dead: see the choices)" if coverage.get("unchosen") else "") + ".")
    if coverage["not_reachable"]:
        count = len(coverage["not_reachable"])
        lines.append(f"{count} more cannot fire at {result['players']} players (the player count and fixed "
                     f"settings alone rule {'it' if count == 1 else 'them'} out, by a condition or by the keys a "
                     "table is looked up with): listed apart, not dead.")
    judge = result["choices"]["judged_by"]
    if judge is None:
        lines.append("Choices are not judged: only random bots played. A trap or a dominant option shows "
                     "only against a bot that plays to win (--seat ismcts).")
    else:
        kind = bot_kind(judge)
        caution = " (a one-step bot: it sees no further than the next score)" if kind == "greedy" else ""
        flagged = sum(option["flag"] is not None for decision in result["choices"]["decisions"]
                      for option in decision["options"])
        lines.append(f"Choices are judged by what {judge}{caution} picked against what a random pick would have: "
                     f"{flagged} option{'' if flagged == 1 else 's'} flagged.")
    final = result["flow"]["final_scoring"]
    if final["games"]:
        lines.append(f"Final scoring changed who leads in {100 * final['share']:.0f}% of {final['games']} games.")
    verdict = result["flow"]["seat_order"]
    lines.append(verdict[:1].upper() + verdict[1:] + ("" if verdict.endswith(".") else "."))
    return lines
