"""The Rummble sandbox on the real Rummble table, driven by synthetic pygame events (headless)."""

from __future__ import annotations

import time

import pygame

from rummi_desktop.games.rummble.ai.tiers import choose_move
from rummi_desktop.games.rummble.rules.board import Laid, square
from rummi_desktop.games.rummble.rules.sets import set_problem
from rummi_desktop.games.rummble.rules.seat_view import seat_view
from rummi_desktop.scenes.sandbox import scenario_files as files
from rummi_desktop.games.rummble.table.sandbox import sandbox_table
from rummi_desktop.tiles import Tile
from tests.sandbox_save_support import assert_saved_puzzle_verifies
from test_rummble_scene_support import click, key, make_app, place, square_centre, steps

POSITION = {"game": "rummble", "board": [[6, 5, "R2"], [6, 6, "R3"], [6, 7, "R4"]], "rack": ["R5", "K6", "B7", "Y3"]}


def open_sandbox(tmp_path, monkeypatch, scenario=None):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = sandbox_table(app, scenario)
    scene.mode.puzzles_folder = tmp_path / "puzzles"
    app.stack.push(scene)
    steps(app, 3)
    return app, scene


def pick(app, scene, notation: str) -> None:
    click(app, scene.mode.part.palette.rect_of(Tile.parse(notation)).center)


def centre(button):
    return button.rect.center


def test_the_board_editor_places_tiles_declares_jokers_and_checks_every_line(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch)
    pick(app, scene, "K7")
    click(app, square_centre(6, 6))
    pick(app, scene, "K7")  # brush down
    pick(app, scene, "R9")
    click(app, square_centre(6, 7))
    assert scene.mode.position()["board"] == [[6, 6, "K7"], [6, 7, "R9"]]
    (squares, tiles, problem), = scene.mode.part.lines()
    assert problem == set_problem(tiles) != ""  # K7 R9 is no set: the model's reason is shown
    pick(app, scene, "R9")
    pick(app, scene, "J")
    click(app, square_centre(6, 7))  # taken: the R9 comes off first (no brush needed for that)
    assert scene.mode.position()["board"] == [[6, 6, "K7"]]
    click(app, square_centre(6, 7))  # the joker asks what it stands for
    picker = app.stack.top
    picker.on_done(Tile.parse("K8"))
    picker.close()
    steps(app, 2)
    assert scene.mode.position()["board"] == [[6, 6, "K7"], [6, 7, "J=K8"]]
    assert scene.mode.part.lines()[0][2] == ""


def test_the_palette_refuses_a_third_copy(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    pick(app, scene, "R2")
    click(app, square_centre(7, 5))
    assert scene.mode.scenario.copies_left(Tile.parse("R2")) == 0 and scene.mode.brush is None  # none left to place
    pick(app, scene, "R2")  # the greyed face, picked anyway
    click(app, square_centre(8, 5))
    assert len(scene.mode.position()["board"]) == 4 and "both copies of R2" in scene.banner_log[-1]


def test_best_play_is_the_move_generators_play_glided_onto_the_board(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    expected = choose_move(seat_view(scene.state, 0), "medium")
    click(app, centre(scene.buttons.named["Best play"]))
    for _ in range(2000):
        if scene.mode.search is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    steps(app, 5)
    shown = scene.tentative.play(scene.state.faces)
    assert shown == expected
    assert scene.mode.answer.best == scene.state.check(expected).score == scene.view.verdict.score
    assert scene.view.sprites.settled
    key(app, "return")  # Keep play: part of the board now
    assert len(scene.mode.position()["board"]) == 3 + len(expected.placements)


def test_play_mode_puts_tiles_down_and_recalls_them(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, centre(scene.buttons.named["Play"]))
    place(app, scene, "R5", 6, 8)
    assert scene.view.verdict is not None and scene.view.verdict.legal
    click(app, centre(scene.buttons.named["Undo"]))
    assert not scene.tentative and scene.mode.position() == POSITION


def test_a_scenario_round_trips_through_its_file_and_its_code(tmp_path, monkeypatch, capsys):
    app, scene = open_sandbox(tmp_path, monkeypatch, {**POSITION, "board": [*POSITION["board"], [5, 5, "J=K2"]]})
    click(app, centre(scene.buttons.named["Save"]))
    for _ in range(2000):  # Save asks the move generator for the solution first
        if scene.mode.quiet is None:
            break
        time.sleep(0.005)
        steps(app, 1)
    (path,) = files.saved_scenarios("rummble", scene.mode.puzzles_folder)
    saved = assert_saved_puzzle_verifies(path, "rummble", capsys)
    assert saved["position"] == scene.mode.position()
    assert saved["best"] >= scene.state.check(choose_move(seat_view(scene.state, 0), "medium")).score
    click(app, centre(scene.buttons.named["Share"]))
    code = app.stack.top.text
    other_app, other = open_sandbox(tmp_path, monkeypatch)
    click(other_app, centre(other.buttons.named["Paste code"]))
    entry = other_app.stack.top
    entry.text = code
    click(other_app, centre(entry.load_button))
    assert other.mode.position() == scene.mode.position()
    assert other.state.board.cells[square(5, 5)] == Laid("K", 2, True)


def test_a_malformed_code_changes_nothing(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, POSITION)
    click(app, centre(scene.buttons.named["Paste code"]))
    entry = app.stack.top
    entry.text = files.share_code(files.scenario_puzzle({"game": "rummi", "table": [], "rack": ["R1"]}, None))
    click(app, centre(entry.load_button))
    assert app.stack.top is entry and "rummi scenario" in entry.problem
    assert scene.mode.position() == POSITION


def test_an_invalid_line_is_outlined_on_the_board(tmp_path, monkeypatch):
    app, scene = open_sandbox(tmp_path, monkeypatch, {"game": "rummble", "board": [[6, 6, "K7"], [6, 7, "R9"]],
                                                      "rack": []})
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    from rummi_desktop.games.rummble.table.layout import tile_box

    box = tile_box(square(6, 6))
    assert surface.get_at((round(box.x) - 2, round(box.y + box.h / 2)))[:3] == app.theme.invalid[:3]
