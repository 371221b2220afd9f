"""Rummi's house rules: the opening threshold (none, 30, 50) and the 15-second clock, honoured by
the model, the computer tiers, saves, analyze (a position's ``rules``) and the puzzle checker."""

from __future__ import annotations

import json

import pytest

from test_analyze_rummi import analyze
from test_rummi_flow_support import make_app, open_table, session_from_position, steps

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummi.ai.seat_faces import SeatView
from rummi_desktop.games.rummi.ai.tiers import choose_play
from rummi_desktop.games.rummi.puzzles.mining import check, from_position, verify
from rummi_desktop.games.rummi.rules.match import Match, MatchSettings
from rummi_desktop.games.rummi.rules.moves import IllegalMove, Play
from rummi_desktop.games.rummi.rules.serialize import match_from_dict, match_to_dict, state_from_dict, state_to_dict
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.tiles import parse_tiles

THIRTY = "K10 B10 Y10"  # a group worth exactly 30
FORTY_TWO = "R13 K13 B13 Y3"  # 39 in the group, and a tile left over
RACK = "K10 B10 Y10 R2 Y7 B1 K4"


def opening_state(opening: int, rack: str = RACK, table: tuple[str, ...] = ("R3 R4 R5",)) -> RummiState:
    params = RummiParameters(seats=("human", "hard"), seed=5, opening_points=opening)
    return RummiState.from_position(params, [parse_tiles(m) for m in table], [parse_tiles(rack), parse_tiles("Y1 Y2")])


def end_turn_with(state: RummiState, table: list[str]) -> None:
    state.apply(Play(tuple(tuple(parse_tiles(meld)) for meld in table)))


@pytest.mark.parametrize("opening, accepted", [(0, True), (30, True), (50, False)])
def test_the_opening_threshold_accepts_or_refuses_a_30_point_meld(opening, accepted):
    state = opening_state(opening)
    try:
        end_turn_with(state, ["R3 R4 R5", THIRTY])
    except IllegalMove as refusal:
        assert not accepted and "needs at least 50" in str(refusal)
        assert state.current == 0 and state.rack_tiles(0) == parse_tiles(RACK)  # nothing changed
    else:
        assert accepted and state.current == 1


def test_no_opening_rule_lets_the_first_turn_build_on_the_table():
    extended = ["R2 R3 R4 R5"]  # R2 from the rack onto the table's run: 2 points, the table used
    free = opening_state(0)
    assert free.opened == [True, True]
    end_turn_with(free, extended)
    assert free.current == 1 and free.table_tiles() == [parse_tiles("R2 R3 R4 R5")]
    usual = opening_state(30)
    with pytest.raises(IllegalMove, match="may not touch the melds on the table"):
        end_turn_with(usual, extended)


def test_the_tiers_open_only_when_the_rack_reaches_the_threshold():
    for opening, rack, plays in ((50, RACK, False), (30, RACK, True), (50, FORTY_TWO + " K12 Y13", True)):
        state = opening_state(opening, rack)
        view = SeatView.from_data(RUMMI.seat_view(state, 0), "hard")
        assert view.opening_points == opening
        for tier in ("easy", "medium", "hard", "expert"):
            melds = choose_play(SeatView.from_data({**RUMMI.seat_view(state, 0), "seed": 2}, tier))
            assert (melds is not None) == plays or tier == "easy", (opening, tier)  # easy may draw anyway
            if melds is not None:
                trial = state.clone()
                trial.apply(Play(tuple(tuple(m) for m in melds)))  # legal under the house rule
                assert trial.current == 1


@pytest.mark.parametrize("opening", [0, 50])
def test_computer_seats_play_a_whole_round_under_the_opening_rule(opening):
    choose = load_entry(RUMMI, "computer")
    state = RUMMI.new_state(("hard", "medium"), 3, opening_points=opening)
    assert state.opened == [opening == 0] * 2
    for _turn in range(400):
        if state.is_terminal:
            break
        move = choose(RUMMI.seat_view(state, state.current), state.params.seats[state.current])
        assert not play_seat_move(RUMMI, state, move).refused
        assert RUMMI.audit(state) == []
    assert state.is_terminal


