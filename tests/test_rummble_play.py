"""The one Rummble play check: the rules' scoring examples on the real board, each refusal the
rules name (with the offending line), the scoring order with premiums, the Rummmble bonus and
declared jokers."""

import re

from rummi_desktop.games.rummble.rules.board import Board, Laid, premium, square
from rummi_desktop.games.rummble.rules.play import NOT_A_SET, check_play
from rummi_desktop.games.rummble.rules.sets import FLUSH, KIND, STRAIGHT, STRAIGHT_FLUSH


def play(*placements):
    """``play((6, 5, "R2"), …)`` as the check takes it."""
    return [(square(row, col), Laid.parse(tile)) for row, col, tile in placements]


def checked(board_tiles, *placements, highest=13):
    return check_play(Board.from_tiles(board_tiles), play(*placements), highest)


def summary(verdict):
    return [(" ".join(found.tile_texts()), found.kind, found.points) for found in verdict.sets]


# ----- the three examples of the rules (seed text), placed on plain squares -------------------
# Example 1: the board's 2 3 4 5 on row 9, columns 5–8; the 1s down column 4, rows 9–12.
# Example 2: the board's 2 3 4 5 on row 9, columns 4–7; the flush on row 10, columns 7–9.
# Example 3: the 8 8 8 on row 1, columns 5–7, the 7 6 5 down column 7; X is the ×2 TILE at 2,6.
def test_example_one_scores_19():
    squares = [(9, 4), (10, 4), (11, 4), (12, 4), (9, 5), (9, 6), (9, 7), (9, 8)]
    assert all(premium(r, c) == "." for r, c in squares)
    verdict = checked([(9, 5, "K2"), (9, 6, "B3"), (9, 7, "R4"), (9, 8, "Y5")],
                      (9, 4, "R1"), (10, 4, "K1"), (11, 4, "B1"), (12, 4, "Y1"))
    assert verdict.legal
    assert summary(verdict) == [("R1 K1 B1 Y1", KIND, 4), ("R1 K2 B3 R4 Y5", STRAIGHT, 15)]
    assert verdict.score == 19 and verdict.bonus == 0


def test_example_two_scores_31():
    squares = [(10, 7), (10, 8), (10, 9), (9, 4), (9, 5), (9, 6), (9, 7)]
    assert all(premium(r, c) == "." for r, c in squares)
    verdict = checked([(9, 4, "K2"), (9, 5, "B3"), (9, 6, "R4"), (9, 7, "Y5")],
                      (10, 7, "R5"), (10, 8, "R7"), (10, 9, "R9"))
    assert summary(verdict) == [("R5 R7 R9", FLUSH, 21), ("Y5 R5", KIND, 10)]
    assert verdict.score == 31


def test_example_three_scores_70():
    assert premium(2, 6) == "d"
    board = [(1, 5, "K8"), (1, 6, "B8"), (1, 7, "Y8"), (2, 7, "R7"), (3, 7, "K6"), (4, 7, "B5")]
    verdict = checked(board, (2, 6, "R8"))
    assert sorted(summary(verdict)) == [("B8 R8", KIND, 24), ("R8 R7", STRAIGHT_FLUSH, 46)]
    assert verdict.score == 70


# ----- refusals -------------------------------------------------------------------------------
def refusal(board_tiles, *placements):
    verdict = checked(board_tiles, *placements)
    assert not verdict.legal and verdict.sets == () and verdict.score == 0
    return verdict.reason


def test_a_two_tile_flush_is_refused_naming_its_line():
    assert refusal([(6, 6, "R3")], (6, 7, "R8")) == (
        "R3 R8 in row 6 (columns 6–7): two tiles of one colour must be next numbers, like R7 R8")


def test_a_flush_that_is_not_monotone_is_refused():
    reason = refusal([(6, 5, "R8"), (6, 6, "R7")], (6, 7, "R11"), (6, 8, "R10"), (6, 9, "R3"))
    assert reason == ("R8 R7 R11 R10 R3 in row 6 (columns 5–9): "
                      "tiles of one colour must keep going up, or keep going down")


def test_a_gap_is_refused():
    assert refusal([(6, 6, "K5")], (6, 7, "K6"), (6, 9, "K8")) == (
        "there is a gap at row 6, column 8: this turn's tiles must make one unbroken line")


def test_board_tiles_may_fill_the_line_between_placed_tiles():
    verdict = checked([(6, 6, "K5")], (6, 5, "K4"), (6, 7, "K6"))
    assert summary(verdict) == [("K4 K5 K6", STRAIGHT_FLUSH, (4 + 5 + 6) * 2)]


def test_tiles_not_in_one_line_are_refused():
    assert refusal([(6, 6, "K5")], (6, 7, "K6"), (7, 8, "K7")) == "put this turn's tiles all in one row or all in one column"


