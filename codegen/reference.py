"""What a rule summary and a reference card say, gathered from the syntax tree.

`build_reference` walks a parsed rules file and returns a `Reference`: the title
block, the components with their counts, a picture of each board, setup, the
sequence of play, the rules it calls, the decisions players make, the scoring
and its tables, the end of the game, variants and the worked examples. The
templates in `codegen/templates/` lay it out; every sentence in it comes from
`codegen.english`. Nothing here runs the game: the results of the worked
examples are handed in by the caller.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator, Optional

from codegen.board import BoardPicture, BoardStart, board_picture, distance_lengths
from codegen.changes import VariantBase, VariantChange, variant_base, variant_changes
from codegen.english import English
from codegen.english_base import Decision, Scope, Step, flatten
from codegen.english_words import capitalize, escape_literal, fill_in, joined, possessive, sentence, words
from codegen.reach import is_constant, reached
from codegen.roles import walk
from dsl import ast
from dsl.builtins import FUNCTIONS, VALUES
from dsl.diagnostics import SourceLines, Span

RULES_INTRO = ("The rules are numbered R1, R2, ... in the order play first comes to them; a step that says "
               "“see R5” carries out rule R5 there.")
POWERS_INTRO = ("Each power changes one of the rules above while what it names holds: it adds to that rule, "
                "happens before or after it, or replaces it.")
SEQUENCE_OF_PLAY = "Sequence of play"

__all__ = ["Reference", "build_reference", "walk"]


@dataclass
class Piece:
    name: str
    description: str
    count: str  # "8", "6 per player", "" when setup makes none

    @property
    def row(self) -> tuple[str, str, str]:
        return (self.name, self.count or "–", self.description or "–")


@dataclass
class Rule:
    label: str  # "R3"
    name: str
    title: str
    steps: list[Step]
    kind: str = "rule"  # "power": a power, printed after the rules under a heading of its own

    @property
    def run_in(self) -> str:
        """The rule as one short paragraph set after its title, when it is one step; else "".

        A list of one item, under a heading of its own, takes three lines for what one says.
        """
        step = self.steps[0] if len(self.steps) == 1 else None
        if step is None or len(step.children) > 1 or any(child.children for child in step.children):
            return ""  # several steps read better as a list
        text = flatten(self.steps[0])
        return text if len(text) <= RUN_IN_LENGTH else ""


# The longest one-step rule set as a paragraph (about three lines of a summary's column).
RUN_IN_LENGTH = 260


@dataclass
class Action:
    """A decision, as the card lists it: what to decide, when it comes up, what follows."""

    prompt: str
    chooser: str
    place: str  # the title of the rule (or section) it comes up in
    label: str
    conditions: list[str]
    options: str
    then: str
    optional: str  # the text for declining, "" when the choice must be made
    origin: Optional[Span] = None  # the `chooses` statement it comes from

    @property
    def when(self) -> str:
        """Where the decision comes up: its rule (or the phase of the sequence of play), and what it needs."""
        conditions = list(self.conditions)
        place = self.place
        if conditions and conditions[0].startswith("in phase “") and place == SEQUENCE_OF_PLAY:
            place = conditions.pop(0)[len("in phase “"):].rstrip("”")
        if place.rstrip(".") == self.prompt.rstrip("."):
            place = ""  # the rule is named after the decision: saying it twice says nothing
        return "; ".join(part for part in [place] + conditions if part)


@dataclass
class Table:
    name: str
    caption: str
    header: list[str]
    rows: list[list[str]]
    on_card: bool  # the author named its columns: a chart players read (a catalogue's cards are in their hands)

    @property
    def wide(self) -> bool:
        """Too many columns for a column of the summary: set across the page."""
        return len(self.header) > WIDE_TABLE_COLUMNS


# A table of more columns than this does not fit one of the summary's two columns.
WIDE_TABLE_COLUMNS = 4


@dataclass
class Variant:
    name: str
    text: str
    in_play: bool
    changes: list[str]

    @property
    def row(self) -> tuple[str, str, str, str]:
        return (self.name, "yes" if self.in_play else "no", self.text, ", ".join(self.changes) or "–")

    @property
    def line(self) -> str:
        """The variant as a reader takes it in: its name, whether it is in play, what it does, where the page
        says it: "**Storm** (in play): A storm ... (see setup and R4)"."""
        name = self.name[:1].upper() + self.name[1:]
        where = f" (see {', '.join(self.changes)})" if self.changes else ""
        text = self.text.rstrip(".")
        return f"**{name}**{' (in play)' if self.in_play else ''}: {text}{where}."


@dataclass
class Example:
    name: str
    status: str  # "PASS", "FAIL" or "NOT RUN"
    code: str = ""  # the example as the rules file writes it, for one that failed


@dataclass
class Reference:
    """Everything a summary or a card shows, in English."""

    name: str
    players: str
    credits: str
    version: str
    file_name: str
    file_hash: str
    date: str
    texts: dict[str, str]
    overview: str
    goal: str
    kinds: list[str]
    pieces: list[Piece]
    boards: list[BoardPicture]
    dice: list[str]
    tracked: list[str]
    automata: list[str]
    setup: list[Step]
    sequence: list[Step]
    card_sequence: list[Step]
    rules: list[Rule]
    actions: list[Action]
    tables: list[Table]
    score: list[str]
    final_scoring: list[Step]
    end: list[str]
    card_end: list[str]
    variants: list[Variant]
    examples: list[Example]
    chosen_variants: list[str] = field(default_factory=list)
    params: list[str] = field(default_factory=list)  # "Dice sides: 3 (... from 2 to 12; the default is 6).": the settings
    constants: list[str] = field(default_factory=list)  # "Round limit: 30.": the numbers the rules use
    terms: list[str] = field(default_factory=list)  # "Derelict: a ship with no masts left.": the rules' terms
    base: Optional[VariantBase] = None  # a variant file's base game (codegen/changes.py)
    changes: list[VariantChange] = field(default_factory=list)  # what the variant changes in it

    powers_intro = POWERS_INTRO
    rules_intro = RULES_INTRO

    @property
    def wide_tables(self) -> list[Table]:
        """The charts set across the page at the end: all of them once one is wide, side by side
        where they fit, so that the charts are in one place."""
        return list(self.tables) if any(table.wide for table in self.tables) else []

    @property
    def column_tables(self) -> list[Table]:
        """The charts set in the summary's columns, under Scoring."""
        return [] if self.wide_tables else list(self.tables)

    @property
    def card_tables(self) -> list[Table]:
        return [table for table in self.tables if table.on_card]

    @property
    def card_table_rows(self) -> list[list[Table]]:
        """The card's charts two to a row, a wide one (a card list) on a row of its own."""
        rows: list[list[Table]] = []
        for table in self.card_tables:
            if table.wide:
                rows.append([table])
            elif rows and len(rows[-1]) == 1 and not rows[-1][0].wide:
                rows[-1].append(table)
            else:
                rows.append([table])
        return rows

    @property
    def card_boards(self) -> list[BoardPicture]:
        return [board for board in self.boards if board.varied and not board.blank]


