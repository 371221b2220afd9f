"""Tumblewords' own statistics of a finished game, per seat (the ``stats`` entry point): the
game is replayed from its seed, word list and log, and every move measured by the words the
model scored for it. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from rummi_desktop.games.base import GameStats, StatMeasure
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState

MEASURES = (
    StatMeasure("tiles_per_turn", "Letters dropped per turn", "mean"),
    StatMeasure("words", "Words scored", "sum"),
    StatMeasure("best_word", "Best word (points: one a letter)", "best"),
    StatMeasure("best_drop", "Best drop (points)", "best"),
    StatMeasure("palindromes", "Palindromes scored", "sum"),
)
PALINDROME_LETTERS = 3  # "AA" reads the same backwards too, but is no feat
TURN_OUTCOMES = ("dropped", "passed", "timed_out")  # the moves that are a seat's turn


def seat_stats(state: TumblewordsState, seat: int) -> dict[str, float]:
    replay = TumblewordsState(state.params, state.dictionary, state.setup)  # a hand-made start replays too
    turns = drops = words = best_word = best_drop = palindromes = 0
    for action in state.log:
        result = replay.perform(action)
        if result.seat != seat:
            continue
        turns += result.outcome in TURN_OUTCOMES
        drops += result.outcome == "dropped"
        words += len(result.words)
        best_word = max([best_word, *(word.points for word in result.words)])
        best_drop = max(best_drop, result.points)
        palindromes += sum(1 for word in result.words if is_palindrome(word.word))
    return {"tiles_per_turn": round(drops / turns, 3) if turns else 0.0, "words": words,
            "best_word": best_word, "best_drop": best_drop, "palindromes": palindromes}


def is_palindrome(word: str) -> bool:
    return len(word) >= PALINDROME_LETTERS and word == word[::-1]


STATS = GameStats(MEASURES, seat_stats)
