"""Tumblewords rules: gravity, blanks, the bag, pass, the end of the game, the board sizes, and
the variants (Zapper!, Ticker, Claim mode, Pressure Cooker)."""

from collections import Counter

import pytest

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, FACES
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Move, Pass, Timeout
from rummi_desktop.games.tumblewords.rules.parameters import (ALL_PASSED, BOARD_FULL, CLAIMING, DROPPING, LETTERS_OUT,
                                                        STEALING, TumblewordsParameters)
from tumblewords_support import arrange, game

SPEC = GAMES["tumblewords"]


def test_the_bag_holds_the_standard_hundred_letters():
    assert len(FACES) == 100 and Counter(FACES) == BAG_COUNTS
    assert BAG_COUNTS["E"] == 12 and BAG_COUNTS["A"] == BAG_COUNTS["I"] == 9 and BAG_COUNTS["?"] == 2
    assert all(BAG_COUNTS[letter] == 1 for letter in "KJXQZ")


def test_a_new_game_deals_seven_hidden_letters_each_and_seat_0_begins():
    state = game(seats=3)
    assert [len(hand) for hand in state.hands] == [7, 7, 7] and len(state.bag) == 79
    assert state.current == 0 and state.phase == DROPPING
    view = SPEC.seat_view(state, 1)
    assert view["hand"] == state.hand(1) and view["other_hand_sizes"] == [7, 7] and view["bag_size"] == 79
    assert "hands" not in view and "bag" not in view


@pytest.mark.parametrize("board, columns, rows", [("standard", 8, 8), ("quick", 7, 6), ("long", 10, 10)])
def test_board_sizes(board, columns, rows):
    state = game(board=board)
    assert (state.grid.columns, state.grid.rows) == (columns, rows)
    assert len(SPEC.seat_view(state, 0)["board"]) == rows and len(state.grid.row_texts()[0]) == columns


def test_a_letter_falls_to_the_lowest_vacant_square():
    state = game()
    arrange(state, ["A", "C"], ["TEEEEEE", "SAAAAAA"])
    result = state.apply(Drop(0, "T"))
    assert (result.row, result.col) == (5, 0) and state.grid.row_texts()[5] == "T......."
    assert state.apply(Drop(3, "S")).row == 7


def test_a_full_column_and_a_missing_letter_are_refused_and_change_nothing():
    state = game(board="quick")
    arrange(state, ["A", "E", "E", "E", "E", "E"], ["TEEEEEE", "SAAAAAA"])
    before, log = state.position(), list(state.log)
    with pytest.raises(IllegalMove, match="column 0 is full"):
        state.apply(Drop(0, "T"))
    with pytest.raises(IllegalMove, match="no Q"):
        state.apply(Drop(1, "Q"))
    with pytest.raises(IllegalMove, match="no blank"):
        state.apply(Drop(1, "Q", blank=True))
    with pytest.raises(IllegalMove, match="no column 7"):
        state.apply(Drop(7, "T"))
    with pytest.raises(IllegalMove, match="drop a letter or pass first"):
        state.apply(Done())
    assert state.position() == before and state.log == log


def test_a_blank_is_declared_on_the_drop_and_stays():
    state = game()
    arrange(state, ["CA"], ["?EEEEEE", "SAAAAAA"])
    result = state.apply(Drop(2, "T", blank=True))
    assert result.points == 7 and state.grid.row_texts()[7] == "CAt....."
    assert state.log == ["drop 2 t"] and "?" not in state.hand(0)
    state.apply(Drop(3, "S"))
    assert state.grid.row_texts()[7] == "CAtS...."  # the blank still shows T


def test_a_drop_scores_then_draws_one_letter_and_play_passes_on():
    state = game()
    arrange(state, ["CA"], ["TEEEEEE", "SAAAAAA"])
    bag = len(state.bag)
    result = state.apply(Drop(2, "T"))
    assert state.scores() == (7, 0) and len(state.hands[0]) == 7 and len(state.bag) == bag - 1
    assert result.drawn == state.hands[0][-1] and state.current == 1


