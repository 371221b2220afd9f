"""Computer seats for Tumblewords: four strengths, each a function of what the seat can see.

``choose_move(view, tier, *, deadline=None, cancel=None)`` is the game's ``computer`` entry
point: it takes the seat view as data (:func:`rummi_desktop.games.tumblewords.rules.seat_view.seat_view`),
rebuilds the board, the hand and the word list from it
(:mod:`~rummi_desktop.games.tumblewords.ai.position`) and returns a Move. With no legal drop (a
full board or an empty hand) it passes. In Claim mode, once it has dropped, it claims every
word of its drop and then says done; in a Pressure Cooker steal window it claims every word
the dropper missed (:mod:`~rummi_desktop.games.tumblewords.ai.claims`). It never lets a Ticker
clock run out: every tier answers well inside its budget.

Tiers:
- **easy**: a random drop that scores (a letter rather than a blank when it can); one time in
  four a weak one, from the lower-scoring half of its drops.
- **medium**: the best immediate score (keeping the blank between equals).
- **hard**: the score minus the expected best reply it hands the next seat, the expectation
  over the letters this seat cannot see (:mod:`~rummi_desktop.games.tumblewords.ai.hard`).
- **expert**: Hard, plus the worth of the letters it keeps and a look-ahead to its own next
  drop, within its time budget (:mod:`~rummi_desktop.games.tumblewords.ai.expert`).

Pure module: no pygame, no I/O; chance only from a ``random.Random`` seeded by the view.
"""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from rummi_desktop.games.tumblewords.ai.claims import claim_move
from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop, best_of, scored_drops
from rummi_desktop.games.tumblewords.ai.expert import expert_drop
from rummi_desktop.games.tumblewords.ai.hard import hard_drop
from rummi_desktop.games.tumblewords.ai.position import SeatPosition, position_from_view
from rummi_desktop.games.tumblewords.rules.moves import Move, Pass
from rummi_desktop.games.tumblewords.rules.parameters import DROPPING, TIERS

EASY_WEAK_CHANCE = 0.25

Player = Callable[[SeatPosition, list[ScoredDrop], "float | None", "threading.Event | None"], ScoredDrop]


def choose_move(view: dict[str, Any], tier: str, *, deadline: float | None = None,
                cancel: threading.Event | None = None) -> Move:  # fmt: skip
    """The seat's move: a drop, a pass, or in Claim mode its claims and done."""
    player = PLAYERS.get(tier)
    if player is None:
        raise ValueError(f"unknown computer tier {tier!r} (one of {', '.join(TIERS)})")
    position = position_from_view(view)
    if view["phase"] != DROPPING:
        return claim_move(view, position)
    drops = scored_drops(position.grid, position.hand, position.dictionary, position.min_length)
    if not drops:
        return Pass()
    return player(position, drops, deadline, cancel).drop


def easy_drop(position: SeatPosition, drops: list[ScoredDrop], deadline, cancel) -> ScoredDrop:
    rng = random.Random(position.seed)
    if rng.random() < EASY_WEAK_CHANCE:
        by_score = sorted(drops, key=lambda scored: scored.score)
        return rng.choice(by_score[:max(1, len(by_score) // 2)])
    scoring = [scored for scored in drops if scored.score > 0]
    letters = [scored for scored in scoring if not scored.drop.blank]
    return rng.choice(letters or scoring or drops)


def medium_drop(position: SeatPosition, drops: list[ScoredDrop], deadline, cancel) -> ScoredDrop:
    best = best_of(drops)
    assert best is not None
    return best


def _hard(position: SeatPosition, drops: list[ScoredDrop], deadline, cancel) -> ScoredDrop:
    return hard_drop(position, drops)


PLAYERS: dict[str, Player] = {"easy": easy_drop, "medium": medium_drop, "hard": _hard, "expert": expert_drop}
assert tuple(PLAYERS) == TIERS