def reference_date() -> str:
    """Today's date, or the date of `SOURCE_DATE_EPOCH` when set (reproducible output)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().lstrip("-").isdigit():
        moment = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    else:
        moment = datetime.datetime.now(tz=datetime.timezone.utc)
    return moment.date().isoformat()


def build_reference(
    game_file: ast.GameFile,
    source: Optional[str] = None,
    variants: Iterable[str] = (),
    example_results: Optional[dict[str, bool]] = None,
    date: Optional[str] = None,
    starts: Iterable[BoardStart] = (),
    params: Optional[dict[str, int]] = None,
) -> Reference:
    """Gather the summary and the card of a parsed, checked rules file.

    Args:
        game_file: the parsed rules file.
        source: its text; read from `game_file.path` when omitted.
        variants: the variants in play (marked in the variants section).
        example_results: each worked example's name -> passed, as `pirdsl test` found; None: not run.
        date: the date for the title block; default `reference_date()`.
        starts: what setup puts on each board, found by playing it (`pirdsl.start`); drawn on its picture.
        params: the game parameters' values these pages are for (`Game.param_values`); default their defaults.
    """
    english = English(game_file, source)
    english.param_values.update(params or {})
    decls = game_file.declarations
    header = next(d for d in decls if isinstance(d, ast.GameHeader))
    of_kind = lambda kind: [d for d in decls if isinstance(d, kind)]  # noqa: E731
    setup = next(iter(of_kind(ast.SetupDecl)), None)
    play = next(iter(of_kind(ast.PlayDecl)), None)
    final = next(iter(of_kind(ast.FinalScoringDecl)), None)

    rule_order = rules_in_call_order(english, [setup, play, final])
    # Rules only a power calls come after those play calls (their numbers stay as they were).
    rule_order += [name for name in rules_in_call_order(english, [power.body for power in of_kind(ast.PowerDecl)])
                   if name not in rule_order]
    english.silent_rules = silent_rules(english, rule_order)
    rule_order = [name for name in rule_order if name not in english.silent_rules]
    # The card stands alone: its steps show a rule's title without the summary's label.
    english.expand_calls = 1  # the card opens up the rules the sequence of play calls, each once
    english.opened = set()
    # Like a `setup:` section, what play does once before its rounds stays on the summary.
    english.open_only_in_rounds = play is not None and any(isinstance(node, ast.Rounds) for node in walk(play.body))
    card_sequence = within_depth(english.render(play) if play else [], CARD_DEPTH)
    english.expand_calls, english.opened, english.open_only_in_rounds = 0, None, False
    card_end = end_of_game(english, decls, play, rule_order)
    decisions = collect_decisions(english, [setup, play, final], rule_order)
    decisions = [decision for decision in decisions if decision.place in in_turns(english, play, final, rule_order)]
    for number, name in enumerate(rule_order, 1):
        english.rule_labels[name] = f"R{number}"
    rules = []
    for number, name in enumerate(rule_order, 1):
        steps = english.render(english.rules[name])
        if steps:
            rules.append(Rule(f"R{number}", name, english.rule_title(name), steps))
    rules += power_rules(english, of_kind(ast.PowerDecl))
    labels = {rule.name: rule.label for rule in rules}
    block_powers = {block: [p for p in of_kind(ast.PowerDecl) if p.target == block] for block in ast.POWER_BLOCKS}
    # A power that always changes a rule (a variant's, mostly) is pointed to from the rule, where it acts;
    # abilities that hold only for some (a `when`) are found under Powers by their holders.
    for rule in rules:
        always = [p for p in of_kind(ast.PowerDecl) if p.target == rule.name and p.condition is None and p.body]
        if always and rule.kind == "rule":
            rule.steps = with_power_pointers(rule.steps, always, labels)
    texts = dict(header.texts)
    _, played_defines = reached(game_file)  # the defines play reads: numbers and terms are listed from them
    chosen = list(variants)
    starts_by_board = {start.board: start for start in starts}
    return Reference(
        name=header.name,
        players=english.player_range(header),
        credits=texts.pop("credits", ""),
        version=texts.pop("version", ""),
        file_name=Path(game_file.path).name,
        file_hash=game_file.source_hash[:12],
        date=date or reference_date(),
        overview=texts.pop("overview", ""),
        goal=texts.pop("goal", ""),
        texts=texts,
        kinds=[english.render(d) for d in of_kind(ast.KindDecl) if is_shown_kind(english, d)],
        pieces=pieces(english, of_kind(ast.PieceDecl), setup, block_powers["setup"]),
        boards=[board_picture(d, of_kind(ast.TableDecl), starts_by_board.get(d.name), distance_lengths(decls))
                for d in of_kind(ast.BoardDecl)],
        dice=[english.render(d) for d in of_kind(ast.DieDecl)],
        tracked=tracked(english, [d for d in of_kind(ast.VarDecl) if not d.internal]),  # bookkeeping is for the rules alone
        automata=[english.render(d) for d in of_kind(ast.AutomaDecl)],
        setup=starting_values(english, of_kind(ast.VarDecl))
        + with_power_pointers(english.render(setup) if setup else [], block_powers["setup"], labels),
        sequence=english.render(play) if play else [],
        card_sequence=card_sequence,
        rules=rules,
        actions=[action(english, decision, said_on_card(card_sequence)) for decision in decisions],
        tables=tables(english, of_kind(ast.TableDecl)),
        score=[english.render(d) for d in of_kind(ast.ScoreDecl)] + [english.render(d) for d in of_kind(ast.TiebreakDecl)]
        + [english.render(d) for d in of_kind(ast.PayoffDecl)],
        final_scoring=with_power_pointers(english.render(final) if final else [], block_powers["final scoring"],
                                          labels),
        end=end_of_game(english, decls, play, rule_order),
        card_end=card_end,
        variants=variant_list(english, of_kind(ast.VariantDecl), chosen, decls, rule_order),
        examples=examples(of_kind(ast.ExampleDecl), example_results, rule_names(game_file), english.texts),
        chosen_variants=chosen,
        params=[english.render(d) for d in of_kind(ast.ParamDecl)],
        constants=constants(english, played_defines),
        terms=terms(english, played_defines),
        base=variant_base(game_file),
        changes=variant_changes(english, game_file, labels),
    )


def with_power_pointers(steps: list[Step], powers: list[ast.PowerDecl], labels: dict[str, str]) -> list[Step]:
    """Setup's (or final scoring's) steps with a step that points to each power changing it (P1)."""
    def pointer(power: ast.PowerDecl) -> Step:
        title = escape_literal(power.text) if power.text else words(power.name).capitalize()
        lead = {"before": "First", "after": "Then", "instead": "Instead of the steps below"}[power.hook]
        when = ", where it applies," if power.condition is not None else ","
        return Step(f"{lead}{when} {labels.get(power.name, '')} “{title}” (under Powers).".replace("  ", " "),
                    kind="PowerDecl", worded=True)

    before = [pointer(p) for p in powers if p.hook == "before"]
    instead = [pointer(p) for p in powers if p.hook == "instead"]
    after = [pointer(p) for p in powers if p.hook == "after"]
    return before + instead + steps + after


# How deep the card's turn sequence nests; a step at the last level says its block on its own line.
CARD_DEPTH = 6


def starting_values(english: English, decls: list[ast.VarDecl]) -> list[Step]:
    """Setup's first step: where each player's (and the game's) counters start, when they start at a
    number or hold something: "Set each player's points to 0 and the round to 1."."""
    said = []
    for decl in decls:
        if decl.internal or decl.per_piece or isinstance(decl.init, (ast.NoneLiteral, ast.BoolLiteral)) \
                or (isinstance(decl.init, ast.ListLiteral) and not decl.init.items):
            continue
        value = english.starting_value(decl.init).removesuffix(" at the start")
        wording = english.author_wording(decl)
        owner = "each player" if decl.per_player else "the game"
        name = fill_in(wording, {}, lambda _: owner) if wording else words(decl.name)
        if not wording:
            name = f"{possessive(owner)} {name}" if decl.per_player else f"the {name}"
        said.append(f"{name} to {value}")
    if not said:
        return []
    return [Step(f"Set {joined(said)}.", kind="Setup")]


def constants(english: English, defines: list[str]) -> list[str]:
    """The numbers the rules use by name ("Round limit: 30."): each of the defines play reads that is a
    number or a list of numbers, unless the author's wording names it (then the wording says it)."""
    found = []
    for name in defines:
        define = english.defines[name]
        if is_constant(define.body) and not english.author_wording(define):
            found.append(english.render(define).removesuffix(".") + comment_note(english, define) + ".")
    return found


def terms(english: English, defines: list[str]) -> list[str]:
    """The terms the rules use, as the author explains them: each define play reads that has a
    comment at the end of its line (`define derelict(x) = x.masts_left == 0  # a ship with no
    masts left`), by its name. A number or a list of numbers is listed with the numbers instead."""
    found = []
    for name in defines:
        define = english.defines[name]
        comment = english.trailing_comment(define)
        if comment and not is_constant(define.body):
            meaning = escape_literal(plain_names(comment, rule_names(english.file)))
            found.append(f"{term_name(english, define)}: {meaning.rstrip('.')}.")
    return sorted(found, key=str.lower)  # a glossary, looked up by the word


def term_name(english: English, define: ast.DefineDecl) -> str:
    """A define's name as a term: its wording without the thing it is said of ("{p}'s points for
    sets": "Points for sets"), else its name in words."""
    wording = english.author_wording(define) or ""
    said_of = re.match(r"\{\w+\}'s ", wording)
    rest = wording[said_of.end():] if said_of else wording
    if not rest or "{" in rest:
        return capitalize(words(define.name))  # "{c} is an empty sea hex" names no term
    return capitalize(rest)


def within_depth(steps: list[Step], depth: int) -> list[Step]:
    """Steps nested at most `depth` deep: a step at the last level takes its block into its own line."""
    result = []
    for step in steps:
        if step.children and depth <= 1:
            result.append(replace(step, text=flatten(step), children=[]))
        else:
            result.append(replace(step, children=within_depth(step.children, depth - 1)))
    return result


def power_rules(english: English, powers: list[ast.PowerDecl]) -> list[Rule]:
    """Each power as a rule of its own (P1, P2, ...): what it changes, when, and how."""
    found = []
    for number, power in enumerate(powers, 1):
        title = escape_literal(power.text) if power.text else words(power.name).capitalize()
        found.append(Rule(f"P{number}", power.name, title, english.render(power), kind="power"))
    return found


def tracked(english: English, decls: list[ast.VarDecl]) -> list[str]:
    """What the game keeps track of: one line for a variable, or one for all those kept per ship
    (per player...) when there are several, so that "one per ship ... at the start" is said once."""
    groups: dict[tuple, list[ast.VarDecl]] = {}
    for decl in decls:
        owner = tuple([decl.per_piece] + list(getattr(decl, "also_per", None) or [])) if decl.per_piece \
            else ("player",) if decl.per_player else ()
        groups.setdefault(owner, []).append(decl)
    lines = []
    for owner, group in groups.items():
        if len(group) < 2:
            lines += [sentence(english.render(d).removesuffix(".") + comment_note(english, d, dash=True))
                      for d in group]
            continue
        parts = []
        for decl in group:
            wording = english.author_wording(decl)
            name = fill_in(wording, {}, lambda _: "it") if wording else words(decl.name)
            name = re.sub(r"^it (is|has) ", "", name)
            start = english.starting_value(decl.init).removesuffix(" at the start")
            secret = (" (its owner's secret)" if decl.per_player else " (secret)") if decl.secret else ""
            parts.append(f"{name}: {start}{secret}{comment_note(english, decl, dash=True)}")
        each = f"each {joined([words(kind) for kind in owner], 'or')}" if owner else "the whole game"
        # A piece's values start as it is made; setup may then set them (a ship's facing on its hex).
        when = "at the start (setup may change them)" if owner and owner != ("player",) else "at the start"
        lines.append(sentence(f"For {each}, {when}: {'; '.join(parts)}"))
    return lines


def comment_note(english: English, decl: ast.Node, dash: bool = False) -> str:
    """A var's trailing comment, when the author did not word the var: in brackets, or after a dash
    (where it follows a value, so that brackets in the comment do not nest in others)."""
    comment = english.trailing_comment(decl)
    if not comment or english.author_wording(decl):
        return ""
    text = escape_literal(plain_names(comment, rule_names(english.file)))
    return f" — {text}" if dash else f" ({text})"


def rule_names(game_file: ast.GameFile) -> set[str]:
    """The names of a file and of the language that an author's text may mention: `turn_card`, `index_of`."""
    names = {name for d in game_file.declarations for name in [getattr(d, "name", "")] if "_" in name}
    return names | {name for name in (*FUNCTIONS, *VALUES) if "_" in name}


def rules_in_call_order(english: English, roots: list[Optional[ast.Node]]) -> list[str]:
    """The rules that setup, play and final scoring call, breadth first, each once.

    Calls inside statements the author worded are followed too: the wording sums the
    rule up where it is called, and the rule itself is still set out in full.
    """
    order: list[str] = []
    queue: list[object] = [root for root in roots if root is not None]
    # Breadth first: the rules the sequence of play calls directly come first.
    while queue:
        node = queue.pop(0)
        for inner in walk(node):
            if isinstance(inner, ast.CallRule) and inner.rule in english.rules and inner.rule not in order:
                order.append(inner.rule)
                queue.append(english.rules[inner.rule].body)
    return order


def silent_rules(english: English, names: list[str]) -> set[str]:
    """The rules that leave nothing to say once bookkeeping is left out (they only log, say)."""
    silent: set[str] = set()
    while True:
        english.silent_rules = set(silent)
        found = {name for name in names if name not in silent and not english.render(english.rules[name])}
        if not found:
            return silent
        silent |= found


def is_shown_kind(english: English, kind: ast.KindDecl) -> bool:
    """A kind is worth listing when setup makes pieces for each of its members (the suits of a deck)."""
    setup = [d for d in english.file.declarations if isinstance(d, ast.SetupDecl)]
    return any(isinstance(node, ast.ForEach) and isinstance(node.iterable, ast.Name) and node.iterable.id == kind.name
               and any(isinstance(inner, ast.Create) for inner in walk(node.body))
               for node in walk(setup))


# ------------------------------------------------------------ components


def loop_factor(english: English, loop: ast.ForEach) -> tuple[Optional[int], str]:
    """How many times a `for each` runs when that is known from the file, and a phrase for it."""
    iterable = loop.iterable
    if isinstance(iterable, ast.Name) and iterable.id == "players":
        return None, "per player"
    if isinstance(iterable, ast.Name) and iterable.id in english.kinds:
        return len(english.kinds[iterable.id].members), ""
    if isinstance(iterable, ast.ListLiteral):
        return len(iterable.items), ""
    if isinstance(iterable, ast.Call) and iterable.function == "indices" and len(iterable.args) == 1:
        target = iterable.args[0]
        if isinstance(target, ast.Name) and target.id in english.defines:
            body = english.defines[target.id].body
            if isinstance(body, ast.ListLiteral):
                return len(body.items), ""
    known = fixed_length(english, iterable)
    if known is not None:
        return known, ""
    if isinstance(iterable, ast.Call) and iterable.function == "range" and all(
        isinstance(a, ast.IntLiteral) for a in iterable.args
    ):
        low, high = (a.value for a in iterable.args)  # type: ignore[union-attr]
        return max(0, high - low + 1), ""
    role = english.roles.element_role(iterable, english.scope.roles)
    if role is not None and role.kind == "player":
        return None, f"per player in {english.phrase(iterable)}"
    phrase = english.phrase(iterable)
    if phrase.startswith(("every ", "each ")):
        return None, f"for {phrase}"
    return None, f"for each of {phrase}"


def fixed_length(english: English, node: ast.Expr, depth: int = 0) -> Optional[int]:
    """How many items a list has whatever the game's state, when the file fixes it: a list written
    out, lists joined with `+`, a comprehension over a fixed range with no `where`, or a define
    (with or without parameters) whose value is one of these; else None."""
    if depth > 8:
        return None
    if isinstance(node, ast.ListLiteral):
        return len(node.items)
    if isinstance(node, ast.Binary) and node.op == "+":
        left, right = fixed_length(english, node.left, depth + 1), fixed_length(english, node.right, depth + 1)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.Comprehension) and len(node.clauses) == 1 and node.clauses[0].where is None:
        return fixed_length(english, node.clauses[0].iterable, depth + 1)
    if isinstance(node, ast.Call) and node.function == "range" and len(node.args) == 2 \
            and all(isinstance(a, ast.IntLiteral) for a in node.args):
        low, high = (a.value for a in node.args)  # type: ignore[union-attr]
        return max(0, high - low + 1)
    if isinstance(node, ast.Name) and node.id in english.kinds:
        return len(english.kinds[node.id].members)
    name = node.id if isinstance(node, ast.Name) else node.function if isinstance(node, ast.Call) else None
    if name in english.defines:
        return fixed_length(english, english.defines[name].body, depth + 1)
    return None


