"""The Tumblewords table driven by synthetic input: drops by drag and by click land where the
model says once the physics settles, the hover preview, the blank picker, pass, the privacy
screen, keyboard play, and what the board draws."""

from __future__ import annotations

import pygame

from rummi_desktop.games.tumblewords.rules.grid import FACES
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.scenes.table_overlays import PrivacyScreen
from tumblewords_scene_support import (
    click, column_centre, drag, hand_centre, key, make_app, open_table, pass_turn, post, session_from, settle, steps)


def test_a_dragged_letter_falls_and_snaps_onto_the_models_square(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(["..TOP"], ["SCATEON", "TOESCAT"]))
    verdict = scene.state.check(Drop(5, "S"))
    assert (verdict.row, verdict.col) == (7, 5) and [w.word for w in verdict.words] == ["TOPS"]
    drag(app, hand_centre(scene, "S"), column_centre(scene, 5))
    assert scene.state.log == ["drop 5 S"]
    tile_id = scene.state.grid.ids[scene.state.grid.square(7, 5)]
    assert FACES[tile_id] == "S"
    assert not scene.view.world.is_resting(tile_id), "it is still falling"
    frames = settle(app, scene)
    assert frames > 20, "the fall is animated"
    box = scene.view.layout.cell_box(7, 5)
    assert scene.view.world.top_left(tile_id) == (box.x, box.y), "snapped exactly onto the model's square"
    assert scene.state.scores()[0] == 4
    assert scene.phase == Phase.SHOWING, "the words are shown before the next turn"
    assert scene.view.words_shown >= 1


def test_the_hover_preview_asks_the_model(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    start, end = hand_centre(scene, "T"), column_centre(scene, 2)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for t in (0.3, 0.6, 1.0):
        post(pygame.MOUSEMOTION, pos=(round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t)),
             rel=(0, 0), buttons=(1, 0, 0))
        steps(app, 1)
    verdict = scene.view.verdict
    assert verdict is not None and verdict.legal and (verdict.row, verdict.col) == (7, 2)
    assert [w.word for w in verdict.words] == ["CAT", "AT", "TA"] and verdict.score == 7
    assert scene.status()["preview_score"] == 7
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    landing = scene.view.layout.cell_box(7, 2)
    empty = scene.view.layout.cell_box(7, 6)
    glow = surface.get_at((round(landing.x + 4), round(landing.y + landing.h / 2)))
    plain = surface.get_at((round(empty.x + 4), round(empty.y + empty.h / 2)))
    assert glow != plain, "the landing square is marked"
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    steps(app, 2)
    assert scene.state.log[:1] == ["drop 2 T"] and scene.state.scores()[0] == 7


def test_click_a_letter_then_a_column(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    click(app, hand_centre(scene, "T"))
    assert scene.controller.selected is not None
    click(app, column_centre(scene, 2))
    assert scene.state.log[:1] == ["drop 2 T"]
    settle(app, scene)
    tile_id = scene.state.grid.ids[scene.state.grid.square(7, 2)]
    box = scene.view.layout.cell_box(7, 2)
    assert scene.view.world.top_left(tile_id) == (box.x, box.y)


def test_a_full_column_is_refused_and_nothing_changes(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(list("EEEEEEEE"), ["TSOIIAN", "TOISRAN"]))
    before = scene.state.fingerprint()
    drag(app, hand_centre(scene, "T"), column_centre(scene, 0))
    assert scene.state.fingerprint() == before
    assert scene.banner.warning and "full" in scene.banner.message


def test_the_blank_picker_declares_the_letter(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.dialogs import BlankPicker

    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["?SOEIAN", "TOESRAN"]))
    drag(app, hand_centre(scene, "?"), column_centre(scene, 2))
    picker = app.stack.top
    assert isinstance(picker, BlankPicker) and scene.state.log == []
    assert picker.scores["T"] == 7 and picker.chosen == "T", "it offers the scoring letter first"
    click(app, picker.tile_rect("S").center)
    assert picker.chosen == "S"
    key(app, "return")
    assert scene.state.log[:1] == ["drop 2 s"]
    assert scene.state.grid.shown[scene.state.grid.square(7, 2)] == "s"


def test_pass_and_the_privacy_screen_between_two_people(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from(["CA"], ["TSOEIAN", "TOESRAN"], seats=("human", "human"), names={0: "Ann", 1: "Bea"})
    scene = open_table(app, session)
    assert isinstance(app.stack.top, PrivacyScreen)
    key(app, "return")
    steps(app, 2)
    assert scene.viewer == 0 and scene.phase == Phase.PERSON
    pass_turn(app, scene)
    steps(app, 30)
    assert scene.state.log == ["pass"]
    assert isinstance(app.stack.top, PrivacyScreen) and scene.viewer is None


def test_keyboard_play_chooses_a_column_and_a_letter(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    start = scene.view.cursor  # 4 on an 8-column board
    for _ in range(start - 2):
        key(app, "left")
    assert scene.view.cursor == 2
    key(app, "1")  # the first letter: T
    assert scene.view.verdict.score == 7
    key(app, "return")
    assert scene.state.log[:1] == ["drop 2 T"]


def test_the_board_draws_its_columns_and_a_tile_in_its_square(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    lay = scene.view.layout
    tile = lay.tile_box(7, 0)
    face = surface.get_at((round(tile.x + 5), round(tile.y + tile.h * 0.75)))
    empty = lay.cell_box(6, 0)
    square = surface.get_at((round(empty.x + 6), round(empty.y + empty.h * 0.75)))
    assert sum(face[:3]) > 600 and sum(square[:3]) < 450, "an ivory tile on its square, felt-green empty squares"
    wall = surface.get_at((round(lay.board.x + lay.cell_w), round(lay.board.y + lay.cell_h / 2)))
    assert wall != square, "the walls between columns show"
