"""TumblewordsState.from_position: a game started from a hand-made board and hands keeps every
invariant of a dealt game (all 100 tiles once, replay from setup + log, save round trip)."""

from __future__ import annotations

import pytest

from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.moves import Drop, Pass
from rummi_desktop.games.tumblewords.rules.serialize import SaveFormatError, state_from_dict, state_to_dict
from rummi_desktop.games.tumblewords.spec import audit
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState, replayed

from tumblewords_support import WORDS

ROWS = ["........"] * 6 + ["........", "..CAt..."]
PARAMS = TumblewordsParameters(seats=("seat0", "seat1"), seed=11, words=WORDS.name)


def position(rows=ROWS, hands=(["S", "?", "O"], ["T", "P"]), **kwargs) -> TumblewordsState:
    return TumblewordsState.from_position(PARAMS, list(rows), [list(hand) for hand in hands], dictionary=WORDS,
                                          **kwargs)


def test_the_position_is_the_one_given_and_every_tile_is_there_once():
    state = position(current=1, scores=[4, 9])
    assert state.grid.row_texts() == ROWS
    assert state.hand(0) == ["S", "?", "O"] and state.hand(1) == ["T", "P"]
    assert state.current == 1 and state.scores() == (4, 9)
    assert audit(state) == []
    assert len(state.bag) == 100 - 3 - 5


def test_a_given_bag_is_drawn_first_first():
    state = position(bag=["Z", "Q"])
    state.apply(Drop(5, "S"))
    assert state.hand(0)[-1] == "Z"
    state.apply(Pass())
    state.apply(Pass())
    assert state.tile_census() == sorted(state.tile_census())  # no id twice
    assert len(state.tile_census()) == 3 + 5 + 2  # a hand-made bag holds only what it names


def test_a_drop_scores_on_the_given_board_and_undo_returns_to_it():
    state = position()
    start = state.fingerprint()
    result = state.apply(Drop(5, "S"))
    assert (result.row, result.col) == (7, 5)
    assert sorted(word.word for word in result.words) == ["CATS"]
    assert state.undo() == Drop(5, "S")
    assert state.fingerprint() == start


def test_setup_and_log_replay_and_survive_a_save():
    state = position(scores=[1, 2])
    for move in (Drop(5, "S"), Drop(1, "T"), Pass()):
        state.apply(move)
    assert replayed(state) == state
    data = state_to_dict(state)
    assert data["setup"]["rows"] == ROWS and data["setup"]["hands"] == ["S?O", "TP"]
    loaded = state_from_dict(data, WORDS)
    assert loaded == state
    assert audit(loaded) == []


def test_a_saved_setup_that_was_edited_is_refused():
    data = state_to_dict(position())
    data["setup"]["hands"] = ["ZZ", "TP"]
    with pytest.raises(SaveFormatError, match="more copies than exist of Z"):
        state_from_dict(data, WORDS)


@pytest.mark.parametrize("kwargs, message", [
    ({"hands": (["Z", "Z"], [])}, "more copies than exist of Z"),
    ({"rows": ["........"] * 7 + ["..CA...."], "hands": (["?"], ["?"])}, None),  # both blanks in hand: fine
    ({"rows": ["........"] * 7 + ["..cat..."], "hands": (["?"], [])}, "more copies than exist of ?"),
    ({"rows": ["........"] * 7}, "8 rows of 8 squares"),
    ({"rows": ["........"] * 6 + ["..C.....", "........"]}, "column 2 has a tile above a vacant square"),
    ({"rows": ["........"] * 7 + ["..C1...."]}, "'1' is neither a letter nor '.'"),
    ({"hands": (["S"],)}, "needs 2 hands"),
    ({"hands": (["S"], ["t"])}, "hand 1: 't' is not a letter"),
    ({"hands": (list("ABCDEFGH"), [])}, "at most 7"),
    ({"current": 2}, "a current seat among them"),
    ({"scores": [1]}, "one score per seat"),
])
def test_a_position_the_game_cannot_hold_is_refused_with_the_reason(kwargs, message):
    if message is None:
        assert audit(position(**kwargs)) == []
        return
    with pytest.raises(ValueError, match=message):
        position(**kwargs)
