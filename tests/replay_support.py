"""Finished games of every game played through the window's sessions and recorded as the
table records them (setup, seats, whole log), for the replay and unlock tests."""

from __future__ import annotations

import datetime as dt

from profile_support import new_session, play_session_to_end

from rummi_desktop.records.finished_games import build_record
from rummi_desktop.games import GAMES
from rummi_desktop.games.seats import HUMAN, SeatConfig

GAME_KEYS = ("rummi", "rummble", "tumblewords")


def recorded_game(key: str, seed: int, profile: str = "p-1", when: dt.datetime | None = None):
    """(the finished state, its record) of a seeded game: the profile at seat 0, Hard at seat 1."""
    seats = (SeatConfig(HUMAN, "Ann", profile), SeatConfig("hard", "Hard"))
    session = new_session(key, seed, seats)
    play_session_to_end(session, key, seed)
    state = session.finished_state
    record = build_record(GAMES[key], session.setup.to_dict(), seats, state, [(5, 10.0)] * 2, "2 seats", when)
    return state, record
