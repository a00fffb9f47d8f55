"""Where a game's time goes, by the lines of its rules file: Python bytecodes counted, not timed.

    python benchmarks/profile.py [FILE] [--players N] [--games G] [--top K]

Plays G random games of FILE with `simulate` (seeds 0 to G-1) under a tracer that counts every
bytecode Python executes, and prints the shares: by part of pirdsl (the generated rules
module, the engine's runtime, the state, the built-ins, simulate and the bots), by line of
the rules file (the generated module's `# LINE: ...` comments say which statement each
generated line belongs to; defines' memo wrappers are shown by their own name), and by
function of the engine. Counts do not move with the machine's load, so two runs of the same
code give the same figures: compare commits with them. A bytecode is not a unit of time (a
call into C counts as one), but shares of many thousands of them are a fair picture; the
tracer makes the games run about 30 times slower, so keep G small.
"""

from __future__ import annotations

import argparse
import linecache
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from interpreter import load_game  # noqa: E402
from pirdsl.simulate import simulate  # noqa: E402

COMMENT = re.compile(r"\s*# (\d+): (.*)")


def count_bytecodes(path: str, players: int, games: int) -> tuple[Counter, list[str]]:
    """(code file, line, function) -> bytecodes executed there, over `games` random games; and the generated modules' files.

    Random games play the playout build of the rules (interpreter/playout.py): its file is among them.
    """
    game = load_game(path)
    simulate(game, players, 1)  # warm: defines remembered per world, caches filled
    counts: Counter = Counter()

    def per_opcode(frame, event, arg):
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename, frame.f_lineno, code.co_name)] += 1
        return per_opcode

    def per_call(frame, event, arg):
        frame.f_trace_opcodes = True
        return per_opcode

    sys.settrace(per_call)
    try:
        simulate(game, players, games)
    finally:
        sys.settrace(None)
    return counts, list(game.line_maps)


def rules_lines(module_file: str) -> dict[int, str]:
    """Each line of a generated module -> the rules-file statement (or wrapper function) it belongs to."""
    owner: dict[int, str] = {}
    current = "module"
    commented = 0  # the last line that was a rules-file comment
    for number, text in enumerate(linecache.getlines(module_file), 1):  # a cached file, or registered in linecache
        match = COMMENT.match(text)
        if match:
            current, commented = f"line {match.group(1)}: {match.group(2)[:90]}", number
        elif text.startswith("def ") and commented != number - 1:  # a wrapper (call_, recall_...): its own name
            current = text[4:text.index("(")] + "()"
        owner[number] = current
    return owner


def part_of(filename: str, generated: list[str]) -> str:
    if filename in generated:
        return "the rules (generated module)"
    name = Path(filename).name
    return {"runtime.py": "engine: runtime", "state.py": "engine: state", "builtins.py": "engine: built-ins",
            "simulate.py": "simulate", "bots.py": "bots", "baseline_bots.py": "bots", "random.py": "Python's random"}.get(name, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(ROOT / "games" / "glory_islands.pir"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--top", type=int, default=30, help="lines and functions to show (default 30)")
    args = parser.parse_args(argv)
    counts, generated = count_bytecodes(args.file, args.players, args.games)
    total = sum(counts.values())
    owners = {name: rules_lines(name) for name in generated}
    parts: Counter = Counter()
    lines: Counter = Counter()
    functions: Counter = Counter()
    for (filename, line, function), n in counts.items():
        parts[part_of(filename, generated)] += n
        if filename in owners:
            lines[owners[filename].get(line, "module")] += n
        else:
            functions[f"{Path(filename).name}:{line} ({function})"] += n
    print(f"{args.file}, {args.players} players, {args.games} random games: {total / args.games:,.0f} bytecodes per game")
    print()
    for name, n in parts.most_common():
        print(f"{100 * n / total:5.1f}%  {name}")
    print(f"\nrules-file lines (of all bytecodes), the {args.top} heaviest:")
    for name, n in lines.most_common(args.top):
        print(f"{100 * n / total:5.1f}%  {n / args.games:9,.0f}/game  {name}")
    print(f"\nengine lines, the {args.top} heaviest:")
    for name, n in functions.most_common(args.top):
        print(f"{100 * n / total:5.1f}%  {n / args.games:9,.0f}/game  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
