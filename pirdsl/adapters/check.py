"""Run OpenSpiel's and PettingZoo's own test suites on every game, player count and variant.

    python -m pirdsl.adapters.check            # every configuration once (CI runs this)
    python -m pirdsl.adapters.check --all      # both serialisation modes, three simulations each

The test suite (tests/test_adapter_*.py) runs a quick selection of the configurations
(all of them with PIRDSL_ADAPTERS=full); this runs every one, and CI runs it after the
suite. A failure is one line, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from interpreter import load_game

ROOT = Path(__file__).resolve().parent.parent.parent

# Games the adapters cannot play yet, and why. Listed here, not skipped in silence: the check
# and the tests expect them to fail with ActionSpaceError, and fail themselves as soon as one
# works (then take it off this list).
NOT_YET: dict[str, str] = {}


def configurations(quick: bool = False):
    """(rules file, player count, variants joined by +) for every game in games/ and tests/classic/.

    Every player count with no variant, each variant alone and all of them together; with
    `quick`, the test suite's selection: the smallest player count with no variant and with
    all variants, and the next player count with no variant.
    """
    files = sorted((ROOT / "games").glob("*.pir")) + sorted((ROOT / "tests" / "classic").glob("*.pir"))
    for path in files:
        game = load_game(str(path))
        relative = str(path.relative_to(ROOT))
        every = "+".join(sorted(game.variants))
        variant_sets = [""] + sorted(game.variants) + ([every] if len(game.variants) > 1 else [])
        for players in range(game.min_players, game.max_players + 1):
            for variants in variant_sets:
                if not quick or (players == game.min_players and variants in ("", every)) or \
                        (players == game.min_players + 1 and not variants):
                    yield relative, players, variants


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="both serialisation modes and 3 simulations each")
    parser.add_argument("--library", choices=["openspiel", "pettingzoo", "both"], default="both")
    options = parser.parse_args(argv)
    failed = 0
    for path, players, variants in configurations():
        name = f"{path} {players} players {variants or 'base'}"
        if path in NOT_YET:
            failed += not_yet(path, players, variants, name)
            continue
        if options.library in ("openspiel", "both"):
            import pyspiel
            from pirdsl.adapters.openspiel import load
            game = load(str(ROOT / path) if not Path(path).exists() else path, players, variants)
            for note in game.space.notes:  # a kind of piece without action numbers, and why
                print(f"note       {name}: {note}", flush=True)
            for serialise in ((False, True) if options.all else (False,)):
                started = time.perf_counter()
                try:
                    pyspiel.random_sim_test(game, num_sims=3 if options.all else 1, serialize=serialise, verbose=False)
                    print(f"openspiel  ok    {name} serialise={serialise} {time.perf_counter() - started:.1f}s", flush=True)
                except Exception as error:  # report and go on: one line per configuration
                    failed += 1
                    print(f"openspiel  FAIL  {name} serialise={serialise}: {str(error).splitlines()[0]}", flush=True)
        if options.library in ("pettingzoo", "both"):
            from pirdsl.adapters.pettingzoo import run_official_tests
            started = time.perf_counter()
            try:
                run_official_tests(path if Path(path).exists() else str(ROOT / path), players, variants)
                print(f"pettingzoo ok    {name} {time.perf_counter() - started:.1f}s", flush=True)
            except Exception as error:
                failed += 1
                print(f"pettingzoo FAIL  {name}: {str(error).splitlines()[0] if str(error) else type(error).__name__}",
                      flush=True)
    return 1 if failed else 0


def not_yet(path: str, players: int, variants: str, name: str) -> int:
    """Say that a game on NOT_YET is not played, and check that it still cannot be (1 when it can)."""
    from interpreter.actions import ActionSpaceError
    from pirdsl.adapters.openspiel import load

    try:
        import pyspiel
        pyspiel.random_sim_test(load(str(ROOT / path), players, variants), num_sims=1, serialize=False,
                                verbose=False)
    except ActionSpaceError:
        print(f"not yet    --    {name}: {NOT_YET[path]}", flush=True)
        return 0
    except Exception as error:  # noqa: BLE001 - reported in one line
        print(f"openspiel  FAIL  {name}: {str(error).splitlines()[0]}", flush=True)
        return 1
    print(f"openspiel  ok    {name}: it works now; take it off NOT_YET in pirdsl/adapters/check.py", flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
