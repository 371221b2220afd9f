"""Rummble puzzles: the shipped ones verify, mining is repeatable, the grading is consistent,
hints lead to the solution, and a malformed puzzle gets a clear message."""

from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations

import pytest

from rummi_desktop.games.rummble.analysis.check import prepare_rummble
from rummi_desktop.games.rummble.rules.board import SET_MULTIPLIER
from rummi_desktop.games.rummble.puzzles import mining as rp
from rummi_desktop.puzzles.mined_puzzles import band_of
from rummi_desktop.puzzles.record import Puzzle, PuzzleError
from rummi_desktop.trainer.puzzle_files import shipped_puzzles

SHIPPED = [puzzle.to_dict() for puzzle in shipped_puzzles("rummble").puzzles]
BY_ID = {puzzle["id"]: puzzle for puzzle in SHIPPED}


def analyze_check(puzzle, play):
    """The play as analyze (an independent caller of the rules' play check) scores it."""
    return prepare_rummble({**puzzle["position"], "play": play})()


def test_at_least_twenty_ship_with_every_technique():
    assert len(SHIPPED) >= 20
    tags = Counter(tag for puzzle in SHIPPED for tag in puzzle["tags"])
    assert set(tags) == set(rp.TAGS)


@pytest.mark.parametrize("puzzle_id", sorted(BY_ID))
def test_every_shipped_puzzle_verifies_and_its_tags_are_true(puzzle_id):
    puzzle = BY_ID[puzzle_id]
    assert rp.verify(puzzle) == []
    assert puzzle["best"] - puzzle["runner_up"] >= rp.MARGIN
    answer = analyze_check(puzzle, puzzle["solution"])
    assert answer["legal"] and answer["score"] == puzzle["best"]
    squares = [row * 13 + col for row, col, _ in puzzle["solution"]]
    assert ("triple-set" in puzzle["tags"]) == any(SET_MULTIPLIER[sq] == 3 for sq in squares)
    assert ("straight-flush" in puzzle["tags"]) == any(found["kind"] == "straight_flush" for found in answer["sets"])
    assert ("rummmble" in puzzle["tags"]) == (answer["bonus"] == 100 and len(squares) == 10)
    assert puzzle["features"]["tiles"] == len(squares) and puzzle["features"]["sets"] == len(answer["sets"])


@pytest.mark.parametrize("puzzle_id", sorted(BY_ID))
def test_each_hint_level_leads_to_the_solution(puzzle_id):
    puzzle = BY_ID[puzzle_id]
    first, second, third = rp.hints(puzzle)
    assert [first["level"], second["level"], third["level"]] == [1, 2, 3]
    assert rp.check(puzzle, third["solution"])["solved"]
    assert first["focus"] in [[row, col] for row, col, _ in puzzle["solution"]]
    row, col = first["focus"]  # named as the board's frame numbers it, not "square 6,8"
    assert first["text"] == f"Play through the square at row {row}, column {col}."
    used = Counter("J" if tile.startswith("J=") else tile for _, _, tile in puzzle["solution"])
    assert Counter(second["tiles"]) == used


def test_difficulty_follows_the_features_and_orders_the_packs():
    for puzzle in SHIPPED:
        assert puzzle["difficulty"] == rp.difficulty_of(puzzle["features"])
        assert puzzle["pack"] == f"rummble-{band_of(puzzle['difficulty'], rp.BAND_LIMITS)}"
    for pack in {puzzle["pack"] for puzzle in SHIPPED}:
        levels = [puzzle["difficulty"] for puzzle in SHIPPED if puzzle["pack"] == pack]
        assert levels == sorted(levels)
    for a, b in combinations(SHIPPED, 2):
        fa, fb = a["features"], b["features"]
        harder = all(fa[key] >= fb[key] for key in ("tiles", "sets", "jokers")) and fa["solutions"] <= fb["solutions"]
        if harder and fa != fb:
            assert a["difficulty"] > b["difficulty"], (a["id"], b["id"])


def test_difficulty_rises_with_each_feature():
    base = {"tiles": 3, "sets": 2, "jokers": 0, "solutions": 2}
    for key in ("tiles", "sets", "jokers"):
        assert rp.difficulty_of({**base, key: base[key] + 1}) > rp.difficulty_of(base)
    assert rp.difficulty_of({**base, "solutions": 3}) < rp.difficulty_of(base)


