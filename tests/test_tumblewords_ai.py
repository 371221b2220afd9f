"""Tumblewords computer seats: every tier plays legal moves, Medium takes the best score, Hard
weighs the reply over the unseen letters (not the next seat's real hand), Expert keeps to its
deadline, and Claim mode and steal windows are played through."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummi_desktop.games.tumblewords.ai import expert as tumblewords_expert
from rummi_desktop.games.tumblewords.ai.drops import scored_drops
from rummi_desktop.games.tumblewords.ai.hard import hard_drop
from rummi_desktop.games.tumblewords.ai.position import next_hand_size, position_from_view
from rummi_desktop.games.tumblewords.ai.replies import ReplyTable, SquareScorer, expected_best
from rummi_desktop.games.tumblewords.ai.tiers import choose_move
from rummi_desktop.games.tumblewords.rules import dictionary as dictionary_module
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import BAG_COUNTS, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Pass
from rummi_desktop.games.tumblewords.rules.parameters import CLAIMING, STEALING, TIERS, TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.play import check_drop, possible_drops
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.unseen import unseen_letters
from rummi_desktop.games.tumblewords.rules.seat_view import seat_view
from rummi_desktop.games.tumblewords.storage import word_lists
from tumblewords_support import arrange

HARD_WORDS = Dictionary(["on", "no", "eon", "noe", "go", "goz", "zog"], "test-hard")
CLAIM_WORDS = Dictionary(["cat", "cats", "at", "tot", "to"], "test-claim")


@pytest.fixture(autouse=True)
def word_source():
    """The shipped list by name as the app finds it, plus this file's own lists."""
    own = {HARD_WORDS.name: HARD_WORDS, CLAIM_WORDS.name: CLAIM_WORDS}
    dictionary_module.install_source(lambda name, digest: own.get(name) or word_lists.dictionary_named(name, digest))
    yield
    word_lists.install()


def random_state(seed: int, plies: int, **options) -> TumblewordsState:
    """A game played ``plies`` moves by a seeded random player (drops that score when it can)."""
    state = TumblewordsState(TumblewordsParameters(seats=("a", "b", "c")[:2 + seed % 2], seed=seed, **options),
                             word_lists.shipped_dictionary())
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal:
            break
        moves = list(state.legal_moves())
        drops = [move for move in moves if isinstance(move, Drop)]
        scoring = [drop for drop in rng.sample(drops, min(8, len(drops))) if state.check(drop).score]
        state.apply(rng.choice(scoring) if scoring and rng.random() < 0.8 else rng.choice(moves))
    return state


positions = st.tuples(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from([{}, {"claim": True},
                      {"pressure_cooker": True}, {"zapper": True, "board": "quick"}, {"min_length": 3}]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_every_tier_plays_a_legal_move_on_random_positions(case):
    seed, plies, options = case
    state = random_state(seed, plies, **options)
    if state.is_terminal:
        return
    view = seat_view(state, state.current)
    for tier in TIERS:
        move = choose_move(view, tier, deadline=time.perf_counter() + 2.0)
        if isinstance(move, Drop):
            assert state.check(move).legal, (tier, move)
        state.apply(move)  # IllegalMove would fail the test
        state.undo()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 70))
def test_square_scores_are_exactly_the_drop_check_scores(seed, plies):
    state = random_state(seed, plies)
    grid, scorer = state.grid, SquareScorer(state.dictionary, 2)
    for col in range(grid.columns):
        points = scorer.column_points(grid, col)
        for letter in LETTERS:
            verdict = check_drop(grid, [letter], Drop(col, letter), state.dictionary)
            assert points.get(letter, 0) == (verdict.score if verdict.legal else 0)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_reply_table_after_a_drop_equals_one_built_afresh(seed, plies):
    state = random_state(seed, plies)
    scorer = SquareScorer(state.dictionary, 2)
    base = ReplyTable.build(scorer, state.grid)
    open_columns = [col for col in range(state.grid.columns) if state.grid.landing_row(col) is not None]
    if not open_columns:
        return
    col = random.Random(seed).choice(open_columns)
    row = state.grid.drop(col, -1, "E")
    assert base.after(scorer, state.grid, col, row).points == ReplyTable.build(scorer, state.grid).points


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_medium_scores_the_maximum(seed, plies):
    state = random_state(seed, plies)
    if state.is_terminal:
        return
    move = choose_move(seat_view(state, state.current), "medium")
    best = max((state.check(drop).score for drop in possible_drops(state.grid, state.hand())), default=None)
    if best is None:
        assert move == Pass()
    else:
        assert state.check(move).score == best


def test_expected_best_is_the_exact_expectation_over_hands():
    pool, values = Counter({"A": 2, "B": 1, "C": 1}), {"A": 1, "B": 3}
    # all 6 two-letter hands of A A B C: AA 1, AB 3, AC 1, AB 3, AC 1, BC 3 -> mean 2
    assert expected_best(values, pool, 2) == pytest.approx(2.0)
    assert expected_best(values, pool, 9) == pytest.approx(3.0)
    assert expected_best(values, Counter(), 7) == 0.0


def test_unseen_letters_are_the_set_minus_board_and_hand():
    unseen = unseen_letters({"board": ["..Ca", "EEST"], "hand": ["E", "?", "Q"], "removed": ["Z"]})
    assert unseen["E"] == BAG_COUNTS["E"] - 3 and unseen["?"] == 0 and "Q" not in unseen and "Z" not in unseen
    assert sum(unseen.values()) == 100 - 6 - 3 - 1
    view = {"seat": 2, "other_hand_sizes": [7, 5, 6]}  # seats 0, 1, 3
    assert next_hand_size(view) == 6 and next_hand_size({"seat": 3, "other_hand_sizes": [4, 7, 7]}) == 4


