"""Writing TOML atomically and reading it without ever crashing (or hanging) on a bad file.

Every user file (settings, saves, statistics) goes through these functions, so a crash or a
full disk mid-write leaves the previous file intact (temp file + ``os.replace``), and a corrupt
file is moved aside as ``NAME.bad`` with a notice for the player instead of an exception.

Only regular files of a bounded size are read: a named pipe in a file's place would block the
open for ever (SDL's signal handler then swallows SIGTERM), and a link to ``/dev/zero`` would
read until memory runs out. A write killed half-way (power cut, SIGKILL) leaves its temp file
behind; the next read or write of the same file removes such leftovers once they are stale.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from rummi_desktop.storage.schema import Spec, check

SIZE_LIMIT = 1 << 20  # 1 MiB: settings and themes are a few hundred bytes
SAVE_SIZE_LIMIT = 8 << 20  # a long match's autosave is tens of KiB; this leaves room
STALE_TEMP_SECONDS = 30  # a live write takes milliseconds; an older temp file is a leftover
TEMP_SUFFIX = ".tmp"


class UnusableFileError(OSError):
    """The path exists but is not something to read: a pipe, a device, a folder, or too big.

    ``movable`` is False for a folder: that is moved nowhere, only reported.
    """

    def __init__(self, reason: str, *, movable: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.movable = movable


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def write_toml_atomic(path: str | os.PathLike[str], data: dict[str, Any], header: str = "") -> None:
    """Write ``data`` as TOML to ``path``: to a temp file in the same folder, then os.replace.

    ``header`` (comment lines, each starting with ``#``) goes before the data.

    The temp file must be in the same folder: os.replace is only atomic within one file system.
    It is removed on any failure; one left by a killed process is removed by a later call.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(target)
    text = header + tomli_w.dumps(data)
    handle, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def remove_stale_temp_files(target: Path, max_age: float = STALE_TEMP_SECONDS) -> int:
    """Remove temp files of ``write_toml_atomic``'s own naming for ``target`` older than
    ``max_age`` seconds (a younger one may belong to a write in progress in another window).
    Returns how many were removed; problems are ignored (this is tidying, never fatal)."""
    pattern = re.compile(re.escape(_temp_prefix(target)) + r"[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX))
    return _remove_stale(target.parent, pattern, max_age)


# Any temp file of write_toml_atomic's naming: ".<name>.<random>.tmp".
_ANY_TEMP = re.compile(r"\..+\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX))


def remove_stale_temp_files_in(folder: Path, max_age: float = STALE_TEMP_SECONDS) -> int:
    """Remove every temp file of ``write_toml_atomic``'s naming in ``folder`` older than
    ``max_age`` seconds, whatever file it was for: a folder of files written once each (the
    finished games) never writes the same name again, so the per-file tidying never meets the
    leftover of a write killed there."""
    return _remove_stale(folder, _ANY_TEMP, max_age)


def _remove_stale(folder: Path, pattern: re.Pattern[str], max_age: float) -> int:
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > max_age:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something other than a file"


def unusable_reason(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a file, found without opening it ("it is a named pipe",
    "it is a link that loops"), or None when it is a regular file (or a link to one): what a
    listing of the player's files shows beside an entry it cannot offer, instead of hiding it."""
    try:
        info = os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "it is a link that loops"
        if error.errno == errno.ENOENT and os.path.islink(path):
            return "it is a link to nothing"
        return error.strerror or str(error)
    return None if stat.S_ISREG(info.st_mode) else f"it is {_kind_of(info.st_mode)}"


def read_regular_file(path: str | os.PathLike[str], size_limit: int = SIZE_LIMIT) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``size_limit`` bytes.

    Raises FileNotFoundError when it is missing, UnusableFileError when it is a pipe, device,
    socket, folder or too big, and OSError when it cannot be read. Never blocks: the file is
    opened non-blocking and checked with fstat (after opening, so a swap in between is seen)
    before anything is read. Links are followed, so a linked settings file still works.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except IsADirectoryError as error:
        raise UnusableFileError("it is a folder", movable=False) from error
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise UnusableFileError(f"it is {_kind_of(info.st_mode)}", movable=not stat.S_ISDIR(info.st_mode))
        if info.st_size > size_limit:
            raise UnusableFileError(f"it is larger than {_size_text(size_limit)}")
        raw = _read_at_most(handle, size_limit + 1)  # the size may have grown since fstat
    finally:
        os.close(handle)
    if len(raw) > size_limit:
        raise UnusableFileError(f"it is larger than {_size_text(size_limit)}")
    return raw


def _read_at_most(handle: int, count: int) -> bytes:
    chunks, total = [], 0
    while total < count:
        chunk = os.read(handle, min(count - total, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _size_text(size: int) -> str:
    return f"{size // (1 << 20)} MiB" if size >= 1 << 20 else f"{size} bytes"


def quarantine(path: Path) -> Path:
    """Move a bad file aside as ``NAME.bad`` (replacing an older .bad) and return the new path.

    A link is moved, not what it points to (os.replace renames the link itself)."""
    bad = path.with_name(path.name + ".bad")
    os.replace(path, bad)
    return bad


def parse_problem(error: BaseException) -> str:
    """A short reason for a file tomllib could not turn into data."""
    if isinstance(error, RecursionError):
        return "values nested too deeply"
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(error, ValueError) and not isinstance(error, tomllib.TOMLDecodeError) \
            and "integer string conversion" in str(error):
        return "a number with too many digits"
    text = str(error)
    return text.splitlines()[0] if text else type(error).__name__


def parse_toml_bytes(raw: bytes) -> dict[str, Any]:
    """TOML bytes to data; raises ValueError (with a short reason) for anything unreadable.

    tomllib is recursive: deeply nested arrays raise RecursionError, and Python refuses to
    convert integers of more than 4300 digits with a plain ValueError; both mean damage here.
    """
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:  # TOMLDecodeError is a ValueError
        raise ValueError(parse_problem(error)) from error


class FileContentError(ValueError):
    """A file read whole that is not TOML, or not of its kind's schema (the message says why)."""


def read_toml_file(path: str | os.PathLike[str], size_limit: int = SIZE_LIMIT, schema: Spec | None = None) -> dict[str, Any]:
    """The one way a player's TOML file is read: a regular file of at most ``size_limit`` bytes,
    opened non-blocking (:func:`read_regular_file`), parsed, and checked against its kind's
    ``schema`` (:mod:`rummi_desktop.storage.schema`: types, bounded finite numbers, no dates).

    Raises FileNotFoundError, UnusableFileError or OSError when it cannot be read, and
    FileContentError when it is damaged. Moves nothing: callers whose file is their own set it
    aside (:func:`read_toml_or_quarantine`); a file the player wrote is only reported.
    """
    raw = read_regular_file(path, size_limit)
    try:
        document = parse_toml_bytes(raw)
        return document if schema is None else check(schema, document)
    except ValueError as error:  # SchemaError is one
        raise FileContentError(str(error)) from error


def read_toml_or_quarantine(
    path: str | os.PathLike[str], size_limit: int = SIZE_LIMIT, schema: Spec | None = None,
) -> tuple[dict[str, Any] | None, str | None]:
    """Read a TOML file of ours (:func:`read_toml_file`). Returns ``(data, None)``, or
    ``(None, None)`` when there is no file, or ``(None, notice)`` when it could not be read or
    was damaged: the notice is a sentence for the player, and a corrupt file (or a pipe, device
    or oversized file in its place) has been moved aside as ``NAME.bad`` so it is not lost and
    does not trouble the next start. ``schema`` is for a kind checked before any upgrade (most
    check theirs after upgrading an older version, and set the file aside themselves)."""
    source = Path(path)
    remove_stale_temp_files(source)
    try:
        return read_toml_file(source, size_limit, schema), None
    except FileNotFoundError:
        return None, None
    except UnusableFileError as error:
        if not error.movable:
            return None, f"Could not read {source.name} ({error.reason}); using defaults."
        return None, _set_aside(source, "could not be used", error.reason)
    except OSError as error:
        return None, f"Could not read {source.name} ({error.strerror or error}); using defaults."
    except FileContentError as error:
        return None, _set_aside(source, "was damaged", str(error))


def _set_aside(source: Path, what_happened: str, reason: str) -> str:
    """Quarantine ``source`` and return the notice saying so."""
    try:
        bad = quarantine(source)
    except OSError:
        return f"{source.name} {what_happened} ({reason}); using defaults."
    return f"{source.name} {what_happened} ({reason}); kept it as {bad.name} and used defaults."
