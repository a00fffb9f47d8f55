"""What a rule summary and a reference card say, gathered from the syntax tree.

`build_reference` walks a parsed rules file and returns a `Reference`: the title
block, components with their counts, setup, the sequence of play, the rules it
calls, every action, the scoring tables, the end of the game, variants, terms
and worked examples. The templates in `codegen/templates/` lay it out; every
sentence in it comes from `codegen.english`. Nothing here runs the game: the
results of the worked examples are handed in by the caller.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Optional

from dsl import ast
from codegen.english import English, Step, capitalize, escape_literal, words


CARD_EFFECT_LENGTH = 150


@dataclass
class Piece:
    name: str
    description: str
    count: str  # "8", "6 per player", "" when setup makes none

    @property
    def row(self) -> tuple[str, str, str]:
        return (self.name, self.count or "–", self.description)


@dataclass
class Zone:
    name: str
    scope: str
    visibility: str
    holds: str

    @property
    def row(self) -> tuple[str, str, str, str]:
        return (self.name, self.scope, self.visibility, self.holds or "–")


@dataclass
class Rule:
    label: str  # "R3"
    name: str
    title: str
    params: list[str]
    steps: list[Step]


@dataclass
class Action:
    prompt: str
    player: str
    rule: str  # the title of the rule (or section) it is in
    rule_label: str
    conditions: list[str]
    options: str
    effect: list[str]
    optional: str  # the text for declining, "" when the choice must be made

    @property
    def brief_effect(self) -> str:
        """What follows, cut to a glance for the card."""
        text = " ".join(self.effect) or "–"
        return text if len(text) <= CARD_EFFECT_LENGTH else text[: CARD_EFFECT_LENGTH - 1].rsplit(" ", 1)[0] + " …"


@dataclass
class Table:
    name: str
    caption: str
    header: tuple[str, str]
    rows: list[tuple[str, str]]


@dataclass
class Variant:
    name: str
    text: str
    in_play: bool
    changes: list[str]

    @property
    def row(self) -> tuple[str, str, str, str]:
        return (self.name, "yes" if self.in_play else "no", self.text, ", ".join(self.changes) or "–")


@dataclass
class Example:
    name: str
    situation: str
    given: list[Step]
    when: list[Step]
    answers: list[str]
    expect: list[str]
    status: str  # "PASS", "FAIL" or "NOT RUN"


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
    zones: list[Zone]
    boards: list[str]
    dice: list[str]
    tracked: list[str]
    automata: list[str]
    setup: list[Step]
    sequence: list[Step]
    card_sequence: list[Step]
    card_actions: list["Action"]
    card_end: list[str]
    rules: list[Rule]
    actions: list[Action]
    tables: list[Table]
    score: list[str]
    final_scoring: list[Step]
    end: list[str]
    variants: list[Variant]
    terms: list[str]
    examples: list[Example]
    chosen_variants: list[str] = field(default_factory=list)


def reference_date() -> str:
    """Today's date, or the date of `SOURCE_DATE_EPOCH` when set (reproducible output)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().lstrip("-").isdigit():
        moment = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    else:
        moment = datetime.datetime.now(tz=datetime.timezone.utc)
    return moment.date().isoformat()


def walk(node: object) -> Iterator[ast.Node]:
    """Every node inside a node (or a list of nodes), the node itself first."""
    if isinstance(node, list):
        for item in node:
            yield from walk(item)
        return
    if not isinstance(node, ast.Node):
        return
    yield node
    for name in type(node).model_fields:
        if name == "span":
            continue
        value = getattr(node, name)
        if isinstance(value, (ast.Node, list)):
            yield from walk(value)
        elif isinstance(value, dict):
            yield from walk(list(value.values()))


