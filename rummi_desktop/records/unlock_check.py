"""After a finished game: which unlockables each person at the table has newly earned.

Reads the records and the puzzle progress, applies the pure milestones of
:mod:`rummi_desktop.records.unlocks`, and writes the new ones into each profile's unlock state (with
the date), so each trophy is announced once. No pygame here.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Iterable

from rummi_desktop.records.profiles import GUEST
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.trainer.progress_file import read_book
from rummi_desktop.records.unlock_state import hard_pack_progress, read_unlocks, write_unlocks
from rummi_desktop.records.unlocks import BY_KEY, Unlockable, earned_keys, profile_facts


def newly_earned(profile_ids: Iterable[str], records: list[dict[str, Any]] | None = None,
                 notices: list[str] | None = None) -> list[tuple[str, Unlockable]]:
    """(profile id, unlockable) for every unlock earned since each profile's state last looked.
    What was wrong with a file read or written on the way (one set aside as .bad, an unlock
    not saved) is added to ``notices``, for the table to tell the player."""
    told = notices if notices is not None else []
    people = [p for p in dict.fromkeys(profile_ids) if p and p != GUEST]
    if not people:
        return []
    if records is None:
        records, problems = read_summaries()  # the index holds each seat's stats: no full record read
        told.extend(problems)
    puzzles, notice = read_book()  # once for every profile
    told.extend([notice] if notice else [])
    now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    found = []
    for profile_id in people:
        state, notice = read_unlocks(profile_id)
        told.extend([notice] if notice else [])
        new = sorted(earned_keys(profile_facts(records, profile_id, hard_pack_progress(profile_id, puzzles))) - set(state.earned))
        if not new:
            continue
        state.earned.update({key: now for key in new})
        try:
            write_unlocks(profile_id, state)
        except OSError as error:  # announced now; the next game finds them again and writes once more
            told.append(f"Could not save the unlocks ({error.strerror or error}).")
        found += [(profile_id, BY_KEY[key]) for key in new]
    return found
