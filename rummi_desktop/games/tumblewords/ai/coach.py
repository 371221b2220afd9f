"""Tumblewords' coach (the ``coach`` entry point, :class:`~rummi_desktop.games.base.Coach`):
the best drops of a turn, every drop weighed by the rules' own check (the search the strong
tiers start from), and what a turn did.

A drop is ranked by its score (listed, among equals, keeping the blank first, as analyze
picks its best drop); its tile is the letter it takes from the hand (``?`` for a blank). A pass scores
0. In Claim mode a turn is worth what its claims scored, and the best drop what all its words
would score. A stretch of the log that starts with a claim (a Pressure Cooker steal) is not a
turn the coach weighs. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from rummi_desktop.games.base import Candidate, Coach
from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop, scored_drops
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop, Move, Pass
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState


def drop_data(drop: Drop) -> list[Any]:
    """A drop as analyze writes it: ``[column, letter]``, lower case for a blank."""
    return [drop.column, drop.letter.lower() if drop.blank else drop.letter]


def drop_candidate(scored: ScoredDrop, points: int | None = None) -> Candidate:
    """A legal drop as a Candidate; its answer is analyze's solve answer without ``ms``."""
    answer = {"game": "tumblewords", "drop": drop_data(scored.drop), "row": scored.verdict.row,
              "score": scored.score, "words": [word.to_data() for word in scored.verdict.words]}
    worth = scored.score if points is None else points
    return Candidate(scored.drop.notation(), (worth,), worth,
                     (scored.drop.hand_letter,), answer)


def pass_candidate() -> Candidate:
    answer = {"game": "tumblewords", "drop": None, "row": None, "score": 0, "words": []}
    return Candidate(Pass().notation(), (0,), 0, (), answer)


def ranked_drops(grid: Grid, hand: Sequence[str], dictionary: Dictionary, min_length: int, top: int) -> list[Candidate]:
    """Up to ``top`` drops, best first (score, then keeping the blank; equals in the order
    letters A–Z, columns left to right, so the first is analyze's best drop); a pass when
    nothing can be dropped."""
    drops = scored_drops(grid, hand, dictionary, min_length)
    if not drops:
        return [pass_candidate()]
    ranked = sorted(drops, key=lambda scored: scored.rank, reverse=True)  # stable: equals keep their order
    return [drop_candidate(scored) for scored in ranked[:max(1, top)]]


def best_plays(state: TumblewordsState, top: int, *, deadline: float | None = None,
               cancel: threading.Event | None = None) -> list[Candidate]:
    return ranked_drops(state.grid, state.hand(), state.dictionary, state.params.min_length, top)


def turn_played(before: TumblewordsState, after: TumblewordsState, actions: Sequence[str]) -> Candidate | None:
    """The turn's drop (or pass); in Claim mode worth the points its claims won."""
    move = Move.parse(actions[0])
    if isinstance(move, Pass):
        return pass_candidate()
    if not isinstance(move, Drop):
        return None  # a steal window, not a turn of its own
    seat = before.current
    gained = after.scores()[seat] - before.scores()[seat] if before.params.claim else None
    return drop_candidate(ScoredDrop(move, before.check(move)), gained)


COACH = Coach(best_plays=best_plays, turn_played=turn_played)