def creates_with_loops(body: list[ast.Stmt], loops: tuple = ()) -> Iterator[tuple[ast.Create, tuple]]:
    for statement in body:
        if isinstance(statement, ast.Create):
            yield statement, loops
        inner_loops = loops + (statement,) if isinstance(statement, (ast.ForEach, ast.Repeat)) else loops
        for name in ("body", "otherwise"):
            block = getattr(statement, name, None)
            if isinstance(block, list):
                yield from creates_with_loops(block, inner_loops)
        for branch in getattr(statement, "branches", []) or []:
            yield from creates_with_loops(branch.body, inner_loops)


def create_count(english: English, create: ast.Create, loops: tuple) -> str:
    """`6 per player`, `35`, `(8 if that player is an automa, otherwise 5) per player`."""
    multiplier = 1
    known = isinstance(create.count, ast.IntLiteral)
    qualifiers: list[str] = []
    scope = Scope()
    for loop in loops:
        with english.within(scope):
            if isinstance(loop, ast.Repeat):
                if isinstance(loop.count, ast.IntLiteral):
                    multiplier *= loop.count.value
                else:
                    qualifiers.append(f"{english.operand(loop.count)} times")
                continue
            factor, phrase = loop_factor(english, loop)
            role = english.roles.element_role(loop.iterable, scope.roles)
        scope = english.with_local(loop.var, role, scope)
        if role is not None and role.kind == "player":
            scope = replace(scope, you=None, those=scope.those | {loop.var})
        if factor is not None:
            multiplier *= factor
        elif phrase:
            qualifiers.append(phrase)
    with english.within(scope):
        total_text = english.operand(create.count)
    if known:
        total_text = str(create.count.value * multiplier)  # type: ignore[union-attr]
    elif multiplier != 1:
        total_text = f"{multiplier} × {total_text}"
    return " ".join([total_text, *qualifiers])


