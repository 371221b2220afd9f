"""Puzzles and helpers for the puzzle-table tests (holds no tests).

The puzzles are hand-written; the games' puzzle modules verify them (tests check that).
"""

from __future__ import annotations

RUMMBLE_PUZZLE = {
    "id": "rummble-test-001", "game": "rummble", "pack": "", "title": "Down to the run",
    "goal": "best-score", "target": 31,
    "position": {"game": "rummble", "board": [[6, 4, "K4"], [6, 5, "K5"], [6, 6, "K6"], [6, 7, "K7"]],
                 "rack": ["R2", "B9", "Y9", "R11", "Y3", "B12", "K1"]},
    "solution": [[4, 3, "K1"], [5, 3, "R2"], [6, 3, "Y3"]], "best": 31, "runner_up": 30,
    "tags": [], "features": {}, "difficulty": 1.0, "rating": 25.0,
}


class Outcomes(list):
    """An on_finish that keeps what it was called with."""

    def __call__(self, outcome) -> None:
        self.append(outcome)



TUMBLEWORDS_PUZZLE = {
    "id": "tumblewords-test-001", "game": "tumblewords", "pack": "", "title": "Stop at the end",
    "goal": "best-score", "target": 14,
    "position": {"game": "tumblewords",
                 "rows": ["........", "........", "........", "........", "........", "........", "...A....",
                          "C.TSTOP."],
                 "hand": ["E", "R", "A", "O", "N", "I", "L"]},
    "solution": [7, "E"], "best": 14, "runner_up": 11,
    "tags": [], "features": {}, "difficulty": 1.0, "rating": 25.0,
}

