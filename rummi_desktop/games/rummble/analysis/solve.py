"""Rummble solve mode for ``analyze``: the highest-scoring play and how many legal plays exist.

The move generator finds the plays; the answer's sets and score come from the rules' own
``check_play`` on the chosen play, so analyze reports exactly what the game would score.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from rummi_desktop.games.rummble.ai.coach import ranked_plays, verdict_fields
from rummi_desktop.games.rummble.ai.movegen import Generator
from rummi_desktop.games.rummble.rules.board import Board
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, check_play
from rummi_desktop.tiles import HIGHEST, Tile

__all__ = ["solve", "verdict_fields"]


def solve(board: Board, rack: Sequence[Tile], highest: int = HIGHEST, top: int = 0, *,
          bonus: int = RUMMMBLE_BONUS) -> dict[str, Any]:
    """The best play; with ``top`` N ≥ 1 also ``"top"``, the N best plays (the best first, then
    the others by score), each written as the best one is, without ``moves`` and ``ms``.
    ``bonus``: what a Rummmble earns (the position's house rule)."""
    started = time.perf_counter()
    generator = Generator(board, rack, highest, bonus)
    best = generator.best()
    moves = generator.count()
    listed = {"top": [play.answer for play in ranked_plays(board, rack, highest, top, bonus=bonus)]} if top >= 1 else {}
    if best is None:
        return {"game": "rummble", "legal": False, "play": [], "score": 0, "moves": 0, **listed,
                "ms": _since(started)}
    verdict = check_play(board, list(best.placements), highest, bonus=bonus)
    play = [[sq // 13, sq % 13, laid.notation()] for sq, laid in best.placements]
    return {"game": "rummble", "legal": True, "play": play, **verdict_fields(verdict), "moves": moves, **listed,
            "ms": _since(started)}


def _since(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
