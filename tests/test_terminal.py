"""The terminal's drawing (pirdsl/terminal.py) on hand-made observations.

tests/test_cli.py drives whole games of a fake engine through the command line;
these tests pin how one view is laid out: captions on board cells, legends,
long zones summarised, the provisional score, and a view fitted to the
terminal's height with the board and the actions always whole.
"""

from __future__ import annotations

import io

from rich.console import Console

from pirdsl.terminal import (
    describe_captions,
    describe_items,
    fit_screen,
    render_actions,
    render_board,
    render_seats,
    render_status,
)


def rendered(renderable, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), highlight=False, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def cell(glyph, kind, caption=None, marks=()):
    data = {"glyph": glyph, "kind": kind, "pieces": [f"piece {mark}" for mark in marks], "marks": list(marks)}
    if caption is not None:
        data["caption"] = caption
    return data


ISLANDS = {
    "name": "islands", "shape": "grid", "rows": 2, "cols": 3, "caption": "island",
    "cells": [
        [cell("H", "home", "", ["S1"]), cell("f", "field", "A", ["p1"]), cell("c", "chest", "A")],
        [cell("s", "sea", ""), cell("b", "barrel", "B"), cell("f", "field", "C")],
    ],
}

TRACK = {
    "name": "track", "shape": "grid", "rows": 2, "cols": 3, "caption": "space_number",
    "cells": [
        [cell("R", "port_royal", "0", ["S1", "S2"]), cell("~2", "sea_costing_2_food", "1"),
         cell("~3", "sea_costing_3_food", "2")],
        [cell("$5", "port_costing_5_doubloons", "5"), cell("L", "pirate_lair", "4", ["*"]),
         cell("$3", "port_costing_3_doubloons", "3")],
    ],
}


# --- boards ----------------------------------------------------------------------------


def test_captions_stand_in_front_of_each_cell_and_the_legend_says_what_they_are():
    lines = rendered(render_board(ISLANDS, show_name=False)).splitlines()
    assert lines[0].split() == ["1", "2", "3"]  # island letters name islands, not cells: rulers stay
    assert lines[1] == "1   H S1   A f p1   A c"
    assert lines[2] == "2   s      B b      C f"
    assert lines[3].startswith("Spaces:  A–C island  H home  f field")


def test_captions_that_name_every_cell_replace_the_row_and_column_numbers():
    lines = rendered(render_board(TRACK, width=120, show_name=False), width=120).splitlines()
    assert lines[0] == "0 R  S1S2 1 ~2      2 ~3"
    assert lines[1] == "5 $5      4 L  *    3 $3"
    # Glyphs whose meaning carries their number make one entry.
    assert "~N sea costing N food" in lines[2] and "$N port costing N doubloons" in lines[2]
    assert "0–5 space number" in lines[2]


def numbered_track(columns: int) -> dict:
    """A track of one row whose spaces are numbered 10, 11, ...; the first holds two ships."""
    cells = [cell("~2", "sea_costing_2_food", str(10 + n), ["S1", "S2"] if n == 0 else []) for n in range(columns)]
    return {"name": "track", "shape": "grid", "rows": 1, "cols": columns, "caption": "number", "cells": [cells]}


def test_a_narrow_terminal_joins_caption_and_glyph_to_keep_room_for_two_marks():
    roomy = rendered(render_board(numbered_track(6), show_name=False), width=80).splitlines()
    assert roomy[0].startswith("10 ~2 S1S2 11 ~2")
    squeezed = rendered(render_board(numbered_track(10), show_name=False), width=80).splitlines()
    assert squeezed[0].startswith("10~2 2× 11~2")  # two ships shown as a count of pieces, not a number
    assert all(len(line) <= 80 for line in squeezed)


def test_caption_legends_give_ranges_of_numbers_and_letters():
    assert describe_captions(["3", "0", "12"], "space number") == "0–12 space number"
    assert describe_captions(["A", "C", "B", "D"], "island") == "A–D island"
    assert describe_captions(["N", "S"], "harbour") == "N/S harbour"


# --- seats, zones and status -----------------------------------------------------------------


