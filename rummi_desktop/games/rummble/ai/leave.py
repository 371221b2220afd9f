"""What the tiles a Rummble seat keeps are worth: the leave value of Hard and Expert.

As word-game engines do (Quackle, Macondo: equity = score + leave), a play is judged by its
score plus the value of the tiles it leaves on the rack. The value is a weighted sum of a few
features of the kept tiles; the weights were learned by self-play
(tools/train_rummble_leaves.py) and ship as data in :mod:`rummble_leave_values`. The number of
tiles kept is no feature: the rack refills to 10 whatever is kept. Pure module.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from rummi_desktop.games.rummble.ai.leave_values import WEIGHTS
from rummi_desktop.tiles import Tile

FEATURES = ("jokers", "pairs", "neighbours", "same_colour_near", "duplicates", "value", "high")


def features(kept: Sequence[Tile]) -> list[float]:
    """The leave's features, in FEATURES order."""
    numbered = [t for t in kept if not t.is_joker]
    numbers = Counter(t.number for t in numbered)
    pairs = sum(count * (count - 1) // 2 for count in numbers.values())
    neighbours = sum(numbers[n] * numbers[n + 1] for n in list(numbers))
    same_colour_near = sum(1 for a in numbered for b in numbered
                           if a.colour == b.colour and 0 < b.number - a.number <= 2)
    duplicates = sum(count - 1 for count in Counter(numbered).values())
    value = sum(t.number for t in numbered)
    high = sum(1 for t in numbered if t.number >= 10)
    return [len(kept) - len(numbered), pairs, neighbours, same_colour_near, duplicates, value / 10, high]


def leave_value(kept: Sequence[Tile], weights: Sequence[float] = WEIGHTS) -> float:
    return sum(w * f for w, f in zip(weights, features(kept)))


def remaining(rack: Sequence[Tile], used: Sequence[Tile]) -> list[Tile]:
    """``rack`` without the tiles of ``used`` (one copy each)."""
    left = list(rack)
    for tile in used:
        left.remove(tile)
    return left
