"""A loaded game: the compiled rules of one checked file, and the worlds its states live in."""

from __future__ import annotations

import copy
import functools
import json
import re
import weakref
from dataclasses import dataclass
from typing import Any

from dsl import ast
from dsl import parser as dsl_parser
from dsl.check import check_game
from dsl.diagnostics import Diagnostic, PirError, Source, Span
from dsl.extends import files_of, read_rules, source_hash, written_base
from dsl.parser import parse_file
from dsl.ast import local_names
from interpreter import cache
from interpreter.compiler import (CompileError, ModuleWriter, build_code, build_module, generate, kinds_key,
                                  module_namespace_name)
from interpreter.purity import ANYTHING, BOARD, CELL, NOTHING, NUMBER, PLAYER, TEXT, TRUTH, ZONE, join, list_of
from interpreter.lowering import lower_file
from interpreter.runtime import _UNSET, WorldMemo
from interpreter.state import STATE_FORMAT, STATE_VERSION, MASK, State, _describe
from interpreter.values import Board, GameRuleError, Player, Zone, show

# The parser keeps its tables between runs in the cache, whose entries carry the user's MAC (dsl/parser.py).
dsl_parser.tables_store = (cache.lookup_parser_tables, cache.store_parser_tables)

class World:
    """The fixed things of one game in play: seats, zones, cells, variants, parameters."""

    def __init__(self, game: "Game", player_count: int, variants: frozenset[str], params: dict | None = None):
        self.player_count = player_count
        self.variants = variants
        # Every parameter's value at this table (`param` lines), the defaults unless set.
        self.params: dict[str, int] = dict(game.param_values if params is None else params)
        self.memo = WorldMemo(game.module)  # its first state is given it when made (State.__init__)
        # The playout build's functions for this world, and its final scoring, once a state of it
        # plays out (`Game.bind_playout`).
        self.playout_functions: list | None = None
        self.playout_final = None
        self.players: list[Player] = []
        for i in range(player_count):
            self.players.append(Player(i, f"Player {i + 1}", False, f"player_{i + 1}"))
        self.automa_seats: dict[str, Player] = {}
        for name, decl, condition in game.automata:
            probe = self.memo.state = _Probe(self)  # what works out the defines the condition reads
            try:
                wanted = condition(probe, {})
            except Exception as error:
                raise GameRuleError(f"cannot decide whether '{name}' plays: {error}", decl.span) from None
            finally:
                self.memo.state = None
            if wanted:
                seat = Player(len(self.players), decl.display, True, name)
                self.players.append(seat)
                self.automa_seats[name] = seat
        self.zones: list[Zone] = []
        self.zones_by_name: dict[str, Zone] = {}
        self.player_zones: list[dict[str, Zone]] = [{} for _ in self.players]
        for decl in game.zone_decls:
            if not decl.per_player:
                zone = Zone(len(self.zones), decl.name, None, decl.visibility)
                self.zones.append(zone)
                self.zones_by_name[decl.name] = zone
        for player in self.players:
            for decl in game.zone_decls:
                if decl.per_player:
                    zone = Zone(len(self.zones), decl.name, player, decl.visibility)
                    self.zones.append(zone)
                    self.player_zones[player.index][decl.name] = zone
        self.boards: dict[str, Board] = {}
        for decl in game.board_decls:
            board = Board(decl.name, decl.rows, decl.columns, decl.shape)
            legends = {legend.layer: legend.entries for legend in decl.legends}
            caption = next((layer for layer in decl.layers if layer.name in decl.captions), None)
            board.caption = caption.name if caption else None
            for r in range(decl.rows):
                for c in range(decl.columns):
                    layers = {}
                    for layer in decl.layers:
                        token = layer.rows[r][c]
                        if layer.name in legends:
                            layers[layer.name] = legends[layer.name].get(token)
                        else:
                            layers[layer.name] = _token_value(token)
                    cell = Zone(len(self.zones), decl.name, None, "public", board, r, c, layers)
                    self.zones.append(cell)
                    board.cells.append(cell)
                    board.glyphs.append(decl.layers[0].rows[r][c] if decl.layers else ".")
                    if caption is not None:
                        board.captions.append("" if caption.rows[r][c] == "." else caption.rows[r][c])
            self.boards[decl.name] = board
        for board in self.boards.values():
            board.one_of_several = len(self.boards) > 1
        self.memo.zone_groups = [()] * len(self.zones)  # no group of zones counted yet (WorldMemo)
        # seen[seat][zone id]: whether that seat may look into that zone (`Zone.seen_by`)
        self.seen: list[list[bool]] = [[zone.seen_by(player.index) for zone in self.zones] for player in self.players]

    def __copy__(self) -> "World":
        """A copy (a seat's veiled view gives it a memo of its own: interpreter/secrecy.py), without
        this world's namespace of the playout build, which reads this world's memo."""
        other = World.__new__(World)
        other.__dict__.update(self.__dict__)
        other.playout_functions = other.playout_final = None
        return other


