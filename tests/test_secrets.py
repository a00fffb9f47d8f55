"""No seat learns what the rules hide from it: random games of every game, player count and variant.

At decisions along random playouts, for every seat:

- its observation (zones, variables, scores, prompt and option labels) must not
  change when two pieces it may not see trade places, because what it sees must
  follow from what it may see. Pieces trade places only with pieces of the same
  kind: what kind of thing lies face down (a card, a token) is on its back, and
  the engine names it ("a face-down token from the stack");
- no log line it can read names a piece it has never been able to see.

The seed and the generator's state are not in any observation (the engine keeps
them in the state only), so what the next chance outcome will be cannot follow
from what a seat sees.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load_game
from pirdsl.baseline_bots import RandomBot

GAMES = Path(__file__).resolve().parent.parent / "games"
LOADED = {path.stem: load_game(str(path)) for path in sorted(GAMES.glob("*.pir"))}
CHECK_EVERY = 4        # decisions between two checks, to keep the suite quick
MAX_STEPS = 20_000


def _configurations():
    for name, game in LOADED.items():
        variant_sets = [[]] + [[v] for v in sorted(game.variants)]
        for players in range(game.min_players, game.max_players + 1):
            for variants in variant_sets:
                yield pytest.param(name, players, variants, id=f"{name}-{players}-{'+'.join(variants) or 'base'}")


def _hidden_from(state, seat: int) -> list[int]:
    return [i for zone in state.world.zones if not zone.seen_by(seat) for i in state.contents[zone.id]]


def _swapped(state, seat: int, rng: random.Random):
    """A copy where two different pieces of one kind, both hidden from `seat`, trade places; None if none."""
    hidden = _hidden_from(state, seat)
    rng.shuffle(hidden)
    for a in hidden:
        for b in hidden:
            piece_a, piece_b = state.pieces[a], state.pieces[b]
            if piece_a.type == piece_b.type and state.piece_key(piece_a) != state.piece_key(piece_b):
                other = state.clone()
                zone_a, zone_b = other.loc[a], other.loc[b]
                contents_a, contents_b = other.own_zone(zone_a), other.own_zone(zone_b)  # a copy shares lists until it changes one
                index_a, index_b = contents_a.index(a), contents_b.index(b)
                contents_a[index_a], contents_b[index_b] = b, a
                other.loc[a], other.loc[b] = zone_b, zone_a
                return other
    return None


def _view(state, seat: int) -> dict:
    view = state.observation(seat)
    view.pop("log")
    return view


def _visible_texts(state, seat: int) -> set[str]:
    texts = set()
    for zone in state.world.zones:
        if zone.seen_by(seat):
            texts.update(state.piece_text(i) for i in state.contents[zone.id])
    if state.current_player() == seat:
        texts.update(action.label for action in state.legal_actions())
    return texts


@pytest.mark.parametrize("name, players, variants", list(_configurations()))
def test_what_a_seat_sees_follows_only_from_what_it_may_see(name, players, variants):
    game = LOADED[name]
    rng = random.Random(f"{name}-{players}-{variants}")
    for seed in range(2):
        state = game.new_state(players=players, seed=seed, variants=variants)
        bots = [RandomBot(seed * 100 + seat) for seat in range(state.num_seats)]
        seats = [seat for seat in range(state.num_seats) if not state.is_automa(seat)]
        ever_seen = {seat: set() for seat in seats}
        log_read = {seat: 0 for seat in seats}
        all_texts = {state.piece_text(i) for i in range(len(state.pieces))}
        decisions = 0
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            for seat in seats:  # a piece once seen may be named later, wherever it went since
                ever_seen[seat] |= _visible_texts(state, seat)
            if state.is_chance():
                state.apply_chance()
                continue
            decisions += 1
            if decisions % CHECK_EVERY == 0:
                for seat in seats:
                    other = _swapped(state, seat, rng)
                    if other is not None:
                        assert _view(other, seat) == _view(state, seat), \
                            f"seed {seed}: {state.seat_names[seat]} sees a difference when hidden pieces trade places"
                        if seat == state.current_player():  # its options read alike, and a search knows them again
                            assert other.action_labels() == state.action_labels(), f"seed {seed}: labels differ"
                            assert other.action_keys() == state.action_keys(), f"seed {seed}: keys differ"
                    lines = state.log_for(seat)
                    never_seen = {t for t in all_texts - ever_seen[seat] if len(t) >= 4}
                    for line in lines[log_read[seat]:]:
                        named = [t for t in never_seen if t in line]
                        assert not named, f"seed {seed}: {state.seat_names[seat]} reads {line!r}, naming {named}"
                    log_read[seat] = len(lines)
            all_texts |= {state.piece_text(i) for i in range(len(state.pieces))}
            state.apply_action(bots[state.current_player()].choose_action(state))
        assert state.is_terminal()
