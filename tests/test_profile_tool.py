"""benchmarks/profile.py, the bytecode profile by rules-file line, runs and names the rules' lines."""

from __future__ import annotations

from pathlib import Path

from test_baselines import load_baseline

profile = load_baseline("profile")


def test_the_profile_names_the_rules_files_heaviest_statements(capsys):
    rules = Path(__file__).resolve().parent / "classic" / "tic_tac_toe.pir"
    assert profile.main([str(rules), "--players", "2", "--games", "2", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "bytecodes per game" in out and "the rules (generated module)" in out
    assert "line 54: define completes_a_line(p, s)" in out  # a define's body, by its line in the rules file
    # The engine's heaviest lines: random games are played out (interpreter/playout.py: their decisions taken
    # at once, `take_decision`), or step by step.
    assert any(f"({name})" in out for name in ("take_decision", "step", "apply_action", "num_actions", "play_to_end"))
