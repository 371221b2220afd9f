"""The round: deal, first player, moves with undo/reset, End Turn, draw, clock, end of round."""

from collections import Counter

import pytest

from rummi_desktop.games.rummi.rules.moves import (
    IllegalMove, Merge, Move, Place, Rearrange, Retrieve, Shift, Split, Swap,
)
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState, replay, tile_census
from rummi_desktop.tiles import Tile, parse_tiles, standard_set


def melds(text):
    return [parse_tiles(part) for part in text.split("/") if part.strip()]


def position(table, racks, opened=(True, True), pool=None, current=0):
    params = RummiParameters(seats=("a", "b")[: len(racks)] if len(racks) == 2 else tuple("abcd"[: len(racks)]))
    return RummiState.from_position(params, melds(table), [parse_tiles(r) for r in racks],
                                    current=current, opened=list(opened),
                                    pool=None if pool is None else parse_tiles(pool))


def rack_id(state, text, seat=None):
    """The id of a tile showing ``text`` on the rack of ``seat`` (default: seat on turn)."""
    rack = state.rack(state.current if seat is None else seat)
    return next(tile_id for tile_id in rack if face(tile_id) == Tile.parse(text))


def table_id(state, text):
    return next(t for meld in state.table for t in meld if face(t) == Tile.parse(text))


def shown(state):
    return " / ".join(" ".join(str(face(t)) for t in meld) for meld in state.table)


class TestSetUp:
    @pytest.mark.parametrize("seats", [2, 3, 4])
    def test_deal_gives_fourteen_each_and_accounts_for_every_tile(self, seats):
        state = RummiState(RummiParameters(seats=("x",) * seats, seed=11))
        assert all(len(state.rack(seat)) == 14 for seat in range(seats))
        assert len(state.pool) == 106 - 14 * seats
        assert tile_census(state) == list(range(106))
        assert Counter(face(t) for t in tile_census(state)) == Counter(standard_set())

    @pytest.mark.parametrize("seats", [1, 5])
    def test_two_to_four_seats(self, seats):
        with pytest.raises(ValueError):
            RummiParameters(seats=("x",) * seats)

    def test_clock_is_off_30_60_or_120(self):
        assert RummiParameters(clock_seconds=30).clock_seconds == 30
        with pytest.raises(ValueError):
            RummiParameters(clock_seconds=45)

    def test_same_seed_same_deal_other_seed_other_deal(self):
        one, two = (RummiState(RummiParameters(seed=5)) for _ in range(2))
        assert one == two and one.racks == two.racks and one.pool == two.pool
        assert RummiState(RummiParameters(seed=6)).racks != one.racks

    def test_highest_draw_starts_joker_counts_zero_ties_draw_again(self):
        saw_tie = False
        for seed in range(60):
            state = RummiState(RummiParameters(seats=("a", "b", "c"), seed=seed))
            draw = state.first_draw
            for rnd in draw.rounds[:-1]:
                best = max(face(t).number for t in rnd.values())
                assert sum(face(t).number == best for t in rnd.values()) > 1
                saw_tie = True
            last = draw.rounds[-1]
            numbers = {seat: face(t).number for seat, t in last.items()}
            assert max(numbers.values()) == numbers[draw.first]
            assert list(numbers.values()).count(numbers[draw.first]) == 1
            assert state.current == draw.first
        assert saw_tie