def _worked_out(memo: WorldMemo, names, values: dict) -> dict | None:
    """`values` with the value of each define named that it lacks, from the world's memo; None if one fails."""
    try:
        for name in names:
            if name not in values:
                values[name] = memo[name]
    except Exception:  # noqa: BLE001 - the playout then fails where the define is read (`Game.bind_playout`)
        return None
    return values


def _kind_of_value(value):
    """The kind (interpreter/purity.py) of a world-level define's value, exactly: what the playout
    build may take it to be (`Game.bind_playout`). ANYTHING for what it need not know (a piece, a
    table, a number that is not a whole number)."""
    kind_class = value.__class__
    if kind_class is list:
        kind = frozenset()
        for item in value:
            item_kind = _kind_of_value(item)
            if item_kind is ANYTHING:
                return ANYTHING
            kind = join(kind, item_kind)
        return list_of(kind)
    if kind_class is Zone:
        return CELL if value.board is not None else ZONE
    return _KINDS_OF_CLASSES.get(kind_class, ANYTHING)


_KINDS_OF_CLASSES = {int: NUMBER, bool: TRUTH, str: TEXT, type(None): NOTHING, Player: PLAYER, Board: BOARD}


class _Probe:
    """A stand-in state for expressions evaluated before a world exists (automa conditions)."""

    def __init__(self, world):
        self.world = world


def _token_value(token: str):
    if token == ".":
        return None
    if token.lstrip("-").isdigit():
        return int(token)
    return token


@dataclass
class ChoiceSite:
    """What a `chooses` statement needs once play waits on it: labels, prompt, skip."""

    id: int
    function: int          # the frame (function id) and point where play waits on it
    point: int
    var: str
    label: Any             # f(state, env) -> an option's label, or None
    prompt: Any            # f(state, env) -> the prompt, or None
    optional: bool
    skip_text: Any         # f(state, env) -> the text of the skip option, or None
    span: Any
    blind_chance: int = -1  # the chance site that picks a piece when a face-down option is taken


@dataclass
class ChanceSite:
    """A `draw` or `roll` statement (or a face-down option taken) waiting for its outcome."""

    id: int
    function: int
    point: int
    var: str
    kind: str
    span: Any


# The kinds of declaration a game reads as it loads; everything else (rules, defines, phases,
# examples) is in its generated module, or read from the tree only when asked for.
LOADED_KINDS = (ast.GameHeader, ast.VariantDecl, ast.ParamDecl, ast.VarDecl, ast.ZoneDecl, ast.BoardDecl, ast.PieceDecl,
                ast.TableDecl, ast.ScoreDecl, ast.TiebreakDecl, ast.ProgressDecl, ast.PayoffDecl, ast.AutomaDecl)


def outline_of(lowered: ast.GameFile) -> ast.GameFile:
    """The declarations of a lowered file that a game reads as it loads (`LOADED_KINDS`), in their order.

    A small part of the tree (a tenth or so of a big file): a load from the cache reads it
    instead of the whole tree, which is read only when something asks for `Game.file`.
    """
    return lowered.model_copy(update={"declarations": [d for d in lowered.declarations
                                                        if isinstance(d, LOADED_KINDS)]})