def build_reference(
    game_file: ast.GameFile,
    source: Optional[str] = None,
    variants: Iterable[str] = (),
    example_results: Optional[dict[str, bool]] = None,
    date: Optional[str] = None,
) -> Reference:
    """Gather the summary and the card of a parsed, checked rules file.

    Args:
        game_file: the parsed rules file.
        source: its text; read from `game_file.path` when omitted.
        variants: the variants in play (marked in the variants section).
        example_results: each worked example's name -> passed, as `pirdsl test` found; None: not run.
        date: the date for the title block; default `reference_date()`.
    """
    english = English(game_file, source)
    decls = game_file.declarations
    header = next(d for d in decls if isinstance(d, ast.GameHeader))
    of_kind = lambda kind: [d for d in decls if isinstance(d, kind)]  # noqa: E731
    setup = next(iter(of_kind(ast.SetupDecl)), None)
    play = next(iter(of_kind(ast.PlayDecl)), None)
    final = next(iter(of_kind(ast.FinalScoringDecl)), None)

    rule_order = rules_in_call_order(english, [setup, play, final])
    for number, name in enumerate(rule_order, 1):
        english.rule_labels[name] = f"R{number}"
    rules = [
        Rule(f"R{number}", name, english.rule_title(name), english.rules[name].params,
             english.render(english.rules[name]))
        for number, name in enumerate(rule_order, 1)
    ]
    # The card stands alone: its calls show the rule's title without the summary's label.
    labels, english.rule_labels = english.rule_labels, {}
    card_sequence = english.render(play) if play else []
    card_actions = actions(english, [setup, play, final], rule_order)
    card_end = end_of_game(english, decls, play, rule_order)
    english.rule_labels = labels
    texts = dict(header.texts)
    chosen = list(variants)
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
        kinds=[english.render(d) for d in of_kind(ast.KindDecl)],
        pieces=pieces(english, of_kind(ast.PieceDecl), setup),
        zones=zones(english, of_kind(ast.ZoneDecl), setup),
        boards=boards(english, of_kind(ast.BoardDecl)),
        dice=[english.render(d) for d in of_kind(ast.DieDecl)],
        tracked=[english.author_wording(d) or english.render(d).removesuffix(".") + comment_note(english, d) + "."
                 for d in of_kind(ast.VarDecl) if not d.internal],  # bookkeeping is for the rules alone
        automata=[english.render(d) for d in of_kind(ast.AutomaDecl)],
        setup=english.render(setup) if setup else [],
        sequence=english.render(play) if play else [],
        card_sequence=card_sequence,
        card_actions=card_actions,
        card_end=card_end,
        rules=rules,
        actions=actions(english, [setup, play, final], rule_order),
        tables=tables(english, of_kind(ast.TableDecl)),
        score=[english.render(d) for d in of_kind(ast.ScoreDecl)] + [english.render(d) for d in of_kind(ast.TiebreakDecl)],
        final_scoring=english.render(final) if final else [],
        end=end_of_game(english, decls, play, rule_order),
        variants=variant_list(english, of_kind(ast.VariantDecl), chosen, decls, rule_order),
        terms=[english.render(d) for d in of_kind(ast.DefineDecl) if is_used_outside_examples(d, decls)],
        examples=examples(english, of_kind(ast.ExampleDecl), example_results),
        chosen_variants=chosen,
    )


def flatten(step: Step) -> str:
    """A step and its block on one line: `If X: a; b.`"""
    if not step.children:
        return step.text
    inner = "; ".join(lower_first(flatten(child).rstrip(".")) for child in step.children if child.kind != "Log")
    return f"{step.text} {inner}."


def lower_first(text: str) -> str:
    return text[0].lower() + text[1:] if text[:1].isupper() and text[1:2].islower() else text


def comment_note(english: English, decl: ast.Node) -> str:
    comment = english.trailing_comment(decl)
    return f" ({escape_literal(comment)})" if comment else ""


def rules_in_call_order(english: English, roots: list[Optional[ast.Node]]) -> list[str]:
    """The rules that setup, play and final scoring call, depth first, each once."""
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
    if isinstance(iterable, ast.Call) and iterable.function == "range" and all(
        isinstance(a, ast.IntLiteral) for a in iterable.args
    ):
        low, high = (a.value for a in iterable.args)  # type: ignore[union-attr]
        return max(0, high - low + 1), ""
    return None, f"for each {english.phrase(iterable)}"


def creates_with_loops(english: English, body: list[ast.Stmt], loops: tuple = ()) -> Iterator[tuple[ast.Create, tuple]]:
    for statement in body:
        if isinstance(statement, ast.Create):
            yield statement, loops
        inner_loops = loops + (statement,) if isinstance(statement, (ast.ForEach, ast.Repeat)) else loops
        for name in ("body", "otherwise"):
            block = getattr(statement, name, None)
            if isinstance(block, list):
                yield from creates_with_loops(english, block, inner_loops)
        for branch in getattr(statement, "branches", []) or []:
            yield from creates_with_loops(english, branch.body, inner_loops)


