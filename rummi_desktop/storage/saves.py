"""Autosaves, one per game: written after every completed turn, offered as Continue by the menu.

One file per game, ``saves/<game>_autosave.toml`` in the user data folder::

    version = 2
    game = "rummi"
    saved_at = "2026-11-29T16:02:11+00:00"
    [setup]   # how the game was set up (seat kinds and names, the game's options, seed)
    [state]   # the rules model's own plain-dict serialisation (its format version inside)
    [stats]   # seats = [{melds_played = 2, ...}, ...]: per-seat counters (numbers only)

The game's part decides what ``setup`` and ``state`` hold; this module checks the envelope and
upgrades older versions through :data:`UPGRADERS` (one step per version), so a save written by
an older release still resumes. The state saved is the one at the *start* of the turn that
follows the completed one, so Continue resumes exactly at the start of the interrupted turn.
Writing goes through the shared atomic TOML helper. Reading never raises: a damaged file (bad
TOML, an unknown version, a field of the wrong type, a number out of range, or a state the
model refuses) is moved aside as ``*.bad`` and the menu is told why, so it can say so and offer
a new game; nothing else is touched.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

from rummi_desktop.storage import paths
from rummi_desktop.storage.schema import COUNT_LIMIT, ListOf, MapOf, Number, SchemaError, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import (
    SAVE_SIZE_LIMIT,
    quarantine,
    read_toml_or_quarantine,
    write_toml_atomic,
)

SAVE_VERSION = 2

Loaded = TypeVar("Loaded")


class AutosaveFormatError(ValueError):
    """A save file that parses as TOML but does not hold a game we can resume."""


def _saved_at_with_offset(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 wrote ``saved_at`` in local time with no offset; version 2 writes UTC with
    its offset, so the time means the same on any computer the save is moved to."""
    saved = document.get("saved_at")
    try:
        moment = _dt.datetime.fromisoformat(str(saved))
        if moment.tzinfo is None:
            moment = moment.astimezone()  # naive: it was the local time of the computer that wrote it
        moment = moment.astimezone(_dt.timezone.utc)
    except (ValueError, OverflowError, OSError):  # no date, or one at the calendar's edge
        moment = _dt.datetime.now(_dt.timezone.utc)
    return {**document, "version": 2, "saved_at": moment.isoformat(timespec="seconds")}


# version -> the function turning a document of that version into one of the next version
UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _saved_at_with_offset,
}


def upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """The document in today's version (AutosaveFormatError for a version we cannot read)."""
    version = document.get("version")
    while version != SAVE_VERSION:
        if isinstance(version, bool) or version not in UPGRADERS:
            raise AutosaveFormatError(f"it has save version {version!r}, and this game reads up to {SAVE_VERSION}")
        document = UPGRADERS[version](document)
        version = document.get("version")
    return document


def autosave_name(game: str) -> str:
    return f"{game}_autosave.toml"


@dataclass(frozen=True)
class Autosave(Generic[Loaded]):
    """What a good autosave holds once the model has rebuilt its state."""

    setup: dict[str, Any]
    state: Loaded
    stats: dict[str, Any]
    saved_at: str
    # What only the window keeps of the game: how the players arranged their racks (the
    # table reads it back, and ignores what no longer fits; see ``write_autosave``).
    arrangement: dict[str, Any] = field(default_factory=dict)


def autosave_path(game: str, folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else paths.saves_dir()) / autosave_name(game)


def to_toml_safe(value: Any) -> Any:
    """TOML has no null and only string keys: drop None entries, stringify keys.

    The model's dict is designed to be plain already; this is a guard so a stray None never
    makes the autosave fail in the middle of a game.
    """
    if isinstance(value, dict):
        return {str(key): to_toml_safe(item) for key, item in value.items() if item is not None}
    if isinstance(value, (list, tuple)):
        return [to_toml_safe(item) for item in value if item is not None]
    if isinstance(value, float) and not math.isfinite(value):
        return 0.0
    return value


def write_autosave(
    game: str,
    setup: dict[str, Any],
    state: dict[str, Any],
    stats: dict[str, Any],
    folder: str | os.PathLike[str] | None = None,
    arrangement: dict[str, Any] | None = None,
) -> Path:
    """Atomically write the autosave (state = the model's ``to_dict()``; ``arrangement``: the
    window's own layout of it, such as each rack's order, which the rules never see)."""
    document = {
        "version": SAVE_VERSION,
        "game": game,
        "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "setup": to_toml_safe(setup),
        "state": to_toml_safe(state),
        "stats": to_toml_safe(stats),
    }
    if arrangement:
        document["arrangement"] = to_toml_safe(arrangement)
    target = autosave_path(game, folder)
    write_toml_atomic(target, document)
    return target


def has_autosave(game: str, folder: str | os.PathLike[str] | None = None) -> bool:
    """Something is where the autosave goes. Not only a regular file: a pipe or a link to a
    device there must reach ``read_autosave`` too, to be reported and moved aside."""
    return os.path.lexists(autosave_path(game, folder))


def delete_autosave(game: str, folder: str | os.PathLike[str] | None = None) -> None:
    """The game ended (or the player chose a new one): nothing left to continue."""
    autosave_path(game, folder).unlink(missing_ok=True)


