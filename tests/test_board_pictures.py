"""Board pictures a player can set up from: the pieces at the start, facings, rings, and no near-empty last page."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import codegen
from codegen.board import BoardStart, PlacedPiece, board_picture, numbered_links, ring_layout, start_table
from codegen.render import SHORT_PAGE, last_page_filled, without_short_last_page
from dsl import ast
from dsl.parser import parse_source
from interpreter import load_source
from pirdsl.cli import main
from pirdsl.start import direction_variables, player_counts, starting_placements

CASES = Path(__file__).parent / "cases"

SCENARIO = '''\
game "Scenario":
  players 2 to 3

kind side: red, black
kind bearing: north_east, east, south_east, south_west, west, north_west
piece ship(side, title) labelled "{title}" marked "{title}"
piece buoy labelled "buoy" marked "o"
piece kraken labelled "the monster" marked "K"
piece wreck labelled "a wreck" marked "W"
var facing per ship = east
var strength per ship = 3

die d6: 1, 2, 3, 4, 5, 6

board sea: hex 4 by 5
  layer water:
    "~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~"
    "~ ~ ~ ~ ~"
  legend water: "~" = open_sea

define number_of(b) = index_of(bearing, b)
define ahead(s) = step(where(s), number_of(s.facing))

variant far "The red ship starts further off"

setup:
  create 1 ship(red, "A") in at(sea, 0, 3 if variant far else 1)
  let first = top(at(sea, 0, 3 if variant far else 1))
  first.facing = south_east
  create 1 ship(black, "B") in at(sea, 3, 1)
  if count(players) == 3:
    create 1 buoy in at(sea, 2, 2)
  players[0] chooses c from [at(sea, 1, 4), at(sea, 2, 4)] "Where does the monster start?"
  create 1 kraken in c
  roll r on d6
  create 1 wreck in at(sea, 3, r - 1 if r < 5 else 4)

play:
  pass

score p: 0
'''


def scenario_game():
    return load_source(SCENARIO, "scenario.pir")


def test_a_piece_variable_used_as_a_direction_is_a_facing():
    game = scenario_game()
    assert direction_variables(game.file) == {"facing": "bearing"}  # through a define of its place in a kind
    facing = parse_source((CASES / "facing.pir").read_text(encoding="utf-8"), "facing.pir")
    assert direction_variables(facing) == {"facing": None}  # the number itself: step(x, x.facing)


def test_setup_is_played_to_find_what_it_places_the_same_way_every_time():
    [start] = starting_placements(scenario_game())
    assert start.board == "sea"
    pieces = {piece.label: piece for piece in start.pieces}
    assert set(pieces) == {"A", "B", "buoy"}  # the monster and the wreck are not drawn as fixed
    assert start.chosen == ["the monster"] and start.drawn == ["a wreck"]
    first = pieces["A"]
    assert (first.row, first.column, first.where) == (0, 1, "row 1, column 2")
    assert first.facing_angle == 60.0 and first.facing == "↘ south east"
    assert ("side", "red") in first.values and ("strength", "3") in first.values
    assert first.group == "side red" and first.players == ""
    assert pieces["B"].facing == "→ east"
    assert pieces["buoy"].players == "3 players"  # placed only with three players


def test_a_numbered_facing_is_an_arrow_too():
    game = load_source((CASES / "facing.pir").read_text(encoding="utf-8"), "facing.pir")
    [start] = starting_placements(game)
    ships = [piece for piece in start.pieces if piece.label.startswith("ship")]
    assert {(piece.row, piece.column, piece.facing) for piece in ships} == {(2, 0, "→ east"), (2, 3, "→ east")}


def test_player_counts_in_words():
    assert player_counts([2, 3, 4], [2, 3, 4]) == ""
    assert player_counts([3, 4], [2, 3, 4]) == "3 or 4 players"
    assert player_counts([3, 4, 5], [2, 3, 4, 5]) == "3 or more players"
    assert player_counts([2], [2, 3]) == "2 players"
    assert player_counts([2, 3], [2, 3, 4]) == "2 to 3 players"


def board_of(source: str) -> ast.BoardDecl:
    file = parse_source(source, "board.pir")
    return next(d for d in file.declarations if isinstance(d, ast.BoardDecl))


def test_the_pieces_at_the_start_are_drawn_and_tabled():
    board = board_of(SCENARIO)
    pieces = [PlacedPiece(0, 1, "A", "A", "row 1, column 2", 60.0, "↘ south east", [("side", "red")], group="side red"),
              PlacedPiece(3, 1, "B", "B", "row 4, column 2", 0.0, "→ east", [("side", "black")], group="side black"),
              PlacedPiece(2, 2, "*", "buoy", "row 3, column 3", players="3 players")]
    picture = board_picture(board, [], BoardStart("sea", pieces, chosen=["the monster"], drawn=["a wreck"]))
    assert picture.varied  # an open sea, but with ships on it
    assert picture.svg.count("<rect") == 3 and ">A</text>" in picture.svg and ">*</text>" in picture.svg
    assert 'fill="#b01e1e"' in picture.svg and 'fill="#1b1b1b"' in picture.svg  # a side named after a colour
    assert picture.svg.count("<polygon") == 20 + 2  # the hexes, and an arrowhead for each facing
    assert picture.start_header == ["Piece", "Where", "Facing", "Starting values"]
    assert picture.start_rows[0] == ["`A` A", "row 1, column 2", "↘ south east", "side red"]
    assert picture.start_rows[1] == ["`*` buoy (3 players)", "row 3, column 3", "–", "–"]  # row by row
    assert picture.start_notes == ["Not drawn: the monster, which setup has a player place.",
                                   "Not drawn: a wreck, which setup places by chance."]
    assert picture.text_map.splitlines()[0] == "~ A ~ ~ ~"  # the marks on a map of one kind of cell
    assert [entry.tokens for entry in picture.piece_legend] == ["A", "B", "*"]


def test_look_alike_pieces_and_pieces_that_share_a_place_share_a_row():
    pieces = [PlacedPiece(0, 0, "S1", "Player 1's ship", "space 0"),
              PlacedPiece(0, 0, "S2", "Player 2's ship", "space 0", players="3 players"),
              PlacedPiece(0, 4, "*", "token", "space 4"), PlacedPiece(1, 1, "*", "token", "space 11")]
    kinds = [["home", "", "", "", "lair"], ["", "lair"]]
    header, rows = start_table(pieces, kinds)
    assert header == ["Piece", "Where"]
    assert rows == [["`S1` Player 1's ship, `S2` Player 2's ship (3 players)", "space 0 (home)"],
                    ["`*` token", "space 4 and 11 (lair)"]]


RING = '''\
game "Ring":
  players 2 to 2

board track: grid 2 by 13
  layer ground:
    "s s f s s s f s s s f s s"
    "f s s f s s s f s s s f s"
  legend ground: "s" = sea, "f" = fort
  layer number:
    "0 1 2 3 4 5 6 7 8 9 10 11 12"
    "13 14 15 16 17 18 19 20 21 22 23 24 25"
  caption number

#: The way on from the forks.
table forks:
  1 -> [2, 24]
  23 -> [0]
  25 -> [5]

play:
  pass

score p: 0
'''


def test_a_closed_track_is_laid_out_as_a_ring_with_its_lanes_inside():
    file = parse_source(RING, "ring.pir")
    board = next(d for d in file.declarations if isinstance(d, ast.BoardDecl))
    tables = [d for d in file.declarations if isinstance(d, ast.TableDecl)]
    caption = board.layers[1]
    cells, links = numbered_links(caption, tables)
    ring = ring_layout(cells, links)
    assert ring is not None
    assert ring.main == list(range(24)) and ring.forks == {1: [2, 24]}
    assert len({ring.places[n] for n in ring.main}) == 24  # round the rectangle, each in its own square
    assert ring.places[24][1] > 1 and ring.places[25][1] > 1  # the lane lies inside the ring, off its top row
    picture = board_picture(board, tables)
    assert picture.description.startswith("a track of 26 spaces round a ring")
    assert picture.svg.count("<rect") == 26 and "<polygon" in picture.svg  # an arrow on the way into the lane
    assert "at 1 the way forks to 2 or 24; after 23 comes 0 again." in picture.text_note


def test_a_track_that_runs_from_square_to_square_keeps_its_grid():
    cells = {0: (0, 0), 1: (0, 1), 2: (1, 1), 3: (1, 0)}
    assert ring_layout(cells, {(0, 1), (1, 2), (2, 3), (3, 0)}) is None  # already drawn as it runs
    assert ring_layout(cells, {(0, 1), (1, 2), (2, 3)}) is None  # no way back: not a ring


def test_the_reference_command_draws_the_start(tmp_path, capsys):
    path = tmp_path / "scenario.pir"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(["reference", str(path), "--kind", "summary", "--quiet"]) == 0
    summary = capsys.readouterr().out
    assert "At the start of play:" in summary and "| `A` A | row 1, column 2 | ↘ south east | side red, strength 3 |" \
        in summary
    assert "Not drawn: the monster, which setup has a player place." in summary
    html = codegen.render_html(codegen.build_reference(parse_source(SCENARIO, str(path)), SCENARIO, (), None,
                                                       starts=starting_placements(scenario_game())), "card")
    assert 'class="piece-mark"' in html  # the card's legend names the marks


def fake_document(pages: int, end: float):
    """A laid-out document of `pages` A4 pages whose text ends `end` of the way down the last."""
    height = 1122.5
    last = SimpleNamespace(height=height, anchors={"summary-end": (0, 9 * 96 / 25.4 + end * (height - 2 * 9 * 96 / 25.4))})
    return SimpleNamespace(pages=[SimpleNamespace()] * (pages - 1) + [last])


def test_a_near_empty_last_page_is_taken_back_by_a_slightly_smaller_size():
    assert abs(last_page_filled(fake_document(3, 0.1)) - 0.1) < 1e-6
    tried = []

    def layout(size):
        tried.append(size)
        return fake_document(2 if size <= 8.0 else 3, 0.9)

    assert len(without_short_last_page(fake_document(3, 0.1), 8.5, layout).pages) == 2
    assert tried == [8.25, 8.0]
    tried.clear()
    full = fake_document(3, SHORT_PAGE + 0.1)
    assert without_short_last_page(full, 8.5, layout) is full and tried == []  # a fuller page stays
    never = without_short_last_page(fake_document(3, 0.1), 8.5, lambda size: fake_document(3, 0.2))
    assert len(never.pages) == 3  # no size within reach does it: the summary stays as it was


LENGTHS = '''\
game "Lengths":
  players 2 to 2

piece boat(owner) labelled "{owner.name}'s boat"
kind measure: s, l

board sea: hex 3 by 3
  layer water:
    "~ ~ ~"
    "~ ~ ~"
    "~ ~ ~"
  legend water: "~" = open_sea

define S = 2
define L = 3
define crew = 4
define length(m) = S if m == s else L
define gap(a, b) = distance(a, b) - 1
define near(a, b) = distance(a, b) <= length(s)
define far(a, b) = gap(a, b) >= 2 * L
define full(p) = count(p.hand) >= crew

play:
  pass

score p: 0
'''


def test_the_lengths_the_rules_compare_with_distances_are_said_in_cells():
    from codegen.board import distance_lengths

    file = parse_source(LENGTHS, "lengths.pir")
    assert distance_lengths(file.declarations) == [("S", 2), ("L", 3)]  # not `crew`, never compared with a distance
    summary = codegen.render_markdown(codegen.build_reference(file, LENGTHS, (), None, date="2024-05-01"), "summary")
    assert "3 rows of 3 hexes, all open sea. Distances are counted in hexes: S is 2 hexes and L is 3 hexes." in summary


def test_a_crowded_cell_draws_a_numbered_family_of_marks_as_one_badge():
    from codegen.board import crowded

    badges = {f"S{n}": "#123456" for n in range(1, 7)} | {"G": "#654321"}
    assert [mark for mark, _ in crowded(badges)] == ["S1–6", "G"]
    assert crowded({"A": "#1", "B2": "#2", "C": "#3"}) == [("A", "#1"), ("B2", "#2"), ("C", "#3")]


def test_a_variant_that_places_the_pieces_otherwise_is_told_too():
    [start] = starting_placements(scenario_game())
    [(variant, pieces)] = start.variants
    assert variant == "far" and [(piece.label, piece.column) for piece in pieces if piece.label == "A"] == [("A", 3)]
    picture = board_picture(board_of(SCENARIO), [], start)
    [(title, header, rows)] = picture.variant_starts
    assert title == "With the variant “far” in play, setup places this instead of A:"
    assert rows == [["`A` A", "row 1, column 4", "↘ south east", "side red, strength 3"]]
    [chosen] = starting_placements(scenario_game(), ["far"])
    assert chosen.variants == [] and any(piece.column == 3 for piece in chosen.pieces)  # in play: the start itself