def pieces(english: English, decls: list[ast.PieceDecl], setup: Optional[ast.SetupDecl],
           setup_powers: Iterable[ast.PowerDecl] = ()) -> list[Piece]:
    """The pieces, with how many setup makes (its powers' steps included)."""
    counts: dict[str, list[str]] = {d.name: [] for d in decls}
    bodies = ([setup.body] if setup is not None else []) + [power.body for power in setup_powers]
    for body in bodies:
        for create, loops in creates_with_loops(body):
            counts.setdefault(create.piece, []).append(create_count(english, create, loops))
    return [Piece(words(d.name), english.render(d), " + ".join(counts.get(d.name, []))) for d in decls]


# ------------------------------------------------------------ decisions


def collect_decisions(english: English, roots: list[Optional[ast.Node]], rule_order: list[str]) -> list[Decision]:
    """Every decision a player makes: in the play, setup and final scoring, then in each rule called."""
    titles = {ast.SetupDecl: "Setup", ast.PlayDecl: SEQUENCE_OF_PLAY, ast.FinalScoringDecl: "Final scoring"}
    english.decisions = []
    english.collect_decisions = True
    try:
        for root in roots:
            if root is not None:
                english.place = (titles[type(root)], "")
                english.render(root)
        for name in rule_order:
            english.place = (english.rule_title(name), english.rule_labels.get(name, ""))
            english.render(english.rules[name])
    finally:
        english.collect_decisions = False
    return english.decisions


