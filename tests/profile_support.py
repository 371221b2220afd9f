"""Seeded headless games of every game, finished and recorded as the table records them."""

from __future__ import annotations

import datetime as dt
import importlib
import random

from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, Timeout

from rummi_desktop.records.finished_games import build_record
from rummi_desktop.games import GAMES
from rummi_desktop.games.seats import HUMAN, SeatConfig


def play_turn(key: str):
    """The random legal player of the golden playthroughs of ``key``: one whole turn. These
    records are made with it (not the protocol's random player) for games that lay tiles."""
    return importlib.import_module(f"playthroughs.{key}_policy").play_turn


def new_state(key: str, seed: int):
    spec = GAMES[key]
    # Two seats at least: a game against someone (one seat is Tumblewords' solo score attack,
    # which the win statistics leave out).
    return spec.new_state(("random",) * max(2, spec.min_seats), seed)


def play_to_end(key: str, seed: int, max_turns: int = 800):
    """A finished state of ``key`` played by the game's random legal player."""
    turn, rng = play_turn(key), random.Random(seed)
    state = new_state(key, seed)
    for _ in range(max_turns):
        if state.is_terminal:
            return state
        turn(state, rng)
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


TURN_ENDS = {"end": EndTurn(), "draw": Draw(), "timeout": Timeout()}  # Rummi's (the session books them)


def _feed(session, key: str, action: str, seconds: float) -> None:
    spec = GAMES[key]
    if key != "rummi":
        session.apply(spec.parse_move(action), seconds)
    elif action in TURN_ENDS:
        session.finish_turn(TURN_ENDS[action], seconds)
    else:
        session.state.perform(action)


def play_session_to_end(session, key: str, seed: int, seconds: float = 2.0, max_turns: int = 800) -> None:
    """Finish the session's game (Rummi: its round): the game's random legal player chooses
    each turn on a copy, and the session plays the same actions, as the table would."""
    turn, rng = play_turn(key), random.Random(seed)
    scratch = session.state.clone()
    for _ in range(max_turns):
        start = len(scratch.log)
        turn(scratch, rng)
        for action in scratch.log[start:]:
            _feed(session, key, action, seconds)
        if not session.in_round or session.state.is_terminal:
            return
    raise AssertionError(f"{key} seed {seed} did not finish in {max_turns} turns")