class TestMoves:
    def test_place_shift_split_merge_retrieve(self):
        state = position("R3 R4 R5 R6 R7 R8", ["R6 K1 K2 K3", "B1"])
        state.apply(Split(0, 3))
        assert shown(state) == "R3 R4 R5 / R6 R7 R8"
        state.apply(Place(rack_id(state, "R6"), 0, 3))
        assert shown(state) == "R3 R4 R5 R6 / R6 R7 R8"
        state.apply(Place(rack_id(state, "K1"), 2, 0))
        state.apply(Place(rack_id(state, "K3"), 2, 1))
        state.apply(Place(rack_id(state, "K2"), 2, 1))
        assert shown(state) == "R3 R4 R5 R6 / R6 R7 R8 / K1 K2 K3"
        assert sorted(str(face(t)) for t in state.laid_this_turn) == ["K1", "K2", "K3", "R6"]
        state.apply(Merge(2, 0))
        assert shown(state) == "R6 R7 R8 / K1 K2 K3 R3 R4 R5 R6"
        state.apply(Retrieve(table_id(state, "K2")))
        assert "K2" in [str(t) for t in state.rack_tiles()]
        k3 = table_id(state, "K3")
        state.apply(Shift(k3, 2, 0))
        assert shown(state) == "R6 R7 R8 / K1 R3 R4 R5 R6 / K3"

    def test_refusals_leave_everything_as_it_was(self):
        state = position("R3 R4 R5", ["R6 K1", "B1"])
        before = state.fingerprint()
        for move in [Place(table_id(state, "R3"), 0, 0), Place(rack_id(state, "R6"), 5, 0),
                     Place(rack_id(state, "R6"), 0, 9), Shift(rack_id(state, "K1"), 0, 0),
                     Retrieve(table_id(state, "R3")), Split(0, 0), Split(0, 3), Merge(0, 0),
                     Place(999, 0, 0)]:
            with pytest.raises(IllegalMove):
                state.apply(move)
        assert state.fingerprint() == before

    def test_table_tiles_never_go_to_a_rack(self):
        state = position("R3 R4 R5 R6", ["K1", "B1"])
        with pytest.raises(IllegalMove, match="never go back to a rack"):
            state.apply(Retrieve(table_id(state, "R6")))

    def test_undo_steps_back_one_move_and_reset_restores_the_turn_start(self):
        state = position("R3 R4 R5", ["R6 R2 K1", "B1"])
        start = state.position()
        state.apply(Place(rack_id(state, "R6"), 0, 3))
        after_one = state.position()
        state.apply(Place(rack_id(state, "R2"), 0, 0))
        assert state.undo() == Place(rack_id(state, "R2"), 0, 0)
        assert state.position() == after_one
        state.apply(Split(0, 2))
        state.reset_turn()
        assert state.position() == start and state.turn_moves == []
        assert state.undo() is None


class TestJokers:
    def test_substitution_from_the_rack_then_the_joker_must_be_used(self):
        state = position("R5 J R7 / K9 B9 Y9", ["R6 R10 R11 K1", "B1"])
        joker = table_id(state, "J")
        with pytest.raises(IllegalMove, match="stands for R6"):
            state.apply(Swap(rack_id(state, "R10"), joker))
        state.apply(Swap(rack_id(state, "R6"), joker))
        assert shown(state) == "R5 R6 R7 / K9 B9 Y9 / J"
        refused = state.end_turn()
        assert not refused.ok and refused.problems[0].index == 2
        state.apply(Place(rack_id(state, "R10"), 2, 0))
        state.apply(Place(rack_id(state, "R11"), 2, 1))
        assert shown(state) == "R5 R6 R7 / K9 B9 Y9 / R10 R11 J"
        assert state.end_turn().outcome == "played"

    def test_substitution_from_another_meld(self):
        state = position("K9 B9 J / R6 R7 R8 R9", ["Y2", "B1"])
        state.apply(Swap(table_id(state, "R9"), table_id(state, "J")))
        assert shown(state) == "K9 B9 R9 / R6 R7 R8 / J"
        state.apply(Place(rack_id(state, "Y2"), 2, 1))
        state.apply(Shift(table_id(state, "J"), 1, 3))  # J extends the run as R9
        state.apply(Shift(table_id(state, "Y2"), 3, 0))
        assert shown(state) == "K9 B9 R9 / R6 R7 R8 J / Y2"
        state.undo(), state.undo()
        assert shown(state) == "K9 B9 R9 / R6 R7 R8 / J Y2"

    def test_either_missing_colour_frees_a_group_joker(self):
        for colour in "RY":
            state = position("K9 B9 J", [f"{colour}9", "B1"])
            state.apply(Swap(rack_id(state, f"{colour}9"), table_id(state, "J")))
            assert shown(state) == f"K9 B9 {colour}9 / J"

    def test_no_joker_before_the_initial_meld_and_freed_jokers_never_reach_a_rack(self):
        state = position("R5 J R7", ["R6", "B1"], opened=(False, True))
        with pytest.raises(IllegalMove, match="initial meld"):
            state.apply(Swap(rack_id(state, "R6"), table_id(state, "J")))
        state = position("R5 J R7", ["R6", "B1"])
        state.apply(Swap(rack_id(state, "R6"), table_id(state, "J")))
        with pytest.raises(IllegalMove):
            state.apply(Retrieve(table_id(state, "J")))


