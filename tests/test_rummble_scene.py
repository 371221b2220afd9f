"""The Rummble table driven headless through synthetic pointer and key events, and its
drawing checked on off-screen surfaces."""

from __future__ import annotations


from rummi_desktop.games.rummble.rules.board import CENTRE, PREMIUMS
from rummi_desktop.games.rummble.rules.moves import Play
from rummi_desktop.games.rummble.table.board_paint import board_picture, premium_colour
from rummi_desktop.games.rummble.table.layout import REGIONS, square_box, tile_box
from rummi_desktop.games.rummble.table.paint import preview_lines
from rummi_desktop.scenes.turn_machine import Phase
from test_rummble_scene_support import (
    click, drag, key, make_app, open_table, pass_turn, place, rack_centre, session_from_position, square_centre, steps)

RACK = "R7 B8 Y9 K8 R2 J Y3 B11 K12 R13"
OTHER = "B1 B3 B5 B9 B9 K1 K2 K4 K5 Y2"
ROW = [(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")]


def table(tmp_path, monkeypatch, board=(), racks=(RACK, OTHER), **kwargs):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    return app, open_table(app, session_from_position(list(board), list(racks), **kwargs))


def pixel(surface, sq, dx=3, dy=3):
    box = square_box(sq)
    return surface.get_at((round(box.x) + dx, round(box.y) + dy))[:3]


def test_the_board_shows_every_premium_with_its_label(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    scene.draw(app.screen)
    theme = app.theme
    plain = pixel(app.screen, 1 * 13 + 0)
    for mark, sq in (("d", 3), ("t", 1 * 13 + 5), ("D", 1 * 13 + 1), ("T", 0), ("*", CENTRE)):
        assert PREMIUMS[sq] == mark
        assert pixel(app.screen, sq) != plain, mark
        assert premium_colour(theme, mark) != premium_colour(theme, ".")
    # the labels are drawn: a premium square has many more ink pixels than a plain one
    picture = board_picture(theme)

    def inked(sq):
        box = square_box(sq)
        x0, y0 = round(box.x - REGIONS.frame.x) + 12, round(box.y - REGIONS.frame.y) + 12
        base = picture.get_at((x0 + 4, y0 + 4))
        return sum(1 for x in range(x0 + 6, x0 + 32) for y in range(y0 + 10, y0 + 44)
                   if sum(abs(a - b) for a, b in zip(picture.get_at((x, y))[:3], base[:3])) > 120)

    assert inked(0) > 40 and inked(3) > 40 and inked(CENTRE) > 40
    assert inked(13) == 0


def test_a_tile_dragged_to_the_star_is_drawn_on_its_square_and_previewed_with_the_models_score(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch)
    place(app, scene, "K8", 6, 6)
    assert scene.tentative.squares == {CENTRE: scene.tentative.squares[CENTRE]}
    sprite = scene.view.sprites.get(scene.tentative.squares[CENTRE])
    assert (sprite.x, sprite.y) == (tile_box(CENTRE).x, tile_box(CENTRE).y)
    assert scene.view.verdict is not None and not scene.view.verdict.legal  # one tile is not a first play
    place(app, scene, "B8", 6, 7)
    verdict = scene.view.verdict
    model = scene.state.check(Play.of((6, 6, "K8"), (6, 7, "B8")))
    assert verdict == model and verdict.legal and verdict.score == model.score == 32  # (8 + 8) × 2 on the star
    title, rows, _ = preview_lines(scene.view)
    assert title == "This play scores 32" and rows[0][1] == "32"
    scene.draw(app.screen)
    centre = square_box(CENTRE)
    assert app.screen.get_at((round(centre.x + centre.w / 2), round(centre.y + 8)))[:3] != pixel(app.screen, CENTRE)
    key(app, "return")
    assert scene.state.scores()[0] == 32 and scene.state.board.count == 2
    assert scene.phase in (Phase.THINKING, Phase.SHOWING)


def test_recall_brings_every_tentative_tile_back(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    place(app, scene, "K8", 6, 8)
    place(app, scene, "B8", 7, 8)
    assert len(scene.tentative.squares) == 2 and len(scene.view.rack_ids) == 8
    click(app, scene.buttons.recall.rect.center)
    assert not scene.tentative and len(scene.view.rack_ids) == 10 and scene.view.verdict is None


def test_a_refused_play_names_the_line_and_outlines_it(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    place(app, scene, "Y9", 6, 8)
    key(app, "return")
    assert scene.state.board.count == 4, "nothing played"
    assert scene.banner is not None and scene.banner.warning
    assert scene.banner.message == "K4 K5 K6 K7 Y9 in row 6 (columns 4–8): these tiles are neither a run nor a set"
    assert scene.view.refused_line == tuple(range(6 * 13 + 4, 6 * 13 + 9))
    scene.draw(app.screen)
    outline = square_box(6 * 13 + 4)
    assert app.screen.get_at((round(outline.x) - 1, round(outline.y + outline.h / 2)))[:3] == app.theme.invalid


def test_a_joker_asks_what_it_stands_for_and_the_model_scores_it(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.dialogs import JokerPicker
    from rummi_desktop.tiles import Tile

    app, scene = table(tmp_path, monkeypatch, board=ROW)
    place(app, scene, "J", 6, 8)
    picker = app.stack.top
    assert isinstance(picker, JokerPicker)
    assert Tile("K", 8) in picker.fitting and Tile("B", 8) in picker.fitting and Tile("K", 9) in picker.fitting
    assert Tile("R", 2) not in picker.fitting and Tile("K", 3) not in picker.fitting
    click(app, picker.tile_rect(Tile("K", 8)).center)
    assert picker.chosen == Tile("K", 8)
    key(app, "return")
    assert app.stack.top is scene
    assert scene.view.verdict.legal and scene.view.verdict.score == scene.state.check(
        Play.of((6, 8, "J=K8"))).score
    key(app, "return")
    assert scene.state.board.cells[6 * 13 + 8] == ("K", 8, True)


def test_cancelling_the_joker_picker_takes_the_joker_back(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    place(app, scene, "J", 6, 8)
    key(app, "escape")
    assert app.stack.top is scene and not scene.tentative and len(scene.view.rack_ids) == 10


def test_exchange_gives_tiles_back_for_new_ones(tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.dialogs import ExchangeDialog

    app, scene = table(tmp_path, monkeypatch, board=ROW)
    pool_before = len(scene.state.pool)
    key(app, "e")
    dialog = app.stack.top
    assert isinstance(dialog, ExchangeDialog)
    click(app, dialog.tile_rect(0).center)
    click(app, dialog.tile_rect(1).center)
    key(app, "return")
    assert scene.state.log[0].startswith("exchange") and len(scene.state.log[0].split()) == 3
    assert len(scene.state.rack(0)) == 10 and len(scene.state.pool) == pool_before


def test_exchange_is_refused_while_the_pool_is_short(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW, pool="R1 R3")
    steps(app, 2)
    assert not scene.buttons.exchange.enabled
    key(app, "e")
    assert app.stack.top is scene and scene.session.current == 0


def test_pass_ends_the_turn(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    pass_turn(app, scene)
    assert scene.state.log[0] == "pass" and scene.session.history[0].seat == 0


def test_keyboard_play_cursor_number_keys_and_backspace(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    for name in ("right", "right"):
        key(app, name)
    assert scene.view.cursor == CENTRE + 2
    rack = list(scene.view.rack_ids)
    key(app, "4")  # K8 is the 4th tile on the rack
    assert scene.tentative.squares == {CENTRE + 2: rack[3]}
    assert scene.view.cursor == CENTRE + 3  # the cursor steps on the way it last moved
    key(app, "backspace")
    assert not scene.tentative
    key(app, "left")
    key(app, "4")
    key(app, "return")
    assert scene.state.log[0] == "play K8@6,8"


def test_click_then_click_places_a_tile(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    click(app, rack_centre(scene, "K8"))
    click(app, square_centre(6, 8))
    assert len(scene.tentative.squares) == 1 and scene.view.verdict.legal


def test_drag_back_to_the_rack_takes_a_tentative_tile_back(tmp_path, monkeypatch):
    app, scene = table(tmp_path, monkeypatch, board=ROW)
    place(app, scene, "K8", 6, 8)
    box = scene.view.rack_layout.slots[-1]
    drag(app, square_centre(6, 8), (box.x + box.w + 20, box.y + box.h / 2))
    steps(app, 2)
    assert not scene.tentative and len(scene.view.rack_ids) == 10


def test_the_privacy_screen_comes_between_two_people(tmp_path, monkeypatch):
    from rummi_desktop.scenes.table_overlays import PrivacyScreen

    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from_position(ROW, [RACK, OTHER], seats=("human", "human"), names={0: "Ann", 1: "Bea"})
    scene = RummbleTableSceneOpen(app, session)
    assert isinstance(app.stack.top, PrivacyScreen)
    key(app, "return")
    assert app.stack.top is scene and scene.viewer == 0
    pass_turn(app, scene)
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.name == "Bea" and scene.viewer is None
    scene.draw(app.screen)
    assert scene.view.rack_ids == []  # nobody's rack shows behind the screen
    key(app, "return")
    assert scene.viewer == 1 and len(scene.view.rack_ids) == 10


def RummbleTableSceneOpen(app, session):
    scene = open_table(app, session)
    return scene
