"""How fast Rummble's set classifier and play check are (the move generator calls them a lot).

    .venv/bin/python benchmarks/rummble_check_bench.py [--seed 1] [--turns 30]

Plays ``--turns`` seeded turns of a 2-seat game with a simple legal policy (one or two tiles
next to the board) to get a mid-game board, then times, and prints as one JSON line:
``classify_us`` (a random 2–6 tile line), ``single_us`` (every numbered face on every empty
square next to the board, as one-tile plays), ``double_us`` (two-tile plays across), and ``single_unexplained_us`` (the one-tile plays with
``explain=False``, as a generator calls it).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.games.rummble.rules.board import SIZE, SQUARES, Laid  # noqa: E402
from rummi_desktop.games.rummble.rules.moves import Pass, Play, Placement  # noqa: E402
from rummi_desktop.games.rummble.rules.play import check_play  # noqa: E402
from rummi_desktop.games.rummble.rules.sets import classify  # noqa: E402
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState  # noqa: E402

FACES = [Laid(colour, number) for colour in "KBRY" for number in range(1, 14)]


def anchors(board) -> list[int]:
    cells = board.cells
    near = (-SIZE, SIZE, -1, 1)
    return [sq for sq in range(SQUARES) if cells[sq] is None
            and any(0 <= sq + d < SQUARES and abs((sq + d) % SIZE - sq % SIZE) <= 1 and cells[sq + d] is not None
                    for d in near)]


def mid_game(seed: int, turns: int) -> RummbleState:
    state = RummbleState(RummbleParameters(seats=("a", "b"), seed=seed))
    rng = random.Random(seed)
    for _ in range(turns):
        move = first_legal(state, rng)
        state.apply(move or Pass())
    return state


def first_legal(state: RummbleState, rng: random.Random):
    rack = [t for t in state.rack_tiles() if not t.is_joker]
    squares = [6 * SIZE + 6] if state.board.is_empty else anchors(state.board)
    rng.shuffle(squares)
    for sq in squares:
        for i, a in enumerate(rack):
            for b in [None] + rack[:i] + rack[i + 1:]:
                placed = [(sq, Laid(a.colour, a.number))]
                if b is not None and sq % SIZE < SIZE - 1:
                    placed.append((sq + 1, Laid(b.colour, b.number)))
                if check_play(state.board, placed).legal:
                    return Play(tuple(Placement(*divmod(s, SIZE), laid) for s, laid in placed))
    return None


def per_call_us(calls, work) -> float:
    started = time.perf_counter()
    for call in calls:
        work(call)
    return round((time.perf_counter() - started) / len(calls) * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    board = mid_game(args.seed, args.turns).board
    lines = [tuple(rng.choice(FACES) for _ in range(rng.randint(2, 6))) for _ in range(100_000)]
    singles = [[(sq, face)] for sq in anchors(board) for face in FACES] * 5
    doubles = [[(sq, a), (sq + 1, b)] for sq in anchors(board) if sq % SIZE < SIZE - 1
               for a in FACES[::3] for b in FACES[1::3]]
    print(json.dumps({
        "board_tiles": board.count, "anchors": len(anchors(board)),
        "classify_us": per_call_us(lines, classify),
        "single_us": per_call_us(singles, lambda p: check_play(board, p)),
        "double_us": per_call_us(doubles, lambda p: check_play(board, p)),
        "single_unexplained_us": per_call_us(singles, lambda p: check_play(board, p, explain=False)),
    }))


if __name__ == "__main__":
    main()
