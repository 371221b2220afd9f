"""Whole Rummi flows through the real scenes: pass-and-play privacy, a match to the summary,
autosave and Continue, a damaged autosave, the setup scene and the quick-start command."""

from __future__ import annotations

import argparse

from test_rummi_flow_support import (
    button_centre,
    click,
    key,
    make_app,
    session_from_position,
    steps,
    type_text,
)

from rummi_desktop.games.rummi.rules.serialize import match_to_dict
from rummi_desktop.games.rummi.table import load_saved_session, quick_start
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.table_overlays import PauseOverlay, PrivacyScreen
from rummi_desktop.games.rummi.table.results import MatchSummaryScene, RoundEndScene
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, SeatConfig
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.storage.saves import autosave_path, has_autosave


def test_two_humans_get_the_privacy_screen_and_never_see_each_others_rack(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    session = session_from_position([], ["R1 R2 K5", "B1 B2 Y5"], seats=("human", "human"),
                                    pool="K9 K10 K11 K12")
    scene = RummiTableScene(app, session)
    app.stack.push(scene)
    steps(app, 2)
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.name == "You"
    assert scene.viewer is None and scene.view.rack_ids == []  # nothing shown behind the screen
    click(app, (640, 700))
    assert app.stack.top is scene and scene.viewer == 0
    first_rack = set(scene.state.rack(0))
    click(app, button_centre(scene.buttons.draw_tile))
    steps(app, 2)
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.name == "P1"
    assert scene.viewer is None and not (set(scene.view.rack_ids) & first_rack)
    key(app, "escape")  # Esc does not lift the screen
    assert isinstance(app.stack.top, PrivacyScreen)
    click(app, (640, 400))
    assert scene.viewer == 1 and set(scene.view.rack_ids) == set(scene.state.rack(1))
    assert not (set(scene.view.rack_ids) & first_rack)


def finish_rounds_by_drawing(app, scene, limit=4000):
    """The scripted human draws every turn; continue through round ends to the summary."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, MatchSummaryScene):
            return top
        if isinstance(top, RoundEndScene):
            click(app, button_centre(top.next_button))
            continue
        if top is scene and scene.my_turn:
            click(app, button_centre(scene.buttons.draw_tile))
            continue
        job = scene.flow.job
        if job is not None and not job.done:
            job.wait(20)  # the seat thinks in real time: on a busy machine, steps alone run out
        steps(app, 1, dt=0.05)
    raise AssertionError("the match did not end")


def match_over_the_menu(tmp_path, monkeypatch, seats: tuple[str, str, str], target: int, seed: int):
    """A person against a computer in a Parlor League match, its table over the menu (where
    Save and quit, and the match's end, lead): ``seats`` is (person, tier, its name)."""
    app = make_app(tmp_path, monkeypatch, speed="instant")
    app.stack.push(MenuScene(app))
    person, tier, name = seats
    setup = MatchSetup((SeatConfig("human", person), SeatConfig(tier, name)), "parlor", target, 0, seed)
    scene = RummiTableScene(app, RummiSession.new(setup))
    app.stack.push(scene)
    return app, scene


def test_a_whole_match_human_against_hard_reaches_the_summary(tmp_path, monkeypatch):
    app, scene = match_over_the_menu(tmp_path, monkeypatch, ("You", "hard", "Hard"), 60, 17)
    steps(app, 2)
    summary = finish_rounds_by_drawing(app, scene)
    match = scene.session.match
    assert match.is_over and match.winners == (1,)
    assert sum(record.result.scores[0] for record in match.rounds) == match.totals[0]
    rows = summary.rows()
    assert rows[1][0] == "Hard" and int(rows[1][1]) >= 60
    assert int(rows[1][3]) > 0 and rows[0][3] == "0"  # tiles placed: the drawing human placed none
    assert not has_autosave("rummi"), "a finished match leaves nothing to continue"
    click(app, button_centre(summary.menu_button))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert "Continue Rummi" not in [button.label for button in menu.buttons]


def test_a_save_made_mid_game_resumes_identically(tmp_path, monkeypatch):
    app, scene = match_over_the_menu(tmp_path, monkeypatch, ("Ann", "medium", "Medium"), 200, 99)
    for _ in range(6):  # a few turns: the human draws, the computer plays
        while not scene.my_turn:
            steps(app, 1, dt=0.05)
        click(app, button_centre(scene.buttons.draw_tile))
    while not scene.my_turn:
        steps(app, 1, dt=0.05)
    saved = match_to_dict(scene.session.match, at_turn_start=True)
    position = scene.state.position()
    stats = [s.turns for s in scene.session.stats]
    # half-way through a turn, the player saves and quits from the pause overlay
    first = scene.view.rack_ids[0]
    from test_rummi_flow_support import drag, new_meld_point, rack_tile_centre

    drag(app, rack_tile_centre(scene, first), new_meld_point(scene))
    key(app, "escape")
    assert isinstance(app.stack.top, PauseOverlay)
    pause = app.stack.top
    click(app, next(b for b in pause.widgets.widgets if b.label == "Save and quit to menu").rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and len(app.stack) == 1
    continue_button = next(b for b in menu.buttons if b.label == "Continue Rummi")
    click(app, continue_button.rect.center)
    steps(app, 2)
    table = app.stack.top
    assert isinstance(table, RummiTableScene) and table is not scene
    assert match_to_dict(table.session.match, at_turn_start=True) == saved
    assert table.state.position() == position  # the start of the interrupted turn, exactly
    assert [s.turns for s in table.session.stats] == stats
    assert table.my_turn and table.viewer == 0


def test_a_damaged_autosave_is_kept_aside_and_the_menu_says_so(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    path = autosave_path("rummi")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('version = 1\ngame = "rummi"\n[state\n')
    other = path.parent / "keep_me.toml"
    other.write_text("x = 1\n")
    menu = MenuScene(app)
    labels = [button.label for button in menu.buttons]
    assert "Continue Rummi" not in labels and "Rummi" in labels
    notices = menu.notices  # what the menu shows
    assert any("saved Rummi game" in notice for notice in notices)
    assert (path.parent / (path.name + ".bad")).exists() and not path.exists()
    assert other.read_text() == "x = 1\n"


def test_a_save_the_model_refuses_is_damaged_too(tmp_path, monkeypatch):
    make_app(tmp_path, monkeypatch)  # points the user folders at tmp_path
    session = RummiSession.new(MatchSetup(seed=5))
    from rummi_desktop.storage.saves import write_autosave

    setup, state, stats = session.to_save()
    state["current"]["log"] = ["place 999 0:0"]
    write_autosave("rummi", setup, state, stats)
    notices: list[str] = []
    assert load_saved_session(notices) is None
    assert notices and "damaged" in notices[0]
    assert not has_autosave("rummi")


def test_quick_start_reads_the_play_command_options(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    args = argparse.Namespace(command="play", game="rummi", seats="human,expert,easy", seed=42, mode="blitz")
    scene = quick_start(app, args)
    setup = scene.session.setup
    assert [s.kind for s in setup.seats] == ["human", "expert", "easy"]
    assert setup.seed == 42 and setup.clock_seconds == 30
    again = quick_start(app, args)
    assert again.session.state.position() == scene.session.state.position()  # same deal


def test_setup_scene_builds_the_match_and_remembers_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    app.stack.push(MenuScene(app))
    setup_scene = RummiSetupScene(app, MatchSetup(seed=7))
    app.stack.push(setup_scene)
    steps(app, 2)
    seat3 = setup_scene.widgets.widgets[5]  # seat 3's picker (panel, seat1, name1, seat2, name2, seat3)
    click(app, seat3.arrow_rects()[1].center)  # right arrow: Person -> ... cycles
    name_field = setup_scene.name_fields[0]
    click(app, name_field.rect.center)
    for _ in range(3):
        key(app, "backspace")
    type_text(app, "zoe")
    key(app, "return")
    chosen = setup_scene.current_setup()
    assert chosen.seats[0].name == "Zoe" and len(chosen.seats) == 3
    click(app, button_centre(setup_scene.start_button))
    table = app.stack.top
    assert isinstance(table, RummiTableScene) and table.session.setup == chosen
    remembered = RummiSetupScene(app)
    assert remembered.current_setup() == chosen


def test_enter_on_the_setup_screen_deals(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    app.stack.push(MenuScene(app))
    app.stack.push(RummiSetupScene(app, MatchSetup(seed=7)))
    steps(app, 2)
    key(app, "return")
    steps(app, 2)
    table = app.stack.top
    assert isinstance(table, RummiTableScene) and table.session.setup.seed == 7


def test_the_settings_default_turn_clock_is_the_setup_default(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    from rummi_desktop.games.rummi.table.setup_scene import RummiSetupScene

    app.update_settings(turn_clock=120)
    setup_scene = RummiSetupScene(app)
    assert setup_scene.current_setup().clock == 120
    assert setup_scene.clock_picker.options[setup_scene.clock_picker.index][0] == 120
    # a clock chosen on the setup screen is remembered while the default stays as it was...
    setup_scene.clock = 30
    setup_scene.start()
    assert RummiSetupScene(app).current_setup().clock == 30
    # ...and a new default in Settings replaces it
    app.update_settings(turn_clock=0)
    assert RummiSetupScene(app).current_setup().clock == 0


def test_continue_shows_each_rack_in_the_order_its_player_left_it(tmp_path, monkeypatch):
    """Found playing in a real window: a sorted rack came back unsorted after Continue."""
    app, scene = match_over_the_menu(tmp_path, monkeypatch, ("Ann", "medium", "Medium"), 200, 31)
    while not scene.my_turn:
        steps(app, 1, dt=0.05)
    dealt = list(scene.view.rack_ids)
    click(app, button_centre(scene.buttons.sort_number))
    steps(app, 2)
    arranged = list(scene.view.rack_ids)
    assert arranged != dealt and sorted(arranged) == sorted(dealt)
    key(app, "escape")
    click(app, next(b for b in app.stack.top.widgets.widgets if b.label == "Save and quit to menu").rect.center)
    menu = app.stack.top
    click(app, next(b for b in menu.buttons if b.label == "Continue Rummi").rect.center)
    steps(app, 2)
    table = app.stack.top
    assert isinstance(table, RummiTableScene) and table is not scene
    assert list(table.view.rack_ids) == arranged
    assert table.racks.sorted_by == {0: "number"}  # and the next round's rack comes sorted so too


def test_a_damaged_rack_arrangement_is_dropped_and_the_game_still_resumes():
    from rummi_desktop.games.rummi.table.rack_order import RackOrders

    for saved in (None, "x", {"orders": {"0": ["a"], "zz": [1]}, "sorted_by": {"0": "rainbow"}}, {"orders": [1]}):
        racks = RackOrders.from_save(saved)
        assert racks.orders == {} and racks.sorted_by == {}
    racks = RackOrders.from_save({"orders": {"1": [5, 3, 5]}, "sorted_by": {"1": "colour"}})
    assert racks.orders == {1: [5, 3]} and racks.sorted_by == {1: "colour"}
    assert racks.order(1, [3, 9, 5]) == [5, 3, 9]  # tiles no longer held drop out; new ones go last


def test_a_hostile_rack_arrangement_is_dropped_too():
    """Found in review: a seat written "²" (a digit to isdigit, not to int) raised ValueError,
    and a sort saved as a list or table raised TypeError (unhashable) on Continue."""
    from rummi_desktop.games.rummi.table.rack_order import RackOrders

    for saved in ({"orders": {"²": [1, 2]}}, {"sorted_by": {"0": ["colour"]}}, {"sorted_by": {"0": {"a": 1}}},
                  {"sorted_by": {"١": "colour"}}):
        racks = RackOrders.from_save(saved)
        assert racks.orders == {} and racks.sorted_by == {}
