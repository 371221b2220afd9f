"""The real window plays Tumblewords: menu → Tumblewords setup (one person, one Easy computer)
→ drag a letter from the hand onto a column → it falls, settles on the square the model chose
and the turn is booked → save and quit → the menu offers Continue Tumblewords. Checked through
the status file only.
"""

from __future__ import annotations

from typing import Any

import pytest
from x_session import GameWindow, centre, find_widget

pytestmark = pytest.mark.slow
TABLE = "TumblewordsTableScene"
SETUP = "TumblewordsSetupScene"


def persons_turn(detail: dict[str, Any]) -> bool:
    return (detail["phase"] == "person" and detail["current"] == detail["viewer"] and bool(detail["hand"])
            and detail["settled"])


def test_a_tumblewords_drop_in_the_real_window(game: GameWindow) -> None:
    game.click(game.widget("MenuScene", "Tumblewords")["rect"])
    game.wait_top(SETUP)
    game.choose(SETUP, "Seat 1", "human")
    game.choose(SETUP, "Seat 2", "easy")
    for seat in ("Seat 3", "Seat 4"):
        game.choose(SETUP, seat, "empty")
    game.screenshot("w1-setup")
    game.key("Return")
    before = game.wait_top(TABLE, persons_turn, "the person on turn")
    game.screenshot("w2-persons-turn")
    letter_index = next(i for i, letter in enumerate(before["hand_letters"]) if letter != "?")
    letter = before["hand_letters"][letter_index]
    column = 3
    x, y, w, h = before["columns"][column]
    game.drag(centre(before["hand"][letter_index]), (x + w / 2, y + h / 2))
    after = game.wait_top(TABLE, lambda d: d["board_tiles"] == before["board_tiles"] + 1 and d["settled"],
                          "the letter dropped and settled")
    lowest_free = max(row for row, text in enumerate(before["rows"]) if text[column] == ".")
    assert after["rows"][lowest_free][column] == letter, "it sits where the rules model put it"
    game.screenshot("w3-dropped")
    game.wait_top(TABLE, persons_turn, "the person's next turn")
    game.key("Escape")
    game.click(game.widget("PauseOverlay", "Save and quit to menu")["rect"])
    assert find_widget(game.wait_top("MenuScene"), "Continue Tumblewords") is not None
    game.screenshot("w4-menu-continue")
    game.click(game.widget("MenuScene", "Quit")["rect"])
    game.click(game.widget("ConfirmScene", "Quit")["rect"])
    assert game.wait_for_exit() == 0

