"""A profile carried to another computer as one TOML file: the profile, its statistics (a
summary to read; the importing copy adds them up again from the games) and every finished game
it played::

    version = 2
    kind = "rummi-desktop profile"
    exported_at = "…"
    [profile]            id, name, colour, created
    [stats.<game>]       games, wins, best_score, average_score
    [[records]]          the finished games, exactly as stored (storage.game_records)
    [puzzles.games.<game>]  optional: the profile's puzzle progress (storage.puzzle_progress)
    [unlocks]            optional: when each unlock was first earned (records.unlock_state)

Importing adds the profile (or finds it already here) and the games not yet here, and says in
one sentence what it did; a conflict (another profile with the same name, a game that differs
from the one here with its id) is named and resolved without losing anything already here.
A bad export file changes nothing. Puzzle progress merges too: a puzzle counts as solved
when it was solved in either copy, with the better time; each game's rating is the one of the
copy with more attempts in that game (it has seen more play); best streaks and daily dates
join. Unlock dates join too (the earlier date wins), so a trophy already announced on the
other computer is not announced again here. Copies without ``puzzles`` or ``unlocks`` (older
exports) import as before.

:func:`merge_copy` is the one merge path: importing a file uses it, and so does profile sync
(:mod:`rummi_desktop.net.profile_sync`), which brings the same kind of copy from the server.
"""

from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.games import GAMES
from rummi_desktop.records.profiles import NAME_LIMIT, Profile, ProfileError
from rummi_desktop.records.stat_totals import profile_game_stats, records_of
from rummi_desktop.storage.game_records import (RecordFormatError, check_record, read_record, read_records, record_path,
                                                write_record)
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.trainer.progress_file import (PuzzleProgress, PuzzleRecord, progress_path, read_book,
                                                   write_book)
from rummi_desktop.storage.record_digest import digest_of
from rummi_desktop.storage.record_index import add_to_index, read_summaries
from rummi_desktop.storage.schema import ListOf, Plain, Table, Text, Whole
from rummi_desktop.storage.toml_files import FileContentError, read_toml_file, write_toml_atomic
from rummi_desktop.records.unlock_state import merge_earned, read_unlocks, write_unlocks
from rummi_desktop.storage.versioned import FileVersionError, upgraded

EXPORT_VERSION = 2
EXPORT_KIND = "rummi-desktop profile"
# An export's schema: its envelope. The profile, each finished game (one bad game is counted,
# not fatal), the puzzle progress and the unlocks are then checked by their own kinds' rules.
EXPORT_SCHEMA = Table({"kind": Text(), "version": Whole(1, 99), "profile": Table({}), "records": ListOf(Plain()),
                       "puzzles": Plain(), "unlocks": Plain()})
EXPORT_SIZE_LIMIT = 64 << 20  # thousands of games


