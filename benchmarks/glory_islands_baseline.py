"""Glory Islands written by hand in plain Python: the baseline that pirdsl's speed is measured against.

The same game as games/glory_islands.pir for 3 or 4 players, without its
variants (no storm, no shipwrecks); Henry Morgan, the automa, plays only in
two-player games and is left out. It keeps the engine's protocol
(docs/engine-api.md) and its conventions, so that the two can be played side by
side: every decision of a player is offered, even one with a single option; the
options come in the rules file's order, look-alikes once (two treasure tokens of
one kind are one option); a draw from the bag is a chance node with one outcome
per kind of token, in the order the kinds are first met in the bag, weighted by
how many tokens of the kind it holds, and no chance node when only one kind is
left. `legal_actions` lists the options (at a chance node, the outcomes) and
`apply_action` takes an index into that list.

The rules run as one generator that stops at each decision and chance event:
the way a Python programmer would write a game whose decisions come from deep
inside nested rules (a stopover's pirate landing on a chest asks for a token to
keep in the middle of a move). It is meant to be plain and reasonably quick,
neither contorted for speed nor slow on purpose, so that the ratio between the
two says what the generic engine costs.

tests/test_baselines.py plays it move by move against the rules file, comparing
the options, the chance weights, the glory and the board after every action, so
a baseline that played a different (or smaller) game could not flatter the ratio.
"""

from __future__ import annotations

import random

CHANCE = -1  # the engine's current_player() at a chance node (interpreter/state.py)
TERMINAL = -4  # and once the game is over

SIZE = 7  # the board is 7 by 7: the 5 by 5 islands in a ring of 24 sea spaces
SPACES = (
    "Hsssssw",
    "sfcbfcs",
    "sbfcbfs",
    "scbfcbs",
    "sfcbfcs",
    "sbfcfbs",
    "wsssssC",
)  # H home, C compass, w free corner, s sea; f pirate field, c chest, b barrel
ISLAND_MAP = (
    ".......",
    ".AABBB.",
    ".AEECC.",
    ".DEEEC.",
    ".DDFFC.",
    ".DFFFF.",
    ".......",
)
FIELD, CHEST, BARREL = "f", "c", "b"


def cell_of(row: int, col: int) -> int:
    return row * SIZE + col


