"""Is a puzzle's position legal? Read through each game's own Position (its ``GameSpec.position``).

``position_problem(game, position)`` returns None for a legal position, else one sentence
saying what is wrong (a bad tile, more copies than the set holds, a table meld that is not a
meld, a board line that is not a set, a letter hanging over an empty square, ...). The shapes
are exactly those of analyze positions without their move key (docs/puzzle-format.md): the
keys are the Position's ``PUZZLE_KEYS``, everything else is its ``from_dict`` and
``check_legal``. ``solution_problem`` checks a solution's shape, as analyze's move.
Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games import GAMES
from rummi_desktop.games.positions import PositionError, quoted

def position_problem(game: str, position: Any) -> str | None:
    """None when ``position`` is a legal position of ``game``, else what is wrong with it."""
    if not isinstance(position, dict):
        return "the position must be a table of keys"
    if position.get("game") != game:
        return f"the position's game must be {quoted(game)}, not {quoted(position.get('game'))}"
    reader = GAMES[game].position if game in GAMES else None
    if reader is None:
        return f"no puzzles for the game {quoted(game)}"
    unknown = sorted(set(position) - set(reader.PUZZLE_KEYS))
    if unknown:  # a puzzle's position has no move, and no word list of its own
        return f"unknown key {quoted(unknown[0])} (the position has {', '.join(reader.PUZZLE_KEYS)})"
    try:
        reader.from_dict(position).check_legal()
    except PositionError as error:
        return str(error)
    return None


def solution_problem(game: str, solution: Any) -> str | None:
    """None when ``solution`` has the shape of the game's analyze move (its Position's
    ``check_solution``), else what is wrong. (Whether it is legal and reaches its value is the
    game's puzzle module's ``verify``.)"""
    reader = GAMES[game].position if game in GAMES else None
    if reader is None:
        return f"no puzzles for the game {quoted(game)}"
    try:
        reader.check_solution(solution)
    except PositionError as error:
        return str(error)
    return None
