"""Tumblewords' solo score attack: one seat, how it ends, statistics that leave it out of the win
rates, and the results card's score against the best before it ("New best!")."""

from __future__ import annotations

import pytest

from tumblewords_scene_support import drag, column_centre, hand_centre, open_table, settle, steps, pass_turn
from tumblewords_support import arrange, game
from test_rummi_flow_support import make_app

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.seats import SeatConfig
from rummi_desktop.games.tumblewords.rules.moves import Drop, Pass
from rummi_desktop.games.tumblewords.rules.parameters import ALL_PASSED, LETTERS_OUT, TumblewordsParameters
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.games.tumblewords.table.results import GameOverScene
from rummi_desktop.games.tumblewords.table.session import TumblewordsSeatStats, TumblewordsSession, TumblewordsSetup
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary
from rummi_desktop.records.stat_totals import best_solo_score, profile_game_stats
from rummi_desktop.storage.game_records import read_records


def solo_game(hand: str, bag: str = ""):
    state = game(1)
    arrange(state, [], [hand], bag=bag)
    return state


def test_one_seat_is_the_solo_score_attack_and_has_no_winner():
    assert TumblewordsParameters(seats=("human",)).solo and not TumblewordsParameters(seats=("human", "easy")).solo
    state = solo_game("CAT")
    for col, letter in enumerate("CAT"):
        assert state.current == 0
        state.apply(Drop(col, letter))
    assert state.is_terminal and state.result.kind == LETTERS_OUT  # the bag ran out, the last letter played
    assert state.points[0] > 0 and state.winners() == ()


def test_a_pass_ends_a_solo_game_at_once():
    state = solo_game("CAT", bag="TOPS")
    state.apply(Pass())
    assert state.is_terminal and state.result.kind == ALL_PASSED and state.winners() == ()


@pytest.mark.parametrize("tier", ["easy", "hard"])
def test_a_computer_plays_a_whole_solo_game_and_it_saves(tier):
    choose = load_entry(TUMBLEWORDS, "computer")
    state = TUMBLEWORDS.new_state((tier,), 4, board="quick")  # the shipped list: the seat view names it
    for _turn in range(200):
        if state.is_terminal:
            break
        assert not play_seat_move(TUMBLEWORDS, state, choose(TUMBLEWORDS.seat_view(state, 0), tier)).refused
        assert TUMBLEWORDS.audit(state) == []
    assert state.is_terminal
    assert TUMBLEWORDS.state_from_dict(TUMBLEWORDS.state_to_dict(state)) == state


def test_statistics_leave_solo_games_out_of_the_win_rates():
    def record(record_id, seats, score, mode="Solo · 8 × 8 · Auto · 2+ letters"):
        people = [{"kind": "human", "name": "Ann", "profile": "ann", "score": score, "won": len(seats) > 1,
                   "stats": {}}] + [{"kind": kind, "name": kind, "profile": "", "score": 1, "won": False, "stats": {}}
                                    for kind in seats[1:]]
        return {"id": record_id, "game": "tumblewords", "finished_at": f"2026-12-0{record_id[-1]}", "mode": mode,
                "seats": people}

    records = [record("r1", ["human", "easy"], 30, mode="2 seats"), record("r2", ["human"], 41),
               record("r3", ["human"], 55), record("r4", ["human"], 90, mode="Solo · 7 × 6 · Auto · 2+ letters")]
    stats = profile_game_stats(records, "ann", "tumblewords", ())
    assert (stats.games, stats.wins, stats.win_rate, stats.best_score) == (1, 1, 1.0, 30)
    solo = "Solo · 8 × 8 · Auto · 2+ letters"
    assert best_solo_score(records, "ann", "tumblewords", solo) == 55
    assert best_solo_score(records, "ann", "tumblewords", solo, excluding="r3") == 41
    assert best_solo_score(records, "bob", "tumblewords", solo) is None


def solo_session(hand: str) -> TumblewordsSession:
    """A solo game from a position (so its record replays), the bag empty, the shipped list."""
    setup = TumblewordsSetup((SeatConfig("human", "You"),), seed=5)
    empty_rows = ["." * 8] * 8
    state = TumblewordsState.from_position(setup.parameters(shipped_dictionary()), empty_rows, [list(hand)], bag=[])
    return TumblewordsSession(setup, state, [TumblewordsSeatStats()])


def finish(app, scene) -> GameOverScene:
    for _ in range(600):
        if isinstance(app.stack.top, GameOverScene):
            return app.stack.top
        steps(app, 1)
    raise AssertionError("no results card")


def test_the_results_card_reports_the_score_against_the_best_before_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    first = open_table(app, solo_session("CAT"), autosave=True)
    pass_turn(app, first)
    card = finish(app, first)
    assert card.title() == "Your first score to beat" and card.solo.score == 0
    app.stack.pop(), app.stack.pop()

    second = open_table(app, solo_session("CAT"), autosave=True)
    for col, letter in enumerate("CAT"):
        drag(app, hand_centre(second, letter), column_centre(second, col))
        settle(app, second)
        steps(app, 30)
    card = finish(app, second)
    scored = second.session.state.points[0]
    assert scored > 0 and card.solo.best_before == 0 and card.title() == "New best!"
    assert card.solo.line() == f"Your best was 0: {scored} more this time"
    app.stack.pop(), app.stack.pop()

    third = open_table(app, solo_session("CAT"), autosave=True)
    pass_turn(app, third)
    card = finish(app, third)
    assert card.title() == "Score attack over" and card.solo.best_before == scored
    records, _ = read_records()
    solo_records = [r for r in records if r["game"] == "tumblewords"]
    assert len(solo_records) == 3 and all(r["winners"] == [] for r in solo_records)
    assert {r["mode"] for r in solo_records} == {"Solo · 8 × 8 · Auto · 2+ letters"}


@pytest.mark.parametrize("kind, refused", [("human", False), ("easy", True)])
def test_the_setup_makes_a_solo_game_of_one_person_seat(kind, refused):
    seats = (SeatConfig(kind, "You"),)
    if refused:
        with pytest.raises(ValueError, match="solo score attack is for a person"):
            TumblewordsSetup(seats)
    else:
        assert TumblewordsSetup(seats).solo


def test_emptying_the_other_seats_on_the_setup_screen_starts_a_solo_game(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.setup_scene import TumblewordsSetupScene
    from rummi_desktop.scenes.setup_base import EMPTY
    from test_rummi_flow_support import button_centre, click

    app = make_app(tmp_path, monkeypatch)
    setup_scene = TumblewordsSetupScene(app, TumblewordsSetup(seed=3))
    app.stack.push(setup_scene)
    steps(app, 2)
    seat2 = setup_scene.widgets.widgets[3]  # panel, seat 1 and its name, seat 2's picker
    assert seat2.label == "Seat 2"
    for _ in range(len(seat2.options)):
        if setup_scene.kinds[1] == EMPTY:
            break
        click(app, seat2.arrow_rects()[0].center)
    assert setup_scene.kinds[1] == EMPTY and setup_scene.current_setup().solo
    click(app, button_centre(setup_scene.start_button))
    table = app.stack.top
    assert table.session.state.params.solo and table.session.state.seats == 1
    assert TumblewordsSetupScene(app).current_setup().solo  # remembered
