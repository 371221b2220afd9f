"""Rummi's coach (the ``coach`` entry point, :class:`~rummi_desktop.games.base.Coach`): the
best plays of a turn by the exact solver, and what a turn of the log did.

A play is ranked as the solver ranks it: most rack tiles laid, then the most points (numbers,
a joker 30); its ``points`` are the points laid, its move the whole-turn ``play`` of the table
it leaves (a draw when it lays nothing). Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any, Sequence

from rummi_desktop.games.base import Candidate, Coach
from rummi_desktop.games.rummi.ai.ranked import laid_tiles, ranked_plays
from rummi_desktop.games.rummi.ai.solver import Solution
from rummi_desktop.games.rummi.rules.moves import Draw, Play
from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.tiles import Tile

Table = Sequence[Sequence[Tile]]


def solution_answer(solution: Solution) -> dict[str, Any]:
    """A play as analyze's solve answer writes it (docs/analysis-format.md), without ``ms``."""
    return {
        "game": "rummi",
        "placed": solution.placed,
        "value": solution.value,
        "table": [[tile.notation() for tile in meld] for meld in solution.table],
        "rack": [tile.notation() for tile in solution.rack],
    }


def candidate_of(table: Table, new_table: Table, rack_left: Sequence[Tile]) -> Candidate:
    """The play that turns ``table`` into ``new_table``, leaving ``rack_left`` on the rack."""
    laid = sorted(laid_tiles(table, new_table).elements())
    value = sum(tile.penalty for tile in laid)
    solution = Solution(len(laid), value, [list(meld) for meld in new_table], list(rack_left))
    move = Play(tuple(tuple(meld) for meld in new_table)).notation() if laid else Draw().notation()
    return Candidate(move, (len(laid), value), value, tuple(tile.notation() for tile in laid),
                     solution_answer(solution))


def best_plays(state: RummiState, top: int, *, deadline: float | None = None,
               cancel: threading.Event | None = None) -> list[Candidate]:
    """The ``top`` best plays of the seat on turn, exactly (:func:`ranked_plays`)."""
    table = state.table_tiles()
    solutions = ranked_plays(table, state.rack_tiles(), state.owes_opening, top, deadline=deadline, cancel=cancel,
                             opening_needed=state.params.opening_points)
    return [candidate_of(table, solution.table, solution.rack) for solution in solutions]


def turn_played(before: RummiState, after: RummiState, actions: Sequence[str]) -> Candidate:
    """What the turn laid: the table it left against the table it found (a draw lays nothing,
    whatever was tried on the table before it)."""
    seat, table = before.current, before.table_tiles()
    new_table = after.table_tiles()
    laid = laid_tiles(table, new_table)
    left = list((Counter(before.rack_tiles(seat)) - laid).elements())
    return candidate_of(table, new_table if laid else table, left)


COACH = Coach(best_plays=best_plays, turn_played=turn_played)
