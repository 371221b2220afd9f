"""The real window plays Rummble: menu → Rummble setup (one person, one Easy computer) → drag
tiles from the rack onto the board, see the preview score → Enter plays → the score is booked
→ save and quit → the menu offers Continue Rummble. Checked through the status file only.

The deal is fixed: the home folder starts with a remembered Rummble setup (what the setup
screen offers next time) whose deal number gives the person the first turn on an empty board,
where the rules model finds a two-tile opening play.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
from x_session import GameWindow, centre, find_widget

from rummi_desktop.games.rummble.rules.board import CENTRE, Board, Laid
from rummi_desktop.games.rummble.rules.play import check_play
from rummi_desktop.tiles import Tile

pytestmark = pytest.mark.slow
TABLE = "RummbleTableScene"
DEAL = 42  # the person (seat 1) plays first; R2 Y1 opens


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    from rummi_desktop.games.rummble.table.session import RummbleSetup
    from rummi_desktop.games.seats import SeatConfig
    from rummi_desktop.storage.saves import write_last_setup

    def remembered_deal(home: Path) -> None:
        setup = RummbleSetup((SeatConfig("human", "You"), SeatConfig("easy", "Easy")), "standard", DEAL)
        write_last_setup("rummble", setup.to_dict(), home / "data" / "saves")
    return remembered_deal


def persons_turn(detail: dict[str, Any]) -> bool:
    return (detail["phase"] == "person" and detail["current"] == detail["viewer"] and bool(detail["rack"])
            and detail["settled"])


def legal_play(detail: dict[str, Any]) -> list[tuple[str, int]]:
    """(rack tile, square) pairs of a legal play for the shown rack (asks the rules model)."""
    board = Board.from_tiles([tuple(cell) for cell in detail["board_cells"]])
    faces = [Tile.parse(text) for text in detail["rack_faces"]]
    numbered = [(index, Laid.of(face)) for index, face in enumerate(faces) if not face.is_joker]
    if board.is_empty:
        for first, a in numbered:
            for second, b in numbered:
                if first != second and check_play(board, [(CENTRE, a), (CENTRE + 1, b)]).legal:
                    return [(detail["rack_faces"][first], CENTRE), (detail["rack_faces"][second], CENTRE + 1)]
    for index, laid in numbered:
        for sq in range(169):
            if board.cells[sq] is None and check_play(board, [(sq, laid)]).legal:
                return [(detail["rack_faces"][index], sq)]
    pytest.fail(f"no legal play for {detail['rack_faces']} on {detail['board_cells']}")


def square_point(detail: dict[str, Any], sq: int) -> tuple[float, float]:
    x, y, w, h = detail["board"]
    row, col = divmod(sq, 13)
    return (x + (col + 0.5) * w / 13, y + (row + 0.5) * h / 13)


def test_a_rummble_play_in_the_real_window(game: GameWindow) -> None:
    game.click(game.widget("MenuScene", "Rummble")["rect"])
    game.wait_top("RummbleSetupScene")
    game.choose("RummbleSetupScene", "Seat 1", "human")
    game.choose("RummbleSetupScene", "Seat 2", "easy")
    for seat in ("Seat 3", "Seat 4"):
        game.choose("RummbleSetupScene", seat, "empty")
    game.screenshot("r1-setup")
    game.key("Return")
    before = game.wait_top(TABLE, persons_turn, "the person on turn")
    assert before["board_tiles"] == 0, f"deal {DEAL} gives the person the first turn"
    game.screenshot("r2-persons-turn")
    play = legal_play(before)
    for placed, (face, sq) in enumerate(play, start=1):
        rack = game.wait_top(TABLE, lambda d, n=placed - 1: d["tentative"] == n and d["settled"], "the rack at rest")
        game.drag(centre(rack["rack"][rack["rack_faces"].index(face)]), square_point(before, sq))
        game.wait_top(TABLE, lambda d, n=placed: d["tentative"] == n, f"{placed} tile(s) on the board")
    previewed = game.wait_top(TABLE, lambda d: d["preview_score"] is not None, "the preview score")
    game.screenshot("r3-preview")
    game.key("Return")
    after = game.wait_top(TABLE, lambda d: d["turns"] > before["turns"] and d["board_tiles"] ==
                          before["board_tiles"] + len(play), "the play booked")
    assert after["scores"][before["viewer"]] == before["scores"][before["viewer"]] + previewed["preview_score"]
    game.screenshot("r4-played")
    game.key("Escape")
    game.click(game.widget("PauseOverlay", "Save and quit to menu")["rect"])
    assert find_widget(game.wait_top("MenuScene"), "Continue Rummble") is not None
    game.screenshot("r5-menu-continue")
    game.click(game.widget("MenuScene", "Quit")["rect"])
    game.click(game.widget("ConfirmScene", "Quit")["rect"])
    assert game.wait_for_exit() == 0

