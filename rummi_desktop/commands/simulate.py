"""``rummi-desktop simulate``: complete games between computer seats, no window, for any game
in :data:`~rummi_desktop.games.GAMES`.

Every seat gets the game's seat view as data, its tier returns a Move, and the move goes
through the rules model by :func:`~rummi_desktop.games.base.play_seat_move` — the same path as
the window. After every move the game's own invariants (``spec.audit``: for Rummi, all 106
tiles (108 with four jokers) present exactly once and every table meld valid) are checked again; a refused move (the
seat forfeits its turn instead) or a failed check is a violation. Prints one JSON line
(docs/analysis-format.md):
``{"game":"rummi","games":N,"seats":[...],"wins":[...],"shared":s,"draws":d,"mean_turns":t,
"violations":v,"think_ms":{tier:{"mean","p95","max"}}}``.

Wins and draws: a game a seat wins alone is one win for it. A game two or more seats win
together (a blocked Rummi round where the lowest racks tie) is a *shared win*: one win for
each of them, and it is counted once in ``shared``. A game no seat wins (stopped at the turn
cap) is a *draw*. So ``games = draws + (games won alone) + shared``.

``--rules '{"jokers": 4}'``: the house rules every game is played under, a JSON object of
the game's setup options (as a position's ``rules``); the line then carries them as ``rules``.

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
from typing import Any

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES, find_game
from rummi_desktop.games.base import GameSpec, play_seat_move
from rummi_desktop.games.positions import PositionError, read_rules

THINK_BUDGET = 2.0  # seconds per move, as the table scene gives a computer seat
MAX_TURNS = 2000  # a safety stop: a game this long counts as a draw


@dataclass
class Tally:
    wins: list[int]
    shared: int = 0
    draws: int = 0
    turns: int = 0
    violations: int = 0
    think: dict[str, list[float]] = field(default_factory=dict)


def play_turn(spec: GameSpec, state, tier: str, tally: Tally) -> None:
    choose = load_entry(spec, "computer")
    view = spec.seat_view(state, state.current)
    started = time.perf_counter()
    move = choose(view, tier, deadline=started + THINK_BUDGET)
    tally.think.setdefault(tier, []).append((time.perf_counter() - started) * 1000)
    if play_seat_move(spec, state, move).refused:
        tally.violations += 1  # the seat proposed an illegal move; it forfeited the turn instead


def play_game(spec: GameSpec, tiers: tuple[str, ...], seed: int, tally: Tally,
              rules: dict[str, Any] | None = None) -> tuple[int, ...]:  # fmt: skip
    """One game under the house ``rules`` (setup options); returns the winners' seat indices
    (empty for a draw)."""
    state = spec.new_state(tiers, seed, **(rules or {}))
    turns = 0
    while not state.is_terminal and turns < MAX_TURNS:
        play_turn(spec, state, tiers[state.current], tally)
        turns += 1
        if spec.audit(state):
            tally.violations += 1
    tally.turns += turns
    return state.winners()


def simulate(spec: GameSpec, tiers: list[str], games: int, seed: int, rules: dict[str, Any] | None = None) -> dict:
    seats = len(tiers)
    tally = Tally(wins=[0] * seats)
    for game in range(games):
        shift = game % seats  # seat i of this game is seat (i + shift) % seats of the list
        order = tuple(tiers[(i + shift) % seats] for i in range(seats))
        winners = play_game(spec, order, seed * 100_003 + game // seats, tally, rules)
        if not winners:
            tally.draws += 1
        elif len(winners) > 1:
            tally.shared += 1
        for winner in winners:
            tally.wins[(winner + shift) % seats] += 1
    report = {
        "game": spec.key,
        "games": games,
        "seats": list(tiers),
        "wins": tally.wins,
        "shared": tally.shared,
        "draws": tally.draws,
        "mean_turns": round(tally.turns / games, 1) if games else 0.0,
        "violations": tally.violations,
        "think_ms": {tier: _summary(times) for tier, times in tally.think.items()},
    }
    if rules:  # only a house rule is written: the usual line stays as it was
        report["rules"] = rules
    return report


def read_simulate_rules(spec: GameSpec, text: str | None) -> dict[str, Any]:
    """The ``--rules`` JSON object, each key one of the game's setup options and its value one
    of that option's choices; PositionError saying what is wrong."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as error:
        raise PositionError(f"--rules is not JSON ({error})") from None
    return read_rules(value, {option.key: option.choices for option in spec.options})


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"mean": round(sum(ordered) / len(ordered), 1), "p95": round(p95, 1), "max": round(ordered[-1], 1)}


def run_simulate(game: str, seats_csv: str, games: int, seed: int, rules_text: str | None = None) -> int:
    spec = find_game(game)
    if spec is None or not spec.has("computer"):
        print(f"simulate: unknown game {game!r} (one of {', '.join(GAMES)})", file=sys.stderr)
        return 2
    tiers = [name.strip().lower() for name in seats_csv.split(",") if name.strip()]
    unknown = [name for name in tiers if name not in spec.tiers]
    if unknown or not spec.min_seats <= len(tiers) <= spec.max_seats or games < 1:
        print(f"simulate: give {spec.min_seats} to {spec.max_seats} seats from {', '.join(spec.tiers)} "
              f"and --games ≥ 1 (got {seats_csv!r}, {games})", file=sys.stderr)  # fmt: skip
        return 2
    try:
        rules = read_simulate_rules(spec, rules_text)
    except PositionError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    print(json.dumps(simulate(spec, tiers, games, seed, rules), separators=(",", ":")))
    return 0
