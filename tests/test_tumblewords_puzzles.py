"""Tumblewords puzzles: the shipped ones verify with the shipped word list, check() scores a drop
exactly as the game does, mining is repeatable, the grading is consistent, hints lead to the
solution, and a malformed puzzle gets a clear message."""

from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations

import pytest

from rummi_desktop.games.tumblewords.analysis.check import check_answer
from rummi_desktop.games.tumblewords.rules.grid import BOARD_SIZES, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.puzzles import mining as tp
from rummi_desktop.puzzles.mined_puzzles import band_of
from rummi_desktop.puzzles.record import Puzzle, PuzzleError
from rummi_desktop.trainer.puzzle_files import shipped_puzzles
from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary

SHIPPED = [puzzle.to_dict() for puzzle in shipped_puzzles("tumblewords").puzzles]
BY_ID = {puzzle["id"]: puzzle for puzzle in SHIPPED}


def analyze_check(puzzle, column: int, letter: str) -> dict:
    """The drop as analyze's check (the rules' drop check, without a game state) scores it."""
    position = puzzle["position"]
    drop = Drop(column, letter.upper(), blank=letter.islower())
    return check_answer(Grid.from_rows(position["rows"]), position["hand"], drop, shipped_dictionary(),
                        position.get("min_length", 2))


def test_at_least_twenty_ship_with_every_technique_and_the_shipped_word_list():
    assert len(SHIPPED) >= 20
    assert set(Counter(tag for puzzle in SHIPPED for tag in puzzle["tags"])) == set(tp.TAGS)
    for puzzle in SHIPPED:
        assert "words" not in puzzle["position"]
        rows = puzzle["position"]["rows"]
        assert (len(rows[0]), len(rows)) in BOARD_SIZES.values()


@pytest.mark.parametrize("puzzle_id", sorted(BY_ID))
def test_every_shipped_puzzle_verifies_and_its_tags_are_true(puzzle_id):
    puzzle = BY_ID[puzzle_id]
    assert tp.verify(puzzle) == []
    assert puzzle["best"] - puzzle["runner_up"] >= tp.MARGIN
    column, letter = puzzle["solution"]
    answer = analyze_check(puzzle, column, letter)
    assert answer["legal"] and answer["score"] == puzzle["best"]
    words = answer["words"]
    across = {w["dir"] for w in words} & {"right", "left"}
    assert ("palindrome" in puzzle["tags"]) == any(w["word"] == w["word"][::-1] for w in words)
    assert ("two-directions" in puzzle["tags"]) == bool(across and {w["dir"] for w in words} - across)
    assert ("blank" in puzzle["tags"]) == letter.islower()
    assert puzzle["features"]["words"] == len(words)
    assert puzzle["features"]["directions"] == len({w["dir"] for w in words})


def test_check_scores_every_drop_as_the_game_does():
    puzzle = SHIPPED[-1]  # the hardest: a blank in hand
    hand = puzzle["position"]["hand"]
    letters = sorted({h for h in hand if h != "?"}) + ([c.lower() for c in LETTERS] if "?" in hand else [])
    columns = len(puzzle["position"]["rows"][0])
    for column in range(columns):
        for letter in letters:
            expected = analyze_check(puzzle, column, letter)
            got = tp.check(puzzle, [column, letter])
            assert got["value"] == (expected["score"] if expected["legal"] else 0), (column, letter)
            assert got["solved"] == (expected["legal"] and expected["score"] >= puzzle["target"])


@pytest.mark.parametrize("puzzle_id", sorted(BY_ID))
def test_each_hint_level_leads_to_the_solution(puzzle_id):
    puzzle = BY_ID[puzzle_id]
    first, second, third = tp.hints(puzzle)
    assert [first["level"], second["level"], third["level"]] == [1, 2, 3]
    assert tp.check(puzzle, third["solution"])["solved"]
    assert first["focus"] == puzzle["solution"][0]
    assert first["text"] == f"Drop into column {puzzle['solution'][0] + 1}.", "the board labels its columns from 1"
    assert second["letter"] == puzzle["solution"][1]


def test_difficulty_follows_the_features_and_orders_the_packs():
    for puzzle in SHIPPED:
        assert puzzle["difficulty"] == tp.difficulty_of(puzzle["features"])
        assert puzzle["pack"] == f"tumblewords-{band_of(puzzle['difficulty'], tp.BAND_LIMITS)}"
    for pack in {puzzle["pack"] for puzzle in SHIPPED}:
        levels = [puzzle["difficulty"] for puzzle in SHIPPED if puzzle["pack"] == pack]
        assert levels == sorted(levels)
    for a, b in combinations(SHIPPED, 2):
        fa, fb = a["features"], b["features"]
        harder = all(fa[key] >= fb[key] for key in ("words", "directions", "blanks")) \
            and fa["solutions"] <= fb["solutions"]
        if harder and fa != fb:
            assert a["difficulty"] > b["difficulty"], (a["id"], b["id"])


