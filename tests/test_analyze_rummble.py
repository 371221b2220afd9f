"""``rummi-desktop analyze`` for Rummble: check mode, solve mode and clear exit-2 errors."""

import io
import json

import pytest

from rummi_desktop.commands.analyze import run_analyze
from rummi_desktop.games.rummble.ai.movegen import Generator
from rummi_desktop.games.rummble.rules.board import Board
from rummi_desktop.tiles import parse_tiles

BOARD = [[6, 5, "R2"], [6, 6, "B3"]]


def position(**changes):
    base = {"game": "rummble", "board": BOARD, "rack": ["K1", "Y1"], "play": [[6, 4, "K1"], [7, 4, "Y1"]]}
    base.update(changes)
    return {key: value for key, value in base.items() if value is not ...}


def analyze(*positions):
    out, err = io.StringIO(), io.StringIO()
    status = run_analyze("-", stdin=io.StringIO("\n".join(json.dumps(p) for p in positions)), stdout=out, stderr=err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_the_contract_check_example_scores_its_sets():
    status, answers, stderr = analyze(position())
    assert (status, stderr) == (0, "")
    assert answers == [{"game": "rummble", "legal": True, "score": 8, "bonus": 0, "sets": [
        {"tiles": ["K1", "Y1"], "kind": "kind", "points": 2},
        {"tiles": ["K1", "R2", "B3"], "kind": "straight", "points": 6}]}]


def test_the_seed_example_of_nineteen_points():
    board = [[6, 5, "K2"], [6, 6, "R3"], [6, 7, "B4"], [6, 8, "Y5"]]
    play = [[6, 4, "K1"], [7, 4, "R1"], [8, 4, "B1"], [9, 4, "Y1"]]
    _, (answer,), _ = analyze(position(board=board, rack=["K1", "R1", "B1", "Y1"], play=play))
    # (8,4) is a ×2 SET square: the 1s score (1+1+1+1) × 2.
    assert answer["legal"] and answer["sets"][0]["points"] == 8 and answer["sets"][1]["points"] == 15


def test_an_illegal_play_is_a_normal_answer_naming_the_line():
    _, (answer,), _ = analyze(position(rack=["K1", "R9"], play=[[6, 4, "K1"], [7, 4, "R9"]]))
    assert answer["legal"] is False and "K1 R9 in column 4 (rows 6–7): these tiles are neither a run nor a set" in answer["error"]
    _, (answer,), _ = analyze(position(play=[[6, 4, "K9"]]))
    assert answer == {"game": "rummble", "legal": False, "error": "the rack does not hold K9"}


def test_solve_answers_the_best_play_and_the_number_of_plays():
    status, (answer,), _ = analyze(position(play=...))
    generator = Generator(Board.from_tiles(BOARD), parse_tiles("K1 Y1"))
    assert status == 0 and answer["legal"] is True
    assert answer["score"] == max(p.score for p in generator.plays())
    assert answer["moves"] == len(generator.plays()) == generator.count()
    assert answer.keys() == {"game", "legal", "play", "score", "sets", "bonus", "moves", "ms"}
    _, (check,), _ = analyze(position(play=answer["play"]))
    assert check["legal"] and check["score"] == answer["score"]


def test_solve_with_no_legal_play():
    _, (answer,), _ = analyze(position(board=[], rack=["R7"], play=...))
    assert answer["legal"] is False and answer["play"] == [] and answer["moves"] == 0 and answer["score"] == 0


def test_a_joker_is_declared_on_the_board_and_in_the_play():
    _, (answer,), _ = analyze(position(rack=["J"], play=[[6, 7, "J=B4"]]))
    assert answer["legal"] and answer["score"] == 5 and answer["sets"][0]["tiles"] == ["R2", "B3", "J=B4"]


@pytest.mark.parametrize("bad, message", [
    (position(plays=[]), 'position 0: unknown key "plays" (a Rummble position has game, board, rack, rules, play'),
    (position(board=[[13, 0, "R1"]]), "board: [13, 0, \"R1\"]: the row must be a whole number 0 to 12"),
    (position(board=[[6, 5, "R2"], [6, 5, "B3"]]), "board: square 6,5 is named twice"),
    (position(board=[[6, 5, "J"]]), "a joker on the board is declared"),
    (position(board="R2"), "board must be an array of [row, column, tile], not string"),
    (position(rack=["R2", "R2", "R2"]), "board and rack together name more copies than exist of R2"),
    (position(play=[[6, 5, "K1"]]), "play: square 6,5 already holds R2"),
    (position(board=[[6, 5, "R2"], [6, 6, "B9"]]), "the board is not legal: R2 B9 in row 6 (columns 5–6)"),
    (position(rack=[7]), "rack: 7 is not a tile"),
    (position(board=...), 'missing key "board"'),
])
def test_unreadable_positions_exit_2_naming_the_position(bad, message):
    status, answers, stderr = analyze(bad)
    assert status == 2 and answers == [] and message in stderr and "position 0" in stderr
