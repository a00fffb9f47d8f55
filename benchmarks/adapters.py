"""The adapters' speed, written to benchmarks/adapters.md: PettingZoo's benchmark, and OpenSpiel's API against the engine's.

    python benchmarks/adapters.py              # both: about 5 s per game, plus a minute
    python benchmarks/adapters.py --openspiel  # only the OpenSpiel comparison (its section of adapters.md)

PettingZoo's own figure: random legal moves through the AEC environment (observe,
mask, step) for 5 seconds; turns per second and cycles (every agent once) per second.
The OpenSpiel comparison does the same work on the same game through the engine's
API (docs/engine-api.md) and through OpenSpiel's (pirdsl.adapters.openspiel), in the
same run, and gives the ratio: a depth-first walk of the tree (a copy and a move per
child), the same walk asking at every decision for the information-state string
(the engine: the seat's `observation`), copying a state, and one move.
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


# --- OpenSpiel's State API through the adapter, against the engine's own ----------------

# (rules file, game parameters, most nodes walked): Liar's Dice with one six-sided die each
# has 294,883 nodes, so its walks take the first 20,000 in depth-first order.
SPEED_GAMES = [
    ("tests/classic/kuhn_poker.pir", {}, None),
    ("tests/classic/liars_dice.pir", {}, 20_000),
    ("tests/classic/leduc_poker.pir", {}, None),
]


def _engine_walk(state, budget: int, strings: bool) -> int:
    """Depth-first through the engine's API: clone and apply per child (and the seat's observation)."""
    count = 0
    stack = [state]
    while stack and count < budget:
        node = stack.pop()
        count += 1
        if node.is_terminal():
            continue
        if node.is_chance():
            branches = len(node.chance_outcomes())
        else:
            if strings:
                node.observation(node.current_player())
            branches = node.num_actions()
        for index in range(branches - 1, -1, -1):
            child = node.clone()
            child.apply_action(index)
            stack.append(child)
    return count


def _adapter_walk(state, budget: int, strings: bool) -> int:
    """The same walk through OpenSpiel's API (`child`, and the information-state string)."""
    count = 0
    stack = [state]
    while stack and count < budget:
        node = stack.pop()
        count += 1
        if node.is_terminal():
            continue
        if node.is_chance_node():
            actions = [action for action, _ in node.chance_outcomes()]
        else:
            if strings:
                node.information_state_string(node.current_player())
            actions = node.legal_actions()
        for action in reversed(actions):
            stack.append(node.child(action))
    return count


def _nodes(game, budget: int) -> list:
    """The adapter's states of the walk, in depth-first order."""
    found = []
    stack = [game.new_initial_state()]
    while stack and len(found) < budget:
        node = stack.pop()
        found.append(node)
        if node.is_terminal():
            continue
        actions = ([action for action, _ in node.chance_outcomes()] if node.is_chance_node()
                   else node.legal_actions())
        for action in reversed(actions):
            stack.append(node.child(action))
    return found


def _best_rate(run, repeats: int) -> float:
    """Operations per CPU second: the best of `repeats` runs of `run` (which returns its count)."""
    best = 0.0
    for _ in range(repeats):
        started = time.process_time()
        done = 0
        while time.process_time() - started < 0.3:
            done += run()
        best = max(best, done / (time.process_time() - started))
    return best


def openspiel_speed(repeats: int = 3) -> list[dict]:
    """Each operation per second through the engine and through the adapter, on the same nodes."""
    from pirdsl.adapters.openspiel import load
    rows = []
    for path, params, most in SPEED_GAMES:
        game = load(str(ROOT / path), **params)
        budget = most or 10 ** 9
        root = game.new_initial_state()
        nodes = _nodes(game, budget)
        engines = [node.engine for node in nodes]
        moves = [(node, node.legal_actions()[0] if not node.is_chance_node() else node.chance_outcomes()[0][0])
                 for node in nodes if not node.is_terminal()]
        engine_moves = [(node.engine, game.space.engine_index(node.engine, action)) for node, action in moves]

        def applied_by_engine() -> int:
            copies = [(state.clone(), index) for state, index in engine_moves]
            started = time.process_time()
            for state, index in copies:
                state.apply_action(index)
            return len(copies), time.process_time() - started

        def applied_by_adapter() -> int:
            copies = [(state.clone(), action) for state, action in moves]
            for state, _ in copies:
                if not state.is_chance_node():
                    state.legal_actions()  # as an agent does before it moves
            started = time.process_time()
            for state, action in copies:
                state.apply_action(action)
            return len(copies), time.process_time() - started

        def apply_rate(run) -> float:
            best = 0.0
            for _ in range(repeats):
                count = seconds = 0.0
                while seconds < 0.3:
                    done, spent = run()
                    count += done
                    seconds += spent
                best = max(best, count / seconds)
            return best

        figures = {
            "walk": (_best_rate(lambda: _engine_walk(root.engine.clone(), budget, False), repeats),
                     _best_rate(lambda: _adapter_walk(root.clone(), budget, False), repeats)),
            "walk with information states": (
                _best_rate(lambda: _engine_walk(root.engine.clone(), budget, True), repeats),
                _best_rate(lambda: _adapter_walk(root.clone(), budget, True), repeats)),
            "clone": (_best_rate(lambda: sum(1 for state in engines if state.clone()), repeats),
                      _best_rate(lambda: sum(1 for state in nodes if state.clone()), repeats)),
            "apply_action": (apply_rate(applied_by_engine), apply_rate(applied_by_adapter)),
        }
        name = path + "".join(f" {key}={value}" for key, value in params.items())
        for operation, (engine, adapter) in figures.items():
            rows.append({"game": name, "nodes": len(nodes), "operation": operation, "engine_per_second": engine,
                         "adapter_per_second": adapter, "ratio": engine / adapter})
            print(f"| {name} | {len(nodes):,} | {operation} | {engine:,.0f} | {adapter:,.0f} | "
                  f"{engine / adapter:.2f}x |", flush=True)
    return rows


