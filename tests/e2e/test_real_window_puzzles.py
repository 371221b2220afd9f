"""The real window runs the puzzle trainer: menu → Puzzles (as Ann, the profile last played
under) → the easy Rummi pack → its first puzzle → Hint 1, 2, 3 (the third plays the solution
out and checks it) → the result card and Ann's rating moved → Try again, this time laid by
hand with two drags → solved, ticked in the pack, the rating up → the hard pack, whose first two
puzzles Ann solved before (the home folder starts with her progress), so its third is open → Hints
1 and 2, then solved by hand with three drags (the moves read from the shipped puzzle file, the
tiles' places from the status) → ticked, the fourth open, the rating up → back to the menu → Quit,
exit status 0. Checked through the status file and the progress file; photographed at each step.

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
TABLE, PACK, TRAINER, CARD = "RummiTableScene", "PackScene", "TrainerScene", "AttemptResultScene"
EASY, HARD = "First Steps", "Grand Rearrangements"
HINT_BUTTONS = ("Hint 1/3", "Hint 2/3", "Show solution")
SOLVED_BEFORE = ("rummi-hard-001", "rummi-hard-002")
HARD_PUZZLE = "rummi-hard-003"  # its solution takes three drags: a new meld from the table's two 1s, then R1


@pytest.fixture
def prepare_home() -> Callable[[Path], None]:
    """Ann's profile (the last one played under) and her progress: the first two hard puzzles solved."""
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.records.profile_file import save_profiles
    from rummi_desktop.trainer.progress_file import ProgressBook, progress_path, write_book
    from rummi_desktop.trainer.attempts import book_attempt

    def ann_with_progress(home: Path) -> None:
        book = ProfileBook()
        ann = book.create("Ann")
        book.last_person = ann.id
        save_profiles(book, home / "data")
        progress = ProgressBook()
        for puzzle in SOLVED_BEFORE:
            book_attempt(progress.of(ann.id), "rummi", {"id": puzzle, "rating": 32.5}, True, 95.0, 0)
        write_book(progress, progress_path(home / "data"))
    return ann_with_progress


def widget_starting(game: GameWindow, scene: str, prefix: str) -> dict[str, Any]:
    """The top scene's widget whose label starts with ``prefix`` (labels carry counts)."""
    detail = game.wait_top(scene, lambda d: any(w["label"].startswith(prefix) for w in d["widgets"]),
                           f"a widget labelled {prefix!r}…")
    return next(w for w in detail["widgets"] if w["label"].startswith(prefix))


def saved_progress(game: GameWindow) -> dict[str, Any]:
    return tomllib.loads((game.home / "data" / "puzzle_progress.toml").read_text(encoding="utf-8"))


def take_hints(game: GameWindow, puzzle: str, shot: str, levels: int) -> dict[str, Any]:
    """On the open puzzle table: Hint 1 up to Hint ``levels`` (at most 2), each seen in the
    status and photographed; the table's status at the start."""
    table = game.wait_top(TABLE, lambda d: d["puzzle"] == puzzle and d["settled"], f"puzzle {puzzle} at rest")
    assert table["mode"] == "PuzzleMode"
    game.screenshot(f"{shot}-0-table")
    for level, label in enumerate(HINT_BUTTONS[:levels], start=1):
        game.click(game.widget(TABLE, label)["rect"])
        game.wait_top(TABLE, lambda d, n=level: d["hint_level"] == n, f"hint level {level}")
        game.screenshot(f"{shot}-{level}-hint")
    return table


def solve_with_the_three_hints(game: GameWindow, puzzle: str, shot: str) -> dict[str, Any]:
    """On the open puzzle table: Hint 1, 2, 3, each seen in the status; the card that follows."""
    table = take_hints(game, puzzle, shot, 2)
    game.click(game.widget(TABLE, HINT_BUTTONS[2])["rect"])
    card = game.wait_top(CARD, lambda d: d["headline"] == "Solution shown", "the result card")
    game.screenshot(f"{shot}-3-solution-card")
    assert table["table_tiles"] > 0
    return card