def in_turns(english: English, play: Optional[ast.PlayDecl], final: Optional[ast.FinalScoringDecl],
             rule_order: list[str]) -> set[str]:
    """Where the decisions the card lists come up: play's rounds, final scoring, the powers and the
    rules they call. The decisions of setup (and of what play does once before its first round)
    are the summary's, as the card leaves setup to it."""
    if play is None or not any(isinstance(node, ast.Rounds) for node in walk(play.body)):
        roots: list = [play.body] if play else []
    else:
        roots = [node.body for node in walk(play.body) if isinstance(node, ast.Rounds)]
    roots += [final.body] if final else []
    roots += [d.body for d in english.file.declarations if isinstance(d, ast.PowerDecl)]
    called = rules_in_call_order(english, roots)
    return {english.rule_title(name) for name in called if name in rule_order} | {SEQUENCE_OF_PLAY, "Final scoring"}


def said_on_card(steps: list[Step]) -> set[str]:
    """Every line the card's turn sequence already says."""
    found = set()
    for step in steps:
        found.add(step.text)
        found |= said_on_card(step.children)
    return found


def action(english: English, decision: Decision, said: set[str] = frozenset()) -> Action:
    """A decision for the card; what follows it is left out when the turn sequence says it already."""
    then = " ".join(flatten(step) for step in decision.then if step.text not in said or step.children)
    return Action(prompt=decision.prompt, chooser=decision.chooser, place=decision.place, label=decision.label,
                  conditions=decision.conditions, options=decision.options, then=then, optional=decision.optional,
                  origin=decision.origin)


