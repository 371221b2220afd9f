"""Moves' notation, saves (plain dict / TOML) and replay, scoring and matches."""

import tomllib

import pytest
import tomli_w
from hypothesis import given, settings, strategies as st

from rummi_desktop.games.rummi.rules.match import BLITZ, MODES, PARLOR_LEAGUE, Match, MatchSettings
from rummi_desktop.games.rummi.rules.moves import (
    Merge, Move, MoveNotationError, Place, Rearrange, Retrieve, Shift, Split, Swap,
)
from rummi_desktop.games.rummi.rules.scoring import blocked_scores, going_out_scores
from rummi_desktop.games.rummi.rules.serialize import (
    SaveFormatError, match_from_dict, match_to_dict, state_from_dict, state_to_dict,
)
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.tiles import parse_tiles, standard_set

ids = st.integers(0, 105)
small = st.integers(0, 30)
moves = st.one_of(
    st.builds(Place, ids, small, small), st.builds(Shift, ids, small, small),
    st.builds(Retrieve, ids), st.builds(Split, small, small), st.builds(Merge, small, small),
    st.builds(Swap, ids, ids),
    st.builds(Rearrange, st.lists(st.lists(ids, min_size=1, max_size=5).map(tuple), max_size=4).map(tuple)),
)


@settings(max_examples=200, deadline=None)
@given(moves)
def test_move_notation_round_trips(move):
    assert Move.parse(move.notation()) == move
    assert repr(move) == f"Move.parse({move.notation()!r})"


@pytest.mark.parametrize("text", ["", "jump 1", "place", "place 1", "place x 1:2", "split 1", "table 1,,2"])
def test_bad_move_notation_is_its_own_error(text):
    with pytest.raises(MoveNotationError):
        Move.parse(text)


def played_state(seed=4):
    state = RummiState(RummiParameters(seats=("human", "hard", "easy"), seed=seed, clock_seconds=60))
    state.draw()
    state.apply(Place(state.rack(state.current)[0], 0, 0))
    state.apply(Place(state.rack(state.current)[0], 0, 1))
    state.undo()
    return state


def test_state_round_trips_through_a_dict_and_toml():
    state = played_state()
    data = state_to_dict(state)
    assert data["format"] == 1 and data["game"] == "rummi"
    assert state_from_dict(data) == state
    text = tomli_w.dumps(data)
    assert state_from_dict(tomllib.loads(text)) == state


def test_save_at_turn_start_resumes_at_the_start_of_the_interrupted_turn():
    state = played_state()
    loaded = state_from_dict(state_to_dict(state, at_turn_start=True))
    assert loaded.position() == (state.reset_turn() or state.position())
    assert loaded.current == state.current and loaded.turn_moves == []


def test_a_finished_round_saved_at_turn_start_keeps_its_last_turn():
    state = RummiState.from_position(RummiParameters(), [parse_tiles("R1 R2 R3")],
                                     [parse_tiles("R4"), parse_tiles("K5")], opened=[True, True])
    assert state.play_melds([parse_tiles("R1 R2 R3 R4")]).outcome == "went_out"
    loaded = state_from_dict(state_to_dict(state, at_turn_start=True))
    assert loaded == state and loaded.is_over


def test_hand_made_positions_round_trip():
    state = RummiState.from_position(RummiParameters(), [parse_tiles("R1 R2 R3")],
                                     [parse_tiles("R4 J"), parse_tiles("K5")], current=1,
                                     opened=[True, False], pool=parse_tiles("Y7 Y8"))
    state.draw()
    loaded = state_from_dict(tomllib.loads(tomli_w.dumps(state_to_dict(state))))
    assert loaded == state and [str(t) for t in loaded.rack_tiles(1)] == ["K5", "Y7"]


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.update(game="chess"), "not a Rummi save"),
    (lambda d: d["log"].append("place 999 0:0"), "does not replay"),
    (lambda d: d["log"].append("fly"), "does not replay"),
    (lambda d: d.update(log="draw"), "list of strings"),
    (lambda d: d["snapshot"].update(pool_size=3), "do not match"),
    (lambda d: d["params"].update(seats=["one"]), "parameters"),
    (lambda d: d["params"].pop("seed"), "parameters"),
])
def test_damaged_saves_are_reported_not_loaded(damage, message):
    data = state_to_dict(played_state())
    damage(data)
    with pytest.raises(SaveFormatError, match=message):
        state_from_dict(data)