class TestEndTurn:
    def test_refusal_names_each_wrong_meld_and_changes_nothing(self):
        state = position("R5 R6 R7", ["R8 K1 K2", "B1"])
        state.apply(Place(rack_id(state, "K1"), 1, 0))
        state.apply(Place(rack_id(state, "K2"), 0, 0))
        before = state.fingerprint()
        result = state.end_turn()
        assert not result.ok and result.outcome == "refused"
        assert [p.index for p in result.problems] == [0, 1]
        assert result.problems[0].reason.startswith("mixes colours and numbers")
        assert result.problems[1].reason == "a meld needs at least 3 tiles (this one has 1)"
        assert result.error == result.problems[0].sentence()
        assert state.fingerprint() == before

    def test_a_legal_play_passes_the_turn_and_opens_the_seat(self):
        state = position("", ["K10 B10 Y10 R1", "B1 B2"], opened=(False, False))
        for position_, text in enumerate(["K10", "B10"]):
            state.apply(Place(rack_id(state, text), len(state.table) if position_ == 0 else 0, position_))
        assert state.opening_points() == 0
        state.apply(Place(rack_id(state, "Y10"), 0, 2))
        assert state.opening_points() == 30
        result = state.end_turn()
        assert (result.outcome, result.seat, result.placed) == ("played", 0, 3)
        assert state.current == 1 and state.opened == [True, False]

    def test_opening_with_jokers_and_the_refused_opening_that_touches_the_table(self):
        state = position("R10 R11 R12", ["R13 K10 B10 Y10", "B1"], opened=(False, True))
        state.apply(Place(rack_id(state, "R13"), 0, 3))
        assert not state.end_turn().ok
        state.reset_turn()
        result = state.play_melds(melds("R10 R11 R12 / K10 B10 Y10"))
        assert result.outcome == "played"
        state = position("", ["J K12 K13 R1", "B1"], opened=(False, True))
        assert state.play_melds(melds("J K12 K13")).outcome == "played"

    def test_play_melds_refusal_resets_the_turn(self):
        state = position("R5 R6 R7", ["K1 K2", "B1"])
        start = state.position()
        result = state.play_melds(melds("R5 R6 R7 / K1 K2"))
        assert not result.ok and "at least 3 tiles" in result.error
        assert state.position() == start
        invented = state.play_melds(melds("R5 R6 R7 R8"))
        assert not invented.ok and "R8" in invented.error
        lost = state.play_melds(melds("R5 R6 / K1 K2"))
        assert not lost.ok and state.position() == start

    def test_rearrange_refuses_lost_and_invented_tiles(self):
        state = position("R5 R6 R7", ["K1 K2", "B1"])
        r5, k1 = table_id(state, "R5"), rack_id(state, "K1")
        with pytest.raises(IllegalMove, match="lost"):
            state.apply(Rearrange(((r5, k1),)))
        with pytest.raises(IllegalMove, match="neither"):
            state.apply(Rearrange((tuple(state.table[0]) + (rack_id(state, "B1", seat=1),),)))


