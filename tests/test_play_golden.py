"""The golden play transcripts (tests/play_golden.py): each game's screens, as a person sees them.

A failure means what the terminal shows has changed. If the change is meant,
regenerate with `python -m tests.play_golden` and review the diff of
tests/golden/play/.
"""

from __future__ import annotations

import difflib
import re

import pytest

from play_golden import TRANSCRIPTS, play

# Words from the rules files' internals that must never reach a player's screen.
INTERNAL_WORDS = re.compile(r"\b(pos|laps owed|sailing space|travelled|hits due|amount)\b|[{}]|_\w|\w_\b")


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda transcript: transcript.name)
def test_the_transcript_is_unchanged(transcript):
    expected = transcript.path.read_text(encoding="utf-8")
    actual = play(transcript)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(transcript.path), "now", n=2))
        pytest.fail(f"the screens changed (regenerate with `python -m tests.play_golden` if meant):\n{diff[:6000]}")


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda transcript: transcript.name)
def test_every_screen_fits_the_terminal_and_shows_no_internal_name(transcript):
    text = transcript.path.read_text(encoding="utf-8")
    # Each view follows a blank line; on a short screen its title line may give way to the seats.
    # A `show` prints everything, uncut: only the views fitted to the screen are checked here.
    chunks = text.split("\n\n")
    screens = [screen for before, screen in zip(chunks, chunks[1:])
               if "your choice" in screen and not before.rstrip().endswith("help): show")]
    assert len(screens) >= 5
    for screen in screens:
        view = screen.split("your choice")[0].splitlines()  # from the title to the input line
        # The view, with the blank line before it and the input line after it, fits the height.
        assert len(view) + 1 <= transcript.lines, "\n".join(view)
        assert view[0].startswith("── ") or re.match(r"\s*\d", view[0]), view[0]  # the title, or the board
        # The seats and their scores are always on screen.
        assert "(you)" in screen, "\n".join(view)
    assert max(len(line) for line in text.splitlines()) <= transcript.columns
    # The first line echoes the command line's options (`variant first_rate`, as typed).
    shown = text.split("\n", 1)[1]
    assert not INTERNAL_WORDS.search(shown), INTERNAL_WORDS.search(shown)
