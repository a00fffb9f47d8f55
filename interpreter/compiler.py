"""Compile a checked game to the source of one Python module.

Every rule, define and top-level body (setup, play, final scoring, each worked
example) becomes one generated Python function, with the `.pir` line of each
statement in a comment above its code. Rules call each other as Python
functions and keep their local names in Python locals, so play runs as plain
Python until the rules ask for a decision or a chance outcome.

Where that can happen (a `chooses`, `draw` or `roll`, or a call of a rule that
may get to one) is a numbered *resume point*, and a function with resume points
is a Python generator: it waits with `yield` (or `yield from` the rule it calls),
with the point in its local `_pc`. A game in play is a chain of suspended
generators, and going on from a decision is one `send`.

A copy or a save needs the same position as plain data: for each waiting
generator, its function, `_pc` and locals, read from its frame. A copy goes on by
making the generators again: each function, called with a saved point and
locals, skips to that point (every statement before it is guarded by
`if not _pc`, and a loop around it is entered without its test, with its saved
counters); at a call, it goes on with the generator made from the next frame.

A failure inside the rules is traced back to its `.pir` statement through the
generated line it happened on (`LINES` maps lines to `SPANS`), so the happy path
pays nothing for it. See docs/engine-api.md for what the engine promises.

Each game has two builds of this module, written by the same `ModuleWriter` from
the same tree. The ordinary build is described above. The playout build
(`ModuleWriter(..., playout=True)`, interpreter/playout.py) differs where the
rules wait (`_taken`, and the calls of rules that may wait): a decision or chance
event is one call that gives the answer taken (`_choose_in_playout`, ...) instead of
`yield`, and rules that may wait are called plainly, so none of its functions is a generator. A playout resumes the frames of
the state it begins from once, and starts every later call afresh, so each function
that may wait is written twice there: `resume_NAME`, with the resume guards and saved
counters (the one FUNCTIONS lists), whose loops finish the time round they were
resumed in and then go round as started code (`_resumed_loop`); and `NAME`, only
ever started (`_Function.started_only`, `_started`): plain statements and `for`
loops. It also works out a log line only when the playout keeps the log
(`Playout.log`). Everything else (statements, frames' locals, the sites of
decisions and chance, spans) is written alike and numbered alike, so a state
waiting in the ordinary build can go on in the playout build from its frames
(`_resumed_in_playout`). A change to how a statement is written changes both
builds; code that counts or instruments statements belongs in the statement
writers (`plain`, `resumable`, `_started`), not in `_wait`.

The playout build also reads what a world holds that play never changes as globals of
its module (`W_...`, `ExpressionWriter.world_read`): a zone (`W_zone_bag`), each seat's
zone of a name (`W_seat_zone_crew[p.index]`), a variant's being on, the seats, the memo
of the world's defines and the tables of a one-parameter define's values by the
argument's class (`W_of_str_island[name]`, read at the call site when the argument's
class is known), and the value of each define without parameters that reads nothing
play changes (`W_define_route`, `world_define`). Its `bind_world` sets them for one world;
`Game.bind_playout` gives each world a namespace of its own, made from the build's code,
so worlds never share them. It works the world's defines out first: the build is then
the one written for the kinds of their values (`world_kinds`: a list of cells drops the
test that it is a list), and, should one fail, the one written with `lazy_defines`, which
looks each up in the memo where it is read (`W_memo['route']`), to fail where and how
the ordinary build fails.

Where the compiler knows what a value is (a player, a piece, a zone or cell, a list),
it writes the direct form (`st.pvars[v_p.index]['x']`, `len(st.contents[z.id])`,
`st.move_piece(...)`) instead of testing the value's class and falling back on the
runtime's operation, which also says what is wrong. What a value may be is its kind
(interpreter/purity.py); `_infer_kinds` works out, before anything is written, what
each rule's parameters are given by every call in the file, what each variable (plain
or a player's) starts as and is given, what each field of pieces is given by every
`create`, and what the shared names of setup, play, final scoring and the examples are
given, pass after pass until nothing changes; a function's locals then follow
(`_local_kinds`), a define's value follows from its arguments' kinds (`Purity.result`),
and a define called with arguments of known kinds gets a copy written for them
(`_specialised`). A rule some of whose parameters may be none as well as something
else (a player, or an automa seat that is none where it does not play) is written
twice, as `NAME__any` for any arguments and as `NAME` for arguments that are not none,
which sends a none to `NAME__any` first thing (`_not_none_params`; not a generator of
the ordinary build, nor a playout's `resume_` copy, which saved frames name). Inside
`x != none and ...` and the branch of an `if x != none:` that leaves x as it is, x is
not none; once `empty(x)` has been worked
out, x is a zone or cell (it fails on anything else), and within the same expression,
where it said false, `first(x)` and `top(x)` are pieces (the same for what a
comprehension's `where` clause says of its element). A `chooses` without `optional`
among plain values (numbers, names, players, zones, cells) takes one of them, and a
cell has every layer of its board. A value that is a piece or none (a player's card
before one is dealt) is tested for none alone, not for its class
(`ExpressionWriter._none_or`); the same for a player or a zone. Soundness comes first:
a kind only ever says what every value the game can make there is (a saved state is
trusted to be one the game made); where that is not sure (a choice among pieces, a
piece's variable), the test stays, and a field that some kinds of piece lack is still
looked for first, so it fails with the same message (which kind of piece a value is, is
not followed). A file without `shuffle` never has a zone of unknown order, so its zones'
ends are read without asking.

This module writes the module, its functions and their statements; each expression
is written by `ExpressionWriter` (interpreter/expressions.py), what a define reads by
`Purity` (interpreter/purity.py), and what is read off the syntax tree beforehand
(loops, sizes, names, waits) is in interpreter/syntax_facts.py.
"""

from __future__ import annotations

import hashlib
import linecache
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl import ast
from dsl.ast import local_names
from dsl.diagnostics import Source, SourceLines
from interpreter import cache
from interpreter.expressions import PLACE, CompileError, ExpressionWriter, _simple, _simple_or_constant
from interpreter.lowering import lower_file
from interpreter.catalogues import with_catalogues
from interpreter.powers import with_powers
from interpreter.purity import ANYTHING, CELL, NOTHING, NUMBER, PIECE, PLAYER, TEXT, ZONE, Purity, element, join, sure
from interpreter.syntax_facts import assigned_names, costly_defines, names_used, recursive_defines, waits

# Part of the cache key of generated modules: change it when the generated code changes meaning.
GENERATOR_VERSION = "17"


@dataclass
class _CallBody:
    """A call of a top-level body (setup, play, final scoring) from `main` or an example."""

    function: str
    span: Any


@dataclass
class _StartAt:
    """Where an example starts, set after its setup: `round 5`, `phase "Night"` (None: as setup left it)."""

    round: int | None
    phase: str | None
    span: Any


# Values a choice offers as they are (runtime._PLAIN_OPTIONS): numbers, names, none, players, zones, cells.
PLAIN = NUMBER | TEXT | NOTHING | PLAYER | ZONE | CELL
SPECIALISED_COPIES = 4  # copies of one define for arguments of known kinds, at most (`_specialised`)
_NO_KIND = object()  # a name with no kind noted yet
_NUMBERED = re.compile(r"\b(_w|c)\d+(_?)")


def _normalised(body: str) -> str:
    """Generated code without the numbers of its `:=` and comprehension names, to compare two writings."""
    return _NUMBERED.sub(r"\1\2", body)


def _pad(depth: int) -> str:
    return "    " * depth


class _Function:
    """What the statements of one generated function need to know about it while they are written."""

    def __init__(self, module: "ModuleWriter", name: str, scope, dict_mode: bool, resumable: bool,
                 function_id: int | None):
        self.module = module
        self.name = name
        self.scope = scope
        self.dict_mode = dict_mode
        self.resumable = resumable
        self.function_id = function_id
        self.names = {n: (f"env[{n!r}]" if dict_mode else f"v_{n}") for n in scope}
        self.saved: list[str] = [] if dict_mode else [f"v_{n}" for n in scope]
        self.param_names: list[str] = []  # what the function is given: may be anything
        self.total = 0       # resume points in the function
        self.done = 0        # resume points written so far
        self.together = 0    # simultaneous loops around the statement being written
        self.counter = 0     # for the names of loop counters
        self.in_rule = not dict_mode
        # Only ever started, never resumed (`_pc` is always 0): the playout build's copy of a
        # resumable function, which skips the guards that resuming needs (`ModuleWriter._write_function`).
        self.started_only = False
        self.started_counter = 0
        # What the parameters are taken to be, where not what every call may give them
        # (`param_kinds`): the copy of a rule written for arguments that are not none (`_for_kinds`).
        self.param_kinds: list | None = None

    def started(self) -> "_Function":
        """The same function, to be written again as the copy that is only ever started."""
        other = _Function(self.module, self.name, self.scope, self.dict_mode, True, self.function_id)
        other.param_names = list(self.param_names)
        other.started_only = True
        return other

    def again(self, param_kinds: list | None) -> "_Function":
        """The same function, not written yet, its parameters taken to be of `param_kinds`."""
        other = _Function(self.module, self.name, self.scope, self.dict_mode, self.resumable, self.function_id)
        other.param_names = list(self.param_names)
        other.started_only = self.started_only
        other.param_kinds = param_kinds
        return other

    def fresh(self, stem: str) -> str:
        if self.started_only:  # names of their own: the saved counters keep the ordinary build's names
            self.started_counter += 1
            return f"_{stem}_{self.started_counter}"
        self.counter += 1
        return f"_{stem}{self.counter}"

    def counters(self, *names: str) -> None:
        """Loop counters that resuming needs: saved with the locals."""
        self.saved += names

    def guard_needed(self) -> bool:
        """Whether a point comes after what is written next: resuming there must skip it."""
        return self.done < self.total and not self.started_only