# ------------------------------------------------------------ scoring, end, variants, examples

# Short words a title leaves in lower case, unless they start it.
TITLE_SMALL_WORDS = {"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"}


def title_case(text: str) -> str:
    """A card's name as a title: `jack of all flags` -> "Jack of All Flags", `isle a` -> "Isle A"; capitals it has are kept."""
    found = text.split(" ")
    return " ".join(word if (0 < index < len(found) - 1 and word in TITLE_SMALL_WORDS) or not word[:1].islower()
                    else word[0].upper() + word[1:] for index, word in enumerate(found))



def tables(english: English, decls: list[ast.TableDecl]) -> list[Table]:
    """Every table of fixed values that players read; tables of texts only word the log, and are left out."""
    result = []
    # The keys of a catalogue are the names of cards: wherever they head a row, they read as names.
    card_names = {row.key.id for decl in decls if decl.piece for row in decl.rows if isinstance(row.key, ast.Name)}
    for decl in decls:
        if all(isinstance(row.value, ast.StringLiteral) for row in decl.rows) and decl.header is None:
            continue
        caption = english.author_wording(decl) or ""
        columns = len(decl.header.values) if decl.header is not None else 1
        rows = []
        def named(item: ast.Expr) -> str:
            """A cell; a card's name as a title, with the capitals the file writes ("HMS")."""
            if isinstance(item, ast.Name) and item.id in card_names:
                return english.as_written(title_case(english.cell(item)))
            return english.cell(item)

        by_seat = looked_up_by_seat(english.file, decl.name) and all(isinstance(row.key, ast.IntLiteral)
                                                                      for row in decl.rows)
        for row in decl.rows:
            key = english.cell(row.key)
            if by_seat:  # `table[p.index]`: the keys are seats, counted from 0 by the rules, from 1 by players
                key = str(row.key.value + 1)
            if isinstance(row.key, ast.Name):  # a name heads its row, as the file's texts write it where they do
                key = named(row.key) if row.key.id in card_names else capitalize(english.name_as_written(key))
            if columns > 1 and isinstance(row.value, ast.ListLiteral):
                values = [named(item) for item in row.value.items]
                rows.append([key] + values + ["–"] * (columns - len(values)))
            else:
                rows.append([key, english.table_row(row)[1]])
        if decl.header is not None:
            header = [escape_literal(decl.header.key)] + [escape_literal(value) for value in decl.header.values]
        else:
            header = ["Seat" if by_seat else key_heading(english, decl), capitalize(words(decl.name))]
        if by_seat:
            header[0] = "Seat"
        # A catalogue lists the cards (ships, crew...) the players have in front of them: the summary
        # lists it, the card leaves it to the cards themselves.
        result.append(Table(words(decl.name), caption, header, rows, on_card=decl.header is not None and decl.header.on_card and not decl.piece))
    return result