def test_the_first_play_must_cover_the_star_with_two_tiles():
    assert refusal([], (5, 5, "K1"), (5, 6, "K2")) == "the first play must cover the star in the middle of the board"
    assert refusal([], (6, 6, "K1")) == "the first play needs at least 2 tiles"
    assert checked([], (6, 6, "K1"), (7, 6, "B1")).score == 2 * 2  # the star doubles


def test_collateral_junk_is_refused_naming_the_column():
    reason = refusal([(3, 5, "K4")], (4, 5, "B8"), (5, 5, "R10"))
    assert reason == "K4 B8 R10 in column 5 (rows 3–5): these tiles are neither a run nor a set"
    reason = refusal([(9, 4, "K2"), (9, 5, "B3"), (9, 6, "R4"), (9, 7, "R5")],
                     (10, 8, "Y9"), (10, 7, "Y11"), (10, 9, "Y12"))
    assert reason.startswith("Y11 Y9 Y12 in row 10 (columns 7–9): ")
    reason = refusal([(9, 4, "K2"), (9, 5, "B3"), (9, 6, "R4"), (9, 7, "R5")],
                     (10, 7, "Y9"), (10, 8, "Y11"), (10, 9, "Y12"))
    assert reason == "R5 Y9 in column 7 (rows 9–10): these tiles are neither a run nor a set"


def test_a_play_must_touch_the_board_and_use_empty_squares():
    assert refusal([(6, 6, "K5")], (0, 0, "K1"), (0, 1, "K2")) == "the play must touch a tile already on the board"
    assert refusal([(6, 6, "K5")], (6, 6, "K6")) == "the square at row 6, column 6 already holds K5"
    assert refusal([(6, 6, "K5")], (6, 7, "K6"), (6, 7, "K7")) == "two tiles are on the same square"
    assert refusal([(6, 6, "K5")]) == "put at least one tile on the board"


def test_a_single_tile_counts_both_its_lines():
    board = [(5, 6, "K5"), (6, 5, "B6")]  # the new tile at 6,6 joins a column and a row
    verdict = checked(board, (6, 6, "K6"))
    assert sorted(summary(verdict)) == [("B6 K6", KIND, (6 + 6) * 2), ("K5 K6", STRAIGHT_FLUSH, (5 + 6) * 2 * 2)]
    # K7 would make a straight B6 K7 across, but K5 K7 down is a two-tile flush
    assert refusal(board, (6, 6, "K7")) == ("K5 K7 in column 6 (rows 5–6): "
                                            "two tiles of one colour must be next numbers, like R7 R8")


# ----- the scoring order and the premiums -----------------------------------------------------
def test_tile_premium_then_straight_flush_then_set_premium():
    # Row 0 is T . . d: the ×3 SET at 0,0 and the ×2 TILE at 0,3; the board's R5 at 0,4.
    verdict = checked([(0, 4, "R5")], (0, 0, "R1"), (0, 1, "R2"), (0, 2, "R3"), (0, 3, "R4"))
    assert summary(verdict) == [("R1 R2 R3 R4 R5", STRAIGHT_FLUSH, (1 + 2 + 3 + 4 * 2 + 5) * 2 * 3)]
    assert verdict.score == 114  # not (15 × 2 × 3) + 4 = 94: the tile premium is inside the base


def test_each_new_tile_on_a_set_premium_multiplies():
    # Row 4 has ×2 SET at 4,4 and 4,8: both under new tiles, the set scores ×4.
    verdict = checked([(4, 9, "K6")], *[(4, 4 + i, f"K{i + 1}") for i in range(5)])
    assert verdict.score == (1 + 2 + 3 + 4 + 5 + 6) * 2 * 2 * 2


def test_premiums_count_only_under_newly_placed_tiles():
    # B7 on the star and B8 were laid before: extending them earns no ×2 SET.
    assert checked([(6, 6, "B7"), (6, 7, "B8")], (6, 8, "B9")).score == (7 + 8 + 9) * 2
    # a board tile on a ×3 TILE square counts once
    assert checked([(5, 5, "K9")], (5, 6, "B9")).score == 18
    assert checked([(5, 6, "K9")], (5, 5, "B9")).score == 9 * 3 + 9


def test_a_full_rack_is_a_rummmble():
    tiles = [(6, col, f"{'KB'[col % 2]}{col}") for col in range(1, 11)]  # a straight 1–10 across the star
    verdict = checked([], *tiles)
    base = sum(range(1, 11)) + 2 + 10  # the 2 and the 10 lie on ×2 TILE squares
    assert summary(verdict) == [(" ".join(t for _, _, t in tiles), STRAIGHT, base * 2)]
    assert verdict.bonus == 100 and verdict.score == base * 2 + 100
    assert checked([], *tiles[:9]).bonus == 0


# ----- jokers ---------------------------------------------------------------------------------
def test_a_joker_scores_nothing_but_multiplies_on_the_star():
    verdict = checked([], (6, 6, "J=K7"), (6, 7, "K8"))
    assert summary(verdict) == [("J=K7 K8", STRAIGHT_FLUSH, (0 + 8) * 2 * 2)]


