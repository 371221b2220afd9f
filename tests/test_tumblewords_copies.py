"""Tumblewords copies: notation round trips, serialise and load, replay, and the invariants
(every tile once, gravity, a refused move changes nothing) under random play."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from playthroughs.tumblewords_policy import play_turn, random_moves
from random_game import RandomGame, run_random_game
from rummi_desktop.games import GAMES
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Move, Pass, Timeout
from rummi_desktop.games.tumblewords.rules.serialize import SaveFormatError, state_from_dict, state_to_dict
from rummi_desktop.games.tumblewords.rules.state import replayed
from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary
from tumblewords_support import WORDS, game

SPEC = GAMES["tumblewords"]
SQUARES = st.tuples(st.integers(0, 12), st.integers(0, 12))
SPANS = st.tuples(SQUARES, SQUARES).filter(lambda s: (s[0][0] == s[1][0]) != (s[0][1] == s[1][1]))
MOVES = st.one_of(
    st.builds(Drop, st.integers(0, 12), st.sampled_from("ABCQXZ"), st.booleans()),
    st.lists(SPANS, min_size=1, max_size=4).map(lambda spans: Claim(tuple(spans))),
    st.just(Pass()), st.just(Done()), st.just(Timeout()),
)


@given(MOVES)
def test_notation_round_trips(move):
    assert Move.parse(move.notation()) == move and SPEC.parse_move(str(move)) == move
    assert repr(move) == f"Move.parse({move.notation()!r})"


def test_the_notation_reads_like_the_game():
    assert Drop.parse("drop 4 t") == Drop(4, "T", blank=True) and str(Drop(4, "T")) == "drop 4 T"
    assert Claim.parse("claim 3,4-3,7 6,2-3,2").spans == (((3, 4), (3, 7)), ((6, 2), (3, 2)))


@pytest.mark.parametrize("text", ["drop 4", "drop x T", "drop 4 TT", "drop 4 ?", "claim", "claim 3,4-4,5",
                                  "claim 3,4-3,4", "claim 3,4", "pass now", "done 1", "zap"])
def test_bad_notation_is_refused(text):
    from rummi_desktop.games.base import MoveNotationError

    with pytest.raises(MoveNotationError):
        Move.parse(text)


def played_game(seed=3, **options):
    state = SPEC.new_state(("random", "random"), seed, dictionary=shipped_dictionary(), **options)
    rng = random.Random(seed)
    for _ in range(25):
        if state.is_terminal:
            break
        play_turn(state, rng)
    return state


@pytest.mark.parametrize("options", [{}, {"claim": True, "board": "quick"}, {"pressure_cooker": True, "zapper": True}])
def test_save_and_load_and_replay_give_the_same_game(options):
    state = played_game(**options)
    data = state_to_dict(state)
    assert "words" in data and data["words"]["name"] == "enable" and "cat" not in str(data["words"])
    assert state_from_dict(data) == state and replayed(state) == state
    assert SPEC.state_from_dict(SPEC.state_to_dict(state)) == state


def test_a_damaged_save_is_refused_with_a_reason():
    data = state_to_dict(played_game())
    with pytest.raises(SaveFormatError, match="do not match"):
        state_from_dict({**data, "snapshot": {**data["snapshot"], "scores": [999, 0]}})
    with pytest.raises(SaveFormatError, match="does not replay"):
        state_from_dict({**data, "log": data["log"] + ["drop 99 A"]})
    with pytest.raises(SaveFormatError, match="not a Tumblewords save"):
        state_from_dict({"game": "rummi"})
    with pytest.raises(SaveFormatError, match="bad game parameters"):
        state_from_dict({**data, "params": {**data["params"], "board": "huge"}})
    with pytest.raises(SaveFormatError, match="not the one the game was played with"):
        state_from_dict(data, dictionary=WORDS)


def test_a_game_with_its_own_word_list_loads_with_it_given():
    state = game()
    state.apply(Pass())
    data = state_to_dict(state)
    assert data["words"] == {"name": "test-words", "digest": WORDS.digest}
    assert state_from_dict(data, dictionary=WORDS) == state


def test_new_state_without_a_dictionary_uses_the_shipped_list():
    state = SPEC.new_state(("easy", "easy"), 4)
    assert state.dictionary is shipped_dictionary() and state.params.words == "enable"
    assert SPEC.new_state(("easy", "easy"), 4, dictionary=WORDS).params.words == "test-words"


RUNNER = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUNNER
@given(st.integers(0, 2**32 - 1), st.sampled_from([
    {}, {"claim": True}, {"zapper": True, "board": "quick"}, {"pressure_cooker": True}, {"min_length": 3}]),
    st.sampled_from([2, 3, 4]))
def test_random_games_keep_every_invariant(seed, options, seats):
    report = run_random_game(RandomGame("tumblewords", seed, ("random",) * seats,
                                        {"dictionary": shipped_dictionary(), **options}))
    assert report.terminal and SPEC.audit(report.state) == []


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_refused_moves_change_nothing_and_tiles_are_conserved(seed, count):
    state = SPEC.new_state(("a", "b", "c"), seed, dictionary=shipped_dictionary(), claim=seed % 2 == 0,
                           zapper=seed % 3 == 0, ticker=True)
    random_moves(state, random.Random(seed), count)  # asserts that every refusal changed nothing
    assert SPEC.audit(state) == []