# The autosave's schema (today's version): the envelope and the counters typed here; what the
# setup and state hold is the game's to check (its loader refuses what it cannot use), but no
# part of them may hold a number no save of ours writes, or a date.
SAVE_SCHEMA = Table({
    "version": Whole(1, 99), "game": Text(), "saved_at": Text(),
    "setup": Table({}), "state": Table({}),
    "stats": Table({"seats": ListOf(MapOf(Number(0, COUNT_LIMIT)))}, required=("seats",)),
    "arrangement": Table({}),  # the game's table checks its parts as it reads them
}, required=("version", "game", "setup", "state", "stats"))
LAST_SETUP_SCHEMA = Table({"version": Whole(1, 99), "setup": Table({})}, required=("setup",))


def _check_document(document: dict[str, Any], game: str) -> dict[str, Any]:
    """The document upgraded to today's version, checked against :data:`SAVE_SCHEMA`, so a
    save that passes cannot make the table fail later (an OverflowError on the first finished
    turn, say)."""
    if document.get("game") != game:
        raise AutosaveFormatError(f"it is not a {game} save")
    document = upgrade(document)
    try:
        check(SAVE_SCHEMA, document)
    except SchemaError as error:
        raise AutosaveFormatError(str(error)) from error
    _check_stats(document["stats"])
    return document


MAX_COUNT = COUNT_LIMIT  # per-seat counters and seconds: far beyond any match, safe for float maths
FRACTIONAL_SUFFIX = "_seconds"  # a stat named so is a time; every other stat counts things


def is_whole_stat(name: str) -> bool:
    return not name.endswith(FRACTIONAL_SUFFIX)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(name: str, value: Any) -> bool:
    if is_whole_stat(name) and not _is_int(value):
        return False
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and math.isfinite(value) and 0 <= value <= MAX_COUNT


def _check_stats(stats: dict[str, Any]) -> None:
    """``[stats]`` holds ``seats``: one table of counters (numbers) per seat. Checked here because
    the menu rebuilds the summary from it on every launch and the table adds to it every turn:
    a damaged one must be set aside, not crash the game each time."""
    seats = stats.get("seats")
    if not isinstance(seats, list):
        raise AutosaveFormatError("its [stats] part has no list of seats")
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, dict):
            raise AutosaveFormatError(f"its stats for seat {number} are not a table")
        bad = [name for name, value in seat.items() if not _is_count(name, value)]
        if bad:
            raise AutosaveFormatError(f"its stats for seat {number} have a bad {bad[0]}")


def read_autosave(
    game: str,
    title: str,
    rebuild_state: Callable[[dict[str, Any]], Loaded],
    folder: str | os.PathLike[str] | None = None,
    not_damage: tuple[type[BaseException], ...] = (),
) -> tuple[Autosave[Loaded] | None, str | None]:
    """Load the autosave. Returns ``(autosave, None)``, ``(None, None)`` when there is none,
    or ``(None, notice)`` when it was damaged (the file is then kept aside as ``*.bad``).

    ``rebuild_state`` is the model's loader (``dict -> state``); any ValueError, KeyError or
    TypeError it raises marks the save as damaged, except the errors in ``not_damage``: those
    say the save needs something outside it that is missing now (Tumblewords' custom word
    list), so they are raised to the caller and the file is left exactly as it is.
    """
    source = autosave_path(game, folder)
    document, notice = read_toml_or_quarantine(source, SAVE_SIZE_LIMIT)
    if document is None:
        if notice is not None:
            notice = f"The saved {title} game could not be read. {notice}"
        return None, notice
    try:
        document = _check_document(document, game)
        state = rebuild_state(document["state"])
    except not_damage:
        raise
    except (AutosaveFormatError, ValueError, KeyError, TypeError, IndexError) as error:
        return None, f"The saved {title} game is damaged ({error}); {_set_aside(source)}. Start a new game."
    return (
        Autosave(
            setup=document["setup"],
            state=state,
            stats=document["stats"],
            saved_at=str(document.get("saved_at", "")),
            arrangement=dict(document.get("arrangement", {})),
        ),
        None,
    )


def _set_aside(source: Path) -> str:
    try:
        return f"kept it as {quarantine(source).name}"
    except OSError:
        return "could not move it aside"


# ------------------------------------------------------------------------------------------
# The last setup chosen, so the setup scene opens as the player left it.

def last_setup_path(game: str, folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else paths.saves_dir()) / f"{game}_setup.toml"


def write_last_setup(game: str, setup: dict[str, Any], folder: str | os.PathLike[str] | None = None) -> None:
    write_toml_atomic(last_setup_path(game, folder), {"version": SAVE_VERSION, "setup": to_toml_safe(setup)})


def read_last_setup(game: str, folder: str | os.PathLike[str] | None = None) -> dict[str, Any] | None:
    """The remembered setup, or None (missing or damaged: a damaged one is kept as .bad)."""
    source = last_setup_path(game, folder)
    document, _notice = read_toml_or_quarantine(source)
    if not document:
        return None
    try:
        return check(LAST_SETUP_SCHEMA, document)["setup"]
    except SchemaError:
        _set_aside(source)
        return None
