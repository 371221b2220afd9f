"""Random legal Rummi games from random seeds, checked by the shared invariant runner."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from playthroughs.rummi_policy import RummiAdapter
from random_game import adapter_for, run_random_game
from rummi_desktop.games import GAMES

RUNNER_SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUNNER_SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_two_seat_games_keep_every_invariant(seed):
    report = run_random_game(RummiAdapter(), seed)
    assert report.terminal, "a random game must end (going out or blocked)"
    assert sum(report.returns) == 0


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_three_and_four_seat_games_keep_every_invariant(seed, seats):
    report = run_random_game(RummiAdapter(seats=("random",) * seats), seed)
    assert report.terminal and sum(report.returns) == 0


def test_every_registered_game_runs_under_the_runner():
    for key in GAMES:
        report = run_random_game(adapter_for(key), seed=1)
        assert report.terminal, key


class UndoThatForgets(RummiAdapter):
    def undo(self, state):  # a broken undo: the runner must notice
        pass


class SaveThatDropsTheLastAction(RummiAdapter):
    def save_and_load(self, state):
        from rummi_desktop.games.rummi.rules.state import replayed

        return replayed(state, state.log[:-1])


@pytest.mark.parametrize("broken, message", [
    (UndoThatForgets, "undo did not restore"),
    (SaveThatDropsTheLastAction, "serialise"),
])
def test_the_runner_catches_broken_games(broken, message):
    with pytest.raises(AssertionError, match=message):
        run_random_game(broken(), seed=2, replay_every=1)
