"""Finished games, one file each: ``records/<game>/<record id>.toml`` in the user data folder.

A record (see :mod:`rummi_desktop.records.finished_games` for what it holds) is written once,
when the game or round ends, and its game never changes (a post-game review later adds its
accuracy figure to the seats' stats, :func:`add_review_accuracy`, which a review of the same
game again replaces; the record's digest leaves it out). Statistics and leaderboards are added
up from the records, so there is no second copy of the numbers to disagree with them. One file per game
means a damaged file costs that one game: it is moved aside as ``.bad`` with a notice and every
other record is still read. Each record carries a version; :data:`UPGRADERS` brings an older
one up to date when it is read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from rummi_desktop.storage import paths
from rummi_desktop.storage.record_digest import REVIEW_ACCURACY
from rummi_desktop.storage.saves import to_toml_safe
from rummi_desktop.storage.schema import COUNT_LIMIT, Flag, ListOf, MapOf, Number, SchemaError, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import (SAVE_SIZE_LIMIT, quarantine, read_toml_or_quarantine,
                                             remove_stale_temp_files_in, write_toml_atomic)
from rummi_desktop.storage.versioned import FileVersionError, upgraded

RECORD_VERSION = 2
RECORD_ID = re.compile(r"r-[0-9]{8}T[0-9]{6}-[0-9a-f]{8}")
GAME_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}")
# A record write takes milliseconds; a temp file an hour old is the leftover of a killed one.
STALE_RECORD_TEMP_SECONDS = 3600


def _mode_from_seats(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no ``mode`` (the leaderboard's table): it is named by its seat count."""
    seats = document.get("seats")
    count = len(seats) if isinstance(seats, list) else 0
    return {**document, "version": 2, "mode": f"{count} seats"}


UPGRADERS = {1: _mode_from_seats}


class RecordFormatError(ValueError):
    """A record that parses as TOML but is not a finished game this copy can count."""


def records_dir(folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder) if folder is not None else paths.data_dir() / "records"


def record_path(record: dict[str, Any], folder: str | os.PathLike[str] | None = None) -> Path:
    return records_dir(folder) / record["game"] / f"{record['id']}.toml"


def write_record(record: dict[str, Any], folder: str | os.PathLike[str] | None = None) -> Path:
    """Write one finished game atomically (its id and game are checked: they name the file)."""
    check_record(record)
    target = record_path(record, folder)
    write_toml_atomic(target, to_toml_safe(record))
    return target


# A finished game's schema: the fields statistics read (id, game, date, mode, duration, seats),
# each typed; the rest (setup, state, log, scores) is the game's, read when it is replayed, and
# may hold no number no record of ours writes, nor a date (which would break its digest).
SEAT_SCHEMA = Table({
    "kind": Text(), "name": Text(), "profile": Text(), "score": Whole(-COUNT_LIMIT, COUNT_LIMIT), "won": Flag(),
    "stats": MapOf(Number(-COUNT_LIMIT, COUNT_LIMIT)), "resigned": Flag(),  # written only on the seat that gave up
}, required=("kind", "name", "profile", "score", "won"))
ONLINE_SCHEMA = Table({"table": Text(), "seat": Whole(0, 99), "round": Whole(1, COUNT_LIMIT)},
                      required=("table", "seat", "round"))
RECORD_SCHEMA = Table({
    "version": Whole(1, 99), "id": Text(pattern=RECORD_ID.pattern, says="a record id"),
    "game": Text(pattern=GAME_KEY.pattern, says="a game's key"), "finished_at": Text(), "mode": Text(),
    "duration_seconds": Number(0, COUNT_LIMIT), "seats": ListOf(SEAT_SCHEMA, at_least=1),
    "online": ONLINE_SCHEMA,  # a server game's (records.finished_games.as_online)
}, required=("id", "game", "finished_at", "mode", "seats"))


def check_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record upgraded to today's version and checked field by field (RecordFormatError)."""
    try:
        record = upgraded(record, RECORD_VERSION, UPGRADERS)
    except FileVersionError as error:
        raise RecordFormatError(str(error)) from error
    return check_summary(record)


def check_summary(record: dict[str, Any]) -> dict[str, Any]:
    """The record (or its summary in the index) checked against :data:`RECORD_SCHEMA`."""
    try:
        return check(RECORD_SCHEMA, record)
    except SchemaError as error:
        raise RecordFormatError(str(error)) from error


def remove_stale_temp_files(root: Path, max_age: float = STALE_RECORD_TEMP_SECONDS) -> int:
    """Remove the temp files that killed record writes left in ``root`` and its game folders.
    Each record is written once under its own name, so no later write of that name tidies its
    leftover (as later writes of a settings file do): opening the folder does, for any temp
    file older than ``max_age`` (a younger one may be another window's write in progress)."""
    removed = remove_stale_temp_files_in(root, max_age)  # the index's
    try:
        folders = [entry.path for entry in os.scandir(root) if entry.is_dir(follow_symlinks=False)]
    except OSError:
        return removed
    return removed + sum(remove_stale_temp_files_in(Path(folder), max_age) for folder in folders)


def read_records(folder: str | os.PathLike[str] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """Every readable record (oldest first), and a notice for each one set aside as ``.bad``.
    Stale temp files of killed writes are removed first."""
    root = records_dir(folder)
    remove_stale_temp_files(root)
    records, notices = [], []
    for source in sorted(root.glob("*/r-*.toml")):
        record, notice = read_record(source)
        if record is not None:
            records.append(record)
        if notice:
            notices.append(notice)
    records.sort(key=lambda record: (record["finished_at"], record["id"]))
    return records, notices


def read_record(source: Path) -> tuple[dict[str, Any] | None, str | None]:
    document, notice = read_toml_or_quarantine(source, SAVE_SIZE_LIMIT)
    if document is None:
        return None, (f"A finished game could not be read. {notice}" if notice else None)
    try:
        record = check_record(document)
        if f"{record['id']}.toml" != source.name or record["game"] != source.parent.name:
            raise RecordFormatError("it is not the game its file name says")
    except RecordFormatError as error:
        return None, f"The finished game {source.name} is damaged ({error}); {_set_aside(source)}."
    return record, None


def add_review_accuracy(game: str, record_id: str, accuracy: dict[int, float],
                        folder: str | os.PathLike[str] | None = None) -> str:
    """Keep a review's accuracy (0 to 1) of some seats with the game's record, as the seat
    stat ``review_accuracy`` (statistics chart it); returns a problem in words, or ""."""
    source = records_dir(folder) / game / f"{record_id}.toml"
    if not GAME_KEY.fullmatch(game) or not RECORD_ID.fullmatch(record_id):
        return "That game has no record to keep its review with."
    record, notice = read_record(source)
    if record is None:
        return notice or "The game's record is gone, so its review was not kept."
    for seat, share in accuracy.items():
        if 0 <= seat < len(record["seats"]):
            stats = record["seats"][seat].setdefault("stats", {})
            stats[REVIEW_ACCURACY] = round(float(share), 4)
    try:
        write_record(record, folder)
    except (OSError, ValueError) as error:
        return f"Could not keep the review with the game ({getattr(error, 'strerror', None) or error})."
    return ""


def _set_aside(source: Path) -> str:
    try:
        return f"kept it as {quarantine(source).name}"
    except OSError:
        return "could not move it aside"
