"""Each game's Position (rules/position.py): the one reader of a position's JSON/TOML form for
analyze, the puzzle record and the sandbox. It round-trips, and every kind of bad input is a
PositionError with one clear sentence."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.games import GAMES
from rummi_desktop.games.positions import PositionError
from rummi_desktop.games.rummble.rules.board import SIZE, Laid
from rummi_desktop.games.rummble.rules.position import RummblePosition
from rummi_desktop.games.rummble.rules.state import RummbleParameters
from rummi_desktop.games.rummble.table.scenario import RummbleScenario
from rummi_desktop.games.rummi.rules.position import RummiPosition
from rummi_desktop.games.rummi.rules.state import RummiParameters
from rummi_desktop.games.rummi.table.scenario import RummiScenario
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.games.tumblewords.table.scenario import TumblewordsScenario
from rummi_desktop.puzzles.positions import position_problem
from rummi_desktop.tiles import Tile, parse_tiles, standard_set

TILES = st.sampled_from(sorted(set(standard_set())))
FACES = st.sampled_from(sorted(tile for tile in set(standard_set()) if not tile.is_joker))


# ---- round trips ----------------------------------------------------------------------------------
@given(table=st.lists(st.lists(TILES, max_size=5).map(tuple), max_size=4).map(tuple),
       rack=st.lists(TILES, max_size=14).map(tuple), initial=st.booleans())
def test_a_rummi_position_round_trips(table, rack, initial):
    position = RummiPosition(table, rack, initial)
    assert RummiPosition.from_dict(position.to_dict()) == position


@st.composite
def rummble_boards(draw):
    squares = draw(st.lists(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), unique=True, max_size=8))
    return tuple((row, col, Laid(face.colour, face.number, draw(st.booleans())))
                 for (row, col), face in zip(squares, draw(st.lists(FACES, min_size=len(squares), max_size=len(squares)))))


@given(board=rummble_boards(), rack=st.lists(TILES, max_size=10).map(tuple))
def test_a_rummble_position_round_trips(board, rack):
    position = RummblePosition(board, rack)
    assert RummblePosition.from_dict(position.to_dict()) == position


@st.composite
def tumblewords_rows(draw):
    """Rows that keep gravity: each column a stack of letters (lower case a blank) from the bottom."""
    columns, rows = draw(st.integers(1, 10)), draw(st.integers(1, 10))
    letter = st.sampled_from(LETTERS + LETTERS.lower())
    stacks = [draw(st.lists(letter, max_size=rows)) for _ in range(columns)]
    return tuple("".join(stack[rows - 1 - r] if rows - 1 - r < len(stack) else "." for stack in stacks)
                 for r in range(rows))


@settings(max_examples=60)
@given(rows=tumblewords_rows(), hand=st.lists(st.sampled_from(LETTERS + BLANK), max_size=7).map(tuple),
       min_length=st.integers(2, 30),
       words=st.none() | st.lists(st.text("abcdefghij", min_size=2, max_size=6), min_size=1, max_size=5).map(tuple))
def test_a_tumblewords_position_round_trips(rows, hand, min_length, words):
    position = TumblewordsPosition(rows, hand, min_length, words)
    assert TumblewordsPosition.from_dict(position.to_dict()) == position


def test_a_position_leaves_the_defaults_out_of_its_form():
    assert TumblewordsPosition(("..",), ("A",)).to_dict() == {"game": "tumblewords", "rows": [".."], "hand": ["A"]}
    assert RummiPosition().to_dict() == {"game": "rummi", "table": [], "rack": [], "initial": False}


def test_every_game_names_its_position_in_its_spec():
    assert {key: spec.position for key, spec in GAMES.items()} == {
        "rummi": RummiPosition, "rummble": RummblePosition, "tumblewords": TumblewordsPosition}


# ---- bad input: one error type, one sentence --------------------------------------------------------
RUMMI = {"game": "rummi", "table": [["R1", "R2", "R3"]], "rack": ["K9"], "initial": False}
RUMMBLE = {"game": "rummble", "board": [[6, 5, "R2"], [6, 6, "R3"]], "rack": ["K1"]}
TUMBLEWORDS = {"game": "tumblewords", "rows": ["....", ".A.."], "hand": ["T", "?"]}


@pytest.mark.parametrize("reader, data, message", [
    (RummiPosition, ["R1"], "a position must be a JSON object, not array"),
    (RummiPosition, {**RUMMI, "game": "rummble"}, "this is not a Rummi position"),
    (RummiPosition, {**RUMMI, "play": []}, 'unknown key "play" (a Rummi position has game, table, rack, initial, rules)'),
    (RummiPosition, {"game": "rummi", "rack": []}, 'missing key "table"'),
    (RummiPosition, {**RUMMI, "table": "R1 R2 R3"}, "table must be an array of melds (arrays of tiles), not string"),
    (RummiPosition, {**RUMMI, "table": [["R1", 7]]}, 'table meld 1: 7 is not a tile (tiles are strings like "R7")'),
    (RummiPosition, {**RUMMI, "rack": ["R14"]}, "rack: 'R14': no tile numbered 14"),
    (RummiPosition, {**RUMMI, "rack": {"R1": 1}}, 'rack must be an array of tiles like ["R7", "J"], not object'),
    (RummiPosition, {**RUMMI, "initial": "yes"}, 'initial must be true or false, not "yes"'),
    (RummblePosition, {**RUMMBLE, "game": "rummi"}, "this is not a Rummble position"),
    (RummblePosition, {"game": "rummble", "board": []}, 'missing key "rack"'),
    (RummblePosition, {**RUMMBLE, "board": [[6, 5]]}, "board: [6, 5] is not [row, column, tile]"),
    (RummblePosition, {**RUMMBLE, "board": [[13, 5, "R2"]]}, "the row must be a whole number 0 to 12"),
    (RummblePosition, {**RUMMBLE, "board": [[6, True, "R2"]]}, "the column must be a whole number 0 to 12"),
    (RummblePosition, {**RUMMBLE, "board": [[6, 5, "J"]]}, "a joker on the board is declared, e.g. J=K7"),
    (RummblePosition, {**RUMMBLE, "board": [[6, 5, "R2"], [6, 5, "R3"]]}, "board: square 6,5 is named twice"),
    (RummblePosition, {**RUMMBLE, "rack": "K1"}, "rack must be an array of tiles"),
    (TumblewordsPosition, {**TUMBLEWORDS, "board": []}, 'unknown key "board" (a Tumblewords position has game, rows, hand'),
    (TumblewordsPosition, {**TUMBLEWORDS, "rows": []}, "rows must be a non-empty array of strings"),
    (TumblewordsPosition, {**TUMBLEWORDS, "rows": ["....", 4]}, "rows: row 2 is number, not a string"),
    (TumblewordsPosition, {**TUMBLEWORDS, "rows": ["." * 31]}, "rows: a board has at most 30 rows of at most 30 squares"),
    (TumblewordsPosition, {**TUMBLEWORDS, "rows": [".A..", "...."]}, "rows: column 1 has a tile above a vacant square"),
    (TumblewordsPosition, {**TUMBLEWORDS, "rows": ["...", "...."]}, "rows: the rows must be of one length"),
    (TumblewordsPosition, {**TUMBLEWORDS, "hand": ["TT"]}, 'hand: "TT" is not a letter'),
    (TumblewordsPosition, {**TUMBLEWORDS, "min_length": 1}, "min_length must be a whole number from 2 to 30, not 1"),
    (TumblewordsPosition, {**TUMBLEWORDS, "words": ["cat", "c4t"]}, "words: word 2: 'c4t' holds '4'"),
    (TumblewordsPosition, {**TUMBLEWORDS, "words": ["a", "b"]}, "words: no word of two or more letters"),
])
def test_bad_input_is_a_position_error_saying_what_is_wrong(reader, data, message):
    with pytest.raises(PositionError) as raised:
        reader.from_dict(data)
    assert message in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("position, message", [
    (RummiPosition((tuple(parse_tiles("R1 R2 R4")),), ()), "the table is not a set of valid melds: "),
    (RummiPosition((), tuple(parse_tiles("J J J"))), "table and rack together name more copies than exist of J"),
    (RummblePosition(((6, 5, Laid.parse("R2")), (6, 6, Laid.parse("K9"))), ()),
     "the board is not legal: R2 K9 in row 6 \\(columns 5–6\\): these tiles are neither a run nor a set"),
    (RummblePosition(((6, 5, Laid.parse("J=R2")),), tuple(parse_tiles("J J"))),
     "board and rack together name more copies than exist of J"),
])
def test_a_position_no_game_could_reach_is_refused_by_check_legal(position, message):
    with pytest.raises(PositionError, match=message):
        position.check_legal()


def test_a_legal_position_passes_check_legal_unchanged():
    for reader, data in ((RummiPosition, RUMMI), (RummblePosition, RUMMBLE), (TumblewordsPosition, TUMBLEWORDS)):
        position = reader.from_dict(data)
        assert position.check_legal() == position and position.to_dict() == data


# ---- to a game state -------------------------------------------------------------------------------
def test_a_position_becomes_a_turn_of_its_game():
    rummi = RummiPosition.from_dict({**RUMMI, "initial": True}).to_state(RummiParameters(seats=("human", "hard")))
    assert rummi.table_tiles() == [parse_tiles("R1 R2 R3")] and rummi.current == 0 and rummi.owes_opening
    rummble = RummblePosition.from_dict(RUMMBLE).to_state(RummbleParameters(seats=("human", "human")))
    assert rummble.board.cells[6 * SIZE + 5] == Laid.parse("R2") and rummble.rack_tiles(0) == [Tile.parse("K1")]
    words = TumblewordsPosition.from_dict({**TUMBLEWORDS, "rows": ["." * 8] * 7 + ["CAT....."]})
    state = words.to_state(TumblewordsParameters(seats=("human", "human")))
    assert state.grid.row_texts()[-1] == "CAT....." and state.hand(0) == ["T", "?"]


# ---- the two other readers go through it ------------------------------------------------------------
def test_a_puzzle_position_is_read_by_its_game_position_and_has_no_move_or_word_list():
    assert position_problem("rummi", RUMMI) is None
    assert position_problem("rummi", {**RUMMI, "rack": ["R14"]}).startswith("rack: 'R14': no tile numbered 14")
    assert position_problem("rummble", {**RUMMBLE, "board": [[6, 5, "R2"], [6, 6, "K9"]]}).startswith(
        "the board is not legal")
    assert position_problem("tumblewords", {**TUMBLEWORDS, "words": ["cat"]}) == (
        "unknown key 'words' (the position has game, rows, hand, min_length)")


@pytest.mark.parametrize("scenario, data, message", [
    (RummiScenario, {**RUMMI, "table": [[]]}, "the table must be a list of melds, each a list of tiles"),
    (RummiScenario, {**RUMMI, "table": [["R7", "R7", "R7"]]}, "both copies of R7 are already in use"),
    (RummiScenario, {**RUMMI, "rack": ["R14"]}, "rack: 'R14': no tile numbered 14"),
    (RummbleScenario, {**RUMMBLE, "game": "rummi"}, "this is not a Rummble position"),
    (TumblewordsScenario, TUMBLEWORDS, "a 4 × 2 board is none of the game's sizes"),
    (TumblewordsScenario, {**TUMBLEWORDS, "rows": ["." * 8] * 8, "min_length": 4}, "the shortest word is 2 or 3"),
])
def test_a_sandbox_refuses_a_position_it_cannot_hold_with_a_position_error(scenario, data, message):
    with pytest.raises(PositionError, match=message):
        scenario.from_position(data)


def test_a_sandbox_scenario_writes_its_game_position():
    for scenario, data in ((RummiScenario, RUMMI), (RummbleScenario, RUMMBLE),
                           (TumblewordsScenario, {**TUMBLEWORDS, "rows": ["." * 8] * 7 + ["CAT....."]})):
        assert scenario.from_position(data).position() == data


def test_a_sandbox_opens_a_position_missing_its_empty_parts_or_carrying_labels_as_it_always_did():
    """The sandbox is more forgiving than a puzzle: a Rummi position without its game, table or
    rack, analyze's id and comment labels, and initial given as a number all open."""
    rummi = RummiScenario.from_position({"rack": ["R7"], "id": "p1", "comment": "mine", "initial": 1})
    assert rummi.position() == {"game": "rummi", "table": [], "rack": ["R7"], "initial": True}
    rummble = RummbleScenario.from_position({"game": "rummble", "rack": ["K1"], "id": 3})
    assert rummble.position() == {"game": "rummble", "board": [], "rack": ["K1"]}
    rows = ["." * 8] * 7 + ["CAT....."]
    tumblewords = TumblewordsScenario.from_position({"game": "tumblewords", "rows": rows, "comment": "x"})
    assert tumblewords.position()["rows"] == rows and tumblewords.position()["hand"] == []
    with pytest.raises(PositionError, match="not a Rummble position"):
        RummbleScenario.from_position({"rack": ["K1"]})  # but a position still names its game
