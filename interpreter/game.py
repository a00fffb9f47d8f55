"""A loaded game: the compiled rules of one checked file, and the worlds its states live in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dsl import ast
from dsl.check import check_game
from dsl.diagnostics import Diagnostic, PirError, Span
from dsl.parser import parse_file, parse_source
from interpreter.compiler import CALL, PLAIN, TOGETHER, CompileError, Compiler, local_names
from interpreter.state import STATE_FORMAT, STATE_VERSION, MASK, State, _describe
from interpreter.values import Board, GameRuleError, Player, Zone, show


class World:
    """The fixed things of one game in play: seats, zones, cells, variants."""

    def __init__(self, game: "Game", player_count: int, variants: frozenset[str]):
        self.player_count = player_count
        self.variants = variants
        self.memo: dict = {}
        self.players: list[Player] = []
        for i in range(player_count):
            self.players.append(Player(i, f"Player {i + 1}", False, f"player_{i + 1}"))
        self.automa_seats: dict[str, Player] = {}
        for name, decl, condition in game.automata:
            probe = _Probe(self)
            try:
                wanted = condition(probe, {})
            except Exception as error:
                raise GameRuleError(f"cannot decide whether '{name}' plays: {error}", decl.span) from None
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
            self.boards[decl.name] = board
        for board in self.boards.values():
            board.one_of_several = len(self.boards) > 1


class _Probe:
    """A stand-in state for expressions evaluated before a world exists (automa conditions)."""

    def __init__(self, world):
        self.world = world
        self.reads = 0


def _token_value(token: str):
    if token == ".":
        return None
    if token.lstrip("-").isdigit():
        return int(token)
    return token


class Game:
    """A checked, compiled game, ready to start states."""

    def __init__(self, game_file: ast.GameFile, source: str):
        self.file = game_file
        self.source = source
        self.path = game_file.path
        self.file_hash = game_file.source_hash
        self.warnings: list = []  # the checker's warnings (unused definitions, ...)
        compiler = Compiler(game_file)
        self.compiler = compiler
        decls = game_file.declarations
        header = next(d for d in decls if isinstance(d, ast.GameHeader))
        self.header = header
        self.name = header.name
        self.min_players = header.min_players
        self.max_players = header.max_players
        self.variants = {d.name: d.text for d in decls if isinstance(d, ast.VariantDecl)}
        self.var_decls = {d.name: d for d in decls if isinstance(d, ast.VarDecl)}
        self.zone_decls = [d for d in decls if isinstance(d, ast.ZoneDecl)]
        self.board_decls = [d for d in decls if isinstance(d, ast.BoardDecl)]
        self.piece_decls = {d.name: d for d in decls if isinstance(d, ast.PieceDecl)}
        try:
            self._compile(compiler, decls)
        except CompileError as error:
            raise PirError([Diagnostic(error.span, str(error))], source) from None
        self.impure_defines: set[str] = set()
        self.blocks = compiler.blocks
        self.codes = [block.code for block in compiler.blocks]
        self.choices = compiler.choices
        self.chances = compiler.chances

    def _compile(self, compiler: Compiler, decls: list) -> None:
        empty = frozenset()
        for decl in decls:
            if isinstance(decl, ast.DefineDecl):
                compiler.define_params[decl.name] = decl.params
        for decl in decls:
            if isinstance(decl, ast.DefineDecl):
                compiler.defines[decl.name] = (compiler.define_function(decl), decl.params)
            elif isinstance(decl, ast.TableDecl):
                table = {}
                for row in decl.rows:
                    try:
                        key = compiler.expr(row.key, empty)(None, {})
                        value = compiler.expr(row.value, empty)(None, {})
                    except Exception:
                        raise CompileError("a table row must be made of fixed values (numbers, names, lists)", row.span) from None
                    table[key] = value
                compiler.tables[decl.name] = table
        # Rules may call each other in any order: number their blocks first.
        pending_rules = []
        for decl in decls:
            if isinstance(decl, ast.RuleDecl):
                block = compiler.new_block(decl.span)
                compiler.rules[decl.name] = (decl.params, block.id)
                pending_rules.append((decl, block))
        for decl, block in pending_rules:
            scope = frozenset(decl.params) | local_names(decl.body)
            body = compiler.block(decl.body, scope, decl.span)
            block.code, block.spans = body.code, body.spans
        self.defines = compiler.defines
        self.define_functions = {name: function for name, (function, _) in compiler.defines.items()}
        self.tables = compiler.tables
        setup = next((d for d in decls if isinstance(d, ast.SetupDecl)), None)
        play = next((d for d in decls if isinstance(d, ast.PlayDecl)), None)
        final = next((d for d in decls if isinstance(d, ast.FinalScoringDecl)), None)
        self.setup_block = self._top_block(compiler, setup.body if setup else [])
        end_setup = compiler.blocks[self.setup_block]
        end_setup.code.append(lambda st, env: st.end_setup())
        end_setup.spans.append(setup.span if setup else self.header.span)
        self.play_block = self._top_block(compiler, play.body if play else [])
        self.final_block = self._top_block(compiler, final.body if final else [])
        begin = compiler.blocks[self.final_block]
        begin.code.insert(0, lambda st, env: st.begin_final_scoring())
        begin.spans.insert(0, final.span if final else self.header.span)
        score = next((d for d in decls if isinstance(d, ast.ScoreDecl)), None)
        self.score = compiler.expr(score.body, frozenset({score.param})) if score else None
        self.score_param = score.param if score else None
        self.score_span = score.span if score else None
        tiebreak = next((d for d in decls if isinstance(d, ast.TiebreakDecl)), None)
        self.tiebreak = compiler.expr(tiebreak.body, frozenset({tiebreak.param})) if tiebreak else None
        self.tiebreak_param = tiebreak.param if tiebreak else None
        self.tiebreak_span = tiebreak.span if tiebreak else None
        self.var_inits = {name: compiler.expr(decl.init, empty)
                          for name, decl in self.var_decls.items() if not decl.per_piece}
        # A per-piece variable starts when its piece is created, from the piece's fields.
        self.piece_var_inits: dict[str, list] = {}
        for name, decl in self.var_decls.items():
            if decl.per_piece:
                fields = frozenset(self.piece_decls[decl.per_piece].fields)
                self.piece_var_inits.setdefault(decl.per_piece, []).append((name, compiler.expr(decl.init, fields)))
        self.piece_var_names = {kind: [name for name, _ in inits] for kind, inits in self.piece_var_inits.items()}
        # What a piece's text shows after its label: not bookkeeping (internal), and not a
        # secret, which no one sees on a piece (a piece has no owner to show it to).
        self.piece_var_names_shown = {
            kind: [name for name in names if not self.var_decls[name].internal and not self.var_decls[name].secret]
            for kind, names in self.piece_var_names.items()}
        self.automata = [(d.name, d, compiler.expr(d.condition, empty))
                         for d in decls if isinstance(d, ast.AutomaDecl)]
        self.piece_labels = {}
        self.piece_marks = {}
        for decl in self.piece_decls.values():
            if decl.label is not None:
                self.piece_labels[decl.name] = compiler.text(decl.label, frozenset(decl.fields))
            if decl.mark is not None:
                self.piece_marks[decl.name] = compiler.text(decl.mark, frozenset(decl.fields))
        self.examples = []
        for decl in decls:
            if isinstance(decl, ast.ExampleDecl):
                scope = frozenset(decl.player_names) | local_names(decl.given) | local_names(decl.when)
                self.examples.append(CompiledExample(
                    decl,
                    compiler.block(decl.given, scope, decl.span).id,
                    compiler.block(decl.when, scope, decl.span).id,
                    [(e, compiler.expr(e, scope)) for e in decl.expect],
                    [compiler.expr(a, scope) for a in decl.answers],
                    scope))

    def _top_block(self, compiler: Compiler, body: list) -> int:
        return compiler.block(body, local_names(body)).id

    # -------------------------------------------------------- program interface used by states

    def piece_mark(self, state: State, piece) -> str:
        """A piece's short sign on a board: its declared mark, else the first letter of its kind."""
        template = self.piece_marks.get(piece.type)
        if template is None:
            return piece.type[:1].upper()
        return template(state, dict(piece.fields))

    def piece_label(self, state: State, piece) -> str:
        template = self.piece_labels.get(piece.type)
        if template is None:
            if not piece.fields:
                return piece.type.replace("_", " ")
            return f"{piece.type.replace('_', ' ')} " + " ".join(show(v) for v in piece.fields.values())
        return template(state, dict(piece.fields))

    # -------------------------------------------------------- starting and restoring states

    def _world(self, players: int, variants) -> World:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("the number of players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}")
        chosen = frozenset(variants or ())
        unknown = sorted(chosen - set(self.variants))
        if unknown:
            known = ", ".join(sorted(self.variants)) or "none"
            raise ValueError(f"unknown variant '{unknown[0]}' (this game has: {known})")
        return World(self, players, chosen)

    def _blank_state(self, world: World, seed: int) -> State:
        state = State(self, world, seed)
        state.rng = (seed * 0x2545F4914F6CDD1D + 0x14057B7EF767814F) & MASK
        state.pvars = [{} for _ in world.players]
        state.vars = {}
        init_env: dict = {}
        for name, decl in self.var_decls.items():
            if decl.per_piece:
                continue
            closure = self.var_inits[name]
            try:
                if decl.per_player:
                    for player in world.players:
                        state.pvars[player.index][name] = closure(state, init_env)
                else:
                    state.vars[name] = closure(state, init_env)
            except Exception as error:  # a starting value that fails names its declaration
                raise state._rule_error(f"cannot work out the starting value of '{name}': {_describe(error)}",
                                        decl.span) from None
        return state

    def new_state(self, players: int, seed: int = 0, variants=()) -> State:
        """Start a game: run setup up to the first decision or chance event."""
        world = self._world(players, variants)
        state = self._blank_state(world, int(seed))
        state.frames = [[self.final_block, 0, PLAIN, None, 0],
                        [self.play_block, 0, PLAIN, None, 0],
                        [self.setup_block, 0, PLAIN, None, 0]]
        state._run()
        return state

    def state_from_json(self, data: Any) -> State:
        """Restore a state saved with `State.to_json`; ValueError with a reason when it cannot be."""
        try:
            if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
                raise ValueError("this is not a saved pirdsl state")
            if data.get("version") != STATE_VERSION:
                raise ValueError(f"saved with state format version {data.get('version')}, this pirdsl reads {STATE_VERSION}")
            if data.get("file_hash") != self.file_hash:
                raise ValueError("it was saved with a different version of the rules file")
            return self._restore(data)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"the saved state is damaged ({type(error).__name__}: {error})") from None

    def _restore(self, data: dict) -> State:
        try:
            world = self._world(data["players"], data["variants"])
            state = State(self, world, int(data["seed"]))
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
                state.unordered[zone_id] = count
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
            state.frames = []
            for block_id, pc, kind, items, counter in data["frames"]:
                block_id, pc, kind = _whole(block_id, "frame"), _whole(pc, "frame"), _whole(kind, "frame")
                if not 0 <= block_id < len(self.blocks) or not 0 <= pc <= len(self.blocks[block_id].code) \
                        or not 0 <= kind <= TOGETHER:
                    raise ValueError("the saved position in the rules does not exist")
                state.frames.append([block_id, pc, kind, state._decode(items), _whole(counter, "frame")])
            if not isinstance(data["scopes"], list) or not data["scopes"]:
                raise ValueError("it has no local values at all")
            state.scopes = [{k: state._decode(v) for k, v in s.items()} for s in data["scopes"]]
            if len(state.scopes) != 1 + sum(1 for f in state.frames if f[2] == CALL):
                raise ValueError("its local values do not match its position in the rules")
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
            state.log = [(to, str(text)) for to, text in data["log"]]
            if not isinstance(data["eliminated"], list) or len(data["eliminated"]) != len(world.players) \
                    or any(not isinstance(e, bool) for e in data["eliminated"]):
                raise ValueError("its list of eliminated players does not match the seats")
            state.eliminated = [bool(e) for e in data["eliminated"]]
            state.in_setup = bool(data["in_setup"])
            state.terminal = bool(data["terminal"])
            state.held = int(data["held"])
            state.scoring = bool(data["scoring"])
            state.history = [int(h) for h in data["history"]]
            if not state.terminal and state.pending is None:
                raise ValueError("the state waits for nothing and is not over")
            return state
        except ValueError as error:
            raise ValueError(f"the saved state is damaged: {error}") from None
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"the saved state is damaged ({type(error).__name__}: {error})") from None


