"""Rummble's board layout and set classifier against rules/rummble.md."""

import pytest
from hypothesis import given, strategies as st

from rummi_desktop.games.rummble.rules.board import CENTRE, SET_MULTIPLIER, TILE_MULTIPLIER, Board, Laid, premium, square
from rummi_desktop.games.rummble.rules.sets import FLUSH, KIND, STRAIGHT, STRAIGHT_FLUSH, classify, set_problem

# The diagram of rules/rummble.md, copied as it is printed there.
RULES_DIAGRAM = """
     0 1 2 3 4 5 6 7 8 9 0 1 2
 0   T . . d . . . . . d . . T
 1   . D . . . t . t . . . D .
 2   . . D . . . d . . . D . .
 3   d . . D . . . . . D . . d
 4   . . . . D . . . D . . . .
 5   . t . . . t . t . . . t .
 6   . . d . . . * . . . d . .
 7   . t . . . t . t . . . t .
 8   . . . . D . . . D . . . .
 9   d . . D . . . . . D . . d
10   . . D . . . d . . . D . .
11   . D . . . t . t . . . D .
12   T . . d . . . . . d . . T
"""


def diagram_marks():
    rows = RULES_DIAGRAM.strip("\n").splitlines()[1:]
    return [(int(line.split()[0]), line.split()[1:]) for line in rows]


def test_every_square_has_the_premium_of_the_rules_diagram():
    marks = diagram_marks()
    assert [row for row, _ in marks] == list(range(13))
    for row, cells in marks:
        assert len(cells) == 13
        for col, mark in enumerate(cells):
            assert premium(row, col) == mark, (row, col)


def test_the_multipliers_follow_the_marks_and_the_star_is_the_centre():
    assert CENTRE == square(6, 6) and premium(6, 6) == "*"
    assert SET_MULTIPLIER[CENTRE] == 2 and TILE_MULTIPLIER[CENTRE] == 1
    assert (TILE_MULTIPLIER[square(0, 3)], SET_MULTIPLIER[square(0, 3)]) == (2, 1)
    assert (TILE_MULTIPLIER[square(1, 5)], SET_MULTIPLIER[square(1, 5)]) == (3, 1)
    assert (TILE_MULTIPLIER[square(1, 1)], SET_MULTIPLIER[square(1, 1)]) == (1, 2)
    assert (TILE_MULTIPLIER[square(12, 12)], SET_MULTIPLIER[square(12, 12)]) == (1, 3)
    assert sum(m == 3 for m in SET_MULTIPLIER) == 4  # ×3 SET only in the corners


def line(text):
    return tuple(Laid.parse(word) for word in text.split())


@pytest.mark.parametrize("text, kind", [
    ("K3 R3", KIND), ("K4 B4 Y4", KIND), ("K5 B5 R5 Y5", KIND), ("K12 B12 R12 Y12 J=K12", KIND),
    ("R7 R7", KIND),
    ("K3 B4 R5 Y6 K7", STRAIGHT), ("K7 B6 R5 Y4 K3", STRAIGHT), ("K3 B4", STRAIGHT), ("B4 K3", STRAIGHT),
    ("K7 K8 K9 K10", STRAIGHT_FLUSH), ("R8 R7", STRAIGHT_FLUSH), ("Y13 Y12 Y11", STRAIGHT_FLUSH),
    ("R3 R7 R9", FLUSH), ("Y11 Y10 Y8 Y7 Y3", FLUSH), ("R3 R4 R9", FLUSH), ("B1 B13 B12", None),
])
def test_the_rules_examples_classify(text, kind):
    assert classify(line(text)) == kind


@pytest.mark.parametrize("text, reason", [
    ("R8 R7 R11 R10 R3", "tiles of one colour must keep going up, or keep going down"),
    ("R8 R11", "two tiles of one colour must be next numbers, like R7 R8"),
    ("K4 B8 R10", "these tiles are neither a run nor a set"),
    ("K13 B1", "these tiles are neither a run nor a set"),  # no wrap-around
    ("K12 B13 R1", "these tiles are neither a run nor a set"),
    ("K3 K4 B6", "these tiles are neither a run nor a set"),
    ("K3", "a line needs at least 2 tiles"),
])
def test_illegal_lines_say_why_in_a_players_words(text, reason):
    assert classify(line(text)) is None
    assert set_problem(line(text)) == reason


def test_a_single_tile_is_not_a_set():
    assert classify(line("K3")) is None and "at least 2" in set_problem(line("K3"))


TILE = st.builds(Laid, st.sampled_from("KBRY"), st.integers(1, 13), st.booleans())


@given(st.lists(TILE, min_size=2, max_size=8))
def test_every_kind_reads_the_same_backwards(tiles):
    assert classify(tuple(tiles)) == classify(tuple(reversed(tiles)))


@given(st.lists(TILE, min_size=2, max_size=8))
def test_the_classifier_agrees_with_the_definitions(tiles):
    numbers = [t.number for t in tiles]
    steps = {b - a for a, b in zip(numbers, numbers[1:])}
    one_colour = len({t.colour for t in tiles}) == 1
    if steps == {0}:
        expected = KIND
    elif steps in ({1}, {-1}):
        expected = STRAIGHT_FLUSH if one_colour else STRAIGHT
    elif one_colour and len(tiles) >= 3 and (all(s > 0 for s in steps) or all(s < 0 for s in steps)):
        expected = FLUSH
    else:
        expected = None
    assert classify(tuple(tiles)) == expected
    assert (set_problem(tuple(tiles)) == "") == (expected is not None)


def test_board_lines_find_every_run_of_two_or_more():
    board = Board.from_tiles([(0, 11, "K1"), (0, 12, "K2"), (1, 0, "R5"), (2, 0, "R6"), (5, 5, "B9")])
    found = {(first, step, tiles) for first, step, tiles in board.lines()}
    assert found == {(square(0, 11), 1, line("K1 K2")), (square(1, 0), 13, line("R5 R6"))}


def test_laid_notation_round_trips_and_a_bare_joker_is_refused():
    assert Laid.parse("j=k7") == Laid("K", 7, True) and Laid("K", 7, True).notation() == "J=K7"
    assert Laid.parse("R13").notation() == "R13" and Laid("K", 7, True).value == 0
    for bad in ("J", "X7", "R14", "J=J"):
        with pytest.raises(ValueError):
            Laid.parse(bad)
