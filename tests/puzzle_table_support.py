"""Puzzles and helpers for the puzzle-table tests (holds no tests).

The puzzles are hand-written (their solutions found by ``rummi-desktop analyze``).
"""

from __future__ import annotations

RUMMBLE_PUZZLE = {
    "id": "rummble-test-001", "game": "rummble", "pack": "", "title": "Down to the run",
    "goal": "best-score", "target": 31,
    "position": {"game": "rummble", "board": [[6, 4, "K4"], [6, 5, "K5"], [6, 6, "K6"], [6, 7, "K7"]],
                 "rack": ["R2", "B9", "Y9", "R11", "Y3", "B12", "K1"]},
    "solution": [[4, 3, "K1"], [5, 3, "R2"], [6, 3, "Y3"]], "best": 31, "runner_up": 25,
    "tags": [], "features": {}, "difficulty": 1.0, "rating": 25.0,
}


class Outcomes(list):
    """An on_finish that keeps what it was called with."""

    def __call__(self, outcome) -> None:
        self.append(outcome)


class RummbleLogicStandIn:
    """Until the puzzle module lands: check and hints as the contract describes them, from the model."""

    @staticmethod
    def check(puzzle, answer):
        from rummi_desktop.games.rummble.board import Board, Laid
        from rummi_desktop.games.rummble.play import check_play

        board = Board.from_tiles([(r, c, Laid.parse(t)) for r, c, t in puzzle["position"]["board"]])
        verdict = check_play(board, [(r * 13 + c, Laid.parse(t)) for r, c, t in answer])
        if not verdict.legal:
            return {"solved": False, "value": 0, "message": verdict.reason}
        solved = verdict.score >= puzzle["target"]
        return {"solved": solved, "value": verdict.score,
                "message": f"{verdict.score} points" + ("" if solved else f"; the target is {puzzle['target']}")}

    @staticmethod
    def hints(puzzle):
        solution = puzzle["solution"]
        return [{"level": 1, "text": "Look at this square", "focus": solution[0][:2]},
                {"level": 2, "text": "Use these tiles", "focus": [t for _, _, t in solution]},
                {"level": 3, "solution": solution}]


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


class TumblewordsLogicStandIn:
    """Until the puzzle module lands: check and hints as the contract describes them, from the model."""

    @staticmethod
    def check(puzzle, answer):
        from rummi_desktop.games.tumblewords.grid import Grid
        from rummi_desktop.games.tumblewords.moves import Drop
        from rummi_desktop.games.tumblewords.play import check_drop
        from rummi_desktop.storage.word_lists import shipped_dictionary

        position = puzzle["position"]
        column, letter = answer
        drop = Drop(column, letter.upper(), blank=letter.islower())
        verdict = check_drop(Grid.from_rows(position["rows"]), position["hand"], drop, shipped_dictionary(), 2)
        if not verdict.legal:
            return {"solved": False, "value": 0, "message": verdict.reason}
        solved = verdict.score >= puzzle["target"]
        return {"solved": solved, "value": verdict.score,
                "message": f"{verdict.score} points" + ("" if solved else f"; the target is {puzzle['target']}")}

    @staticmethod
    def hints(puzzle):
        column, letter = puzzle["solution"]
        return [{"level": 1, "text": f"Try column {column + 1}", "focus": column},
                {"level": 2, "text": f"Drop the {letter}", "focus": letter},
                {"level": 3, "solution": puzzle["solution"]}]
