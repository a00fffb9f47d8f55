"""pirdsl's tools around the engine: the command line, bots, simulation and terminal play.

Everything in this package uses the engine only through the public API in
docs/engine-api.md (`from interpreter import load_game, ...`).
"""
