"""The whole-table play check: the manual's manipulation table, the 30-point rule, conservation."""

import pytest

from rummi_desktop.games.rummi.rules.play_check import check_play, new_melds, opening_points
from rummi_desktop.tiles import parse_tiles


def melds(text):
    """``"R1 R2 R3 / K5 B5 Y5"`` -> list of melds."""
    return [parse_tiles(part) for part in text.split("/") if part.strip()]


@pytest.mark.parametrize("before, rack, after, placed", [
    ("B5 B6 B7", "B8", "B5 B6 B7 B8", 1),
    ("R10 Y10 K10", "B10", "R10 Y10 K10 B10", 1),
    ("K4 K5 K6", "K3 K7", "K3 K4 K5 K6 K7", 2),
    ("Y6 Y7 Y8", "Y5 R8 B8", "Y5 Y6 Y7 / Y8 R8 B8", 3),
    ("R3 R4 R5 R6 R7 R8", "R6", "R3 R4 R5 R6 / R6 R7 R8", 1),
    ("K9 B9 R9 Y9", "K8 K10", "B9 R9 Y9 / K8 K9 K10", 2),
])
def test_manipulation_table_of_the_manual(before, rack, after, placed):
    verdict = check_play(melds(before), parse_tiles(rack), melds(after), initial=False)
    assert verdict.legal, verdict.error
    assert verdict.placed == placed


def test_third_row_needs_a_second_k5_which_cannot_be_invented():
    verdict = check_play(melds("K4 K5 K6"), parse_tiles("K3 K7"), melds("K3 K4 K5 / K5 K6 K7"), False)
    assert not verdict.legal
    assert "K5" in verdict.error and "invented" in verdict.error


def test_table_tiles_never_go_back_to_a_rack():
    verdict = check_play(melds("R3 R4 R5 R6"), parse_tiles("K1"), melds("R3 R4 R5"), False)
    assert not verdict.legal and "R6" in verdict.error and "never go back" in verdict.error


def test_every_invalid_meld_is_listed_with_its_index_and_reason():
    verdict = check_play(melds("R5 R6 R7"), parse_tiles("R8 K7 R1 B2"),
                         melds("R5 R6 R7 R8 / K7 R1 / B2"), False)
    assert not verdict.legal
    assert [problem.index for problem in verdict.problems] == [1, 2]
    assert all("at least 3 tiles" in problem.reason for problem in verdict.problems)
    assert verdict.error.startswith("meld 2 (K7 R1) is not valid")


def test_playing_nothing_is_not_a_play():
    verdict = check_play(melds("R5 R6 R7"), parse_tiles("K1"), melds("R5 R6 R7"), False)
    assert not verdict.legal and "at least one" in verdict.error


def test_value_is_what_the_placed_tiles_would_cost_on_the_rack():
    verdict = check_play(melds("R1 R2 R3"), parse_tiles("R4 J K7"), melds("R1 R2 R3 R4 J"), False)
    assert verdict.legal and (verdict.placed, verdict.value) == (2, 34)


class TestInitialMeld:
    def test_thirty_points_from_the_rack_opens(self):
        verdict = check_play(melds("R1 R2 R3"), parse_tiles("K10 B10 Y10 K1"),
                             melds("R1 R2 R3 / K10 B10 Y10"), initial=True)
        assert verdict.legal and verdict.opening_points == 30

    def test_twenty_nine_points_do_not(self):
        verdict = check_play([], parse_tiles("K9 K10 B10 Y10 R9 Y9"), melds("K9 R9 Y9"), True)
        assert not verdict.legal and "27 points" in verdict.error

    def test_jokers_count_as_the_tile_they_stand_for(self):
        verdict = check_play([], parse_tiles("K12 K13 J"), melds("J K12 K13"), True)
        assert verdict.legal and verdict.opening_points == 36
        verdict = check_play([], parse_tiles("R9 B9 J J"), melds("R9 B9 J / "), True)
        assert not verdict.legal and "27 points" in verdict.error
        assert check_play([], parse_tiles("R9 B9 J J"), melds("R9 B9 J J"), True).legal

    def test_several_melds_add_up(self):
        verdict = check_play([], parse_tiles("R1 R2 R3 K9 B9 Y9 Y1"), melds("R1 R2 R3 / K9 B9 Y9"), True)
        assert verdict.legal and verdict.opening_points == 33

    def test_touching_the_table_is_refused_even_with_enough_points(self):
        verdict = check_play(melds("R10 R11 R12"), parse_tiles("R13 K10 B10 Y10"),
                             melds("R10 R11 R12 R13 / K10 B10 Y10"), True)
        assert not verdict.legal and "may not touch" in verdict.error
        verdict = check_play(melds("K10 B10 Y10"), parse_tiles("R10 R11 R12"),
                             melds("K10 B10 Y10 / R10 R11 R12"), True)
        assert verdict.legal  # new meld beside an untouched one

    def test_a_group_shown_in_another_order_is_still_untouched(self):
        verdict = check_play(melds("K5 B5 Y5"), parse_tiles("R10 R11 R12"),
                             melds("Y5 K5 B5 / R10 R11 R12"), True)
        assert verdict.legal
        moved_joker = check_play(melds("J R6 R7"), parse_tiles("K10 B10 Y10"),
                                 melds("R6 R7 J / K10 B10 Y10"), True)
        assert not moved_joker.legal

    def test_rearranging_the_table_before_opening_is_refused(self):
        verdict = check_play(melds("R3 R4 R5 R6 R7 R8"), parse_tiles("K10 B10 Y10 R6"),
                             melds("R3 R4 R5 R6 / R6 R7 R8 / K10 B10 Y10"), True)
        assert not verdict.legal and "may not touch" in verdict.error


def test_opening_points_count_only_valid_new_melds():
    before = melds("R1 R2 R3")
    assert opening_points(before, melds("R1 R2 R3 / K10 B10 Y10 / K5 K6")) == 30
    assert new_melds(before, melds("R1 R2")) is None
