"""Expert's end-game look-ahead: what it believes the next seat holds, and what it then plays."""

from __future__ import annotations

import random
import time
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.games.rummi.ai.denial import NextSeat, NextSeatModel, denial_play, quick_fit, win_chance
from rummi_desktop.games.rummi.ai.feasibility import TableFeasibility
from rummi_desktop.games.rummi.ai.positions import benchmark_positions
from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.games.rummi.ai.seat_faces import tier_view
from rummi_desktop.games.rummi.ai.tiers import choose_play
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.tiles import Tile, parse_tiles, standard_set

TABLE = [parse_tiles("Y8 Y9 Y10"), parse_tiles("K1 K2 K3")]
LATER = time.perf_counter() + 3600  # a deadline that does not come


def seat(rack_size=1, drawn=0, left=TABLE):
    return NextSeat(rack_size, True, drawn, tuple(tuple(m) for m in left))


def play(rack: str, unseen: str, next_seat: NextSeat):
    rack_tiles = parse_tiles(rack)
    best = solve(TABLE, rack_tiles, False)
    chosen = denial_play([list(m) for m in TABLE], rack_tiles, best, next_seat, 1, LATER,
                         unseen=Counter(parse_tiles(unseen)))  # fmt: skip
    if chosen is not None:
        verdict = check_play(TABLE, rack_tiles, chosen, False)
        assert verdict.legal, verdict.error
    return best, chosen


def laid(table) -> Counter:
    return Counter(t for m in table for t in m) - Counter(t for m in TABLE for t in m)


def test_keeps_back_the_tile_that_would_let_the_next_seat_go_out():
    # The next seat holds one tile that fits nowhere on the table it left: Y13 or B7.
    # The best play (Y11 Y12) would let Y13 in; Y11 alone does not, and keeps two tiles.
    best, chosen = play("Y11 Y12 R5", "Y13 B7", seat())
    assert laid(best.table) == Counter(parse_tiles("Y11 Y12"))
    assert laid(chosen) == Counter(parse_tiles("Y11"))


def test_makes_the_best_play_when_it_hands_nothing_over():
    best, chosen = play("Y11 Y12 R5", "B7 B7", seat())
    assert chosen == best.table


def test_draws_when_every_play_lets_the_next_seat_out():
    # Y11 on the run lets Y12 in; the next seat's only possible tile is Y12.
    best, chosen = play("Y11 R5", "Y12", seat())
    assert laid(best.table) == Counter(parse_tiles("Y11"))
    assert chosen is None


def test_a_fresh_tile_is_not_ruled_out():
    # It drew last turn: its one tile is fresh and may be Y11, which fits the table already.
    model = NextSeatModel(Counter(parse_tiles("Y11 B7")), seat(drawn=1), random.Random(1), LATER)
    assert model.go_out_chance([list(m) for m in TABLE], LATER) > 0
    # Had it drawn nothing, Y11 (which would have fitted) cannot be what it holds.
    model = NextSeatModel(Counter(parse_tiles("Y11 B7")), seat(drawn=0), random.Random(1), LATER)
    assert set(model.racks) == {(Tile("B", 7),)}
    assert model.go_out_chance([list(m) for m in TABLE], LATER) == 0


def test_sampled_racks_hold_only_tiles_that_could_not_join_the_table_left():
    position = benchmark_positions(8, 30)[-1]
    table = [list(m) for m in position.table]
    unseen = Counter(standard_set()) - Counter(t for m in table for t in m) - Counter(position.rack)
    model = NextSeatModel(unseen, seat(rack_size=3, left=table), random.Random(2), LATER)
    feasibility = TableFeasibility(t for m in table for t in m)
    assert model.racks
    for rack in model.racks:
        assert len(rack) == 3 and not Counter(rack) - unseen
        assert not any(feasibility.can_add([tile]) for tile in rack)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_quick_fit_is_a_real_fit(seed):
    position = benchmark_positions(seed, 1)[0]
    table = [t for m in position.table for t in m]
    feasibility = TableFeasibility(table)
    for tile in set(Counter(standard_set()) - Counter(table)):
        if quick_fit(position.table, tile):
            assert feasibility.can_add([tile]), tile


def test_win_chance_falls_with_own_tiles_and_rises_with_theirs():
    assert win_chance(0, 3) == 1.0
    assert win_chance(2, 3) > win_chance(3, 3) > win_chance(6, 3)
    assert win_chance(3, 1) < win_chance(3, 2) < win_chance(3, 6)
    assert 0.4 < win_chance(5, 5) < 0.6


