"""``rummi-desktop ladder --game G --games N --seed S``: the round robin of a game's computer
tiers, and each tier's rating on the Elo scale (Easy = 1000) with its 95% interval.

Every pair of tiers plays ``N`` games of :func:`~rummi_desktop.commands.simulate.play_games`
(two seats, turned on every deal, so each deal is played from both sides); the ratings are the
joint fit of all pairings (:mod:`rummi_desktop.games.strength`). Prints one JSON line
(docs/analysis-format.md): the tiers with their rating, interval and think times, and each
pairing with its wins, win rate and Wilson interval, mean game length and counts.

``--write`` also writes the ratings into the package (``tier_ratings.py`` beside the game's
computer seats), the table setup shows beside each tier's name.
"""

from __future__ import annotations

import importlib
import json
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

from rummi_desktop.commands.simulate import Tally, check_seats, play_games, think_summary
from rummi_desktop.games import find_game
from rummi_desktop.games.base import GameSpec
from rummi_desktop.games.strength import Pairing, fit_ratings, rating_intervals, wilson_interval

RATINGS_MODULE = "tier_ratings.py"


def first_score(tally: Tally) -> float:
    """The first seat's score: its wins alone, half of each shared win and of each draw (two seats)."""
    return tally.wins[0] - tally.shared / 2 + tally.draws / 2


def ladder(spec: GameSpec, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """The round robin's line (module docstring)."""
    pairings, lines, think = [], [], {}
    for low, high in combinations(spec.tiers, 2):
        tiers = (high, low)  # the stronger tier first: its win rate is the step up
        tally = play_games(spec, list(tiers), games, seed, jobs=jobs)
        score = first_score(tally)
        pairings.append(Pairing(high, low, score, games - score))
        lines.append(_pairing_line(tiers, games, tally, score))
        for tier, times in tally.think.items():
            think.setdefault(tier, []).extend(times)
    anchor = spec.tiers[0]
    ratings = fit_ratings(pairings, anchor)
    intervals = rating_intervals(pairings, anchor, seed=seed)
    return {
        "game": spec.key, "games": games, "seed": seed, "anchor": anchor,
        "tiers": {tier: {"rating": round(ratings[tier]), "interval": [round(v) for v in intervals[tier]],
                         "think_ms": think_summary(think[tier])} for tier in spec.tiers},
        "pairings": lines,
        "violations": sum(line["violations"] for line in lines),
        "deadline_hits": sum(line["deadline_hits"] for line in lines),
    }  # fmt: skip


def _pairing_line(tiers: tuple[str, str], games: int, tally: Tally, score: float) -> dict[str, Any]:
    low, high = wilson_interval(score, games)
    return {"seats": list(tiers), "wins": tally.wins, "shared": tally.shared, "draws": tally.draws,
            "win_rate": round(score / games, 3), "interval": [round(low, 3), round(high, 3)],
            "mean_turns": round(tally.turns / games, 1), "violations": tally.violations,
            "deadline_hits": tally.deadline_hits}  # fmt: skip


def ratings_path(spec: GameSpec) -> Path:
    """Where the game's rating table lives: beside its computer seats' module."""
    module = importlib.import_module(spec.entry_points["computer"].module)
    return Path(module.__file__).with_name(RATINGS_MODULE)


def ratings_source(spec: GameSpec, line: dict[str, Any], command: str) -> str:
    """The rating table as a Python module: data only, imported by the game's spec."""
    ratings = ", ".join(f'"{tier}": {line["tiers"][tier]["rating"]}' for tier in spec.tiers)
    return (f'"""Each computer tier\'s rating on the Elo scale ({spec.tiers[0].title()} = 1000), shown beside its\n'
            f"name in setup and used to rate a person against the computers.\n\n"
            f"Written by ``{command}`` ({line['games']} games a pairing):\n"
            f'rerun it when a tier changes; do not edit by hand.\n"""\n\n'
            f"TIER_RATINGS: dict[str, int] = {{{ratings}}}\n")  # fmt: skip


def run_ladder(game: str, games: int, seed: int, jobs: int = 1, write: bool = False) -> int:
    spec = find_game(game)
    problem = check_seats(spec, game, list(spec.tiers[:2]) if spec else [], games, "ladder")
    if problem is None and jobs < 1:
        problem = f"ladder: --jobs is at least 1 (got {jobs})"
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    line = ladder(spec, games, seed, jobs)
    print(json.dumps(line, separators=(",", ":")))
    if write:
        command = f"rummi-desktop ladder --game {spec.key} --games {games} --seed {seed} --write"
        ratings_path(spec).write_text(ratings_source(spec, line, command), encoding="utf-8")
    return 0
