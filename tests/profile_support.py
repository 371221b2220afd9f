"""Seeded headless games of every game, finished and recorded as the table records them."""

from __future__ import annotations

import datetime as dt
import random

from random_game import adapter_for

from rummi_desktop.finished_games import build_record
from rummi_desktop.games import GAMES
from rummi_desktop.seats import HUMAN, SeatConfig


def play_to_end(key: str, seed: int, max_turns: int = 800):
    """A finished state of ``key`` played by the game's random legal player."""
    adapter = adapter_for(key)
    rng = random.Random(seed)
    state = adapter.new_state(seed)
    for _ in range(max_turns):
        if state.is_terminal:
            return state
        adapter.play_turn(state, rng)
    raise AssertionError(f"{key} seed {seed} did not finish in {max_turns} turns")


def seats_for(state, profiles: dict[int, str]) -> tuple[SeatConfig, ...]:
    """Seat configs matching the state's seats; ``profiles`` maps a seat to a profile id
    (those seats are people)."""
    seats = []
    for index, kind in enumerate(state.params.seats):
        if index in profiles:
            seats.append(SeatConfig(HUMAN, f"P{index}", profiles[index]))
        else:
            seats.append(SeatConfig(kind if kind != HUMAN else "hard", kind.title()))
    return tuple(seats)


def finished_record(key: str, seed: int, profiles: dict[int, str], when: dt.datetime | None = None,
                    mode: str = "2 seats"):
    state = play_to_end(key, seed)
    seats = seats_for(state, profiles)
    turns = [(10, 50.0)] * len(seats)
    record = build_record(GAMES[key], {"seed": seed}, seats, state, turns, mode, when)
    return state, record