class ModuleWriter(ExpressionWriter):
    """Writes the Python module of one checked game (its expressions: interpreter/expressions.py)."""

    def __init__(self, game_file: ast.GameFile, source: Source, playout: bool = False, lazy_defines: bool = False,
                 world_kinds: dict | None = None):
        # The playout build (`playout`): the same module, but where the rules wait, a decision is
        # taken at once by the state's playout and play goes on (`_wait`); no function is a generator.
        self.playout = playout
        # The playout build reads the world-level defines' values from globals (`world_define`),
        # unless `lazy_defines`: then from the world's memo, as the ordinary build does.
        self.lazy_defines = lazy_defines
        self.world_defines: list[str] = []
        # The kinds of the values of world-level defines (without parameters) in the worlds this
        # playout build is for: the kinds of the values one world has (`Game.bind_playout`).
        self.world_kinds: dict[str, object] = dict(world_kinds or {}) if playout and not lazy_defines else {}
        self._begin_round = "_begin_playout_round" if playout else "_begin_round"
        game_file = with_powers(game_file)  # powers become plain rules and defines (interpreter/powers.py)
        game_file = with_catalogues(game_file)  # catalogue rows and budgeted choices (interpreter/catalogues.py)
        game_file = lower_file(game_file)  # turns of actions, as the loops of choices they are
        self.file = game_file
        self.texts = SourceLines(source)  # each file's lines (a variant's bases are files of their own)
        decls = game_file.declarations
        self.decls = decls
        self.kinds = {d.name: d for d in decls if isinstance(d, ast.KindDecl)}
        self.members = {m: d.name for d in self.kinds.values() for m in d.members}
        self.pieces = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.vars = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.player_vars = {n for n, d in self.vars.items() if d.per_player}
        self.piece_vars = {n for n, d in self.vars.items() if d.per_piece}
        self.zones = {d.name: d for d in decls if isinstance(d, ast.ZoneDecl)}
        self.player_zones = {n for n, d in self.zones.items() if d.per_player}
        self.boards = {d.name: d for d in decls if isinstance(d, ast.BoardDecl)}
        self.dice = {d.name: d for d in decls if isinstance(d, ast.DieDecl)}
        self.tables = {d.name: d for d in decls if isinstance(d, ast.TableDecl)}
        self.automata = {d.name: d for d in decls if isinstance(d, ast.AutomaDecl)}
        self.parameters = {d.name: d for d in decls if isinstance(d, ast.ParamDecl)}
        self.defines = {d.name: d for d in decls if isinstance(d, ast.DefineDecl)}
        self.rules = {d.name: d for d in decls if isinstance(d, ast.RuleDecl)}
        self.symbols: set[str] = set(self.members)
        for board in self.boards.values():
            for legend in board.legends:
                for value in legend.entries.values():
                    if isinstance(value, str):
                        self.symbols.add(value)
        for die in self.dice.values():
            self.symbols.update(f for f in die.faces if isinstance(f, str))
        for table in self.tables.values():
            if table.piece:  # a catalogue's keys are names of their own (dsl/check.py)
                self.symbols.update(row.key.id for row in table.rows if isinstance(row.key, ast.Name)
                                    and row.key.id not in self.defines and row.key.id not in self.vars)
        self.piece_fields = {f for d in self.pieces.values() for f in d.fields}
        self.layer_names = {layer.name for b in self.boards.values() for layer in b.layers}
        self.chunks: list[list[tuple[str, int | None]]] = []  # each: lines and their span index
        self.chunk_spans: list = []  # the declaration or statement each chunk comes from
        self.spans: list[tuple[int, int, int, int]] = []
        self.span_index: dict[tuple[int, int, int, int], int] = {}
        self.functions: list[tuple] = []  # python name, name, saved locals, dict mode, resume points
        self.choices: list[str] = []
        self.chances: list[str] = []
        self.suspending: set[str] = set()
        self.waiting_bodies: set[str] = set()  # setup, play, final scoring: those that may wait
        # What plain variables, rules' parameters and the shared names of setup, play and
        # the rest may hold: ANYTHING until `_infer_kinds` works them out from the whole file.
        self.var_kinds: dict[str, object] = {}  # plain variables and players' variables
        self.field_kinds: dict[str, object] = {}  # a field of pieces: what it may hold, whichever piece has it
        self.param_kinds: dict[str, list] = {}
        self.env_kinds: dict[str, object] = {}
        self.purity = Purity(self)
        self.comprehensions = 0
        self.variable_kinds: dict[str, object] = {}  # comprehension variable -> what it may be
        self.nonempty: set[str] = set()  # locals known to be zones or cells holding a piece (`_not_none`)
        # Only `shuffle` makes a zone's order unknown (`st.unordered`): without one, none ever is.
        self.shuffles = any(isinstance(node, ast.Shuffle) for node in ast.walk(decls))
        self.specialised: dict[tuple, str] = {}  # (define, kinds of its arguments) -> its copy's suffix
        self.specialising: set[tuple] = set()
        self.quantifiers: dict[tuple, str] = {}  # `all`/`any` of a comprehension: its function (`_quantifier`)
        self.writing_module = False  # in `module`: copies of defines can be added to it
        # The playout build's globals for what a world holds, each with what it reads (`world_read`).
        self.world_names: dict[str, str] = {}
        self.bindings = 0  # `:=` names used so far
        self.no_binding = 0  # > 0 where Python allows no `:=`
        self.inlining = 0  # how deep in defines written out where they are used
        self.in_define = False  # writing a define's body (not a statement's expression)
        # The site of each decision and chance statement, by (statement, function, point): the
        # playout build writes some statements twice (`_write_function`, `_resumed_loop`), both
        # copies with the one site the ordinary build gives it.
        self.site_numbers: dict[tuple, int] = {}
        self.recursive = recursive_defines(self.defines)
        self.costly = costly_defines(self.defines)
        # Defines reading nothing play changes whose zones' pieces are counted somewhere
        # (`count(all_pieces(D(...)))`): each gets a `count_pieces_D` (`_count_pieces_helper`).
        self.pieces_counted = {
            node.args[0].args[0].function for node in ast.walk(self.decls)
            if isinstance(node, ast.Call) and _counts_pieces_of_define(node, self.defines)
            and self.purity.pure(node.args[0].args[0].function)}

    # ------------------------------------------------------------ the module

    def module(self) -> str:
        """The source of the whole module."""
        self.suspending = self._suspending_rules()
        self._infer_kinds()
        self.writing_module = True
        decls = self.decls
        self._header()
        for decl in decls:
            if isinstance(decl, ast.DefineDecl):
                self._define(decl)
        for decl in decls:
            if isinstance(decl, ast.RuleDecl):
                self._rule(decl)
        setup = next((d for d in decls if isinstance(d, ast.SetupDecl)), None)
        play = next((d for d in decls if isinstance(d, ast.PlayDecl)), None)
        final = next((d for d in decls if isinstance(d, ast.FinalScoringDecl)), None)
        header_span = next(d for d in decls if isinstance(d, ast.GameHeader)).span
        self._body("body_setup", "<setup>", setup.body if setup else [], setup.span if setup else header_span,
                   after="_end_setup(st)")
        example_setup = next((d for d in decls if isinstance(d, ast.ExampleSetupDecl)), None)
        self.example_setup = "body_example_setup" if example_setup else "body_setup"
        if example_setup:
            self._body("body_example_setup", "<example setup>", example_setup.body, example_setup.span,
                       after="_end_setup(st)")
        self._body("body_play", "<play>", play.body if play else [], play.span if play else header_span)
        self._body("body_final_scoring", "<final scoring>", final.body if final else [],
                   final.span if final else header_span, before="_begin_final_scoring(st)")
        self._body("body_main", "<main>", [_CallBody("body_setup", header_span), _CallBody("body_play", header_span),
                                         _CallBody("body_final_scoring", header_span)], header_span)
        self._expressions()
        examples = [d for d in decls if isinstance(d, ast.ExampleDecl)]
        for number, decl in enumerate(examples):
            self._example(number, decl)
        self._tables()
        if self.playout:
            self._bind_world()
        return self._assemble()

    def _bind_world(self) -> None:
        """The playout build's `bind_world(st)`: sets the globals its code reads for what the world
        of `st` holds (`world_read`). Each world plays out with a namespace of its own, made
        from the same code and bound once (`Game.bind_playout`)."""
        lines = [f"WORLD_DEFINES = {tuple(self.world_defines)!r}  # set for each world by Game.bind_playout",
                 "",
                 "",
                 "def bind_world(st):",
                 '    """Reads what this namespace\'s world holds for the functions above: once, before it plays out."""']
        names = sorted(self.world_names)
        if names:
            lines.append("    global " + ", ".join(names))
        lines += [f"    {name} = {self.world_names[name]}" for name in names]
        self.chunk(lines)

    def _header(self) -> None:
        game = next(d for d in self.decls if isinstance(d, ast.GameHeader))
        self.chunk([
            f'"""The rules of {game.name}, compiled to Python by pirdsl.',
            "",
            f"Rules file sha256 {self.file.source_hash}. Generated: do not edit. Each statement's",
            "code follows a comment with its line of the rules file; interpreter/compiler.py",
            'explains how rules wait for decisions (resume points) and go on from them.',
            '"""',
            "",
            "from interpreter.runtime import *  # noqa: F401,F403 - the operations of the language",
        ])

    def chunk(self, lines: list[str], spans: list | None = None, span=None) -> None:
        """Add a top-level piece of the module: its lines, with the span index of each, and its own span."""
        self.chunks.append([(line, spans[i] if spans else None) for i, line in enumerate(lines)])
        self.chunk_spans.append(span)

    def span(self, span) -> int:
        # A span in another file than the rules file itself (a variant's base) says which.
        key = (span.line, span.column, span.end_line, span.end_column) if span.file == self.file.path \
            else (span.line, span.column, span.end_line, span.end_column, span.file)
        index = self.span_index.get(key)
        if index is None:
            index = self.span_index[key] = len(self.spans)
            self.spans.append(key)
        return index

    def comment(self, span) -> str:
        text = self.texts.line(span.file, span.line).strip()
        if len(text) > 100:
            text = text[:97] + "..."
        where = span.line if span.file == self.file.path else f"{span.file}:{span.line}"
        return f"# {where}: {text}"

    def constant(self, value) -> str:
        return repr(value)

    def _assemble(self) -> str:
        out: list[str] = []
        lines: dict[int, int] = {}
        for chunk in self.chunks:
            if out:
                out += ["", ""]
            for text, span in chunk:
                out.append(text)
                if span is not None:
                    lines[len(out)] = span
        out += ["", "", "# ---------------------------------------------------------------- tables of the module", ""]
        out.append("FUNCTIONS = (  # resumable functions by frame id: function, name, saved locals, dict mode, points")
        for python_name, name, saved, dict_mode, points in self.functions:
            out.append(f"    ({python_name}, {name!r}, {tuple(saved)!r}, {dict_mode}, {points}),")
        out.append(")")
        out.append("CHOICES = (  # (frame id, point, variable, label, prompt, optional, skip text, span, blind chance)")
        out += [f"    {c}," for c in self.choices]
        out.append(")")
        out.append("CHANCES = (  # (frame id, point, variable, kind, span)")
        out += [f"    {c}," for c in self.chances]
        out.append(")")
        out.append(f"SPANS = {self.spans!r}  # (line, column, end line, end column) in the rules file")
        out.append(f"LINES = {lines!r}  # line of this module -> its statement's span")
        return "\n".join(out) + "\n"

    # ------------------------------------------------------------ which rules may wait

    def _suspending_rules(self) -> set[str]:
        """Rules that may stop for a decision or chance: they choose, draw or roll, or call such a rule."""
        waiting = {name for name, decl in self.rules.items() if waits(decl.body, set())}
        while True:
            more = {name for name, decl in self.rules.items() if name not in waiting and waits(decl.body, waiting)}
            if not more:
                return waiting
            waiting |= more

    def _waits(self, statements) -> bool:
        return waits(statements, self.suspending)

    def points(self, node) -> int:
        """Resume points in a statement (or list of them)."""
        if isinstance(node, list):
            return sum(self.points(s) for s in node)
        if isinstance(node, (ast.Choose, ast.Draw, ast.Roll, ast.WeightedDraw)):
            return 1
        if isinstance(node, ast.CallRule):
            return 1 if node.rule in self.suspending else 0
        if isinstance(node, _CallBody):
            return 1 if node.function in self.waiting_bodies else 0
        if isinstance(node, ast.If):
            return sum(self.points(b.body) for b in node.branches) + self.points(node.otherwise)
        if isinstance(node, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
            return self.points(node.body)
        return 0

    # ------------------------------------------------------------ functions

    def _count_pieces_helper(self, decl: ast.DefineDecl, signature: str, key: str) -> list[str]:
        """`count_pieces_D`: `count(all_pieces(D(...)))` for a define D that reads nothing play
        changes. The zones D returns are the same for the world, so the world makes them a group
        (runtime.WorldMemo.group_of_zones) and remembers its id beside D's value; each state
        keeps a running count of the group's pieces (`State.group_counts`), so counting is a
        lookup. (A group that would give its zones too many counts to keep up is its zones'
        ids, summed.) Anything but a list of zones (none, a piece, a number) goes the ordinary
        way, errors and all. With one parameter the group is found as D's value is
        (`_define`): by the argument's kind, then by the argument, in the world's table
        `'#D'`; otherwise by a key of the arguments and their kinds."""
        name = decl.name
        # The world's memo: a local of the ordinary build's function, a global of the playout build's.
        memo = self.world_read("W_memo", "st.world.memo") if self.playout else "memo"
        if len(decl.params) == 1:
            argument = f"a_{decl.params[0]}"
            groups = self.world_read(f"W_groups_{name}", f"st.world.memo['#{name}']") if self.playout \
                else f"memo['#{name}']"
            found = f"{groups}[{argument}.__class__][{argument}]"
            keep = f"{groups}.setdefault({argument}.__class__, {{}})[{argument}] = group"
            lines = []
        else:
            found, keep = f"{memo}[key]", f"{memo}[key] = group"
            lines = [f"    key = ('#count_pieces', {key},)"]
        first = found if self.playout else "st.world." + found
        # The usual call is one line: the group's count. A state's counts cover the groups the
        # world had when they were worked out (`State.recount_groups`), and those stay right as
        # the world makes more, so a group past their end (IndexError) is the one case of a
        # recount; a group not made yet (KeyError), a summed one (TypeError: its zones' ids)
        # and an argument that cannot be a key (TypeError) go the longer way below.
        return ["", "", f"def count_pieces_{name}(st{signature}):  # count(all_pieces({name}(...)))",
                *lines,
                "    try:",
                f"        return st.group_counts[{first}]",
                "    except (KeyError, IndexError, TypeError):",
                "        pass",
                *([] if self.playout else ["    memo = st.world.memo"]),
                "    try:",
                f"        group = {found}",
                "    except KeyError:",
                f"        zones = call_{name}(st{signature})",
                f"        group = {memo}.group_of_zones(zones)",
                "        if group is None:",
                "            return _count_pieces(st, zones)",
                f"        {keep}",
                "    except TypeError:  # an argument that cannot be a key (a list)",
                f"        return _count_pieces(st, define_{name}(st{signature}))",
                "    if group.__class__ is int:",
                "        counts = st.group_counts",
                "        return counts[group] if group < len(counts) else st.recount_groups()[group]",
                "    contents = st.contents",
                "    count = 0",
                "    for zone_id in group:  # a loop: for a few zones, faster than sum(map(...)) on CPython 3.11",
                "        count += len(contents[zone_id])",
                "    return count"]

    def _define_body(self, decl: ast.DefineDecl, kinds: tuple | None = None) -> str:
        """A define's body as one Python expression, its parameters of the given kinds (None: anything).

        Written as its own function: no `:=` restriction or inlining depth of the place that
        asked for it carries over.
        """
        names = {name: f"a_{name}" for name in decl.params}
        saved = (self.in_define, self.inlining, self.no_binding)
        known = {source: self.variable_kinds.get(source, _NO_KIND) for source in names.values()}
        for source, kind in zip(names.values(), kinds or [ANYTHING] * len(names)):
            self.variable_kinds[source] = kind
        self.in_define, self.inlining, self.no_binding = True, 0, 0
        try:
            return self.expression(decl.body, names)
        finally:
            self.in_define, self.inlining, self.no_binding = saved
            for source, kind in known.items():
                if kind is _NO_KIND:
                    del self.variable_kinds[source]
                else:
                    self.variable_kinds[source] = kind

    def _specialised(self, name: str, arguments: list, names: dict) -> str:
        """The end of the name of a copy of define `name` written for the kinds of these arguments
        ("" for the define as written, which takes anything).

        Where the call site knows what its arguments are (players, pieces, zones, lists of them),
        a copy of the define is written with its parameters of those kinds, so that the tests of
        their class are left out in it. A copy is made only when its code differs from the
        define's; at most SPECIALISED_COPIES per define; none of a define that calls itself.
        """
        decl = self.defines[name]
        if not decl.params or name in self.recursive or not self.writing_module:
            return ""  # (an expression written apart from the module, `Game.evaluator`, calls the define as written)
        kinds = tuple(self.kind_of(argument, names) for argument in arguments)
        if all(kind is ANYTHING for kind in kinds):
            return ""
        key = (name, kinds)
        if key in self.specialised:
            return self.specialised[key]
        copies = sum(1 for (other, _), suffix in self.specialised.items() if other == name and suffix)
        if key in self.specialising or copies >= SPECIALISED_COPIES:
            return ""
        self.specialising.add(key)
        try:
            body = self._define_body(decl, kinds)
            same = _normalised(body) == _normalised(self._define_body(decl))
        finally:
            self.specialising.discard(key)
        suffix = "" if same else f"__{copies + 1}"
        self.specialised[key] = suffix
        if suffix:
            self._define(decl, suffix, body)
        return suffix

    def _define(self, decl: ast.DefineDecl, suffix: str = "", body: str | None = None) -> None:
        """A define as a function `define_NAME`, with the wrapper that remembers its values
        (`call_NAME`, `recall_NAME`); a copy for arguments of known kinds (`_specialised`) has
        its `suffix` on each name and its `body` written already."""
        if body is None:
            body = self._define_body(decl)
        signature = "".join(f", a_{p}" for p in decl.params)
        lines = [self.comment(decl.span), f"def define_{decl.name}{suffix}(st{signature}):", f"    return {body}"]
        memo = self.world_read("W_memo", "st.world.memo")  # the world's memo (runtime.WorldMemo)
        if suffix:  # a copy of a define that takes arguments: no `count_pieces_` helper of its own
            lines[0] += " (for arguments of known kinds)"
            if self.purity.pure(decl.name):
                key = repr(decl.name) + "".join(f", a_{p}.__class__, a_{p}" for p in decl.params)
                lines += ["", "", f"def call_{decl.name}{suffix}(st{signature}):  # the same values as call_{decl.name}",
                          f"    memo = {memo}",
                          f"    key = ({key},)",
                          "    try:",
                          "        return memo[key]",
                          "    except KeyError:",
                          f"        value = memo[key] = define_{decl.name}{suffix}(st{signature})",
                          "        return value",
                          "    except TypeError:  # an argument that cannot be a key (a list)",
                          f"        return define_{decl.name}{suffix}(st{signature})"]
            elif decl.name in self.costly:
                lines += self._recall(decl, suffix, signature)
            self.chunk(lines, span=decl.span)
            return
        if self.purity.pure(decl.name):
            # It reads nothing play changes: its value for given arguments is remembered for the
            # world (a table of given players and variants), by the arguments and their kinds.
            key = repr(decl.name) + "".join(f", a_{p}.__class__, a_{p}" for p in decl.params)
            if not decl.params:  # one value per world: found with as little work as can be
                if decl.name in self.pieces_counted:
                    lines += self._count_pieces_helper(decl, signature, repr(decl.name))
                lines += ["", "", f"def call_{decl.name}(st):  # reads nothing that play changes",
                          "    try:",
                          f"        return {memo}[{decl.name!r}]",
                          "    except KeyError:",
                          f"        value = {memo}[{decl.name!r}] = define_{decl.name}(st)",
                          "        return value"]
                self.chunk(lines, span=decl.span)
                return
            if decl.name in self.pieces_counted:
                lines += self._count_pieces_helper(decl, signature, key)
            if len(decl.params) == 1:
                # One argument: the world's table of the define's values (`'@D'`, made empty
                # by runtime.WorldMemo), by the argument's kind (1, true and 1.0 are told
                # apart), then by the argument: no key to build at every call.
                argument = f"a_{decl.params[0]}"
                table = self.world_read(f"W_at_{decl.name}", f"st.world.memo['@{decl.name}']")
                lines += ["", "", f"def call_{decl.name}(st{signature}):  # reads nothing that play changes",
                          "    try:",
                          f"        return {table}[{argument}.__class__][{argument}]",
                          "    except KeyError:",
                          f"        value = define_{decl.name}(st{signature})",
                          f"        {table}.setdefault({argument}.__class__, {{}})[{argument}] = value",
                          "        return value",
                          "    except TypeError:  # an argument that cannot be a key (a list)",
                          f"        return define_{decl.name}(st{signature})"]
                self.chunk(lines, span=decl.span)
                return
            lines += ["", "", f"def call_{decl.name}(st{signature}):  # reads nothing that play changes",
                      f"    memo = {memo}",
                      f"    key = ({key},)",
                      "    try:",
                      "        return memo[key]",
                      "    except KeyError:",
                      f"        value = memo[key] = define_{decl.name}(st{signature})",
                      "        return value",
                      "    except TypeError:  # an argument that cannot be a key (a list)",
                      f"        return define_{decl.name}(st{signature})"]
        elif decl.name in self.costly:
            lines += self._recall(decl, "", signature)
        self.chunk(lines, span=decl.span)

    def _recall(self, decl: ast.DefineDecl, suffix: str, signature: str) -> list[str]:
        """`recall_NAME`: a define that goes through lists and reads play, worked out once per evaluation.

        Within one evaluation (nothing changes while an expression is worked out), its value
        for given arguments is worked out once; the outermost define called opens the
        evaluation's memo. (One that calls no such define has nothing to remember for: it
        opens none. The defines that read nothing play changes are remembered for the world,
        not here.) A copy for arguments of known kinds keeps its values under the same keys.
        A list argument cannot be part of a key: the define is worked out again, as for any
        argument that cannot (found by its class first, since a failed lookup raises, and
        some games pass lists most of the time: Mysterious Islands' routes).
        """
        key = repr(decl.name) + "".join(f", a_{p}.__class__, a_{p}" for p in decl.params)
        define = f"define_{decl.name}{suffix}"
        lines = ["", "", f"def recall_{decl.name}{suffix}(st{signature}):  # once per evaluation",
                 "    memo = st.memo"]
        if any(not self.purity.pure(name) for name in names_used(decl.body) & self.costly):
            lines += ["    if memo is None:  # the outermost define of an expression",
                      "        st.memo = {}",
                      "        try:",
                      f"            return {define}(st{signature})",
                      "        finally:",
                      "            st.memo = None"]
        else:
            lines += ["    if memo is None:  # no evaluation open",
                      f"        return {define}(st{signature})"]
        if decl.params:  # a list cannot be a key: asked first, as a failed lookup costs an exception
            lists = " or ".join(f"a_{p}.__class__ is list" for p in decl.params)
            lines += [f"    if {lists}:",
                      f"        return {define}(st{signature})"]
        lines += [f"    key = ({key},)",
                  "    try:",
                  "        value = memo.get(key, _UNSET)  # most are not there yet: no KeyError to catch",
                  "    except TypeError:  # an argument that cannot be a key (a list)",
                  f"        return {define}(st{signature})",
                  "    if value is _UNSET:",
                  f"        value = memo[key] = {define}(st{signature})",
                  "    return value"]
        return lines

    def _rule(self, decl: ast.RuleDecl) -> None:
        scope = list(decl.params) + sorted(local_names(decl.body) - set(decl.params))
        resumable = decl.name in self.suspending
        function_id = self._register(f"rule_{decl.name}", decl.name, resumable)
        fn = _Function(self, decl.name, scope, False, resumable, function_id)
        fn.param_names = list(decl.params)
        params = "".join(f", v_{p}=None" if resumable else f", v_{p}" for p in decl.params)
        if resumable:  # resumed as f(st, point, saved); started as f(st, 0, None, arguments...)
            params = ", _pc=0, _saved=None" + params
        self._write_function(fn, f"rule_{decl.name}", params, decl.body, decl.span,
                             started_params="".join(f", v_{p}" for p in decl.params))

    def _body(self, python_name: str, name: str, body: list, span, before: str | None = None,
              after: str | None = None) -> None:
        resumable = self._waits(body) or any(self.points(s) for s in body if isinstance(s, _CallBody))
        if resumable:
            self.waiting_bodies.add(python_name)
        function_id = self._register(python_name, name, resumable)
        fn = _Function(self, name, local_names([s for s in body if not isinstance(s, _CallBody)]), True,
                       resumable, function_id)
        self._write_function(fn, python_name, "", body, span, before, after)

    def _register(self, python_name: str, name: str, resumable: bool) -> int | None:
        if not resumable:
            return None
        self.functions.append((python_name, name, [], False, 0))
        return len(self.functions) - 1

    def _write_function(self, fn: _Function, python_name: str, params: str, body: list, span,
                        before: str | None = None, after: str | None = None, started_params: str = "") -> None:
        """Write one function of the module (two in the playout build, for one that may wait).

        In the playout build, a function that may wait is only resumed at the start of a
        playout, from the frames of the state it plays on (`_resumed_in_playout`); every other
        time it is started afresh. So it is written twice: `resume_NAME`, with the guards and
        saved counters that resuming needs (the one in FUNCTIONS), and `NAME`, only ever started
        (`_Function.started_only`), written as plain statements and loops, with the same sites
        of decisions and chance. Callers start `NAME(st, arguments...)`.
        """
        if not (self.playout and fn.resumable):
            self._write_one(fn, python_name, params, body, span, before, after)
            return
        self._write_one(fn, "resume_" + python_name, params, body, span, before, after)
        self._write_one(fn.started(), python_name, started_params, body, span, before, after)

    def _write_one(self, fn: _Function, python_name: str, params: str, body: list, span,
                   before: str | None, after: str | None) -> None:
        narrowed = self._not_none_params(fn)
        if narrowed is None:
            self._write_lines(fn, python_name, params, self._lines(fn, body, span, before, after), span)
            return
        general = self._lines(fn.again(None), body, span, before, after)
        kinds, tests = narrowed
        special = self._lines(fn.again(kinds), body, span, before, after)
        if [(depth, _normalised(text)) for depth, text, _ in special] \
                == [(depth, _normalised(text)) for depth, text, _ in general]:
            self._write_lines(fn, python_name, params, general, span)  # nothing to gain: one copy
            return
        # The rule as written, for any arguments; then the copy for arguments that are not
        # none, which sends any other to it first thing. (That line is no statement: a
        # failure there, the stack overflowing, is the call's. Both builds number the same
        # spans, and the ordinary build writes some of these rules once.)
        self._write_lines(fn, f"{python_name}__any", params, general, span)
        entry = (1, f"if {' or '.join(tests)}: return {python_name}__any(st{params})", None)
        self._write_lines(fn, python_name, params, [entry] + special, span)

    def _not_none_params(self, fn: _Function) -> tuple[list, list[str]] | None:
        """For a rule some of whose parameters may be given none as well as something else:
        their kinds without none, and the tests that find a none given (`v_p is None`), for
        the copy of the rule written for arguments that are not none (`_write_one`). None
        when there is no such parameter, or the function is resumed from saved frames (a
        generator of the ordinary build, a playout's `resume_` copy): those are written once.

        A rule whose parameters are players or none is mostly given players: a game's
        automa seats are none in the worlds without them, but rules are called with them
        where they play (and in the examples). Its copy for players reads their variables
        and zones without testing their class each time.
        """
        if not fn.in_rule or (fn.resumable and not fn.started_only):
            return None
        given = self.param_kinds.get(fn.name)
        if given is None:
            return None
        kinds, tests = [], []
        for name, kind in zip(fn.param_names, given):
            if kind is not ANYTHING and "none" in kind and kind - NOTHING:
                kinds.append(kind - NOTHING)
                tests.append(f"{fn.names[name]} is None")
            else:
                kinds.append(kind)
        return (kinds, tests) if tests else None

    def _lines(self, fn: _Function, body: list, span, before: str | None,
               after: str | None) -> list[tuple[int, str, Any]]:
        """The lines of one function's body (and the head that resuming needs)."""
        fn.total = self.points(body)
        lines: list[tuple[int, str, Any]] = []
        code = _Code(lines)
        kinds = {fn.names[name]: kind for name, kind in self._local_kinds(body, fn).items()}
        self.variable_kinds.update(kinds)
        self.statements(body, fn, code, 1)
        for name in kinds:
            del self.variable_kinds[name]
        head: list[tuple[int, str, Any]] = []
        if fn.dict_mode:
            head.append((1, "env = st.env", None))
        if fn.resumable and not fn.started_only:
            if fn.saved:
                head.append((1, "if _pc:  # going on from a copy or a save: its locals", None))
                head.append((2, f"({', '.join(fn.saved)},) = _saved", None))
                head.append((2, "if _UNSET in _saved:  # locals that had no value yet", None))
                for name in fn.saved:
                    head.append((3, f"if {name} is _UNSET: del {name}", None))
        if before:  # done when the function starts, not again when it is resumed
            head.append((1, f"if not _pc: {before}" if fn.resumable and not fn.started_only else before, span))
        lines[:0] = head
        if after:
            lines.append((1, after, span))
        return lines

    def _write_lines(self, fn: _Function, python_name: str, params: str, lines: list, span) -> None:
        """One function of the module, its lines written (`_lines`)."""
        if fn.resumable and not fn.started_only:
            index = fn.function_id
            self.functions[index] = (python_name, self.functions[index][1], list(fn.saved), fn.dict_mode, fn.total)
            if "_pc" not in params:
                params = ", _pc=0, _saved=None" + params
        signature = f"def {python_name}(st{params}):"
        texts = [self.comment(span), signature]
        spans: list = [None, None]
        for depth, text, line_span in lines:
            texts.append(_pad(depth) + text)
            spans.append(self.span(line_span) if line_span is not None else None)
        self.chunk(texts, spans, span)

    # ------------------------------------------------------------ statements

    def statements(self, body: list, fn: _Function, code: "_Code", depth: int) -> None:
        """Write a list of statements; runs of those without resume points share one guard."""
        if not body:
            code.add(depth, "pass")
            return
        run: list = []
        for statement in body + [None]:
            if statement is not None and self.points(statement) == 0:
                run.append(statement)
                continue
            if run:
                if fn.resumable and fn.guard_needed():
                    code.add(depth, "if not _pc:")
                    for plain in run:
                        self.plain(plain, fn, code, depth + 1)
                else:
                    for plain in run:
                        self.plain(plain, fn, code, depth)
                run = []
            if statement is not None:
                self.resumable(statement, fn, code, depth)

    def _body_of(self, statements: list, fn: _Function, code: "_Code", depth: int) -> None:
        if not statements:
            code.add(depth, "pass")
        for statement in statements:
            self.plain(statement, fn, code, depth)

    def x(self, node: ast.Expr, fn: _Function) -> str:
        return self.expression(node, fn.names)

    def plain(self, node, fn: _Function, code: "_Code", depth: int) -> None:
        """A statement with no resume point inside: plain Python."""
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        if isinstance(node, _CallBody):  # a body that never waits
            add(depth, f"{node.function}(st)")
            return
        if isinstance(node, _StartAt):
            if node.round is not None:
                add(depth, f"st.round = {node.round!r}")
            if node.phase is not None:
                add(depth, f"st.phase = {node.phase!r}")
            return
        code.comment(depth, self.comment(node.span))
        x = lambda e: self.x(e, fn)  # noqa: E731
        if isinstance(node, ast.Let):
            add(depth, f"{fn.names[node.name]} = {x(node.value)}")
        elif isinstance(node, (ast.Assign, ast.AddTo)):
            value = x(node.value)
            is_add = isinstance(node, ast.AddTo)
            target = node.target
            holder = None  # the player whose variable changes, when worked out before the value
            known = False  # the holder is surely a player: no test of its class
            if isinstance(target, ast.Attribute) and target.name in self.player_vars:
                holder = x(target.target)
                known = self._sure(target.target, fn.names, PLAYER)
                if not _simple(holder):  # worked out first, as it is written first
                    add(depth, f"_a = {holder}")
                    holder = "_a"
            if is_add and not isinstance(node.value, ast.IntLiteral):  # a whole number needs no check
                add(depth, f"_b = {value}")
                add(depth, "if _b.__class__ is not int: _b = _number(_b)")
                value = "_b"
            if is_add and node.sign < 0:
                value = f"-{value}"
            operator = "+=" if is_add else "="
            if isinstance(target, ast.Name) and target.id in fn.names:
                add(depth, f"{fn.names[target.id]} {operator} {value}")
            elif isinstance(target, ast.Name) and target.id in self.vars and not self.vars[target.id].per_player \
                    and not self.vars[target.id].per_piece:
                add(depth, f"st.vars[{target.id!r}] {operator} {value}")
            elif holder is not None:
                if not _simple_or_constant(value) and value != "_b":
                    add(depth, f"_b = {value}")
                    value = "_b"
                if known:
                    add(depth, f"st.pvars[{holder}.index][{target.name!r}] {operator} {value}")
                else:
                    add(depth, f"if {holder}.__class__ is _Player:")
                    add(depth + 1, f"st.pvars[{holder}.index][{target.name!r}] {operator} {value}")
                    add(depth, "else:")
                    add(depth + 1, f"_set_player_var(st, {holder}, {target.name!r}, {value}, {is_add})")
            elif isinstance(target, ast.Attribute) and target.name in self.piece_vars:
                add(depth, f"_set_piece_var(st, {x(target.target)}, {target.name!r}, {value}, {is_add})")
            else:
                raise CompileError("only variables, players' variables and locals can be changed", target.span)
        elif isinstance(node, ast.Move):
            on_top = node.place == "top"
            if self._sure(node.to, fn.names, PLACE) and self._sure(node.what, fn.names, PIECE):
                add(depth, f"st.move_piece({x(node.what)}.id, {x(node.to)}.id, {on_top})")
                return
            if self._sure(node.to, fn.names, PLACE) and self._sure(node.what, fn.names, PLACE):
                add(depth, f"st.move_zone({x(node.what)}.id, {x(node.to)}.id, {on_top})")  # a whole zone
                return
            add(depth, f"_a = {x(node.what)}")
            add(depth, f"_b = {x(node.to)}")
            if self._sure(node.to, fn.names, PLACE) and self._piece_or_none(node.what, fn.names):
                # A piece or none (the top of a zone that may be empty): none is the one to tell apart.
                add(depth, "if _a is not None:")
                add(depth + 1, f"st.move_piece(_a.id, _b.id, {on_top})")
            else:
                add(depth, "if _a.__class__ is _Piece and _b.__class__ is _Zone:")
                add(depth + 1, f"st.move_piece(_a.id, _b.id, {on_top})")
                add(depth, "elif _a.__class__ is _Zone and _b.__class__ is _Zone:")
                add(depth + 1, f"st.move_zone(_a.id, _b.id, {on_top})")
            add(depth, "else:")
            add(depth + 1, f"_move(st, _a, _b, {on_top})")
        elif isinstance(node, ast.Create):
            decl = self.pieces.get(node.piece)
            if decl is None:
                raise CompileError(f"unknown piece '{node.piece}'", node.span)
            if len(node.args) != len(decl.fields):
                raise CompileError(f"'{node.piece}' has {len(decl.fields)} fields, got {len(node.args)} values",
                                   node.span)
            fields = "{" + "".join(f"{f!r}: {x(a)}, " for f, a in zip(decl.fields, node.args)) + "}"
            add(depth, f"_create(st, {node.piece!r}, {x(node.count)}, {fields}, {x(node.zone)})")
        elif isinstance(node, ast.Log):
            text = self._log_text(node.text, fn.names)
            if self.playout:  # a playout that keeps no log works out no line (interpreter/playout.py)
                add(depth, "if st.playout.log:")
                depth += 1
            if node.to is None:  # held back (-1) while a simultaneous loop runs
                add(depth, f"st.log.append((-1 if st.held else None, {text}))")
            else:
                add(depth, f"_log(st, {x(node.to)}, {text})")
        elif isinstance(node, ast.Shuffle):
            add(depth, f"_shuffle(st, {x(node.zone)})")
        elif isinstance(node, ast.Eliminate):
            add(depth, f"_eliminate(st, {x(node.player)})")
        elif isinstance(node, ast.Check):
            add(depth, f"if not {x(node.condition)}:")
            message = x(node.text) if node.text is not None else repr("a check failed")
            add(depth + 1, f"raise RuntimeError({message})")
        elif isinstance(node, ast.Pass):
            add(depth, "pass")
        elif isinstance(node, ast.CallRule):
            add(depth, f"rule_{node.rule}(st{self._arguments(node, fn)})")
        elif isinstance(node, ast.Return):
            for _ in range(fn.together):
                add(depth, "_release(st)")
            add(depth, "return" if fn.in_rule else "raise RuntimeError(\"'return' outside a rule\")")
        elif isinstance(node, ast.EndGame):
            add(depth, "_end_game(st)")
        elif not self._compound(node, fn, code, depth, self._body_of):
            raise CompileError(f"cannot compile {type(node).__name__} here", node.span)

    def _compound(self, node, fn: _Function, code: "_Code", depth: int, block) -> bool:
        """`if`, `for each`, `while`, `rounds`, `repeat` and `phase`, their blocks written by `block`
        (plain statements, or started ones in the playout build); False for any other statement."""
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        x = lambda e: self.x(e, fn)  # noqa: E731
        if isinstance(node, ast.If):
            for i, branch in enumerate(node.branches):
                add(depth, f"{'if' if i == 0 else 'elif'} {x(branch.condition)}:")
                with self._branch(node, i, fn):
                    block(branch.body, fn, code, depth + 1)
            if node.otherwise:
                add(depth, "else:")
                with self._branch(node, len(node.branches), fn):
                    block(node.otherwise, fn, code, depth + 1)
        elif isinstance(node, ast.ForEach):
            items = fn.fresh("items")
            add(depth, f"{items} = {self._items(node.iterable, fn.names)}")
            self._charge(f"len({items})", code, depth, span)
            if node.simultaneously:
                add(depth, f"if {items}: st.held += 1")
                fn.together += 1
            add(depth, f"for {fn.names[node.var]} in {items}:")
            block(node.body, fn, code, depth + 1)
            if node.simultaneously:
                fn.together -= 1
                add(depth, f"if {items}: _release(st)")
        elif isinstance(node, ast.While):
            add(depth, f"while {x(node.condition)}:")
            self._tick(code, depth + 1, span)
            block(node.body, fn, code, depth + 1)
        elif isinstance(node, ast.Rounds):
            add(depth, f"{self._begin_round}(st)")
            add(depth, "while True:")
            block(node.body, fn, code, depth + 1)
            if node.until is not None:
                add(depth + 1, f"if {x(node.until)}: break")
            self._tick(code, depth + 1, span)
            add(depth + 1, f"{self._begin_round}(st)")
        elif isinstance(node, ast.Repeat):
            times = fn.fresh("times")
            self._repeat_times(times, x(node.count), code, depth, span)
            self._charge(times, code, depth, span)
            add(depth, f"for _ in range({times}):")
            block(node.body, fn, code, depth + 1)
        elif isinstance(node, ast.Phase):
            add(depth, f"st.phase = {node.title!r}")
            block(node.body, fn, code, depth)
        else:
            return False
        return True

    def _branch(self, node: ast.If, index: int, fn: _Function):
        """While branch `index` of an `if` is written (len(branches): its `else`): what its condition,
        and the earlier ones being false, say is not none, for the locals the branch leaves as they are.
        (Resumed inside the branch, the locals are the ones saved there: still the same.)"""
        body = node.branches[index].body if index < len(node.branches) else node.otherwise
        facts = [(branch.condition, False) for branch in node.branches[:index]]
        if index < len(node.branches):
            facts.append((node.branches[index].condition, True))
        kept = frozenset(fn.names[name] for name in assigned_names(body) if name in fn.names)
        condition, when = facts.pop() if facts else (ast.BoolLiteral(value=True, span=node.span), True)
        return self._not_none(condition, fn.names, when, facts, kept, settled=False)

    def _wait(self, code: "_Code", depth: int, point: int, span) -> None:
        """In the ordinary build, wait for the pending decision or chance outcome: its value in `_x`.

        The rules stop there (`yield`, with `_pc` saying where, for copies and saves) and go on
        with `st.answer`. (The playout build never waits: see `_taken`.)
        """
        code.add(depth, f"_pc = {point}", span)
        code.add(depth, "yield", span)
        code.add(depth, "_pc = 0", span)
        code.add(depth, "_x = st.answer", span)

    def _tick(self, code: "_Code", depth: int, span) -> None:
        """One more time round a loop: the guard against rules that never stop."""
        code.add(depth, "st.budget -= 1", span)
        code.add(depth, "if st.budget < 0: _runaway(st)", span)

    @staticmethod
    def _repeat_times(times: str, count: str, code: "_Code", depth: int, span) -> None:
        """`repeat COUNT times`: the count in `times`, checked by the runtime only when it is not a whole number."""
        code.add(depth, f"{times} = {count}", span)
        code.add(depth, f"if {times}.__class__ is not int: {times} = _repeat_count({times})", span)

    def _charge(self, amount: str, code: "_Code", depth: int, span) -> None:
        """A loop that will go round a known number of times pays for them at once."""
        code.add(depth, f"st.budget -= {amount}", span)
        code.add(depth, "if st.budget < 0: _runaway(st)", span)

    def _arguments(self, node: ast.CallRule, fn: _Function) -> str:
        rule = self.rules.get(node.rule)
        if rule is None:
            raise CompileError(f"unknown rule '{node.rule}'", node.span)
        if len(rule.params) != len(node.args):
            raise CompileError(f"'{node.rule}' takes {len(rule.params)} arguments, got {len(node.args)}", node.span)
        return "".join(", " + self.expression(a, fn.names) for a in node.args)

    def resumable(self, node, fn: _Function, code: "_Code", depth: int) -> None:
        """A statement with resume points inside."""
        first = fn.done + 1
        last = fn.done + self.points(node)
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        x = lambda e: self.x(e, fn)  # noqa: E731
        if fn.started_only:
            self._started(node, fn, code, depth)
            return
        if isinstance(node, ast.WeightedDraw):
            self._weighted_draw(node, fn, code, depth)
            return
        if isinstance(node, (ast.Choose, ast.Draw, ast.Roll, ast.CallRule, _CallBody)):
            if not isinstance(node, _CallBody):
                code.comment(depth, self.comment(span))
            point = first
            fn.done = point
            # Waiting is `yield` (`_pc` says where, for copies and saves); a rule that may wait
            # is a generator, gone through with `yield from`. After `elif`: going on from a copy.
            add(depth, "if not _pc:")
            if isinstance(node, (ast.Choose, ast.Draw, ast.Roll)):
                self._taken(node, fn, code, depth + 1, point)
            else:
                call = self._start_call(node, fn)
                if self.playout:  # a plain call: decisions inside are taken where they come up
                    add(depth + 1, call)
                else:
                    add(depth + 1, f"_pc = {point}")
                    add(depth + 1, f"yield from {call}")
                    add(depth + 1, "_pc = 0")
            add(depth, f"elif _pc == {point}:" if point < fn.total else "else:")
            if isinstance(node, (ast.Choose, ast.Draw, ast.Roll)):
                add(depth + 1, "_pc = 0")
                add(depth + 1, f"{fn.names[node.var]} = st.answer")
            else:
                if self.playout:
                    add(depth + 1, "_resumed_in_playout(st)")
                else:
                    add(depth + 1, "yield from _resumed(st)")
                add(depth + 1, "_pc = 0")
            return
        code.comment(depth, self.comment(span))
        guarded = last < fn.total
        if guarded:
            add(depth, f"if _pc <= {last}:")
            depth += 1
        if self.playout and isinstance(node, (ast.ForEach, ast.While, ast.Rounds, ast.Repeat)):
            self._resumed_loop(node, fn, code, depth)
            return
        if isinstance(node, ast.If):
            for i, branch in enumerate(node.branches):
                test = f"not _pc and {x(branch.condition)}"
                inside = self.points(branch.body)
                if inside:
                    test = f"({test}) or {fn.done + 1} <= _pc <= {fn.done + inside}"
                add(depth, f"{'if' if i == 0 else 'elif'} {test}:")
                with self._branch(node, i, fn):
                    self.statements(branch.body, fn, code, depth + 1)
            if node.otherwise:
                add(depth, "else:")
                with self._branch(node, len(node.branches), fn):
                    self.statements(node.otherwise, fn, code, depth + 1)
        elif isinstance(node, ast.ForEach):
            items, position = fn.fresh("items"), fn.fresh("next")
            fn.counters(items, position)
            add(depth, "if not _pc:")
            add(depth + 1, f"{items} = {self._items(node.iterable, fn.names)}")
            add(depth + 1, f"{position} = 0")
            self._charge(f"len({items})", code, depth + 1, span)
            if node.simultaneously:
                add(depth + 1, f"if {items}: st.held += 1")
                fn.together += 1
            add(depth, f"while _pc or {position} < len({items}):")
            add(depth + 1, "if not _pc:")
            add(depth + 2, f"{fn.names[node.var]} = {items}[{position}]")
            add(depth + 2, f"{position} += 1")
            self.statements(node.body, fn, code, depth + 1)
            if node.simultaneously:
                fn.together -= 1
                add(depth, f"if {items}: _release(st)")
        elif isinstance(node, ast.While):
            add(depth, f"while _pc or {x(node.condition)}:")
            add(depth + 1, "if not _pc:")
            self._tick(code, depth + 2, span)
            self.statements(node.body, fn, code, depth + 1)
        elif isinstance(node, ast.Rounds):
            add(depth, f"if not _pc: {self._begin_round}(st)")
            add(depth, "while True:")
            self.statements(node.body, fn, code, depth + 1)
            if node.until is not None:
                add(depth + 1, f"if {x(node.until)}: break")
            self._tick(code, depth + 1, span)
            add(depth + 1, f"{self._begin_round}(st)")
        elif isinstance(node, ast.Repeat):
            times = fn.fresh("times")
            fn.counters(times)
            add(depth, "if not _pc:")
            self._repeat_times(times, x(node.count), code, depth + 1, span)
            self._charge(times, code, depth + 1, span)
            add(depth, f"while _pc or {times} > 0:")
            add(depth + 1, f"if not _pc: {times} -= 1")
            self.statements(node.body, fn, code, depth + 1)
        elif isinstance(node, ast.Phase):
            add(depth, f"if not _pc: st.phase = {node.title!r}")
            self.statements(node.body, fn, code, depth)
        else:
            raise CompileError(f"cannot compile {type(node).__name__} here", node.span)

    def _as_started(self, body: list, fn: _Function, code: "_Code", depth: int, done: int) -> None:
        """A loop's body once more, as a started-only function writes it, with the points from `done`."""
        fn.done, fn.started_only = done, True
        try:
            self.statements(body, fn, code, depth)
        finally:
            fn.started_only = False
        if fn.done != done + self.points(body):
            raise CompileError("a loop's body counts its points wrong", body[0].span)  # a bug of the compiler

    def _resumed_loop(self, node, fn: _Function, code: "_Code", depth: int) -> None:
        """A loop with points in the resuming copy of a function of the playout build.

        Resumed inside it, the loop finishes the time round it was in with the guards
        that resuming needs (its body as `resumable` writes it); every later time round
        runs its body as a started-only function writes it, without them. Begun afresh
        (`_pc` 0), it is the started-only loop at once. The loop's counters are those the
        ordinary build saves (`_pc`, `_saved`), so a frame of either build resumes here.
        """
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        x = lambda e: self.x(e, fn)  # noqa: E731
        done = fn.done
        if isinstance(node, ast.ForEach):
            items, position = fn.fresh("items"), fn.fresh("next")
            fn.counters(items, position)
            add(depth, "if not _pc:")
            add(depth + 1, f"{items} = {self._items(node.iterable, fn.names)}")
            add(depth + 1, f"{position} = 0")
            self._charge(f"len({items})", code, depth + 1, span)
            if node.simultaneously:
                add(depth + 1, f"if {items}: st.held += 1")
                fn.together += 1
            add(depth + 1, f"for {fn.names[node.var]} in {items}:")
            self._as_started(node.body, fn, code, depth + 2, done)
            add(depth, "else:  # the item it stopped at: the rest of its time round, then the items after it")
            fn.done = done
            self.statements(node.body, fn, code, depth + 1)
            add(depth + 1, f"while {position} < len({items}):")
            add(depth + 2, f"{fn.names[node.var]} = {items}[{position}]")
            add(depth + 2, f"{position} += 1")
            self._as_started(node.body, fn, code, depth + 2, done)
            if node.simultaneously:
                fn.together -= 1
                add(depth, f"if {items}: _release(st)")
        elif isinstance(node, ast.While):
            add(depth, "if _pc:  # the rest of the time round it stopped in")
            self.statements(node.body, fn, code, depth + 1)
            add(depth, f"while {x(node.condition)}:")
            self._tick(code, depth + 1, span)
            self._as_started(node.body, fn, code, depth + 1, done)
        elif isinstance(node, ast.Rounds):
            add(depth, f"if not _pc: {self._begin_round}(st)")
            add(depth, "while True:")
            add(depth + 1, "if _pc:  # the rest of the round it stopped in")
            self.statements(node.body, fn, code, depth + 2)
            add(depth + 1, "else:")
            self._as_started(node.body, fn, code, depth + 2, done)
            if node.until is not None:
                add(depth + 1, f"if {x(node.until)}: break")
            self._tick(code, depth + 1, span)
            add(depth + 1, f"{self._begin_round}(st)")
        else:  # ast.Repeat
            times = fn.fresh("times")
            fn.counters(times)
            add(depth, "if not _pc:")
            self._repeat_times(times, x(node.count), code, depth + 1, span)
            self._charge(times, code, depth + 1, span)
            add(depth, "else:  # the rest of the time round it stopped in (already counted off)")
            self.statements(node.body, fn, code, depth + 1)
            add(depth, f"for _ in range({times}):")
            self._as_started(node.body, fn, code, depth + 1, done)

    def _start_call(self, node, fn: _Function) -> str:
        """A call that starts a rule (or body) that may wait: in the playout build, its started-only copy."""
        if isinstance(node, ast.CallRule):
            arguments = self._arguments(node, fn)
            return f"rule_{node.rule}(st{arguments})" if self.playout else f"rule_{node.rule}(st, 0, None{arguments})"
        return f"{node.function}(st)" if self.playout else f"{node.function}(st, 0, None)"

    def _started(self, node, fn: _Function, code: "_Code", depth: int) -> None:
        """A statement with resume points, in a function only ever started (`_Function.started_only`).

        What `resumable` writes, without what resuming needs: no `_pc` guards, plain `for`
        loops, no saved counters. The sites of decisions and chance and the points are taken
        in the same order, so they get the same numbers as in the resuming copy.
        """
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        if isinstance(node, (ast.Choose, ast.Draw, ast.Roll, ast.WeightedDraw, ast.CallRule, _CallBody)):
            if not isinstance(node, _CallBody):
                code.comment(depth, self.comment(span))
            point = fn.done = fn.done + 1
            if isinstance(node, (ast.CallRule, _CallBody)):
                add(depth, self._start_call(node, fn))
                return
            self._taken(node, fn, code, depth, point)
            return
        code.comment(depth, self.comment(span))
        if not self._compound(node, fn, code, depth, self.statements):
            raise CompileError(f"cannot compile {type(node).__name__} here", node.span)

    def _taken(self, node, fn: _Function, code: "_Code", depth: int, point: int, site: int | None = None) -> None:
        """A decision or chance event (`chooses`, `draw`, `roll`) at resume point `point`: its value in its name.

        The ordinary build asks the runtime for it (`_choose`, `_draw`, ...), which either
        gives the value at once or sets it pending and gives `_WAIT`, and then waits
        (`_wait`). The playout build calls the runtime's `..._in_playout` function (or, for a
        roll, `_take_chance`), which gives the value taken (interpreter/playout.py).
        """
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        x = lambda e: self.x(e, fn)  # noqa: E731
        name = fn.names[node.var]
        suffix = "_in_playout" if self.playout else ""
        if isinstance(node, ast.Roll):
            die = self.dice.get(node.die)
            if die is None:
                raise CompileError(f"unknown die '{node.die}'", node.span)
            faces: dict = {}
            for face in die.faces:
                faces[face] = faces.get(face, 0) + 1
            site = self._chance_site(node, fn, point, "roll")
            odds = f"{site}, {self.constant(list(faces))}, {self.constant(list(faces.values()))}"
            if self.playout:
                add(depth, f"{name} = _take_chance(st, {odds})")
                return
            add(depth, f"_roll(st, {odds})")
            self._wait(code, depth, point, span)
            add(depth, f"{name} = _x")
            return
        if isinstance(node, ast.Choose):
            site = self._choice_site(node, fn, point)
            if self.playout and self._sure(node.player, fn.names, PLAYER):
                if self._distinct_places(node.options, fn.names):
                    suffix = "_distinct_in_playout"  # no need to look for equal options, or pieces
                elif self._is_list(node.options, fn.names) \
                        and sure(element(self.kind_of(node.options, fn.names)), PLAIN):
                    suffix = "_plain_in_playout"  # no need to look for pieces
            call = f"_choose{suffix}(st, {site}, {node.optional}, {x(node.player)}, {x(node.options)})"
        elif isinstance(node, ast.Draw):
            site = self._chance_site(node, fn, point, "draw")
            call = f"_draw{suffix}(st, {site}, {x(node.source)})"
        else:
            if site is None:
                site = self._chance_site(node, fn, point, "draw")
            call = f"_weighted_draw{suffix}(st, {site}, {x(node.source)}, {x(node.weights)})"
        if self.playout:
            add(depth, f"{name} = {call}")
            return
        add(depth, f"_x = {call}")
        add(depth, "if _x is _WAIT:")
        self._wait(code, depth + 1, point, span)
        add(depth, f"{name} = _x")

    def _weighted_draw(self, node: ast.WeightedDraw, fn: _Function, code: "_Code", depth: int) -> None:
        """`draw NAME from LIST weighted WEIGHTS`: a chance event whose odds are worked out as it happens."""
        span = node.span
        add = lambda d, text: code.add(d, text, span)  # noqa: E731
        code.comment(depth, self.comment(span))
        point = fn.done = fn.done + 1
        site = self._chance_site(node, fn, point, "draw")
        add(depth, "if not _pc:")
        self._taken(node, fn, code, depth + 1, point, site)
        add(depth, f"elif _pc == {point}:" if point < fn.total else "else:")
        add(depth + 1, "_pc = 0")
        add(depth + 1, f"{fn.names[node.var]} = st.answer")

    def _choice_site(self, node: ast.Choose, fn: _Function, point: int) -> int:
        key = ("choice", id(node), fn.function_id, point)
        if key in self.site_numbers:
            return self.site_numbers[key]
        number = self.site_numbers[key] = len(self.choices)
        scope = {name: f"env[{name!r}]" for name in fn.names}
        with_var = dict(scope)
        with_var[node.var] = f"env[{node.var!r}]"
        label = self._lambda(f"choice{number}_label", node.label, with_var) if node.label is not None else "None"
        prompt = self._lambda(f"choice{number}_prompt", node.prompt, scope) if node.prompt is not None else "None"
        skip = "None"
        if node.skip_text is not None:
            skip = self._lambda(f"choice{number}_skip", node.skip_text, scope, shown=True)
        blind = len(self.chances)
        self.chances.append(f"({fn.function_id}, {point}, {node.var!r}, 'blind', {self.span(node.span)})")
        self.choices.append(f"({fn.function_id}, {point}, {node.var!r}, {label}, {prompt}, {node.optional}, {skip}, "
                            f"{self.span(node.span)}, {blind})")
        return number

    def _chance_site(self, node, fn: _Function, point: int, kind: str) -> int:
        key = ("chance", id(node), fn.function_id, point)
        if key in self.site_numbers:
            return self.site_numbers[key]
        self.chances.append(f"({fn.function_id}, {point}, {node.var!r}, {kind!r}, {self.span(node.span)})")
        number = self.site_numbers[key] = len(self.chances) - 1
        return number

    def _lambda(self, name: str, node: ast.Expr, names: dict, shown: bool = False) -> str:
        """A module-level function `name(st, env)` for an expression evaluated apart from the rules' run."""
        body = self.expression(node, names)
        if shown and not isinstance(node, ast.StringLiteral):
            body = f"_show({body})"
        self.chunk([self.comment(node.span), f"def {name}(st, env):", f"    return {body}"], span=node.span)
        return name

    # ------------------------------------------------------------ everything else that is evaluated

    def _expressions(self) -> None:
        decls = self.decls
        # Each player's score, tiebreak, progress and payoff: a function of the state and the player.
        for kind, function in ((ast.ScoreDecl, "score"), (ast.TiebreakDecl, "tiebreak"), (ast.ProgressDecl, "progress"),
                               (ast.PayoffDecl, "payoff")):
            decl = next((d for d in decls if isinstance(d, kind)), None)
            if decl is not None:
                self.chunk([self.comment(decl.span), f"def {function}(st, v_{decl.param}):",
                            f"    return {self.expression(decl.body, {decl.param: f'v_{decl.param}'})}"],
                           span=decl.span)
        for name, decl in self.vars.items():
            if decl.per_piece:
                fields = {f: f"env[{f!r}]" for f in self.pieces[decl.per_piece].fields}
                self._lambda(f"start_{name}", decl.init, fields)
            else:
                self._lambda(f"start_{name}", decl.init, {})
        for decl in self.pieces.values():
            fields = {f: f"env[{f!r}]" for f in decl.fields}
            if decl.label is not None:
                self._lambda(f"label_{decl.name}", decl.label, fields)
            if decl.mark is not None:
                self._lambda(f"mark_{decl.name}", decl.mark, {**fields, **self._piece_variables_of(decl.name)})
        for decl in self.automata.values():
            self._lambda(f"automa_{decl.name}", decl.condition, {})

    def _piece_variables_of(self, kind: str) -> dict[str, str]:
        """The per-piece variables of a piece kind, as a mark reads them (from its env)."""
        return {name: f"env[{name!r}]" for name, decl in self.vars.items()
                if decl.per_piece and (decl.per_piece == kind or kind in decl.also_per)}

    def _tables(self) -> None:
        for decl in self.tables.values():
            rows = []
            for row in decl.rows:
                key = self.expression(row.key, {})
                value = self.expression(row.value, {})
                rows.append(f"    ({self.span(row.span)}, lambda st: {key}, lambda st: {value}),")
            self.chunk([self.comment(decl.span), f"table_{decl.name} = ("] + rows + [")"], span=decl.span)

    def _example(self, number: int, decl: ast.ExampleDecl) -> None:
        scope = frozenset(decl.player_names) | local_names(decl.given) | local_names(decl.when)
        names = {name: f"env[{name!r}]" for name in scope}
        body = [_CallBody(self.example_setup, decl.span)] + list(decl.given) + list(decl.when)
        if decl.round is not None or decl.phase is not None:
            body.insert(1, _StartAt(decl.round, decl.phase, decl.span))
        function_id = self._register(f"example_{number}", f"<example {number + 1}>", True)
        fn = _Function(self, f"<example {number + 1}>", scope, True, True, function_id)
        self._write_function(fn, f"example_{number}", "", body, decl.span)
        expects = [self._lambda(f"example_{number}_expect_{i}", e, names) for i, e in enumerate(decl.expect)]
        answers = [self._lambda(f"example_{number}_answer_{i}", a, names) for i, a in enumerate(decl.answers)]
        self.chunk([f"example_{number}_expects = ({''.join(e + ', ' for e in expects)})",
                    f"example_{number}_answers = ({''.join(a + ', ' for a in answers)})"])

    def _local_kinds(self, body: list, fn: "_Function") -> dict[str, object]:
        """What each local of a function may hold (`_infer_kinds` has worked out the shared names
        of setup, play and the rest, and what each rule's parameters are given)."""
        if fn.dict_mode:
            return {name: self.env_kinds.get(name, ANYTHING) for name in fn.names}
        params = fn.param_kinds if fn.param_kinds is not None \
            else self.param_kinds.get(fn.name) if fn.in_rule else None
        return self._function_kinds(body, list(fn.names), fn.param_names, params)

    def _function_kinds(self, body: list, names: list, param_names: list, params: list | None,
                        start: dict | None = None) -> dict[str, object]:
        """What each local of a function may hold: everything any assignment to it may give.

        Parameters start as what they are given (`params`: their kinds, or None for anything);
        the others start as nothing (or as `start` says) and take in what is assigned to them,
        until nothing more changes.
        """
        assigned = assigned_names(body) - set(param_names)
        kinds = {name: frozenset() if name in assigned else ANYTHING for name in names}
        if start is not None:
            kinds.update(start)
        for name, kind in zip(param_names, params if params is not None else [ANYTHING] * len(param_names)):
            kinds[name] = kind
        statements = [s for s in body if not isinstance(s, (_CallBody, _StartAt))]
        for _ in range(8):
            before = dict(kinds)
            self._walk_kinds(statements, kinds)
            if kinds == before:
                return kinds
        return {name: ANYTHING for name in kinds}  # kinds that keep growing: lists of lists of ...

    def _walk_kinds(self, statements: list, kinds: dict, notes: "_KindNotes | None" = None) -> None:
        """One pass over statements: each local in `kinds` takes in the kind of what is assigned
        to it; with `notes`, the kinds of rules' arguments and of plain variables are noted too."""

        def kind(node):
            return self.purity.expr(node, kinds)[1]

        def take(name, value):
            if name in kinds:
                kinds[name] = join(kinds[name], value)
            elif notes is not None and name in self.vars:
                notes.variable(name, value)

        for node in statements:
            if isinstance(node, ast.Let):
                take(node.name, kind(node.value))
            elif isinstance(node, ast.Assign) and isinstance(node.target, ast.Name):
                take(node.target.id, kind(node.value))
            elif isinstance(node, ast.AddTo) and isinstance(node.target, ast.Name):
                take(node.target.id, NUMBER)
            elif isinstance(node, (ast.Assign, ast.AddTo)) and notes is not None \
                    and isinstance(node.target, ast.Attribute) and node.target.name in self.player_vars:
                # A player's variable: `+=` leaves a number there, or fails.
                notes.variable(node.target.name, NUMBER if isinstance(node, ast.AddTo) else kind(node.value))
            elif isinstance(node, ast.Create) and notes is not None:
                notes.create(self.pieces.get(node.piece), [kind(argument) for argument in node.args])
            elif isinstance(node, ast.Choose) and not node.optional:
                take(node.var, _chosen_kind(kind(node.options)))
            elif isinstance(node, (ast.Choose, ast.ChooseSet, ast.Roll, ast.WeightedDraw)):
                take(node.var, ANYTHING)  # a choice may also be none, or a face-down piece
            elif isinstance(node, ast.Draw):
                take(node.var, element(kind(node.source)))
            elif isinstance(node, ast.ForEach):
                take(node.var, element(kind(node.iterable)))
                self._walk_kinds(node.body, kinds, notes)
            elif isinstance(node, ast.If):
                for branch in node.branches:
                    self._walk_kinds(branch.body, kinds, notes)
                self._walk_kinds(node.otherwise, kinds, notes)
            elif isinstance(node, (ast.While, ast.Rounds, ast.Repeat, ast.Phase)):
                self._walk_kinds(node.body, kinds, notes)
            elif isinstance(node, ast.CallRule) and notes is not None:
                notes.call(node.rule, [kind(argument) for argument in node.args])
            elif isinstance(node, ast.Actions):
                for name in local_names([node]):
                    take(name, ANYTHING)
                if notes is not None:  # (turns of actions are written out before: never met)
                    notes.give_up()

    def _infer_kinds(self) -> None:
        """What plain variables, rules' parameters and the shared names may hold, from the whole file.

        A rule's parameter may hold what any call of it gives (the calls are all in the file:
        powers and turns of actions are written as plain rules and calls before this); a
        plain variable what it starts as and what any assignment gives it; a shared name of
        setup, play, final scoring and the examples what any of them gives it (an example's
        players are players). Everything starts as nothing and takes in more, pass after
        pass, until a pass changes nothing: then every value the game can make is of its
        kind. Kinds that keep growing are given up on (anything).
        """
        decls = self.decls
        bodies: list[tuple[list, list, list]] = []  # (statements, names, names given as players)
        for kind in (ast.SetupDecl, ast.ExampleSetupDecl, ast.PlayDecl, ast.FinalScoringDecl):
            for decl in decls:
                if isinstance(decl, kind):
                    bodies.append((decl.body, sorted(local_names(decl.body)), []))
        for decl in decls:
            if isinstance(decl, ast.ExampleDecl):
                body = list(decl.given) + list(decl.when)
                bodies.append((body, sorted(set(decl.player_names) | local_names(body)), list(decl.player_names)))
        plain_vars = [name for name, decl in self.vars.items() if not decl.per_piece]
        notes = _KindNotes(
            {name: [frozenset()] * len(decl.params) for name, decl in self.rules.items()},
            {name: self.purity.expr(self.vars[name].init, {})[1] for name in plain_vars},
            {name: frozenset() for name in self.piece_fields})
        self.env_kinds = {name: frozenset() for _, names, _ in bodies for name in names}
        for _ in range(12):
            before = (dict(notes.params), dict(notes.variables), dict(notes.fields), dict(self.env_kinds))
            self.param_kinds, self.var_kinds = dict(notes.params), dict(notes.variables)
            self.field_kinds = dict(notes.fields)
            self.purity.forget()
            for name, decl in self.rules.items():
                scope = list(decl.params) + sorted(local_names(decl.body) - set(decl.params))
                kinds = self._function_kinds(decl.body, scope, list(decl.params), self.param_kinds[name])
                self._walk_kinds(decl.body, kinds, notes)
            for body, names, players in bodies:
                start = {name: self.env_kinds[name] for name in names}
                for name in players:
                    start[name] = join(start[name], PLAYER)
                kinds = self._function_kinds(body, names, [], None, start)
                self._walk_kinds(body, kinds, notes)
                for name in names:
                    self.env_kinds[name] = join(self.env_kinds[name], kinds[name])
            if (notes.params, notes.variables, notes.fields, self.env_kinds) == before:
                break
        else:  # kinds that keep growing: nothing is known
            notes.params = {name: [ANYTHING] * len(decl.params) for name, decl in self.rules.items()}
            notes.variables, notes.fields = {}, {}
            self.env_kinds = {}
        if notes.unknown:
            notes.variables, notes.fields = {}, {}
        self.param_kinds, self.var_kinds, self.field_kinds = notes.params, notes.variables, notes.fields
        self.purity.forget()


_PLAIN_CHOICES = frozenset({"number", "text", "bool", "player", "zone", "cell"})


def _chosen_kind(options):
    """What a `chooses` without `optional` takes from options of this kind: one of the list's
    elements as they are, when it is surely a list of values that are never face down (no
    pieces: a piece may be taken face down); else anything."""
    if options is ANYTHING or not options or not all(isinstance(atom, tuple) for atom in options):
        return ANYTHING
    chosen = element(options)
    if chosen is ANYTHING or not chosen or not all(isinstance(atom, tuple) or atom in _PLAIN_CHOICES
                                                   for atom in chosen):
        return ANYTHING
    return chosen


class _KindNotes:
    """What `_infer_kinds` gathers in a pass: the kinds of each rule's arguments, of what each
    variable (plain or a player's) is given, and of what each field of pieces is made with."""

    def __init__(self, params: dict, variables: dict, fields: dict):
        self.params = params
        self.variables = variables
        self.fields = fields
        self.unknown = False  # something is given a value in a way not followed: nothing is known

    def give_up(self) -> None:
        self.unknown = True

    def create(self, piece, arguments: list) -> None:
        """`create ... piece(arguments)`: each field of that kind of piece may hold its argument."""
        if piece is None or len(piece.fields) != len(arguments):
            return  # the compiler says what is wrong
        for field, kind in zip(piece.fields, arguments):
            self.fields[field] = join(self.fields.get(field, frozenset()), kind)

    def call(self, rule: str, arguments: list) -> None:
        kinds = self.params.get(rule)
        if kinds is None or len(kinds) != len(arguments):
            return  # the compiler says what is wrong
        self.params[rule] = [join(kind, argument) for kind, argument in zip(kinds, arguments)]

    def variable(self, name: str, kind) -> None:
        if name in self.variables:
            self.variables[name] = join(self.variables[name], kind)


class _Code:
    """The lines of one function being written: (depth, text, span of the statement or None)."""

    def __init__(self, lines: list):
        self.lines = lines

    def add(self, depth: int, text: str, span=None) -> None:
        self.lines.append((depth, text, span))

    def comment(self, depth: int, text: str) -> None:
        self.lines.append((depth, text, None))


def generate(game_file: ast.GameFile, source: Source) -> str:
    """The source of the Python module that plays a checked game."""
    return ModuleWriter(game_file, source).module()


def module_name(game_file: ast.GameFile, playout: bool = False, lazy_defines: bool = False, kinds: str = "") -> str:
    """The file name tracebacks and profilers show for a game's generated module (or its playout build)."""
    build = (" playout" if playout else "") + (" lazy" if playout and lazy_defines else "") \
        + (f" {kinds}" if kinds else "")
    return f"<pirdsl {Path(game_file.path).name} {game_file.source_hash[:12]}{build}>"


PLAYOUT_KEY = ":playout"  # added to the rules' hash for the playout build's entry in the cache
LAZY_KEY = ":lazy"  # and then this for its copy that works world-level defines out where read


def build_module(game_file: ast.GameFile, source: Source, cached: bool = False,
                 playout: bool = False) -> tuple[dict, str]:
    """A game's module, run: its namespace, and the file name its code carries.

    With `cached`, from the cache when it has the module (interpreter/cache.py), else
    generated, compiled and kept there. With `playout`, the playout build (`ModuleWriter`).
    """
    code = build_code(game_file, source, cached, playout)
    namespace: dict = {"__name__": module_namespace_name(game_file.source_hash, playout)}
    exec(code, namespace)  # noqa: S102 - source generated from the checked AST only
    return namespace, code.co_filename


def module_namespace_name(source_hash: str, playout: bool = False) -> str:
    """The `__name__` of a game's module (of its playout build with `playout`)."""
    return f"pirdsl_rules_{source_hash[:12]}{'_playout' if playout else ''}"


def build_code(game_file: ast.GameFile, source: Source, cached: bool = False, playout: bool = False,
               lazy_defines: bool = False, world_kinds: dict | None = None):
    """A game's module, compiled (not run): from the cache with `cached` when it is there (see `build_module`).

    With `playout` and `lazy_defines`, the playout build that looks its world-level defines up
    in the memo where it reads them (`ModuleWriter.world_define`); with `world_kinds`, the one
    written for worlds whose world-level defines have values of those kinds."""
    kinds = kinds_key(world_kinds) if playout and not lazy_defines and world_kinds else ""
    key = game_file.source_hash + (PLAYOUT_KEY if playout else "") + (LAZY_KEY if playout and lazy_defines else "") \
        + (":" + kinds if kinds else "")
    code = cache.load(key) if cached else None
    if code is None:
        writer = ModuleWriter(game_file, source, playout=playout, lazy_defines=lazy_defines, world_kinds=world_kinds)
        text = writer.module()
        filename = cache.source_file(key, text) if cached else None
        if filename is None:
            filename = module_name(game_file, playout, lazy_defines, kinds)
            # So that tracebacks and profilers can show the generated lines all the same.
            linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        code = _compiled(writer, text, filename)
        if cached:
            cache.keep(key, code)
    return code


def kinds_key(world_kinds: dict) -> str:
    """A short key for the kinds of world-level defines a playout build is written for (cache, file name)."""
    def text(kind) -> str:
        if kind is ANYTHING:
            return "*"
        return "{" + ",".join(sorted(atom if isinstance(atom, str) else f"list{text(atom[1])}" for atom in kind)) + "}"
    written = ";".join(f"{name}={text(kind)}" for name, kind in sorted(world_kinds.items()))
    return "kinds-" + hashlib.sha256(written.encode()).hexdigest()[:16]


def _compiled(writer: ModuleWriter, text: str, filename: str):
    try:
        return compile(text, filename, "exec")
    except (RecursionError, MemoryError, SyntaxError, ValueError):
        pass
    # Python could not take it (nesting beyond its limits): find the declaration to blame.
    for chunk, span in zip(writer.chunks, writer.chunk_spans):
        try:
            compile("\n".join(text for text, _ in chunk), filename, "exec")
        except (RecursionError, MemoryError, SyntaxError, ValueError):
            raise CompileError("this is too deeply nested to run", span or writer.file.span) from None
    raise CompileError("the rules could not be compiled", writer.file.span)


def _counts_pieces_of_define(node: ast.Call, defines: dict) -> bool:
    """Whether a call is `count(all_pieces(D(...)))` for a define D (and neither name is a define)."""
    return node.function == "count" and len(node.args) == 1 and isinstance(node.args[0], ast.Call) \
        and node.args[0].function == "all_pieces" and len(node.args[0].args) == 1 \
        and isinstance(node.args[0].args[0], ast.Call) and node.args[0].args[0].function in defines \
        and "count" not in defines and "all_pieces" not in defines