def looked_up_by_seat(game_file: ast.GameFile, table: str) -> bool:
    """True when every lookup of a table is by a player's seat number (`table[p.index]`)."""
    rules = [d for d in game_file.declarations if not isinstance(d, ast.ExampleDecl)]  # examples set up by hand
    lookups = [node for node in walk(rules) if isinstance(node, ast.Index)
               and isinstance(node.target, ast.Name) and node.target.id == table]
    return bool(lookups) and all(isinstance(node.index, ast.Attribute) and node.index.name == "index"
                                 for node in lookups)


def key_heading(english: English, decl: ast.TableDecl) -> str:
    """A heading for the keys of a table without a header: the kind its keys belong to, else "Key"."""
    kinds = {
        kind.name for row in decl.rows for kind in english.kinds.values()
        if isinstance(row.key, ast.Name) and row.key.id in kind.members
    }
    return capitalize(words(kinds.pop())) if len(kinds) == 1 else "Key"


def end_of_game(english: English, decls: list[ast.Decl], play: Optional[ast.PlayDecl],
                rule_order: list[str]) -> list[str]:
    lines: list[str] = []
    if play is not None:
        with english.within(Scope()):
            for node in walk(play.body):
                if isinstance(node, ast.Rounds) and node.until is not None:
                    lines.append(f"The game ends after the round in which {english.phrase(node.until)}.")
    places = places_of(english, decls, rule_order, ast.EndGame)
    if places:
        lines.append(f"The game can also end at once, as {joined(places, 'or')} says.")
    places = places_of(english, decls, rule_order, ast.Eliminate)
    if places:
        lines.append(f"A player can be put out of the game, and then cannot win, as {joined(places, 'or')} says.")
    if play is not None and not lines:
        lines.append("The game ends when the sequence of play is over.")
    if any(isinstance(d, ast.FinalScoringDecl) for d in decls):
        lines.append("Then final scoring is carried out.")
    tiebreak = any(isinstance(d, ast.TiebreakDecl) for d in decls)
    winner = "The player with the highest score wins"
    winner += "; the tiebreak settles a tie" if tiebreak else ""
    lines.append(winner + ", and players still tied share the win.")
    return lines