class TestDrawClockAndEndOfRound:
    def test_draw_resets_first_then_takes_one_tile(self):
        state = position("R5 R6 R7", ["R8 K1", "B1"], pool="Y3 Y4")
        state.apply(Place(rack_id(state, "R8"), 0, 3))
        result = state.draw()
        assert result.outcome == "drew" and [str(face(t)) for t in result.drawn] == ["Y3"]
        assert shown(state) == "R5 R6 R7"
        assert sorted(str(t) for t in state.rack_tiles(0)) == ["K1", "R8", "Y3"]
        assert state.current == 1

    def test_timeout_valid_play_stands(self):
        state = position("R5 R6 R7", ["R8 K1", "B1"], pool="Y3 Y4 Y5 Y6")
        state.apply(Place(rack_id(state, "R8"), 0, 3))
        assert state.timeout().outcome == "played" and shown(state) == "R5 R6 R7 R8"

    def test_timeout_nothing_played_draws_one(self):
        state = position("R5 R6 R7", ["R8 K1", "B1"], pool="Y3 Y4 Y5 Y6")
        state.apply(Split(0, 1))  # table touched, no rack tile laid down
        result = state.timeout()
        assert result.outcome == "drew" and len(result.drawn) == 1 and shown(state) == "R5 R6 R7"

    def test_timeout_anything_else_resets_and_draws_three(self):
        state = position("R5 R6 R7", ["R8 K1", "B1"], pool="Y3 Y4 Y5 Y6")
        state.apply(Place(rack_id(state, "K1"), 0, 0))
        result = state.timeout()
        assert result.outcome == "penalty" and [str(face(t)) for t in result.drawn] == ["Y3", "Y4", "Y5"]
        assert shown(state) == "R5 R6 R7" and len(state.rack(0)) == 5

    def test_penalty_takes_only_what_the_pool_has(self):
        state = position("R5 R6 R7", ["R8 K1", "B1"], pool="Y3")
        state.apply(Place(rack_id(state, "K1"), 1, 0))
        result = state.timeout()
        assert result.outcome == "penalty" and len(result.drawn) == 1

    def test_empty_pool_passes_and_everyone_passing_blocks_the_round(self):
        state = position("R5 R6 R7", ["R1 K13", "B2 J", "Y4 Y5"], opened=(True,) * 3, pool="")
        assert state.draw().outcome == "passed"
        assert state.draw().outcome == "passed"
        assert not state.is_over
        assert state.draw().outcome == "passed"
        result = state.result
        assert result.kind == "blocked" and result.rack_totals == (14, 32, 9)
        assert result.winners == (2,) and result.scores == (-5, -23, 28) and sum(result.scores) == 0
        with pytest.raises(IllegalMove, match="over"):
            state.draw()

    def test_a_play_breaks_a_run_of_passes(self):
        state = position("R5 R6 R7", ["R8 K1", "B2"], pool="")
        assert state.draw().outcome == "passed"
        assert state.play_melds(melds("R5 R6 R7 / ")).outcome == "refused"
        state.draw()  # seat 1 passes after seat 0's pass: two passes, blocked
        assert state.is_over

    def test_going_out_ends_the_round_and_scores(self):
        state = position("R5 R6 R7", ["R8", "B2 J K13"], pool="Y1")
        result = state.play_melds(melds("R5 R6 R7 R8"))
        assert result.outcome == "went_out" and state.is_over
        assert state.result.scores == (45, -45) and state.result.winners == (0,)


def test_replay_from_seed_and_log_and_the_log_notation():
    state = RummiState(RummiParameters(seed=2))
    first = state.rack(state.current)[0]
    state.apply(Place(first, 0, 0))
    state.undo()  # the undone move leaves the log: it is no part of what replays the round
    state.draw()
    second = state.rack(state.current)[0]
    state.apply(Place(second, 0, 0))
    assert state.log == ["draw", f"place {second} 0:0"]
    assert replay(state.params, state.log) == state
    assert all(Move.parse(a).notation() == a for a in state.log)


def test_undo_and_reset_leave_the_log_as_it_was():
    state = RummiState(RummiParameters(seed=4))
    state.draw()
    at_turn_start = state.clone()
    rack = list(state.rack(state.current))
    state.apply(Place(rack[0], 0, 0))
    after_one = state.clone()
    state.apply(Place(rack[1], 0, 1))
    assert state.undo() == Place(rack[1], 0, 1)
    assert state == after_one and state.log == after_one.log
    state.apply(Place(rack[1], 1, 0))
    state.reset_turn()
    assert state == at_turn_start and state.log == ["draw"]


def test_a_log_written_with_undo_and_reset_entries_still_loads_and_replays():
    """Saves, finished-game records and replay files from before undo left the log hold
    "undo" and "reset" entries; they replay to the same round as the log without them."""
    from rummi_desktop.games.rummi.rules.serialize import state_from_dict, state_to_dict
    from rummi_desktop.records.replay import replay_of_record

    played = RummiState(RummiParameters(seats=("human", "easy"), seed=6))
    played.draw()
    rack = list(played.rack(played.current))
    played.apply(Place(rack[0], 0, 0))
    old_log = ["draw", f"place {rack[0]} 0:0", f"place {rack[1]} 0:1", "undo", f"place {rack[2]} 1:0",
               "reset", f"place {rack[0]} 0:0"]
    assert replay(played.params, old_log) == played
    saved = {**state_to_dict(played), "log": old_log}
    loaded = state_from_dict(saved)
    assert loaded == played and loaded.log == ["draw", f"place {rack[0]} 0:0"]
    record = {"game": "rummi", "state": saved, "scores": [0, 0], "seats": []}
    shown = replay_of_record(record)
    assert shown.seek(shown.length) == played
