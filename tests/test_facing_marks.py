"""A mark that shows a piece's variables is drawn afresh: the board shows a facing as it is now."""

from __future__ import annotations

from pathlib import Path

from interpreter import load_game

CASE = Path(__file__).parent / "cases" / "facing.pir"


def _marks_at(state, row: int, col: int) -> list[str]:
    board = state.observation(0)["boards"][0]
    return board["cells"][row][col]["marks"]


def test_a_mark_follows_the_piece_variable_it_shows():
    game = load_game(str(CASE))
    state = game.new_state(1, seed=1)
    assert _marks_at(state, 2, 0) == ["S>"]
    ship = next(p for p in state.pieces if p.type == "ship" and p.fields["number"] == 1)
    copy = state.clone()
    copy.piece_vars[(ship.id, "facing")] = 4
    assert _marks_at(copy, 2, 0) == ["S<"]
    assert _marks_at(state, 2, 0) == ["S>"]  # the copy's turn leaves the original as it was
