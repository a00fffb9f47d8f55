"""The checker's declaration pass: the header, the symbol table, and each declaration's own checks."""

from __future__ import annotations

import re
from typing import Any

from dsl import ast
from dsl.ast import local_names
from dsl.builtins import CELL_ATTRIBUTES, FUNCTIONS, PLAYER_ATTRIBUTES, VALUES, ZONE_ATTRIBUTES
from dsl.check_base import (
    MAX_PLAYERS, SYMBOL_KINDS, RESERVED_WORDS, SECTION_WORDS, Symbol, Body, suggest, article, plural,
    piece_variables,
)
from dsl.diagnostics import Span

# The blocks a power may change (ast.POWER_BLOCKS), and whom what they read counts for.
BLOCK_TARGETS = {"setup": "<root>", "final scoring": "<final scoring>"}


class DeclarationChecks:
    """Checks the header and each declaration: boards, tables, variables, powers, examples (a mixin of `Checker`)."""

    # ------------------------------------------------------------ header and sections

    def check_header(self) -> None:
        headers = [d for d in self.declarations if isinstance(d, ast.GameHeader)]
        start = Span(self.file.path, 1, 1, 1, 2)
        if not headers:
            self.error(start, "this file has no game header", 'a rules file starts with: game "Name":')
        else:
            self.header = headers[0]
            if self.declarations[0] is not headers[0]:
                self.error(self.first_line(headers[0].span), "the game header must come first in the file",
                           "move this block to the top")
            for extra in headers[1:]:
                self.error(self.first_line(extra.span),
                           f"a second game header (the first is on line {headers[0].span.line})",
                           "a file describes one game")
            self.check_players_range(headers[0])
            if headers[0].longest is not None and headers[0].longest < 1:
                where = self.line_matching(headers[0].span, r"\s*longest\b") or self.first_line(headers[0].span)
                self.error(where, f"'longest {headers[0].longest} decisions' leaves no decision to play",
                           "give the most decisions a whole game can ask, e.g. longest 500 decisions")
        for section, words in SECTION_WORDS.items():
            found = [d for d in self.declarations if isinstance(d, section)]
            for extra in found[1:]:
                self.error(self.first_line(extra.span),
                           f"a second '{words}' section (the first is on line {found[0].span.line})",
                           "merge them into one")
        where = self.first_line(self.header.span) if self.header else start
        if not any(isinstance(d, ast.PlayDecl) for d in self.declarations):
            self.error(where, "this game has no 'play:' section", "add one saying how play goes, e.g. play: / rounds: ...")
        if not any(isinstance(d, ast.ScoreDecl) for d in self.declarations):
            self.warning(where, "this game has no 'score' line: every player scores 0 and everyone shares the win",
                         "add e.g. score p: p.points")

    def check_players_range(self, header: ast.GameHeader) -> None:
        low, high = header.min_players, header.max_players
        where = self.line_matching(header.span, r"\s*players\b") or self.first_line(header.span)
        if low == 0 and high == 0 and where == self.first_line(header.span):
            self.error(where, "the game header does not say how many can play", "add a line like: players 2 to 4")
        elif not 1 <= low <= high <= MAX_PLAYERS:
            if low > high:
                reason = "the smallest number is larger than the largest"
            elif low < 1:
                reason = "at least 1 player must play"
            else:
                reason = f"at most {MAX_PLAYERS} players are supported"
            self.error(where, f"'players {low} to {high}' is not a sensible range: {reason}",
                       f"write e.g. players 2 to 4 (between 1 and {MAX_PLAYERS})")

    # ------------------------------------------------------------ the symbol table

    def collect_declarations(self) -> None:
        """Enter every declared name in the symbol table, reporting clashes."""
        for declaration in self.declarations:
            span = declaration.span
            if isinstance(declaration, ast.KindDecl):
                self.declare(declaration.name, "kind", self.word_span(span, declaration.name, "kind"), declaration)
                spans = self.word_spans(span, declaration.members, ":")
                seen: set[str] = set()
                for member, member_span in zip(declaration.members, spans):
                    if member in seen:
                        self.error(member_span, f"'{member}' is listed twice in kind '{declaration.name}'")
                        continue
                    seen.add(member)
                    self.declare(member, "kind member", member_span, declaration, owner=declaration.name)
            elif isinstance(declaration, ast.PieceDecl):
                self.declare_piece(declaration)
            elif isinstance(declaration, ast.VarDecl):
                # A per-piece variable is reached like a per-player one: through its owner, `x.name`.
                self.declare(declaration.name, "variable", self.word_span(span, declaration.name, "var"),
                             declaration, per_player=declaration.per_player or bool(declaration.per_piece),
                             owner=declaration.per_piece)
                self.var_order.setdefault(declaration.name, len(self.var_order))
            elif isinstance(declaration, ast.ZoneDecl):
                name_span = self.word_span(span, declaration.name, "zone")
                self.declare(declaration.name, "zone", name_span, declaration, per_player=declaration.per_player)
                if declaration.visibility == "owner" and not declaration.per_player:
                    self.warning(name_span, f"zone '{declaration.name}' is shared by everyone, so 'owner' lets nobody see inside",
                                 "write 'hidden', or make it 'per player owner'")
            elif isinstance(declaration, ast.BoardDecl):
                self.declare(declaration.name, "board", self.word_span(span, declaration.name, "board"), declaration)
                for layer in declaration.layers:
                    self.layer_names.add(layer.name)
                for legend in declaration.legends:
                    for value in legend.entries.values():
                        if isinstance(value, str):
                            self.declare(value, "legend value", self.word_span(legend.span, value, "="), legend)
            elif isinstance(declaration, ast.DieDecl):
                self.declare(declaration.name, "die", self.word_span(span, declaration.name, "die"), declaration)
                names = [f for f in declaration.faces if isinstance(f, str)]
                for face, face_span in zip(names, self.word_spans(span, names, ":")):
                    self.declare(face, "die face", face_span, declaration)
            elif isinstance(declaration, ast.TableDecl):
                self.declare(declaration.name, "table", self.word_span(span, declaration.name, "table"), declaration)
                if declaration.piece:
                    # A catalogue's keys are names of their own: `units[knight]`, `create 1 unit(knight) ...`.
                    for row in declaration.rows:
                        if isinstance(row.key, ast.Name) and row.key.id not in self.globals:
                            self.declare(row.key.id, "catalogue entry", row.key.span, declaration)
            elif isinstance(declaration, ast.AutomaDecl):
                self.declare(declaration.name, "automa", self.word_span(span, declaration.name, "automa"), declaration)
            elif isinstance(declaration, ast.VariantDecl):
                self.declare(declaration.name, "variant", self.word_span(span, declaration.name, "variant"), declaration)
            elif isinstance(declaration, ast.ParamDecl):
                self.declare(declaration.name, "parameter", self.word_span(span, declaration.name, "param"), declaration)
            elif isinstance(declaration, ast.DefineDecl):
                self.declare(declaration.name, "define", self.word_span(span, declaration.name, "define"), declaration)
            elif isinstance(declaration, ast.RuleDecl):
                self.declare(declaration.name, "rule", self.word_span(span, declaration.name, "rule"), declaration)
            elif isinstance(declaration, ast.PowerDecl):
                self.declare(declaration.name, "power", self.word_span(span, declaration.name, "power"), declaration)
        # Known once every symbol is: lets `table[fixed key]` be checked wherever it is written.
        for declaration in self.declarations:
            if isinstance(declaration, ast.TableDecl):
                keys = [self.fixed_value(row.key) for row in declaration.rows]
                if all(fixed and not isinstance(key, list) for fixed, key in keys):
                    self.table_keys[declaration.name] = [key for _, key in keys]

    def declare(self, name: str, kind: str, span: Span, node: ast.Node, per_player: bool = False,
                owner: str | None = None) -> None:
        """Enter one name; report a clash with a built-in or an earlier declaration."""
        symbol = Symbol(name, kind, span, node, per_player, owner)
        existing = self.globals.get(name)
        if existing is None:
            # Entered even when it clashes with the language, so that its uses are not reported too.
            self.globals[name] = symbol
        if name in RESERVED_WORDS:
            self.error(span, f"'{name}' is a word of the rules language and cannot name {article(symbol.title)}",
                       "choose another name")
        elif name in FUNCTIONS:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in function '{name}'",
                       "choose another name")
        elif name in VALUES:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in value '{name}' ({VALUES[name]})",
                       "choose another name")
        elif per_player and name in PLAYER_ATTRIBUTES:
            self.error(span, f"{symbol.title} '{name}' clashes with the built-in attribute 'p.{name}'",
                       "choose another name")
        if existing is None:
            return
        if kind in SYMBOL_KINDS and existing.kind in SYMBOL_KINDS:
            # Kinds, legends and dice may name the same symbol: it is one value.
            # Only a member listed in two kinds is ambiguous (which kind holds it?).
            if kind == "kind member" and existing.kind == "kind member":
                self.error(span, f"'{name}' is already a member of kind '{existing.owner}' ({self.line_of(existing.span, span)})",
                           "a value belongs to one kind: rename one of them")
            elif kind == "kind member":
                self.globals[name] = symbol
            return
        if existing.kind == kind and existing.per_player == per_player:
            self.error(span, f"{symbol.title} '{name}' is declared twice (first on {self.line_of(existing.span, span)})",
                       "rename or remove one of them")
            return
        self.error(span, f"{symbol.title} '{name}' clashes with the {existing.title} '{name}' on {self.line_of(existing.span, span)}",
                   "a name can mean only one thing: rename one of them")

    def declare_piece(self, declaration: ast.PieceDecl) -> None:
        span = self.word_span(declaration.span, declaration.name, "piece")
        existing = self.pieces.get(declaration.name)
        if existing is not None:
            self.error(span, f"piece '{declaration.name}' is declared twice (first on {self.line_of(existing.span, span)})",
                       "rename or remove one of them")
        else:
            self.pieces[declaration.name] = Symbol(declaration.name, "piece", span, declaration)
        self.check_parameters(declaration.fields, declaration.span, f"piece '{declaration.name}'", "field",
                              shadow_check=False)
        self.piece_fields.update(declaration.fields)

    def check_parameters(self, names: list[str], span: Span, title: str, word: str = "parameter",
                         shadow_check: bool = True) -> None:
        """Parameters (or fields) must differ from each other and hide no declaration."""
        seen: set[str] = set()
        for name, name_span in zip(names, self.word_spans(span, names, "(")):
            if name in seen:
                self.error(name_span, f"{title} has two {word}s called '{name}'")
            seen.add(name)
            if shadow_check:
                self.check_hiding(name, name_span, word)

    def check_hiding(self, name: str, span: Span, what: str) -> None:
        """A local name must not hide a declaration the rules could otherwise read by name."""
        if name in RESERVED_WORDS:
            self.error(span, f"'{name}' is a word of the rules language and cannot name {article(what)}",
                       "choose another name")
            return
        symbol = self.globals.get(name)
        if symbol is not None and symbol.readable_by_name:
            self.error(span, f"the {what} '{name}' hides the {symbol.title} '{name}' declared on {self.line_of(symbol.span, span)}",
                       f"give the {what} a name of its own")
        elif name in VALUES:
            self.error(span, f"the {what} '{name}' hides the built-in value '{name}' ({VALUES[name]})",
                       f"give the {what} a name of its own")

    # ------------------------------------------------------------ declarations

    def check_declaration(self, declaration: ast.Decl) -> None:
        method = getattr(self, "decl_" + type(declaration).__name__, None)
        if method is not None:
            method(declaration)

    def decl_PieceDecl(self, node: ast.PieceDecl) -> None:
        # The label and the mark are texts filled in from the piece's own fields.
        with self.scope(frozenset(node.fields)):
            for name in type(node).model_fields:
                value = getattr(node, name)
                if isinstance(value, ast.Expr) and name != "mark":
                    self.expr(value)
        # The mark is drawn afresh each time, so it may also show the piece's variables.
        if node.mark is not None:
            with self.scope(frozenset(node.fields) | frozenset(piece_variables(self.declarations, node.name))):
                self.expr(node.mark)

    def decl_VarDecl(self, node: ast.VarDecl) -> None:
        if node.secret and node.internal:
            self.error(self.last_word_span(node.span, "internal"),
                       f"'{node.name}' is marked both secret and internal: an internal variable is already shown to no one",
                       "keep 'secret' for a hidden value that is part of the game (its owner sees a per-player one), "
                       "or 'internal' for bookkeeping no player needs to see")
        if node.per_piece:
            # Worked out as each piece is created, with the piece's fields as names.
            piece = self.pieces.get(node.per_piece)
            if piece is None:
                self.error(self.word_span(node.span, node.per_piece, "per"),
                           f"'var {node.name} per {node.per_piece}' names no piece kind",
                           suggest(node.per_piece, list(self.pieces) + ["player"]))
                self.expr(node.init)
                return
            if node.also_per:
                self.several_kinds_variable(node)
                return
            owners = [d.name for d in self.declarations if isinstance(d, ast.PieceDecl) and node.name in d.fields]
            if owners:
                self.error(self.word_span(node.span, node.name, "var"),
                           f"'{node.name}' is both a variable of each {node.per_piece} and a field of piece "
                           f"'{owners[0]}': x.{node.name} could mean either", "rename one of them")
            with self.scope(frozenset(piece.node.fields)):
                self.expr(node.init)
            return
        # Starting values are worked out in declaration order, before setup, with no locals.
        self.reading, self.current_var = "starting value", node.name
        self.expr(node.init)
        self.reading, self.current_var = None, None

    def several_kinds_variable(self, node: ast.VarDecl) -> None:
        """A variable of several piece kinds: each must exist, once, and the start may use only common fields."""
        kinds = [node.per_piece] + node.also_per
        common = set(self.pieces[node.per_piece].node.fields)
        for kind in node.also_per:
            piece = self.pieces.get(kind)
            if piece is None:
                self.error(self.word_span(node.span, kind, ","),
                           f"'var {node.name} per {', '.join(kinds)}': '{kind}' names no piece kind",
                           suggest(kind, list(self.pieces)))
                continue
            self.use(piece)
            common &= set(piece.node.fields)
        if len(set(kinds)) != len(kinds):
            self.error(self.word_span(node.span, node.name, "var"),
                       f"'var {node.name}' names the same piece kind twice", "name each piece kind once")
        owners = [d.name for d in self.declarations if isinstance(d, ast.PieceDecl) and node.name in d.fields]
        if owners:
            self.error(self.word_span(node.span, node.name, "var"),
                       f"'{node.name}' is both a variable of pieces and a field of piece "
                       f"'{owners[0]}': x.{node.name} could mean either", "rename one of them")
        # The start is worked out for a piece of any of the kinds: only the fields they all have.
        with self.scope(frozenset(common)):
            self.expr(node.init)

    def decl_AutomaDecl(self, node: ast.AutomaDecl) -> None:
        # Decided before the world exists: only the player count, variants and fixed values.
        self.reading = "automa condition"
        self.expr(node.condition)
        self.reading = None

    def decl_BoardDecl(self, node: ast.BoardDecl) -> None:
        title = f"board '{node.name}'"
        if node.rows < 1 or node.columns < 1:
            self.error(self.first_line(node.span), f"{title} must have at least one row and one column")
        layers: dict[str, ast.Layer] = {}
        for layer in node.layers:
            if layer.name in layers:
                self.error(self.first_line(layer.span),
                           f"{title} has two layers called '{layer.name}' (the first on line {layers[layer.name].span.line})")
                continue
            layers[layer.name] = layer
            if layer.name in CELL_ATTRIBUTES | ZONE_ATTRIBUTES:
                self.error(self.word_span(layer.span, layer.name, "layer"),
                           f"layer '{layer.name}' clashes with the built-in attribute 'cell.{layer.name}'",
                           "choose another name")
            self.check_layer_shape(node, layer)
        legends: dict[str, ast.Legend] = {}
        for legend in node.legends:
            where = self.word_span(legend.span, legend.layer, "legend")
            if legend.layer not in layers:
                self.error(where, f"legend for '{legend.layer}', but {title} has no layer of that name",
                           suggest(legend.layer, layers))
                continue
            if legend.layer in legends:
                self.error(where, f"layer '{legend.layer}' has two legends (the first on line {legends[legend.layer].span.line})",
                           "put all its entries in one legend line")
                continue
            legends[legend.layer] = legend
            self.check_legend(legend)
            self.check_layer_tokens(layers[legend.layer], legend)
        self.check_captions(node, layers)

    def check_captions(self, board: ast.BoardDecl, layers: dict[str, ast.Layer]) -> None:
        """`caption LAYER`: one per board, naming one of its layers."""
        for index, name in enumerate(board.captions):
            line = self.line_matching(board.span, rf"\s*caption\s+{re.escape(name)}\b") or self.first_line(board.span)
            where = self.word_span(line, name, "caption")
            if index == 1:
                self.error(where, f"board '{board.name}' has two caption lines (captions from '{board.captions[0]}' "
                           f"and '{name}')", "a cell shows one caption: keep one of them")
            if name not in layers:
                self.error(where, f"caption from '{name}', but board '{board.name}' has no layer of that name",
                           suggest(name, layers))

    def layer_rows(self, layer: ast.Layer) -> list[tuple[int, int]]:
        """(line, column of the opening quote) of each row of a layer, if the source shows them."""
        found = []
        for number in range(layer.span.line + 1, min(layer.span.end_line, self.line_count(layer.span.file)) + 1):
            text = self.line_text(number, layer.span.file)
            if text.strip().startswith('"'):
                found.append((number, text.index('"') + 1))
        return found if len(found) == len(layer.rows) else []

    def row_span(self, layer: ast.Layer, rows: list[tuple[int, int]], index: int) -> Span:
        if not rows:
            return self.first_line(layer.span)
        line, column = rows[index]
        return self.first_line(Span(layer.span.file, line, column, line, len(self.line_text(line, layer.span.file)) + 1))

    def check_layer_shape(self, board: ast.BoardDecl, layer: ast.Layer) -> None:
        if len(layer.rows) != board.rows:
            self.error(self.first_line(layer.span),
                       f"layer '{layer.name}' has {plural(len(layer.rows), 'row')}, "
                       f"but board '{board.name}' is {board.rows} by {board.columns}",
                       f"draw exactly {plural(board.rows, 'line')} of {board.columns} cells")
        rows = self.layer_rows(layer)
        for index, row in enumerate(layer.rows):
            if len(row) != board.columns:
                self.error(self.row_span(layer, rows, index),
                           f"row {index + 1} of layer '{layer.name}' has {plural(len(row), 'cell')}, "
                           f"but board '{board.name}' has {plural(board.columns, 'column')}",
                           "separate the cells with spaces, one token per cell")

    def check_legend(self, legend: ast.Legend) -> None:
        # The AST keeps legend entries in a dict, so a repeated key survives only in the source.
        text = self.line_text(legend.span.line, legend.span.file)
        seen: set[str] = set()
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"\s*=', text[legend.span.column - 1:]):
            key = match.group(1)
            if key in seen:
                column = legend.span.column + match.start()
                self.error(Span(legend.span.file, legend.span.line, column, legend.span.line, column + len(key) + 2),
                           f"\"{key}\" appears twice in the legend of layer '{legend.layer}'",
                           "each mark can mean only one thing")
            seen.add(key)
        for key in legend.entries:
            if not key or any(c.isspace() for c in key):
                self.error(self.first_line(legend.span), f"legend key \"{key}\" can never match a cell",
                           "the cells of a layer are separated by spaces: a key is one token without spaces")

    def check_layer_tokens(self, layer: ast.Layer, legend: ast.Legend) -> None:
        rows = self.layer_rows(layer)
        reported: set[str] = set()
        for index, row in enumerate(layer.rows):
            for column_index, token in enumerate(row):
                if token in legend.entries or token in reported:
                    continue
                reported.add(token)
                self.error(self.token_span(layer, rows, index, column_index),
                           f"'{token}' in layer '{layer.name}' is not in its legend",
                           suggest(token, legend.entries) or f"add \"{token}\" = ... to 'legend {layer.name}'")
        used = {token for row in layer.rows for token in row}
        for key in legend.entries:
            if key not in used and key.strip() and not any(c.isspace() for c in key):
                self.warning(self.first_line(legend.span), f"legend entry \"{key}\" is never used in layer '{layer.name}'")

    def token_span(self, layer: ast.Layer, rows: list[tuple[int, int]], row: int, column: int) -> Span:
        """The span of one cell token of a layer, or of its row when the source does not match."""
        if not rows:
            return self.first_line(layer.span)
        line, quote = rows[row]
        text = self.line_text(line, layer.span.file)
        closing = text.find('"', quote)
        inner = text[quote:closing if closing >= 0 else len(text)]
        tokens = list(re.finditer(r"\S+", inner))
        if [t.group() for t in tokens] != layer.rows[row] or column >= len(tokens):
            return self.row_span(layer, rows, row)
        token = tokens[column]
        return Span(layer.span.file, line, quote + 1 + token.start(), line, quote + 1 + token.end())

    def decl_DieDecl(self, node: ast.DieDecl) -> None:
        if not node.faces:
            self.error(self.first_line(node.span), f"die '{node.name}' has no faces")

    def decl_TableDecl(self, node: ast.TableDecl) -> None:
        keys: dict = {}
        for row in node.rows:
            for part, is_key in ((row.key, True), (row.value, False)):
                errors_before = self.error_count()
                self.expr(part)
                if self.error_count() > errors_before:
                    continue  # an unknown name inside is reported already
                fixed, value = self.fixed_value(part)
                if is_key and (not fixed or isinstance(value, list)):
                    self.error(part.span, f"a key of table '{node.name}' must be one fixed value",
                               "use a number, a text, true/false, none, or a kind member or legend value")
                elif not fixed:
                    self.error(part.span, f"a row of table '{node.name}' must be a fixed value",
                               "use numbers, texts, true/false, none, kind members or legend values, or lists of those")
                elif is_key and value in keys:
                    self.error(part.span, f"table '{node.name}' has two rows for {self.show(value)} "
                               f"(the first on line {keys[value]})", "each key can appear once")
                elif is_key:
                    keys[value] = row.span.line
        if node.header is not None:
            self.table_header(node)
        if node.piece:
            self.catalogue(node)

    def catalogue(self, node: ast.TableDecl) -> None:
        """`table NAME of PIECE`: the piece exists, and each row gives its other fields in a list."""
        piece = self.pieces.get(node.piece)
        where = self.word_span(node.span, node.piece, "of")
        if piece is None:
            self.error(where, f"unknown piece '{node.piece}'",
                       suggest(node.piece, self.pieces) or f"declare it with 'piece {node.piece}(key, field, ...)'")
            return
        self.use(piece)
        fields = piece.node.fields
        if not fields:
            self.error(where, f"piece '{node.piece}' has no fields for the rows of table '{node.name}' to give",
                       f"declare its fields: piece {node.piece}(name, ...)")
            return
        others = fields[1:]
        for other in self.declarations:
            if isinstance(other, ast.TableDecl) and other.piece == node.piece and other is not node:
                if other.span.line < node.span.line:
                    self.error(where, f"piece '{node.piece}' is already listed by table '{other.name}' (line {other.span.line})",
                               "list all its rows in one table")
                break
        for row in node.rows:
            fixed, value = self.fixed_value(row.value)
            if not fixed:
                continue  # reported with the row
            count = len(value) if isinstance(value, list) else None
            if len(others) == 0 or count != len(others):
                what = f"a list of {plural(count, 'value')}" if count is not None else "one value"
                self.error(row.value.span, f"a row of table '{node.name}' gives the fields of piece '{node.piece}' "
                           f"after the key ({', '.join(others)}), but this row has {what}",
                           f"write a list of {len(others)} values, one per field, in that order")

    def table_header(self, node: ast.TableDecl) -> None:
        """A header names the key column and one value column, or one column per item of the rows' lists."""
        header = node.header
        assert header is not None
        line = self.first_line(header.span)
        if not header.key.strip() or not all(heading.strip() for heading in header.values):
            self.error(line, f"a heading of table '{node.name}' is empty", "give every column a few words")
        columns = len(header.values)
        if columns == 1:
            return
        for row in node.rows:
            fixed, value = self.fixed_value(row.value)
            if not fixed:
                continue  # reported with the row
            if not isinstance(value, list) or len(value) > columns:
                what = f"a list of {len(value)} values" if isinstance(value, list) else "one value"
                self.error(row.value.span,
                           f"the header of table '{node.name}' names {columns} value columns, but this row has {what}",
                           f"give each row a list of at most {columns} values, one per column, "
                           "or give the header one value heading")

    def error_count(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @staticmethod
    def show(value) -> str:
        """A fixed value as the rules would write it."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return "none"
        if isinstance(value, str):
            return repr(value)
        if isinstance(value, list):
            return "[" + ", ".join(DeclarationChecks.show(v) for v in value) + "]"
        return str(value)

    def fixed_value(self, node: ast.Expr) -> tuple[bool, Any]:
        """(True, value) when an expression is fixed: a literal, a symbol, or a list of those."""
        if isinstance(node, (ast.IntLiteral, ast.BoolLiteral)):
            return True, node.value
        if isinstance(node, ast.NoneLiteral):
            return True, None
        if isinstance(node, ast.Negate) and isinstance(node.operand, ast.IntLiteral):
            return True, -node.operand.value
        if isinstance(node, ast.StringLiteral) and all(isinstance(part, str) for part in node.parts):
            return True, "".join(node.parts)
        if isinstance(node, ast.Name) and self.lookup_local(node.id) is None:
            symbol = self.globals.get(node.id)
            if symbol is not None and symbol.kind in SYMBOL_KINDS:
                return True, node.id
        if isinstance(node, ast.ListLiteral):
            values = [self.fixed_value(item) for item in node.items]
            if all(fixed for fixed, _ in values):
                return True, [value for _, value in values]
        return False, None

    def decl_ParamDecl(self, node: ast.ParamDecl) -> None:
        """A parameter's range holds its default, and is not empty."""
        line = self.first_line(node.span)
        if node.low > node.high:
            self.error(self.word_span(line, str(node.low), "from"),
                       f"parameter '{node.name}' goes from {node.low} to {node.high}: no number is in that range",
                       f"write the smaller number first: from {node.high} to {node.low}")
        elif not node.low <= node.default <= node.high:
            self.error(self.word_span(line, str(node.default), "="),
                       f"parameter '{node.name}' starts at {node.default}, outside its range {node.low} to {node.high}",
                       "make the default one of the numbers it may take")

    def decl_DefineDecl(self, node: ast.DefineDecl) -> None:
        self.check_parameters(node.params, node.span, f"define '{node.name}'")
        with self.owned_by(f"define {node.name}"), self.scope(frozenset(node.params)):
            self.expr(node.body)

    def decl_RuleDecl(self, node: ast.RuleDecl) -> None:
        self.check_parameters(node.params, node.span, f"rule '{node.name}'")
        body = Body("rule", f"rule '{node.name}'", frozenset(node.params), set(node.params))
        with self.owned_by(f"rule {node.name}"):
            self.statements_in(node.body, body)

    def decl_PowerDecl(self, node: ast.PowerDecl) -> None:
        """A power names a rule (with a block) or a define (with a value) it changes."""
        self.check_parameters(node.params, node.span, f"power '{node.name}'")
        target = self.globals.get(node.target)
        where = self.word_span(node.span, node.target.split()[0],
                               {"instead": "of", "adding": "to"}.get(node.hook, node.hook))
        owner = f"power {node.name}"
        if node.target in BLOCK_TARGETS:  # `power NAME after setup:`: the game's setup or final scoring
            owner = BLOCK_TARGETS[node.target]
            if node.params:
                self.error(where, f"{node.target} takes no arguments", f"write '{node.hook} {node.target}:'")
            if node.value is not None or node.hook == "adding":
                self.error(self.first_line(node.span), f"a power changes {node.target} with a block of statements",
                           f"write 'before', 'after' or 'instead of' {node.target}, then ':' and the statements below")
        elif target is not None and target.kind in ("rule", "define"):
            owner = f"{target.kind} {node.target}"
            params = target.node.params
            if len(params) != len(node.params):
                self.error(where, f"{target.kind} '{node.target}' takes {plural(len(params), 'argument')}"
                           f"{' (' + ', '.join(params) + ')' if params else ''}, but the power names {len(node.params)}",
                           f"write {node.target}({', '.join(params)}), with names of your own if you like")
            if target.kind == "rule" and node.value is not None:
                self.error(self.first_line(node.span), f"'{node.target}' is a rule: a power changes it with a block of statements",
                           "write ':' and the statements on the lines below")
            elif target.kind == "rule" and node.hook == "adding":
                self.error(self.first_line(node.span), f"'adding to' joins lists a define gives, and '{node.target}' is a rule",
                           "write 'before', 'after' or 'instead of'")
            elif target.kind == "define" and node.value is None:
                self.error(self.first_line(node.span), f"'{node.target}' is a define: a power gives it a value",
                           "write '= VALUE' instead of a block")
            elif target.kind == "define" and node.hook in ("before", "after"):
                self.error(self.first_line(node.span), f"'{node.target}' is a define: it does nothing {node.hook} which a power could add to",
                           "write 'instead of' (a new value) or 'adding to' (more items for a list)")
        elif target is not None:
            self.error(where, f"'{node.target}' is {article(target.title)}: a power changes a rule or a define",
                       suggest(node.target, [n for n, s in self.globals.items() if s.kind in ("rule", "define")]))
        else:
            self.error(where, f"unknown rule or define '{node.target}'",
                       suggest(node.target, [n for n, s in self.globals.items() if s.kind in ("rule", "define")])
                       or f"declare it with 'rule {node.target}(...):'")
        # What a power reads counts as read by its target: it is used whenever the target is.
        with self.owned_by(owner):
            if node.condition is not None:
                with self.scope(frozenset(node.params)):
                    self.expr(node.condition)
            if node.value is not None:
                with self.scope(frozenset(node.params)):
                    self.expr(node.value)
            else:
                body = Body("rule", f"power '{node.name}'", frozenset(node.params), set(node.params))
                self.statements_in(node.body, body)

    def decl_SetupDecl(self, node: ast.SetupDecl) -> None:
        self.statements_in(node.body, Body("setup", "setup"))

    def decl_ExampleSetupDecl(self, node: ast.ExampleSetupDecl) -> None:
        self.statements_in(node.body, Body("setup", "example setup"))

    def decl_PlayDecl(self, node: ast.PlayDecl) -> None:
        with self.owned_by("<play>"):
            self.statements_in(node.body, Body("play", "play"))

    def decl_FinalScoringDecl(self, node: ast.FinalScoringDecl) -> None:
        with self.owned_by("<final scoring>"):
            self.statements_in(node.body, Body("final scoring", "final scoring"))

    def decl_ScoreDecl(self, node: ast.ScoreDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "score"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def decl_TiebreakDecl(self, node: ast.TiebreakDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "tiebreak"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def decl_PayoffDecl(self, node: ast.PayoffDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "payoff"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)
            kind = self.evident(node.body)
        if kind is not None and kind.kind != "number":
            self.type_slip(node.body, f"a payoff is a number, not {kind.words()}",
                           "say how much the player is paid, e.g. p.chips - 10, or 1 if p.chips > 9 else -1")
        if node.low is None:
            return
        where = self.line_matching(node.span, r"\s*payoff\b") or self.first_line(node.span)
        if node.low > node.high:
            self.error(where, f"'from {node.low} to {node.high}' holds no payment: the first number is larger",
                       f"write the smaller bound first: from {node.high} to {node.low}")
            return
        total = node.promised_sum
        if total is None or self.header is None:
            return
        counts = range(max(self.header.min_players, 1), self.header.max_players + 1)
        if counts and not any(count * node.low <= total <= count * node.high for count in counts):
            sums = "sum" if node.total == "zero" else f"sum {total}"
            self.error(where, f"payments from {node.low} to {node.high} can never add up to {total}, "
                              f"as '{node.total}-{sums}' promises, at any player count the header allows",
                       "widen the range, or correct the promised sum")

    def decl_ProgressDecl(self, node: ast.ProgressDecl) -> None:
        self.check_hiding(node.param, self.word_span(node.span, node.param, "progress"), "player name")
        with self.scope(frozenset({node.param})):
            self.expr(node.body)

    def check_example_phase(self, node: ast.ExampleDecl) -> None:
        """`phase "Night"` in an example names a phase of play, or one the game is always in."""
        titles = ["Setup", "Play", "Final scoring"]
        for declaration in self.declarations:
            for part in ast.walk(declaration):
                if isinstance(part, ast.Phase) and part.title not in titles:
                    titles.append(part.title)
        if node.phase in titles:
            return
        where = self.line_matching(node.span, r"\s*phase\b") or self.first_line(node.span)
        self.error(where, f"the example starts in phase \"{node.phase}\", but no phase has that title",
                   suggest(node.phase, titles) or "phases: " + ", ".join(f'"{t}"' for t in titles))

    def decl_ExampleDecl(self, node: ast.ExampleDecl) -> None:
        title = f"example \"{node.name}\""
        if self.first_examples is None:  # worked out once: a file may have hundreds of examples
            self.first_examples = {}
            for declaration in self.declarations:
                if isinstance(declaration, ast.ExampleDecl):
                    self.first_examples.setdefault(declaration.name, declaration)
            self.automa_count = sum(isinstance(d, ast.AutomaDecl) for d in self.declarations)
        first = self.first_examples[node.name]
        if first is not node:
            self.error(self.first_line(node.span), f"two examples are called \"{node.name}\" "
                       f"(the first on line {first.span.line})", "give each example its own title")
        players_line = self.line_matching(node.span, r"\s*players\b") or self.first_line(node.span)
        if node.players and self.header is not None:
            low, high = self.header.min_players, self.header.max_players
            if not low <= node.players <= high:
                self.error(players_line, f"{title} is for {node.players} players, but the game is for {low} to {high}")
        seats = (node.players or (self.header.min_players if self.header else 0)) + self.automa_count
        if len(node.player_names) > seats:
            self.error(players_line, f"{title} names {len(node.player_names)} players, but only {seats} can sit at the table")
        seen: set[str] = set()
        for name, name_span in zip(node.player_names, self.word_spans(players_line, node.player_names, "named")):
            if name in seen:
                self.error(name_span, f"{title} names two players '{name}'")
            seen.add(name)
            self.check_hiding(name, name_span, "player name")
        variants_line = self.line_matching(node.span, r"\s*variants\b") or self.first_line(node.span)
        for name, name_span in zip(node.variants, self.word_spans(variants_line, node.variants, "variants")):
            self.check_variant_name(name, name_span, count_as_use=False)
        if node.phase is not None:
            self.check_example_phase(node)
        for name, value in node.params.items():
            self.check_example_param(node, title, name, value)
        names = frozenset(node.player_names)
        in_scope = names | local_names(node.given) | local_names(node.when)
        body = Body("given", f"the given block of {title}", names, set(names))
        with self.owned_by("<given>"):
            self.statements_in(node.given, body, in_scope)
        body.section, body.title = "when", f"the when block of {title}"
        with self.owned_by("<when>"):
            self.statements_in(node.when, body, in_scope)
            with self.scope(in_scope, body):
                for expression in node.answers + node.expect:
                    self.expr(expression)

    def check_example_param(self, node: ast.ExampleDecl, title: str, name: str, value: int) -> None:
        """An example's `param NAME = VALUE` line names a parameter and gives it a number in its range."""
        line = self.line_matching(node.span, rf"\s*param\s+{name}\b") or self.first_line(node.span)
        symbol = self.globals.get(name)
        parameters = [n for n, s in self.globals.items() if s.kind == "parameter"]
        if symbol is None or symbol.kind != "parameter":
            what = f"'{name}' is {article(symbol.title)}, not a parameter" if symbol is not None \
                else f"unknown parameter '{name}'"
            self.error(self.word_span(line, name, "param"), f"{title} sets {what}",
                       suggest(name, parameters) or
                       (f"this game's parameters: {', '.join(parameters)}" if parameters
                        else f"declare it with 'param {name} = DEFAULT from LOW to HIGH'"))
            return
        self.use(symbol)
        decl = symbol.node
        if not decl.low <= value <= decl.high:
            self.error(self.word_span(line, str(value), "="),
                       f"{title} sets '{name}' to {value}, outside its range {decl.low} to {decl.high}")
