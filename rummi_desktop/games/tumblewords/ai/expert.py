"""Expert's Tumblewords drop: Hard's judgement (score minus the expected best reply over the
unseen letters), plus the worth of the letters it keeps, plus a look-ahead two drops deep.

- **Leave**: a blank, an S and a balance of vowels and consonants are worth keeping; a Q
  without a U, a J, X, Z, V or K, and doubled letters are not (:func:`leave_value`). The
  weight fades as the bag empties: near the end, letters kept are letters never played.
- **Look-ahead**: for the best few drops, a few hands for the next seat are drawn from the
  unseen letters (seeded by the view); the next seat plays its best letter where it scores
  most, and Expert's own best next drop from the letters it kept is added (half weight: it is
  further away and less sure).
The look-ahead stops at the deadline (or after ``LOOK_AHEAD_SECONDS``) and the best drop
judged so far is played; the first is always judged. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter

from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop
from rummi_desktop.games.tumblewords.ai.hard import Judged, board_after, judge_all
from rummi_desktop.games.tumblewords.ai.position import SeatPosition
from rummi_desktop.games.tumblewords.ai.replies import SquareScorer
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS

LOOK_AHEAD_SECONDS = 0.3
LOOK_AHEAD_DROPS = 10  # the best drops by Hard's value and leave that get the look-ahead
SAMPLED_HANDS = 8
FOLLOW_WEIGHT = 0.5
LEAVE_FADE_BAG = 20  # the leave counts fully while the bag holds at least this many letters
KEEP = {BLANK: 3.0, "S": 1.2, "E": 0.4, "R": 0.3, "T": 0.3, "A": 0.2, "N": 0.2, "L": 0.1,
        "Q": -3.0, "J": -1.5, "X": -0.8, "Z": -1.0, "V": -1.2, "K": -0.6, "W": -0.4, "U": -0.3}
VOWELS = set("AEIOU")


def leave_value(letters: list[str]) -> float:
    """What keeping ``letters`` is worth, in points (see the module docstring)."""
    counts = Counter(letters)
    value = sum(KEEP.get(letter, 0.0) for letter in letters)
    if counts["Q"] and counts["U"]:
        value -= KEEP["Q"] / 2
    plain = [letter for letter in letters if letter != BLANK]
    vowels = sum(letter in VOWELS for letter in plain)
    value -= 0.7 * abs(vowels - 0.4 * len(plain))
    value -= 0.6 * sum(copies - 1 for letter, copies in counts.items() if letter != BLANK and copies > 1)
    return value


def kept(hand: list[str], scored: ScoredDrop) -> list[str]:
    rest = list(hand)
    rest.remove(scored.drop.hand_letter)
    return rest


def best_of_hand(best: dict[str, int], letters: list[str]) -> int:
    return max((best[letter] for letter in letters), default=0)


def sampled_hands(position: SeatPosition) -> list[list[str]]:
    pool = sorted(position.unseen.elements())
    size = min(position.next_hand_size, len(pool))
    rng = random.Random(position.seed)
    return [rng.sample(pool, size) for _ in range(SAMPLED_HANDS)] if size else []


def follow_up(position: SeatPosition, scorer: SquareScorer, judged: Judged, hands: list[list[str]]) -> float:
    """Expert's expected best next drop after ``judged`` and the next seat's best reply."""
    if not hands:
        return 0.0
    grid, mine = position.grid, kept(position.hand, judged.scored)
    after_mine = board_after(position, judged.scored)
    letter_best, total = judged.table.letter_best(), 0
    try:
        for hand in hands:
            letter = max(hand, key=letter_best.__getitem__)
            shown = max(LETTERS, key=letter_best.__getitem__) if letter == BLANK else letter
            col, _points = judged.table.best_square(shown)
            if col < 0:
                break  # my drop filled the board
            before_reply = grid.snapshot()
            row = grid.drop(col, -1, shown.lower() if letter == BLANK else shown)
            total += best_of_hand(judged.table.after(scorer, grid, col, row).letter_best(), mine)
            grid.restore(before_reply)
    finally:
        grid.restore(after_mine)
    return total / len(hands)


def expert_drop(position: SeatPosition, drops: list[ScoredDrop], deadline: float | None,
                cancel: threading.Event | None) -> ScoredDrop:  # fmt: skip
    stop_at = time.perf_counter() + LOOK_AHEAD_SECONDS
    if deadline is not None:
        stop_at = min(stop_at, deadline)
    scorer = SquareScorer(position.dictionary, position.min_length)
    weight = min(1.0, position.bag_size / LEAVE_FADE_BAG)
    judged = judge_all(position, drops, scorer)
    rough = sorted(judged, key=lambda j: -(j.value + weight * leave_value(kept(position.hand, j.scored))))
    hands = sampled_hands(position)
    best, best_value = rough[0].scored, float("-inf")
    for number, candidate in enumerate(rough[:LOOK_AHEAD_DROPS]):
        if number and (time.perf_counter() > stop_at or (cancel is not None and cancel.is_set())):
            break
        value = (candidate.value + weight * leave_value(kept(position.hand, candidate.scored))
                 + FOLLOW_WEIGHT * follow_up(position, scorer, candidate, hands))
        if value > best_value:
            best, best_value = candidate.scored, value
    return best