class Game:
    """A checked, compiled game, ready to start states."""

    def __init__(self, game_file: ast.GameFile | None, source: str, cached: bool = False,
                 outline: ast.GameFile | None = None, read_file: Any = None):
        """Load a checked game.

        Args:
            game_file: the checked syntax tree; None when `outline` and `read_file` stand for it.
            source: the rules text.
            cached: take the generated module from the cache, and keep it there (for files).
            outline: the lowered file's declarations a load reads (`outline_of`), when loading from the cache.
            read_file: gives the tree (None when it cannot) the first time `file` is asked for.
        """
        self.source = source
        if game_file is not None:
            self.file = game_file
            outline = outline_of(self.lowered)
        else:
            self._read_file = read_file
        self.path = outline.path
        self.file_hash = outline.source_hash
        self.warnings: list = []  # the checker's warnings (unused definitions, ...)
        decls = outline.declarations
        header = next(d for d in decls if isinstance(d, ast.GameHeader))
        self.header = header
        self.name = header.name
        self.min_players = header.min_players
        self.max_players = header.max_players
        self.variants = {d.name: d.text for d in decls if isinstance(d, ast.VariantDecl)}
        self.param_decls = {d.name: d for d in decls if isinstance(d, ast.ParamDecl)}
        # The parameters this game is played with: the defaults, or what `with_params` set.
        self.param_values: dict[str, int] = {name: d.default for name, d in self.param_decls.items()}
        self.var_decls = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.zone_decls = [d for d in decls if isinstance(d, ast.ZoneDecl)]
        self.board_decls = [d for d in decls if isinstance(d, ast.BoardDecl)]
        self.piece_decls = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        self.outline = outline
        self._cached = cached
        try:
            self._load(decls, cached)
        except CompileError as error:
            raise PirError([Diagnostic(error.span, str(error))], source) from None
        self._writer = None  # writes expressions asked for after loading (see `evaluator`)
        self._playout_codes: dict = {}  # the playout build's copies made so far (`_playout_build`)
        self._starts: dict = {}  # (players, variants) -> a game just after setup, for `new_state` to copy
        self._worlds: dict = {}  # (players, variants) -> its World
        self._with_params: dict = {}  # (name, value) pairs -> this game with those parameters (`with_params`)
        self._reloadable: bool | None = None  # whether `path` holds this very text (see `__reduce__`)
        _LOADED[self.file_hash] = self

    @functools.cached_property
    def file(self) -> ast.GameFile:
        """The checked syntax tree, as written (read from the cache the first time, for a game loaded from there)."""
        game_file = self._read_file()
        if not isinstance(game_file, ast.GameFile):  # a damaged entry: the text, checked before, gives the tree
            game_file = read_rules(self.source, self.path)[0]
        return game_file

    @functools.cached_property
    def lowered(self) -> ast.GameFile:
        """The tree the engine runs: turns of actions written out (interpreter/lowering.py)."""
        return lower_file(self.file)

    def _module(self, cached: bool) -> tuple[dict, str]:
        """The generated module, run: from the cache without reading the tree when it is there."""
        code = cache.load(self.file_hash) if cached else None
        if code is None:
            return build_module(self.lowered, self.source, cached)
        namespace: dict = {"__name__": f"pirdsl_rules_{self.file_hash[:12]}"}  # as build_module names it
        exec(code, namespace)  # noqa: S102 - generated from the checked AST only
        return namespace, code.co_filename

    def _load(self, decls: list, cached: bool) -> None:
        module, self.code_filename = self._module(cached)
        self.module = module
        path = self.path
        self.spans = [Span(path, *span) if len(span) == 4 else Span(span[4], *span[:4]) for span in module["SPANS"]]
        self.line_spans: dict[int, int] = module["LINES"]
        # Each build's file name -> its lines' statements (the playout build's added once it is made).
        self.line_maps: dict[str, dict[int, int]] = {self.code_filename: self.line_spans}
        self.functions = module["FUNCTIONS"]
        self.resumable = [entry[0] for entry in self.functions]
        self.function_ids = {entry[1]: i for i, entry in enumerate(self.functions)}
        self.function_ids_by_code = {entry[0].__code__: i for i, entry in enumerate(self.functions)}
        # What a frame's saved locals are called in a save: the rules' own names, and the loops' counters.
        self.saved_names = [tuple(name[2:] if name.startswith("v_") else name for name in entry[2])
                            for entry in self.functions]
        self.choices = [ChoiceSite(i, function, point, var, label, prompt, optional, skip, self.spans[span], blind)
                        for i, (function, point, var, label, prompt, optional, skip, span, blind)
                        in enumerate(module["CHOICES"])]
        self.skips = [1 if site.optional else 0 for site in self.choices]  # the skip action of optional choices
        self.chances = [ChanceSite(i, function, point, var, kind, self.spans[span])
                        for i, (function, point, var, kind, span) in enumerate(module["CHANCES"])]
        self.main = module["body_main"]
        self.final = module["body_final_scoring"]
        self.tables: dict[str, dict] = {}
        self.catalogue_columns: dict[str, list[str]] = {}  # catalogue table -> the names of its row's items
        for decl in decls:
            if isinstance(decl, ast.TableDecl):
                table = {}
                for span, key, value in module[f"table_{decl.name}"]:
                    try:
                        table[key(None)] = value(None)
                    except Exception:
                        raise CompileError("a table row must be made of fixed values (numbers, names, lists)",
                                           self.spans[span]) from None
                self.tables[decl.name] = table
                if decl.piece is not None:
                    # A catalogue's columns for people: its header's, else the piece's fields.
                    fields = self.piece_decls[decl.piece].fields[1:] if decl.piece in self.piece_decls else []
                    self.catalogue_columns[decl.name] = (list(decl.header.values) if decl.header is not None
                                                         else [field.replace("_", " ") for field in fields])
        score = next((d for d in decls if isinstance(d, ast.ScoreDecl)), None)
        self.score = module.get("score")
        self.score_span = score.span if score else None
        tiebreak = next((d for d in decls if isinstance(d, ast.TiebreakDecl)), None)
        self.tiebreak = module.get("tiebreak")
        self.tiebreak_span = tiebreak.span if tiebreak else None
        progress = next((d for d in decls if isinstance(d, ast.ProgressDecl)), None)
        self.progress = module.get("progress")
        self.progress_span = progress.span if progress else None
        # What each seat is paid at the end (None: the winners share 1), and what the file promises of it.
        self.payoff_decl = next((d for d in decls if isinstance(d, ast.PayoffDecl)), None)
        self.payoff = module.get("payoff")
        self.var_inits = {name: module[f"start_{name}"] for name, decl in self.var_decls.items() if not decl.per_piece}
        # A per-piece variable starts when its piece is created, from the piece's fields.
        self.piece_var_inits: dict[str, list] = {}
        for name, decl in self.var_decls.items():
            for kind in [decl.per_piece, *decl.also_per] if decl.per_piece else []:
                self.piece_var_inits.setdefault(kind, []).append((name, module[f"start_{name}"]))
        self.piece_var_names = {kind: [name for name, _ in inits] for kind, inits in self.piece_var_inits.items()}
        # What a piece's text shows after its label: not bookkeeping (internal), and not a
        # secret, which no one sees on a piece (a piece has no owner to show it to).
        self.piece_var_names_shown = {
            kind: [name for name in names if not self.var_decls[name].internal and not self.var_decls[name].secret]
            for kind, names in self.piece_var_names.items()}
        self.automata = [(d.name, d, module[f"automa_{d.name}"]) for d in decls if isinstance(d, ast.AutomaDecl)]
        self.piece_labels = {name: module[f"label_{name}"] for name, d in self.piece_decls.items() if d.label is not None}
        self.piece_marks = {name: module[f"mark_{name}"] for name, d in self.piece_decls.items() if d.mark is not None}
        self.marks_showing_variables = {name for name, d in self.piece_decls.items() if d.mark is not None
                                        and set(self.piece_var_names.get(name, ())) & _names_in(d.mark)}

    @functools.cached_property
    def playout_functions(self) -> list:
        """The playout build's resumable functions by frame id (interpreter/playout.py), made on first use.

        Its lines join `line_maps`, so that a failure in it names its statement as one in the
        ordinary build does. A playout runs the functions of its world's own namespace of the
        build (`bind_playout`); these are of a namespace bound to no world.
        """
        self._playout_code = self._playout_build(lazy_defines=False)
        return [entry[0] for entry in self._playout_namespace(self._playout_code)["FUNCTIONS"]]

    def _playout_build(self, lazy_defines: bool, world_kinds: dict | None = None):
        """The playout build's code (with `lazy_defines`, its copy that works world-level defines out
        where they are read; with `world_kinds`, its copy for worlds whose world-level defines have
        values of those kinds), checked against the ordinary build."""
        key = (lazy_defines, kinds_key(world_kinds) if world_kinds else "")
        code = self._playout_codes.get(key)
        if code is not None:
            return code
        code = build_code(self.lowered, self.source, self._cached, playout=True, lazy_defines=lazy_defines,
                          world_kinds=world_kinds)
        module = self._playout_namespace(code)
        filename = code.co_filename
        ordinary = self.module
        # Both builds are written from the same tree in the same order: the frames, the sites of
        # decisions and chance and the statements' spans are numbered alike, which play relies on.
        if (module["SPANS"] != ordinary["SPANS"] or len(module["CHOICES"]) != len(ordinary["CHOICES"])
                or len(module["CHANCES"]) != len(ordinary["CHANCES"])
                or [entry[1:] for entry in module["FUNCTIONS"]] != [entry[1:] for entry in ordinary["FUNCTIONS"]]):
            raise RuntimeError("the playout build does not match the ordinary build")  # a bug of the compiler
        self.line_maps[filename] = module["LINES"]
        self._playout_codes[key] = code
        return code

    def _playout_namespace(self, code) -> dict:
        namespace = {"__name__": module_namespace_name(self.file_hash, playout=True)}
        exec(code, namespace)  # noqa: S102 - generated from the checked AST only
        return namespace

    def bind_playout(self, state: State) -> None:
        """Give the world of `state` its own namespace of the playout build, bound to it.

        The playout build reads what a world holds that play never changes (its zones, the
        memo of its world-level defines, whether a variant is on, ...) from globals of its
        module (`ExpressionWriter.world_read`), which its `bind_world` sets. Each world runs
        its own namespace, made from the same code and bound once: states of several worlds
        may play out in turn, one inside another's (a bot's playouts inside a playout), or in
        threads, and each reads its own world's. Sets `world.playout_functions` and
        `world.playout_final`.

        Which build: the world's defines without parameters that the build reads are worked
        out first (`WORLD_DEFINES`), and their values set as globals too (`W_define_NAME`);
        the build is then the copy written for the kinds of those values (`world_kinds`,
        one per set of kinds). Should one fail, the world plays the copy written with
        `lazy_defines`, which works each out where it is read, as the ordinary build does,
        so that it fails there, with the same message, and only if it is read.
        """
        functions = self.playout_functions  # the build, checked against the ordinary one
        world = state.world
        if world.playout_functions is not None:
            return
        namespace = self._playout_namespace(self._playout_code)
        # The world-level defines the build reads as globals (`ExpressionWriter.world_define`).
        values = _worked_out(world.memo, namespace["WORLD_DEFINES"], {})
        kinds = {} if values is None else {name: kind for name, kind in
                                           ((name, _kind_of_value(value)) for name, value in values.items())
                                           if kind is not ANYTHING}
        if kinds:  # the build written for the kinds of this world's values (it may read more of them)
            namespace = self._playout_namespace(self._playout_build(lazy_defines=False, world_kinds=kinds))
            values = _worked_out(world.memo, namespace["WORLD_DEFINES"], values)
        if values is None:  # one fails: each is worked out where it is read, as in the ordinary build
            namespace = self._playout_namespace(self._playout_build(lazy_defines=True))
        else:
            for name in namespace["WORLD_DEFINES"]:
                namespace["W_define_" + name] = values[name]
        namespace["bind_world"](state)
        if len(namespace["FUNCTIONS"]) != len(functions):
            raise RuntimeError("the playout build changed")  # a bug: the code is the one checked
        world.playout_final = namespace["body_final_scoring"]
        world.playout_functions = [entry[0] for entry in namespace["FUNCTIONS"]]  # last: the world is ready

    @functools.cached_property
    def examples(self) -> list["CompiledExample"]:
        """The worked examples, compiled (their code is in the module; their statements come from the tree)."""
        examples = []
        module = self.module
        for number, decl in enumerate(d for d in self.lowered.declarations if isinstance(d, ast.ExampleDecl)):
            scope = frozenset(decl.player_names) | local_names(decl.given) | local_names(decl.when)
            examples.append(CompiledExample(
                decl, module[f"example_{number}"], list(zip(decl.expect, module[f"example_{number}_expects"])),
                list(module[f"example_{number}_answers"]), scope))
        return examples

    def pickled_state(self, state: State) -> tuple:
        """How `State.__reduce__` pickles a state of this game: the way back is to load the game."""
        source = None if self.reloadable() else self.source
        return restore_pickled, (self.path, self.file_hash, source, state.to_json())

    def reloadable(self) -> bool:
        """Whether loading `path` again gives this very game (so a pickle need not carry the text)."""
        if self._reloadable is None:
            try:
                from dsl.parser import read_source
                text = read_source(self.path)
                files = files_of(self.path, text) if written_base(text) is not None else text
                self._reloadable = files is not None and source_hash(files) == self.file_hash
            except Exception:  # noqa: BLE001 - any reason it cannot be read means: carry the text
                self._reloadable = False
        return self._reloadable

    def python_source(self) -> str:
        """The generated module that plays this game, as Python source (`pirdsl compile`)."""
        return generate(self.file, self.source)

    def evaluator(self, node: ast.Expr, scope) -> Any:
        """An expression of the rules file as a function `f(state, env)`, its names taken from `env`."""
        if self._writer is None:
            self._writer = ModuleWriter(self.file, self.source)
        text = self._writer.expression(node, {name: f"env[{name!r}]" for name in scope})
        return eval(f"lambda st, env: {text}", self.module)  # noqa: S307 - generated from the checked AST only

    # -------------------------------------------------------- program interface used by states

    def piece_mark(self, state: State, piece) -> str:
        """A piece's short sign on a board: its declared mark, else the first letter of its kind."""
        template = self.piece_marks.get(piece.type)
        if template is None:
            return piece.type[:1].upper()
        return template(state, self._mark_names(state, piece))

    def _mark_names(self, state: State, piece) -> dict:
        """What a mark may show: the piece's fields and its variables (their start values until it has them)."""
        names = dict(piece.fields)
        for name, start in self.piece_var_inits.get(piece.type, ()):
            key = (piece.id, name)
            names[name] = state.piece_vars[key] if key in state.piece_vars else start(state, dict(piece.fields))
        return names

    def current_mark(self, state: State, piece) -> str:
        """A piece's mark as the board shows it now: drawn again when it shows the piece's variables."""
        if piece.type in self.marks_showing_variables:
            return self.piece_mark(state, piece)
        return piece.mark

    def piece_label(self, state: State, piece) -> str:
        template = self.piece_labels.get(piece.type)
        if template is None:
            if not piece.fields:
                return piece.type.replace("_", " ")
            return f"{piece.type.replace('_', ' ')} " + " ".join(show(v) for v in piece.fields.values())
        return template(state, dict(piece.fields))

    # -------------------------------------------------------- parameters

    def checked_params(self, values) -> dict[str, int]:
        """Every parameter's value with `values` ({name: whole number}) set over the defaults.

        ValueError with a one-line reason for an unknown name, a value that is not a
        whole number, or one outside the parameter's range.
        """
        chosen = {name: decl.default for name, decl in self.param_decls.items()}
        for name, value in dict(values or {}).items():
            decl = self.param_decls.get(name)
            if decl is None:
                known = ", ".join(sorted(self.param_decls)) or "none"
                raise ValueError(f"unknown parameter '{name}' (this game has: {known})")
            if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"parameter '{name}' takes a whole number, not {_brief(value)}")
            if not decl.low <= value <= decl.high:
                raise ValueError(f"parameter '{name}' goes from {decl.low} to {decl.high}, not {value}")
            chosen[name] = value
        return chosen

    def with_params(self, values) -> "Game":
        """This game with parameters set (`values` over the defaults; see `checked_params`).

        The compiled rules are shared; worlds and starting states are the new game's own,
        so nothing worked out for one set of values is used for another.
        """
        chosen = self.checked_params(values)
        if chosen == self.param_values:
            return self
        key = tuple(sorted(chosen.items()))
        other = self._with_params.get(key)  # shared by every copy: each set of values is made once
        if other is None:
            other = copy.copy(self)
            other.param_values = chosen
            other._starts, other._worlds = {}, {}
            self._with_params[key] = other
        return other

    # -------------------------------------------------------- starting and restoring states

    def _world(self, players: int, variants, shared: bool = True, params: dict | None = None) -> World:
        """The world of a table; `shared=False` for one of its own (a worked example names its players, and
        may set parameters: `params`, every parameter's value)."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}")
        chosen = frozenset(variants or ())
        unknown = sorted(chosen - set(self.variants))
        if unknown:
            known = ", ".join(sorted(self.variants)) or "none"
            raise ValueError(f"unknown variant '{unknown[0]}' (this game has: {known})")
        if not shared:
            return World(self, players, chosen, params)
        world = self._worlds.get((players, chosen))
        if world is None:
            # Nothing in a world changes once made: the games of one table share it.
            world = self._worlds[(players, chosen)] = World(self, players, chosen)
        return world

    def _blank_state(self, world: World, seed: int) -> State:
        state = State(self, world, seed)
        state.rng = _seeded(seed)
        state.pvars = [{} for _ in world.players]
        state.vars = {}
        for name, decl in self.var_decls.items():
            if decl.per_piece:
                continue
            closure = self.var_inits[name]
            try:
                if decl.per_player:
                    for player in world.players:
                        state.pvars[player.index][name] = closure(state, {})
                else:
                    state.vars[name] = closure(state, {})
            except Exception as error:  # a starting value that fails names its declaration
                raise state._rule_error(f"cannot work out the starting value of '{name}': {_describe(error)}",
                                        decl.span) from None
        return state

    def new_state(self, players: int, seed: int = 0, variants=()) -> State:
        """Start a game: run setup up to the first decision or chance event.

        Up to there nothing depends on the seed (the generator is only drawn from when
        chance is resolved), so the first game of each table is kept and every later
        one starts as a copy of it with its own seed.
        """
        seed = int(seed)
        key = (players, frozenset(variants or ())) if players.__class__ is int else None
        start = self._starts.get(key)
        if start is None:
            world = self._world(players, variants)
            start = self._blank_state(world, 0)
            start._run(self.main)
            if key is not None:
                self._starts[key] = start.clone()
        state = start.clone()
        state.seed = seed
        state.rng = _seeded(seed)
        return state

    def state_from_json(self, data: Any) -> State:
        """Restore a state saved with `State.to_json`; ValueError with a reason when it cannot be."""
        try:
            if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
                raise ValueError("this is not a saved pirdsl state")
            if data.get("version") != STATE_VERSION:
                raise ValueError(f"saved with state format version {_brief(data.get('version'))}, "
                                 f"this pirdsl reads {STATE_VERSION}")
            if data.get("game") != self.name:
                raise ValueError(f"it is a saved game of {_brief(data.get('game'))}, not of {self.name!r}")
            if data.get("file_hash") != self.file_hash:
                raise ValueError("it was saved with a different version of the rules file")
            if "params" in data or self.param_decls:
                saved = data.get("params", {})
                if not isinstance(saved, dict):
                    raise ValueError("its parameters are not a table of names and numbers")
                try:
                    game = self.with_params(saved)
                except ValueError as error:
                    raise ValueError(f"the saved state's parameters do not fit the rules file: {error}") from None
                return game._restore(data)
            return self._restore(data)
        except ValueError:
            raise
        except RecursionError:
            raise ValueError("the saved state is damaged: its values are nested too deeply") from None
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError, ZeroDivisionError) as error:
            raise ValueError(f"the saved state is damaged ({type(error).__name__}: {_brief(error, 200)})") from None

    def _restore(self, data: dict) -> State:
        try:
            world = self._world(data["players"], data["variants"])
            state = State(self, world, _whole(data["seed"], "seed"))
            for saved_piece in data["pieces"]:
                type_name = saved_piece[0]
                if type_name not in self.piece_decls:
                    raise ValueError(f"unknown piece kind {type_name!r}")
                state.pieces.append(None)
            state.contents = [list(map(int, c)) for c in data["contents"]]
            if len(state.contents) != len(world.zones):
                raise ValueError("the zones do not match the rules file")
            state.loc = [0] * len(data["pieces"])
            for zone_id, ids in enumerate(state.contents):
                for piece_id in ids:
                    state.loc[piece_id] = zone_id
            if sorted(i for c in state.contents for i in c) != list(range(len(data["pieces"]))):
                raise ValueError("the pieces and zones do not agree")
            state.recount_groups()  # worked out from the zones, not saved
            # Pieces may refer to players only, so decode them after the world exists.
            from interpreter.values import Piece
            for piece_id, (type_name, fields, *shown) in enumerate(data["pieces"]):
                if list(fields) != self.piece_decls[type_name].fields:
                    raise ValueError(f"a saved {type_name} does not have the fields the rules file gives it")
                piece = Piece(piece_id, type_name, {k: state._decode(v) for k, v in fields.items()}, "")
                if shown:
                    # Worked out when the piece was made, perhaps from variables or the round
                    # of that moment: working them out again now could give other texts.
                    if len(shown) != 2 or not all(isinstance(text, str) for text in shown):
                        raise ValueError("a saved piece's label and mark are not two texts")
                    piece.label, piece.mark = shown
                else:  # saved before labels were kept: only pieces made in setup, from their fields
                    piece.label = self.piece_label(state, piece)
                    piece.mark = self.piece_mark(state, piece)
                state.pieces[piece_id] = piece
            state.piece_kinds = [piece._kind for piece in state.pieces]
            state.rng = _whole(data["rng"], "rng") & MASK
            state.round = _whole(data["round"], "round")
            state.phase = str(data["phase"])
            globals_declared = {n for n, d in self.var_decls.items() if not d.per_player and not d.per_piece}
            per_player_declared = {n for n, d in self.var_decls.items() if d.per_player}
            if set(data["vars"]) != globals_declared:
                raise ValueError("its shared variables do not match the rules file")
            state.vars = {k: state._decode(v) for k, v in data["vars"].items()}
            state.created_in_play = _whole(data.get("created_in_play", 0), "count of pieces made during play")
            if not 0 <= state.created_in_play <= len(state.pieces):
                raise ValueError("its count of pieces made during play does not fit its pieces")
            state.unordered = {}
            for zone_id, count in data.get("unordered", []):
                zone_id, count = _whole(zone_id, "shuffled zone"), _whole(count, "shuffled count")
                if not 0 <= zone_id < len(state.contents) or not 0 <= count <= len(state.contents[zone_id]):
                    raise ValueError("a saved shuffled zone does not exist or holds fewer pieces")
                state.mark_unordered(zone_id, count)
            state.piece_vars = {}
            for piece_id, name, value in data["piece_vars"]:
                piece_id = _whole(piece_id, "piece variable")
                if not 0 <= piece_id < len(state.pieces) or \
                        name not in self.piece_var_names.get(state.pieces[piece_id].type, ()):
                    raise ValueError(f"a saved piece variable ({name!r}) does not belong to its piece")
                state.piece_vars[(piece_id, name)] = state._decode(value)
            if len(data["pvars"]) != len(world.players):
                raise ValueError("its seats do not match the rules file")
            if any(set(pv) != per_player_declared for pv in data["pvars"]):
                raise ValueError("its players' variables do not match the rules file")
            state.pvars = [{k: state._decode(v) for k, v in pv.items()} for pv in data["pvars"]]
            state._frames = [self._restore_frame(state, frame) for frame in data["frames"]]
            if not isinstance(data["scopes"], list) or len(data["scopes"]) != 1 \
                    or not isinstance(data["scopes"][0], dict):
                raise ValueError("it has no local values at all")
            state.env = {k: state._decode(v) for k, v in data["scopes"][0].items()}
            pending = data["pending"]
            if pending is None:
                state.pending = None
            else:
                kind, site_id, a, b = pending
                state.pending = [kind, _whole(site_id, "decision"), state._decode(a), state._decode(b)]
                if kind == "choice":
                    seat = _whole(a, "seat")
                    if not 0 <= seat < len(world.players) or world.players[seat].is_automa:
                        raise ValueError("the saved decision belongs to no player")
                    sites = self.choices
                    if not 0 <= state.pending[1] < len(sites):
                        raise ValueError("the saved decision does not exist")
                    if not isinstance(state.pending[3], list) or \
                            not (state.pending[3] or sites[state.pending[1]].optional):
                        raise ValueError("the saved decision has no options")
                elif kind == "chance":
                    outcomes, weights = state.pending[2], state.pending[3]
                    if not isinstance(outcomes, list) or not isinstance(weights, list) or \
                            len(outcomes) != len(weights) or not outcomes or \
                            any(not isinstance(w, int) or isinstance(w, bool) or w <= 0 for w in weights):
                        raise ValueError("the saved chance event is malformed")
                    sites = self.chances
                else:
                    raise ValueError(f"unknown kind of decision {kind!r}")
                if not 0 <= state.pending[1] < len(sites):
                    raise ValueError("the saved decision does not exist")
                site = sites[state.pending[1]]
                if not state.frames or state.frames[-1][:2] != (site.function, site.point):
                    raise ValueError("the saved decision is not where its position in the rules waits")
            state.log = [(to, str(text)) for to, text in data["log"]]
            if not isinstance(data["eliminated"], list) or len(data["eliminated"]) != len(world.players) \
                    or any(not isinstance(e, bool) for e in data["eliminated"]):
                raise ValueError("its list of eliminated players does not match the seats")
            state.eliminated = [bool(e) for e in data["eliminated"]]
            state.in_setup = bool(data["in_setup"])
            state.terminal = bool(data["terminal"])
            state.held = _whole(data["held"], "count of held log lines")
            state.scoring = bool(data["scoring"])
            state.history = [_whole(h, "history") for h in data["history"]]
            if not state.terminal and state.pending is None:
                raise ValueError("the state waits for nothing and is not over")
            if state.pending is None and state.frames:
                raise ValueError("a finished game has no position in the rules")
            return state
        except ValueError as error:
            raise ValueError(f"the saved state is damaged: {_brief(error, 300)}") from None
        except RecursionError:
            raise ValueError("the saved state is damaged: its values are nested too deeply") from None
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError, ZeroDivisionError) as error:
            raise ValueError(f"the saved state is damaged ({type(error).__name__}: {_brief(error, 200)})") from None


    def _restore_frame(self, state: State, frame) -> tuple:
        """One saved frame, `[function name, resume point, {local: value}]`, checked against the rules."""
        if not isinstance(frame, list) or len(frame) != 3 or not isinstance(frame[0], str):
            raise ValueError("the saved position in the rules does not exist")
        name, point, values = frame
        function_id = self.function_ids.get(name)
        if function_id is None or not isinstance(point, int) or isinstance(point, bool) \
                or not 1 <= point <= self.functions[function_id][4]:
            raise ValueError("the saved position in the rules does not exist")
        names = self.saved_names[function_id]
        if not isinstance(values, dict) or not set(values) <= set(names):
            raise ValueError("its local values do not match its position in the rules")
        return (function_id, point, tuple(state._decode(values[n]) if n in values else _UNSET for n in names))

def _seeded(seed: int) -> int:
    """The generator's first state for a seed."""
    return (seed * 0x2545F4914F6CDD1D + 0x14057B7EF767814F) & MASK