def create_count(english: English, create: ast.Create, loops: tuple) -> str:
    """`6 per player`, `35`, `(8 if p is an automa, otherwise 5) per player`."""
    multiplier = 1
    known = isinstance(create.count, ast.IntLiteral)
    total_text = english.operand(create.count)
    qualifiers: list[str] = []
    for loop in loops:
        if isinstance(loop, ast.Repeat):
            if isinstance(loop.count, ast.IntLiteral):
                multiplier *= loop.count.value
            else:
                qualifiers.append(f"{english.operand(loop.count)} times")
            continue
        factor, phrase = loop_factor(english, loop)
        if factor is not None:
            multiplier *= factor
        elif phrase:
            qualifiers.append(phrase)
    if known:
        total_text = str(create.count.value * multiplier)  # type: ignore[union-attr]
    elif multiplier != 1:
        total_text = f"{multiplier} × {total_text}"
    return " ".join([total_text, *qualifiers])


def zone_name(english: English, zone: ast.Expr) -> Optional[str]:
    if isinstance(zone, ast.Name) and zone.id in english.zones:
        return zone.id
    if isinstance(zone, ast.Attribute) and zone.name in english.zones:
        return zone.name
    return None


def pieces(english: English, decls: list[ast.PieceDecl], setup: Optional[ast.SetupDecl]) -> list[Piece]:
    counts: dict[str, list[str]] = {d.name: [] for d in decls}
    if setup is not None:
        for create, loops in creates_with_loops(english, setup.body):
            counts.setdefault(create.piece, []).append(create_count(english, create, loops))
    return [
        Piece(words(d.name), english.author_wording(d) or english.render(d), " + ".join(counts.get(d.name, [])))
        for d in decls
    ]


def zones(english: English, decls: list[ast.ZoneDecl], setup: Optional[ast.SetupDecl]) -> list[Zone]:
    created: dict[str, list[str]] = {}
    if setup is not None:
        for create, _loops in creates_with_loops(english, setup.body):
            name = zone_name(english, create.zone)
            if name and words(create.piece) not in created.setdefault(name, []):
                created[name].append(words(create.piece))
    result = []
    for decl in decls:
        holds = english.author_wording(decl) or english.trailing_comment(decl) or ""
        holds = escape_literal(holds)
        if name_list := created.get(decl.name):
            start = "at the start: " + ", ".join(name_list)
            holds = f"{holds}; {start}" if holds else capitalize(start)
        result.append(Zone(
            words(decl.name),
            "each player" if decl.per_player else "the table",
            {"public": "everyone", "owner": "its owner", "hidden": "nobody", "internal": "nobody"}.get(
                decl.visibility, decl.visibility),
            holds,
        ))
    return result


def boards(english: English, decls: list[ast.BoardDecl]) -> list[str]:
    result = []
    for decl in decls:
        result.append(english.render(decl))
        result.extend(english.render(legend) for legend in decl.legends)
    return result


# ------------------------------------------------------------ actions


def actions(english: English, roots: list[Optional[ast.Node]], rule_order: list[str]) -> list[Action]:
    """Every decision a player makes: in the play, setup and final scoring, then in each rule called."""
    found: list[Action] = []
    sections: list[tuple[str, str, list[ast.Stmt]]] = []
    titles = {ast.SetupDecl: "Setup", ast.PlayDecl: "Sequence of play", ast.FinalScoringDecl: "Final scoring"}
    for root in roots:
        if root is not None:
            sections.append((titles[type(root)], "", root.body))
    for name in rule_order:
        sections.append((english.rule_title(name), english.rule_labels.get(name, ""), english.rules[name].body))
    for title, label, body in sections:
        collect_actions(english, body, [], title, label, found)
    return found


