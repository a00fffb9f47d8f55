"""PettingZoo's performance_benchmark on every game, written to benchmarks/adapters.md.

    python benchmarks/adapters.py          # about 5 s per game, plus loading

PettingZoo's own figure: random legal moves through the AEC environment (observe,
mask, step) for 5 seconds; turns per second and cycles (every agent once) per second.
The load average before and after says whether other work competed for the cores.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def games() -> list[tuple[str, int]]:
    """Every game in games/ and tests/classic/, at 3 players where it allows them (else its fewest)."""
    from interpreter import load_game
    found = []
    for path in sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "tests" / "classic").glob("*.pir")):
        game = load_game(str(path))
        found.append((str(path.relative_to(ROOT)), max(game.min_players, min(3, game.max_players))))
    return found


def main() -> None:
    from pettingzoo.test import performance_benchmark
    from interpreter.files import write_file
    from pirdsl.adapters.pettingzoo import env
    os.chdir(ROOT)
    load_before = os.getloadavg()
    rows = []
    for path, players in games():
        made = env(path, players=players)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            performance_benchmark(made)
        turns, cycles = (float(x) for x in re.findall(r"([\d.]+) (?:turns|cycles) per second", out.getvalue()))
        facts = made.unwrapped.facts
        rows.append(f"| {path} | {players} | {made.unwrapped.space.size:,} | {made.unwrapped.encoding.size:,} "
                    f"| {facts.max_game_length:,} ({facts.max_game_length_source}) | {turns:,.0f} | {cycles:,.0f} |")
        print(rows[-1], flush=True)
    load_after = os.getloadavg()
    text = [
        "# PettingZoo performance_benchmark figures",
        "",
        "Written by `python benchmarks/adapters.py` (PettingZoo's own `performance_benchmark`: random",
        "legal moves for 5 seconds through the AEC environment, observing every step). Not a test:",
        "the figures depend on the machine and its load.",
        "",
        f"Measured {time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load_before[0]:.1f} before and {load_after[0]:.1f} after.",
        "",
        "| rules file | players | actions | observation floats | longest game | turns per second | cycles per second |",
        "|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"A load average near {os.cpu_count()} or above means other work competed for the cores and the",
        "figures are low. The legal actions are numbered from the options alone (never by scanning",
        "the space) and once per decision; the mask is filled by index. What is left is the rules",
        "themselves, the observation (every zone and piece), and, in the benchmark's own random agent,",
        "`np.flatnonzero` over the whole mask: for Mysterious Islands (about 440,000 actions, its",
        "pairs of a piece and a place and its legs) that scan is most of a step. The actions are only",
        "what some decision of the file can offer, and chance outcomes are numbered apart",
        "(docs/adapters.md, \"How many actions\", has them before and after). The longest game is in decisions:",
        "derived from the rules, declared by the file (`longest N decisions`), or the adapters' cap",
        "where neither (docs/adapters.md).",
        "",
    ]
    write_file(ROOT / "benchmarks" / "adapters.md", "\n".join(text))


if __name__ == "__main__":
    main()