SEATS = [
    {"name": "Player 1", "score": -2, "vars": {"gold": 3},
     "zones": {"hand": {"count": 2, "items": ["a", "b"], "kinds": ["card", "card"]}}},
    {"name": "Player 2", "score": 5, "vars": {}, "zones": {"hand": {"count": 2, "items": None}}},
]


def test_the_score_is_labelled_so_far_until_the_game_is_over():
    playing = rendered(render_seats(SEATS, viewer=0, to_move=0)).splitlines()
    assert playing[0].split()[0] == "seat" and playing[0].endswith("score (so far)")
    assert playing[2].startswith("> Player 1 (you)     -2  gold 3")
    over = rendered(render_seats(SEATS, viewer=0, provisional=False)).splitlines()
    assert over[0].split() == ["seat", "score"]


def test_a_long_zone_is_summarised_by_kind_with_its_last_few_items():
    cards = [f"{rank} of spades" for rank in ("two", "three", "four", "five", "six", "seven", "eight")]
    text = describe_items(cards + ["ace of hearts"], ["playing_card"] * 8)
    assert text == "8 playing cards, last 3: seven of spades, eight of spades, ace of hearts"
    assert describe_items(["pirate"] * 5 + ["ship"], ["pirate"] * 5 + ["ship"]) == "5× pirate, ship"
    mixed = describe_items([f"token {n}" for n in range(30)], ["token"] * 20 + ["box"] * 10)
    assert mixed.startswith("20 tokens, 10 boxes, last 3: token 27")


def test_the_status_says_setup_before_the_first_round():
    assert render_status({"round": 0, "phase": None}).plain == "Setup"
    assert render_status({"round": 2, "phase": "Actions"}).plain == "Round 2 · Actions"


def test_long_options_wrap_under_their_own_text_and_many_short_ones_go_in_columns():
    text = render_actions("Choose", ["a " * 50, "b"], width=40).plain.splitlines()
    assert text[1].startswith("  1. a a") and text[2].startswith("     a")
    assert all(len(line) <= 40 for line in text)
    many = render_actions("Choose", [f"space {n}" for n in range(12)], width=80, room=4).plain.splitlines()
    assert len(many) == 1 + 4 and "  1. space 0" in many[1] and " 12. space 11" in many[-1]


# --- a view fitted to the terminal ------------------------------------------------------------


def observation(log_lines: int = 0, seats: int = 4):
    board = {**ISLANDS, "rows": 6, "cells": ISLANDS["cells"] * 3}
    hand = [f"card {n}" for n in range(6)]
    return {
        "game": "Islands", "round": 3, "phase": "Actions", "seat": 0, "to_move": 0, "terminal": False,
        "boards": [board],
        "seats": [{"name": f"Player {n + 1}", "score": n, "vars": {"glory": n, "sailing": 20 - n},
                   "zones": {"hand": {"count": 6, "items": hand, "kinds": ["card"] * 6},
                             "crew": {"count": 4, "items": ["pirate"] * 4, "kinds": ["pirate"] * 4}}}
                  for n in range(seats)],
        "globals": {"vars": {"turn_order": ["Player 2", "Player 1"]},
                    "zones": {"bag": {"count": 20, "items": None}}},
        "log": [],
    }


def test_a_view_fits_the_terminal_keeping_the_board_and_actions_and_handing_back_older_log_lines():
    log = [f"Player 2 does thing number {n} on the islands." for n in range(20)]
    labels = ["Sail 1 to row 1, column 2", "Sail 2 to row 1, column 3", "Sail 3 to row 1, column 4"]
    screen = fit_screen(observation(), log, width=80, height=24, prompt="Move your ship", labels=labels)
    lines = rendered(screen.view).splitlines()
    assert len(lines) <= 24 - 2  # the blank line before and the input line after
    assert lines[0].startswith("── Islands") or lines[0].split()[0] == "1"  # the title gives way first
    assert sum(1 for line in lines if line[:1].isdigit()) == 6  # every board row
    own = "\n".join(lines[next(n for n, line in enumerate(lines) if "(you)" in line):])
    assert "card 5" in own and "pirate" in own  # the seat's own hand and crew are never cut
    assert lines[-4:] == ["Move your ship"] + [f"  {n}. {label}" for n, label in enumerate(labels, 1)]
    shown = [line.strip() for line in lines if line.strip().startswith("Player 2 does")]
    assert shown and shown[-1] == log[-1].strip()
    assert screen.earlier_log == log[:len(log) - len(shown)]
    assert any("earlier lines above" in line for line in lines)