def _whole(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"its {what} is not a whole number ({value!r})")
    return value


@dataclass
class CompiledExample:
    """A worked example, compiled: its given and when blocks, answers and expectations."""

    decl: ast.ExampleDecl
    given: int
    when: int
    expect: list
    answers: list
    scope: frozenset


def load_source(source: str, path: str = "<string>") -> Game:
    """Parse, check and compile rules text."""
    game_file = parse_source(source, path)
    try:
        warnings = check_game(game_file, source) or []
        return _compiled(game_file, source, warnings)
    except RecursionError:  # the parser lets nesting through that the checker or compiler cannot follow
        raise PirError([Diagnostic(Span(path, 1, 1, 1, 1), "an expression is nested too deeply")], source) from None


def _compiled(game_file: ast.GameFile, source: str, warnings: list) -> Game:
    game = Game(game_file, source)
    game.warnings = warnings
    return game


def load_game(path: str) -> Game:
    """Parse, check and compile a rules file; raises PirError with every problem found.

    A file loaded before, unchanged and by the same code, is not parsed and
    checked again: its syntax tree and warnings come from `interpreter.cache`.
    """
    from dsl.parser import read_source
    from interpreter import cache

    path = str(path)
    source = read_source(path)
    remembered = cache.lookup(path, source)
    if remembered is not None:
        game_file = remembered.game_file()
        if isinstance(game_file, ast.GameFile):
            return _compiled(game_file, source, remembered.warnings)
    game = load_source(source, path)
    cache.store(path, source, game.warnings, game.file)
    return game


__all__ = ["Game", "World", "load_game", "load_source", "parse_file"]
