"""``analyze --top N``: every game's solve answer gains ``"top"``, up to N distinct plays of
the answer's own shape, best first, compared with brute force on small positions; without
``--top`` the answer is as it always was."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from itertools import product

import pytest

from review_support import small_rummi_deal
from rummi_desktop.commands.analyze import run_analyze
from rummi_desktop.entry_points import start_games
from rummi_desktop.games.rummble.rules.board import SIZE
from rummi_desktop.games.rummi.rules.play_check import check_play
from rummi_desktop.tiles import parse_tiles, standard_set
from tests.test_rummble_movegen import brute_force as rummble_brute_force
from tests.test_rummble_movegen import random_board
from tests.test_solver_oracle import NEG, _joker_rule_matters, _legal_cut_exists, best_points

start_games()


def analyze(positions, top):
    out, err = io.StringIO(), io.StringIO()
    text = "\n".join(json.dumps(position) for position in positions)
    assert run_analyze("-", stdin=io.StringIO(text), stdout=out, stderr=err, top=top) == 0, err.getvalue()
    return [json.loads(line) for line in out.getvalue().splitlines()]


# ---- Rummi -------------------------------------------------------------------------------------

def rummi_feasible(table, subset, initial) -> bool:
    """Can these rack tiles be laid (the oracle's own test, independent of the solver)?"""
    tiles = tuple(sorted(subset if initial else [t for m in table for t in m] + list(subset)))
    points = best_points(tiles)
    if points == NEG or (initial and points < 30):
        return False
    return initial or not _joker_rule_matters(table) or _legal_cut_exists(table, tiles)


def rummi_brute_ranks(table, rack, initial, top) -> list[tuple[int, int]]:
    """(tiles, points) of the ``top`` best distinct non-empty plays by exhaustion."""
    counts = Counter(rack)
    kinds = sorted(counts)
    ranks = []
    for picks in product(*(range(counts[t] + 1) for t in kinds)):
        subset = [t for t, k in zip(kinds, picks) for _ in range(k)]
        if subset and rummi_feasible(table, subset, initial):
            ranks.append((len(subset), sum(t.penalty for t in subset)))
    return sorted(ranks, reverse=True)[:top] or [(0, 0)]


# Openings worth 30 are rare in a random rack of seven: these racks hold several.
OPENING_RACKS = ("R10 R11 R12 R13 K13 B13 Y13 J", "K9 K10 K11 B11 Y11 R11 J Y2", "B12 B13 J R12 K12 Y5 Y6 Y7")


def rummi_position(seed: int, initial: bool):
    table, racks, _ = small_rummi_deal(seed)
    if initial:
        return table, parse_tiles(OPENING_RACKS[seed % len(OPENING_RACKS)]), initial
    return table, racks[0] + racks[1][:2], initial  # seven tiles: room for several plays


@pytest.mark.parametrize("initial", (False, True))
def test_rummi_top_matches_brute_force_and_every_play_is_legal(initial):
    seen_long_lists = 0
    for seed in range(8):
        table, rack, initial = rummi_position(seed, initial)
        position = {"game": "rummi", "table": [[t.notation() for t in m] for m in table],
                    "rack": [t.notation() for t in rack], "initial": initial}
        answer = analyze([position], top=5)[0]
        top = answer["top"]
        assert [(play["placed"], play["value"]) for play in top] == rummi_brute_ranks(table, rack, initial, 5)
        assert top[0] == {key: value for key, value in answer.items() if key not in ("top", "ms")}
        laid_sets = []
        for play in top:
            assert set(play) == {"game", "placed", "value", "table", "rack"}
            new_table = [parse_tiles(meld) for meld in play["table"]]
            if play["placed"]:
                verdict = check_play(table, rack, new_table, initial)
                assert verdict.legal and (verdict.placed, verdict.value) == (play["placed"], play["value"])
            laid = Counter(t for m in new_table for t in m) - Counter(t for m in table for t in m)
            assert laid + Counter(parse_tiles(play["rack"])) == Counter(rack)
            laid_sets.append(tuple(sorted(laid.elements())))
        assert len(set(laid_sets)) == len(laid_sets), "two plays lay the same tiles"
        seen_long_lists += len(top) >= 3
    assert seen_long_lists >= 2, "the positions must have several plays to rank"


def test_rummi_top_with_nothing_to_lay_holds_the_empty_answer():
    position = {"game": "rummi", "table": [["R1", "R2", "R3"]], "rack": ["K9", "B12"]}
    answer = analyze([position], top=3)[0]
    assert answer["top"] == [{"game": "rummi", "placed": 0, "value": 0, "table": [["R1", "R2", "R3"]],
                              "rack": ["K9", "B12"]}]


# ---- Rummble -----------------------------------------------------------------------------------

def test_rummble_top_matches_brute_force_and_every_play_is_legal():
    ranked_lists = 0
    for seed in range(6):
        rng = random.Random(seed)
        board = random_board(rng, 3, 13)
        pool = standard_set()
        for cell in board.cells:
            if cell is not None:
                pool.remove(cell.rack_tile)
        rack = rng.sample(pool, 3)
        position = {"game": "rummble", "rack": [t.notation() for t in rack],
                    "board": [[sq // SIZE, sq % SIZE, cell.notation()] for sq, cell in enumerate(board.cells) if cell]}
        answer = analyze([position], top=6)[0]
        plays = rummble_brute_force(board, rack, 13)
        assert [play["score"] for play in answer["top"]] == (sorted(plays.values(), reverse=True)[:6] or [0])
        if not plays:
            continue
        ranked_lists += len(answer["top"]) >= 3
        assert answer["top"][0]["play"] == answer["play"] and answer["top"][0]["score"] == answer["score"]
        named = [json.dumps(sorted(play["play"])) for play in answer["top"]]
        assert len(set(named)) == len(named), "a play is listed twice"
        checks = analyze([{**position, "play": play["play"]} for play in answer["top"]], top=0)
        for play, check in zip(answer["top"], checks):
            assert check["legal"] and check["score"] == play["score"] and check["sets"] == play["sets"]
            assert set(play) == set(answer) - {"top", "ms", "moves"}
    assert ranked_lists >= 3, "the positions must have several plays to rank"


def test_rummble_top_with_no_play_holds_the_empty_answer():
    answer = analyze([{"game": "rummble", "board": [[6, 6, "R2"]], "rack": ["K9"]}], top=4)[0]
    assert answer["top"] == [{"game": "rummble", "legal": False, "play": [], "score": 0}]


# ---- Tumblewords -------------------------------------------------------------------------------

WORDS = ["cat", "cats", "at", "ta", "cap", "pac", "caps", "pa", "spa", "act", "tac", "as", "sat", "ts"]


def test_tumblewords_top_matches_every_drop_checked_one_by_one():
    position = {"game": "tumblewords", "rows": ["........", "..CA.S.."], "hand": ["T", "?", "A"], "words": WORDS}
    answer = analyze([position], top=8)[0]
    letters = ["T", "A"] + [c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]  # a blank as every letter
    drops = [[column, letter] for column in range(8) for letter in letters]
    checked = analyze([{**position, "drop": drop} for drop in drops], top=0)
    scores = sorted((check["score"] for check in checked if check["legal"]), reverse=True)
    assert [drop["score"] for drop in answer["top"]] == scores[:8]
    assert answer["top"][0] == {key: value for key, value in answer.items() if key not in ("top", "ms")}
    assert len({tuple(drop["drop"]) for drop in answer["top"]}) == 8
    by_drop = {tuple(drop): check for drop, check in zip(drops, checked)}
    for drop in answer["top"]:
        assert by_drop[tuple(drop["drop"])]["words"] == drop["words"]


def test_without_top_the_answers_are_unchanged_and_a_bad_top_is_refused():
    positions = [{"game": "rummi", "table": [], "rack": ["R1", "R2", "R3"]},
                 {"game": "rummble", "board": [], "rack": ["K1", "Y1"]},
                 {"game": "tumblewords", "rows": ["...."], "hand": ["A"], "words": ["aa"]}]
    assert all("top" not in answer for answer in analyze(positions, top=0))
    assert [len(answer["top"]) for answer in analyze(positions, top=2)] == [1, 2, 2]
    err = io.StringIO()
    assert run_analyze("-", stdin=io.StringIO(json.dumps(positions[0])), stdout=io.StringIO(), stderr=err, top=-1) == 2
    assert err.getvalue().count("\n") == 1 and "--top" in err.getvalue()


def test_check_answers_never_gain_a_top_list():
    position = {"game": "rummi", "table": [], "rack": ["R1", "R2", "R3"], "play": [["R1", "R2", "R3"]]}
    assert analyze([position], top=3) == [{"game": "rummi", "legal": True, "placed": 3, "value": 6}]


def test_the_command_line_takes_top(tmp_path, capsys):
    from rummi_desktop.commands.cli import main

    source = tmp_path / "positions.jsonl"
    source.write_text(json.dumps({"game": "rummi", "table": [["R1", "R2", "R3"]], "rack": ["R4", "J", "K7"]}) + "\n",
                      encoding="utf-8")
    assert main(["analyze", "--top", "3", str(source)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [(play["placed"], play["value"]) for play in answer["top"]] == [(2, 34), (1, 30), (1, 4)]
