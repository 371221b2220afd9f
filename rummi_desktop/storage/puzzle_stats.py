"""The puzzle trainer's numbers for a profile (rating, streaks…), shown with its statistics.

The trainer keeps its own progress file (``storage/puzzle_progress.py``, written by the
trainer); this reads it only through that module's ``profile_summary(profile_id, game)``,
which answers a table of named numbers (``{"rating": 1520, "streak": 4}``). Until the trainer
is there, or when its file cannot be read, there is simply no puzzle group: the statistics
never fail because of it.
"""

from __future__ import annotations

import importlib
import math

PROGRESS_MODULE = "rummi_desktop.storage.puzzle_progress"


def puzzle_rows(profile_id: str, game: str) -> list[tuple[str, float]]:
    """(label, number) rows for the profile's puzzles in ``game``, or [] when there are none."""
    try:
        progress = importlib.import_module(PROGRESS_MODULE)
    except ModuleNotFoundError:
        return []
    summary = getattr(progress, "profile_summary", None)
    if summary is None:
        return []
    try:
        numbers = summary(profile_id, game)
    except (OSError, ValueError, KeyError, TypeError):
        return []  # its own notices are the trainer's to give
    if not isinstance(numbers, dict):
        return []
    return [(f"Puzzle {str(name).replace('_', ' ')}", float(value)) for name, value in numbers.items()
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)]