def _whole(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"its {what} is not a whole number ({_brief(value)})")
    return value


def _brief(value, limit: int = 60) -> str:
    """A value or error from untrusted data, short enough for a one-line message."""
    text = str(value) if isinstance(value, BaseException) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class CompiledExample:
    """A worked example, compiled: its given and when statements, answers and expectations."""

    decl: ast.ExampleDecl
    function: Any          # runs setup, then `given` and `when`; resumable like `main`
    expect: list           # (expression node, f(state, env))
    answers: list          # f(state, env)
    scope: frozenset


# The games loaded in this process, by the hash of their text: what unpickling a state looks for first.
_LOADED: "weakref.WeakValueDictionary[str, Game]" = weakref.WeakValueDictionary()


def restore_pickled(path: str, file_hash: str, source: str | None, data: dict) -> State:
    """A state from its pickle (see `State.__reduce__`): its game found by hash, or loaded again."""
    game = _LOADED.get(file_hash)
    if game is None:
        game = load_source(source, path) if source is not None else load_game(path)
        if game.file_hash != file_hash:
            raise ValueError(f"{path} has changed since this state was pickled: it cannot be restored")
    return game.state_from_json(data)


def load_source(source: Source, path: str = "<string>", cached: bool = False) -> Game:
    """Parse, check and compile rules text (`cached`: keep its compiled module on disk, for files).

    `source` is a file's text; a variant file (dsl/extends.py) reads its bases from the
    disk, unless `source` gives every file's text by path, the variant's first.
    """
    game_file, source, notes = read_rules(source, path)
    try:
        try:
            warnings = check_game(game_file, source) or []
        except PirError as error:
            raise PirError(notes + error.diagnostics, error.source) from None
        return _compiled(game_file, source, notes + warnings, cached)
    except RecursionError:  # the parser lets nesting through that the checker or compiler cannot follow
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")], source) from None


