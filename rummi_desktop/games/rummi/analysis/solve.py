"""Solve mode of ``analyze`` for Rummi: the best play for a validated position, as JSON data.

``solve_position(table, rack, initial)`` answers
``{"game":"rummi","placed":n,"value":v,"table":[[...],...],"rack":[...],"ms":t}``
(docs/analysis-format.md): most rack tiles placed, then highest value (jokers 30); the table after
the play, with untouched melds kept as they were; ``ms`` is the solve time. The position has
already been validated by the analyze front end (``check.prepare_rummi``).
"""

from __future__ import annotations

import time
from typing import Any

from rummi_desktop.games.rummi.ai.solver import solve
from rummi_desktop.tiles import Tile


def solve_position(table: list[list[Tile]], rack: list[Tile], initial: bool) -> dict[str, Any]:
    started = time.perf_counter()
    solution = solve(table, rack, initial)
    ms = (time.perf_counter() - started) * 1000
    return {
        "game": "rummi",
        "placed": solution.placed,
        "value": solution.value,
        "table": [[tile.notation() for tile in meld] for meld in solution.table],
        "rack": [tile.notation() for tile in solution.rack],
        "ms": round(ms, 1),
    }
