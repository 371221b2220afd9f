"""The profiles file, ``profiles.toml`` in the user data folder::

    version = 2
    [[profiles]]
    id = "p-3fa2c01b"
    name = "Ann"
    colour = "#27ae60"
    created = "2026-12-01T12:00:00+00:00"
    [last_used]
    rummi = ["p-3fa2c01b", "guest"]   # the profile at each seat, last time
    last_person = "p-3fa2c01b"          # optional: the profile last played under anywhere

Reading never raises: a damaged file is moved aside as ``profiles.toml.bad`` with a notice and
an empty book is used; a single bad profile is left out and named. Writing is atomic.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
from pathlib import Path
from typing import Any

from rummi_desktop.records.profiles import GUEST, Profile, ProfileBook, ProfileError
from rummi_desktop.storage import paths
from rummi_desktop.storage.schema import ListOf, Plain, Table, Whole, check
from rummi_desktop.storage.toml_files import quarantine, read_toml_or_quarantine, write_toml_atomic
from rummi_desktop.storage.versioned import FileVersionError, upgraded

PROFILES_FILE = "profiles.toml"
PROFILES_VERSION = 2


def _last_used_per_seat(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept one profile per game (the first person seat's); version 2 one per seat."""
    old = document.get("last_used", {})
    per_seat = {game: [chosen] for game, chosen in old.items() if isinstance(chosen, str)} \
        if isinstance(old, dict) else {}
    return {**document, "version": 2, "last_used": per_seat}


UPGRADERS = {1: _last_used_per_seat}
# The file's schema (today's version). Each profile is checked on its own by Profile.from_dict,
# so one bad entry is left out and named instead of costing the whole book; the last-used seats
# fall back to Guest one by one. Here: the shape they all rely on, and plain data throughout.
PROFILES_SCHEMA = Table({"version": Whole(1, 99), "profiles": ListOf(Plain()), "last_used": Plain(),
                         "last_person": Plain()})


def profiles_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else paths.data_dir()) / PROFILES_FILE


def now_text() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def book_to_dict(book: ProfileBook) -> dict[str, Any]:
    return {"version": PROFILES_VERSION, "profiles": [profile.to_dict() for profile in book.profiles],
            "last_used": {game: list(seats) for game, seats in book.last_used.items()},
            "last_person": book.last_person}


def book_from_dict(document: dict[str, Any]) -> tuple[ProfileBook, list[str]]:
    """The book, and the problems of the entries left out. FileVersionError / ValueError when
    the document as a whole is not a profiles file."""
    document = check(PROFILES_SCHEMA, upgraded(document, PROFILES_VERSION, UPGRADERS))
    entries = document.get("profiles", [])
    book, problems = ProfileBook(), []
    for number, entry in enumerate(entries, start=1):
        try:
            book.add(Profile.from_dict(entry if isinstance(entry, dict) else {}))
        except ProfileError as error:
            problems.append(f"profile {number} ({error})")
    last_used = document.get("last_used", {})
    if isinstance(last_used, dict):
        book.last_used = {str(game): [chosen if isinstance(chosen, str) else GUEST for chosen in seats]
                          for game, seats in last_used.items() if isinstance(seats, list)}
    last_person = document.get("last_person", GUEST)
    book.last_person = last_person if isinstance(last_person, str) else GUEST
    return book, problems


def load_profiles(folder: str | os.PathLike[str] | None = None) -> tuple[ProfileBook, str | None]:
    """(book, notice): an empty book when there is no file; a notice when something was wrong."""
    source = profiles_path(folder)
    document, notice = read_toml_or_quarantine(source)
    if document is None:
        return ProfileBook(), (f"The profiles could not be read. {notice}" if notice else None)
    try:
        book, problems = book_from_dict(document)
    except (FileVersionError, ValueError) as error:
        return ProfileBook(), f"The profiles file is damaged ({error}); {_set_aside(source)}."
    if problems:
        kept = _copy_aside(source)
        return book, "Some profiles could not be read and were left out: " + "; ".join(problems) + f"; {kept}."
    return book, None


def save_profiles(book: ProfileBook, folder: str | os.PathLike[str] | None = None) -> None:
    write_toml_atomic(profiles_path(folder), book_to_dict(book))


def _copy_aside(source: Path) -> str:
    """The whole file copied to ``.bad`` before the next save leaves the bad entries out."""
    bad = source.with_name(source.name + ".bad")
    try:
        shutil.copyfile(source, bad)
    except OSError:
        return "the file could not be copied aside"
    return f"the file as it was is kept as {bad.name}"


def _set_aside(source: Path) -> str:
    try:
        return f"kept it as {quarantine(source).name} and started an empty list"
    except OSError:
        return "could not move it aside"