def _compiled(game_file: ast.GameFile, source: str, warnings: list, cached: bool = False) -> Game:
    game = Game(game_file, source, cached)
    game.warnings = warnings
    return game


def load_game(path: str) -> Game:
    """Parse, check and compile a rules file; raises PirError with every problem found.

    A file loaded before, unchanged and by the same code, is not parsed and
    checked again: its outline and warnings come from `interpreter.cache`, and
    its whole syntax tree too when `Game.file` is first asked for.
    """
    from dsl.parser import read_source

    path = str(path)
    source: Source = read_source(path)
    if written_base(source) is not None:  # a variant file: its bases' texts are part of it
        source = files_of(path, source) or source
    remembered = cache.lookup(path, source if isinstance(source, str) else json.dumps(source))
    if remembered is not None:
        outline = remembered.outline()
        if isinstance(outline, ast.GameFile):
            game = Game(None, source, cached=True, outline=outline, read_file=remembered.game_file)
            game.warnings = remembered.warnings
            return game
    game = load_source(source, path, cached=True)
    cache.store(path, source if isinstance(source, str) else json.dumps(source), game.warnings, game.file, game.outline)
    return game


__all__ = ["Game", "World", "load_game", "load_source", "parse_file"]


def _names_in(node) -> set[str]:
    """Every bare name read anywhere in an expression."""
    return {inner.id for inner in ast.walk(node) if isinstance(inner, ast.Name)}
