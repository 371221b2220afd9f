"""What the trainer offers: packs in order, unlocking, the daily puzzle, streak runs."""

from __future__ import annotations

import datetime

from rummi_desktop.puzzles.record import Pack as PackRow
from rummi_desktop.trainer.catalog import StreakRun, daily_puzzle, is_unlocked, packs_of, unlocked_count


def puzzles(prefix, count, pack, start=20.0):
    return [{"id": f"{prefix}-{i:03d}", "pack": pack, "rating": start + i} for i in range(count)]


def test_packs_keep_file_order_and_sort_by_their_order():
    rows = [PackRow("rummi-hard", "Hard", 3), {"id": "rummi-easy", "title": "Easy", "order": 1}]
    found = packs_of("rummi", rows, puzzles("e", 3, "rummi-easy") + puzzles("h", 2, "rummi-hard") + puzzles("x", 1, ""))
    assert [p.id for p in found] == ["rummi-easy", "rummi-hard", "rummi-more"]
    assert [p["id"] for p in found[0].puzzles] == ["e-000", "e-001", "e-002"]


def test_puzzles_unlock_in_order_within_a_pack():
    (pack,) = packs_of("rummi", [{"id": "p", "title": "P", "order": 1}], puzzles("p", 4, "p"))
    assert unlocked_count(pack, set()) == 1
    assert unlocked_count(pack, {"p-000"}) == 2
    assert not is_unlocked(pack, 2, {"p-000"})
    assert unlocked_count(pack, {"p-001"}) == 1  # solving out of order opens nothing further
    assert unlocked_count(pack, {"p-000", "p-001", "p-002", "p-003"}) == 4


def test_the_daily_puzzle_is_fixed_by_the_date_and_rotates_games():
    by_game = {"rummi": puzzles("r", 30, "r"), "rummble": puzzles("b", 25, "b"), "tumblewords": []}
    day = datetime.date(2026, 12, 1)
    assert daily_puzzle(day, by_game) == daily_puzzle(day, dict(reversed(list(by_game.items()))))
    assert daily_puzzle(day, by_game)[1]["id"] == daily_puzzle(datetime.date(2026, 12, 1), by_game)[1]["id"]
    week = [daily_puzzle(day + datetime.timedelta(days=n), by_game) for n in range(6)]
    games = [game for game, _ in week]
    assert set(games) == {"rummi", "rummble"} and all(a != b for a, b in zip(games, games[1:]))
    assert len({p["id"] for _, p in week}) > 1
    assert daily_puzzle(day, {"rummi": []}) is None


def test_a_streak_climbs_rising_ratings_and_ends_on_the_first_miss():
    ladder = [{"id": "c", "rating": 30.0}, {"id": "a", "rating": 20.0}, {"id": "b", "rating": 20.0},
              {"id": "d", "rating": 25.0}]
    run = StreakRun.over_puzzles(ladder)
    played = []
    for success in (True, True, False):
        puzzle = run.next_puzzle()
        played.append(puzzle["id"])
        run.finish(puzzle, success)
    assert played == ["a", "d", "c"]  # b has a's rating: not rising, skipped
    assert run.over and run.solved == 2 and run.next_puzzle() is None


def test_a_streak_that_reaches_the_top_is_over():
    run = StreakRun.over_puzzles([{"id": "a", "rating": 1.0}])
    run.finish(run.next_puzzle(), True)
    assert run.over and run.solved == 1