def test_going_out_scores_jokers_thirty():
    racks = [[], parse_tiles("R5 J"), parse_tiles("K13")]
    result = going_out_scores(racks, 0)
    assert result.scores == (48, -35, -13) and sum(result.scores) == 0


def test_blocked_round_ties_share_and_sum_to_zero():
    racks = [parse_tiles("R5"), parse_tiles("K5"), parse_tiles("B11"), parse_tiles("Y8 J")]
    result = blocked_scores(racks)
    assert result.winners == (0, 1) and result.rack_totals == (5, 5, 11, 38)
    assert result.scores == (20, 19, -6, -33) and sum(result.scores) == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(standard_set()), max_size=14), min_size=2, max_size=4))
def test_every_round_score_sums_to_zero(racks):
    assert sum(blocked_scores(racks).scores) == 0
    assert sum(going_out_scores(racks, 0).scores) == 0


def test_modes_are_data():
    assert PARLOR_LEAGUE.target == 200 and PARLOR_LEAGUE.clock_seconds == 60
    assert BLITZ.clock_seconds == 30 and MODES["blitz"] is BLITZ
    assert PARLOR_LEAGUE.with_target(500).target == 500
    with pytest.raises(ValueError):
        PARLOR_LEAGUE.with_target(0)


@pytest.mark.parametrize("target, clock", [(0, 60), (-50, 60), ("200", 60), (True, 60), (150.5, 60),
                                           (200, 45), (200, 0), (200, "60"), (200, -30), (200, True)])
def test_match_settings_refuse_a_bad_target_or_clock_when_made(target, clock):
    with pytest.raises(ValueError):
        MatchSettings("House rules", target, clock)


def test_match_settings_accept_every_clock_choice():
    assert [MatchSettings("x", 100, clock).clock_seconds for clock in (None, 30, 60, 120)] == [None, 30, 60, 120]


def test_a_saved_match_with_an_impossible_clock_is_a_format_error():
    data = match_to_dict(Match(PARLOR_LEAGUE, ("a", "b"), seed=1))
    data["settings"]["clock_seconds"] = 45
    with pytest.raises(SaveFormatError, match="clock"):
        match_from_dict(data)


def test_a_finished_round_must_be_booked_before_the_next_is_dealt():
    match = Match(PARLOR_LEAGUE, ("a", "b"), seed=4)
    finish_by_passing(match.start_round())
    with pytest.raises(ValueError, match="not been booked"):
        match.start_round()
    assert match.current is not None and match.current.is_over  # nothing was lost
    result = match.finish_round()
    assert match.rounds[-1].result == result
    assert match.start_round() is match.current and not match.current.is_over


def finish_by_passing(state):
    """Empty the pool, then every seat passes: a blocked round."""
    while not state.is_over:
        state.draw()


def test_match_runs_rounds_to_the_target_and_saves():
    match = Match(BLITZ.with_target(60), ("human", "hard"), seed=3)
    rounds = 0
    while not match.is_over:
        state = match.start_round()
        assert state.params.clock_seconds == 30
        finish_by_passing(state)
        result = match.finish_round()
        rounds += 1
        assert sum(result.scores) == 0
        loaded = match_from_dict(tomllib.loads(tomli_w.dumps(match_to_dict(match))))
        assert loaded.totals == match.totals and loaded.rng.getstate() == match.rng.getstate()
    assert max(match.totals) >= 60 and rounds == len(match.rounds)
    assert match.totals[match.winners[0]] == max(match.totals)
    with pytest.raises(ValueError):
        match.start_round()


def test_match_with_a_round_in_progress_round_trips():
    match = Match(PARLOR_LEAGUE, ("a", "b", "c"), seed=9)
    state = match.start_round()
    state.draw()
    loaded = match_from_dict(match_to_dict(match))
    assert loaded.current == state and loaded.winners == ()
    broken = match_to_dict(match)
    broken["seed"] = 10
    with pytest.raises(SaveFormatError):
        match_from_dict(broken)
