"""The menu's own behaviour: the buttons' arrival animation, the animation-speed setting, and
games ordered by the registry."""

from __future__ import annotations

import pytest

from rummi_desktop.app import App
from rummi_desktop.scenes import registry
from rummi_desktop.scenes.menu import BUTTONS_TOP, INTRO_DROP, MenuScene
from rummi_desktop.storage.settings import Settings


@pytest.fixture
def no_games(monkeypatch):
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setitem(registry._loaded, "done", True)
    monkeypatch.setattr(registry, "_load_problems", [])


def open_menu(speed="normal"):
    app = App(persist=False, settings=Settings(animation_speed=speed))
    menu = MenuScene(app)
    app.stack.push(menu)
    app.step(1 / 60)
    return app, menu


def test_buttons_drop_into_place_one_after_another(no_games):
    app, menu = open_menu()
    first, last = menu.buttons[0], menu.buttons[-1]
    assert first.rect.top > BUTTONS_TOP - 1 and last.rect.top - (BUTTONS_TOP + 2 * 78) == pytest.approx(INTRO_DROP, abs=1)
    for _ in range(6):
        app.step(1 / 60)
    assert first.rect.top < last.rect.top - 2 * 78  # the first one moves first
    for _ in range(60):
        app.step(1 / 60)
    assert [b.rect.top for b in menu.buttons] == [BUTTONS_TOP + i * 78 for i in range(3)]


def test_instant_animation_setting_places_buttons_at_once(no_games):
    _, menu = open_menu("instant")
    assert [b.rect.top for b in menu.buttons] == [BUTTONS_TOP + i * 78 for i in range(3)]


def test_games_are_listed_in_registry_order_before_the_shell_entries(no_games):
    make = lambda app: None  # noqa: E731
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, order=20))
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, order=10))
    _, menu = open_menu("instant")
    labels = [b.label for b in menu.buttons]
    assert labels[:2] == ["Alpha", "Bravo"] and labels[-1] == "Quit"
    assert [b.shortcut for b in menu.buttons[:2]] == ["1", "2"]


def test_each_game_has_its_own_continue_button_and_key(no_games):
    from rummi_desktop.scene import Scene

    make = lambda app: None  # noqa: E731
    resume = lambda app: Scene()  # noqa: E731  (both games have a game to continue)
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, resume=resume, order=10))
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, resume=resume, order=20,
                                             continue_key="v"))
    _, menu = open_menu("instant")
    labels = [b.label for b in menu.buttons]
    assert labels[:4] == ["Continue Alpha", "Alpha", "Continue Bravo", "Bravo"]
    shortcuts = [b.shortcut for b in menu.buttons]
    assert shortcuts[:4] == ["c", "1", "v", "2"] and len(set(shortcuts)) == len(shortcuts)


def test_two_games_asking_for_the_same_continue_key_never_share_it(no_games):
    from rummi_desktop.scene import Scene

    make = lambda app: None  # noqa: E731
    resume = lambda app: Scene()  # noqa: E731
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, resume=resume, order=10))
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, resume=resume, order=20))
    _, menu = open_menu("instant")
    shortcuts = [b.shortcut for b in menu.buttons if b.shortcut]
    assert [b.shortcut for b in menu.buttons[:3:2]] == ["c", ""]  # the second Continue has no key
    assert len(set(shortcuts)) == len(shortcuts)