def test_difficulty_rises_with_each_feature():
    base = {"words": 3, "directions": 2, "blanks": 0, "solutions": 2}
    for key in ("words", "directions", "blanks"):
        assert tp.difficulty_of({**base, key: base[key] + 1}) > tp.difficulty_of(base)
    assert tp.difficulty_of({**base, "solutions": 3}) < tp.difficulty_of(base)


def test_mining_is_the_same_for_a_seed_and_keeps_to_a_band():
    first = tp.mine(4, 3, "hard")
    assert first == tp.mine(4, 3, "hard")
    assert len(first) == 3
    for puzzle in first:
        assert band_of(puzzle["difficulty"], tp.BAND_LIMITS) == "hard" and tp.verify(puzzle) == []
        assert puzzle["pack"] == ""  # loose: only --packs puts a puzzle in a pack
        Puzzle.from_dict(puzzle)


def broken(change) -> dict:
    puzzle = copy.deepcopy(SHIPPED[0])
    change(puzzle)
    return puzzle


def test_a_malformed_puzzle_gets_a_clear_message():
    def own_words(p):
        p["position"]["words"] = ["cat"]

    assert tp.verify(broken(own_words)) == [
        "position: a puzzle uses the shipped word list: its position has no 'words'"]

    def floating(p):
        p["position"]["rows"][0] = "Q" + p["position"]["rows"][0][1:]
        p["position"]["rows"][-1] = "." + p["position"]["rows"][-1][1:]

    assert tp.verify(broken(floating))[0].startswith("position: rows: column 0 has a tile above a vacant square")

    def odd_size(p):
        p["position"]["rows"] = [row + "." for row in p["position"]["rows"]]

    assert "a Tumblewords board is 8×8, 7×6, 10×10" in tp.verify(broken(odd_size))[0]

    def six_zeds(p):
        p["position"]["hand"] = ["Z", "Z"]

    assert tp.verify(broken(six_zeds)) == ["position: the position names more copies than exist of Z"]

    def not_in_hand(p):
        missing = next(letter for letter in LETTERS if letter not in p["position"]["hand"])
        p["solution"] = [p["solution"][0], missing]

    assert any(problem.startswith("solution: your hand has no") for problem in tp.verify(broken(not_in_hand)))

    def wrong_best(p):
        p["best"] += 1
        p["target"] += 1

    best = SHIPPED[0]["best"]
    assert f"the best drop scores {best}, not best = {best + 1}" in tp.verify(broken(wrong_best))

    def false_tag(p):
        p["tags"] = sorted(set(tp.TAGS) - set(p["tags"]))

    assert tp.verify(broken(false_tag))[0].startswith(f"tags should be {SHIPPED[0]['tags']}")

    def misgraded(p):
        p["difficulty"] += 1

    assert tp.verify(broken(misgraded)) == [
        f"difficulty should be {SHIPPED[0]['difficulty']}, not {SHIPPED[0]['difficulty'] + 1}"]

    def bad_shape(p):
        p["solution"] = [3]

    assert tp.verify(broken(bad_shape)) == ["solution: solution must be [column, letter] like [4, \"T\"]"]
    with pytest.raises(PuzzleError, match="column, letter"):
        Puzzle.from_dict(broken(bad_shape))
    assert "not allowed" in tp.check(SHIPPED[0], [99, "A"])["message"]


def test_the_sandbox_makes_the_same_puzzle_from_a_shipped_position():
    for shipped in SHIPPED[::6]:
        made = tp.from_position(shipped["position"])
        kept = ("solution", "best", "runner_up", "target", "tags", "features", "difficulty", "rating")
        assert {key: made[key] for key in kept} == {key: shipped[key] for key in kept}
        assert made["pack"] == "" and tp.verify(made) == []
        Puzzle.from_dict(made)
    with pytest.raises(ValueError, match="no drop from this hand makes a word"):
        tp.from_position({"game": "tumblewords", "rows": ["........"] * 8, "hand": ["Q"]})
    with pytest.raises(ValueError, match="tile above a vacant square"):
        tp.from_position({"game": "tumblewords", "rows": ["Q......."] + ["........"] * 7, "hand": ["Q"]})