def test_a_pass_draws_nothing():
    state = game()
    bag, hand = len(state.bag), list(state.hands[0])
    assert state.apply(Pass()).outcome == "passed"
    assert len(state.bag) == bag and state.hands[0] == hand and state.current == 1


def test_every_seat_passing_in_a_row_ends_the_game():
    state = game(seats=3)
    state.apply(Pass())
    state.apply(Pass())
    assert not state.is_terminal
    assert state.apply(Pass()).ended and state.result.kind == ALL_PASSED
    assert state.winners() == (0, 1, 2)  # a three-way tie shares the win


def test_a_drop_restarts_the_count_of_passes():
    state = game()
    arrange(state, [], ["TEEEEEE", "SAAAAAA"])
    state.apply(Pass())
    state.apply(Drop(0, "S"))
    state.apply(Pass())
    assert not state.is_terminal and state.passes_in_row == 1


FULL_BUT_ONE = ["BCDFGH", "EEEEEEE", "AAAAAAA", "IIIIIII", "OOOOOOO", "NNNNNNR"]  # quick board, 6,0 vacant


def test_a_full_board_ends_the_game():
    state = game(board="quick")
    arrange(state, FULL_BUT_ONE, ["T", "S"])
    result = state.apply(Drop(6, "T"))
    assert result.ended and state.result.kind == BOARD_FULL and state.is_terminal
    with pytest.raises(IllegalMove, match="game is over"):
        state.apply(Pass())


def test_an_empty_bag_and_empty_hands_end_the_game():
    state = game()
    arrange(state, ["CA"], ["T", ""], bag="")
    result = state.apply(Drop(2, "T"))
    assert result.ended and state.result.kind == LETTERS_OUT and state.winners() == (0,)


def test_highest_score_wins():
    state = game()
    arrange(state, ["CA"], ["T", "S"], bag="")
    state.apply(Drop(2, "T"))  # CAT, AT, TA: 7
    state.apply(Drop(3, "S"))  # CATS: 4
    assert state.result.kind == LETTERS_OUT and state.scores() == (7, 4) and state.winners() == (0,)


# ----- Zapper! -----------------------------------------------------------------------------
def test_zapper_removes_a_full_bottom_row_and_the_shift_scores_nothing():
    state = game(zapper=True)
    arrange(state, ["STO", "CAXEEEE."], ["TEEEEEE", "SAAAAAA"])
    result = state.apply(Drop(7, "T"))
    assert result.points == 0 and len(result.zapped) == 8
    assert state.grid.row_texts()[7] == "STO....." and state.scores() == (0, 0)
    assert sorted(result.zapped) == sorted(state.removed) and SPEC.audit(state) == []


def test_zapper_scores_the_drop_before_the_row_goes():
    state = game(zapper=True)
    arrange(state, ["CAEEEEE."], ["TEEEEEE", "SAAAAAA"])
    assert state.apply(Drop(7, "T")).points == 0
    state2 = game(zapper=True)
    arrange(state2, ["EEEEECA."], ["TEEEEEE", "SAAAAAA"])
    result = state2.apply(Drop(7, "T"))
    assert result.points == 7 and result.zapped and state2.grid.row_texts()[7] == "........"


def test_under_zapper_a_full_board_does_not_end_the_game():
    state = game(board="quick", zapper=True)
    arrange(state, FULL_BUT_ONE, ["T", "S"])
    result = state.apply(Drop(6, "T"))
    assert not result.ended and len(result.zapped) == 7 and state.grid.landing_row(6) == 0


def test_under_zapper_the_game_ends_when_all_letters_are_played():
    state = game(zapper=True)
    arrange(state, ["CA"], ["T", ""], bag="")
    assert state.apply(Drop(2, "T")).ended and state.result.kind == LETTERS_OUT


# ----- Ticker --------------------------------------------------------------------------------
def test_a_timeout_needs_the_ticker():
    with pytest.raises(IllegalMove, match="Ticker is off"):
        game().apply(Timeout())


