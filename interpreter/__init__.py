"""The generic engine: runs any checked rules file through a small, standard state API.

See docs/engine-api.md for the API every tool uses.
"""

from interpreter.game import Game, load_game, load_source
from interpreter.state import CHANCE, TERMINAL, Action, State
from interpreter.values import GameRuleError, IllegalAction

__all__ = ["Action", "CHANCE", "Game", "GameRuleError", "IllegalAction", "State", "TERMINAL",
           "load_game", "load_source"]
