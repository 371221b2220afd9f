"""Each profile's unlocks: ``unlocks/<profile id>.toml`` in the user data folder.

It keeps when each unlockable was first earned (so the trophy banner shows once); what is
applied is a setting (theme, tile_back). Versioned with an upgrader (version 1 kept a bare list of keys), written
atomically; a damaged file is moved aside as ``.bad`` with a notice and the profile's unlocks
are worked out again from its records (the milestones are pure rules over them).

Also reads the puzzle trainer's progress, when this copy has one, for the hard-pack milestone.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummi_desktop.storage import paths
from rummi_desktop.storage.schema import MapOf, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import quarantine, read_toml_or_quarantine, write_toml_atomic
from rummi_desktop.storage.versioned import FileVersionError, upgraded

if TYPE_CHECKING:
    from rummi_desktop.trainer.progress_file import ProgressBook

UNLOCK_VERSION = 2
PROFILE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _earned_dates(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 listed the keys earned, with no date."""
    earned = document.get("earned", [])
    return {**document, "version": 2, "earned": {str(key): "" for key in earned} if isinstance(earned, list) else {}}


UPGRADERS = {1: _earned_dates}
# The file's schema (today's version): when each unlock was first earned, as text ("" unknown).
UNLOCKS_SCHEMA = Table({"version": Whole(1, 99), "earned": MapOf(Text(limit=100), key=Text(limit=100))})


@dataclass
class UnlockState:
    earned: dict[str, str] = field(default_factory=dict)  # key -> when first earned (UTC text)

    def to_dict(self) -> dict[str, Any]:
        return {"version": UNLOCK_VERSION, "earned": dict(self.earned)}


def unlocks_path(profile_id: str, folder: str | os.PathLike[str] | None = None) -> Path:
    """The profile's file in ``folder`` (None: ``unlocks`` in the user data folder)."""
    if not PROFILE_ID.fullmatch(profile_id):
        raise ValueError(f"{profile_id!r} is not a profile id")
    return (Path(folder) if folder is not None else paths.data_dir() / "unlocks") / f"{profile_id}.toml"


def read_unlocks(profile_id: str, folder: str | os.PathLike[str] | None = None) -> tuple[UnlockState, str | None]:
    """The profile's unlock state, and a notice when its file was damaged (kept as .bad)."""
    source = unlocks_path(profile_id, folder)
    document, notice = read_toml_or_quarantine(source)
    if document is None:
        return UnlockState(), notice
    try:
        data = check(UNLOCKS_SCHEMA, upgraded(document, UNLOCK_VERSION, UPGRADERS))
        return UnlockState(dict(data.get("earned", {}))), None
    except (FileVersionError, ValueError) as error:
        try:
            kept = f"kept it as {quarantine(source).name}"
        except OSError:
            kept = "could not move it aside"
        return UnlockState(), f"{source.name} was damaged ({error}); {kept} and worked the unlocks out again."


def write_unlocks(profile_id: str, state: UnlockState, folder: str | os.PathLike[str] | None = None) -> None:
    write_toml_atomic(unlocks_path(profile_id, folder), state.to_dict())


def merge_earned(state: UnlockState, incoming: dict[str, str]) -> bool:
    """Fold another copy's earned unlocks into ``state`` (the earlier date wins; a date beats
    none); whether anything changed."""
    changed = False
    for key, when in incoming.items():
        mine = state.earned.get(key)
        if mine is None or (when and (not mine or when < mine)):
            state.earned[key] = when
            changed = True
    return changed


def hard_pack_progress(profile_id: str, book: ProgressBook | None = None) -> dict[str, float]:
    """Per game, the part of its shipped hard pack (pack ``<game>-hard``) that the profile has
    solved in the puzzle trainer, 0 to 1. ``book`` is the trainer's progress (read from its file
    when not given; a damaged file counts as no progress, and the trainer names it)."""
    from rummi_desktop.games import GAMES
    from rummi_desktop.trainer import puzzle_files
    from rummi_desktop.trainer import progress_file as puzzle_progress

    progress = (book if book is not None else puzzle_progress.read_book()[0]).of(profile_id)
    found = {}
    for game in GAMES:
        try:
            shipped = puzzle_files.shipped_puzzles(game).puzzles
        except puzzle_files.PuzzleFileError:
            continue  # a damaged shipped file: that game's milestone waits (the trainer reports it)
        hard = [puzzle.id for puzzle in shipped if puzzle.pack == f"{game}-hard"]
        if hard:
            records = progress.game(game).puzzles
            found[game] = sum(1 for puzzle_id in hard if puzzle_id in records and records[puzzle_id].solved) / len(hard)
    return found
