"""Tumblewords word finding and scoring, as the rules say: words through the new tile, four
directions, one point a letter, palindromes twice, each (span, direction) once."""

import pytest

from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.play import check_drop
from rummi_desktop.games.tumblewords.rules.words import FoundWord, span_squares
from tumblewords_support import WORDS, arrange, game


def verdict(bottom_rows, drop, words=WORDS, min_length=2, hand=None):
    rows = ["........"] * (8 - len(bottom_rows)) + [row.ljust(8, ".") for row in bottom_rows]
    grid = Grid.from_rows(rows)
    return check_drop(grid, hand or [drop.hand_letter], drop, words, min_length)


def readings(result):
    return sorted((word.word, word.direction) for word in result.words)


def test_a_palindrome_counts_twice():
    result = verdict(["T.T"], Drop(1, "O"), words=Dictionary(["tot"]))
    assert readings(result) == [("TOT", "left"), ("TOT", "right")] and result.score == 6


def test_a_span_spelling_two_words_scores_both_ways():
    result = verdict(["STO"], Drop(3, "P"), words=Dictionary(["stop", "pots"]))
    assert readings(result) == [("POTS", "left"), ("STOP", "right")] and result.score == 8


def test_a_word_in_a_column_read_up():
    result = verdict(["A", "C"], Drop(0, "T"))  # the column reads T A C downwards
    assert readings(result) == [("AT", "up"), ("CAT", "up"), ("TA", "down")]
    cat = next(word for word in result.words if word.word == "CAT")
    assert cat.start == (7, 0) and cat.end == (5, 0) and cat.span() == "7,0-5,0"
    assert cat.squares() == [(7, 0), (6, 0), (5, 0)]


def test_minimum_length_three_ignores_two_letter_words():
    assert readings(verdict(["CA"], Drop(2, "T"))) == [("AT", "right"), ("CAT", "right"), ("TA", "left")]
    assert readings(verdict(["CA"], Drop(2, "T"), min_length=3)) == [("CAT", "right")]


def test_only_spans_through_the_new_tile_count():
    result = verdict(["CAT"], Drop(3, "S"))  # CAT, AT and TA are on the board already
    assert readings(result) == [("CATS", "right")] and result.score == 4


def test_a_gap_breaks_a_line():
    result = verdict(["CA..S"], Drop(2, "T"))
    assert readings(result) == [("AT", "right"), ("CAT", "right"), ("TA", "left")]


def test_words_in_row_and_column_at_once():
    result = verdict(["A", "XO"], Drop(1, "T"))  # T lands on O: row 6 reads AT, column 1 T O
    assert (result.row, result.col) == (6, 1)
    assert readings(result) == [("AT", "right"), ("TA", "left"), ("TO", "down")]
    column = verdict(["O", "T"], Drop(0, "T"), words=Dictionary(["tot"]))
    assert readings(column) == [("TOT", "down"), ("TOT", "up")]


def test_a_blank_shows_its_letter_and_scores_the_same():
    result = verdict(["CA"], Drop(2, "T", blank=True))
    assert result.legal and readings(result) == [("AT", "right"), ("CAT", "right"), ("TA", "left")]
    assert result.score == 7


def test_a_blank_on_the_board_reads_as_its_letter():
    state = game()
    arrange(state, ["Ca"], ["TEEEEEE", "AAAAAAA"])
    result = state.apply(Drop(2, "T"))
    assert {(w.word, w.direction) for w in result.words} == {("CAT", "right"), ("AT", "right"), ("TA", "left")}
    assert state.grid.row_texts()[-1] == "CaT....."


@pytest.mark.parametrize("start, end, squares", [
    ((3, 4), (3, 6), [(3, 4), (3, 5), (3, 6)]), ((3, 6), (3, 5), [(3, 6), (3, 5)]),
    ((1, 2), (3, 2), [(1, 2), (2, 2), (3, 2)]), ((2, 2), (0, 2), [(2, 2), (1, 2), (0, 2)]),
    ((1, 1), (2, 2), []),
])
def test_span_squares_in_each_direction(start, end, squares):
    assert span_squares(start, end) == squares


def test_found_words_write_the_analyze_form():
    assert FoundWord("CATS", "right", (1, 2), (1, 5)).to_data() == {"word": "CATS", "dir": "right", "points": 4}