def test_a_joker_is_its_declared_tile_in_both_lines():
    board = [(5, 6, "R7"), (6, 5, "K6")]
    assert sorted(summary(checked(board, (6, 6, "J=K7")))) == [("K6 J=K7", STRAIGHT_FLUSH, 6 * 2 * 2),
                                                                ("R7 J=K7", KIND, 7 * 2)]
    assert refusal(board, (6, 6, "J=K5")) == "R7 J=K5 in column 6 (rows 5–6): these tiles are neither a run nor a set"


def test_a_joker_may_be_any_tile_of_the_set_in_play():
    board = [(6, 5, "K8"), (6, 6, "B8")]
    assert checked(board, (6, 7, "J=K8")).legal  # even a third K8
    assert checked([(6, 5, "K8"), (6, 6, "K9")], (6, 7, "J=K10"), highest=9).reason == \
        "a joker cannot be K10: this tile set has no K10"


def test_unexplained_checks_agree_on_every_verdict():
    board = Board.from_tiles([(6, 6, "K5"), (6, 7, "K6"), (5, 6, "B5")])
    for sq in range(169):
        for tile in ("K4", "K7", "R5", "Y9", "J=K7"):
            placements = [(sq, Laid.parse(tile))]
            full, quick = check_play(board, placements), check_play(board, placements, explain=False)
            assert (full.legal, full.sets, full.bonus) == (quick.legal, quick.sets, quick.bonus)
            assert quick.legal or quick.reason in (full.reason, NOT_A_SET.reason)


# ----- every kind of refusal, in a player's words ---------------------------------------------
ROW_OF_THREE = [(6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")]
EVERY_REFUSAL = [
    ([], [], "put at least one tile on the board"),
    (ROW_OF_THREE, [(6, 8, "K8"), (6, 8, "B8")], "two tiles are on the same square"),
    (ROW_OF_THREE, [(13, 0, "K8")], "that square is off the board (rows and columns run 0 to 12)"),
    (ROW_OF_THREE, [(6, 7, "K8")], "the square at row 6, column 7 already holds K7"),
    (ROW_OF_THREE, [(6, 8, "J=K8"), (6, 9, "K10")], ""),  # legal: the control case
    (ROW_OF_THREE, [(6, 4, "K4"), (7, 3, "K3")], "put this turn's tiles all in one row or all in one column"),
    (ROW_OF_THREE, [(6, 8, "K8"), (6, 10, "K10")],
     "there is a gap at row 6, column 9: this turn's tiles must make one unbroken line"),
    (ROW_OF_THREE, [(7, 5, "B5"), (9, 5, "Y5")],
     "there is a gap at row 8, column 5: this turn's tiles must make one unbroken line"),
    ([], [(5, 5, "K1"), (5, 6, "K2")], "the first play must cover the star in the middle of the board"),
    ([], [(6, 6, "K1")], "the first play needs at least 2 tiles"),
    (ROW_OF_THREE, [(0, 0, "K1"), (0, 1, "K2")], "the play must touch a tile already on the board"),
    (ROW_OF_THREE, [(7, 5, "R9")], "K5 R9 in column 5 (rows 6–7): these tiles are neither a run nor a set"),
    (ROW_OF_THREE, [(6, 8, "K3")],
     "K5 K6 K7 K3 in row 6 (columns 5–8): tiles of one colour must keep going up, or keep going down"),
    (ROW_OF_THREE, [(7, 7, "K9")], "K7 K9 in column 7 (rows 6–7): two tiles of one colour must be next numbers, like R7 R8"),
]


def test_every_kind_of_refusal_is_a_players_sentence_naming_squares_as_the_board_numbers_them():
    for board, placements, expected in EVERY_REFUSAL:
        verdict = check_play(Board.from_tiles(board),
                             [(row * 13 + col, Laid.parse(tile)) for row, col, tile in placements])
        assert verdict.reason == expected, placements
        assert verdict.legal == (expected == "")
        # no programmer's words: squares are "row 6, column 8" (the frame's 0–12), not "at 8" or "6,8"
        assert re.search(r"\d,\d| at \d|n of a kind|strictly|is not a set", expected) is None, expected
    assert check_play(Board.from_tiles([(6, 5, "K8"), (6, 6, "K9")]), play((6, 7, "J=K10")), 9).reason == \
        "a joker cannot be K10: this tile set has no K10"
    assert check_play(Board.from_tiles([(6, 5, "K8"), (6, 6, "K9")]), play((6, 7, "K10")), 9).reason == \
        "this tile set has no K10"


def test_a_refusal_names_the_squares_of_its_line():
    verdict = checked(ROW_OF_THREE, (7, 7, "K9"))
    assert verdict.line == (6 * 13 + 7, 7 * 13 + 7)
    assert checked(ROW_OF_THREE, (0, 0, "K1"), (0, 1, "K2")).line == ()
