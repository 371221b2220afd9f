"""The menu's own behaviour: the buttons' arrival animation, the animation-speed setting, and
games ordered by the registry."""

from __future__ import annotations

import pytest

from rummi_desktop.shell.app import App
from rummi_desktop.scenes import registry
from rummi_desktop.scenes.menu import BUTTONS_TOP, INTRO_DROP, SHELL_STEP, MenuScene
from rummi_desktop.shell.settings import Settings


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
    assert first.rect.top > BUTTONS_TOP - 1
    assert last.rect.top - (BUTTONS_TOP + SHELL_STEP) == pytest.approx(INTRO_DROP, abs=1)
    for _ in range(6):
        app.step(1 / 60)
    assert first.rect.top < last.rect.top  # the first one moves first
    for _ in range(60):
        app.step(1 / 60)
    assert [b.rect.top for b in menu.buttons] == [BUTTONS_TOP] * 4 + [BUTTONS_TOP + SHELL_STEP] * 3  # the shell's rows


def test_the_status_says_settled_only_once_the_last_button_is_home(no_games):
    app, menu = open_menu()
    quit_button = next(b for b in menu.buttons if b.label == "Quit")
    assert not menu.status()["settled"] and quit_button.rect.top != BUTTONS_TOP + SHELL_STEP
    frames = 0
    while not menu.status()["settled"]:
        app.step(1 / 60)
        frames += 1
        assert frames < 200
    assert frames > 10 and quit_button.rect.top == BUTTONS_TOP + SHELL_STEP
    quit_entry = next(w for w in menu.status()["widgets"] if w["label"] == "Quit")
    assert quit_entry["rect"] == list(quit_button.rect)


def test_instant_animation_setting_places_buttons_at_once(no_games):
    _, menu = open_menu("instant")
    practice, shell = [BUTTONS_TOP] * 4, [BUTTONS_TOP + SHELL_STEP] * 3
    assert [b.rect.top for b in menu.buttons] == practice + shell  # Puzzles, Sandbox, Players, Online; Settings, Help & About, Quit
    assert [b.label for b in menu.buttons[:4]] == ["Puzzles", "Sandbox", "Players", "Online"]


def test_each_game_has_a_row_with_its_continue_beside_it_and_nothing_overlaps(no_games):
    from rummi_desktop.shell.scene import Scene

    make = lambda app: None  # noqa: E731
    for order, key in enumerate("abcd"):
        resume = (lambda app: Scene()) if key in "ac" else None
        registry.register_game(registry.GameInfo(key, key.upper() * 3, "", make, resume=resume, order=order,
                                                 continue_key="cv"[order // 2]))
    _, menu = open_menu("instant")
    rows = sorted({b.rect.top for b in menu.buttons})
    assert len(rows) == 6  # four games, then the shell's two rows
    by_label = {b.label: b.rect for b in menu.buttons}
    assert by_label["Continue AAA"].top == by_label["AAA"].top and by_label["Continue AAA"].left > by_label["AAA"].right
    assert by_label["BBB"].width == by_label["AAA"].width + by_label["Continue AAA"].width + 16  # rows align
    rects = [b.rect for b in menu.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert max(r.bottom for r in rects) < 730  # clear of the footer


def test_games_are_listed_in_registry_order_before_the_shell_entries(no_games):
    make = lambda app: None  # noqa: E731
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, order=20))
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, order=10))
    _, menu = open_menu("instant")
    labels = [b.label for b in menu.buttons]
    assert labels[:2] == ["Alpha", "Bravo"] and labels[-1] == "Quit"
    assert [b.shortcut for b in menu.buttons[:2]] == ["1", "2"]


def test_each_game_has_its_own_continue_button_and_key(no_games):
    from rummi_desktop.shell.scene import Scene

    make = lambda app: None  # noqa: E731
    resume = lambda app: Scene()  # noqa: E731  (both games have a game to continue)
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, resume=resume, order=10))
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, resume=resume, order=20,
                                             continue_key="v"))
    _, menu = open_menu("instant")
    labels = [b.label for b in menu.buttons]
    assert labels[:4] == ["Alpha", "Continue Alpha", "Bravo", "Continue Bravo"]
    shortcuts = [b.shortcut for b in menu.buttons]
    assert shortcuts[:4] == ["1", "c", "2", "v"] and len(set(shortcuts)) == len(shortcuts)


def test_two_games_asking_for_the_same_continue_key_never_share_it(no_games):
    from rummi_desktop.shell.scene import Scene

    make = lambda app: None  # noqa: E731
    resume = lambda app: Scene()  # noqa: E731
    registry.register_game(registry.GameInfo("a", "Alpha", "first", make, resume=resume, order=10))
    registry.register_game(registry.GameInfo("b", "Bravo", "second", make, resume=resume, order=20))
    _, menu = open_menu("instant")
    shortcuts = [b.shortcut for b in menu.buttons if b.shortcut]
    assert [b.shortcut for b in menu.buttons[1:4:2]] == ["c", ""]  # the second Continue has no key
    assert len(set(shortcuts)) == len(shortcuts)
