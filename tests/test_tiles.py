from collections import Counter

import pytest
from hypothesis import given, strategies as st

from rummi_desktop.tiles import (
    JOKER, NotationError, Tile, TileRangeError, excess_copies, format_tiles, parse_tiles,
    standard_set, short_set,
)

ALL_KINDS = sorted(set(standard_set()))


def test_parse_examples_and_case():
    assert Tile.parse("R7") == Tile("R", 7)
    assert Tile.parse(" b13 ") == Tile("B", 13)
    assert Tile.parse("k1").notation() == "K1"
    assert Tile.parse("j") == JOKER
    assert repr(Tile.parse("Y12")) == "Tile.parse('Y12')"


@pytest.mark.parametrize("text", ["", "7", "X7", "R", "Rseven", "R-1", "R7.0", "JJ"])
def test_bad_notation_is_a_notation_error(text):
    with pytest.raises(NotationError):
        Tile.parse(text)


@pytest.mark.parametrize("text", ["R14", "K0", "B99", " r014 "])
def test_out_of_range_is_its_own_error_echoing_the_input(text):
    with pytest.raises(TileRangeError) as caught:
        Tile.parse(text)
    assert repr(text) in str(caught.value)


def test_non_text_is_refused():
    with pytest.raises(NotationError):
        Tile.parse(7)


def test_full_set_has_106_tiles_two_of_each():
    tiles = standard_set()
    assert len(tiles) == 106
    counts = Counter(tiles)
    assert counts[JOKER] == 2
    assert all(count == 2 for count in counts.values())
    assert len(short_set()) == 74


def test_excess_copies_names_the_extra_tiles():
    assert excess_copies(parse_tiles("R7 R7 R7 J J K1")) == [Tile("R", 7)]
    assert excess_copies(parse_tiles("J J J")) == [JOKER]
    assert excess_copies(parse_tiles("R7 R7")) == []


@given(st.lists(st.sampled_from(ALL_KINDS), max_size=20))
def test_notation_round_trips(tiles):
    assert parse_tiles(format_tiles(tiles)) == tiles
    for tile in tiles:
        assert Tile.parse(tile.notation().lower()) == tile
