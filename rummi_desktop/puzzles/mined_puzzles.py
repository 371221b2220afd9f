"""What the Rummble and Tumblewords puzzle miners share: a position's id, the difficulty bands
and the starting rating, and choosing a varied set of puzzles from the positions found.

A mined puzzle's id is the game, a dash and the first 8 hex digits of the sha256 of its
position as canonical compact JSON (sorted keys), so the same position always has the same id.
Pure module (no pygame, no I/O).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Sequence

BANDS = ("easy", "medium", "hard")
RATING_AT_ZERO, RATING_PER_POINT = 15.0, 1.0  # a starting rating (OpenSkill mu) from difficulty
MIN_RATING, MAX_RATING = 10.0, 40.0


def position_id(game: str, position: dict[str, Any]) -> str:
    canonical = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return f"{game}-{hashlib.sha256(canonical.encode()).hexdigest()[:8]}"


def band_of(difficulty: float, limits: tuple[float, float]) -> str:
    """``easy`` below ``limits[0]``, ``medium`` below ``limits[1]``, else ``hard``."""
    return BANDS[0] if difficulty < limits[0] else BANDS[1] if difficulty < limits[1] else BANDS[2]


def rating_of(difficulty: float) -> float:
    """The puzzle's starting rating: 15 at difficulty 0, one point more per point of
    difficulty, kept within 10–40 (OpenSkill's default mu, 25, is a medium puzzle)."""
    return round(min(MAX_RATING, max(MIN_RATING, RATING_AT_ZERO + RATING_PER_POINT * difficulty)), 2)


def check_band(difficulty: str | None) -> None:
    if difficulty is not None and difficulty not in BANDS:
        raise ValueError(f"difficulty is one of {', '.join(BANDS)}, not {difficulty!r}")


def distinct(found: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``found`` without repeats: the same position, or the same solution again in the same
    game (a chance one seat left open for turns is one puzzle, not several)."""
    seen: set[str] = set()
    kept = []
    for puzzle in found:
        again = json.dumps([puzzle.get("source", {}).get("seed"), puzzle["solution"]])
        if puzzle["id"] not in seen and again not in seen:
            kept.append(puzzle)
            seen.update((puzzle["id"], again))
    return kept


def choose_varied(found: Sequence[dict[str, Any]], count: int, tags: Sequence[str],
                  limits: tuple[float, float]) -> list[dict[str, Any]]:
    """Up to ``count`` puzzles from ``found`` (in the order found): first a share for each tag
    (so every technique appears when it was found), then the rest taken from each band (by
    ``band_of(difficulty, limits)``) in turn; returned easiest first (ties in the order found)."""
    chosen: list[dict[str, Any]] = []
    ids: set[str] = set()

    def take(puzzle: dict[str, Any]) -> None:
        if len(chosen) < count and puzzle["id"] not in ids:
            chosen.append(puzzle)
            ids.add(puzzle["id"])

    per_tag = max(1, count // (2 * max(1, len(tags))))
    for tag in tags:
        for puzzle in [p for p in found if tag in p["tags"] and p["id"] not in ids][:per_tag]:
            take(puzzle)
    by_band = {band: [p for p in found if band_of(p["difficulty"], limits) == band] for band in BANDS}
    while len(chosen) < count and any(by_band.values()):
        for band in BANDS:
            while by_band[band] and by_band[band][0]["id"] in ids:
                by_band[band].pop(0)
            if by_band[band]:
                take(by_band[band].pop(0))
    order = {puzzle["id"]: at for at, puzzle in enumerate(found)}
    return sorted(chosen, key=lambda p: (p["difficulty"], order[p["id"]]))



def grading_problems(puzzle: dict[str, Any], graded: dict[str, Any]) -> list[str]:
    """How a graded puzzle's (one with features) stored tags, features and difficulty differ
    from ``graded``, what its solution measures; a user puzzle without features has none."""
    if not puzzle.get("features"):
        return []
    problems = []
    if sorted(puzzle.get("tags", [])) != sorted(graded["tags"]):
        problems.append(f"tags should be {graded['tags']}, not {list(puzzle.get('tags', []))}")
    if dict(puzzle["features"]) != graded["features"]:
        problems.append(f"features should be {graded['features']}, not {dict(puzzle['features'])}")
    if puzzle.get("difficulty") != graded["difficulty"]:
        problems.append(f"difficulty should be {graded['difficulty']}, not {puzzle.get('difficulty')}")
    return problems