def test_a_timeout_ends_the_turn_without_a_drop_or_a_draw():
    state = game(ticker=True)
    bag, hand = len(state.bag), list(state.hands[0])
    assert state.apply(Timeout()).outcome == "passed"
    assert len(state.bag) == bag and state.hands[0] == hand and state.current == 1
    assert state.apply(Timeout()).ended and state.result.kind == ALL_PASSED


# ----- Claim mode ----------------------------------------------------------------------------
def claim_game(**options):
    state = game(claim=True, **options)
    arrange(state, ["CA"], ["TEEEEEE", "SAAAAAA"])
    return state


def test_claim_mode_scores_only_correct_claims_and_done_shows_the_missed():
    state = claim_game()
    dropped = state.apply(Drop(2, "T"))
    assert dropped.points == 0 and state.phase == CLAIMING and state.current == 0
    assert SPEC.seat_view(state, 0)["pending"] == {"seat": 0, "row": 7, "col": 2, "claimed": [], "stolen": []}
    claimed = state.apply(Claim.parse("claim 7,0-7,2 7,1-7,2 7,3-7,5 7,0-7,2"))
    assert [w.word for w in claimed.words] == ["CAT", "AT"] and claimed.points == 5
    assert claimed.wrong == (((7, 3), (7, 5)), ((7, 0), (7, 2)))  # no word; claimed twice
    assert state.scores() == (5, 0)
    done = state.apply(Done())
    assert [(w.word, w.direction) for w in done.missed] == [("TA", "left")]
    assert state.scores() == (5, 0) and state.current == 1 and len(state.hands[0]) == 7


def test_in_claim_mode_the_drop_comes_first_and_then_only_claims():
    state = claim_game()
    with pytest.raises(IllegalMove, match="drop a letter or pass first"):
        state.apply(Claim.parse("claim 7,0-7,1"))
    state.apply(Drop(2, "T"))
    with pytest.raises(IllegalMove, match="claim words or say done"):
        state.apply(Drop(3, "E"))
    assert state.forfeit_turn().outcome == "done" and state.current == 1


def test_a_timeout_while_claiming_keeps_the_drop_and_draws_nothing():
    state = claim_game(ticker=True)
    state.apply(Drop(2, "T"))
    state.apply(Claim.parse("claim 7,0-7,2"))
    result = state.apply(Timeout())
    assert result.outcome == "timed_out" and len(result.missed) == 2 and result.drawn is None
    assert len(state.hands[0]) == 6 and state.scores() == (3, 0) and state.grid.row_texts()[7] == "CAT....."


# ----- Pressure Cooker -----------------------------------------------------------------------
def test_pressure_cooker_implies_ticker_and_claim_mode():
    params = TumblewordsParameters(pressure_cooker=True)
    assert params.claim and params.ticker


def test_pressure_cooker_lets_the_next_seat_steal_missed_words():
    state = claim_game(pressure_cooker=True)
    state.apply(Drop(2, "T"))
    state.apply(Claim.parse("claim 7,0-7,2"))
    done = state.apply(Done())
    assert len(done.missed) == 2 and state.phase == STEALING and state.current == 1
    assert "missed" not in str(SPEC.seat_view(state, 1)["pending"])
    stole = state.apply(Claim.parse("claim 7,2-7,1 7,0-7,2"))  # TA was missed; CAT was claimed
    assert stole.outcome == "stole" and [w.word for w in stole.words] == ["TA"] and stole.wrong == (((7, 0), (7, 2)),)
    assert state.scores() == (3, 2)
    closed = state.apply(Timeout())
    assert state.phase == DROPPING and state.current == 1 and not closed.ended
    state.apply(Drop(3, "S"))
    assert state.phase == CLAIMING and state.current == 1


def test_undo_steps_back_through_a_claiming_turn_exactly():
    state = claim_game(pressure_cooker=True)
    start = state.position()
    for text in ("drop 2 T", "claim 7,0-7,2", "done", "claim 7,2-7,1", "done"):
        state.apply(Move.parse(text))
    for _ in range(5):
        state.undo()
    assert state.position() == start and state.log == [] and state.undo() is None
