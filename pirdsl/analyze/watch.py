"""Watch one bot game as it is played: which statements ran, who scored where, what each decision offered.

The compiled game already knows the line of every statement: the generated module maps
each of its lines to the span of the rules statement it belongs to (`game.line_spans`,
written by interpreter/compiler.py for error messages). So nothing is added to the
generated code: while the real game runs, a `sys.settrace` line tracer, switched on for
the game module's code only, counts the statements reached. It is switched off while a bot
thinks, so that a searching bot's thousands of imagined playouts count for nothing, and
the cost falls on the one game played (docs/architecture.md, "Analysis").

Score attribution: whenever the tracer leaves a statement that can change the state (an
assignment, a move, a create, ...), the seats' scores are worked out again and any change
is put down to that statement; the `rounds` line is one of them, as it adds one to the
round number each round. Setup, traced once for every game (`start_counts`), is scored
the same way, from the variables' starting values. Table rows are counted by putting, in
each table's place, a copy that counts the keys looked up, while the real game runs (the
plain table is back while a bot thinks).

Everything a game leaves is plain data (`GameWatch.summary`), so that worker processes
and Ray tasks send it back with the game's record.
"""

from __future__ import annotations

import copy
import re
import sys
import time
from typing import Any, Sequence

from dsl import ast
from interpreter import GameRuleError
from interpreter.values import Blind, Piece, Player, Zone
from pirdsl.balance import AUTOMA, sole_leader
from pirdsl.playing import GameResult, PlaySettings, play_game

# Statements that may change what a score reads: after one of them the scores are worked out again.
CHANGING = (ast.Assign, ast.AddTo, ast.Move, ast.Create, ast.Eliminate, ast.Shuffle, ast.Draw, ast.WeightedDraw,
            ast.ChooseSet, ast.Choose, ast.Rounds)
SETUP = -1  # the points a seat has when play starts (figures.py puts them down to setup's lines when it can)
LEFTOVER = -2  # points no traced statement explains (what the engine changes outside any statement)
STARTING = -3  # the points of the variables' starting values, before any statement of setup runs
MAX_KIND_TEXT = 40
COUNT_LEFT = re.compile(r" \(\d+ left\)$")  # what interpreter/lowering.py adds to an action limited in number


def play_analysed_game(game: Any, settings: PlaySettings, game_number: int, game_seed: int) -> GameResult:
    """`playing.play_game`, watched: the record gains an `analysis` key (`GameWatch.summary`), with
    the processor time the game took (`cpu_seconds`, the bots' thinking included)."""
    started = time.process_time()
    if settings.params:
        game = game.with_params(dict(settings.params))
    watch = GameWatch(game)
    result = play_game(game, settings, game_number, game_seed, watcher=watch)
    result.record["analysis"] = watch.summary() | {"leaders": result.leaders,
                                                   "cpu_seconds": time.process_time() - started}
    return result


class Start:
    """What every game reaches before its first decision or chance (its setup), traced once.

    `counts` and `rows`: the statements reached and the table rows looked up. `initial`:
    the seats' scores from the variables' starting values alone, before any statement runs
    (None when the score cannot be worked out then); `points`: each statement's change of
    the scores from there, by its span index, as in a game's `points`.
    """

    def __init__(self, counts: dict[int, int], rows: dict[tuple[str, Any], int], initial: list | None,
                 points: dict[int, list]) -> None:
        self.counts, self.rows, self.initial, self.points = counts, rows, initial, points

    def scores(self) -> list | None:
        """The scores when play starts, as the statements explain them (None: the start could not be scored)."""
        if self.initial is None:
            return None
        total = list(self.initial)
        for change in self.points.values():
            total = [before + value for before, value in zip(total, change)]
        return total


def start_counts(game: Any, players: int, variants: Sequence[str]) -> Start:
    """The start of every game, traced once (`Start`).

    Every game of a table starts from a copy of one state made once (`Game.new_state`),
    so its setup is not traced with the game; it is traced here once, on a copy of the
    game with no start made yet, made as `Game.new_state` makes it, with the scores
    worked out again after each statement that may change them.
    """
    fresh = copy.copy(game)
    fresh._starts, fresh._worlds = {}, {}  # as `Game.with_params` makes a game of its own: no start made yet
    watch = GameWatch(fresh)
    state = fresh._blank_state(fresh._world(players, list(variants)), 0)
    watch.state = state
    watch.lenient = True
    watch.scores = initial = watch.current_scores()
    CountingTable.watch = watch
    watch.resume()
    try:
        state._run(fresh.main)
    finally:
        watch.pause()
        CountingTable.watch = None
    # Points put down line by line only when every step could be scored: else a change could be
    # put down to a later line than made it, and setup's points are given as one figure.
    scored = initial is not None and not watch.unscored
    return Start(watch.counts, watch.rows, list(initial) if scored else None, watch.points if scored else {})


