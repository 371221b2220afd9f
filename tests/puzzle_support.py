"""Hand-written Rummi puzzles (each passes ``rummi_puzzles.verify``) for the trainer and
puzzle-table tests. (Holds no tests.)"""

from __future__ import annotations

SPLIT_RUN = {
    "id": "t-split-001", "game": "rummi", "pack": "t-easy", "title": "Split the run",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["R3", "R4", "R5", "R6"]], "rack": ["K6", "B6"], "initial": False},
    "solution": [["R3", "R4", "R5"], ["R6", "K6", "B6"]],
    "best": 2, "runner_up": 0, "tags": [], "rating": 20.0,
    "features": {"broken_melds": 1, "tiles_moved": 1, "jokers": 0, "solutions": 1}, "difficulty": 4.5,
}

EXTEND = {
    "id": "t-extend-002", "game": "rummi", "pack": "t-easy", "title": "Both ends",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["K4", "K5", "K6"], ["Y9", "B9", "R9"]], "rack": ["K3", "K7"], "initial": False},
    "solution": [["K3", "K4", "K5", "K6", "K7"], ["Y9", "B9", "R9"]],
    "best": 2, "runner_up": 0, "tags": ["double-extension"], "rating": 24.0, "difficulty": 2.0,
    "features": {"broken_melds": 0, "tiles_moved": 0, "jokers": 0, "solutions": 1},
}

TAKE_GROUP = {
    "id": "t-group-003", "game": "rummi", "pack": "t-easy", "title": "Borrow a nine",
    "goal": "place-all", "target": 2,
    "position": {"game": "rummi", "table": [["K9", "B9", "R9", "Y9"]], "rack": ["K10", "K11"], "initial": False},
    "solution": [["B9", "R9", "Y9"], ["K9", "K10", "K11"]],
    "best": 2, "runner_up": 0, "tags": ["take-from-group"], "rating": 28.0,
    "features": {"broken_melds": 1, "tiles_moved": 1, "jokers": 0, "solutions": 1}, "difficulty": 4.5,
}

PUZZLES = [SPLIT_RUN, EXTEND, TAKE_GROUP]
PACKS = [{"id": "t-easy", "title": "Test Steps", "order": 1}]

