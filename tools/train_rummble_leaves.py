"""Learn Rummble's leave values by self-play and write them as rummi_desktop/games/rummble/ai/leave_values.py.

    .venv/bin/python tools/train_rummble_leaves.py [--games 150] [--seed 1] [--seats medium,medium]

Plays ``--games`` seeded two-seat games between the given computer tiers. Every time a seat
plays or exchanges while the pool still holds 10 tiles, the tiles it keeps (before refilling) are recorded as their features
(rummble_leave.FEATURES) together with what that seat scores on its next turn. A ridge
least-squares fit of that score on the features (with an intercept, which is dropped: it is
the same for every leave) gives the weights: how many points on the next turn each feature
of a leave is worth. They are written as a small Python module, the data the pure AI reads.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.games.rummble.ai.leave import FEATURES, features, remaining  # noqa: E402
from rummi_desktop.games.rummble.ai.tiers import choose_move  # noqa: E402
from rummi_desktop.games.base import play_seat_move  # noqa: E402
from rummi_desktop.games.rummble.rules.moves import Exchange, Play  # noqa: E402
from rummi_desktop.games.rummble.spec import RUMMBLE  # noqa: E402
from rummi_desktop.games.rummble.rules.seat_view import seat_view  # noqa: E402

OUTPUT = ROOT / "rummi_desktop" / "ai" / "rummble_leave_values.py"
RIDGE = 1.0


def self_play(seats: tuple[str, ...], seed: int) -> list[tuple[list[float], int]]:
    """(features of a kept leave, the keeper's score on its next turn) for one game."""
    state = RUMMBLE.new_state(seats, seed)
    waiting: dict[int, list[float]] = {}
    samples = []
    while not state.is_terminal:
        seat = state.current
        rack = state.rack_tiles()
        counted = len(state.pool) >= 10  # near the end, kept tiles are mostly a debt: not learned here
        move = choose_move(seat_view(state, seat), seats[seat])
        change = play_seat_move(RUMMBLE, state, move).change
        if seat in waiting:
            samples.append((waiting.pop(seat), change.points))
        if not counted:
            continue
        if isinstance(move, Play):
            waiting[seat] = features(remaining(rack, move.rack_tiles()))
        elif isinstance(move, Exchange):
            waiting[seat] = features(remaining(rack, list(move.tiles)))
    return samples


def fit(samples: list[tuple[list[float], int]]) -> list[float]:
    """Ridge least squares with an intercept (returned without it)."""
    rows = [[1.0, *x] for x, _ in samples]
    size = len(rows[0])
    normal = [[sum(r[i] * r[j] for r in rows) + (RIDGE if i == j and i else 0.0) for j in range(size)]
              for i in range(size)]
    target = [sum(r[i] * y for r, (_, y) in zip(rows, samples)) for i in range(size)]
    return solve_linear(normal, target)[1:]


def solve_linear(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [value] for row, value in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def write(weights: list[float], games: int, seed: int, seats: tuple[str, ...], samples: int) -> None:
    shown = ", ".join(f"{w:.2f}" for w in weights)
    OUTPUT.write_text(
        '"""Leave weights for Rummble, one per feature of rummble_leave.FEATURES:\n'
        f"{', '.join(FEATURES)}.\n\n"
        f"Made by tools/train_rummble_leaves.py --games {games} --seed {seed} --seats {','.join(seats)}\n"
        f"({samples} leaves; points on the next turn fitted on the features). Do not edit by hand.\n"
        '"""\n\n'
        f"WEIGHTS = ({shown})\n",
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="medium,medium")
    args = parser.parse_args(argv)
    seats = tuple(args.seats.split(","))
    samples = []
    for game in range(args.games):
        samples += self_play(seats, args.seed * 100_003 + game)
    weights = fit(samples)
    write(weights, args.games, args.seed, seats, len(samples))
    print(dict(zip(FEATURES, (round(w, 2) for w in weights))), f"from {len(samples)} leaves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
