"""The whole app, headless, driven by synthetic events through pygame.event.post + step."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.shell.app import App
from rummi_desktop.scenes import registry
from rummi_desktop.scenes.confirm import ConfirmScene
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.settings import SettingsScene
from rummi_desktop.storage import paths
from rummi_desktop.shell.settings import load_settings
from rummi_desktop.ui.widgets import OptionPicker, Slider

DT = 1 / 60


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


@pytest.fixture
def no_games(monkeypatch):
    """The registry as it would be with no playable game yet."""
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setitem(registry._loaded, "done", True)
    monkeypatch.setattr(registry, "_load_problems", [])


def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press_key(key, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))


def run(app, frames=2):
    alive = True
    for _ in range(frames):
        alive = app.step(DT)
    return alive


def start(home):
    app = App()
    app.stack.push(MenuScene(app))
    run(app)
    return app


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def test_open_settings_change_theme_and_volume_back_and_quit(home, no_games):
    app = start(home)
    menu = app.stack.top
    click(button(menu, "Settings").rect.center)
    run(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)

    theme_before = app.theme.name
    picker = next(w for w in settings.widgets.widgets if isinstance(w, OptionPicker) and w.label == "Table theme")
    click(picker.arrow_rects()[1].center)
    run(app)
    assert app.theme.name != theme_before and app.settings.theme == app.theme.name

    master = next(w for w in settings.widgets.widgets if isinstance(w, Slider) and w.label == "Master volume")
    track = master.track
    click((track.x + track.width // 4, track.centery))
    run(app)
    assert app.settings.master_volume == pytest.approx(0.25)

    press_key(pygame.K_ESCAPE)
    run(app)
    assert app.stack.top is menu
    saved, notice = load_settings(home / "config" / "settings.toml")
    assert notice is None and saved.theme == app.theme.name and saved.master_volume == pytest.approx(0.25)

    press_key(pygame.K_q, "q")
    run(app)
    assert isinstance(app.stack.top, ConfirmScene) and app.stack.top.transparent
    press_key(pygame.K_TAB)  # from Stay, where the focus starts, to Quit
    press_key(pygame.K_RETURN)
    assert run(app) is False and not app.running


def test_menu_without_playable_games_offers_exactly_the_shell_entries(home, no_games):
    app = start(home)
    assert [b.label for b in app.stack.top.buttons] == ["Puzzles", "Sandbox", "Players", "Online", "Settings", "Help & About", "Quit"]


def test_a_registered_game_appears_first_and_opens_its_scene(home, no_games):
    from rummi_desktop.shell.scene import Scene

    class Table(Scene):
        pass

    registry.register_game(registry.GameInfo("demo", "Demo Game", "A test game", new_game=lambda app: Table()))
    app = start(home)
    assert app.stack.top.buttons[0].label == "Demo Game"
    press_key(pygame.K_1, "1")
    run(app)
    assert isinstance(app.stack.top, Table)


def test_clicks_in_letterbox_bars_never_reach_a_widget(home, no_games):
    app = start(home)
    app.input.mouse_is_logical = False  # as in an unscaled, resized window
    app.letterbox.resize((1920, 800))  # 320-px bars left and right
    quit_button = button(app.stack.top, "Quit")
    y = quit_button.rect.centery
    for bar_x in (10, 300, 1625, 1910):
        click((bar_x, y))
        run(app)
        assert isinstance(app.stack.top, MenuScene)
    click((320 + quit_button.rect.centerx, y))
    run(app)
    assert isinstance(app.stack.top, ConfirmScene)


def test_corrupt_settings_file_shows_a_notice_and_is_kept_as_bad(home, no_games):
    config = home / "config"
    config.mkdir()
    (config / "settings.toml").write_text("theme = 'parlor\nmaster_volume = ", encoding="utf-8")
    app = start(home)
    menu = app.stack.top
    assert any("settings.toml.bad" in notice for notice in menu.notices)
    assert menu.notice_rect is not None  # it was drawn
    assert (config / "settings.toml.bad").exists() and app.settings.theme == "parlor"
    click(menu.notice_rect.center)
    run(app)
    assert menu.notices == [] and menu.notice_rect is None


def test_f11_toggles_fullscreen_setting_and_saves_it(home, no_games):
    app = start(home)
    press_key(pygame.K_F11)
    run(app)
    assert app.settings.fullscreen is True
    assert load_settings(home / "config" / "settings.toml")[0].fullscreen is True


def test_window_close_stops_the_app(home, no_games):
    app = start(home)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step(DT) is False


def test_escape_on_menu_asks_before_quitting_and_stay_returns(home, no_games):
    app = start(home)
    press_key(pygame.K_ESCAPE)
    run(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    click(dialog.cancel_button.rect.center)
    run(app)
    assert isinstance(app.stack.top, MenuScene) and app.running


def test_help_scene_shows_credits_and_scrolls(home, no_games):
    from rummi_desktop.scenes.help import HelpScene

    app = start(home)
    click(button(app.stack.top, "Help & About").rect.center)
    run(app)
    help_scene = app.stack.top
    assert isinstance(help_scene, HelpScene)
    press_key(pygame.K_2, "2")
    run(app)
    about = help_scene.pages["about"]
    assert help_scene.current == "about"
    words = " ".join(text for _, text in about.blocks)
    assert "ENABLE" in words and "Lato" in words
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    run(app)
    assert about.offset > 0


def test_theme_change_applies_live_to_the_drawn_frame(home, no_games):
    app = start(home)
    corner = app.screen.get_at((640, 700))
    other = next(name for name in app.themes if name != app.theme.name)
    app.update_settings(theme=other)
    run(app, 1)
    assert app.screen.get_at((640, 700)) != corner


def test_f11_inside_settings_moves_the_fullscreen_switch(home, no_games):
    app = start(home)
    press_key(pygame.K_s, "s")
    run(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.fullscreen_toggle.value is False
    press_key(pygame.K_F11)
    run(app)
    assert settings.fullscreen_toggle.value is True and app.settings.fullscreen is True


def quit_from_the_menu(app):
    press_key(pygame.K_ESCAPE)
    run(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and "settings are saved" in dialog.message
    click(dialog.confirm_button.rect.center)
    return run(app)


def test_quit_saves_the_settings_as_the_dialog_says(home, no_games):
    app = start(home)
    app.update_settings(music_volume=0.25)  # changed, not saved yet
    assert quit_from_the_menu(app) is False
    assert load_settings(home / "config" / "settings.toml")[0].music_volume == 0.25


def test_quit_still_quits_when_the_settings_cannot_be_saved(home, no_games, capsys):
    (home / "config" / "settings.toml").mkdir(parents=True)  # a folder where the file should go
    app = start(home)
    app.update_settings(music_volume=0.25)
    assert quit_from_the_menu(app) is False
    assert "Could not save settings" in capsys.readouterr().err


def test_how_to_play_shows_each_games_rules_summary(home, no_games):
    from rummi_desktop.scenes.help import controls_and_files_text

    registry.register_game(registry.GameInfo("demo", "Demo Game", "A test game", new_game=lambda app: None,
                                             rules="- Lay down three of a kind.\n- First to empty the rack wins."))
    registry.register_game(registry.GameInfo("plain", "Plain Game", "No rules given", new_game=lambda app: None))
    text = controls_and_files_text()
    assert "## Demo Game\nA test game\n\n- Lay down three of a kind.\n- First to empty the rack wins." in text
    assert "## Plain Game\nNo rules given\n\n#" in text  # straight on to the next heading


def test_the_frame_rate_drops_while_the_window_is_out_of_sight(home, no_games):
    from rummi_desktop.shell.app import BACKGROUND_FPS, FPS, MINIMISED_FPS

    app = start(home)
    assert app.frame_rate == FPS
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    run(app, 1)
    assert app.frame_rate == BACKGROUND_FPS < FPS
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run(app, 1)
    assert app.frame_rate == MINIMISED_FPS < BACKGROUND_FPS
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    run(app, 1)
    assert app.frame_rate == FPS and app.running
