"""Golden play transcripts: what a person sees at the terminal, game by game, screen by screen.

Each transcript is `pirdsl play` on a shipped game with a fixed seed and piped
answers, drawn for a terminal of a fixed size (COLUMNS and LINES, so that each
view is fitted to the height as it would be at a real terminal of that size).
tests/test_play_golden.py plays them again and compares; a change to what the
terminal shows, or to a game's texts, shows up as a diff to review.

Regenerate them all, from the repository's root, with::

    python -m tests.play_golden
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_PLAY = ROOT / "tests" / "golden" / "play"


@dataclass(frozen=True)
class Transcript:
    """One golden transcript: a game, its options, the answers typed, and the terminal's size."""

    name: str
    game: str
    options: tuple[str, ...]
    answers: tuple[str, ...]
    columns: int
    lines: int

    @property
    def path(self) -> Path:
        return GOLDEN_PLAY / f"{self.name}.txt"

    def argv(self) -> list[str]:
        return ["play", f"games/{self.game}.pir", *self.options]


TRANSCRIPTS = (
    # Three players: the cards, a 5's stopover, a chest and its treasure's worth in sets.
    Transcript("glory_islands_80x24", "glory_islands", ("--players", "3", "--seed", "7"),
               ("6", "7", "1", "1", "1", "2", "1", "1", "3", "1", "1", "1", "1", "quit"), 80, 24),
    Transcript("glory_islands_120x40", "glory_islands", ("--players", "3", "--seed", "7"),
               ("5", "2", "1", "1", "1", "3", "1", "1", "2", "1", "1", "quit"), 120, 40),
    # Against the Ghost Ship: dice, cards that say where they sail, paying food, a battle.
    Transcript("jamaica_120x40", "jamaica", ("--seed", "3"),
               ("1", "1", "1", "1", "1", "1", "2", "1", "1", "1", "1", "1", "quit"), 120, 40),
    Transcript("jamaica_80x24", "jamaica", ("--seed", "3"),
               ("1", "1", "1", "1", "1", "1", "2", "1", "1", "quit"), 80, 24),
    # The first-rate scenario: helm orders that warn of irons, broadsides.
    Transcript("decks_of_glory_80x24", "decks_of_glory", ("--seed", "5", "--variant", "first_rate"),
               ("1", "1", "3", "1", "1", "1", "1", "2", "1", "1", "1", "quit"), 80, 24),
    Transcript("decks_of_glory_120x40", "decks_of_glory", ("--seed", "5", "--variant", "first_rate"),
               ("1", "1", "3", "1", "1", "1", "1", "2", "1", "quit"), 120, 40),
    # Four captains: the Kraken placed, captains chosen, ships facing every way (the legend names each).
    Transcript("to_glory_120x40", "to_glory", ("--players", "4", "--seed", "2"),
               ("1,1", "1", "1", "1", "1", "2", "1", "quit"), 120, 40),
    # The Kraken's hex typed as a cell, the captain by name, your held map kept whole at 80x24.
    Transcript("to_glory_80x24", "to_glory", ("--players", "2", "--seed", "7"),
               ("2,7", "kraken", "1", "1", "1", "2", "1", "1", "1", "quit"), 80, 24),
    # A fleet bought card by card (its numbers stay put, the points left shown), a name
    # too short to tell ships apart, both San Isidros marked apart, the sea drawn compactly.
    Transcript("mysterious_islands_80x24", "mysterious_islands", ("--seed", "7"),
               ("san isidro", "s", "hms r", "show", "done", "1", "2,2", "row 10 col 12", "r2c8", "1", "1", "1", "1",
                "1", "1", "1", "1", "1", "quit"), 80, 24),
    Transcript("mysterious_islands_120x40", "mysterious_islands", ("--seed", "7"),
               ("9", "5", "27", "1", "2,2", "1", "2,8", "1", "1", "1", "1", "1", "quit"), 120, 40),
)


def play(transcript: Transcript) -> str:
    """Everything `pirdsl play` prints for the transcript's answers, at its terminal size."""
    from pirdsl.cli import main

    answers = io.StringIO("".join(f"{answer}\n" for answer in transcript.answers))
    output = io.StringIO()
    size = {"COLUMNS": str(transcript.columns), "LINES": str(transcript.lines)}
    with mock.patch.dict(os.environ, size), mock.patch.object(sys, "stdin", answers), \
            contextlib.redirect_stdout(output), contextlib.chdir(ROOT):
        code = main(transcript.argv())
    if code != 0:
        raise RuntimeError(f"{transcript.name}: pirdsl play exited with {code}")
    return output.getvalue()


def main() -> int:
    GOLDEN_PLAY.mkdir(parents=True, exist_ok=True)
    for transcript in TRANSCRIPTS:
        transcript.path.write_text(play(transcript), encoding="utf-8")
        print(f"wrote {transcript.path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
