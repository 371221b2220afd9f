"""Rummi's per-turn measures: extending a meld is not a rearrangement and frees no joker;
parting a meld moves its tiles, and a joker taken out of its meld is freed."""

from __future__ import annotations

from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.stats import _measure_turn, _Tally

JOKER = 104


def measured(before, after) -> _Tally:
    tally = _Tally()
    _measure_turn(tally, before, after)
    return tally


def test_the_joker_id_is_a_joker():
    assert face(JOKER).is_joker and not face(0).is_joker


def test_extending_a_meld_holding_a_joker_frees_nothing_and_moves_nothing():
    tally = measured([(0, JOKER, 2)], [(0, JOKER, 2, 3)])
    assert (tally.tiles, tally.jokers_freed, tally.longest) == (1, 0, 0)


def test_taking_the_joker_out_of_its_meld_frees_it_and_counts_the_parted_tiles():
    tally = measured([(0, JOKER, 2), (10, 11, 12)], [(0, 1, 2), (10, 11, 12, JOKER)])
    assert (tally.tiles, tally.jokers_freed, tally.longest) == (1, 1, 3)


def test_splitting_a_run_moves_the_tiles_of_both_halves():
    tally = measured([(0, 1, 2, 3, 4, 5)], [(0, 1, 2), (3, 4, 5)])
    assert (tally.tiles, tally.longest) == (0, 6)
