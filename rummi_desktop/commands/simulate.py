"""``rummi-desktop simulate``: complete games between computer seats, no window, for any game
in :data:`~rummi_desktop.games.GAMES`.

Every seat gets the game's seat view as data, its tier returns a Move, and the move goes
through the rules model by :func:`~rummi_desktop.games.base.play_seat_move` — the same path as
the window. After every move the game's own invariants (``spec.audit``: for Rummi, all 106
tiles (108 with four jokers) present exactly once and every table meld valid) are checked again; a refused move (the
seat forfeits its turn instead) or a failed check is a violation. Prints one JSON line
(docs/analysis-format.md):
``{"game":"rummi","games":N,"seats":[...],"wins":[...],"shared":s,"draws":d,"mean_turns":t,
"violations":v,"deadline_hits":h,"think_ms":{tier:{"mean","p50","p95","max"}}}``.

Wins and draws: a game a seat wins alone is one win for it. A game two or more seats win
together (a blocked Rummi round where the lowest racks tie) is a *shared win*: one win for
each of them, and it is counted once in ``shared``. A game no seat wins (stopped at the turn
cap) is a *draw*. So ``games = draws + (games won alone) + shared``.

Every tier's search is bounded by work (nodes, samples), so the same seed gives the same games
on any machine. Each move still gets a deadline of :data:`SAFETY_NET` seconds, as in the
window; a move that comes back after it (the safety net fired, or would have) is counted in
``deadline_hits``, which is 0 in a healthy build.

``--rules '{"jokers": 4}'``: the house rules every game is played under, a JSON object of
the game's setup options (as a position's ``rules``); the line then carries them as ``rules``.
``--jobs N`` plays the deals on N processes; the games and the counts are the same.

Seats rotate over the same deal: each deal is played once per seat, the seat list turned one
step each time, so every tier plays every hand from every place and the luck of the deal
cancels out (a 200-game run of hard,hard is exactly 100–100).
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from rummi_desktop.entry_points import load_entry, start_games
from rummi_desktop.games import GAMES, find_game
from rummi_desktop.games.base import GameSpec, play_seat_move
from rummi_desktop.games.positions import PositionError, read_rules
from rummi_desktop.games.seats import THINKING_BUDGET

SAFETY_NET = THINKING_BUDGET  # seconds a move may take before its deadline passes, as in the window
MAX_TURNS = 2000  # a safety stop: a game this long counts as a draw


@dataclass
class Tally:
    wins: list[int]
    shared: int = 0
    draws: int = 0
    turns: int = 0
    violations: int = 0
    deadline_hits: int = 0
    think: dict[str, list[float]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        """Fold in the counts of games played elsewhere (another process)."""
        self.turns += other.turns
        self.violations += other.violations
        self.deadline_hits += other.deadline_hits
        for tier, times in other.think.items():
            self.think.setdefault(tier, []).extend(times)


def play_turn(spec: GameSpec, state, tier: str, tally: Tally) -> None:
    choose = load_entry(spec, "computer")
    view = spec.seat_view(state, state.current)
    started = time.perf_counter()
    move = choose(view, tier, deadline=started + SAFETY_NET)
    finished = time.perf_counter()
    tally.think.setdefault(tier, []).append((finished - started) * 1000)
    if finished > started + SAFETY_NET:
        tally.deadline_hits += 1
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


def deals(tiers: list[str], games: int, seed: int) -> list[tuple[int, tuple[str, ...], int]]:
    """Each game's (shift, seats in play order, deal seed): seat i of a game is seat
    (i + shift) % seats of the list."""
    seats = len(tiers)
    return [(game % seats, tuple(tiers[(i + game % seats) % seats] for i in range(seats)),
             seed * 100_003 + game // seats) for game in range(games)]  # fmt: skip


def play_deal(game: str, tiers: tuple[str, ...], seed: int, rules: dict[str, Any] | None) -> tuple[tuple[int, ...], Tally]:
    """One game played in a worker process (the spec is found there by its key)."""
    tally = Tally(wins=[0] * len(tiers))
    winners = play_game(GAMES[game], tiers, seed, tally, rules)
    return winners, tally


def simulate(spec: GameSpec, tiers: list[str], games: int, seed: int, rules: dict[str, Any] | None = None,
             jobs: int = 1) -> dict:  # fmt: skip
    """The contract's line (module docstring) for ``games`` games between ``tiers``."""
    return report(spec, tiers, games, play_games(spec, tiers, games, seed, rules, jobs), rules)