def hard_position() -> TumblewordsState:
    """Dropping O on N (ON/NO, 4 points) opens EON/NOE for an E; dropping O on G (GO, 2 points)
    opens ZOG/GOZ for a Z. E is common among the unseen letters, Z single; the next seat really
    holds the Z and no E."""
    state = TumblewordsState(TumblewordsParameters(seats=("hard", "human"), seed=3, words=HARD_WORDS.name), HARD_WORDS)
    arrange(state, ["N......G", "J..kk..Q"], ["OOOOOOO", "ZKVWXYB"])
    return state


def test_hard_weighs_the_reply_over_the_unseen_letters_not_the_real_hand():
    state = hard_position()
    view = seat_view(state, 0)
    assert choose_move(view, "medium") == Drop(0, "O")
    assert choose_move(view, "hard") == Drop(7, "O")  # hands the next seat the rarer chance
    position = position_from_view(view)
    drops = scored_drops(position.grid, position.hand, position.dictionary, 2)
    position.unseen = Counter(state.hand(1))  # an oracle that peeks at the real hand...
    assert hard_drop(position, drops).drop == Drop(0, "O")  # ...would choose otherwise
    state.hands[1] = state.hands[1][::-1]  # the real hand is not in the view: same choice
    assert choose_move(seat_view(state, 0), "hard") == Drop(7, "O")


def test_expert_judges_only_its_first_drop_past_the_deadline(monkeypatch):
    state = random_state(11, 20)
    view = seat_view(state, state.current)
    calls = []
    real = tumblewords_expert.follow_up
    monkeypatch.setattr(tumblewords_expert, "follow_up", lambda *args: calls.append(1) or real(*args))
    move = choose_move(view, "expert", deadline=time.perf_counter() - 1.0)
    assert state.check(move).legal and len(calls) == 1
    calls.clear()
    choose_move(view, "expert", deadline=time.perf_counter() + 60)
    assert len(calls) == tumblewords_expert.LOOK_AHEAD_DROPS


def test_expert_keeps_a_blank_that_only_matches_a_letter():
    state = TumblewordsState(TumblewordsParameters(seats=("expert", "human"), seed=3, words=CLAIM_WORDS.name),
                             CLAIM_WORDS)
    arrange(state, ["..CA.S.."], ["T?", "EEEEEEE"])
    move = choose_move(seat_view(state, 0), "expert")
    assert move == Drop(4, "T")


@pytest.mark.parametrize("tier", TIERS)
def test_claim_mode_claims_every_word_then_done(tier):
    state = TumblewordsState(TumblewordsParameters(seats=(tier, "human"), seed=3, claim=True,
                                                   words=CLAIM_WORDS.name), CLAIM_WORDS)
    arrange(state, ["..CA.S.."], ["T", "EEEEEEE"])
    state.apply(Drop(4, "T"))
    assert state.phase == CLAIMING
    claim = choose_move(seat_view(state, 0), tier)
    assert isinstance(claim, Claim)
    assert state.apply(claim).points == 9 and not state.pending.missed
    assert choose_move(seat_view(state, 0), tier) == Done()


def test_steal_window_claims_what_the_dropper_missed():
    state = TumblewordsState(TumblewordsParameters(seats=("human", "hard"), seed=3, pressure_cooker=True,
                                                   words=CLAIM_WORDS.name), CLAIM_WORDS)
    arrange(state, ["..CA.S.."], ["T", "EEEEEEE"])
    state.apply(Drop(4, "T"))
    state.apply(Claim((((7, 2), (7, 5)),)))  # CATS only (row 7 is the bottom row)
    state.apply(Done())
    assert state.phase == STEALING and state.current == 1
    steal = choose_move(seat_view(state, 1), "hard")
    assert state.apply(steal).points == 5 and state.scores() == (4, 5)  # CAT and AT
    assert choose_move(seat_view(state, 1), "hard") == Done()


@pytest.mark.parametrize("tier", TIERS)
def test_no_legal_drop_passes(tier):
    state = TumblewordsState(TumblewordsParameters(seats=(tier, "human"), seed=3, words=CLAIM_WORDS.name),
                             CLAIM_WORDS)
    arrange(state, [], ["", "EEEEEEE"])
    assert choose_move(seat_view(state, 0), tier) == Pass()


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError, match="unknown computer tier 'grandmaster'"):
        choose_move(seat_view(random_state(1, 0), 0), "grandmaster")


def test_a_fresh_thinking_process_answers_a_tumblewords_task():
    """The thinking child imports only rummi_desktop.thinking.tasks: it must find the word list itself."""
    import json
    import subprocess
    import sys

    view = seat_view(random_state(4, 10), 0)
    code = ("import json, sys, time\nfrom rummi_desktop.thinking import tasks\n"
            "task = json.loads(sys.stdin.read())\n"
            "print(tasks.think_task(task, time.perf_counter() + 5, None))\n")
    task = {"game": "tumblewords", "tier": "hard", "view": view}
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(task), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] in ("drop", "pass")


def test_remembered_run_scores_follow_the_word_list_and_min_length():
    grid = Grid.from_rows(["....", "CA.S"])
    assert SquareScorer(CLAIM_WORDS, 2).square_points(grid, 2, "T") == 9
    assert SquareScorer(HARD_WORDS, 2).square_points(grid, 2, "T") == 0
    assert SquareScorer(CLAIM_WORDS, 3).square_points(grid, 2, "T") == 7
    assert SquareScorer(CLAIM_WORDS, 2).square_points(grid, 2, "T") == 9
