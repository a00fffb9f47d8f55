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

GAMES = [("games/glory_islands.pir", 3), ("games/jamaica.pir", 3), ("games/decks_of_glory.pir", 2),
         ("tests/classic/tic_tac_toe.pir", 2), ("tests/classic/connect_four.pir", 2),
         ("tests/classic/breakthrough.pir", 2)]


def main() -> None:
    from pettingzoo.test import performance_benchmark
    from pirdsl.adapters.pettingzoo import env
    os.chdir(ROOT)
    load_before = os.getloadavg()
    rows = []
    for path, players in GAMES:
        made = env(path, players=players)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            performance_benchmark(made)
        turns, cycles = (float(x) for x in re.findall(r"([\d.]+) (?:turns|cycles) per second", out.getvalue()))
        rows.append(f"| {path} | {players} | {made.unwrapped.space.size:,} | {made.unwrapped.encoding.size:,} "
                    f"| {turns:,.0f} | {cycles:,.0f} |")
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
        "| rules file | players | actions | observation floats | turns per second | cycles per second |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"A load average near {os.cpu_count()} or above means other work competed for the cores and the",
        "figures are low. Most of a step's time goes to the observation (the encoding of every zone)",
        "and the action mask (a NumPy array of every action number).",
        "",
    ]
    (ROOT / "benchmarks" / "adapters.md").write_text("\n".join(text))


if __name__ == "__main__":
    main()