def shipped_puzzle(puzzle: str) -> dict[str, Any]:
    """The puzzle as the game ships it (its position and solution), read as the game reads it."""
    from rummi_desktop.trainer.puzzle_files import shipped_puzzles

    return next(p for p in shipped_puzzles("rummi").puzzles if p.id == puzzle).to_dict()


def settled_table(game: GameWindow, why: str, condition: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return game.wait_top(TABLE, lambda d: d["settled"] and condition(d), why)


def tile_rect(table: dict[str, Any], face: str) -> list[int]:
    """Where ``face`` is: on the table (its only copy there) or else in the rack."""
    on_table = [rect for meld, rects in zip(table["table"], table["tiles"]) for name, rect in zip(meld, rects)
                if name == face]
    assert len(on_table) <= 1, f"{face} twice on the table"
    return on_table[0] if on_table else next(box for name, box in table["rack"] if name == face)


def free_felt_point(table: dict[str, Any]) -> tuple[float, float]:
    """A point on open felt a row and a half below the lowest meld, mid-width: a drop there
    starts a new meld (no meld's end is within reach, see games/rummi/table/layout.py)."""
    fx, fy, fw, fh = table["felt"]
    lowest = max(y + h for _, y, _, h in table["melds"])
    point = (fx + fw / 2, lowest + table["tile_h"] * 1.5)
    assert point[1] < fy + fh - table["tile_h"] / 2, "no free row left on the felt"
    return point


def move_to_new_meld(game: GameWindow, face: str, shot: str) -> int:
    """Drag ``face`` onto open felt; it stands alone as a new meld. That meld's index."""
    table = settled_table(game, "the table at rest", lambda d: True)
    game.drag(centre(tile_rect(table, face)), free_felt_point(table))
    table = settled_table(game, f"{face} alone in a new meld", lambda d: [face] in d["table"])
    game.screenshot(shot)
    return table["table"].index([face])


def move_to_meld_end(game: GameWindow, face: str, meld: int, at_start: bool, shot: str) -> None:
    """Drag ``face`` (from the table or the rack) onto the first or last tile's outer edge of
    meld ``meld``: it joins that meld at that end."""
    table = settled_table(game, "the table at rest", lambda d: True)
    x, y, w, h = table["melds"][meld]
    edge = x + table["tile_w"] * 0.15 if at_start else x + w - table["tile_w"] * 0.15
    game.drag(centre(tile_rect(table, face)), (edge, y + h / 2))
    table = settled_table(game, f"{face} at an end of meld {meld + 1}",
                          lambda d: d["table"][meld][0 if at_start else -1] == face)
    game.screenshot(shot)


def lay_in_front_of(game: GameWindow, face: str, meld: int) -> None:
    """Drag the rack's ``face`` onto the left edge of meld ``meld``: it joins the meld at its start
    (melds stand close together, so a drop left of the meld would join the one before)."""
    table = game.wait_top(TABLE, lambda d: d["settled"] and any(name == face for name, _ in d["rack"]),
                          f"{face} in the rack")
    rect = next(box for name, box in table["rack"] if name == face)
    x, y, w, h = table["melds"][meld]
    game.drag(centre(rect), (x + table["tile_w"] * 0.15, y + h / 2))  # the left edge of its first tile
    game.wait_top(TABLE, lambda d: d["table"][meld][0] == face and d["settled"], f"{face} first in meld {meld + 1}")


def solve_hard_by_hand(game: GameWindow, start: dict[str, Any], puzzle: dict[str, Any]) -> None:
    """The shipped solution differs from the start by one new meld, built from table tiles
    and the rack's: the first table tile dragged to open felt, the others in front of it, the
    rack's after it (hints 1 and 2 are lit meanwhile). The table must then be the solution."""
    rack = set(puzzle["position"]["rack"])
    new = [meld for meld in puzzle["solution"] if any(face in rack for face in meld)]
    assert len(new) == 1, "this plan handles one new meld"
    from_table = [face for face in new[0] if face not in rack]
    assert start["hint_level"] == 0 and sorted(n for n, _ in start["rack"]) == sorted(rack)
    meld = move_to_new_meld(game, from_table[-1], "p09-hard-3-new-meld")
    for step, face in enumerate(reversed(from_table[:-1]), start=4):
        move_to_meld_end(game, face, meld, True, f"p09-hard-{step}-{face}")
    for step, face in enumerate((f for f in new[0] if f in rack), start=3 + len(from_table)):
        move_to_meld_end(game, face, meld, False, f"p09-hard-{step}-{face}")
    table = settled_table(game, "the rack empty", lambda d: not d["rack"])
    assert sorted(map(sorted, table["table"])) == sorted(map(sorted, puzzle["solution"]))
    assert table["hint_level"] == 2 and not table["solved"]


def test_the_puzzle_trainer_in_the_real_window(game: GameWindow) -> None:
    game.click(game.widget("MenuScene", "Puzzles")["rect"])
    trainer = game.wait_top(TRAINER)
    ann = trainer["profile"]
    assert ann.startswith("p-") and find_widget(trainer, "Trainer profile")["value"] == ann
    start_rating = trainer["ratings"]["rummi"]
    assert trainer["solved"]["rummi"] == list(SOLVED_BEFORE) and start_rating > 1500  # her saved progress
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

    # the hard pack: puzzles 1 and 2 solved before, so puzzle 3 is open
    game.click(widget_starting(game, TRAINER, HARD)["rect"])
    game.wait_top(PACK)
    assert widget_starting(game, PACK, "1  ✓")["enabled"] and widget_starting(game, PACK, "2  ✓")["enabled"]
    assert game.widget(PACK, "3")["enabled"] and not game.widget(PACK, "4")["enabled"]
    game.screenshot("p08-hard-pack-open")
    game.click(game.widget(PACK, "3")["rect"])
    start = take_hints(game, HARD_PUZZLE, "p09-hard", 2)
    solve_hard_by_hand(game, start, shipped_puzzle(HARD_PUZZLE))
    game.click(game.widget(TABLE, "Check")["rect"])
    card = game.wait_top(CARD, lambda d: d["headline"].startswith("Solved in"), "the solved card")
    assert card["lines"][0].startswith(f"Your Rummi rating {after_easy} → ")
    after_hard = int(card["lines"][0].split("→ ")[1].split()[0])
    assert after_hard > after_easy, "a hard puzzle solved with two hints: the rating rises"
    game.screenshot("p10-hard-solved-card")
    game.click(game.widget(CARD, "Pack")["rect"])
    game.wait_top(PACK)
    assert widget_starting(game, PACK, "3  ✓")["enabled"] and game.widget(PACK, "4")["enabled"]
    assert not game.widget(PACK, "5")["enabled"]
    game.screenshot("p11-hard-pack-ticked")
    game.click(game.widget(PACK, "Back")["rect"])
    trainer = game.wait_top(TRAINER)
    assert trainer["ratings"]["rummi"] == after_hard and HARD_PUZZLE in trainer["solved"]["rummi"]
    game.screenshot("p12-trainer-after-hard")
    saved = saved_progress(game)["players"][ann]["games"]["rummi"]
    hard = saved["puzzles"][HARD_PUZZLE]
    assert hard["attempts"] == 1 and hard["solved"] is True and hard["hints"] == 2
    assert round(saved["mu"] * 60) == after_hard

    # back to the menu and out
    game.click(game.widget(TRAINER, "Back")["rect"])
    game.click(game.widget("MenuScene", "Quit")["rect"])
    game.screenshot("p13-quit-question")
    game.click(game.widget("ConfirmScene", "Quit")["rect"])
    assert game.wait_for_exit() == 0
