"""Run an analysis: `simulate`'s games, each watched (`watch.py`), added up (`figures.py`)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from pirdsl.analyze.figures import AnalysisTotals
from pirdsl.analyze.watch import play_analysed_game
from pirdsl.simulate import simulate


def analyze(
    game: Any,
    players: int,
    games: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    bot: str = "random",
    *,
    seat_bots: Sequence[str] | None = None,
    jobs: int = 1,
    loader: Callable[[str], Any] | None = None,
    ray_address: str | None = None,
    on_game_done: Callable[[int], None] | None = None,
    simulated: Callable[..., dict[str, Any]] = simulate,
) -> dict[str, Any]:
    """Play `games` watched bot games and return the analysis as a JSON-ready dict (docs/analyze.md).

    The games are `simulate`'s, with the same seeds, bots, processes (`jobs`) and Ray
    cluster (`ray_address`); each is played by `play_analysed_game`, and its record's
    `analysis` is added up as it comes back. `simulated` is what runs them (the command
    passes the one that says a worker's failure in one line).
    """
    totals = AnalysisTotals(game, players, variants)
    result = simulated(game, players, games, seed, variants, bot, seat_bots=seat_bots, jobs=jobs, loader=loader,
                       ray_address=ray_address, on_game_done=on_game_done, on_record=totals.add, balance=True,
                       play=play_analysed_game)
    return totals.result(result)
