"""Rummble's coach (the ``coach`` entry point, :class:`~rummi_desktop.games.base.Coach`): the
best plays of a turn by the move generator the strong tiers search, and what a turn did.

The generator lists every legal play with its score, so "best" here is exact for the turn's
score (the strong tiers also weigh the tiles kept; the review measures the turn itself). A
play is ranked by its score; its tiles are the rack tiles it lays (a joker as ``J``); an
exchange or a pass lays nothing and scores 0. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from rummi_desktop.games.base import Candidate, Coach
from rummi_desktop.games.rummble.ai.movegen import Candidate as Generated
from rummi_desktop.games.rummble.ai.movegen import Generator
from rummi_desktop.games.rummble.rules.board import Board, Laid
from rummi_desktop.games.rummble.rules.moves import Move, Pass, Placement, Play
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, PlayVerdict, check_play
from rummi_desktop.games.rummble.rules.state import RummbleState
from rummi_desktop.tiles import HIGHEST, Tile

Placements = Sequence[tuple[int, Laid]]


def verdict_fields(verdict: PlayVerdict) -> dict[str, Any]:
    """``score``, ``sets`` and ``bonus`` of a legal play, as analyze writes them."""
    return {
        "score": verdict.score,
        "sets": [{"tiles": found.tile_texts(), "kind": found.kind, "points": found.points} for found in verdict.sets],
        "bonus": verdict.bonus,
    }


def play_candidate(board: Board, placements: Placements, highest: int = HIGHEST,
                   bonus: int = RUMMMBLE_BONUS) -> Candidate:
    """A legal play as a Candidate, scored by the rules' own check; its answer is analyze's
    solve answer without ``moves`` and ``ms``."""
    verdict = check_play(board, list(placements), highest, bonus=bonus)
    move = Play(tuple(Placement(*divmod(sq, 13), laid) for sq, laid in placements))
    play = [[sq // 13, sq % 13, laid.notation()] for sq, laid in placements]
    answer = {"game": "rummble", "legal": True, "play": play, **verdict_fields(verdict)}
    return Candidate(move.notation(), (verdict.score,), verdict.score,
                     tuple(laid.rack_tile.notation() for _, laid in placements), answer)


def idle_candidate(move: Move) -> Candidate:
    """A turn that lays nothing (an exchange, a pass): no tiles, no score."""
    answer = {"game": "rummble", "legal": False, "play": [], "score": 0}
    return Candidate(move.notation(), (0,), 0, (), answer)


def ranked_plays(board: Board, rack: Sequence[Tile], highest: int, top: int, *, deadline: float | None = None,
                 cancel: threading.Event | None = None, bonus: int = RUMMMBLE_BONUS) -> list[Candidate]:
    """Up to ``top`` legal plays, best first (the generator's best, then the others by score,
    equal scores in the generator's order); a pass when there is none. ``bonus``: what a
    Rummmble earns at the table."""
    generator = Generator(board, rack, highest, bonus)
    best = generator.best(cancel=cancel)
    if best is None:
        return [idle_candidate(Pass())]
    ranked: list[Generated] = [best]
    if top > 1:
        others = [play for play in generator.plays(cancel=cancel) if play.placements != best.placements]
        ranked += sorted(others, key=lambda play: -play.score)[: top - 1]
    return [play_candidate(board, play.placements, highest, bonus) for play in ranked]


def best_plays(state: RummbleState, top: int, *, deadline: float | None = None,
               cancel: threading.Event | None = None) -> list[Candidate]:
    return ranked_plays(state.board, state.rack_tiles(), state.params.highest, top, deadline=deadline, cancel=cancel,
                        bonus=state.params.bonus)


def turn_played(before: RummbleState, after: RummbleState, actions: Sequence[str]) -> Candidate:
    """The turn's one action: a play scored on the board it found, or a turn laying nothing."""
    move = Move.parse(actions[0])
    if isinstance(move, Play):
        return play_candidate(before.board, [(p.square, p.laid) for p in move.placements], before.params.highest,
                              before.params.bonus)
    return idle_candidate(move)


COACH = Coach(best_plays=best_plays, turn_played=turn_played)
