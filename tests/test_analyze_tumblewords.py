"""``rummi-desktop analyze`` for Tumblewords: check mode, solve mode, the words override, and
clear exit-2 errors naming the position."""

import io
import json
import re
from pathlib import Path

import pytest

from rummi_desktop.commands.analyze import run_analyze
from rummi_desktop.games.tumblewords.rules.grid import LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.play import check_drop, possible_drops
from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary

CONTRACT = {"game": "tumblewords", "rows": ["........", "..CA.S.."], "hand": ["T", "?"], "drop": [4, "T"],
            "words": ["cat", "cats", "at"]}


def position(**changes):
    base = {**CONTRACT, **changes}
    return {key: value for key, value in base.items() if value is not ...}


def analyze(*positions):
    out, err = io.StringIO(), io.StringIO()
    status = run_analyze("-", stdin=io.StringIO("\n".join(json.dumps(p) for p in positions)), stdout=out, stderr=err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_contract_example_scores_cat_cats_and_at():
    # T lands on row 1, column 4: "..CATS.." — CAT, CATS and AT read right through it; the
    # column holds only the T. The contract's own answer shows the format with CATS alone.
    assert analyze(position()) == (0, [{"game": "tumblewords", "legal": True, "row": 1, "col": 4, "words": [
        {"word": "CAT", "dir": "right", "points": 3}, {"word": "CATS", "dir": "right", "points": 4},
        {"word": "AT", "dir": "right", "points": 2}], "score": 9}], "")


def test_palindrome_counts_twice_and_a_two_way_span_both_ways():
    _, [answer], _ = analyze(position(rows=["....", "TO.."], hand=["T"], drop=[2, "T"], words=["tot", "to"]))
    assert [(w["word"], w["dir"]) for w in answer["words"]] == [("TOT", "right"), ("TOT", "left"), ("TO", "left")]
    assert answer["score"] == 8
    _, [answer], _ = analyze(position(rows=["....", "O...", "T..."], hand=["T"], drop=[0, "T"],
                                      words=["tot", "to"], min_length=3))
    assert [(w["word"], w["dir"]) for w in answer["words"]] == [("TOT", "down"), ("TOT", "up")]
    assert answer["score"] == 6 and answer["row"] == 0
    _, [answer], _ = analyze(position(rows=["....", "STO."], hand=["P"], drop=[3, "P"], words=["stop", "pots"]))
    assert [(w["word"], w["dir"]) for w in answer["words"]] == [("STOP", "right"), ("POTS", "left")]


def test_blank_declared_by_lower_case_shows_lower_case_and_scores():
    _, [answer], _ = analyze(position(drop=[4, "t"]))
    assert answer["score"] == 9 and answer["words"][1] == {"word": "CATS", "dir": "right", "points": 4}
    _, [answer], _ = analyze(position(rows=["........", "..Ca.S.."], drop=[4, "T"]))
    assert answer["score"] == 9, "a blank on the board reads as its letter"


def test_words_override_replaces_the_shipped_list():
    without = position(words=...)
    _, [shipped], _ = analyze(without)
    assert {"word": "TA", "dir": "left", "points": 2} in shipped["words"]  # TA is in ENABLE
    _, [own], _ = analyze(position(words=["cats"]))
    assert own["words"] == [{"word": "CATS", "dir": "right", "points": 4}] and own["score"] == 4


def test_min_length_three_drops_two_letter_words():
    _, [answer], _ = analyze(position(min_length=3))
    assert [w["word"] for w in answer["words"]] == ["CAT", "CATS"] and answer["score"] == 7


def test_solve_finds_the_best_drop_keeping_the_blank_on_a_tie():
    status, [answer], _ = analyze(position(drop=...))
    assert status == 0 and answer["drop"] == [4, "T"] and answer["row"] == 1 and answer["score"] == 9
    assert answer["ms"] >= 0
    _, [answer], _ = analyze(position(drop=..., hand=["?"]))
    assert answer["drop"] == [4, "t"] and answer["score"] == 9


def test_solve_over_the_shipped_list_is_the_maximum_of_every_drop():
    rows, hand = ["........", "...T....", ".SEAT.O.", "CATSONER"], ["A", "E", "R", "?"]
    _, [answer], _ = analyze({"game": "tumblewords", "rows": rows, "hand": hand})
    grid, words = Grid.from_rows(rows), shipped_dictionary()
    best = max(check_drop(grid, hand, drop, words).score for drop in possible_drops(grid, hand))
    assert len(possible_drops(grid, hand)) == 3 * 8 + 26 * 8
    assert answer["score"] == best > 0
    column, letter = answer["drop"]
    drop = Drop(column, letter.upper(), blank=letter.islower())
    assert check_drop(grid, hand, drop, words).score == best


def test_solve_with_nothing_to_drop_answers_no_drop():
    _, answers, _ = analyze(position(drop=..., hand=[]), position(drop=..., rows=["AB", "CD"]))
    assert [a["drop"] for a in answers] == [None, None] and all(a["score"] == 0 for a in answers)


def test_id_and_comment_are_labels():
    status, [answer], _ = analyze(position(id="p1", comment="CATS"))
    assert status == 0 and answer["score"] == 9


@pytest.mark.parametrize("refused, reason", [
    (position(drop=[4, "Q"]), "your hand has no Q"),
    (position(drop=[4, "q"], hand=["T"]), "your hand has no blank"),
    (position(rows=["..C.", "..A."], drop=[2, "T"]), "column 2 is full"),
    (position(drop=[8, "T"]), "there is no column 8 (columns 0–7)"),
])
def test_a_drop_the_rules_refuse_is_a_normal_answer(refused, reason):
    status, [answer], _ = analyze(refused)
    assert status == 0 and answer == {"game": "tumblewords", "legal": False, "error": answer["error"]}
    assert reason in answer["error"]


@pytest.mark.parametrize("bad, message", [
    (position(rows=[]), "position 1: rows must be a non-empty array of strings"),
    (position(rows="..CA"), "rows must be a non-empty array of strings"),
    (position(rows=["....", 5]), "rows: row 2 is number, not a string"),
    (position(rows=["....", "..."]), "rows: the rows must be of one length"),
    (position(rows=["..*.", "CATS"]), "rows: '*' is neither a letter nor '.'"),
    (position(rows=["..C.", "AT.S"]), "rows: column 2 has a tile above a vacant square"),
    (position(rows=["." * 31]), "at most 30 rows of at most 30 squares"),
    (position(hand="T?"), 'hand must be an array of letters like ["T", "?"], not string'),
    (position(hand=["t"]), 'hand: "t" is not a letter'),
    (position(hand=["TT"]), 'hand: "TT" is not a letter'),
    (position(drop=[-1, "T"]), "the column must be a number from 0, not -1"),
    (position(drop=[True, "T"]), "the column must be a number from 0, not true"),
    (position(drop=[4, "TT"]), 'the letter must be one of A–Z or a–z, not "TT"'),
    (position(drop=4), "drop must be [column, letter]"),
    (position(words="cat"), "words must be an array of words"),
    (position(words=["cat", 7]), "words must be an array of words"),
    (position(words=["cat", "ca t"]), "words: word 2: 'ca t' holds more than one word"),
    (position(words=["café"]), "words: word 1: 'café' holds 'é'"),
    (position(words=["a"]), "words: no word of two or more letters (one-letter words never score)"),
    (position(min_length=1), "min_length must be a whole number from 2 to 30, not 1"),
    (position(min_length="3"), 'min_length must be a whole number from 2 to 30, not "3"'),
    (position(rows=...), 'position 1: missing key "rows"'),
    (position(hand=...), 'missing key "hand"'),
    (position(board=[]), 'unknown key "board" (a Tumblewords position has game, rows, hand, drop, words, '
                         "min_length, and may have id and comment)"),
])
def test_unreadable_positions_exit_2_naming_the_position(bad, message):
    status, answers, stderr = analyze(position(), bad)
    assert status == 2 and answers == []
    assert stderr.count("\n") == 1 and message in stderr, stderr
    assert not re.search(r"\b(None|NoneType|str|dict|list|int|float|bool)\b", stderr)


def test_every_blank_letter_is_tried_in_solve_mode():
    words = ["zax"]
    _, [answer], _ = analyze({"game": "tumblewords", "rows": ["...", "ZA."], "hand": ["?", "E"], "words": words})
    assert answer["drop"] == [2, "x"] and answer["score"] == 3
    assert "X" in LETTERS


def test_answers_print_only_fields_the_contract_documents():
    contract = Path(__file__).resolve().parent.parent / "docs" / "analysis-format.md"
    documented = set(re.findall(r"`([a-z_0-9]+)`", contract.read_text(encoding="utf-8")))
    _, answers, _ = analyze(position(), position(drop=...), position(drop=..., hand=[]))
    printed = {key for answer in answers for key in answer} | {key for w in answers[0]["words"] for key in w}
    assert printed <= documented