def test_mining_is_the_same_for_a_seed_and_keeps_to_a_band():
    first = rp.mine(7, 3, "medium")
    assert first == rp.mine(7, 3, "medium")
    assert 1 <= len(first) <= 3
    for puzzle in first:
        assert band_of(puzzle["difficulty"], rp.BAND_LIMITS) == "medium" and rp.verify(puzzle) == []
        assert puzzle["pack"] == ""  # loose: only --packs puts a puzzle in a pack
        Puzzle.from_dict(puzzle)  # the record accepts what the miner makes
    with pytest.raises(ValueError, match="easy, medium, hard"):
        rp.mine(7, 3, "brutal")


def test_a_chance_left_open_for_turns_is_one_puzzle():
    seen = {(puzzle["source"]["seed"], str(puzzle["solution"])) for puzzle in SHIPPED}
    assert len(seen) == len(SHIPPED)


def test_a_worse_or_illegal_answer_is_not_solved():
    puzzle = SHIPPED[0]
    row, col, tile = puzzle["solution"][0]
    alone = rp.check(puzzle, [[row, col, tile]])
    expected = analyze_check(puzzle, [[row, col, tile]])
    assert not alone["solved"] and alone["value"] == (expected["score"] if expected["legal"] else 0)
    not_held = rp.check(puzzle, [[0, 0, "J=R1"]] if "J" not in puzzle["position"]["rack"] else [[0, 0, "R1"]])
    assert not not_held["solved"] and "not allowed" in not_held["message"]
    assert "not [row, column, tile]" in rp.check(puzzle, [[1, 2]])["message"]


def broken(change) -> dict:
    puzzle = copy.deepcopy(SHIPPED[0])
    change(puzzle)
    return puzzle


def test_a_malformed_puzzle_gets_a_clear_message():
    def bad_line(p):
        p["position"]["board"] += [[0, 0, "R1"], [0, 1, "K9"]]

    assert rp.verify(broken(bad_line))[0].startswith("position: the board is not legal: R1 K9 in row 0 (columns 0–1)")
    with pytest.raises(PuzzleError, match="the board is not legal"):
        Puzzle.from_dict(broken(bad_line))

    def stolen_tile(p):
        p["position"]["rack"] = [t for t in p["position"]["rack"]
                                 if t != ("J" if p["solution"][0][2].startswith("J=") else p["solution"][0][2])]

    assert any(problem.startswith("solution: your rack has no") for problem in rp.verify(broken(stolen_tile)))

    def inflated(p):
        p["best"] += 5
        p["target"] += 5

    assert f"solution scores {SHIPPED[0]['best']}, not best = {SHIPPED[0]['best'] + 5}" in rp.verify(broken(inflated))

    def wrong_runner_up(p):
        p["runner_up"] -= 1

    assert rp.verify(broken(wrong_runner_up)) == [
        f"the runner-up scores {SHIPPED[0]['runner_up']}, not runner_up = {SHIPPED[0]['runner_up'] - 1}"]

    def false_tag(p):
        p["tags"] = sorted(set(rp.TAGS) - set(p["tags"]))

    others = sorted(set(rp.TAGS) - set(SHIPPED[0]["tags"]))
    assert rp.verify(broken(false_tag)) == [f"tags should be {SHIPPED[0]['tags']}, not {others}"]

    def miscounted(p):
        p["features"]["solutions"] += 1

    problems = rp.verify(broken(miscounted))
    assert len(problems) == 1 and problems[0].startswith(f"features should be {SHIPPED[0]['features']}")

    def off_board(p):
        p["solution"] = [[13, 0, "R1"]]

    assert rp.verify(broken(off_board))[0].startswith("solution: there is no square 13,0")


def test_the_sandbox_makes_the_same_puzzle_from_a_shipped_position():
    for shipped in SHIPPED[::6]:
        made = rp.from_position(shipped["position"])
        kept = ("solution", "best", "runner_up", "target", "tags", "features", "difficulty", "rating")
        assert {key: made[key] for key in kept} == {key: shipped[key] for key in kept}
        assert made["pack"] == "" and rp.verify(made) == []
        Puzzle.from_dict(made)
    with pytest.raises(ValueError, match="no legal play"):
        rp.from_position({"game": "rummble", "board": [[6, 6, "R1"], [6, 7, "R2"]], "rack": ["K9"]})
    with pytest.raises(ValueError, match="neither a run nor a set"):
        rp.from_position({"game": "rummble", "board": [[6, 6, "R1"], [6, 7, "K9"]], "rack": ["K9"]})
