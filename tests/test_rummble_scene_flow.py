"""Rummble's flows around the table: computer plays animated in from the seat chip, the Hint,
autosave and Continue, the setup scene, the end of the game, the menu entry."""

from __future__ import annotations

import time

from rummi_desktop.scenes.turn_machine import Phase
from test_rummble_scene_support import (
    key, make_app, open_table, pass_turn, place, session_from_position, steps, with_stand_in_computer)

RACK = "R7 B8 Y9 K8 R2 J Y3 B11 K12 R13"
OTHER = "B1 B3 B5 B9 B9 K1 K2 K4 K5 Y2"
ROW = [(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")]


def wait_for(app, condition, seconds: float = 10.0) -> None:
    """Step frames until ``condition()`` (the thinking thread answers in its own time)."""
    ends = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < ends, "timed out"
        steps(app, 1)
        time.sleep(0.005)


def test_a_computer_play_flies_from_its_seat_chip_to_the_squares(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.layout import seat_box, tile_box

    with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from_position(ROW, [RACK, OTHER]))
    pass_turn(app, scene)  # the person passes; the computer (seat 1) is on turn
    wait_for(app, lambda: scene.phase == Phase.SHOWING)
    new_ids = set(scene.view.incoming)
    assert len(new_ids) == 1, "the computer's tile is in flight"
    tile_id = next(iter(new_ids))
    chip = seat_box(1)
    sprite = scene.view.sprites.get(tile_id)
    assert chip.x <= sprite.x <= chip.right and chip.y <= sprite.y <= chip.bottom, "it starts at the seat's chip"
    assert scene.banner is not None and scene.banner.message.startswith("P1 plays 1 tile for")
    wait_for(app, lambda: scene.phase == Phase.PERSON)
    sq = scene.state.board_ids.index(tile_id)
    sprite = scene.view.sprites.get(tile_id)
    assert (sprite.x, sprite.y) == (tile_box(sq).x, tile_box(sq).y), "and lands on its square"
    assert scene.state.scores()[1] == scene.session.history[-1].result.points > 0


def test_the_hint_shows_the_coachs_best_play_as_ghost_tiles(tmp_path, monkeypatch):
    with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from_position(ROW, [RACK, OTHER]))
    steps(app, 2)
    assert scene.buttons.hint.enabled
    key(app, "h")
    wait_for(app, lambda: scene.flow.hint_job is None)
    best = scene.flow.hints.spec.parse_move(scene.candidates.candidates[0].move)
    assert scene.view.ghosts == [(p.square, p.laid) for p in best.placements]
    sq, laid = scene.view.ghosts[0]
    assert scene.state.board.cells[sq] is None and scene.banner.message.startswith("Hint: this play scores")
    assert scene.state.log == [], "a hint plays nothing"


def test_without_computer_seats_the_hint_is_off(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.spec import RUMMBLE

    monkeypatch.delitem(RUMMBLE.entry_points, "computer", raising=False)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from_position(ROW, [RACK, OTHER]))
    steps(app, 2)
    assert not scene.buttons.hint.enabled and "computer seats" in scene.buttons.hint.tooltip


def test_autosave_and_continue_resume_exactly(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble import table as rummble
    from rummi_desktop.games.rummble.table.session import RummbleSession, quick_setup
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
    from rummi_desktop.storage.saves import has_autosave

    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = RummbleSession.new(quick_setup("human,human", 7))
    scene = RummbleTableScene(app, session)
    app.stack.push(scene)
    steps(app, 3)
    key(app, "return")  # past the privacy screen
    first = scene.session.current
    pass_turn(app, scene)
    assert has_autosave("rummble")
    before = scene.state.fingerprint()[3:5]
    resumed = rummble.resume(app)
    assert resumed is not None
    app.stack.clear(resumed)
    steps(app, 2)
    table = app.stack.scenes[0]
    assert isinstance(table, RummbleTableScene)
    assert table.state.position() == scene.state.position() and table.state.log == ["pass"]
    assert table.state.fingerprint()[3:5] == before and table.session.current != first


def test_setup_enter_deals_and_remembers(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene, remembered_setup
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
    from rummi_desktop.games.rummble.table.session import RummbleSetup
    from rummi_desktop.games.seats import SeatConfig

    app = make_app(tmp_path, monkeypatch, speed="instant")
    setup = RummbleSetup((SeatConfig("human", "You"), SeatConfig("easy", "Easy")), "cards", 42)
    app.stack.push(RummbleSetupScene(app, setup))
    steps(app, 2)
    key(app, "return")
    table = app.stack.scenes[0]
    assert isinstance(table, RummbleTableScene)
    assert table.state.params.tile_set == "cards" and table.state.params.seed == 42
    assert remembered_setup() == setup


def test_the_game_ends_with_the_hands_settled_and_the_winner_named(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.results import GameOverScene, settlement_lines

    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position(ROW, ["K8", "B1 B3 Y2"], pool="")
    scene = open_table(app, session, autosave=True)
    place(app, scene, "K8", 6, 8)
    key(app, "return")
    steps(app, 3)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    result = scene.state.result
    assert result.kind == "went_out" and result.winners == (0,)
    assert result.scores == (scene.state.points[0] + 6, -6)
    lines = settlement_lines(session)
    assert lines[0].startswith("+6: went out") and lines[1] == "-6: 6 left in hand"
    assert over.title() == "You win!"
    steps(app, 120)
    over.draw(app.screen)
    from rummi_desktop.storage.saves import has_autosave

    assert not has_autosave("rummble"), "a finished game leaves nothing to continue"


def test_rummble_is_on_the_menu_with_its_own_continue_key(tmp_path, monkeypatch):
    from rummi_desktop.scenes.registry import find_game

    make_app(tmp_path, monkeypatch)
    info = find_game("rummble")
    assert info is not None and info.title == "Rummble" and info.continue_key == "b"
    assert "star" in info.rules and info.quick_start is not None
