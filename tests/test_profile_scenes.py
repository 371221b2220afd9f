"""The Players screens driven by synthetic events: the menu's Players, the Profiles scene,
each person seat's profile in the shared setup scene, and the statistics scene drawn
off-screen with real data from scripted games."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from profile_support import finished_record
from rummi_desktop.shell.app import App
from rummi_desktop.records.profiles import GUEST, ProfileBook
from rummi_desktop.scenes.confirm import ConfirmScene
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.profiles import ProfilesScene
from rummi_desktop.scenes.stats import LINE_CHART, StatsScene
from rummi_desktop.storage import paths
from rummi_desktop.games import GAMES
from rummi_desktop.storage.game_records import write_record
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.ui import charts

DT = 1 / 60


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    made = App()
    # a returning player: the first-start offer of a guided game does not cover the setups here
    made.settings = made.settings.with_changes(guides_offered=" ".join(GAMES))
    made.stack.push(MenuScene(made))
    run(made)
    return made


def run(app, frames=2):
    for _ in range(frames):
        app.step(DT)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(app)


def key(app, name, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode=text, scancode=0))
    run(app)


def type_text(app, text):
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        run(app)


def button(scene, label):
    return next(widget for widget in scene.widgets.widgets if getattr(widget, "label", None) == label)


def saved_book(*names):
    book = ProfileBook()
    for name in names:
        book.create(name)
    save_profiles(book)
    return book


def test_players_on_the_menu_opens_profiles_where_one_is_made_renamed_and_deleted(app):
    click(app, button(app.stack.top, "Players").rect.center)
    scene = app.stack.top
    assert isinstance(scene, ProfilesScene)
    click(app, scene.name_field.rect.center)
    type_text(app, "ann")
    click(app, button(scene, "New profile").rect.center)
    assert [p.name for p in load_profiles()[0].profiles] == ["ann"] and scene.message == "Made the profile ann."
    click(app, scene.name_field.rect.center)
    type_text(app, "annie")
    click(app, button(scene, "Rename").rect.center)
    assert [p.name for p in load_profiles()[0].profiles] == ["annie"]
    click(app, button(scene, "New profile").rect.center)  # an empty name: refused, said on the screen
    assert scene.message == "Not done: a profile needs a name." and len(load_profiles()[0].profiles) == 1
    click(app, button(scene, "Delete…").rect.center)
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, "tab")  # from Cancel, where the focus starts, to Delete
    key(app, "return")
    assert load_profiles()[0].profiles == [] and app.stack.top is scene


def test_export_then_import_from_the_profiles_scene(app, tmp_path):
    book = saved_book("Ann")
    app.stack.push(ProfilesScene(app))
    run(app)
    scene = app.stack.top
    click(app, button(scene, "Export").rect.center)
    exported = scene.typed
    assert exported.endswith(".toml") and "Exported Ann" in scene.message
    save_profiles(ProfileBook())  # as on another computer
    click(app, button(scene, "Import").rect.center)
    assert scene.message == "Added Ann: 0 new game(s)." and load_profiles()[0].profiles == book.profiles


def test_each_person_seat_chooses_a_profile_and_the_next_setup_opens_with_it(app):
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene

    ann, bea = saved_book("Ann", "Bea").profiles
    setup = RummbleSetupScene(app)
    app.stack.push(setup)
    run(app)
    assert setup.profiles[0] == GUEST and setup.profile_chips[0].visible and not setup.profile_chips[1].visible
    click(app, setup.profile_chips[0].rect.center)  # Guest -> Ann
    assert setup.profiles[0] == ann.id and setup.name_fields[0].text == "Ann"
    seat_two = button(setup, "Seat 2")
    click(app, seat_two.arrow_rects()[0].center)  # Medium -> Easy -> Person
    click(app, seat_two.arrow_rects()[0].center)
    assert setup.kinds[1] == "human" and setup.profile_chips[1].visible
    assert [choice[0] for choice in setup.profile_choices(1)] == [GUEST, bea.id]  # Ann is taken at seat 1
    click(app, setup.profile_chips[1].rect.center)
    key(app, "return")
    table = next(scene for scene in app.stack.scenes if isinstance(scene, RummbleTableScene))  # under the privacy screen
    assert [seat.profile for seat in table.session.setup.seats] == [ann.id, bea.id]
    assert [seat.name for seat in table.session.setup.seats] == ["Ann", "Bea"]
    book, _ = load_profiles()
    assert book.last_for("rummble", 0) == ann.id and book.last_for("rummble", 1) == bea.id
    again = RummbleSetupScene(app)
    assert again.profiles[:2] == [ann.id, bea.id]


def test_a_deleted_profile_falls_back_to_guest_in_setup(app):
    from rummi_desktop.games.rummble.table.setup_scene import RummbleSetupScene

    book = saved_book("Ann")
    book.remember("rummble", [book.profiles[0].id])
    book.delete(book.profiles[0].id)
    save_profiles(book)
    setup = RummbleSetupScene(app)
    assert setup.profiles[0] == GUEST and setup.seat_configs()[0].profile == ""


def test_the_statistics_scene_draws_real_games_as_charts(app):
    ann = saved_book("Ann").profiles[0]
    scores = []
    for day, seed in enumerate((1, 2, 3), start=1):
        _, record = finished_record("rummble", seed, {0: ann.id}, dt.datetime(2026, 11, day, tzinfo=dt.timezone.utc))
        write_record(record)
        scores.append(record["scores"][0])
    scene = StatsScene(app, ann.id, "rummble")
    stats = scene.current_stats()
    assert stats.games == 3 and [score for _, score in stats.score_history] == scores
    rows = dict(scene.number_rows(stats))
    assert rows["Games"] == "3" and rows["Best score"] == str(max(scores)) and "Best play (points)" in rows
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    dots = charts.line_chart(surface, LINE_CHART, app.theme, "Score history", scores)
    assert len(dots) == 3 and all(LINE_CHART.collidepoint(dot) for dot in dots)
    highest = dots[scores.index(max(scores))]
    assert highest[1] == min(y for _, y in dots)  # the best game is drawn highest
    assert surface.get_at(highest)[:3] == app.theme.accent
    bars = charts.win_rate_bars(surface, pygame.Rect(0, 0, 600, 240), app.theme, "Win rate",
                                [("Hard", 0.25, 4), ("Expert", 1.0, 2)])
    assert bars[1].height == 4 * bars[0].height


def test_the_statistics_scene_switches_game_and_view_by_keys(app):
    saved_book("Ann")
    scene = StatsScene(app)
    app.stack.push(scene)
    run(app)
    key(app, "3")
    assert scene.game == "tumblewords"
    click(app, scene.view_picker.arrow_rects()[1].center)
    assert scene.view == "leaders"
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)  # an empty leaderboard says so, and draws without a record


def test_the_profiles_puzzle_numbers_show_in_each_games_tab(app):
    from rummi_desktop.trainer.progress_file import ProgressBook, write_book
    from rummi_desktop.trainer.attempts import book_attempt

    ann, bea = saved_book("Ann", "Bea").profiles
    progress = ProgressBook()
    mine = progress.of(ann.id)
    book_attempt(mine, "rummble", {"id": "b-1", "rating": 25.0}, True, 30.0, 0)
    mine.game("rummble").streak_best = 9
    mine.game("rummble").daily_done.add("2026-12-03")
    write_book(progress)
    scene = StatsScene(app, ann.id, "rummble")
    rows = dict(scene.number_rows(scene.current_stats()))
    assert int(rows["Puzzle rating"]) > 1500 and rows["Puzzles solved"] == "1"
    assert rows["Best puzzle streak"] == "9" and rows["Daily puzzles done"] == "1"
    scene.show("rummi")  # no Rummi puzzle tried: no puzzle rows in that tab
    assert not any("uzzle" in label for label, _ in scene.number_rows(scene.current_stats()))
    scene.show("rummble")
    scene._set_profile(bea.id)
    assert not any("uzzle" in label for label, _ in scene.number_rows(scene.current_stats()))
    scene.draw(pygame.Surface((1280, 800)))


def test_a_damaged_progress_file_is_named_on_the_statistics_screen(app):
    from rummi_desktop.trainer.progress_file import progress_path

    ann = saved_book("Ann").profiles[0]
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_text("version = 3\n[players\n")
    scene = StatsScene(app, ann.id, "rummi")
    assert any("puzzle_progress.toml" in notice for notice in scene.notices)
    assert not any("uzzle" in label for label, _ in scene.number_rows(scene.current_stats()))


def test_an_export_file_name_is_safe_whatever_the_profile_is_called():
    from rummi_desktop.records.profiles import Profile
    from rummi_desktop.scenes.profiles import export_file_name

    assert export_file_name(Profile("p-0000000a", "Ann Lee")) == "Ann_Lee-p-0000000a.toml"
    assert export_file_name(Profile("p-0000000a", "../x/y")) == "x_y-p-0000000a.toml"
    assert export_file_name(Profile("p-0000000a", "Zoë ☺")) == "Zo-p-0000000a.toml"


def test_each_games_charts_are_drawn_in_that_games_own_colour(app):
    from rummi_desktop.scenes import registry

    ann = saved_book("Ann").profiles[0]
    inks = {}
    for game in ("rummi", "rummble", "tumblewords"):
        _, record = finished_record(game, 1, {0: ann.id}, dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc))
        write_record(record)
        scene = StatsScene(app, ann.id, game)
        surface = pygame.Surface((1280, 800))
        scene.draw(surface)
        inks[game] = registry.find_game(game).chart_ink(app.theme)
        scores = [score for _, score in scene.current_stats().score_history]
        dot = charts.line_chart(pygame.Surface((1280, 800)), LINE_CHART, app.theme, "", scores, inks[game])[0]
        assert surface.get_at(dot)[:3] == inks[game]  # the scene drew its game's dot there
    assert len(set(inks.values())) == 3  # three games, three looks


def test_a_lost_game_reads_lost_and_one_game_is_one_game():
    from rummi_desktop.scenes.history import HistoryRow
    from rummi_desktop.ui.wording import counted

    lost = HistoryRow("r-1", "rummi", "2026-12-01 20:00", "Parlor", "Hard", 12, won=False)
    won = HistoryRow("r-2", "rummi", "2026-12-01 21:00", "Parlor", "Hard", 40, won=True)
    assert lost.cells()[-1] == "Lost" and won.cells()[-1] == "Won"
    assert [counted(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert counted(1, "match", "matches") == "1 match" and counted(3, "match", "matches") == "3 matches"


def test_with_no_profile_only_new_import_and_the_collection_can_be_pressed(app):
    click(app, button(app.stack.top, "Players").rect.center)
    scene = app.stack.top
    enabled = {label: button(scene, label).enabled for label in
               ("New profile", "Import", "Rename", "Colour", "Delete…", "Export", "Statistics", "Collection")}
    assert enabled == {"New profile": True, "Import": True, "Rename": False, "Colour": False, "Delete…": False,
                       "Export": False, "Statistics": False, "Collection": True}
    click(app, scene.name_field.rect.center)
    type_text(app, "ann")
    click(app, button(scene, "New profile").rect.center)
    assert button(scene, "Statistics").enabled and button(scene, "Delete…").enabled
