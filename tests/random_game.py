"""The shared random-game invariant runner (in the spirit of OpenSpiel's random simulation test).

:func:`run_random_game` plays one whole seeded game of any game in ``GAMES`` through the game
protocol alone (``GAMES[key].new_state``, ``legal_moves``, ``apply``/``perform``, ``clone``,
``undo``, ``audit``, ``is_terminal``, the spec's save and load) — no game has an adapter here —
and checks after every move that
- the game's ``audit`` finds nothing wrong,
- a random detour on a clone, stepped back one ``undo`` at a time, passes back through the
  exact states it went through, and leaves the original untouched,
- a stale move (one that was legal earlier in the game) is either accepted or refused with
  nothing changed,
- serialise → load gives an equal state, and the seed + log replays it equally (every
  ``replay_every`` moves and at the end),
and at the end that no legal move is left.

The random player: with probability ``FIRST_MOVE`` the first legal move the game yields (each
game yields its settling moves first: Rummi's End Turn when the table allows it, else Draw),
otherwise a legal move drawn uniformly from all of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove, Move, replay_log

FIRST_MOVE = 0.5
STALE_KEPT = 40  # legal moves remembered to be tried again later


@dataclass
class GameReport:
    moves: int
    terminal: bool
    returns: tuple[int, ...]
    state: Any


@dataclass
class RandomGame:
    """One game of ``key`` from ``seed``: how it was made (to replay it) and its random player."""

    key: str
    seed: int
    seats: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.spec = GAMES[self.key]
        # Two seats at least (a solo Tumblewords game has no other seat to hide tiles from):
        # the games these tests were written for, before a game could be played alone.
        self.seats = self.seats or ("easy",) * max(2, self.spec.min_seats)
        self.rng = random.Random(self.seed * 7919 + 1)

    def fresh(self) -> Any:
        return self.spec.new_state(self.seats, self.seed, **self.options)

    def choose(self, state: Any) -> Move:
        return random_legal_move(state, self.rng)


def random_legal_move(state: Any, rng: random.Random) -> Move:
    """The first legal move now and then, else one drawn uniformly (one pass over the lazy view)."""
    moves = state.legal_moves()
    if rng.random() < FIRST_MOVE:
        return next(iter(moves))
    chosen = None
    for seen, move in enumerate(moves, start=1):  # reservoir sampling: nothing is kept but one
        if rng.randrange(seen) == 0:
            chosen = move
    assert chosen is not None, "a game that goes on must have a legal move"
    return chosen


def applied_or_refused(state: Any, move: Any) -> bool:
    """Apply ``move``; a refused one must leave the state exactly as it was (then False)."""
    before = state.clone()
    try:
        state.apply(move)
    except IllegalMove:
        assert state == before, "a refused move changed the state"
        return False
    return True


def check_detour(game: RandomGame, state: Any, stale: list[Move]) -> None:
    """Moves on a clone, undone one by one; a stale move tried; the original never changes."""
    audit = game.spec.audit
    original = state.clone()
    assert original == state, "a clone differs from its original"
    detour = state.clone()
    passed: list[Any] = []
    for _ in range(game.rng.randrange(1, 5)):
        if detour.is_terminal:
            break
        passed.append(detour.clone())
        detour.apply(game.choose(detour))
        assert audit(detour) == [], audit(detour)
    while passed:
        if detour.undo() is None:  # the game keeps no more to take back (a settled Rummi turn)
            break
        assert detour == passed.pop(), "undo did not restore the position"
    if stale and not detour.is_terminal:
        applied_or_refused(detour, game.rng.choice(stale))
    assert state == original, "a change to a clone reached its original"


def check_copies(game: RandomGame, state: Any) -> None:
    spec = game.spec
    assert spec.state_from_dict(spec.state_to_dict(state)) == state, "serialise -> load changed the state"
    assert replay_log(game.fresh(), state.log) == state, "replay from seed + log differs"


def run_random_game(game: RandomGame, max_moves: int = 3000, replay_every: int = 25,
                    on_move: Callable[[Any, int], None] | None = None) -> GameReport:
    """Play one seeded random game, checking every invariant; returns what happened."""
    state = game.fresh()
    audit = game.spec.audit
    stale: list[Move] = []
    moves = 0
    assert audit(state) == [], audit(state)
    while not state.is_terminal and moves < max_moves:
        check_detour(game, state, stale)
        move = game.choose(state)
        state.apply(move)
        moves += 1
        stale = (stale + [move])[-STALE_KEPT:]
        assert audit(state) == [], audit(state)
        if on_move:
            on_move(state, moves)
        if moves % replay_every == 0:
            check_copies(game, state)
    check_copies(game, state)
    if state.is_terminal:
        assert not state.legal_moves(), "a finished game still has legal moves"
    return GameReport(moves, state.is_terminal, tuple(state.scores()) if state.is_terminal else (), state)