class Facts:
    """What the watch needs to know of a game's statements, worked out once per game and process."""

    def __init__(self, game: Any) -> None:
        index = {(span.file, span.line, span.column, span.end_line, span.end_column): number
                 for number, span in enumerate(game.spans)}
        self.changing: set[int] = set()
        for node in statements_of(game.lowered):
            if isinstance(node, CHANGING):
                number = index.get(span_key(node.span))
                if number is not None:
                    self.changing.add(number)
        # The final scoring block's function, whose first call marks the leader before it (none: no such block).
        has_final = any(isinstance(decl, ast.FinalScoringDecl) for decl in game.lowered.declarations)
        self.final_code = getattr(game.final, "__code__", None) if has_final else None
        # The decisions of turns of actions (`p acts ...`): their options are numbered in the
        # compiled game, so each is told by its words, the action's text, instead.
        actions = {span_key(node.span) for node in statements_of(game.file) if isinstance(node, ast.Actions)}
        self.action_sites = {site.id for site in game.choices if span_key(site.span) in actions}


# By the game object, not its hash: a worker process may hold a game of its own, loaded
# again, whose code objects differ from those of a game forked from the parent.
FACTS: dict[int, tuple[Any, Facts]] = {}


def facts_of(game: Any) -> Facts:
    known = FACTS.get(id(game))
    if known is None or known[0] is not game:
        known = FACTS[id(game)] = (game, Facts(game))
    return known[1]


def span_key(span: Any) -> tuple:
    """A span as the key the analysis files everything under: (file, line, column, end line, end column)."""
    return (span.file, span.line, span.column, span.end_line, span.end_column)


def statements_of(game_file: ast.GameFile):
    """Every statement of a file's declarations, nested ones included, in file order."""
    for decl in game_file.declarations:
        yield from walk(getattr(decl, "body", None) if isinstance(getattr(decl, "body", None), list) else [])


def walk(statements: Sequence[Any]):
    """The statements of a body and of every body inside it."""
    for node in statements:
        yield node
        if isinstance(node, ast.If):
            for branch in node.branches:
                yield from walk(branch.body)
            yield from walk(node.otherwise)
        elif isinstance(node, ast.Actions):
            for group in node.groups:
                for option in group.options:
                    yield from walk(option.body)
        elif isinstance(getattr(node, "body", None), list):
            yield from walk(node.body)