def test_without_a_height_nothing_is_cut_and_the_last_twelve_log_lines_are_shown():
    log = [f"line {n}" for n in range(20)]
    screen = fit_screen(observation(), log, width=80, prompt="Move", labels=["Sail 1"])
    text = rendered(screen.view)
    assert screen.earlier_log == []
    assert "line 19" in text and "line 7" not in text and "8 earlier lines (type 'log'" in text
    assert "…" not in text


def test_a_tall_terminal_shows_everything():
    screen = fit_screen(observation(seats=2), ["one line"], width=120, height=40, prompt="Move", labels=["Sail 1"])
    text = rendered(screen.view, width=120)
    assert "…" not in text and "one line" in text and screen.earlier_log == []


def test_a_question_with_a_great_many_options_keeps_the_board_on_screen():
    labels = [f"field space on island A: 1 glory (row {n // 5 + 2}, column {n % 5 + 2})" for n in range(24)]
    screen = fit_screen(observation(seats=3), ["a line"], width=120, height=40, prompt="Move it", labels=labels)
    lines = rendered(screen.view, width=120).splitlines()
    assert len(lines) <= 40 - 2
    assert lines[0].startswith("── Islands") and sum(1 for line in lines if line[:1].isdigit()) == 6
    # A long list of cells is set out as rows of their column numbers.
    assert lines[-1] == "  row 6:   2 3 4 5" and screen.cells == "2,2"  # the input line's example


def test_names_held_by_variables_read_as_the_log_writes_them():
    from pirdsl.terminal import format_vars

    assert format_vars({"wind_from": "south_west", "order": ["north_east", 2], "open": True}) == \
        "wind from south west, order north east then 2, open yes"


def test_pieces_labelled_alike_but_marked_apart_keep_their_own_entries():
    from pirdsl.terminal import describe_marks

    # Ships facing different ways: one "N↙" entry would hide the ship facing "→".
    assert describe_marks({"1→": "Player 1's ship", "2↙": "Player 2's ship", "4↙": "Player 4's ship"}) == \
        ["1→ Player 1's ship", "2↙ Player 2's ship", "4↙ Player 4's ship"]
    assert describe_marks({"p1": "Player 1's pawn", "p2": "Player 2's pawn"}) == ["pN Player N's pawn"]


def test_spaces_named_by_their_glyph_are_one_legend_entry():
    from pirdsl.terminal import board_legend

    rows = [[{"caption": "", "glyph": glyph, "kind": kind, "pieces": [], "marks": []}
             for glyph, kind in (("~", "open sea"), ("A", "A"), ("B", "B"), ("C", "C"))]]
    legend = " ".join(line.plain for line in board_legend(rows, 80))
    assert "A–C by name" in legend and "A A" not in legend


def test_a_wide_tall_board_shows_its_pieces_on_a_small_terminal():
    from pirdsl.terminal import render_board

    cells = [[{"glyph": "~", "kind": "open sea", "pieces": [], "marks": []} for _ in range(22)] for _ in range(22)]
    cells[15][7] = {"glyph": "~", "kind": "open sea", "pieces": ["the fathom"], "marks": ["Fa"]}
    board = {"name": "sea", "shape": "hex", "cells": cells}
    console = Console(width=80, record=True, color_system=None)
    console.print(render_board(board, width=80, show_name=False, legend=False, max_rows=8))
    text = console.export_text()
    assert "Fa" in text  # in place of the glyph: no room beside it at 80 columns
    # The open rows around the piece are one line each: the ruler, 1-15, the piece's row 16, 17-22.
    assert "\n16 " in text and "\n 1 " not in text and len(text.splitlines()) == 4
    assert "⋮ rows 1–15: all open sea" in text and "⋮ rows 17–22: all open sea" in text


