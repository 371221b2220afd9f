"""Properties of the State protocol (games/base.py), for every registered game: states are
reached by random legal play from random seeds, through the protocol alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from random_game import RandomGame, random_legal_move
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import LegalMoves, replay_log

KEYS = sorted(GAMES)
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OPTIONS = {"rummi": st.sampled_from([{}, {"clock_seconds": 60}]),
           "rummble": st.sampled_from([{}, {"tile_set": "short"}]),
           "tumblewords": st.sampled_from([{}, {"claim": True, "pressure_cooker": True, "ticker": True}])}


@st.composite
def played(draw, key: str):
    """A state of ``key`` after a random number of random legal moves, and how it was made."""
    game = RandomGame(key, draw(st.integers(0, 2**32 - 1)), options=draw(OPTIONS[key]))
    state = game.fresh()
    for _ in range(draw(st.integers(0, 40))):
        if state.is_terminal:
            break
        state.apply(random_legal_move(state, game.rng))
    return game, state


def some_legal_moves(state, rng: random.Random, count: int) -> list:
    moves = list(state.legal_moves())
    return moves[:2] + rng.sample(moves, min(count, len(moves)))  # the settling ones, and any


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(data=st.data())
def test_every_yielded_legal_move_is_accepted_by_apply(key, data):
    game, state = data.draw(played(key))
    for move in some_legal_moves(state, random.Random(len(state.log)), 25):
        trial = state.clone()
        trial.apply(move)  # IllegalMove here would be the bug
        assert GAMES[key].audit(trial) == []


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(data=st.data())
def test_a_clone_is_equal_and_independent(key, data):
    game, state = data.draw(played(key))
    copy = state.clone()
    assert copy == state and copy is not state
    before = state.clone()
    if not copy.is_terminal:
        copy.apply(random_legal_move(copy, random.Random(1)))
        copy.rng.random()  # the copy's random generator is its own
    assert state == before
    assert state.rng.getstate() == before.rng.getstate()
    if not state.is_terminal:  # and the other way round
        second = state.clone()
        state.apply(random_legal_move(state, random.Random(2)))
        assert second == before


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(data=st.data())
def test_replaying_the_log_from_the_seed_gives_an_equal_state(key, data):
    game, state = data.draw(played(key))
    assert replay_log(game.fresh(), state.log) == state
    assert replay_log(game.fresh(), list(state.log)).log == state.log


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(data=st.data())
def test_undo_after_apply_restores_the_fingerprint(key, data):
    game, state = data.draw(played(key))
    if state.is_terminal:
        return
    before = state.fingerprint()
    move = random_legal_move(state, random.Random(3))
    state.apply(move)
    taken = state.undo()
    if taken is None:  # a move the game never takes back: only Rummi's settled turns
        assert key == "rummi" and state.turn_moves == []
        return
    assert taken == move
    assert state.fingerprint() == before


def test_legal_moves_is_lazy_and_answers_any_in_and_count():
    state = GAMES["rummi"].new_state(("easy", "easy"), 5)
    view = state.legal_moves()
    assert isinstance(view, LegalMoves)
    generated = []

    def counting():
        for move in state.legal_moves():
            generated.append(move)
            yield move

    lazy = LegalMoves(counting)
    first = next(iter(lazy))
    assert len(generated) == 1 and first in view  # one move made, not all of them
    # An empty table: Draw, and each rack tile as a new meld (no clock, nothing to end).
    assert bool(view) and view.count() == len(list(view)) == 1 + len(state.rack(state.current))
    assert next(iter(view)).notation() == "draw"


def test_a_draw_player_finishes_a_rummi_round_with_legal_moves_alone():
    """Draw is always among Rummi's legal moves, and alone it ends the round (blocked)."""
    state = GAMES["rummi"].new_state(("easy", "easy", "easy"), 9)
    for _ in range(200):
        if state.is_terminal:
            break
        draw = next(move for move in state.legal_moves() if move.notation() == "draw")
        state.apply(draw)
    assert state.is_terminal and not state.legal_moves()


def test_every_step_of_an_opened_rummi_turn_with_jokers_is_accepted():
    """All the kinds of single step (swaps of table jokers too), each one applied on a clone."""
    from rummi_desktop.games.rummi.rules.moves import Place
    from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
    from rummi_desktop.tiles import parse_tiles

    state = RummiState.from_position(RummiParameters(seats=("easy", "easy"), clock_seconds=30),
                                     [parse_tiles("K4 J K6"), parse_tiles("R7 B7 J")],
                                     [parse_tiles("K5 Y7 K7 B2"), parse_tiles("Y1 Y2")], opened=[True, True])
    state.apply(Place(state.rack(0)[2], 0, 3))  # K7 laid this turn: it may be retrieved
    verbs = set()
    for move in state.legal_moves():
        state.clone().apply(move)
        verbs.add(move.verb)
    assert verbs == {"end", "draw", "timeout", "place", "retrieve", "swap", "split", "merge", "shift"}
    swaps = {move.notation() for move in state.legal_moves() if move.verb == "swap"}
    assert len(swaps) == 3  # K5 for the run's joker; Y7 or K7 (from the run) for the group's