def test_the_rules_travel_with_saves_and_replays():
    match = Match(MatchSettings("Parlor League", 100, 15, opening_points=50), ("human", "hard"), 9)
    match.start_round()
    data = json.loads(json.dumps(match_to_dict(match)))
    loaded = match_from_dict(data)
    assert loaded.settings.opening_points == 50 and loaded.settings.clock_seconds == 15
    assert loaded.current.params.opening_points == 50
    assert state_from_dict(state_to_dict(loaded.current)).params.opening_points == 50
    plain = match_to_dict(Match(MatchSettings("Parlor League"), ("human", "hard"), 9))
    assert "opening_points" not in plain["settings"]  # the usual rules are written as before


def test_a_15_second_clock_runs_out_and_the_seat_draws(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position([], [RACK, "Y1 Y2 Y3"], clock=15, pool="R7 R8 R9 K1 K2"))
    assert scene.session.state.params.clock_seconds == 15 and scene.my_turn
    steps(app, 14, dt=1.0)
    assert scene.session.state.current == 0  # still thinking at 14 s
    steps(app, 3, dt=1.0)
    assert len(scene.session.state.rack(0)) == len(parse_tiles(RACK)) + 1  # out of time, nothing laid: a draw
    assert scene.session.state.log[-1] == "timeout"


def test_analyze_reads_a_positions_rules():
    table, rack = [["R3", "R4", "R5"]], ["K10", "B10", "Y10", "B2"]
    play = [["R3", "R4", "R5"], ["K10", "B10", "Y10"]]
    status, answers, _ = analyze(
        {"game": "rummi", "table": table, "rack": rack, "initial": True, "play": play},
        {"game": "rummi", "table": table, "rack": rack, "initial": True, "play": play, "rules": {"opening_points": 50}},
        {"game": "rummi", "table": table, "rack": rack, "initial": True, "rules": {"opening_points": 50}},
        {"game": "rummi", "table": table, "rack": rack + ["B3", "B4"], "initial": True, "rules": {"opening_points": 0}},
    )
    assert status == 0
    assert answers[0]["legal"] and not answers[1]["legal"] and "at least 50" in answers[1]["error"]
    assert answers[2]["placed"] == 0  # 30 points cannot open at 50
    assert answers[3]["placed"] == 6  # no opening rule: B2 B3 B4 and the group, and the table may be used
    status, _, stderr = analyze({"game": "rummi", "table": table, "rack": rack, "rules": {"opening_points": 40}})
    assert status == 2 and "rule opening_points is 0, 30, 50, not 40" in stderr
    status, _, stderr = analyze({"game": "rummi", "table": table, "rack": rack, "rules": {"joker_penalty": 9}})
    assert status == 2 and 'unknown rule "joker_penalty"' in stderr


def test_the_puzzle_checker_honours_the_positions_opening_rule():
    position = {"game": "rummi", "table": [], "rack": ["K10", "B10", "Y10", "R1"], "initial": True}
    puzzle = from_position(position)
    assert puzzle is not None and verify(puzzle) == [] and check(puzzle, puzzle["solution"])["solved"]
    puzzle["position"]["rules"] = {"opening_points": 50}
    assert any("needs at least 50" in problem for problem in verify(puzzle))
    assert "needs at least 50" in check(puzzle, puzzle["solution"])["message"]
    assert from_position({**position, "rules": {"opening_points": 50}}) is None  # nothing can open at 50
    free = from_position({**position, "rules": {"opening_points": 0}})
    assert free["position"]["rules"] == {"opening_points": 0} and verify(free) == []


def test_the_setup_screen_offers_the_opening_rule_and_the_match_keeps_it(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.table.session import MatchSetup
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene
    from test_rummi_flow_support import button_centre, click

    app = make_app(tmp_path, monkeypatch)
    setup_scene = RummiSetupScene(app, MatchSetup(seed=7))
    app.stack.push(setup_scene)
    steps(app, 2)
    click(app, setup_scene.opening_picker.arrow_rects()[1].center)  # 30 points -> 50 points
    click(app, setup_scene.clock_picker.arrow_rects()[0].center)  # 60 s -> 30 s
    click(app, setup_scene.clock_picker.arrow_rects()[0].center)  # 30 s -> 15 s
    click(app, button_centre(setup_scene.start_button))
    table = app.stack.top
    assert table.session.setup.opening == 50 and table.session.state.params.opening_points == 50
    assert table.session.state.params.clock_seconds == 15
    assert RummiSetupScene(app).current_setup().opening == 50  # remembered for the next match
