"""Hard's judgement of a Tumblewords drop: its score minus the best reply it hands the next
seat, expected over the letters this seat cannot see (the bag and the other hands together,
:func:`~rummi_desktop.games.tumblewords.ai.position.unseen_letters`), never the next seat's real hand.

For each candidate drop the board after it is scored for every letter in every column
(:class:`~rummi_desktop.games.tumblewords.ai.replies.ReplyTable`), each letter's best is taken, and
:func:`~rummi_desktop.games.tumblewords.ai.replies.expected_best` gives the expected best for a hand
of the next seat's size drawn from the unseen letters. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop
from rummi_desktop.games.tumblewords.ai.position import SeatPosition
from rummi_desktop.games.tumblewords.ai.replies import ReplyTable, SquareScorer, expected_best

BLANK_CANDIDATES = 8  # blank drops weighed: the best-scoring few that beat every letter drop


@dataclass(frozen=True, slots=True)
class Judged:
    """A candidate drop, the expected best reply after it, and the board's reply table."""

    scored: ScoredDrop
    reply: float
    table: ReplyTable

    @property
    def value(self) -> float:
        return self.scored.score - self.reply


def candidates(drops: list[ScoredDrop]) -> list[ScoredDrop]:
    """Every letter drop, and the few blank drops that score more than any letter drop (a blank
    that only matches a letter's score is better kept)."""
    letters = [scored for scored in drops if not scored.drop.blank]
    best_letter = max((scored.score for scored in letters), default=-1)
    blanks = sorted((s for s in drops if s.drop.blank and s.score > best_letter), key=lambda s: -s.score)
    return letters + blanks[:BLANK_CANDIDATES]


def board_after(position: SeatPosition, scored: ScoredDrop):
    """Drop the candidate onto the position's grid; returns the snapshot to restore."""
    grid, drop = position.grid, scored.drop
    snapshot = grid.snapshot()
    grid.drop(drop.column, -1, drop.letter.lower() if drop.blank else drop.letter)
    return snapshot


def judge(position: SeatPosition, scorer: SquareScorer, base: ReplyTable, scored: ScoredDrop) -> Judged:
    snapshot = board_after(position, scored)
    try:
        table = base.after(scorer, position.grid, scored.drop.column, scored.verdict.row)
    finally:
        position.grid.restore(snapshot)
    reply = expected_best(table.letter_best(), position.unseen, position.next_hand_size)
    return Judged(scored, reply, table)


def judge_all(position: SeatPosition, drops: list[ScoredDrop], scorer: SquareScorer | None = None) -> list[Judged]:
    """The candidates judged, best first (ties: the better immediate rank, then drop order)."""
    scorer = scorer or SquareScorer(position.dictionary, position.min_length)
    base = ReplyTable.build(scorer, position.grid)
    judged = [judge(position, scorer, base, scored) for scored in candidates(drops)]
    order = sorted(range(len(judged)), key=lambda i: (-judged[i].value, tuple(-x for x in judged[i].scored.rank), i))
    return [judged[i] for i in order]


def hard_drop(position: SeatPosition, drops: list[ScoredDrop]) -> ScoredDrop:
    return judge_all(position, drops)[0].scored