class CountingTable(dict):
    """A table's rows that count the keys the real game looks up (while a watch is on)."""

    watch: "GameWatch | None" = None
    plain: dict = {}  # the game's own table, which this copies

    def __getitem__(self, key: Any) -> Any:
        watch = CountingTable.watch
        if watch is not None and watch.tracing:
            watch.note_row(self, key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        watch = CountingTable.watch
        if watch is not None and watch.tracing and key in self:
            watch.note_row(self, key)
        return dict.get(self, key, default)


def counting_tables(game: Any) -> tuple[dict[int, str], dict[int, "CountingTable"]]:
    """A `CountingTable` for each of the game's tables (made once per table and kept on it).

    Returns the tables' names by the counting dictionaries' ids, and the counting
    dictionary of each plain one (by its id), which `GameWatch.resume` puts in its place.
    """
    names, counting = {}, {}
    for name, table in list(game.tables.items()):
        if isinstance(table, CountingTable):  # left in place by a watch that did not pause (an error)
            table = game.tables[name] = table.plain
        wrapper = COUNTING.get(id(table))
        if wrapper is None or wrapper.plain is not table:
            wrapper = COUNTING[id(table)] = CountingTable(table)
            wrapper.plain = table
        names[id(wrapper)] = name
        counting[id(table)] = wrapper
    return names, counting


COUNTING: dict[int, "CountingTable"] = {}  # a plain table's id -> its counting copy


def option_kind(value: Any, chooser: int) -> str:
    """What kind of option a value is, for telling a decision's options apart by what they do.

    A piece by its kind and its first field when that is a name or number (a card by its
    title or value); a player as "yourself" or "another player"; a place by its name (a board
    cell by its board and what its first layer says it is); a name or number as itself; a
    list by the kinds of its items; None as "skip".
    """
    if value is None:
        return "skip"
    cls = value.__class__
    if cls is Piece:
        first = next(iter(value.fields.values()), None) if value.fields else None
        text = value.type.replace("_", " ")
        if isinstance(first, (str, int)) and not isinstance(first, bool):
            text = f"{text} {first}"
        return text
    if cls is Player:
        return "yourself" if value.index == chooser else "another player"
    if cls is Zone:
        if value.board is not None and value.layers:
            # A board cell by what its first layer says it is (`chest`, `reef`), not by where it is.
            first = next(iter(value.layers.values()))
            if first is not None:
                return f"{value.name.replace('_', ' ')}: {first}"
        return value.name.replace("_", " ")
    if cls is Blind:
        return "face-down"
    if cls is bool:
        return "yes" if value else "no"
    if cls in (list, tuple):
        text = "[" + ", ".join(option_kind(item, chooser) for item in value) + "]"
        return text if len(text) <= MAX_KIND_TEXT else text[:MAX_KIND_TEXT - 1] + "…"
    text = str(value)
    return text if len(text) <= MAX_KIND_TEXT else text[:MAX_KIND_TEXT - 1] + "…"


class WatchedBot:
    """A bot whose decisions are written down, with the line tracer off while it thinks."""

    def __init__(self, bot: Any, watch: "GameWatch", spec: str) -> None:
        self.bot = bot
        self.watch = watch
        self.spec = spec

    def choose_action(self, state: Any) -> int:
        watch = self.watch
        watch.pause()
        try:
            started = time.process_time()
            action = self.bot.choose_action(state)
            thinking = watch.thinking.setdefault(self.spec, [0.0, 0])
            thinking[0] += time.process_time() - started
            thinking[1] += 1
            watch.note_decision(state, self.spec, action)
        finally:
            watch.resume()
        return action


class GameWatch:
    """The figures of one game as it is played (see the module's docstring)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.facts = facts_of(game)
        self.filename = game.code_filename
        self.line_spans = game.line_spans
        self.table_names, self.counting = counting_tables(game)
        self.state: Any = None
        self.tracing = False
        self.last: int | None = None
        self.counts: dict[int, int] = {}
        self.points: dict[int, list] = {}
        self.rows: dict[tuple[str, Any], int] = {}
        self.scores: list | None = None
        self.leader_before_final: Any = "none"  # "none": final scoring never ran
        self.decisions: dict[tuple[int, str], dict] = {}  # (choice site, bot) -> its tallies
        self.branching: dict[int, list[int]] = {}  # round -> [options summed, decisions]
        self.lenient = False  # while setup is traced (`start_counts`): a score that fails is not scored
        self.unscored = False  # a score could not be worked out at some point
        self.thinking: dict[str, list] = {}  # bot spec -> [processor seconds its decisions took, decisions]

    # ------------------------------------------------------------ switching on and off

    def start(self, state: Any, bots: Sequence[Any], kinds: Sequence[str]) -> list[Any]:
        """Begin watching `state`; the bots to play with (each wrapped to note its decisions)."""
        self.state = state
        self.scores = self.current_scores()
        if self.scores is not None:
            self.points[SETUP] = list(self.scores)
        CountingTable.watch = self
        self.resume()
        return [bot if kind == AUTOMA else WatchedBot(bot, self, kind) for bot, kind in zip(bots, kinds)]

    def stop(self, state: Any) -> None:
        """Stop watching: the tracer off, the last statement's points counted, the rest put down as left over."""
        self.pause()
        CountingTable.watch = None
        final = self.current_scores()
        if final is not None and self.scores is not None:
            left = [after - before for after, before in zip(final, self.scores)]
            if any(left):
                self.add_points(LEFTOVER, left)

    def pause(self) -> None:
        if self.tracing:
            sys.settrace(None)
            self.tracing = False
            # Plain dictionaries while a bot searches: its lookups are not counted, and cost nothing more.
            for name, table in self.game.tables.items():
                if isinstance(table, CountingTable):
                    self.game.tables[name] = table.plain
            if self.last is not None and self.last in self.facts.changing:
                self.rescore(self.last)

    def resume(self) -> None:
        if not self.tracing:
            self.tracing = True
            for name, table in self.game.tables.items():
                counting = self.counting.get(id(table))
                if counting is not None:
                    self.game.tables[name] = counting
            sys.settrace(self.on_call)

    # ------------------------------------------------------------ the tracer

    def on_call(self, frame: Any, event: str, argument: Any) -> Any:
        code = frame.f_code
        if code.co_filename != self.filename:
            return None
        if code is self.facts.final_code and code is not None and self.leader_before_final == "none":
            scores = self.current_scores()
            self.leader_before_final = None if scores is None else sole_leader(scores)
        return self.on_line

    def on_line(self, frame: Any, event: str, argument: Any) -> Any:
        if event == "line":
            number = self.line_spans.get(frame.f_lineno)
            if number is not None and number != self.last:
                previous = self.last
                self.last = number
                self.counts[number] = self.counts.get(number, 0) + 1
                if previous is not None and previous in self.facts.changing:
                    self.rescore(previous)
        return self.on_line

    # ------------------------------------------------------------ what is noted

    def current_scores(self) -> list | None:
        if self.state is None:
            return None
        try:
            scores = self.state.scores()
        except GameRuleError:
            self.unscored = True
            return None
        except Exception:  # noqa: BLE001 - only while setup is traced: a score of a state not yet set up
            if not self.lenient:
                raise
            self.unscored = True
            return None
        return None if scores is None else list(scores)

    def rescore(self, statement: int) -> None:
        scores = self.current_scores()
        if scores is None:
            return
        if self.scores is not None and scores != self.scores:
            self.add_points(statement, [after - before for after, before in zip(scores, self.scores)])
        self.scores = scores

    def add_points(self, key: int, change: list) -> None:
        totals = self.points.get(key)
        if totals is None:
            self.points[key] = list(change)
        else:
            for seat, value in enumerate(change):
                totals[seat] += value

    def note_row(self, table: dict, key: Any) -> None:
        name = self.table_names.get(id(table))
        if name is not None:
            row = (name, key)
            self.rows[row] = self.rows.get(row, 0) + 1

    def note_decision(self, state: Any, spec: str, action: int) -> None:
        site = state.decision_site()
        if site is None:
            return
        index, values = site
        chooser = state.current_player()
        if index in self.facts.action_sites:
            # Without what the engine adds to an action's words: how often it is left, "(2 left)".
            kinds = [COUNT_LEFT.sub("", label) for label in state.action_labels()]
        else:
            kinds = [option_kind(value, chooser) for value in values]
        tally = self.decisions.get((index, spec))
        if tally is None:
            tally = self.decisions[(index, spec)] = {"visits": 0, "forced": 0, "options": 0, "kinds": {},
                                                     "examples": {}}
        examples = tally["examples"]
        if not examples.keys() >= set(kinds):
            # What a player read for an option of each kind, the first time one was offered: a
            # kind written from the value ("[5, no]") reads like code, its label does not.
            try:
                labels = state.action_labels()
            except GameRuleError:  # a label the rules cannot write: no example, the figures as they are
                labels = []
            for kind, label in zip(kinds, labels):
                examples.setdefault(kind, label)
        tally["visits"] += 1
        tally["options"] += len(values)
        tally["forced"] += len(values) == 1
        offered: dict[str, int] = {}
        for kind in kinds:
            offered[kind] = offered.get(kind, 0) + 1
        contested = len(offered) > 1  # something else was on offer too
        for kind, count in offered.items():
            # [decisions offering it, of them contested, random's expected picks in those, the bot's picks in
            #  those, the bot's picks in all]
            figures = tally["kinds"].setdefault(kind, [0, 0, 0.0, 0, 0])
            picked = 0 <= action < len(kinds) and kinds[action] == kind
            figures[0] += 1
            figures[4] += picked
            if contested:
                figures[1] += 1
                figures[2] += count / len(values)
                figures[3] += picked
        branching = self.branching.setdefault(state.round, [0, 0])
        branching[0] += len(values)
        branching[1] += 1

    def summary(self) -> dict[str, Any]:
        """The game's figures as plain data (the record's `analysis`)."""
        return {
            "counts": self.counts,
            "points": self.points,
            "rows": [[name, key, count] for (name, key), count in self.rows.items()],
            "leader_before_final": self.leader_before_final,
            "decisions": [[site, spec, tally] for (site, spec), tally in self.decisions.items()],
            "branching": self.branching,
            "thinking": self.thinking,
        }
