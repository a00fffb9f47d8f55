"""Run the worked examples of a rules file: a situation, what happens, what must then hold.

An example starts a fresh game (its players, seed and variants), runs setup, then
its `given` block (arrange the situation) and its `when` block (what happens).
Decisions on the way take the example's `answers` in order: a number is the
1-based option, a text matches an option's label. Then every `expect` line must
be true; a failure shows the line and, for a comparison, both sides' values.
"""

from __future__ import annotations

from dataclasses import dataclass

from dsl import ast
from dsl.diagnostics import Diagnostic
from interpreter.state import State, _describe
from interpreter.values import GameRuleError, show, written

MAX_STEPS = 10_000


@dataclass
class ExampleResult:
    """The outcome of one example."""

    name: str
    passed: bool
    message: str = ""
    # The file the example is written in, when it is not the game's own (a variant file's base).
    base: str | None = None
    # The failure as a diagnostic, and whether it is about the answers (which `pirdsl check` reports).
    diagnostic: Diagnostic | None = None
    about_answers: bool = False


def _source_text(game, span) -> str:
    from dsl.diagnostics import SourceLines

    lines = SourceLines(game.source).lines(span.file)
    if span.line == span.end_line and 1 <= span.line <= len(lines):
        return lines[span.line - 1][span.column - 1: span.end_column - 1]
    return lines[span.line - 1].strip() if 1 <= span.line <= len(lines) else "?"


