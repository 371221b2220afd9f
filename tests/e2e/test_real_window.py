"""The real window: ``rummi-desktop`` under Xvfb, played with real X pointer and key events.

Menu → Rummi setup (one person, one Easy computer, no clock) → drag a rack tile onto the table →
draw → pause → Settings → another theme → back to the table → save and quit → Quit. Every step
is checked through the app's status file (the top scene and its detail), never by reading
pixels, and photographed; set ``RUMMI_E2E_SHOTS`` to a folder to keep the pictures (the
fixtures are in this folder's ``conftest.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from x_session import GameWindow, centre, find_widget, wait_until

pytestmark = pytest.mark.slow

def test_a_match_in_the_real_window(game: GameWindow) -> None:
    # found by its process id, the window may not be mapped at its size yet: wait, bounded
    geometry = wait_until(lambda: game.geometry(game.window), "the window to be mapped")
    # opened whole on the 1280×800 screen, centred, in the canvas' shape (clicks are mapped to it)
    assert geometry["X"] >= 0 and geometry["Y"] >= 0
    assert geometry["X"] + geometry["WIDTH"] <= 1280 and geometry["Y"] + geometry["HEIGHT"] <= 800
    assert abs(geometry["WIDTH"] / geometry["HEIGHT"] - 1280 / 800) < 0.01

    open_setup(game)
    start_match_against_easy(game)
    laid = lay_a_tile(game)
    draw_a_tile(game, laid)
    change_theme(game)
    quit_through_the_menu(game)


def open_setup(game: GameWindow) -> None:
    game.click(game.widget("MenuScene", "Rummi")["rect"])
    game.wait_top("RummiSetupScene")
    game.screenshot("01-setup")


def start_match_against_easy(game: GameWindow) -> None:
    game.choose("RummiSetupScene", "Seat 1", "human")
    game.choose("RummiSetupScene", "Seat 2", "easy")
    for seat in ("Seat 3", "Seat 4"):
        game.choose("RummiSetupScene", seat, "empty")
    game.choose("RummiSetupScene", "Turn clock", 0)  # a slow machine must not lose the person's turn to the clock
    game.screenshot("02-setup-easy")
    game.click(game.widget("RummiSetupScene", "Deal the tiles")["rect"])
    game.wait_top("RummiTableScene")



def persons_turn(detail: dict[str, Any]) -> bool:
    """The person may move, and every tile has arrived (as a person would wait to see them)."""
    return (detail["phase"] == "person" and detail["current"] == detail["viewer"] and bool(detail["rack"])
            and detail["settled"])


def lay_a_tile(game: GameWindow) -> dict[str, Any]:
    """Drag the first rack tile to open felt; the table gains it, the rack loses it."""
    before = game.wait_top("RummiTableScene", persons_turn, "the person on turn")
    game.screenshot("03-persons-turn")
    start = centre(before["rack"][0])
    game.drag(start, open_felt(before))
    after = game.wait_top("RummiTableScene", lambda d: d["table_tiles"] == before["table_tiles"] + 1
                          and d["settled"], "one more tile on the table")
    assert after["rack_size"] == before["rack_size"] - 1
    assert persons_turn(after)
    game.screenshot("04-tile-on-table")
    return before


def open_felt(detail: dict[str, Any]) -> tuple[float, float]:
    """A point on the table area clear of every meld: a dropped tile starts a meld there."""
    x, y, w, h = detail["table_area"]
    for fy in (0.8, 0.6, 0.4, 0.2):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            point = (x + w * fx, y + h * fy)
            if not any(mx - 40 <= point[0] <= mx + mw + 40 and my - 40 <= point[1] <= my + mh + 40
                       for mx, my, mw, mh in detail["melds"]):
                return point
    pytest.fail(f"no open felt on the table: {detail['melds']}")


def draw_a_tile(game: GameWindow, before_laying: dict[str, Any]) -> None:
    """D draws: the laid tile goes back, one tile comes from the pool, the turn passes."""
    game.key("d")
    after = game.wait_top("RummiTableScene", lambda d: d["turns"] > before_laying["turns"] and d["settled"],
                          "the turn booked")
    assert after["rack_size"] == before_laying["rack_size"] + 1
    game.screenshot("05-drew")
    # the Easy seat plays its turn, then it is the person's again
    game.wait_top("RummiTableScene", lambda d: persons_turn(d) and d["turns"] >= before_laying["turns"] + 2,
                  "the person's next turn")


def change_theme(game: GameWindow) -> None:
    game.key("Escape")
    game.click(game.widget("PauseOverlay", "Settings")["rect"])
    old = game.wait_top("SettingsScene")["theme"]
    game.click(game.widget("SettingsScene", "Table theme")["arrows"][1])
    new = game.wait_top("SettingsScene", lambda d: d["theme"] != old, f"a theme other than {old!r}")["theme"]
    assert find_widget(game.wait_top("SettingsScene"), "Table theme")["value"] == new
    game.screenshot("06-settings-new-theme")
    game.click(game.widget("SettingsScene", "Done")["rect"])
    game.click(game.widget("PauseOverlay", "Resume")["rect"])
    game.wait_top("RummiTableScene", lambda d: d["theme"] == new, f"the table in {new!r}")
    game.screenshot("07-table-new-theme")
    saved = (game.home / "config" / "settings.toml").read_text(encoding="utf-8")
    assert f'theme = "{new}"' in saved  # Done saved the settings


def quit_through_the_menu(game: GameWindow) -> None:
    game.key("Escape")
    game.click(game.widget("PauseOverlay", "Save and quit to menu")["rect"])
    game.click(game.widget("MenuScene", "Quit")["rect"])
    quit_button = game.widget("ConfirmScene", "Quit")
    game.screenshot("08-quit-question")
    game.click(quit_button["rect"])
    assert game.wait_for_exit() == 0