def test_a_tall_board_keeps_in_sight_the_pieces_the_question_names():
    from pirdsl.terminal import render_board

    cells = [[{"glyph": "~", "kind": "open sea", "pieces": [], "marks": []} for _ in range(22)] for _ in range(22)]
    cells[1][3] = {"glyph": "B", "kind": "island", "pieces": ["island isle b"], "marks": ["B"]}
    cells[2][3] = {"glyph": "B", "kind": "island", "pieces": ["island isle b"], "marks": ["B"]}
    cells[18][7] = {"glyph": "~", "kind": "open sea", "pieces": ["la brume (masts left 4)"], "marks": ["b>"]}
    for row in cells:  # a reef on every row: no run of open rows to draw as one line
        row[0] = {"glyph": "r", "kind": "reef", "pieces": [], "marks": []}
    board = {"name": "sea", "shape": "hex", "cells": cells}

    def shown(focus):
        console = Console(width=80, record=True, color_system=None)
        console.print(render_board(board, width=80, show_name=False, legend=False, max_rows=8, focus=focus))
        return console.export_text()

    assert "b>" not in shown(())  # nothing named: from the first row with a piece
    assert "b>" in shown(("Is la brume ghostly this turn?", "solid", "ghostly"))
    assert "b>" not in shown(("Is la brumes ghostly?",))  # a whole name, not part of a word


# --- choosing by number, name or cell ------------------------------------------------------------


def test_an_option_keeps_its_number_while_the_same_question_is_asked_again():
    from pirdsl.terminal import number_options

    first = number_options(["fathom", "matuku", "san isidro", "Done"])
    assert first == [1, 2, 3, 4]
    earlier = dict(zip(["fathom", "matuku", "san isidro", "Done"], first))
    # matuku was bought: the others keep their numbers, a new option takes the next one.
    assert number_options(["fathom", "san isidro", "Done", "la brume"], earlier) == [1, 3, 4, 5]
    # A count in brackets that changed is the same option.
    moves = dict(zip(["Move (5 left)", "Fire", "End"], [1, 2, 3]))
    assert number_options(["Move (4 left)", "Explore (4 left)", "Fire", "End"], moves) == [1, 4, 2, 3]
    moves.update({"Move (4 left)": 1, "Explore (4 left)": 4})  # asked a third time, the counts down again
    assert number_options(["Move (3 left)", "Fire", "Explore (3 left)", "End"], moves) == [1, 2, 4, 3]
    # Two options that read alike but for their counts were two different options: neither is guessed.
    assert number_options(["Sail (3)"], {"Sail (1)": 1, "Sail (2)": 2}) == [3]


def test_a_choice_is_typed_by_number_name_prefix_or_cell():
    from pirdsl.terminal import match_choice, typed_cell

    labels = ["Fire a cannon volley", "Explore an island (3 left)", "sea storm: 12 points", "san isidro: 11 points",
              "the Kraken to row 2, column 7", "Done"]
    numbers = [3, 4, 5, 9, 10, 27]
    assert match_choice("3", labels, numbers).index == 0  # the number shown, not the place in the list
    assert match_choice("fire", labels, numbers).index == 0
    assert match_choice("EXPLORE", labels, numbers).index == 1
    assert match_choice("san", labels, numbers).index == 3
    assert match_choice("kraken", labels, numbers).index == 4  # a word of the label
    for typed in ("2,7", "row 2 col 7", "r2c7", "g2", "row 2, column 7"):
        assert match_choice(typed, labels, numbers).index == 4, typed
    assert typed_cell("c4") == (4, 3) and typed_cell("3 2") == (3, 2) and typed_cell("fire") is None
    ambiguous = match_choice("s", labels, numbers)
    assert ambiguous.index is None and ambiguous.message == \
        "'s' could be 5 (sea storm: 12 points) or 9 (san isidro: 11 points): type more of the name, or the number."
    assert "There is no action 1: choose from 3 to 5, 9 to 10, 27." == match_choice("1", labels, numbers).message
    unknown = match_choice("xyzzy", labels, numbers).message
    assert unknown.startswith("Not understood: 'xyzzy'.") and "\n" not in unknown
    assert match_choice("1,1", labels, numbers).message.startswith("No option is at row 1, column 1.")


