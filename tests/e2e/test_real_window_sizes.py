"""The real window on the screens players have (800×600, 1024×768, 1366×768, 2560×1440): it
opens whole on the screen, centred, the canvas scaled to fit; every button of the menu and of a
Rummi table lies inside it; and real clicks on buttons' centres reach them (Rummi on the menu,
the setup's pickers and Deal, Draw and the pause button at the table). Before, the window was
1280×800 on the small screens and SDL showed the canvas cropped at 1×. And Settings →
Interface size resizes the window at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from x_session import CANVAS_SIZE, GameWindow, wait_until

from test_real_window import persons_turn, start_match_against_easy

pytestmark = pytest.mark.slow
SCREENS = [(800, 600), (1024, 768), (1366, 768), (2560, 1440)]


@pytest.fixture(params=SCREENS, ids=lambda size: f"{size[0]}x{size[1]}")
def screen_size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return request.param


def test_every_button_shows_and_answers_a_click_on_each_screen(game: GameWindow,
                                                                    screen_size: tuple[int, int]) -> None:
    window = game.geometry(game.window)
    assert window is not None
    assert 0 <= window["X"] and window["X"] + window["WIDTH"] <= screen_size[0]
    assert 0 <= window["Y"] and window["Y"] + window["HEIGHT"] <= screen_size[1]
    assert abs((screen_size[0] - window["WIDTH"]) / 2 - window["X"]) <= 1  # centred
    label = f"{screen_size[0]}x{screen_size[1]}"

    menu = game.wait_top("MenuScene", lambda d: d.get("settled", True), "the menu's buttons at rest")
    assert_all_shown(game, menu, "the menu")
    game.screenshot(f"sizes-{label}-menu")
    game.click(game.widget("MenuScene", "Rummi")["rect"])
    game.wait_top("RummiSetupScene")
    start_match_against_easy(game)

    table = game.wait_top("RummiTableScene", persons_turn, "the person on turn")
    assert_all_shown(game, table, "the Rummi table")
    for slot in table["rack"]:
        assert inside_window(game, slot), f"a rack tile at {slot} is outside the window"
    game.screenshot(f"sizes-{label}-rummi-table")
    draw = next(w for w in table["widgets"] if w["label"] == "Draw")
    game.click(draw["rect"])
    game.wait_top("RummiTableScene", lambda d: d["turns"] > table["turns"], "Draw clicked: the turn booked")
    pause = next(w for w in table["widgets"] if w["label"] == "II")
    game.click(pause["rect"])
    game.wait_top("PauseOverlay")


@pytest.mark.parametrize("screen_size", [(2560, 1440)], ids=["2560x1440"], indirect=True)
def test_a_new_interface_size_resizes_the_window_at_once(game: GameWindow, screen_size: tuple[int, int]) -> None:
    opened = game.geometry(game.window)
    assert opened is not None and (opened["WIDTH"], opened["HEIGHT"]) == (1920, 1200)  # Fit the screen: 150 %
    game.click(game.widget("MenuScene", "Settings")["rect"])
    game.choose("SettingsScene", "Interface size", 100)
    resized = wait_until(lambda: (g := game.geometry(game.window)) and g["WIDTH"] == 1280 and g,
                         "the window at 100 %")
    assert (resized["X"], resized["Y"]) == ((2560 - 1280) // 2, (1440 - 800) // 2)  # centred again
    game.screenshot("sizes-2560x1440-settings-100")
    game.click(game.widget("SettingsScene", "Done")["rect"])
    game.wait_top("MenuScene")
    saved = (game.home / "config" / "settings.toml").read_text(encoding="utf-8")
    assert "ui_scale = 100" in saved


def assert_all_shown(game: GameWindow, detail: dict[str, Any], where: str) -> None:
    widgets = detail["widgets"]
    assert widgets, f"no buttons reported on {where}"
    for widget in widgets:
        assert inside_window(game, widget["rect"]), f"{widget['label']!r} on {where} is outside the window"


def inside_window(game: GameWindow, rect: list[float]) -> bool:
    """The logical rect lies on the canvas, and so (mapped) inside the window's pixels."""
    x, y, w, h = rect
    if not (0 <= x and 0 <= y and x + w <= CANVAS_SIZE[0] and y + h <= CANVAS_SIZE[1]):
        return False
    left, top = game.to_window(x, y)
    right, bottom = game.to_window(x + w, y + h)
    width, height = game.window_size
    return 0 <= left and 0 <= top and right <= width and bottom <= height