def collect_actions(english: English, body: list[ast.Stmt], conditions: list[str], title: str, label: str,
                    found: list[Action]) -> None:
    for position, statement in enumerate(body):
        if isinstance(statement, ast.Choose):
            following = []
            for after in body[position + 1:]:
                if isinstance(after, ast.Choose):
                    break
                following.extend(flatten(step) for step in english.steps([after]) if step.kind != "Log")
            prompt = (english.author_wording(statement)
                      or (english.phrase(statement.prompt).strip("“”") if statement.prompt else f"Choose {statement.var}"))
            found.append(Action(
                prompt=prompt,
                player=english.phrase(statement.player),
                rule=title,
                rule_label=label,
                conditions=list(conditions),
                options=english.phrase(statement.options),
                effect=following,
                # An empty skip text still makes the choice optional on the card.
                optional=(english.text_inside(statement.skip_text) if statement.skip_text is not None else "") or "skip"
                if statement.optional else "",
            ))
        elif isinstance(statement, ast.If):
            earlier: list[str] = []
            for branch in statement.branches:
                condition = english.phrase(branch.condition)
                # An elif's own condition is what a reader needs; the earlier ones are spelled out for else.
                collect_actions(english, branch.body, conditions + [condition], title, label, found)
                earlier.append(english.phrase(ast.Not(span=branch.condition.span, operand=branch.condition)))
            if statement.otherwise:
                collect_actions(english, statement.otherwise, conditions + earlier, title, label, found)
        elif isinstance(statement, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            extra: list[str] = []
            if isinstance(statement, ast.While):
                extra = [f"while {english.phrase(statement.condition)}"]
            elif isinstance(statement, ast.Phase):
                extra = [f"in phase “{escape_literal(statement.title)}”"]
            collect_actions(english, statement.body, conditions + extra, title, label, found)


# ------------------------------------------------------------ scoring, end, variants, examples


def tables(english: English, decls: list[ast.TableDecl]) -> list[Table]:
    result = []
    for decl in decls:
        caption = english.author_wording(decl) or ""
        result.append(Table(words(decl.name), caption, ("", ""), [english.render(row) for row in decl.rows]))
    return result


def end_of_game(english: English, decls: list[ast.Decl], play: Optional[ast.PlayDecl],
                rule_order: list[str]) -> list[str]:
    lines: list[str] = []
    if play is not None:
        for node in walk(play.body):
            if isinstance(node, ast.Rounds) and node.until is not None:
                lines.append(f"The game ends after the round in which {english.phrase(node.until)}.")
    places = places_of(english, decls, rule_order, ast.EndGame)
    if places:
        lines.append(f"The game ends at once in: {', '.join(places)}.")
    places = places_of(english, decls, rule_order, ast.Eliminate)
    if places:
        lines.append(f"A player can be put out of the game (they cannot win) in: {', '.join(places)}.")
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
                    places.append(labelled(english, decl.name))
            else:
                places.append({ast.SetupDecl: "setup", ast.PlayDecl: "the sequence of play",
                               ast.FinalScoringDecl: "final scoring"}.get(type(decl), words(getattr(decl, "name", ""))))
    return places


def variant_list(english: English, decls: list[ast.VariantDecl], chosen: list[str], all_decls: list[ast.Decl],
                 rule_order: list[str]) -> list[Variant]:
    result = []
    for decl in decls:
        changes = []
        for other in all_decls:
            if isinstance(other, ast.ExampleDecl):
                continue
            if any(isinstance(n, ast.VariantRef) and n.name == decl.name for n in walk(other)):
                if isinstance(other, ast.RuleDecl):
                    if other.name in rule_order:
                        changes.append(labelled(english, other.name))
                elif isinstance(other, ast.DefineDecl):
                    changes.append(f"the term “{words(other.name)}”")
                else:
                    changes.append({ast.SetupDecl: "setup", ast.PlayDecl: "the sequence of play",
                                    ast.FinalScoringDecl: "final scoring"}.get(type(other), words(getattr(other, "name", ""))))
        result.append(Variant(words(decl.name), escape_literal(decl.text), decl.name in chosen, changes))
    return result


def is_used_outside_examples(define: ast.DefineDecl, decls: list[ast.Decl]) -> bool:
    for decl in decls:
        if isinstance(decl, ast.ExampleDecl) or decl is define:
            continue
        if isinstance(decl, ast.RuleDecl) and decl.text and decl.text.startswith("(examples)"):
            continue
        for node in walk(decl):
            if (isinstance(node, ast.Name) and node.id == define.name) or (
                isinstance(node, ast.Call) and node.function == define.name
            ):
                return True
    return False


def examples(english: English, decls: list[ast.ExampleDecl], results: Optional[dict[str, bool]]) -> list[Example]:
    found = []
    for decl in decls:
        english.named_players = set(decl.player_names)
        if results is None or decl.name not in results:
            status = "NOT RUN"
        else:
            status = "PASS" if results[decl.name] else "FAIL"
        found.append(Example(
            name=escape_literal(decl.name),
            situation=english.render(decl),
            given=english.steps(decl.given),
            when=english.steps(decl.when),
            answers=[english.phrase(answer) for answer in decl.answers],
            expect=[capitalize(english.phrase(check)) + "." for check in decl.expect],
            status=status,
        ))
    english.named_players = set()
    return found