def test_help_and_long_messages_wrap_at_word_boundaries():
    from pirdsl.play import HELP_TEXT
    from pirdsl.terminal import wrap_message

    for width in (50, 80):
        wrapped = wrap_message(HELP_TEXT, width)
        assert all(len(line) <= width for line in wrapped.splitlines())
        assert wrapped.split() == HELP_TEXT.split()  # every word whole, none cut in two
    long = wrap_message("  undo          " + "take back your last decision " * 5, 40).splitlines()
    assert all(line.startswith(" " * 16) for line in long[1:])  # under the explanation


def test_pieces_of_different_owners_sharing_a_mark_are_told_apart():
    from pirdsl.terminal import distinct_marks, fit_marks

    def ship(owner, mark):
        return {"caption": "", "glyph": "~", "kind": "open sea", "pieces": [f"san isidro (owner {owner})"],
                "marks": [mark]}

    islands = {"caption": "", "glyph": "~", "kind": "open sea", "pieces": ["island a", "island a"], "marks": ["A", "A"]}
    marked = distinct_marks([[ship("Player 1", "i→"), ship("Player 2", "i→")], [islands, ship("Player 1", "i↙")]],
                            ["Player 1", "Player 2"])
    assert [cell["marks"] for cell in marked[0]] == [["i1→"], ["i2→"]]
    assert marked[1][1]["marks"] == ["i1↙"]  # the same ship, facing another way
    assert marked[1][0]["marks"] == ["A", "A"]  # alike pieces keep their shared mark
    # Marks the rules already tell apart stay as they are.
    apart = distinct_marks([[ship("Player 1", "i↖"), ship("Player 2", "i⇖")]], ["Player 1", "Player 2"])
    assert [cell["marks"] for cell in apart[0]] == [["i↖"], ["i⇖"]]
    # No seat named: the pieces are numbered in order of appearance.
    other = {"caption": "", "glyph": "~", "kind": "open sea", "pieces": ["sea storm"], "marks": ["s"]}
    plain = {"caption": "", "glyph": "~", "kind": "open sea", "pieces": ["smiling jim"], "marks": ["s"]}
    assert [cell["marks"] for cell in distinct_marks([[other, plain]])[0]] == [["s1"], ["s2"]]
    assert fit_marks(["i1↖"], 2) == "i1"  # one piece in a narrow cell keeps its letters, not a count


def test_show_lists_what_holds_not_flags_that_are_off():
    from pirdsl.terminal import format_vars, format_zones, tidy_piece_text

    assert tidy_piece_text("hms resolute (masts left 3, facing 5, submerged no, towed by none, streamers )") == \
        "hms resolute (masts left 3, facing 5)"
    assert tidy_piece_text("island a (revealed no)") == "island a"
    assert tidy_piece_text("Player 2 (1 of 2)") == "Player 2 (1 of 2)"
    assert format_vars({"cursed": False, "gold": 3, "towed_by": None, "fleet": [], "lucky": True}) == \
        "gold 3, lucky yes"
    zones = {"aboard": {"count": 1, "items": ["explorer eva (cursed flag no, gun shown no)"], "kinds": ["crew"]}}
    assert format_zones(zones) == "aboard: explorer eva"


def test_a_long_list_of_cells_is_set_out_by_row():
    from pirdsl.terminal import cell_grid

    labels = [f"row {row}, column {column}" for row in (1, 2) for column in range(1, 12) if (row, column) != (2, 5)]
    grid = cell_grid(labels + ["Stop"], list(range(1, len(labels) + 2)), width=80).splitlines()
    assert grid[0] == "  row 1:  1  2  3  4  5  6  7  8  9 10 11"
    assert grid[1] == "  row 2:  1  2  3  4     6  7  8  9 10 11"
    assert grid[-1] == "  22. Stop"
    assert cell_grid(labels[:5], [1, 2, 3, 4, 5]) is None  # a few cells are listed one by one
