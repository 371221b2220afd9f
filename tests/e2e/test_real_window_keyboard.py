"""The real window, one turn of each game played with the keyboard alone (``xdotool key``):
the menu and the setup screens are clicked through, but at each table no pointer event is
sent. Rummi: the arrows show the focus ring, Space picks a rack tile up and Space puts it down
as a new meld, Z takes it back, again, and D draws (the turn ends). Rummble: the number keys
put two tiles on the star and beside it, Enter plays. Tumblewords: Left chooses a column, a
number key a letter, Enter drops it. One window for the three, to keep the run short.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from test_real_window_rummble import DEAL, legal_play
from x_session import GameWindow

pytestmark = pytest.mark.slow


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    from rummi_desktop.games.rummble.table.session import RummbleSetup
    from rummi_desktop.games.seats import SeatConfig
    from rummi_desktop.storage.saves import write_last_setup

    def remembered_deal(home: Path) -> None:  # Rummble's deal gives the person the first turn
        setup = RummbleSetup((SeatConfig("human", "You"), SeatConfig("easy", "Easy")), "standard", DEAL)
        write_last_setup("rummble", setup.to_dict(), home / "data" / "saves")
    return remembered_deal


def persons_turn(detail: dict[str, Any], hand: str = "rack") -> bool:
    return (detail["phase"] == "person" and detail["current"] == detail["viewer"] and bool(detail[hand])
            and detail["settled"])


def deal(game: GameWindow, menu_label: str, setup: str, turn_clock: bool = False) -> None:
    game.click(game.widget("MenuScene", menu_label)["rect"])
    game.wait_top(setup)
    game.choose(setup, "Seat 1", "human")
    game.choose(setup, "Seat 2", "easy")
    for seat in ("Seat 3", "Seat 4"):
        game.choose(setup, seat, "empty")
    if turn_clock:
        game.choose(setup, "Turn clock", 0)  # a slow machine must not lose the person's turn to the clock
    game.key("Return")


def back_to_menu(game: GameWindow) -> None:
    game.key("Escape")
    game.click(game.widget("PauseOverlay", "Save and quit to menu")["rect"])
    game.wait_top("MenuScene")


def rummi_turn(game: GameWindow) -> None:
    table = "RummiTableScene"
    before = game.wait_top(table, persons_turn, "the person on turn")
    game.key("Down")  # the focus ring shows, on the rack's first tile
    game.key("space")
    game.key("space")  # picked up, put down: a new meld after the last
    laid = game.wait_top(table, lambda d: d["table_tiles"] == before["table_tiles"] + 1 and d["settled"],
                         "one tile laid by keyboard")
    assert laid["rack_size"] == before["rack_size"] - 1
    game.screenshot("k1-rummi-laid")
    game.key("z")
    game.wait_top(table, lambda d: d["table_tiles"] == before["table_tiles"], "the tile taken back (undo)")
    game.key("space")
    game.key("space")
    game.wait_top(table, lambda d: d["table_tiles"] == before["table_tiles"] + 1, "laid again")
    game.key("d")  # draw: the laid tile goes back, one comes from the pool, the turn ends
    after = game.wait_top(table, lambda d: d["turns"] > before["turns"], "the turn booked")
    assert after["rack_size"] == before["rack_size"] + 1


def rummble_turn(game: GameWindow) -> None:
    table = "RummbleTableScene"
    before = game.wait_top(table, persons_turn, "the person on turn")
    assert before["board_tiles"] == 0, f"deal {DEAL} gives the person the first turn"
    play = legal_play(before)  # on the star and the square right of it: where the cursor steps
    for placed, (face, _) in enumerate(play):
        rack = game.wait_top(table, lambda d, n=placed: d["tentative"] == n, "the rack as it is now")
        game.key(str(rack["rack_faces"].index(face) + 1))
    game.wait_top(table, lambda d: d["tentative"] == len(play) and d["preview_score"] is not None, "the preview")
    game.screenshot("k2-rummble-placed")
    game.key("Return")
    game.wait_top(table, lambda d: d["turns"] > before["turns"] and d["board_tiles"] == len(play), "the play booked")


def tumblewords_turn(game: GameWindow) -> None:
    table = "TumblewordsTableScene"
    before = game.wait_top(table, lambda d: persons_turn(d, "hand"), "the person on turn")
    index = next(i for i, letter in enumerate(before["hand_letters"]) if letter != "?")
    column = len(before["columns"]) // 2 - 1  # the keyboard's column starts in the middle: one Left
    game.key("Left")
    game.key(str(index + 1))
    game.key("Return")
    after = game.wait_top(table, lambda d: d["board_tiles"] == before["board_tiles"] + 1 and d["settled"],
                          "the letter dropped and settled")
    lowest_free = max(row for row, text in enumerate(before["rows"]) if text[column] == ".")
    assert after["rows"][lowest_free][column] == before["hand_letters"][index]
    game.screenshot("k3-tumblewords-dropped")


def test_one_turn_of_each_game_by_keyboard_in_the_real_window(game: GameWindow) -> None:
    deal(game, "Rummi", "RummiSetupScene", turn_clock=True)
    rummi_turn(game)
    back_to_menu(game)
    deal(game, "Rummble", "RummbleSetupScene")
    rummble_turn(game)
    back_to_menu(game)
    deal(game, "Tumblewords", "TumblewordsSetupScene")
    tumblewords_turn(game)
    back_to_menu(game)
    game.click(game.widget("MenuScene", "Quit")["rect"])
    game.click(game.widget("ConfirmScene", "Quit")["rect"])
    assert game.wait_for_exit() == 0
