"""Rummble's computer seats: legal moves from the seat view, each tier doing what it says."""

import threading

import pytest

from rummi_desktop.games.rummble.ai.leave import leave_value
from rummi_desktop.games.rummble.ai.movegen import Generator, Stopped
from rummi_desktop.games.rummble.ai.tiers import SeatPosition, choose_move, equity, opened_corners
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummble.rules.board import Board, Laid
from rummi_desktop.games.rummble.rules.moves import Exchange, Pass, Play
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.rules.seat_view import seat_view
from rummi_desktop.tiles import parse_tiles

TIERS = ("easy", "medium", "hard", "expert")


def mid_game(seed=3, turns=12):
    state = RummbleState(RummbleParameters(seats=("medium", "medium"), seed=seed))
    for _ in range(turns):
        play_seat_move(RUMMBLE, state, choose_move(seat_view(state, state.current), "medium"))
    return state


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_makes_legal_moves_through_a_whole_game(tier):
    state = RummbleState(RummbleParameters(seats=(tier, "medium"), seed=5))
    while not state.is_terminal:
        move = choose_move(seat_view(state, state.current), state.params.seats[state.current])
        assert play_seat_move(RUMMBLE, state, move).refused == ""
        assert RUMMBLE.audit(state) == []


def test_medium_plays_the_top_score():
    state = mid_game()
    view = seat_view(state, state.current)
    move = choose_move(view, "medium")
    best = max(p.score for p in Generator(state.board, state.rack_tiles()).plays())
    assert isinstance(move, Play) and state.check(move).score == best


def test_easy_plays_from_the_lower_half_and_is_seeded():
    state = mid_game()
    view = seat_view(state, state.current)
    move = choose_move(view, "easy")
    assert move == choose_move(view, "easy")
    scores = sorted(p.score for p in Generator(state.board, state.rack_tiles()).plays())
    assert isinstance(move, Play), "this position has plays; Easy must not exchange here (seeded)"
    assert state.check(move).score <= scores[len(scores) // 2]


def test_hard_picks_the_best_equity():
    state = mid_game()
    seat = SeatPosition(seat_view(state, state.current))
    move = choose_move(seat.view, "hard")
    best = max(equity(seat, p) for p in seat.generator.plays())
    assert isinstance(move, Play), "in this position Hard plays (it must not pass the check by exchanging)"
    chosen = next(p for p in seat.generator.plays() if p.move() == move)
    assert equity(seat, chosen) == best


def test_no_play_exchanges_or_passes():
    view = {"board": [], "rack": ["R7"], "pool_size": 80, "can_exchange": True, "seed": 1, "highest": 13}
    for tier in TIERS:
        assert isinstance(choose_move(view, tier), Exchange)
    assert isinstance(choose_move({**view, "can_exchange": False, "pool_size": 0}, "hard"), Pass)


def test_leave_values_like_jokers_and_opening_a_corner_costs():
    assert leave_value(parse_tiles("J R5")) > leave_value(parse_tiles("K13 R5"))
    board = Board.from_tiles([(0, 6, "R5"), (0, 7, "R6")])
    assert opened_corners(board, [(4, Laid("R", 4))]) == 1  # (0,4) is 4 from the corner (0,0)
    assert opened_corners(board, [(6 * 13 + 6, Laid("R", 4))]) == 0


def test_a_set_cancel_stops_the_thinking():
    state = mid_game()
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Stopped):
        choose_move(seat_view(state, state.current), "hard", cancel=cancel)


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError, match="unknown computer tier"):
        choose_move({"board": [], "rack": []}, "wizard")
