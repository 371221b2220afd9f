"""Resigning, as every game of the collection has it: the seat on turn gives the game up.

Each game's move registry holds a ``resign`` move made from :class:`Resignation`; the game
ends at once, that seat loses, and :func:`winners_without` names the winners among the others
by the game's own standing. Computer seats never resign (``legal_moves`` never lists it, and
``base.play_seat_move`` refuses it). Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from typing import Any, Sequence

from rummi_desktop.games.base import RESIGN, MoveNotationError

__all__ = ["RESIGN", "Resignation", "winners_without", "resigned_seat"]


class Resignation:
    """What every game's ``resign`` move shares (mixed into the game's own Move class, which
    sets ``verb = RESIGN`` so that its registry has it): it reads and writes one word.

    The seat on turn gives the game up: the game ends at once and that seat loses. It is
    never listed by ``legal_moves`` (the computer seats, analyze and the random games never
    play it) and ``base.play_seat_move`` refuses it from a computer seat."""

    @classmethod
    def from_words(cls, words: list[str]) -> "Resignation":
        if words:
            raise MoveNotationError(f"{RESIGN} takes nothing after it")
        return cls()

    def notation(self) -> str:
        return RESIGN


def winners_without(standing: Sequence[int], resigner: int) -> tuple[int, ...]:
    """The seats that win when ``resigner`` gives up: the best ``standing`` (higher is better)
    among the others; two or more on it share the win."""
    others = [seat for seat in range(len(standing)) if seat != resigner]
    best = max(standing[seat] for seat in others)
    return tuple(seat for seat in others if standing[seat] == best)


def resigned_seat(state: Any) -> int | None:
    """The seat that gave the game up, once a resignation ended it (else None): every game's
    resignation is its last logged action, made by the seat still on turn."""
    if state.is_terminal and state.log and state.log[-1] == RESIGN:
        return state.current
    return None
