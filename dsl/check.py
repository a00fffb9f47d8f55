"""Placeholder: replaced by the full checker."""
from dsl import ast
from dsl.diagnostics import Diagnostic, PirError

def check_game(game_file, source):
    if not any(isinstance(d, ast.GameHeader) for d in game_file.declarations):
        raise PirError([Diagnostic(game_file.span, "no game header")], source)
