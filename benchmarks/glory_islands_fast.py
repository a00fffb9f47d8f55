"""Glory Islands random games written for speed in plain Python: how fast the best hand-written playout goes.

benchmarks/glory_islands_baseline.py is the same game written the way the
engine plays it (a generator stopped at every decision and draw, an options
list per decision), so its ratio to pirdsl says what the generic engine costs
against code shaped like itself. This module answers a different question: how
far pirdsl is from the fastest plain Python playout of the game. One function
plays a whole game with every seat choosing uniformly among its options, as the
random seats of `pirdsl simulate` do; nothing stops at a decision, no option
list is built where a count will do, and the state is small ints and lists:

- the 25 island cells as one list of owners (-1 for empty), with a running count
  of the pirates on each island, so a full island is seen without a scan;
- for each of the 24 sea spaces, the island cells in line with it, nearest
  first (each line has five, 1 to 5 spaces away), and its pirate fields;
- the bag as five counts (a draw is uniform over the tokens, so over the kinds
  weighted by how many are left, as the engine draws);
- cards as one int each, value * 10 + tiebreak rank, so that sorting the ints
  gives the turn order.

It plays the rules file's game (games/glory_islands.pir, no variants) with 2
players and Henry Morgan, 3 or 4 players. It does not play the same games move
by move as the engine: its random numbers are drawn differently. Instead
`python benchmarks/glory_islands_fast.py --check` plays many games here and
through `pirdsl.simulate.simulate` with random bots and compares the figures
(decisions, chance steps and rounds per game, mean scores per seat, win and draw
rates, and the distributions of scores, rounds and game lengths by a two-sample
Kolmogorov-Smirnov test); tests/test_glory_islands_fast.py runs a smaller check.
A decision counts as the engine counts one: every decision a seat is asked,
even with a single option; a chance step is a draw with more than one possible
outcome (a bag holding one kind of token, Henry Morgan's deck holding one card,
give none).

    python benchmarks/glory_islands_fast.py                    # games per second, 4 players
    python benchmarks/glory_islands_fast.py --check --games 2000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

# ---------------------------------------------------------------- the board, worked out once

SIZE = 7  # a 7 by 7 board: the 5 by 5 islands in a ring of 24 sea spaces
SPACES = (
    "H.....w",
    ".fcbfc.",
    ".bfcbf.",
    ".cbfcb.",
    ".fcbfc.",
    ".bfcfb.",
    "w.....C",
)  # the islands' spaces: f pirate field, c chest, b barrel (the sea is dots here)
ISLAND_MAP = (
    ".......",
    ".AABBB.",
    ".AEECC.",
    ".DEEEC.",
    ".DDFFC.",
    ".DFFFF.",
    ".......",
)
FIELD, CHEST, BARREL = 0, 1, 2


def _cell(row: int, col: int) -> int:
    """The island cell at a board position: 0 to 24, row by row from the top left of the islands."""
    return (row - 1) * 5 + (col - 1)


def _route() -> list[tuple[int, int]]:
    """The sea spaces clockwise from Home (the top left corner), as (row, column)."""
    last = SIZE - 1
    return ([(0, c) for c in range(SIZE)] + [(r, last) for r in range(1, SIZE)]
            + [(last, c) for c in range(last - 1, -1, -1)] + [(r, 0) for r in range(last - 1, 0, -1)])


def _line(row: int, col: int) -> tuple[int, ...]:
    """The island cells in line with a sea space, nearest first: straight in from a side, diagonally from a corner."""
    d_row = 1 if row == 0 else -1 if row == SIZE - 1 else 0
    d_col = 1 if col == 0 else -1 if col == SIZE - 1 else 0
    cells = []
    row, col = row + d_row, col + d_col
    while 0 < row < SIZE - 1 and 0 < col < SIZE - 1:
        cells.append(_cell(row, col))
        row, col = row + d_row, col + d_col
    return tuple(cells)


ROUTE = _route()
LAP = len(ROUTE)  # 24
COMPASS_STEP = ROUTE.index((SIZE - 1, SIZE - 1))  # 12
CELLS = 25
KIND = [{"f": FIELD, "c": CHEST, "b": BARREL}[SPACES[1 + c // 5][1 + c % 5]] for c in range(CELLS)]
_NAMES = list(dict.fromkeys(ISLAND_MAP[1 + c // 5][1 + c % 5] for c in range(CELLS)))
ISLAND = [_NAMES.index(ISLAND_MAP[1 + c // 5][1 + c % 5]) for c in range(CELLS)]  # each cell's island, 0 to 5
ISLAND_CELLS = [tuple(c for c in range(CELLS) if ISLAND[c] == i) for i in range(len(_NAMES))]
ISLAND_SIZE = [len(cells) for cells in ISLAND_CELLS]
# For each step along the route (travelled % 24): the island cells in line, nearest first; the i-th is i + 1
# spaces away, so "within the card's value" is a prefix. And the pirate fields among them.
LINES = [_line(row, col) for row, col in ROUTE]
FIELDS_IN_LINE = [tuple(c for c in line if KIND[c] == FIELD) for line in LINES]
assert all(len(line) == 5 for line in LINES)

# ---------------------------------------------------------------- the tables of the rules file

CARD_VALUES = (1, 2, 3, 3, 4, 5)
CARD_RANKS = ((4, 1, 3, 7, 2, 4), (3, 4, 2, 6, 1, 3), (2, 3, 5, 8, 4, 2), (1, 2, 1, 4, 3, 1))
# Each colour's cards as value * 10 + rank: no two cards of the game are equal, and a higher int plays first.
CARDS = [[value * 10 + ranks[i] for i, value in enumerate(CARD_VALUES)] for ranks in CARD_RANKS]
TRACK = tuple(range(24, -11, -1)) + tuple(range(-12, -31, -2))  # the number on each space of the sailing track
SINKING = len(TRACK)  # 45: a disc that reaches it sinks the ship
COMPASS_BONUS = (4, 2, 1)
HOME_BONUS = (6, 3, 1)
PRIZES = {3: (4, 2), 4: (5, 3), 5: (6, 4, 2), 6: (7, 5, 3)}
ISLAND_PRIZES = [PRIZES[size] for size in ISLAND_SIZE]
ISLAND_POOL = [sum(prizes) for prizes in ISLAND_PRIZES]  # shared out when everyone on the island ties
SET_VALUE = (0, 1, 3, 6, 10, 15)
BARRELS = 8
MAX_BARRELS = 3
AUTOMA_SEAT = 2  # Henry Morgan plays with 2 players, in the seat after theirs


def set_points(counts: list[int]) -> int:
    """Glory for treasure sets: the n-th set (n from 1 to 7) holds one token of each kind held n or more times.

    With the counts sorted from most to fewest, c1 >= ... >= c5, exactly c_j - c_(j+1) sets hold j kinds, so
    the glory is the sum of (c_j - c_(j+1)) * SET_VALUE[j], which is c1 + 2 c2 + 3 c3 + 4 c4 + 5 c5, as each
    step of the set value chart is one more than the one before (1, 2, 3, 4, 5). No kind has more than 7
    tokens, so the rules' seven sets never leave one out.
    """
    first, second, third, fourth, fifth = sorted(counts, reverse=True)
    return first + 2 * second + 3 * third + 4 * fourth + 5 * fifth


def set_points_by_the_rules(counts: list[int]) -> int:
    """`set_points` as the rules file words it, for the tests."""
    return sum(SET_VALUE[sum(1 for count in counts if count >= n)] for n in range(1, 8))


def share_places(counts: list[int], prizes: tuple[int, ...]) -> list[int]:
    """Most first; players tied on a count share the prizes of the places they fill, rounded up (0 wins nothing)."""
    order = sorted((i for i in range(len(counts)) if counts[i] > 0), key=lambda i: -counts[i])
    awards = [0] * len(counts)
    place = i = 0
    while i < len(order):
        j = i
        while j < len(order) and counts[order[j]] == counts[order[i]]:
            j += 1
        each = -(-sum(prizes[place:place + j - i]) // (j - i))
        for member in order[i:j]:
            awards[member] = each
        place += j - i
        i = j
    return awards


# ---------------------------------------------------------------- a game


def play_game(players: int, rnd: Callable[[], float]) -> tuple[list[int], list[int], int, int, int, int]:
    """Play one random game of `players` (2 to 4; with 2, Henry Morgan takes a third seat).

    Every decision is uniform among the options the rules file offers (look-alike
    treasure tokens once), drawn as `int(rnd() * count)`; a decision with a single
    option takes no number. Returns the scores and winners by seat (the ships still
    afloat with the most glory), then rounds, decisions, chance steps and bag draws.
    """
    seats = 3 if players == 2 else players
    automa = AUTOMA_SEAT if players == 2 else -1
    glory = [0] * seats
    track = [0] * seats  # the disc's space on the sailing track
    travelled = [0] * seats  # spaces sailed along the route
    pirates = [8 if p == automa else 5 for p in range(seats)]
    crew = pirates[:]  # pirates in supply; the rest stand on the islands
    barrels = [0 if p == automa else 1 for p in range(seats)]
    treasures = [[0, 0, 0, 0, 0] for _ in range(seats)]  # by kind (Henry Morgan's face up)
    hands = [CARDS[p][:] for p in range(seats)]  # Henry Morgan's is his deck
    discards: list[list[int]] = [[] for _ in range(seats)]
    card = [0] * seats  # the card played this round
    revealed = [0] * seats  # the card in front of each player once ties have swapped
    in_play = list(range(seats))
    occupant = [-1] * CELLS  # whose pirate stands on each island cell
    on_island = [0] * len(ISLAND_CELLS)  # pirates on each island
    per_kind = 7 if players == 4 else 6
    bag = [per_kind] * 5  # tokens of each kind in the bag
    in_bag = per_kind * 5
    supply = BARRELS - players  # barrels left in the supply
    compass = home = 0  # ships that have passed the compass, Home
    filled = False  # an island was filled this turn
    decisions = chance_steps = draws = 0

    def draw() -> int:
        """A token from the bag (not empty): its kind."""
        nonlocal in_bag, chance_steps, draws
        r = int(rnd() * in_bag)
        kind = 0
        left = bag[0]
        while r >= left:
            r -= left
            kind += 1
            left = bag[kind]
        if left != in_bag:
            chance_steps += 1
        draws += 1
        bag[kind] = left - 1
        in_bag -= 1
        return kind

    def take_treasure(p: int, drawn: int) -> None:
        """A seat draws `drawn` tokens (or what is left), keeps one of the kinds drawn, puts the rest back."""
        nonlocal in_bag, decisions
        first = draw()
        decisions += 1  # keep one: each kind drawn is one option
        if not in_bag:
            keep = first
        elif drawn == 2:
            second = draw()
            keep = first if second == first or rnd() < 0.5 else second
            bag[first + second - keep] += 1
            in_bag += 1
        else:
            second = draw()
            if in_bag:
                third = draw()
                kinds = [first]
                if second != first:
                    kinds.append(second)
                if third != first and third != second:
                    kinds.append(third)
                keep = kinds[int(rnd() * len(kinds))] if len(kinds) > 1 else first
                bag[third] += 1
                in_bag += 1
            else:
                keep = first if second == first or rnd() < 0.5 else second
            bag[first] += 1
            bag[second] += 1
            bag[keep] -= 1
            in_bag += 1
        treasures[p][keep] += 1

    def land(p: int, cell: int) -> None:
        """A pirate of `p` stands on `cell` (empty), which pays its reward."""
        nonlocal filled, supply
        occupant[cell] = p
        island = ISLAND[cell]
        on_island[island] += 1
        if on_island[island] == ISLAND_SIZE[island]:
            filled = True
        kind = KIND[cell]
        if kind == FIELD:
            glory[p] += 1
        elif kind == CHEST:
            if not in_bag:
                pass
            elif p != automa:
                take_treasure(p, 2)
            else:
                treasures[p][draw()] += 1
        elif p == automa:
            glory[p] += 2
        elif supply and barrels[p] < MAX_BARRELS:
            supply -= 1
            barrels[p] += 1

    def pick_own(p: int) -> int:
        """One of the cells where `p`'s pirates stand (at least one), uniformly: a decision."""
        nonlocal decisions
        decisions += 1
        ahead = int(rnd() * (pirates[p] - crew[p]))
        cell = occupant.index(p)
        while ahead:
            cell = occupant.index(p, cell + 1)
            ahead -= 1
        return cell

    def place_pirate(p: int, reach: int) -> None:
        """A seat lands a pirate within `reach` in line with its ship, else on the first free cell further on."""
        nonlocal decisions
        line = LINES[travelled[p] % LAP]
        near = []  # a loop, not a comprehension: Python 3.11 makes each comprehension a function call
        for cell in line[:reach]:
            if occupant[cell] < 0:
                near.append(cell)
        if not near:
            for cell in line[reach:]:
                if occupant[cell] < 0:
                    near = [cell]
                    break
            else:
                return
        if crew[p]:
            crew[p] -= 1
        else:
            # Every pirate is out: one comes back first, for a new cell (the free cells were found before).
            old = pick_own(p)
            occupant[old] = -1
            on_island[ISLAND[old]] -= 1
        decisions += 1
        land(p, near[int(rnd() * len(near))] if len(near) > 1 else near[0])

    def automa_place(p: int) -> None:
        """Henry Morgan lands a pirate on the first free cell in line, whatever the distance."""
        if crew[p]:
            for cell in LINES[travelled[p] % LAP]:
                if occupant[cell] < 0:
                    crew[p] -= 1
                    land(p, cell)
                    return

    def sail(p: int, steps: int) -> bool:
        """The ship sails on; the first three to pass the compass and Home earn glory. True once a ship is home."""
        nonlocal compass, home
        before = travelled[p]
        after = travelled[p] = before + steps
        if before < COMPASS_STEP <= after:
            if compass < 3:
                glory[p] += COMPASS_BONUS[compass]
            compass += 1
        if before < LAP <= after:
            if home < 3:
                glory[p] += HOME_BONUS[home]
            home += 1
            return True
        return False

    def score_full_islands(trigger: int) -> None:
        for island in range(len(ISLAND_CELLS)):
            if on_island[island] == ISLAND_SIZE[island]:
                standing = [0] * seats
                for cell in ISLAND_CELLS[island]:
                    standing[occupant[cell]] += 1
                    occupant[cell] = -1
                on_island[island] = 0
                rivals = 0
                level = True  # everyone on the island has as many pirates
                most = max(standing)
                for q in range(seats):
                    if standing[q]:
                        crew[q] += standing[q]
                        rivals += 1
                        level = level and standing[q] == most
                if rivals > 1 and level:
                    share = -(-ISLAND_POOL[island] // rivals)
                    for q in range(seats):
                        if standing[q]:
                            glory[q] += share
                    glory[trigger] += 1
                else:
                    for q, award in enumerate(share_places(standing, ISLAND_PRIZES[island])):
                        glory[q] += award

    finishing = False
    rounds = 0
    while True:
        rounds += 1
        # Cards: each seat picks one from its hand; Henry Morgan draws his from his deck.
        for p in in_play:
            hand = hands[p]
            if p != automa:
                decisions += 1
            elif len(hand) <= 1:
                hand += discards[p]
                discards[p] = []
            if len(hand) > 1:
                if p == automa:
                    chance_steps += 1
                c = hand.pop(int(rnd() * len(hand)))
            else:
                c = hand.pop()
            card[p] = revealed[p] = c
        in_round = in_play[:]
        # Sailing points: the disc moves by the card's value; past the last space the ship sinks.
        for p in in_round:
            space = track[p] = track[p] + card[p] // 10
            if space >= SINKING:
                track[p] = SINKING
                in_play.remove(p)
        for p in sorted(in_play, key=card.__getitem__, reverse=True):
            value = card[p] // 10
            if p == automa:
                if value == 5:
                    finishing |= sail(p, 1)
                    automa_place(p)
                    finishing |= sail(p, 4)
                else:
                    finishing |= sail(p, value)
                for cell in FIELDS_IN_LINE[travelled[p] % LAP]:  # pirate fields in line pay their owners
                    owner = occupant[cell]
                    if owner >= 0:
                        glory[owner] += 1
                automa_place(p)
            else:
                decisions += 1
                if value < 5:
                    finishing |= sail(p, int(rnd() * value) + 1 if value > 1 else 1)
                else:
                    leg = int(rnd() * 9)
                    if leg < 5:
                        finishing |= sail(p, leg + 1)
                    else:
                        # A stopover after 1 to 4 spaces, a pirate there, then 1 or more spaces on, 5 in all.
                        finishing |= sail(p, leg - 4)
                        place_pirate(p, 5)
                        decisions += 1
                        left = 9 - leg
                        finishing |= sail(p, int(rnd() * left) + 1 if left > 1 else 1)
                for cell in FIELDS_IN_LINE[travelled[p] % LAP]:  # pirate fields in line pay their owners
                    owner = occupant[cell]
                    if owner >= 0:
                        glory[owner] += 1
                place_pirate(p, value)
                # The special action of a 2, 3 or 4: one more option, declining it.
                if value == 2:
                    if barrels[p] and in_bag:
                        decisions += 1
                        if rnd() < 0.5:
                            barrels[p] -= 1
                            supply += 1
                            take_treasure(p, 3)
                elif value == 3 or value == 4:
                    by_barrel = barrels[p] > 0
                    by_sailing = track[p] + 2 < SINKING
                    ways = by_barrel + by_sailing
                    if ways and (value == 3 or crew[p] < pirates[p]):
                        decisions += 1
                        how = int(rnd() * (ways + 1))
                        if how < ways:
                            if by_barrel and how == 0:
                                barrels[p] -= 1
                                supply += 1
                            else:
                                track[p] += 2
                            if value == 3:
                                place_pirate(p, 3)
                            else:
                                # Move one of the seat's pirates to any empty cell (one is, as no island is full).
                                mover = pick_own(p)
                                decisions += 1
                                ahead = int(rnd() * (CELLS - sum(on_island)))
                                target = occupant.index(-1)
                                while ahead:
                                    target = occupant.index(-1, target + 1)
                                    ahead -= 1
                                occupant[mover] = -1
                                on_island[ISLAND[mover]] -= 1
                                land(p, target)
            if filled:
                filled = False
                score_full_islands(p)
        # End of round: of tied cards the highest rank swaps with the lowest (with four, the middle two too),
        # everyone discards the card in front of them, and a seat that played a 1 takes its discards back.
        if len(in_round) > 1:
            order = sorted(in_round, key=card.__getitem__, reverse=True)
            i = 0
            while i < len(order):
                value = card[order[i]] // 10
                j = i + 1
                while j < len(order) and card[order[j]] // 10 == value:
                    j += 1
                if j - i >= 2:
                    a, b = order[i], order[j - 1]
                    revealed[a], revealed[b] = revealed[b], revealed[a]
                if j - i == 4:
                    a, b = order[i + 1], order[i + 2]
                    revealed[a], revealed[b] = revealed[b], revealed[a]
                i = j
        for p in in_round:
            discards[p].append(revealed[p])
            if card[p] < 20 and p != automa:
                hands[p] += discards[p]
                discards[p] = []
        if finishing or not in_play:
            break
    # Final scoring: barrels, pirates on the islands, the sailing track, treasure sets.
    for p in range(seats):
        glory[p] += (barrels[p] + pirates[p] - crew[p] + (TRACK[track[p]] if track[p] < SINKING else 0)
                     + set_points(treasures[p]))
    best = max([glory[p] for p in in_play], default=None)
    return glory, [p for p in in_play if glory[p] == best], rounds, decisions, chance_steps, draws


def play_random_game(rng: random.Random, players: int = 4) -> list[int]:
    """One random game drawn from `rng` (benchmarks/run.py's protocol for the hand-coded games): the winners."""
    return play_game(players, rng.random)[1]


# ---------------------------------------------------------------- the check against the rules file

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "games" / "glory_islands.pir"


def fast_records(players: int, games: int, seed: int = 0) -> list[dict[str, Any]]:
    """`games` games of this module, from one `random.Random(seed)`, as records shaped like `simulate`'s."""
    rnd = random.Random(seed).random
    records = []
    for _ in range(games):
        scores, winners, rounds, decisions, chance_steps, draws = play_game(players, rnd)
        records.append({"scores": scores, "winners": winners, "rounds": rounds, "length": decisions,
                        "chance_steps": chance_steps, "bag_draws": draws})
    return records


def engine_records(players: int, games: int, seed: int = 0) -> list[dict[str, Any]]:
    """`games` games of the rules file through `pirdsl simulate`'s own function, random bots, seeds from `seed`."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from interpreter import load_game
    from pirdsl.simulate import simulate

    records: list[dict[str, Any]] = []
    result = simulate(load_game(str(RULES)), players, games, seed=seed, bot="random", jobs=1, on_record=records.append)
    if result["completed"] != games:
        raise RuntimeError(f"only {result['completed']} of {games} engine games finished ({result['first_error']})")
    return records


def _normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def _means(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The two means and the two-sided p-value of their difference (Welch's z, fine at hundreds of games)."""
    n, m = len(a), len(b)
    mean_a, mean_b = sum(a) / n, sum(b) / m
    var_a = sum((x - mean_a) ** 2 for x in a) / (n - 1)
    var_b = sum((x - mean_b) ** 2 for x in b) / (m - 1)
    error = math.sqrt(var_a / n + var_b / m)
    if error == 0:
        return mean_a, mean_b, 1.0 if mean_a == mean_b else 0.0
    return mean_a, mean_b, _normal_p((mean_a - mean_b) / error)


def _rates(a: list[bool], b: list[bool]) -> tuple[float, float, float]:
    """The two proportions and the two-sided p-value of their difference (pooled two-proportion z)."""
    n, m = len(a), len(b)
    rate_a, rate_b = sum(a) / n, sum(b) / m
    pooled = (sum(a) + sum(b)) / (n + m)
    error = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    if error == 0:
        return rate_a, rate_b, 1.0
    return rate_a, rate_b, _normal_p((rate_a - rate_b) / error)


def ks_test(a: list[float], b: list[float]) -> tuple[float, float]:
    """The two-sample Kolmogorov-Smirnov statistic D and its p-value.

    By scipy when it is installed; else by the asymptotic Kolmogorov distribution,
    P(D > d) = 2 sum (-1)^(k-1) exp(-2 k^2 t^2), t = d sqrt(nm / (n + m)) (with
    Stephens' small-sample correction), the formula behind the usual critical
    values (1.36 at 5%, 1.95 at 0.1%). On whole-number figures such as scores the
    test is conservative: ties make a large D rarer than the formula says.
    """
    try:
        from scipy.stats import ks_2samp
    except ImportError:
        pass
    else:
        found = ks_2samp(a, b)
        return float(found.statistic), float(found.pvalue)
    sorted_a, sorted_b = sorted(a), sorted(b)
    n, m = len(a), len(b)
    i = j = 0
    d = 0.0
    while i < n and j < m:
        x = min(sorted_a[i], sorted_b[j])
        while i < n and sorted_a[i] == x:
            i += 1
        while j < m and sorted_b[j] == x:
            j += 1
        d = max(d, abs(i / n - j / m))
    root = math.sqrt(n * m / (n + m))
    t = (root + 0.12 + 0.11 / root) * d
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * t * t) for k in range(1, 101))
    return d, min(1.0, max(0.0, p))