def _fail(game, span, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(span, message, hint)


class _ExampleFailure(Exception):
    """An example that does not hold; `about_answers` when its answers do not fit its questions."""

    def __init__(self, diagnostic: Diagnostic, about_answers: bool = False):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
        self.about_answers = about_answers


def _answer_failure(game, span, message: str, hint: str | None = None) -> _ExampleFailure:
    return _ExampleFailure(Diagnostic(span, message, hint), about_answers=True)


def _skip_only(state: State) -> bool:
    """Whether the pending decision is a choice with nothing to choose but its skip option."""
    pending = state.pending
    return pending[0] == "choice" and not pending[3] and bool(state.program.skips[pending[1]])


def _skipped_note(skipped: list[tuple[str, str]]) -> str:
    """Which questions before an answer passed by themselves, for a message about that answer."""
    if not skipped:
        return ""
    questions = ", ".join(f"'{prompt}' (only '{label}')" for prompt, label in skipped)
    return (f". Before it, {questions} passed by itself, taking no answer; "
            "to answer such a question in the example, write its skip text")


def _answer(state: State, answer, span, game, skipped: list | None = None) -> int:
    """The action index an example answer names."""
    count = state.num_actions()
    labels = [state.action_label(i) for i in range(count)]
    if isinstance(answer, int) and not isinstance(answer, bool):
        if 1 <= answer <= count:
            return answer - 1
        raise _answer_failure(game, span, f"answer {answer} is not an option of '{state.prompt()}'",
                              "options: " + "; ".join(f"{i + 1}. {l}" for i, l in enumerate(labels))
                              + _skipped_note(skipped or []))
    text = show(answer).lower()
    exact = [i for i, label in enumerate(labels) if label.lower() == text]
    if len(exact) == 1:
        return exact[0]
    partial = [i for i, label in enumerate(labels) if text in label.lower()]
    if len(partial) == 1:
        return partial[0]
    problem = "matches several options" if partial else "matches no option"
    raise _answer_failure(game, span, f"answer '{show(answer)}' {problem} of '{state.prompt()}'",
                          "options: " + "; ".join(f"{i + 1}. {l}" for i, l in enumerate(labels))
                          + _skipped_note(skipped or []))


def _names_option(answer, label: str) -> bool:
    """Whether an answer is this option's label, exactly (capitals aside).

    Only the whole label counts: a number, or part of a label, could as well be meant
    for the question after, as it was before skip-only questions could take answers.
    """
    if isinstance(answer, int):
        return False
    return show(answer).lower() == label.lower()


def run_example(game, example) -> ExampleResult:
    """Run one compiled example and say whether its expectations hold."""
    decl: ast.ExampleDecl = example.decl
    try:
        players = decl.players or game.min_players
        # An example plays the game's parameters (the defaults, or --param's), except those its own `param` lines set.
        params = game.checked_params({**game.param_values, **decl.params})
        world = game._world(players, decl.variants, shared=False, params=params)
        for i, name in enumerate(decl.player_names[: len(world.players)]):
            world.players[i].name = name.replace("_", " ").title()
        state = game._blank_state(world, decl.seed)
        state.env = {name: world.players[i] for i, name in enumerate(decl.player_names) if i < len(world.players)}
        state._run(example.function)
        answers = [(a(state, state.env), node) for a, node in zip(example.answers, decl.answers)]
        used = 0
        steps = 0
        # Questions that had only their skip option and passed without an answer, since the last
        # answer: named when the next answer fits nothing, since the author may have meant it for one.
        skipped: list[tuple[str, str]] = []
        while not state.terminal:
            steps += 1
            if steps > MAX_STEPS:
                raise _ExampleFailure(_fail(game, decl.span, "the example never finishes"))
            if state.is_chance():
                state.apply_chance()
                continue
            if state.num_actions() == 1:
                if _skip_only(state):
                    # A question with only its skip option takes an answer when the example gives
                    # its skip text next (the example then says it); otherwise it passes by itself,
                    # and the next answer's message names it.
                    label = state.action_label(0)
                    if used < len(answers) and _names_option(answers[used][0], label):
                        used += 1
                    else:
                        skipped.append((state.prompt(), label))
                    state.apply_action(0)
                    continue
                state.apply_action(0)  # a decision with one option is taken without asking, as at the table
                continue
            if used >= len(answers):
                raise _answer_failure(
                    game, decl.span, f"the example needs an answer for '{state.prompt()}'",
                    "add it to 'answers': " + "; ".join(
                        f"{i + 1}. {a.label}" for i, a in enumerate(state.legal_actions())))
            value, node = answers[used]
            used += 1
            state.apply_action(_answer(state, value, node.span, game, skipped))
            skipped = []
        if used < len(answers):
            hint = _skipped_note(skipped)[2:] or None  # the note without its leading ". "
            raise _answer_failure(game, decl.answers[used].span, "this answer was never asked for", hint)
        env = state.env
        for node, check in example.expect:
            try:
                ok = check(state, env)
            except Exception as error:
                raise _ExampleFailure(_fail(game, node.span, f"cannot evaluate: {_describe(error)}")) from None
            if not ok:
                detail = ""
                if isinstance(node, ast.Compare):
                    left = game.evaluator(node.left, example.scope)(state, env)
                    right = game.evaluator(node.right, example.scope)(state, env)
                    detail = f" (left side is {written(left)}, right side is {written(right)})"
                raise _ExampleFailure(_fail(game, node.span,
                                            f"expected {_source_text(game, node.span)}{detail}"))
        if game.payoff is not None:
            state.returns()  # the game has ended: its payments must keep the payoff line's promises
        return ExampleResult(decl.name, True)
    except _ExampleFailure as failure:
        return ExampleResult(decl.name, False, failure.diagnostic.format(game.source), diagnostic=failure.diagnostic,
                             about_answers=failure.about_answers)
    except GameRuleError as error:
        diagnostic = Diagnostic(error.span, error.message) if error.span else None
        message = diagnostic.format(game.source) if diagnostic else str(error)
        return ExampleResult(decl.name, False, message, diagnostic=diagnostic)
    except ValueError as error:
        diagnostic = _fail(game, decl.span, str(error))
        return ExampleResult(decl.name, False, diagnostic.format(game.source), diagnostic=diagnostic)


def run_examples(game) -> list[ExampleResult]:
    """Run every example of a loaded game, in file order (a variant file's: its bases' too)."""
    results = []
    for example in game.examples:
        result = run_example(game, example)
        if example.decl.span.file != game.path:
            result.base = example.decl.span.file
        results.append(result)
    return results


def answer_errors(game) -> list[Diagnostic]:
    """What `pirdsl check` reports of the examples: answers that do not fit the questions asked.

    Which options a question offers depends on everything before it (the cards drawn,
    the pieces on the board), so an answer is checked against the options the example
    really reaches: the examples run, and only their answer failures are kept (an
    `expect` line that does not hold is `pirdsl test`'s to report).
    """
    return [result.diagnostic for result in run_examples(game) if result.about_answers and result.diagnostic]
