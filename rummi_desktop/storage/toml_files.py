"""Writing TOML atomically and reading it without ever crashing on a bad file.

Every user file (settings, saves, statistics) goes through these two functions, so a crash or a
full disk mid-write leaves the previous file intact (temp file + ``os.replace``), and a corrupt
file is moved aside as ``NAME.bad`` with a notice for the player instead of an exception.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import tomli_w


def write_toml_atomic(path: str | os.PathLike[str], data: dict[str, Any]) -> None:
    """Write ``data`` as TOML to ``path``: to a temp file in the same folder, then os.replace.

    The temp file must be in the same folder: os.replace is only atomic within one file system.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = tomli_w.dumps(data)
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def quarantine(path: Path) -> Path:
    """Move a bad file aside as ``NAME.bad`` (replacing an older .bad) and return the new path."""
    bad = path.with_name(path.name + ".bad")
    os.replace(path, bad)
    return bad


def read_toml_or_quarantine(
    path: str | os.PathLike[str],
) -> tuple[dict[str, Any] | None, str | None]:
    """Read a TOML file. Returns ``(data, None)``, or ``(None, None)`` when there is no file, or
    ``(None, notice)`` when it could not be read or parsed: the notice is a sentence for the
    player, and a corrupt file has been moved aside as ``NAME.bad`` so it is not lost."""
    source = Path(path)
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"Could not read {source.name} ({error.strerror or error}); using defaults."
    try:
        return tomllib.loads(raw.decode("utf-8")), None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        try:
            bad = quarantine(source)
        except OSError:
            return None, f"{source.name} is damaged ({reason}); using defaults."
        return None, f"{source.name} was damaged ({reason}); kept it as {bad.name} and used defaults."