def compare(players: int, engine: list[dict[str, Any]], fast: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The figures of both, each with the p-value of the difference: means by z, distributions by KS."""
    rows = []

    def mean_row(name: str, key: Callable[[dict[str, Any]], float]) -> None:
        engine_mean, fast_mean, p = _means([key(r) for r in engine], [key(r) for r in fast])
        rows.append({"figure": name, "test": "mean", "engine": engine_mean, "fast": fast_mean, "p": p})

    def distribution_row(name: str, engine_values: list[float], fast_values: list[float]) -> None:
        d, p = ks_test(engine_values, fast_values)
        rows.append({"figure": name, "test": "KS", "engine": None, "fast": None, "d": d, "p": p})

    def rate_row(name: str, key: Callable[[dict[str, Any]], bool]) -> None:
        engine_rate, fast_rate, p = _rates([key(r) for r in engine], [key(r) for r in fast])
        rows.append({"figure": name, "test": "rate", "engine": engine_rate, "fast": fast_rate, "p": p})

    seats = len(engine[0]["scores"])
    mean_row("decisions per game", lambda r: r["length"])
    mean_row("chance steps per game", lambda r: r["chance_steps"])
    mean_row("rounds", lambda r: r["rounds"])
    for seat in range(seats):
        name = "Henry Morgan" if players == 2 and seat == AUTOMA_SEAT else f"seat {seat + 1}"
        mean_row(f"mean score, {name}", lambda r, seat=seat: r["scores"][seat])
    for seat in range(seats):
        name = "Henry Morgan" if players == 2 and seat == AUTOMA_SEAT else f"seat {seat + 1}"
        rate_row(f"win rate, {name}", lambda r, seat=seat: seat in r["winners"])
    rate_row("shared wins", lambda r: len(r["winners"]) > 1)
    distribution_row("game length in decisions", [r["length"] for r in engine], [r["length"] for r in fast])
    distribution_row("game length in rounds", [r["rounds"] for r in engine], [r["rounds"] for r in fast])
    human_seats = range(players)
    distribution_row("scores of the player seats",
                     [r["scores"][s] for r in engine for s in human_seats],
                     [r["scores"][s] for r in fast for s in human_seats])
    if players == 2:
        distribution_row("scores of Henry Morgan", [r["scores"][AUTOMA_SEAT] for r in engine],
                         [r["scores"][AUTOMA_SEAT] for r in fast])
    distribution_row("winning score", [max(r["scores"]) for r in engine], [max(r["scores"]) for r in fast])
    return rows


def check(player_counts: list[int], games: int, fast_games: int, seed: int = 0,
          family_alpha: float = 0.01) -> tuple[list[tuple[int, list[dict[str, Any]]]], float, bool]:
    """Compare the two over every player count; agreement when no p-value is below `family_alpha` over the number
    of figures (Bonferroni: a playout of the same game fails with a chance of at most `family_alpha`)."""
    results = []
    for players in player_counts:
        results.append((players, compare(players, engine_records(players, games, seed),
                                         fast_records(players, fast_games, seed))))
    figures = sum(len(rows) for _, rows in results)
    threshold = family_alpha / figures
    agree = all(row["p"] >= threshold for _, rows in results for row in rows)
    return results, threshold, agree


def print_check(results: list[tuple[int, list[dict[str, Any]]]], threshold: float, games: int,
                fast_games: int, seed: int = 0) -> None:
    print(f"Glory Islands, random seats: pirdsl simulate ({games} games, seeds {seed} to {seed + games - 1}) "
          f"against this playout ({fast_games} games, random.Random({seed}))")
    for players, rows in results:
        print(f"\n{players} players" + (" and Henry Morgan" if players == 2 else ""))
        print(f"  {'figure':<32} {'engine':>9} {'fast':>9} {'p':>8}")
        for row in rows:
            if row["test"] == "KS":
                values = f"{'KS D = ' + format(row['d'], '.3f'):>19}"
            elif row["test"] == "rate":
                values = f"{row['engine']:>8.1%} {row['fast']:>8.1%}"
            else:
                values = f"{row['engine']:>9.2f} {row['fast']:>9.2f}"
            mark = "" if row["p"] >= threshold else "  DIFFERS"
            print(f"  {row['figure']:<32} {values} {row['p']:>8.3f}{mark}")
    print(f"\nagreement: every p-value at least {threshold:.5f} (1% over the number of figures, Bonferroni)")


def measure_speed(players: int, games: int, repeats: int) -> float:
    """Games per second by CPU time, the best of `repeats` runs of games 0 .. games - 1 (one Random(i) each)."""
    best = math.inf
    for _ in range(repeats):
        started = time.process_time()
        for seed in range(games):
            play_random_game(random.Random(seed), players)
        best = min(best, time.process_time() - started)
    return games / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the rules file through pirdsl simulate")
    parser.add_argument("--games", type=int, default=2000, help="engine games per player count (default 2000)")
    parser.add_argument("--fast-games", type=int, help="games of this playout per player count (default: --games)")
    parser.add_argument("--players", type=int, action="append", choices=[2, 3, 4],
                        help="player count (repeatable; default 2, 3 and 4 for --check, 4 for speed)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.check:
        fast_games = args.fast_games or args.games
        results, threshold, agree = check(args.players or [2, 3, 4], args.games, fast_games, args.seed)
        print_check(results, threshold, args.games, fast_games, args.seed)
        print("the same game" if agree else "THE FIGURES DIFFER")
        return 0 if agree else 1
    for players in args.players or [4]:
        games = args.fast_games or args.games
        print(f"{players} players: {measure_speed(players, games, 3):,.0f} games/s (CPU, best of 3 runs of {games})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
