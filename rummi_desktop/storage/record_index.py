"""A summary of every finished-game record, kept beside them as ``records/index.toml`` so the
statistics and leaderboards open fast: a record holds its whole game (state and log, tens of
KiB), while statistics need only its seats and scores.

Each entry also keeps the record's digest (:mod:`rummi_desktop.storage.record_digest`), so a
profile sync learns what is here without reading every record in full.

The records stay the truth; the index is a cache of them. Each entry notes its file's size and
modification time (an entry without a digest, from an older copy of the game, is read again), and an entry whose file changed, or a file with no entry, is read again
(a damaged record is then set aside and reported as usual); an entry whose file is gone is
dropped. A damaged index is set aside as ``index.toml.bad`` and rebuilt from the records.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rummi_desktop.storage.game_records import (RecordFormatError, check_summary, read_record, records_dir,
                                               remove_stale_temp_files)
from rummi_desktop.storage.record_digest import digest_of
from rummi_desktop.storage.schema import INT_RANGE, ListOf, SchemaError, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import SAVE_SIZE_LIMIT, read_toml_or_quarantine, write_toml_atomic
from rummi_desktop.storage.versioned import FileVersionError, upgraded

INDEX_FILE = "index.toml"
INDEX_VERSION = 1
UPGRADERS: dict = {}  # version 1 is the first; a later layout adds its step here
SUMMARY_KEYS = ("id", "game", "finished_at", "mode", "duration_seconds", "seats")
# Each entry's summary is checked against the record schema when it is used (a bad one is read
# again from its record); here, the types the index itself relies on.
INDEX_SCHEMA = Table({
    "version": Whole(1, 99),
    "entries": ListOf(Table({"file": Text(), "size": Whole(0, INT_RANGE[1]), "mtime_ns": Whole(*INT_RANGE),
                             "summary": Table({}), "digest": Text()}, required=("file",))),
}, required=("entries",))


def summary_of(record: dict[str, Any]) -> dict[str, Any]:
    """What statistics and leaderboards read of a record."""
    return {key: record[key] for key in SUMMARY_KEYS if key in record}


def _stamp(source: Path) -> tuple[int, int] | None:
    try:
        info = source.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def _known_entries(index_path: Path) -> tuple[dict[str, dict[str, Any]], list[str]]:
    document, _notice = read_toml_or_quarantine(index_path, SAVE_SIZE_LIMIT)
    notices: list[str] = []  # a damaged index is set aside and rebuilt: nothing is lost, nothing to tell
    if document is None:
        return {}, notices
    try:
        document = check(INDEX_SCHEMA, upgraded(document, INDEX_VERSION, UPGRADERS))
    except (FileVersionError, SchemaError):
        return {}, notices  # rebuilt from the records, which are the truth
    return {entry["file"]: entry for entry in document["entries"]}, notices


def read_summaries(folder: str | os.PathLike[str] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """A summary of every readable record (oldest first), and notices as ``read_records`` gives."""
    entries, notices = read_entries(folder)
    return [entry["summary"] for entry in entries], notices


def read_entries(folder: str | os.PathLike[str] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The index entry of every readable record, oldest first: ``file`` (its path under the
    records folder), ``summary`` and ``digest``; and notices as ``read_records`` gives."""
    root = records_dir(folder)
    remove_stale_temp_files(root)  # the leftovers of killed record writes
    index_path = root / INDEX_FILE
    known, notices = _known_entries(index_path)
    entries, changed = [], False
    for source in sorted(root.glob("*/r-*.toml")):
        name = f"{source.parent.name}/{source.name}"
        stamp = _stamp(source)
        entry = known.get(name)
        if entry is not None and (not _good_summary(entry.get("summary")) or not isinstance(entry.get("digest"), str)):
            entry = None
        if entry is None or stamp is None or [entry.get("size"), entry.get("mtime_ns")] != list(stamp):
            changed = True
            record, notice = read_record(source)
            if notice:
                notices.append(notice)
            if record is None or stamp is None:
                continue
            entry = {"file": name, "size": stamp[0], "mtime_ns": stamp[1], "summary": summary_of(record),
                     "digest": digest_of(record)}
        entries.append(entry)
    if changed or len(entries) != len(known):
        _write_index(index_path, entries)
    entries.sort(key=lambda entry: (entry["summary"]["finished_at"], entry["summary"]["id"]))
    return entries, notices


def add_to_index(written: list[tuple[Path, dict[str, Any]]], folder: str | os.PathLike[str] | None = None) -> None:
    """Index records just written (each file and the record written to it), so the next read
    need not parse them again: what an import or a sync writes by the thousand."""
    from rummi_desktop.storage.saves import to_toml_safe

    index_path = records_dir(folder) / INDEX_FILE
    known, _notices = _known_entries(index_path)
    for source, record in written:
        stamp = _stamp(source)
        if stamp is not None:
            stored = to_toml_safe(record)  # what reading the file gives back
            name = f"{source.parent.name}/{source.name}"
            known[name] = {"file": name, "size": stamp[0], "mtime_ns": stamp[1], "summary": summary_of(stored),
                           "digest": digest_of(stored)}
    _write_index(index_path, list(known.values()))


def _good_summary(summary: Any) -> bool:
    try:
        check_summary(summary if isinstance(summary, dict) else {})
    except RecordFormatError:
        return False
    return True


def _write_index(index_path: Path, entries: list[dict[str, Any]]) -> None:
    try:
        write_toml_atomic(index_path, {"version": INDEX_VERSION, "entries": entries})
    except OSError:
        pass  # only a cache: the next read builds it again
