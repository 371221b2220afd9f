"""The shared random-game invariant runner (in the spirit of OpenSpiel's random simulation test).

A game plugs in through a :class:`GameAdapter`; :func:`run_random_game` then plays one whole
seeded game with random legal turns and checks after every turn that
- every tile is accounted for exactly once (``census`` never changes),
- a random detour of moves undone one by one, and another one reset, restore the exact
  position,
- serialise → load gives an equal state, and the seed + action log replays it equally
  (every ``replay_every`` turns and at the end),
and at the end that the returns sum as the game says (zero for Rummi).

It runs on every game in ``GAMES``: a game's random legal player lives in
``tests/playthroughs/<key>_policy.py`` as ``Adapter``, a :class:`SpecAdapter` (the parts every
game gets from its GameSpec) plus its own census, positions, random detours and turns.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove


class GameAdapter(Protocol):
    name: str
    returns_sum: int | None

    def new_state(self, seed: int) -> Any: ...
    def census(self, state: Any) -> Sequence[Any]: ...
    def position(self, state: Any) -> Any: ...
    def random_detour(self, state: Any, rng: random.Random) -> int: ...
    def undo(self, state: Any) -> None: ...
    def reset(self, state: Any) -> None: ...
    def play_turn(self, state: Any, rng: random.Random) -> None: ...
    def is_terminal(self, state: Any) -> bool: ...
    def returns(self, state: Any) -> Sequence[int]: ...
    def save_and_load(self, state: Any) -> Any: ...
    def replay(self, state: Any) -> Any: ...


@dataclass
class GameReport:
    turns: int
    terminal: bool
    returns: tuple[int, ...]
    state: Any


def check_turn_invariants(adapter: GameAdapter, state: Any, rng: random.Random, census: Sequence[Any]) -> None:
    assert sorted(adapter.census(state)) == list(census), "a tile was lost or invented"
    before = adapter.position(state)
    steps = adapter.random_detour(state, rng)
    assert sorted(adapter.census(state)) == list(census), "a move lost or invented a tile"
    for _ in range(steps):
        adapter.undo(state)
    assert adapter.position(state) == before, "undo did not restore the position"
    if adapter.random_detour(state, rng):
        adapter.reset(state)
    assert adapter.position(state) == before, "reset did not restore the position"


def check_copies(adapter: GameAdapter, state: Any) -> None:
    assert adapter.save_and_load(state) == state, "serialise -> load changed the state"
    assert adapter.replay(state) == state, "replay from seed + actions differs"


def run_random_game(adapter: GameAdapter, seed: int, max_turns: int = 600,
                    replay_every: int = 10,
                    on_turn: Callable[[Any, int], None] | None = None) -> GameReport:
    """Play one seeded random game, checking every invariant; returns what happened."""
    rng = random.Random(seed * 7919 + 1)
    state = adapter.new_state(seed)
    census = sorted(adapter.census(state))
    turns = 0
    while not adapter.is_terminal(state) and turns < max_turns:
        check_turn_invariants(adapter, state, rng, census)
        adapter.play_turn(state, rng)
        turns += 1
        assert sorted(adapter.census(state)) == census, "a tile was lost or invented"
        if on_turn:
            on_turn(state, turns)
        if turns % replay_every == 0:
            check_copies(adapter, state)
    check_copies(adapter, state)
    returns: tuple[int, ...] = ()
    if adapter.is_terminal(state):
        returns = tuple(adapter.returns(state))
        if adapter.returns_sum is not None:
            assert sum(returns) == adapter.returns_sum, f"returns {returns} do not sum as they must"
    return GameReport(turns, adapter.is_terminal(state), returns, state)


class SpecAdapter:
    """What the game protocol gives every adapter: terminal, returns, undo, save and load."""

    returns_sum: int | None = None

    def __init__(self, key: str) -> None:
        self.name = key
        self.spec = GAMES[key]

    def undo(self, state: Any) -> None:
        state.undo()

    def is_terminal(self, state: Any) -> bool:
        return state.is_terminal

    def returns(self, state: Any) -> Sequence[int]:
        return state.scores()

    def save_and_load(self, state: Any) -> Any:
        return self.spec.state_from_dict(self.spec.state_to_dict(state))



def applied_or_refused(state: Any, move: Any) -> bool:
    """Apply ``move``; a refused one must leave the state exactly as it was (then False)."""
    before, log = state.position(), list(state.log)
    try:
        state.apply(move)
    except IllegalMove:
        assert state.position() == before and state.log == log, "a refused move changed the state"
        return False
    return True


class UndoByMoveAdapter(SpecAdapter):
    """An adapter whose random detour is stepped back one undo at a time to where it began
    (Rummble, Tumblewords: no turn in progress to reset). The game's policy module gives its
    random player as ``random_moves``, ``play_one_turn`` and ``replayed`` (staticmethods)."""

    returns_sum = None  # scores do not sum to anything fixed
    random_moves: Any
    play_one_turn: Any
    replayed: Any

    def census(self, state: Any) -> list[int]:
        return state.tile_census()

    def position(self, state: Any) -> tuple:
        return (state.position(), tuple(state.log))

    def random_detour(self, state: Any, rng: random.Random) -> int:
        self._detour_start = len(state.log)
        return self.random_moves(state, rng, rng.randrange(1, 4))

    def reset(self, state: Any) -> None:
        while len(state.log) > self._detour_start:
            state.undo()

    def play_turn(self, state: Any, rng: random.Random) -> None:
        self.play_one_turn(state, rng)

    def replay(self, state: Any) -> Any:
        return self.replayed(state)

def adapter_for(key: str) -> GameAdapter:
    """The random legal player of the game ``key`` (ModuleNotFoundError until it has one)."""
    return importlib.import_module(f"playthroughs.{key}_policy").Adapter()
