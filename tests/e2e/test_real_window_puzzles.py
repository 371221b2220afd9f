"""The real window runs the puzzle trainer: menu → Puzzles (as Ann, the profile last played
under) → the easy Rummi pack → its first puzzle → Hint 1, 2, 3 (the third plays the solution
out and checks it) → the result card and Ann's rating moved → Try again, this time laid by
hand with two drags → solved, ticked in the pack, the rating up → the hard pack, whose first puzzle
Ann solved before (the home folder starts with her progress), so its second is open → Hints 1,
2, 3 again → back to the menu → Quit, exit status 0. Checked through the status file and the
progress file; photographed at each step.

A solve through Hint 3 is "Solution shown": the trainer books the attempt and moves the rating
(the puzzle wins it), but does not tick the puzzle or open the next — that takes a solve with at
most two hints, hence the easy puzzle's second attempt by hand.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest
from x_session import GameWindow, centre, find_widget

pytestmark = pytest.mark.slow
TABLE, PACK, TRAINER, CARD = "RummiPuzzleScene", "PackScene", "TrainerScene", "AttemptResultScene"
EASY, HARD = "First Steps", "Grand Rearrangements"
HINT_BUTTONS = ("Hint 1/3", "Hint 2/3", "Show solution")
SOLVED_BEFORE = "rummi-hard-001"


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    """Ann's profile (the last one played under) and her progress: the first hard puzzle solved."""
    from rummi_desktop.player_profiles import ProfileBook
    from rummi_desktop.storage.profiles import save_profiles
    from rummi_desktop.storage.puzzle_progress import ProgressBook, progress_path, write_book
    from rummi_desktop.trainer.attempts import book_attempt

    def ann_with_progress(home: Path) -> None:
        book = ProfileBook()
        ann = book.create("Ann")
        book.last_person = ann.id
        save_profiles(book, home / "data")
        progress = ProgressBook()
        book_attempt(progress.of(ann.id), "rummi", {"id": SOLVED_BEFORE, "rating": 32.5}, True, 95.0, 0)
        write_book(progress, progress_path(home / "data"))
    return ann_with_progress


def widget_starting(game: GameWindow, scene: str, prefix: str) -> dict[str, Any]:
    """The top scene's widget whose label starts with ``prefix`` (labels carry counts)."""
    detail = game.wait_top(scene, lambda d: any(w["label"].startswith(prefix) for w in d["widgets"]),
                           f"a widget labelled {prefix!r}…")
    return next(w for w in detail["widgets"] if w["label"].startswith(prefix))


def saved_progress(game: GameWindow) -> dict[str, Any]:
    return tomllib.loads((game.home / "data" / "puzzle_progress.toml").read_text(encoding="utf-8"))


def solve_with_the_three_hints(game: GameWindow, puzzle: str, shot: str) -> dict[str, Any]:
    """On the open puzzle table: Hint 1, 2, 3, each seen in the status; the card that follows."""
    table = game.wait_top(TABLE, lambda d: d["puzzle"] == puzzle and d["settled"], f"puzzle {puzzle} at rest")
    game.screenshot(f"{shot}-0-table")
    for level, label in enumerate(HINT_BUTTONS, start=1):
        game.click(game.widget(TABLE, label)["rect"])
        if level < 3:
            game.wait_top(TABLE, lambda d, n=level: d["hint_level"] == n, f"hint level {level}")
            game.screenshot(f"{shot}-{level}-hint")
    card = game.wait_top(CARD, lambda d: d["headline"] == "Solution shown", "the result card")
    game.screenshot(f"{shot}-3-solution-card")
    assert table["table_tiles"] > 0
    return card


def lay_in_front_of(game: GameWindow, face: str, meld: int) -> None:
    """Drag the rack's ``face`` onto the left edge of meld ``meld``: it joins the meld at its start
    (melds stand close together, so a drop left of the meld would join the one before)."""
    table = game.wait_top(TABLE, lambda d: d["settled"] and any(name == face for name, _ in d["rack"]),
                          f"{face} in the rack")
    rect = next(box for name, box in table["rack"] if name == face)
    x, y, w, h = table["melds"][meld]
    game.drag(centre(rect), (x + table["tile_w"] * 0.15, y + h / 2))  # the left edge of its first tile
    game.wait_top(TABLE, lambda d: d["table"][meld][0] == face and d["settled"], f"{face} first in meld {meld + 1}")