OPENSPIEL_HEADING = "## OpenSpiel's State API against the engine's"


def openspiel_section(rows: list[dict], load_before, load_after) -> list[str]:
    """The OpenSpiel comparison's section of adapters.md."""
    return [
        OPENSPIEL_HEADING,
        "",
        "Written by `python benchmarks/adapters.py` (or `--openspiel` for this section alone): the same",
        "work on the same game through the engine's API and through OpenSpiel's, in one run, by CPU time",
        "(the best of 3 stretches of 0.3 s or more). \"walk\": depth-first over the tree, a copy and a move",
        "per child (`clone` and `apply_action`; OpenSpiel's `child`); \"walk with information states\": the",
        "same, asking at every decision for the information-state string of the player to move (the",
        "engine: `observation(seat)`); \"clone\": copying each state of the walk; \"apply_action\": one",
        "move on a copy of each (the adapter's legal actions asked first, as an agent does). Liar's Dice",
        "(one six-sided die each, 294,883 nodes) takes the first 20,000 nodes of the walk.",
        "",
        f"Measured {time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load_before[0]:.1f} before and {load_after[0]:.1f} after.",
        "",
        "| rules file | nodes | operation | engine per second | adapter per second | engine faster |",
        "|---|---|---|---|---|---|",
        *[f"| {row['game']} | {row['nodes']:,} | {row['operation']} | {row['engine_per_second']:,.0f} "
          f"| {row['adapter_per_second']:,.0f} | {row['ratio']:.2f}x |" for row in rows],
        "",
        "What the adapter adds: OpenSpiel copies a Python game's state by making a new initial state and",
        "deep-copying its attributes (every new state holds the game's one start box until it moves, so",
        "only the copied box is made, with one engine copy); most of what is left of a copy's cost is",
        "OpenSpiel's own C++ and `copy.deepcopy`. A move looks the action number up in the decision's",
        "numbering (a chance event's outcomes too), worked out once per decision and carried by copies;",
        "`current_player`, `is_chance_node`, `legal_actions`, `chance_outcomes` and the strings are",
        "answered in Python, without OpenSpiel's C++ asking `current_player` again on the way. The",
        "information state is the observation on one line, the last decisions and a digest of the log,",
        "the moves and each player's observation tensor at every decision, worked out once per decision",
        "point for all players together and carried by copies; that, and the line, are most of what the",
        "walk with information states adds.",
        "",
    ]


def main() -> None:
    from interpreter.files import write_file
    os.chdir(ROOT)
    target = ROOT / "benchmarks" / "adapters.md"
    if sys.argv[1:] == ["--openspiel"]:
        text = target.read_text()
        kept = text[:text.index(OPENSPIEL_HEADING)] if OPENSPIEL_HEADING in text else text + "\n"
        load_before = os.getloadavg()
        rows = openspiel_speed()
        write_file(target, kept + "\n".join(openspiel_section(rows, load_before, os.getloadavg())))
        return
    from pettingzoo.test import performance_benchmark
    from pirdsl.adapters.pettingzoo import env
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
        "`np.flatnonzero` over the whole mask, which grows with the actions (Mysterious Islands has",
        "about 11,000: its moves of a crew, coin or relic to a ship or an island, and its legs). The",
        "actions are only what each decision of the file can offer, and chance outcomes are numbered apart",
        "(docs/adapters.md, \"How many actions\", has them before and after). The longest game is in decisions:",
        "derived from the rules, declared by the file (`longest N decisions`), or the adapters' cap",
        "where neither (docs/adapters.md).",
        "",
    ]
    speed_before = os.getloadavg()
    speed = openspiel_speed()
    text += openspiel_section(speed, speed_before, os.getloadavg())
    write_file(target, "\n".join(text))


if __name__ == "__main__":
    main()
