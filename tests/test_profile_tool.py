"""benchmarks/profile.py, the bytecode profile by rules-file line, runs and names the rules' lines."""

from __future__ import annotations

from pathlib import Path

from test_baselines import load_baseline

profile = load_baseline("profile")


def test_the_profile_names_the_rules_files_heaviest_statements(capsys):
    # Connect Four's `run` calls itself, so it is never written out where it is used: a function of its own.
    rules = Path(__file__).resolve().parent / "classic" / "connect_four.pir"
    assert profile.main([str(rules), "--players", "2", "--games", "2", "--top", "12"]) == 0
    out = capsys.readouterr().out
    assert "bytecodes per game" in out and "the rules (generated module)" in out
    assert "line 63: define run(p, s, d)" in out  # a define's body, by its line in the rules file
    # The engine's heaviest lines: random games are played out (interpreter/playout.py: their decisions taken
    # at once, `take_decision`), or step by step.
    assert any(f"({name})" in out for name in ("take_decision", "step", "apply_action", "num_actions", "play_to_end"))
