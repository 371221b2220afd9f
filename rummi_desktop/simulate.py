"""``rummi-desktop simulate``: complete games between computer seats, no window.

Every move goes through the rules model (``RummiState.play_melds`` runs the one play check);
after every move the tile census (all 106 tiles present exactly once) and the validity of
every table meld are checked again here. A refused play or a failed check is a violation.
Prints one JSON line (docs/analysis-format.md):
``{"game":"rummi","games":N,"seats":[...],"wins":[...],"draws":d,"mean_turns":t,
"violations":v,"think_ms":{tier:{"mean","p95","max"}}}``.
Seats rotate over the same deal: each deal is played once per seat, the seat list turned one
step each time, so every tier plays every hand from every place and the luck of the deal
cancels out (a 200-game run of hard,hard is exactly 100–100). The same seed gives the same
games.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field

from rummi_desktop.ai.seat_view import seat_view
from rummi_desktop.ai.tiers import TIERS, choose_play
from rummi_desktop.games.rummi.melds import is_valid_meld
from rummi_desktop.games.rummi.state import RummiParameters, RummiState
from rummi_desktop.tiles import rummi_set

THINK_BUDGET = 2.0  # seconds per move, as the table scene gives a computer seat
MAX_TURNS = 2000  # a safety stop: a game this long counts as a draw
FULL_CENSUS = list(range(len(rummi_set())))


@dataclass
class Tally:
    wins: list[int]
    draws: int = 0
    turns: int = 0
    violations: int = 0
    think: dict[str, list[float]] = field(default_factory=dict)


def rules_hold(state: RummiState) -> bool:
    """The checks run after every move: every tile exactly once, every meld valid."""
    return state.tile_census() == FULL_CENSUS and all(is_valid_meld(m) for m in state.table_tiles())


def play_turn(state: RummiState, tier: str, tally: Tally) -> None:
    view = seat_view(state, tier)
    started = time.perf_counter()
    melds = choose_play(view, deadline=started + THINK_BUDGET)
    tally.think.setdefault(tier, []).append((time.perf_counter() - started) * 1000)
    if melds is not None:
        result = state.play_melds(melds)
        if result.ok:
            return
        tally.violations += 1  # the seat proposed an illegal play; it draws instead
    state.draw()


def play_game(tiers: tuple[str, ...], seed: int, tally: Tally) -> tuple[int, ...]:
    """One game; returns the winners' seat indices (empty for a draw)."""
    state = RummiState.new(RummiParameters(seats=tiers, seed=seed))
    while not state.is_over and state.turn_number <= MAX_TURNS:
        play_turn(state, tiers[state.current], tally)
        if not rules_hold(state):
            tally.violations += 1
    tally.turns += state.turn_number
    return state.result.winners if state.result is not None else ()


def simulate(tiers: list[str], games: int, seed: int) -> dict:
    seats = len(tiers)
    tally = Tally(wins=[0] * seats)
    for game in range(games):
        shift = game % seats  # seat i of this game is seat (i + shift) % seats of the list
        order = tuple(tiers[(i + shift) % seats] for i in range(seats))
        winners = play_game(order, seed * 100_003 + game // seats, tally)
        if not winners:
            tally.draws += 1
        for winner in winners:
            tally.wins[(winner + shift) % seats] += 1
    return {
        "game": "rummi",
        "games": games,
        "seats": list(tiers),
        "wins": tally.wins,
        "draws": tally.draws,
        "mean_turns": round(tally.turns / games, 1) if games else 0.0,
        "violations": tally.violations,
        "think_ms": {tier: _summary(times) for tier, times in tally.think.items()},
    }


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"mean": round(sum(ordered) / len(ordered), 1), "p95": round(p95, 1), "max": round(ordered[-1], 1)}


def run_simulate(game: str, seats_csv: str, games: int, seed: int) -> int:
    if game != "rummi":
        print(f"simulate: only rummi can be simulated so far, not {game!r}", file=sys.stderr)
        return 2
    tiers = [name.strip().lower() for name in seats_csv.split(",") if name.strip()]
    unknown = [name for name in tiers if name not in TIERS]
    if unknown or not 2 <= len(tiers) <= 4 or games < 1:
        print(f"simulate: give 2 to 4 seats from {', '.join(TIERS)} and --games ≥ 1 "
              f"(got {seats_csv!r}, {games})", file=sys.stderr)  # fmt: skip
        return 2
    print(json.dumps(simulate(tiers, games, seed), separators=(",", ":")))
    return 0
