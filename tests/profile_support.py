"""Seeded headless games of every game, finished and recorded as the table records them."""

from __future__ import annotations

import datetime as dt
import random

from random_game import adapter_for

from rummi_desktop.records.finished_games import build_record
from rummi_desktop.games import GAMES
from rummi_desktop.games.seats import HUMAN, SeatConfig


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


# -- whole games through the window's sessions (as the table plays them) -------------------

def new_session(key: str, seed: int, seats: tuple[SeatConfig, ...]):
    if key == "rummi":
        from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession
        return RummiSession.new(MatchSetup(seats, seed=seed))
    if key == "rummble":
        from rummi_desktop.games.rummble.table.session import RummbleSession, RummbleSetup
        return RummbleSession.new(RummbleSetup(seats, seed=seed))
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, TumblewordsSetup
    return TumblewordsSession.new(TumblewordsSetup(seats, seed=seed))


TURN_ENDS = ("end", "draw", "timeout")  # Rummi's actions that finish a turn (the session books them)


def _feed(session, key: str, action: str, seconds: float) -> None:
    spec = GAMES[key]
    if key != "rummi":
        session.apply(spec.parse_move(action), seconds)
    elif action in TURN_ENDS:
        session.finish_turn(action, seconds)
    else:
        session.state.perform(action)


def play_session_to_end(session, key: str, seed: int, seconds: float = 2.0, max_turns: int = 800) -> None:
    """Finish the session's game (Rummi: its round): the game's random legal player chooses
    each turn on a copy, and the session plays the same actions, as the table would."""
    spec, adapter, rng = GAMES[key], adapter_for(key), random.Random(seed)
    scratch = spec.state_from_dict(spec.state_to_dict(session.state))
    for _ in range(max_turns):
        start = len(scratch.log)
        adapter.play_turn(scratch, rng)
        for action in scratch.log[start:]:
            _feed(session, key, action, seconds)
        if not session.in_round or session.state.is_terminal:
            return
    raise AssertionError(f"{key} seed {seed} did not finish in {max_turns} turns")