def test_the_puzzle_trainer_in_the_real_window(game: GameWindow) -> None:
    game.click(game.widget("MenuScene", "Puzzles")["rect"])
    trainer = game.wait_top(TRAINER)
    ann = trainer["profile"]
    assert ann.startswith("p-") and find_widget(trainer, "Trainer profile")["value"] == ann
    start_rating = trainer["ratings"]["rummi"]
    assert trainer["solved"]["rummi"] == [SOLVED_BEFORE] and start_rating > 1500  # her saved progress
    game.screenshot("p01-trainer-as-ann")

    # the easy pack's first puzzle, through the three hints
    game.click(widget_starting(game, TRAINER, EASY)["rect"])
    game.wait_top(PACK)
    game.screenshot("p02-easy-pack")
    game.click(game.widget(PACK, "1")["rect"])
    card = solve_with_the_three_hints(game, "rummi-easy-001", "p03-easy")
    assert card["lines"][0].startswith(f"Your Rummi rating {start_rating} → ")
    shown = int(card["lines"][0].split("→ ")[1].split()[0])
    assert shown < start_rating, "the solution shown: the puzzle wins the rating"
    easy = saved_progress(game)["players"][ann]["games"]["rummi"]["puzzles"]["rummi-easy-001"]
    assert easy["attempts"] == 1 and easy["solved"] is False

    # Try again, and lay it by hand: B2, then B1, in front of the blue run
    game.click(game.widget(CARD, "Try again")["rect"])
    game.wait_top(TABLE, lambda d: d["puzzle"] == "rummi-easy-001" and d["hint_level"] == 0 and d["settled"],
                  "the puzzle afresh")
    blue = next(i for i, meld in enumerate(game.wait_top(TABLE)["table"]) if meld[0] == "B3")
    lay_in_front_of(game, "B2", blue)
    lay_in_front_of(game, "B1", blue)
    game.screenshot("p04-easy-laid-by-hand")
    game.click(game.widget(TABLE, "Check")["rect"])
    card = game.wait_top(CARD, lambda d: d["headline"].startswith("Solved in"), "the solved card")
    assert card["lines"][0].startswith(f"Your Rummi rating {shown} → ")
    game.screenshot("p05-easy-solved-card")
    game.click(game.widget(CARD, "Pack")["rect"])
    game.wait_top(PACK)
    assert widget_starting(game, PACK, "1  ✓")["enabled"] and game.widget(PACK, "2")["enabled"]
    game.screenshot("p06-easy-pack-ticked")
    game.click(game.widget(PACK, "Back")["rect"])
    trainer = game.wait_top(TRAINER)
    after_easy = trainer["ratings"]["rummi"]
    assert shown < after_easy and after_easy != start_rating
    assert "rummi-easy-001" in trainer["solved"]["rummi"]
    assert find_widget(trainer, f"{EASY}  1/22") is not None
    game.screenshot("p07-trainer-rating-moved")

    # the hard pack: puzzle 1 solved before, so puzzle 2 is open
    game.click(widget_starting(game, TRAINER, HARD)["rect"])
    game.wait_top(PACK)
    assert widget_starting(game, PACK, "1  ✓")["enabled"] and game.widget(PACK, "2")["enabled"]
    assert not game.widget(PACK, "3")["enabled"]
    game.screenshot("p08-hard-pack-open")
    game.click(game.widget(PACK, "2")["rect"])
    card = solve_with_the_three_hints(game, "rummi-hard-002", "p09-hard")
    assert card["lines"][0].startswith(f"Your Rummi rating {after_easy} → ")
    game.click(game.widget(CARD, "Pack")["rect"])
    game.click(game.widget(PACK, "Back")["rect"])
    trainer = game.wait_top(TRAINER)
    assert trainer["ratings"]["rummi"] != after_easy
    game.screenshot("p10-trainer-after-hard")
    saved = saved_progress(game)["players"][ann]["games"]["rummi"]
    assert saved["puzzles"]["rummi-hard-002"]["attempts"] == 1
    assert round(saved["mu"] * 60) == trainer["ratings"]["rummi"]

    # back to the menu and out
    game.click(game.widget(TRAINER, "Back")["rect"])
    game.click(game.widget("MenuScene", "Quit")["rect"])
    game.screenshot("p11-quit-question")
    game.click(game.widget("ConfirmScene", "Quit")["rect"])
    assert game.wait_for_exit() == 0