def test_the_state_tells_how_each_seat_left_the_table():
    state = RummiState.from_position(RummiParameters(seats=("hard", "hard"), seed=3),
                                     [parse_tiles("R1 R2 R3")],
                                     [parse_tiles("R4 K9"), parse_tiles("B5 B6")],
                                     opened=[True, True], pool=parse_tiles("Y1 Y2 Y3"))  # fmt: skip
    assert tier_view(state, "expert").next_seat.left_table is None  # not seen a turn yet
    assert state.play_melds([parse_tiles("R1 R2 R3 R4")]).ok
    view = tier_view(state, "expert")  # seat 1 now; seat 0 plays next
    assert view.next_seat == NextSeat(1, True, 0, (tuple(parse_tiles("R1 R2 R3 R4")),))
    state.draw()  # seat 1 draws
    view = tier_view(state, "expert")
    assert view.next_seat.drawn == 1 and view.next_seat.rack_size == 3
    assert view.next_seat.left_table == (tuple(parse_tiles("R1 R2 R3 R4")),)


def test_expert_looks_ahead_only_when_the_next_seat_is_close_to_going_out(monkeypatch):
    import rummi_desktop.games.rummi.ai.tiers as tiers

    asked = []
    monkeypatch.setattr(tiers, "denial_play", lambda *args, **kw: asked.append(args[3]) or None)
    state = RummiState.from_position(RummiParameters(seats=("expert", "hard"), seed=3),
                                     [list(m) for m in TABLE],
                                     [parse_tiles("Y11 Y12 R5"), parse_tiles("Y13 B1 B2 B3 B4")],
                                     opened=[True, True], current=1, pool=parse_tiles("R1 R2 R3"))  # fmt: skip
    state.draw()  # seat 1 now holds six tiles
    assert choose_play(tier_view(state, "expert")) is not None and not asked  # plays as Hard
    state = RummiState.from_position(RummiParameters(seats=("expert", "hard"), seed=3),
                                     [list(m) for m in TABLE],
                                     [parse_tiles("Y11 Y12 R5"), parse_tiles("Y13 B1")],
                                     opened=[True, True], current=1, pool=parse_tiles("R1 R2 R3 B2 B3 B4 B5"))  # fmt: skip
    state.draw()  # seat 1 holds three tiles, one of them fresh
    assert choose_play(tier_view(state, "expert")) is None  # the (stubbed) look-ahead decided
    assert asked == [NextSeat(3, True, 1, tuple(tuple(m) for m in TABLE))]
    state = RummiState.from_position(RummiParameters(seats=("expert", "hard"), seed=3),
                                     [list(m) for m in TABLE],
                                     [parse_tiles("Y11 Y12 R5"), parse_tiles("Y13 B1")],
                                     opened=[True, True], current=1, pool=parse_tiles("R1 R2 R3"))  # fmt: skip
    state.draw()  # two tiles left to draw: a draw would soon be a pass that may end the round
    assert choose_play(tier_view(state, "expert")) is not None and len(asked) == 1


def test_an_opening_play_says_nothing_about_the_tiles_kept():
    state = RummiState.from_position(RummiParameters(seats=("hard", "hard"), seed=3),
                                     [list(m) for m in TABLE],
                                     [parse_tiles("R10 R11 R12 Y11"), parse_tiles("B5 B6 B7 K9")],
                                     opened=[False, True], pool=parse_tiles("Y1 Y2 Y3"))  # fmt: skip
    assert state.play_melds([list(m) for m in TABLE] + [parse_tiles("R10 R11 R12")]).ok
    assert tier_view(state, "hard").next_seat.left_table is None  # Y11 fitted, but could not go
    assert state.play_melds([list(m) for m in state.table_tiles()] + [parse_tiles("B5 B6 B7")]).ok
    assert tier_view(state, "hard").next_seat.left_table is not None  # seat 1 could use it

def test_the_thinking_process_gets_the_same_view():
    import json

    from rummi_desktop.games.rummi.ai.seat_faces import SeatView
    from rummi_desktop.games.rummi.rules.seat_view import seat_view as view_data

    def through_json(state):
        return SeatView.from_data(json.loads(json.dumps(view_data(state, state.current))), "expert")

    state = RummiState(RummiParameters(seats=("expert", "hard"), seed=4))
    first = tier_view(state, "expert")
    assert first.next_seat.left_table is None and through_json(state) == first  # next seat unseen
    state.draw()
    state.draw()
    view = tier_view(state, "expert")
    assert view.next_seat.left_table is not None and view.next_seat.drawn == 1
    assert through_json(state) == view
