"""Hand-written puzzles and a stand-in for a game's puzzle module (the contract's ``hints`` and
``check``), for the trainer and puzzle-table tests. (Holds no tests.)

The stand-in's check asks the rules model's own play check, so a wrong answer is refused for
the model's reason; its hints are the ones written into each puzzle here.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.play_check import check_play
from rummi_desktop.tiles import Tile

SPLIT_RUN = {
    "id": "t-split-001", "game": "rummi", "pack": "t-easy", "title": "Split the run",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["R3", "R4", "R5", "R6"]], "rack": ["K6", "B6"], "initial": False},
    "solution": [["R3", "R4", "R5"], ["R6", "K6", "B6"]],
    "best": 2, "runner_up": 0, "tags": ["split-run"], "rating": 20.0,
    "hints": [{"level": 1, "text": "Break the red run", "focus": [0]},
              {"level": 2, "text": "R6 leaves its run; K6 and B6 join it", "tiles": ["R6", "K6", "B6"]}],
}

EXTEND = {
    "id": "t-extend-002", "game": "rummi", "pack": "t-easy", "title": "Both ends",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["K4", "K5", "K6"], ["Y9", "B9", "R9"]], "rack": ["K3", "K7"], "initial": False},
    "solution": [["K3", "K4", "K5", "K6", "K7"], ["Y9", "B9", "R9"]],
    "best": 2, "runner_up": 1, "tags": ["double-extension"], "rating": 24.0,
    "hints": [{"level": 1, "text": "The black run", "focus": 0},
              {"level": 2, "text": "K3 and K7", "tiles": ["K3", "K7"]}],
}

TAKE_GROUP = {
    "id": "t-group-003", "game": "rummi", "pack": "t-easy", "title": "Borrow a nine",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["K9", "B9", "R9", "Y9"]], "rack": ["K10", "K11"], "initial": False},
    "solution": [["B9", "R9", "Y9"], ["K9", "K10", "K11"]],
    "best": 2, "runner_up": 0, "tags": ["take-from-group"], "rating": 28.0,
    "hints": [{"level": 1, "text": "The group of nines", "focus": [0]},
              {"level": 2, "text": "K9 goes", "tiles": ["K9", "K10", "K11"]}],
}

PUZZLES = [SPLIT_RUN, EXTEND, TAKE_GROUP]
PACKS = [{"id": "t-easy", "title": "Test Steps", "order": 1}]


def _tiles(names):
    return [Tile.parse(n) for n in names]


class FakeRummiLogic:
    """The puzzle module's ``hints``/``check`` as the contract describes them."""

    def __init__(self) -> None:
        self.checked: list = []

    def hints(self, puzzle):
        return [*puzzle["hints"], {"level": 3, "text": "Here is the whole play", "solution": puzzle["solution"]}]

    def check(self, puzzle, answer):
        self.checked.append(answer)
        position = puzzle["position"]
        verdict = check_play([_tiles(m) for m in position["table"]], _tiles(position["rack"]),
                             [_tiles(m) for m in answer], position.get("initial", False))
        if not verdict.legal:
            return {"solved": False, "value": 0, "message": verdict.error}
        if verdict.placed < puzzle["target"]:
            return {"solved": False, "value": verdict.placed,
                    "message": f"you laid {verdict.placed} tiles; the goal is {puzzle['target']}"}
        return {"solved": True, "value": verdict.placed, "message": "solved"}
