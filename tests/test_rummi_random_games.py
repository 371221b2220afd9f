"""Random legal games of every game from random seeds, checked by the shared invariant runner
(tests/random_game.py: the game protocol alone, no game's own player)."""

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from random_game import RandomGame, run_random_game
from rummi_desktop.games import GAMES

RUMMI_SPEC = GAMES["rummi"]
RUNNER_SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RUNNER_SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_two_seat_rummi_games_keep_every_invariant(seed):
    report = run_random_game(RandomGame("rummi", seed))
    assert report.terminal, "a random game must end (going out or blocked)"
    assert sum(report.returns) == 0


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]), st.sampled_from([None, 30]))
def test_three_and_four_seat_rummi_games_keep_every_invariant(seed, seats, clock):
    report = run_random_game(RandomGame("rummi", seed, ("easy",) * seats, {"clock_seconds": clock}))
    assert report.terminal and sum(report.returns) == 0


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_registered_game_runs_under_the_runner(key):
    game = RandomGame(key, seed=1)
    report = run_random_game(game)
    assert report.terminal, key
    assert len(report.returns) == len(game.seats) == max(2, GAMES[key].min_seats)


class UndoThatForgets:
    """A state whose undo claims to take a move back and does nothing: the runner must notice."""

    def __init__(self, state):
        self.state = state

    def __getattr__(self, name):
        return getattr(self.state, name)

    def undo(self):
        return self.state.turn_moves[-1] if self.state.turn_moves else None

    def clone(self):
        return UndoThatForgets(self.state.clone())

    def __eq__(self, other):
        return self.state == getattr(other, "state", other)


class ForgetfulGame(RandomGame):
    def fresh(self):
        return UndoThatForgets(super().fresh())


def _save_without_the_last_action(state):
    data = {**RUMMI_SPEC.state_to_dict(state), "log": state.log[:-1]}
    data.pop("snapshot")  # the save's own check would refuse it before the runner could
    return data


class SaveThatDropsTheLastAction(RandomGame):
    def __post_init__(self):
        super().__post_init__()
        self.spec = dataclasses.replace(self.spec, state_to_dict=_save_without_the_last_action)


@pytest.mark.parametrize("broken, message", [
    (ForgetfulGame, "undo did not restore"),
    (SaveThatDropsTheLastAction, "serialise"),
])
def test_the_runner_catches_broken_games(broken, message):
    with pytest.raises(AssertionError, match=message):
        run_random_game(broken("rummi", 2), replay_every=1)
