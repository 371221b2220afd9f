"""The unseen-tile tracker's model (games/unseen.py and each game's rules/unseen.py): the full
set less what the seat sees, read from its seat view only, so that a tile hidden from the seat
(in another seat's rack or in the pool) can never change what its tracker says."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from random_game import RandomGame
from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.rummi.rules.pieces import face as rummi_face
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, FACES, LETTERS
from rummi_desktop.games.unseen import unseen_counts
from rummi_desktop.tiles import Tile, short_set, standard_set

# Where each game keeps what no other seat may see: a seat's tile ids, the pool's, and the face
# an id shows.
HIDDEN = {
    "rummi": (lambda state, seat: state.rack(seat), lambda state: state.pool,
              lambda state, tile_id: rummi_face(tile_id)),
    "rummble": (lambda state, seat: state.rack(seat), lambda state: state.pool,
                lambda state, tile_id: state.faces[tile_id]),
    "tumblewords": (lambda state, seat: state.hands[seat], lambda state: state.bag,
                    lambda state, tile_id: FACES[tile_id]),
}


def tracker(key: str, state, seat: int):
    spec = GAMES[key]
    return load_entry(spec, "unseen")(spec.seat_view(state, seat))


def played(key: str, seed: int, moves: int):
    game = RandomGame(key, seed)
    state = game.fresh()
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(game.choose(state))
    return state


def test_the_counts_are_the_set_less_what_was_seen():
    left = unseen_counts(["A", "A", "B", "C"], ["A", "C", "C"])
    assert left == Counter({"A": 1, "B": 1})  # C seen more often than the set has it: none left


def test_a_rummi_seat_sees_its_rack_and_the_table():
    state = played("rummi", 4, 0)
    sheet = tracker("rummi", state, 0)
    seen = Counter(state.rack_tiles(0)) + Counter(tile for meld in state.table_tiles() for tile in meld)
    expected = Counter(standard_set()) - seen
    assert sheet.counts() == {tile.notation(): expected[tile] for tile in dict.fromkeys(standard_set())}
    assert sheet.total == 106 - len(state.rack_tiles(0))
    assert [row.colour for row in sheet.rows] == ["K", "B", "R", "Y", ""] and sheet.headings[-1] == "13"


def test_a_rummble_seat_counts_a_laid_joker_as_a_joker_in_its_own_set():
    spec = GAMES["rummble"]
    state = spec.new_state(("human", "easy"), 3, tile_set="short")
    view = spec.seat_view(state, 1)
    view["board"] = [[6, 6, "K5"], [6, 7, "J=K6"]]
    sheet = load_entry(spec, "unseen")(view)
    rack = Counter(Tile.parse(text) for text in view["rack"])
    expected = Counter(short_set()) - rack - Counter([Tile("K", 5), Tile.parse("J")])
    assert sheet.counts() == {tile.notation(): expected[tile] for tile in dict.fromkeys(short_set())}
    assert sheet.headings == tuple(str(n) for n in range(1, 10))


def test_a_tumblewords_seat_sees_its_hand_the_board_and_what_zapper_took():
    spec = GAMES["tumblewords"]
    view = {"hand": ["E", "?", "Q"], "board": ["..Ca", "EEST"], "removed": ["Z", "E"]}
    sheet = load_entry(spec, "unseen")(view)
    counts = sheet.counts()
    assert counts["E"] == BAG_COUNTS["E"] - 4 and counts["?"] == 0 and counts["Q"] == counts["Z"] == 0
    assert sheet.total == 100 - 3 - 6 - 2
    assert [cell.face for row in sheet.rows for cell in row.cells] == [*LETTERS, "?"]


def swap_hidden(key: str, state, seat: int, rng: random.Random) -> bool:
    """Swap one tile of another seat's rack with one of the pool that shows another face:
    the seat's view of the game is the same, the truth is not. False when there is none."""
    rack_of, pool_of, face_of = HIDDEN[key]
    others = [other for other in range(state.seats) if other != seat and rack_of(state, other)]
    pool = pool_of(state)
    if not others or not pool:
        return False
    rack = rack_of(state, rng.choice(others))
    for index, tile_id in enumerate(rack):
        for place, pooled in enumerate(pool):
            if face_of(state, pooled) != face_of(state, tile_id):
                rack[index], pool[place] = pooled, tile_id
                return True
    return False


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 12))
def test_a_tile_hidden_from_the_seat_never_changes_its_tracker(key, seed, moves):
    """The test the issue asks for: two states that differ only in a tile the seat cannot see
    (in another seat's rack, or in the pool) give that seat the same tracker."""
    state = played(key, seed, moves)
    seat = state.current
    truth = state.clone()
    assert swap_hidden(key, truth, seat, random.Random(seed))
    assert GAMES[key].seat_view(truth, seat) == GAMES[key].seat_view(state, seat)
    others = [other for other in range(state.seats) if other != seat]
    assert any(HIDDEN[key][0](truth, other) != HIDDEN[key][0](state, other) for other in others)
    assert tracker(key, truth, seat) == tracker(key, state, seat)
