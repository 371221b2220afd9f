"""The unseen-tile tracker on the tables: T (or a click on the card) shows or hides it and the
choice is kept per game; Rummi's is off until asked for and takes a strip of felt beside the
melds; Rummble's and Tumblewords' share the left column with the log; the card shows only the
viewer's count, and nothing while the racks are hidden between two people. Drawing is checked
on off-screen surfaces."""

from __future__ import annotations

import pygame

import test_rummble_scene_support as rummble
import test_rummi_flow_support as rummi
import tumblewords_scene_support as tumblewords
from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.unseen import UnseenCell, UnseenRow, UnseenSheet
from rummi_desktop.scenes.settings import SettingsScene
from rummi_desktop.shell.settings import Settings, load_settings, save_settings
from rummi_desktop.ui.theme import load_themes
from rummi_desktop.ui.unseen_panel import draw_unseen_panel, panel_height
from test_rummi_flow_support import click, key, make_app, steps


def viewer_sheet(scene):
    spec = GAMES[scene.GAME]
    return load_entry(spec, "unseen")(spec.seat_view(scene.session.state, scene.viewer))


def test_rummi_keeps_the_tracker_off_until_t_then_makes_room_beside_the_melds(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    scene = rummi.open_table(app, rummi.session_from_position(
        ["R1 R2 R3", "K7 B7 Y7"], ["K10 K11 K12 B5 Y9 J", "B1 B2 B3 Y4"], opened=[True, True]), autosave=False)
    assert not scene.tracker.shown and scene.view.tracker_area() is None
    assert scene.view.table_layout.area == scene.view.table_area
    key(app, "t")
    card = scene.view.tracker_area()
    assert app.settings.unseen_trackers == {"rummi": True} and card is not None
    assert scene.view.table_layout.area.right < card.x  # the melds flow left of the card
    assert all(not box.overlaps(card) for meld in scene.view.table_layout.tile_boxes for box in meld)
    assert scene.tracker.sheet() == viewer_sheet(scene) and scene.tracker.sheet().total == 106 - 6 - 6
    click(app, card.center)
    steps(app, 1)
    assert app.settings.unseen_trackers == {"rummi": False} and scene.view.tracker_area() is None


def test_rummble_shows_the_tracker_under_the_log_and_t_folds_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    scene = rummble.open_table(app, rummble.session_from_position(
        [(6, 5, "R2"), (6, 6, "B3"), (6, 7, "K4")], ["K1 Y1 R5 B9 J Y12 K13 R8 B8 Y8", "R9 R10"]))
    card, log = scene.view.tracker_area(), scene.view.log_area()
    assert scene.tracker.shown and log.bottom < card.y and card.h == panel_height(scene.tracker.sheet())
    assert scene.tracker.sheet() == viewer_sheet(scene) and scene.tracker.sheet().total == 106 - 3 - 10
    key(app, "t")
    folded = scene.view.tracker_area()
    assert app.settings.unseen_trackers == {"rummble": False} and folded.h < card.h
    assert scene.view.log_area().h > log.h  # the log takes the room back


def test_tumblewords_counts_the_viewers_letters_and_hides_them_between_two_people(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    scene = tumblewords.open_table(app, tumblewords.session_from(["..CA.S.."], ["TOPSEAR", "ABCDEFG"],
                                                                 seats=("human", "human")))
    assert scene.tracker.shown and scene.viewer is None  # the hand-over screen covers the hands
    assert scene.tracker.sheet() is None and scene.view.tracker_area() is not None  # the card tells nothing
    key(app, "return")
    steps(app, 2)
    assert scene.viewer == 0
    counts = scene.tracker.sheet().counts()
    assert counts["A"] == 9 - 2 and counts["S"] == 4 - 2 and counts["G"] == 3  # P1's G is not seen
    assert scene.tracker.sheet() == viewer_sheet(scene)


def test_a_puzzle_or_the_sandbox_has_no_tracker(tmp_path, monkeypatch):
    from rummi_desktop.scenes.puzzle_mode import PuzzleMode
    from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode

    assert not PuzzleMode.tracks_unseen and not SandboxMode.tracks_unseen
    app = make_app(tmp_path, monkeypatch, "instant")
    app.update_settings(unseen_trackers={"rummi": True})
    from rummi_desktop.games.rummi.table.sandbox import sandbox_table

    app.stack.push(sandbox_table(app))
    steps(app, 3)
    table = app.stack.top
    assert not table.tracker.available and table.view.tracker_area() is None


def test_the_choice_is_kept_in_the_settings_file_and_a_bad_one_is_named(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings(unseen_trackers={"rummi": True, "rummble": False}), path)
    assert load_settings(path)[0].unseen_trackers == {"rummi": True, "rummble": False}
    path.write_text('unseen_trackers = { rummi = "yes" }\ntheme = "parlor"\n')
    settings, notice = load_settings(path)
    assert settings.unseen_trackers == {} and "unseen_trackers" in notice


def test_the_settings_screen_switches_rummis_tracker(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = SettingsScene(app)
    app.stack.push(scene)
    steps(app, 1)
    switch = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Unseen-tile tracker in Rummi")
    assert switch.value is False
    click(app, switch.rect.center)
    steps(app, 1)
    assert app.settings.unseen_trackers == {"rummi": True}


def sheet(count: int) -> UnseenSheet:
    return UnseenSheet((UnseenRow("R", (UnseenCell("R1", count, 2), UnseenCell("R2", 2, 2))),), ("1", "2"))


def test_the_card_draws_each_count_and_fades_a_kind_all_seen():
    theme = load_themes()[0]["parlor"]
    area = pygame.Rect(0, 0, 200, panel_height(sheet(2)))
    pictures = []
    for count in (2, 0):
        surface = pygame.Surface((220, 140))
        surface.fill((0, 0, 0))
        draw_unseen_panel(surface, theme, area, sheet(count))
        pictures.append(surface)
    assert pictures[0].get_at((100, 10))[:3] != (0, 0, 0)  # the card is there
    first_cell = pygame.Rect(40, area.h - 30, 70, 26)  # the R1 count, left of R2's
    second_cell = pygame.Rect(120, area.h - 30, 70, 26)

    def inked(surface, rect):
        return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
                   if surface.get_at((x, y))[0] > 150 and surface.get_at((x, y))[1] < 90)

    assert inked(pictures[0], first_cell) > 10 and inked(pictures[1], first_cell) == 0  # red ink, then faint
    assert inked(pictures[0], second_cell) == inked(pictures[1], second_cell) > 10
