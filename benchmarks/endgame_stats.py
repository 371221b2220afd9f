"""Where Rummi rounds between two strong seats are won, and the fit behind Expert's win chance.

    .venv/bin/python benchmarks/endgame_stats.py --games 300 --seed 1000 [--seats hard,hard]

Plays ``--games`` rounds between the two seats (seeds ``seed``, ``seed + 1``, ...) and prints
one JSON line:

- ``handed``: rounds whose winner went out with a play that the loser's play just before made
  possible (the winner could not have gone out on the table as it was before it);
- ``loser_rack``: how many tiles the loser held at the end, as a histogram;
- ``win_chance_fit``: ``slope`` and ``edge`` of ``win_chance(r, m) = 1 / (1 + exp(-(slope *
  ln((m + 1) / (r + 1)) + edge)))``, fitted by maximum likelihood (grid search) to who won
  from (own rack r, other rack m) at the start of every turn once both seats have opened.
  These are the constants in ``rummi_desktop/games/rummi/ai/denial.py`` (fitted with the command
  above and ``--seats hard,hard``).
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.games.rummi.ai.solver import solve  # noqa: E402
from rummi_desktop.games.rummi.ai.seat_faces import tier_view  # noqa: E402
from rummi_desktop.games.rummi.ai.tiers import choose_play  # noqa: E402
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState  # noqa: E402


def play_round(seats: tuple[str, str], seed: int) -> dict:
    state = RummiState(RummiParameters(seats=seats, seed=seed))
    turns = []  # (seat, table before, rack before, tiles laid or -1 for a draw)
    starts = []  # (seat, own rack, other rack) at turn start, both seats opened
    while not state.is_over and state.turn_number < 2000:
        seat = state.current
        view = tier_view(state, seats[seat])
        if all(state.opened):
            starts.append((seat, len(view.rack), len(state.rack(1 - seat))))
        melds = choose_play(view)
        if melds is not None and state.play_melds(melds).ok:
            turns.append((seat, view.table, view.rack, len(view.rack) - len(state.rack(seat))))
        else:
            state.draw()
            turns.append((seat, view.table, view.rack, -1))
    winners = state.result.winners if state.result is not None else ()
    handed = False
    if len(winners) == 1 and len(turns) >= 2 and turns[-2][3] > 0:
        _, table_before_loser, _, _ = turns[-2]
        _, _, winner_rack, _ = turns[-1]
        handed = solve([list(m) for m in table_before_loser], list(winner_rack), False).placed < len(winner_rack)
    loser_rack = len(state.rack(1 - winners[0])) if len(winners) == 1 else None
    return {"winners": winners, "handed": handed, "loser_rack": loser_rack,
            "starts": [(r, m, seat in winners) for seat, r, m in starts]}  # fmt: skip


def fit_win_chance(samples: list[tuple[int, int, bool]]) -> dict[str, float]:
    tally = Counter()
    for r, m, won in samples:
        tally[(r, m, won)] += 1
    best = None
    for slope in [s / 100 for s in range(50, 301, 5)]:
        for edge in [e / 100 for e in range(-50, 51, 5)]:
            likelihood = 0.0
            for (r, m, won), count in tally.items():
                p = 1 / (1 + math.exp(-(slope * math.log((m + 1) / (r + 1)) + edge)))
                likelihood += count * math.log(p if won else 1 - p)
            if best is None or likelihood > best[0]:
                best = (likelihood, slope, edge)
    return {"slope": best[1], "edge": best[2]} if best else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--seats", default="hard,hard")
    args = parser.parse_args(argv)
    seats = tuple(args.seats.split(","))
    if len(seats) != 2:
        parser.error("two seats, such as hard,hard")
    rounds = [play_round(seats, args.seed + n) for n in range(args.games)]
    decided = [r for r in rounds if len(r["winners"]) == 1]
    report = {
        "games": args.games,
        "seats": list(seats),
        "decided": len(decided),
        "handed": sum(r["handed"] for r in decided),
        "loser_rack": dict(sorted(Counter(r["loser_rack"] for r in decided).items())),
        "win_chance_fit": fit_win_chance([s for r in rounds for s in r["starts"]]),
    }
    print(json.dumps(report, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
