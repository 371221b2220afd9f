"""Meld validation: every example of rules/rummi.md, joker readings, values, plain reasons."""

import pytest
from hypothesis import given, settings, strategies as st

from rummi_desktop.games.rummi.rules.melds import (
    GROUP, RUN, ascending_order, check_meld, invalid_reason, is_valid_meld, meld_value, readings,
)
from rummi_desktop.tiles import COLOURS, JOKER, Tile, format_tiles, parse_tiles, standard_set


def meld(text):
    return parse_tiles(text)


@pytest.mark.parametrize("text, value", [
    ("R7 K7 Y7", 21),
    ("R10 Y10 K10 B10", 40),
    ("B5 B6 B7 B8", 26),
    ("R5 J R7", 18),          # J is R6
    ("J R6 R7", 18),          # J is R5
    ("R1 R2 R3", 6),
    ("R11 R12 R13", 36),
    ("K9 B9 J", 27),          # a joker for a missing colour
    ("K9 B9 R9 J", 36),       # a joker in a 4-group
    ("J R2 R3", 6),           # joker at the low end of a run
    ("R11 R12 J", 36),        # joker at the high end, standing for R13
])
def test_valid_melds_from_the_rules_and_their_values(text, value):
    assert is_valid_meld(meld(text))
    assert meld_value(meld(text)) == value


@pytest.mark.parametrize("text, reason_part", [
    ("R7 R7 K7", "two red 7s in one group"),
    ("R12 R13 R1", "cannot go from 13 to 1"),
    ("R12 R13 J", "past 13"),
    ("K9 B9 R9 Y9 J", "at most 4 tiles"),
    ("R1 R2", "at least 3 tiles"),
    ("R7 R6 R5", "ascending order"),
    ("R5 J R8", "gap"),
    ("R5 R7 R8", "gap"),
    ("R5 J J R7", "too many tiles"),
    ("K1 B2 R3", "mixes colours and numbers"),
    ("R5 R5 R6", "two red 5s in one run"),
    ("Y7 Y7 Y7 K7", "three yellow 7s"),
])
def test_invalid_melds_say_why_in_plain_words(text, reason_part):
    verdict = check_meld(meld(text))
    assert not verdict.valid and verdict.value == 0 and verdict.readings == ()
    assert reason_part in verdict.reason
    assert invalid_reason(meld(text)) == verdict.reason
    with pytest.raises(ValueError):
        meld_value(meld(text))


def test_one_never_follows_thirteen():
    assert not is_valid_meld(meld("R12 R13 R1"))
    assert not is_valid_meld(meld("R13 R1 R2"))
    assert not is_valid_meld(meld("R13 J R2"))


def test_j_j_r1_is_no_run_only_a_group_of_ones():
    # rules: "J J R1? invalid (as a run), nothing below 1"; its group reading (three 1s) is valid.
    found = readings(meld("J J R1"))
    assert [reading.kind for reading in found] == [GROUP]
    assert meld_value(meld("J J R1")) == 3


def test_ambiguous_joker_meld_has_every_reading_and_its_highest_value():
    found = readings(meld("J J R5"))
    assert sorted(reading.kind for reading in found) == [GROUP, RUN]
    values = {reading.kind: reading.value for reading in found}
    assert values == {GROUP: 15, RUN: 12}
    assert meld_value(meld("J J R5")) == 15
    assert meld_value(meld("J J R13")) == 39  # group 39 beats run R11-R13 (36)


def test_joker_stands_for_its_run_position_or_a_missing_colour():
    (run,) = readings(meld("R5 J R7"))
    assert run.stands_for[1] == {Tile("R", 6)}
    (group,) = readings(meld("K9 B9 J"))
    assert group.stands_for[2] == {Tile("R", 9), Tile("Y", 9)}
    assert group.joker_can_be(2, Tile("Y", 9)) and not group.joker_can_be(2, Tile("K", 9))


def test_thirteen_tile_run_is_the_longest():
    full = [Tile("B", n) for n in range(1, 14)]
    assert meld_value(full) == 91
    assert not is_valid_meld(full + [JOKER])
    assert not is_valid_meld([JOKER] + full)
    with_jokers = full[:5] + [JOKER] + full[6:12] + [JOKER]
    assert meld_value(with_jokers) == 91


def test_group_order_does_not_matter_but_run_order_does():
    assert is_valid_meld(meld("Y7 R7 K7")) and is_valid_meld(meld("K7 Y7 R7"))
    assert is_valid_meld(meld("R5 R6 R7")) and not is_valid_meld(meld("R6 R5 R7"))


def test_ascending_order_arranges_a_dropped_run():
    assert ascending_order(meld("R7 J R5")) == meld("R5 J R7")
    assert ascending_order(meld("R13 J R12")) == meld("J R12 R13")
    assert ascending_order(meld("R2 R1 J")) == meld("R1 R2 J")
    assert ascending_order(meld("K7 R7 Y7")) == meld("K7 R7 Y7")
    assert ascending_order(meld("R5 K6 R7")) is None


def test_notation_round_trips_for_every_tile():
    for tile in set(standard_set()):
        assert Tile.parse(tile.notation()) == tile == Tile.parse(tile.notation().lower())


any_tile = st.sampled_from(sorted(set(standard_set())))


@settings(max_examples=200, deadline=None)
@given(st.lists(any_tile, min_size=0, max_size=8))
def test_every_meld_is_valid_or_has_a_reason_and_notation_round_trips(tiles):
    assert parse_tiles(format_tiles(tiles)) == tiles
    verdict = check_meld(tiles)
    assert verdict.valid == (verdict.reason == "")
    if verdict.valid:
        assert verdict.value == max(r.value for r in verdict.readings) > 0


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(COLOURS), st.integers(1, 11), st.data())
def test_any_run_with_jokers_in_place_of_tiles_is_valid_with_the_same_value(colour, start, data):
    end = data.draw(st.integers(start + 2, 13), label="end")  # every drawn run has 3+ tiles
    tiles = [Tile(colour, n) for n in range(start, end + 1)]
    value = sum(range(start, end + 1))
    joker_spots = data.draw(st.sets(st.integers(0, len(tiles) - 1), max_size=2))
    with_jokers = [JOKER if i in joker_spots else tile for i, tile in enumerate(tiles)]
    assert is_valid_meld(with_jokers)
    run_values = [r.value for r in readings(with_jokers) if r.kind == RUN]
    assert run_values == [value]
    for i in joker_spots:
        assert all(r.stands_for[i] == {tiles[i]} for r in readings(with_jokers) if r.kind == RUN)