def _history_to_records(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 called the finished games ``history``."""
    upgraded_document = {key: value for key, value in document.items() if key != "history"}
    return {**upgraded_document, "version": 2, "records": document.get("history", [])}


UPGRADERS = {1: _history_to_records}


@dataclass(frozen=True)
class Folders:
    """Where profiles, records and puzzle progress live (None: the user data folder; the
    puzzle progress file is beside the profiles file unless told otherwise)."""

    profiles: str | os.PathLike[str] | None = None
    records: str | os.PathLike[str] | None = None
    progress: str | os.PathLike[str] | None = None
    unlocks: str | os.PathLike[str] | None = None  # None: ``unlocks`` beside the profiles file

    @property
    def progress_file(self) -> Path:
        return progress_path(self.progress if self.progress is not None else self.profiles)

    @property
    def unlocks_folder(self) -> Path | None:
        if self.unlocks is not None:
            return Path(self.unlocks)
        return Path(self.profiles) / "unlocks" if self.profiles is not None else None


def export_document(profile_id: str, folders: Folders = Folders()) -> dict[str, Any]:
    """Everything of one profile as one document (ValueError when there is no such profile)."""
    book, _notice = load_profiles(folders.profiles)
    profile = book.find(profile_id)
    if profile is None:
        raise ValueError("there is no such profile")
    records = records_of(read_records(folders.records)[0], profile_id)
    summary = {}
    for key, spec in GAMES.items():
        totals = profile_game_stats(records, profile_id, key, measures_of(spec))
        if totals.games:
            summary[key] = {"games": totals.games, "wins": totals.wins, "best_score": totals.best_score,
                            "average_score": round(totals.average_score, 2)}
    puzzles = read_book(folders.progress_file)[0].players.get(profile_id, PuzzleProgress())
    earned = read_unlocks(profile_id, folders.unlocks_folder)[0].earned
    return {"version": EXPORT_VERSION, "kind": EXPORT_KIND,
            "exported_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "profile": profile.to_dict(), "stats": summary, "records": records, "puzzles": puzzles.to_dict(),
            "unlocks": dict(earned)}


def export_profile(profile_id: str, target: str | os.PathLike[str], folders: Folders = Folders()) -> Path:
    write_toml_atomic(target, export_document(profile_id, folders))
    return Path(target)


@dataclass(frozen=True)
class ImportResult:
    ok: bool
    message: str
    profile_id: str = ""
    added_games: int = 0


@dataclass(frozen=True)
class ExportContents:
    """One profile's copy from elsewhere (an export file, or the server): what merges in."""

    profile: Profile
    records: list[dict[str, Any]]
    bad_records: int  # how many records were unreadable
    puzzles: PuzzleProgress | None  # None: the file had none, or they were unreadable
    puzzles_bad: bool = False
    unlocks: dict[str, str] | None = None  # unlock key -> when first earned; None: none came
    unlocks_bad: bool = False


@dataclass(frozen=True)
class MergeResult:
    profile: Profile  # as it is here now (renamed when its name was taken here)
    new_here: bool  # the profile was not on this computer before
    added: int  # records written
    differing: int  # records whose id is here with other content (the copy here was kept)
    notes: tuple[str, ...]  # what else happened, in words (a rename, unreadable parts)


def read_unlock_dates(value: Any) -> tuple[dict[str, str] | None, bool]:
    """(the unlock dates in ``value``, whether it was there but unreadable)."""
    if value is None:
        return None, False
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return None, True
    return dict(value), False


def _read_puzzles(document: dict[str, Any]) -> tuple[PuzzleProgress | None, bool]:
    """(the export's puzzle progress, whether it was there but unreadable)."""
    if "puzzles" not in document:
        return None, False
    try:
        if not isinstance(document["puzzles"], dict):
            raise ValueError("its puzzle progress is not a table")
        return PuzzleProgress.from_dict(document["puzzles"]), False
    except (ValueError, TypeError, KeyError):
        return None, True


def _read_export(source: Path) -> ExportContents:
    """What the export holds (ValueError when it is not a readable profile export)."""
    try:
        document = read_toml_file(source, EXPORT_SIZE_LIMIT, EXPORT_SCHEMA)
    except OSError as error:
        raise ValueError(f"it could not be read ({getattr(error, 'reason', None) or error.strerror or error})") from error
    except FileContentError as error:
        raise ValueError(str(error)) from error
    if document.get("kind") != EXPORT_KIND:
        raise ValueError("it is not a Rummi Desktop profile")
    try:
        document = upgraded(document, EXPORT_VERSION, UPGRADERS)
        profile = Profile.from_dict(document.get("profile") if isinstance(document.get("profile"), dict) else {})
    except (FileVersionError, ProfileError) as error:
        raise ValueError(str(error)) from error
    entries = document.get("records", [])
    if not isinstance(entries, list):
        raise ValueError("its finished games are not a list")
    records, bad = [], 0
    for entry in entries:
        try:
            records.append(check_record(entry if isinstance(entry, dict) else {}))
        except RecordFormatError:
            bad += 1
    return ExportContents(profile, records, bad, *_read_puzzles(document), *read_unlock_dates(document.get("unlocks")))


def _free_name(book: Any, name: str) -> str:
    for number in range(2, 100):
        suffix = f" ({number})"
        candidate = name[: NAME_LIMIT - len(suffix)] + suffix
        if book.named(candidate) is None:
            return candidate
    raise ProfileError("no free name is left for it")


def import_profile(source: str | os.PathLike[str], folders: Folders = Folders()) -> ImportResult:
    """Merge an exported profile in; the message says what was added and any conflict."""
    path = Path(source)
    try:
        contents = _read_export(path)
    except ValueError as error:
        return ImportResult(False, f"{path.name} was not imported: {error}. Nothing changed.")
    try:
        merged = merge_copy(contents, folders)
    except ProfileError as error:
        return ImportResult(False, f"{path.name} was not imported: {error}. Nothing changed.")
    except OSError as error:
        return ImportResult(False, f"The profile could not be saved ({error.strerror or error}).")
    notes = list(merged.notes)
    if merged.differing:
        notes.append(f"{merged.differing} game(s) differ from the copy here with the same id; the copy here was kept")
    if contents.bad_records:
        notes.append(f"{contents.bad_records} damaged game(s) in the file were left out")
    what, name = ("Added", merged.profile.name) if merged.new_here else ("Merged", contents.profile.name)
    message = f"{what} {name}: {merged.added} new game(s)" + ("; " + "; ".join(notes) if notes else "") + "."
    return ImportResult(True, message, merged.profile.id, merged.added)


def merge_copy(contents: ExportContents, folders: Folders = Folders()) -> MergeResult:
    """Merge one profile's copy into this computer without losing anything here: the profile
    (added when missing, renamed when its name is taken), the records not here yet (by id), the
    puzzle progress and the unlock dates. ProfileError (nothing changed) when the profile
    cannot be added; OSError when a file cannot be written."""
    book, _notice = load_profiles(folders.profiles)
    profile, notes = contents.profile, []
    here = book.find(profile.id)
    if here is None:
        if book.named(profile.name) is not None:
            renamed = _free_name(book, profile.name)
            notes.append(f"another profile is already called {profile.name}, so this one is {renamed}")
            profile = Profile(profile.id, renamed, profile.colour, profile.created)
        book.add(profile)
    else:
        if here.name != profile.name:
            notes.append(f"it is already here as {here.name}, and keeps that name")
        profile = here
    added, differing = _merge_records(contents.records, folders)
    save_profiles(book, folders.profiles)
    if contents.puzzles is not None and contents.puzzles.games:
        _merge_puzzles(profile.id, contents.puzzles, folders)
    if contents.unlocks:
        _merge_unlocks(profile.id, contents.unlocks, folders)
    if contents.puzzles_bad:
        notes.append("its puzzle progress could not be read and was left out")
    if contents.unlocks_bad:
        notes.append("its unlock dates could not be read; the unlocks are worked out again from the games")
    return MergeResult(profile, here is None, added, differing, tuple(notes))


def _merge_records(records: list[dict[str, Any]], folders: Folders) -> tuple[int, int]:
    """(added, differing): records written, and records whose id is here with other content.
    What is here comes from the record index; only a record whose id is here is read in full."""
    if not records:
        return 0, 0
    here = {summary["id"]: summary for summary in read_summaries(folders.records)[0]}
    written: list[tuple[Path, dict[str, Any]]] = []
    differing = 0
    try:
        for record in records:
            if record["id"] in here or record_path(record, folders.records).exists():
                differing += not _same_game(_stored_copy(record, here.get(record["id"]), folders), record)
                continue
            written.append((write_record(record, folders.records), record))
            here[record["id"]] = record
    finally:
        add_to_index(written, folders.records)  # the next read finds them indexed
    return len(written), differing


def _same_game(stored: dict[str, Any] | None, record: dict[str, Any]) -> bool:
    """The copy here is the same game as ``record``: the same digest, which leaves out what a
    review adds later (a game reviewed on one computer only is no conflict)."""
    return stored is not None and digest_of(stored) == digest_of(record)


def _stored_copy(record: dict[str, Any], summary: dict[str, Any] | None, folders: Folders) -> dict[str, Any] | None:
    """The record here with ``record``'s id (None when it cannot be read)."""
    return read_record(record_path(summary or record, folders.records))[0]


def _merge_unlocks(profile_id: str, incoming: dict[str, str], folders: Folders) -> None:
    state, _notice = read_unlocks(profile_id, folders.unlocks_folder)  # a damaged file is set aside
    if merge_earned(state, incoming):
        write_unlocks(profile_id, state, folders.unlocks_folder)


def _merge_puzzles(profile_id: str, incoming: PuzzleProgress, folders: Folders) -> None:
    book, _notice = read_book(folders.progress_file)  # a damaged file is set aside and named there
    merge_progress(book.of(profile_id), incoming)
    write_book(book, folders.progress_file)


def merge_progress(here: PuzzleProgress, incoming: PuzzleProgress) -> None:
    """Fold ``incoming`` into ``here`` (see the module's note on what wins)."""
    for key, theirs in incoming.games.items():
        if key not in here.games:
            here.games[key] = theirs
            continue
        mine = here.games[key]
        if theirs.attempts > mine.attempts:
            mine.rating = theirs.rating
        mine.streak_best = max(mine.streak_best, theirs.streak_best)
        mine.daily_done |= theirs.daily_done
        for puzzle_id, record in theirs.puzzles.items():
            mine.puzzles[puzzle_id] = _merge_record(mine.puzzles.get(puzzle_id), record)


def _merge_record(mine: PuzzleRecord | None, theirs: PuzzleRecord) -> PuzzleRecord:
    if mine is None:
        return theirs
    best = min((r for r in (mine, theirs) if r.solved and r.best_seconds is not None),
               key=lambda r: r.best_seconds, default=mine if mine.solved else theirs)
    rated = theirs if theirs.attempts > mine.attempts else mine
    return PuzzleRecord(mine.solved or theirs.solved, max(mine.attempts, theirs.attempts), best.best_seconds,
                        best.hints, rated.rating)