def spaces_apart(a: int, b: int) -> int:
    """The number of king's steps between two cells: how the rules measure distance on the board."""
    return max(abs(a // SIZE - b // SIZE), abs(a % SIZE - b % SIZE))


def ring() -> list[int]:
    """The sea spaces clockwise from Home (the upper-left corner)."""
    last = SIZE - 1
    cells = [cell_of(0, c) for c in range(SIZE)]
    cells += [cell_of(r, last) for r in range(1, SIZE)]
    cells += [cell_of(last, c) for c in range(last - 1, -1, -1)]
    cells += [cell_of(r, 0) for r in range(last - 1, 0, -1)]
    return cells


def island_cells_in_line(cell: int) -> list[int]:
    """The island cells seen from a sea space, nearest first: straight in from a side, diagonally from a corner."""
    row, col = divmod(cell, SIZE)
    d_row = 1 if row == 0 else -1 if row == SIZE - 1 else 0
    d_col = 1 if col == 0 else -1 if col == SIZE - 1 else 0
    out = []
    row, col = row + d_row, col + d_col
    while 0 <= row < SIZE and 0 <= col < SIZE:
        if ISLAND_MAP[row][col] != ".":
            out.append(cell_of(row, col))
        row, col = row + d_row, col + d_col
    return out


ROUTE = ring()
LAP = len(ROUTE)  # 24
COMPASS_STEP = ROUTE.index(cell_of(SIZE - 1, SIZE - 1))  # 12 spaces from Home
SPACE = [SPACES[cell // SIZE][cell % SIZE] for cell in range(SIZE * SIZE)]
ISLAND_CELLS = [cell for cell in range(SIZE * SIZE) if ISLAND_MAP[cell // SIZE][cell % SIZE] != "."]  # row by row
# Each island's cells, the islands in the order the rules go through them (first met row by row).
ISLANDS = [
    [cell for cell in ISLAND_CELLS if ISLAND_MAP[cell // SIZE][cell % SIZE] == name]
    for name in dict.fromkeys(ISLAND_MAP[cell // SIZE][cell % SIZE] for cell in ISLAND_CELLS)
]
# For each step along the route: the island cells in line with the ship there, each with its distance.
IN_LINE = [[(cell, spaces_apart(sea, cell)) for cell in island_cells_in_line(sea)] for sea in ROUTE]

# Each colour's six cards as (value, tiebreak rank), in the order they are dealt to the hand.
CARD_VALUES = (1, 2, 3, 3, 4, 5)
CARD_RANKS = ((4, 1, 3, 7, 2, 4), (3, 4, 2, 6, 1, 3), (2, 3, 5, 8, 4, 2), (1, 2, 1, 4, 3, 1))
# The number on each space of the sailing track; a disc moved past the last one sinks the ship.
SAILING_TRACK = tuple(range(24, -11, -1)) + tuple(range(-12, -31, -2))
SINKING = len(SAILING_TRACK)  # 45
COMPASS_BONUS = (4, 2, 1)
HOME_BONUS = (6, 3, 1)
ISLAND_PRIZES = {3: (4, 2), 4: (5, 3), 5: (6, 4, 2), 6: (7, 5, 3)}
SET_VALUE = (0, 1, 3, 6, 10, 15)  # glory for a set of 0 to 5 different kinds
TREASURE_KINDS = 5  # ruby, spices, emerald, crown, doubloon: 0 to 4
TOKENS_PER_KIND = 7
PIRATES = 5
BARRELS = 8
MAX_BARRELS = 3

# The options of the special actions that are not places or pieces.
USE_THE_TWO = "return a barrel to draw 3 treasures and keep 1"
PAY_A_BARREL = "pay a barrel"
PAY_SAILING = "spend 2 sailing spaces"


def set_points(counts: list[int]) -> int:
    """Glory for treasure sets: the n-th set holds one token of every kind held n or more times.

    The rules file counts sets 1 to 7 (its `range` includes both ends): all 7 tokens of a kind can score.
    """
    return sum(SET_VALUE[sum(1 for count in counts if count >= n)] for n in range(1, 8))


def share_places(counts: list[int], prizes: tuple[int, ...]) -> list[int]:
    """Each rival's prize: most pirates first; rivals tied on a count pool the prizes of the places they fill and
    each takes an equal share, rounded up."""
    order = sorted(range(len(counts)), key=lambda i: -counts[i])
    awards = [0] * len(counts)
    place = 0
    while order:
        group = [i for i in order if counts[i] == counts[order[0]]]
        order = order[len(group):]
        share = -(-sum(prizes[place:place + len(group)]) // len(group))
        for i in group:
            awards[i] = share
        place += len(group)
    return awards


class GloryIslands:
    """A game of Glory Islands for 3 or 4 players, from setup to final scoring."""

    def __init__(self, players: int = 4) -> None:
        if players not in (3, 4):
            raise ValueError("this baseline plays 3 or 4 players (2 would need Henry Morgan)")
        self.players = players
        # Setup: every player's six cards in hand, five pirates, one barrel, a ship at Home.
        self.hand = [[(value, CARD_RANKS[p][i]) for i, value in enumerate(CARD_VALUES)] for p in range(players)]
        self.discard: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.revealed: list[tuple[int, int] | None] = [None] * players  # the card in front of each player
        self.card: list[tuple[int, int] | None] = [None] * players  # the card each player played this round
        self.glory = [0] * players
        self.sailing_space = [0] * players  # the disc's space on the sailing track
        self.travelled = [0] * players  # spaces the ship has sailed along the route
        self.eliminated = [False] * players
        self.crew = [PIRATES] * players  # pirates in each player's supply
        self.barrels = [1] * players
        self.barrel_supply = BARRELS - players
        self.treasures = [[0] * TREASURE_KINDS for _ in range(players)]  # tokens kept, by kind
        # The bag's tokens by kind, in the bag's order: it decides the order of a draw's outcomes.
        # With fewer than 4 players one token of each kind stays in the box.
        per_kind = TOKENS_PER_KIND if players == 4 else TOKENS_PER_KIND - 1
        self.bag = [kind for kind in range(TREASURE_KINDS) for _ in range(per_kind)]
        self.occupant: list[int | None] = [None] * (SIZE * SIZE)  # whose pirate stands on each cell
        self.compass_passes = 0
        self.home_passes = 0
        self.finishing = False  # a ship has come home: this round is the last
        # What is waiting: whose decision (or CHANCE), its options (or outcomes), and the outcomes' weights.
        self.player = TERMINAL
        self.options: list = []
        self.weights: list[int] = []
        self.over = False
        self.flow = self.play()
        next(self.flow)

    # ------------------------------------------------------------ the protocol

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.over

    def is_chance(self) -> bool:
        return self.player == CHANCE

    def legal_actions(self) -> list:
        """The options of the decision waiting (None is the "no" of an optional one), or a chance node's outcomes."""
        return self.options

    def chance_weights(self) -> list[int]:
        """How many ways each outcome of the chance node waiting can come up; [] at a decision."""
        return self.weights

    def apply_action(self, index: int) -> None:
        """Take option (or outcome) `index` of `legal_actions()`; ValueError when there is none such."""
        if self.over or not 0 <= index < len(self.options):
            raise ValueError(f"there is no action {index} now")
        try:
            self.flow.send(index)
        except StopIteration:
            self.over = True
            self.player = TERMINAL
            self.options = []
            self.weights = []

    def scores(self) -> list[int]:
        return self.glory

    def winners(self) -> list[int]:
        """The players still afloat with the most glory (all of them on a tie); [] until the end."""
        if not self.over:
            return []
        afloat = [p for p in range(self.players) if not self.eliminated[p]]
        if not afloat:
            return []
        best = max(self.glory[p] for p in afloat)
        return [p for p in afloat if self.glory[p] == best]

    # ------------------------------------------------------------ waiting for decisions and chance

    def choose(self, player: int, options: list, optional: bool = False):
        """Wait for `player` to pick one of `options` (or None, last, when the choice may be declined)."""
        self.player = player
        self.options = options + [None] if optional else options
        self.weights = []
        index = yield
        return self.options[index]

    def draw_treasure(self):
        """Take a token from the bag: its kind. A chance node unless every token left is of one kind."""
        kinds = list(dict.fromkeys(self.bag))
        if len(kinds) == 1:
            kind = kinds[0]
        else:
            self.player = CHANCE
            self.options = kinds
            self.weights = [self.bag.count(kind) for kind in kinds]
            index = yield
            kind = kinds[index]
        self.bag.remove(kind)  # the first token of that kind in the bag
        return kind

    # ------------------------------------------------------------ a game

    def in_play(self) -> list[int]:
        return [p for p in range(self.players) if not self.eliminated[p]]

    def play(self):
        """Rounds until a ship has come home (or every ship has sunk), then final scoring."""
        while True:
            playing = self.in_play()
            # Everyone lays a card face down, one after another (nobody sees the others' choices).
            for p in playing:
                card = yield from self.choose(p, self.hand[p])
                self.hand[p].remove(card)
                self.card[p] = self.revealed[p] = card
            for p in playing:
                self.move_disc(p, self.card[p][0])
            # Highest card first; equal values go by the tiebreak rank.
            for p in sorted(self.in_play(), key=lambda p: self.card[p], reverse=True):
                yield from self.take_turn(p)
            self.end_round()
            if self.finishing or not self.in_play():
                break
        self.final_scoring()

    def move_disc(self, p: int, spaces: int) -> None:
        """Move `p`'s disc down the sailing track; past its last space the ship sinks."""
        self.sailing_space[p] = min(self.sailing_space[p] + spaces, SINKING)
        if self.sailing_space[p] == SINKING:
            self.eliminated[p] = True

    def end_round(self) -> None:
        """Tied cards change hands, every card goes to its new holder's discards, and a played 1 takes them back."""
        in_round = [p for p in range(self.players) if self.revealed[p] is not None]
        for value in dict.fromkeys(self.card[p][0] for p in in_round):
            tied = sorted((p for p in in_round if self.card[p][0] == value), key=lambda p: self.card[p][1],
                          reverse=True)
            if len(tied) >= 2:
                self.swap(tied[0], tied[-1])
            if len(tied) == 4:
                self.swap(tied[1], tied[2])
        for p in in_round:
            self.discard[p].append(self.revealed[p])
            self.revealed[p] = None
            if self.card[p][0] == 1:
                self.hand[p].extend(self.discard[p])
                self.discard[p] = []

    def swap(self, a: int, b: int) -> None:
        self.revealed[a], self.revealed[b] = self.revealed[b], self.revealed[a]

    def take_turn(self, p: int):
        """Sail, place a pirate (two with a stopover), maybe a special action, then full islands score."""
        reach = self.card[p][0]
        legs = [(n, False) for n in range(1, reach + 1)]
        if reach == 5:
            legs += [(n, True) for n in range(1, reach)]  # a stopover after 1 to 4 spaces
        distance, stopover = yield from self.choose(p, legs)
        self.sail(p, distance)
        if stopover:
            yield from self.place_pirate(p, reach)
            more = yield from self.choose(p, list(range(1, reach - distance + 1)))
            self.sail(p, more)
        self.pirate_fields_pay(p)
        yield from self.place_pirate(p, reach)
        yield from self.special_action(p)
        self.score_full_islands(p)

    def sail(self, p: int, steps: int) -> None:
        """Sail clockwise space by space; the first three ships to reach the compass and Home earn glory."""
        for _ in range(steps):
            self.travelled[p] += 1
            if self.travelled[p] == COMPASS_STEP:
                if self.compass_passes < 3:
                    self.glory[p] += COMPASS_BONUS[self.compass_passes]
                self.compass_passes += 1
            if self.travelled[p] == LAP:
                if self.home_passes < 3:
                    self.glory[p] += HOME_BONUS[self.home_passes]
                self.home_passes += 1
                self.finishing = True

    def line(self, p: int) -> list[tuple[int, int]]:
        """The island cells in line with `p`'s ship and their distances from it."""
        return IN_LINE[self.travelled[p] % LAP]

    def pirate_fields_pay(self, p: int) -> None:
        """Every pirate on a pirate field in line with the ship that just moved earns its owner 1 glory."""
        for cell, _ in self.line(p):
            owner = self.occupant[cell]
            if owner is not None and SPACE[cell] == FIELD:
                self.glory[owner] += 1

    def pirates_on_board(self, p: int) -> list[int]:
        """The cells of `p`'s pirates on the islands, row by row."""
        return [cell for cell in ISLAND_CELLS if self.occupant[cell] == p]

    def place_pirate(self, p: int, reach: int):
        """Land a pirate on a free island cell in line with the ship, within `reach` if any such is free."""
        free = [(cell, distance) for cell, distance in self.line(p) if self.occupant[cell] is None]
        if not free:
            return
        if self.crew[p] == 0:
            # Every pirate is out: one comes back first (the free cells were found before, so it moves).
            old = yield from self.choose(p, self.pirates_on_board(p))
            self.occupant[old] = None
            self.crew[p] += 1
        near = [cell for cell, distance in free if distance <= reach]
        target = yield from self.choose(p, near or [free[0][0]])
        self.crew[p] -= 1
        self.occupant[target] = p
        yield from self.collect(p, target)

    def collect(self, p: int, cell: int):
        """The reward of the cell a pirate has just reached."""
        space = SPACE[cell]
        if space == FIELD:
            self.glory[p] += 1
        elif space == CHEST:
            yield from self.take_treasure(p, 2)
        elif space == BARREL and self.barrel_supply > 0 and self.barrels[p] < MAX_BARRELS:
            self.barrel_supply -= 1
            self.barrels[p] += 1

    def take_treasure(self, p: int, drawn: int):
        """Draw up to `drawn` tokens, keep one, put the rest back at the bottom of the bag's order."""
        if not self.bag:
            return
        looking = []
        for _ in range(drawn):
            if self.bag:
                kind = yield from self.draw_treasure()
                looking.append(kind)
        keep = yield from self.choose(p, list(dict.fromkeys(looking)))
        self.treasures[p][keep] += 1
        looking.remove(keep)
        self.bag.extend(looking)

    def payments(self, p: int) -> list[str]:
        """How `p` can pay for a special action: a barrel, or 2 sailing spaces that do not sink the ship."""
        ways = []
        if self.barrels[p] > 0:
            ways.append(PAY_A_BARREL)
        if self.sailing_space[p] + 2 < SINKING:
            ways.append(PAY_SAILING)
        return ways

    def pay(self, p: int, how: str) -> None:
        if how == PAY_A_BARREL:
            self.barrels[p] -= 1
            self.barrel_supply += 1
        else:
            self.move_disc(p, 2)

    def special_action(self, p: int):
        """The optional action of the 2, 3 or 4 played."""
        value = self.card[p][0]
        if value == 1 or value == 5:
            return
        ways = self.payments(p)
        if value == 2 and self.barrels[p] > 0 and self.bag:
            use = yield from self.choose(p, [USE_THE_TWO], optional=True)
            if use is not None:
                self.barrels[p] -= 1
                self.barrel_supply += 1
                yield from self.take_treasure(p, 3)
        elif value == 3 and ways:
            how = yield from self.choose(p, ways, optional=True)
            if how is not None:
                self.pay(p, how)
                yield from self.place_pirate(p, 3)
        elif value == 4 and ways and self.pirates_on_board(p):
            how = yield from self.choose(p, ways, optional=True)
            if how is not None:
                self.pay(p, how)
                mover = yield from self.choose(p, self.pirates_on_board(p))
                empty = [cell for cell in ISLAND_CELLS if self.occupant[cell] is None]
                cell = yield from self.choose(p, empty)
                self.occupant[mover] = None
                self.occupant[cell] = p
                yield from self.collect(p, cell)

    def score_full_islands(self, trigger: int) -> None:
        for cells in ISLANDS:
            if all(self.occupant[cell] is not None for cell in cells):
                self.score_island(cells, trigger)

    def score_island(self, cells: list[int], trigger: int) -> None:
        """A full island pays its prizes by the number of pirates each player has there; they go home."""
        owners = [self.occupant[cell] for cell in cells]
        rivals = list(dict.fromkeys(owners))
        counts = [owners.count(q) for q in rivals]
        prizes = ISLAND_PRIZES[len(cells)]
        if len(rivals) > 1 and len(set(counts)) == 1:
            # All level: every prize is pooled and shared, and whoever filled the island gains 1 more.
            share = -(-sum(prizes) // len(rivals))
            for q in rivals:
                self.glory[q] += share
            self.glory[trigger] += 1
        else:
            for q, award in zip(rivals, share_places(counts, prizes)):
                self.glory[q] += award
        for cell, owner in zip(cells, owners):
            self.occupant[cell] = None
            self.crew[owner] += 1

    def final_scoring(self) -> None:
        """Barrels, pirates still on the islands, the sailing track and treasure sets."""
        for p in range(self.players):
            self.glory[p] += self.barrels[p]
            self.glory[p] += len(self.pirates_on_board(p))
            if self.sailing_space[p] < SINKING:
                self.glory[p] += SAILING_TRACK[self.sailing_space[p]]
            self.glory[p] += set_points(self.treasures[p])


def play_random_game(rng: random.Random, players: int = 4) -> list[int]:
    """Play one game from the start: each decision uniform among its options, each chance outcome drawn with
    its weight, all from `rng`; the winners."""
    state = GloryIslands(players)
    while not state.over:
        if state.player == CHANCE:
            pick = rng.randrange(sum(state.weights))
            for index, weight in enumerate(state.weights):
                if pick < weight:
                    break
                pick -= weight
        else:
            index = rng.randrange(len(state.options))
        state.apply_action(index)
    return state.winners()