def labelled(english: English, rule: str) -> str:
    """A rule's title, with its label in the summary (`Pay (R16)`) when it has one."""
    label = english.rule_labels.get(rule)
    return f"{english.rule_title(rule)} ({label})" if label else english.rule_title(rule)


def places_of(english: English, decls: list[ast.Decl], rule_order: list[str], kind: type) -> list[str]:
    """Where a kind of statement occurs: rule labels and titles, or section names."""
    places = []
    for decl in decls:
        if isinstance(decl, ast.ExampleDecl):
            continue
        if any(isinstance(node, kind) for node in walk(getattr(decl, "body", []))):
            if isinstance(decl, ast.RuleDecl):
                if decl.name in rule_order:
                    label = english.rule_labels.get(decl.name)
                    places.append(f"“{english.rule_title(decl.name)}”" + (f" ({label})" if label else ""))
            else:
                places.append({ast.SetupDecl: "setup", ast.PlayDecl: "the sequence of play",
                               ast.FinalScoringDecl: "final scoring"}.get(type(decl), words(getattr(decl, "name", ""))))
    return places


def uses_variant(decls: list[ast.Decl], variant: str) -> set[str]:
    """The defines whose value depends on a variant, directly or through other defines."""
    defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
    found: set[str] = set()
    while True:
        more = {name for name, define in defines.items() if name not in found and any(
            (isinstance(n, ast.VariantRef) and n.name == variant)
            or (isinstance(n, ast.Name) and n.id in found) or (isinstance(n, ast.Call) and n.function in found)
            for n in walk(define.body))}
        if not more:
            return found
        found |= more


def variant_list(english: English, decls: list[ast.VariantDecl], chosen: list[str], all_decls: list[ast.Decl],
                 rule_order: list[str]) -> list[Variant]:
    """Each variant, and the rules and sections it changes (through the defines it changes too)."""
    result = []
    for decl in decls:
        changes = []
        defines = uses_variant(all_decls, decl.name)
        for other in all_decls:
            if isinstance(other, (ast.ExampleDecl, ast.DefineDecl)):
                continue
            if any((isinstance(n, ast.VariantRef) and n.name == decl.name)
                   or (isinstance(n, ast.Name) and n.id in defines)
                   or (isinstance(n, ast.Call) and n.function in defines) for n in walk(other)):
                if isinstance(other, ast.RuleDecl):
                    if other.name in rule_order:
                        changes.append(labelled(english, other.name))
                elif isinstance(other, ast.AutomaDecl):
                    changes.append(f"who plays {other.display}")
                else:
                    changes.append({ast.SetupDecl: "setup", ast.PlayDecl: "the sequence of play",
                                    ast.FinalScoringDecl: "final scoring"}.get(type(other), words(getattr(other, "name", ""))))
        result.append(Variant(words(decl.name), escape_literal(decl.text), decl.name in chosen, changes))
    return result


def plain_names(text: str, names: set[str]) -> str:
    """An author's text with the rules' own names in it written as words (`ghost_ship` -> `ghost ship`).

    A name written as a call (`turn_card()`) loses its empty brackets too.
    """
    text = re.sub(r"\b(\w+)\(\)", lambda m: m.group(1) if m.group(1) in names else m.group(0), text)
    return re.sub(r"\b\w+\b", lambda m: words(m.group(0)) if m.group(0) in names else m.group(0), text)


def examples(decls: list[ast.ExampleDecl], results: Optional[dict[str, bool]],
             names: set[str] = frozenset(), texts: SourceLines | None = None) -> list[Example]:
    """Each worked example's name and result; the text of one that failed, to show under it."""
    found = []
    for decl in decls:
        if results is None or decl.name not in results:
            status = "NOT RUN"
        else:
            status = "PASS" if results[decl.name] else "FAIL"
        code = ""
        if status == "FAIL":
            lines = texts.lines(decl.span.file) if texts is not None else []
            last = decl.span.end_line - (decl.span.end_column == 1)  # a span that ends at a line's start stops before it
            code = "\n".join(lines[decl.span.line - 1: last]).rstrip() + "\n"
        found.append(Example(name=escape_literal(plain_names(decl.name, names)), status=status,
                             code=code if code.strip() else ""))
    return found