def play_games(spec: GameSpec, tiers: list[str], games: int, seed: int, rules: dict[str, Any] | None = None,
               jobs: int = 1) -> Tally:  # fmt: skip
    """Play the games; the tally holds every count and every move's think time."""
    tally = Tally(wins=[0] * len(tiers))
    planned = deals(tiers, games, seed)
    for (shift, _order, _seed), winners in zip(planned, _outcomes(spec, planned, tally, rules, jobs)):
        if not winners:
            tally.draws += 1
        elif len(winners) > 1:
            tally.shared += 1
        for winner in winners:
            tally.wins[(winner + shift) % len(tiers)] += 1
    return tally


def report(spec: GameSpec, tiers: list[str], games: int, tally: Tally, rules: dict[str, Any] | None = None) -> dict:
    line = {
        "game": spec.key,
        "games": games,
        "seats": list(tiers),
        "wins": tally.wins,
        "shared": tally.shared,
        "draws": tally.draws,
        "mean_turns": round(tally.turns / games, 1) if games else 0.0,
        "violations": tally.violations,
        "deadline_hits": tally.deadline_hits,
        "think_ms": {tier: think_summary(times) for tier, times in tally.think.items()},
    }
    if rules:  # only a house rule is written: the usual line stays as it was
        line["rules"] = rules
    return line


def _outcomes(spec: GameSpec, planned, tally: Tally, rules, jobs: int):
    """Each planned game's winners, in order; the moves' counts go into ``tally``."""
    if jobs <= 1:
        for _shift, order, deal_seed in planned:
            yield play_game(spec, order, deal_seed, tally, rules)
        return
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn"), initializer=start_games) as pool:
        futures = [pool.submit(play_deal, spec.key, order, deal_seed, rules) for _shift, order, deal_seed in planned]
        for future in futures:
            winners, played = future.result()
            tally.add(played)
            yield winners


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


def think_summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)

    return {"mean": round(sum(ordered) / len(ordered), 1), "p50": at(0.5), "p95": at(0.95),
            "max": round(ordered[-1], 1)}  # fmt: skip


def check_seats(spec: GameSpec | None, game: str, tiers: list[str], games: int, command: str) -> str | None:
    """What is wrong with the game, seats or game count given to ``command``, or None."""
    if spec is None or not spec.has("computer"):
        return f"{command}: unknown game {game!r} (one of {', '.join(GAMES)})"
    unknown = [name for name in tiers if name not in spec.tiers]
    if unknown or not spec.min_seats <= len(tiers) <= spec.max_seats or games < 1:
        return (f"{command}: give {spec.min_seats} to {spec.max_seats} seats from {', '.join(spec.tiers)} "
                f"and --games ≥ 1 (got {','.join(tiers)!r}, {games})")  # fmt: skip
    return None


def run_simulate(game: str, seats_csv: str, games: int, seed: int, rules_text: str | None = None,
                 jobs: int = 1) -> int:  # fmt: skip
    spec = find_game(game)
    tiers = [name.strip().lower() for name in seats_csv.split(",") if name.strip()]
    problem = check_seats(spec, game, tiers, games, "simulate")
    if problem is None and jobs < 1:
        problem = f"simulate: --jobs is at least 1 (got {jobs})"
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    try:
        rules = read_simulate_rules(spec, rules_text)
    except PositionError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    print(json.dumps(simulate(spec, tiers, games, seed, rules, jobs), separators=(",", ":")))
    return 0
