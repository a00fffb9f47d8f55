#!/usr/bin/env bash
# Instructions per game, by callgrind: a steadier measure than time on a busy machine.
#
#   bash benchmarks/instructions.sh [FILE] [GAMES] [PLAYERS]
#   (default: games/glory_islands.pir, 10 games, 4 players; needs valgrind)
#
# Runs a fresh Python under callgrind that loads FILE and plays GAMES random games with
# `simulate` (seeds 0..GAMES-1, no balance figures), and the same with 0 games; prints the
# difference over GAMES. Hash randomisation is fixed (PYTHONHASHSEED=0), so two runs of the
# same code give the same count; compare commits with the same FILE, GAMES and PLAYERS.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${1:-games/glory_islands.pir}
GAMES=${2:-10}
PLAYERS=${3:-4}
PYTHON=$(python3 -c "import sys; print(sys.executable)")  # the interpreter itself, not a shim
export PYTHONHASHSEED=0 PYTHONPATH=.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PYTHON" -c "
from interpreter import load_game
from pirdsl.simulate import simulate
simulate(load_game('$FILE'), $PLAYERS, $1, seed=0, balance=False)
" 2>&1 | grep -o 'refs: *[0-9,]*' | tr -d ', ' | cut -d: -f2
}
# Fill the cache first, the playout build's entry too: it is compiled at the first game, and
# a count that compiles it (the first run after any change to the engine) is several times too high.
"$PYTHON" -c "
from interpreter import load_game
from pirdsl.simulate import simulate
simulate(load_game('$FILE'), $PLAYERS, 1, seed=0, balance=False)
" >/dev/null
before=$(count 0)
after=$(count "$GAMES")
"$PYTHON" -c "print(f'{($after - $before) / $GAMES:,.0f} instructions per game ($FILE, $PLAYERS players, $GAMES games)')"
