"""Replay files: a finished game written as a TOML text file anyone can load (see
:mod:`rummi_desktop.records.replay` for what it holds), in the user data folder's ``replays``.

Written atomically; read without ever crashing: a file that is not a replay, or whose moves do
not replay to its final scores, gives a clear message and is left where it is (it is the
player's file, not ours to move aside).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from rummi_desktop.records.replay import Replay, ReplayError, replay_from_document, replay_to_document
from rummi_desktop.storage import paths
from rummi_desktop.storage.saves import to_toml_safe
from rummi_desktop.storage.schema import COUNT_LIMIT, INT_RANGE, ListOf, Plain, SchemaError, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import FileContentError, SAVE_SIZE_LIMIT, UnusableFileError, read_toml_file, write_toml_atomic

# A replay file's schema: the types of what replay_from_document reads (which checks the kind,
# the version and the game first, and then replays every move to the final scores).
REPLAY_SCHEMA = Table({"kind": Text(), "version": Whole(1, 99), "game": Text(limit=100), "start": Table({}),
                       "setup": Table({}), "seed": Whole(*INT_RANGE), "seats": ListOf(Plain()),
                       "moves": ListOf(Text()), "final_scores": ListOf(Whole(-COUNT_LIMIT, COUNT_LIMIT)),
                       "finished_at": Text()})


def check_replay(document: dict) -> dict:
    """The document if it is of :data:`REPLAY_SCHEMA` (ReplayError naming the field)."""
    try:
        return check(REPLAY_SCHEMA, document)
    except SchemaError as error:
        raise ReplayError(str(error)) from error


def replays_dir() -> Path:
    return paths.data_dir() / "replays"


def replay_file_name(replay: Replay) -> str:
    """``rummble-2026-12-01T12-40-05.toml``: the game and when it finished, safe on every system."""
    moment = re.sub(r"[^0-9A-Za-z]+", "-", replay.finished_at[:19]).strip("-") or "undated"
    return f"{replay.game}-{moment}.toml"


def export_replay(replay: Replay, target: str | os.PathLike[str] | None = None) -> Path:
    """Write ``replay`` to ``target``, or into the replays folder under a name no other replay
    there has (two games finished in the same second get ``-2``, ``-3``…; the same game
    exported again overwrites its own file)."""
    document = to_toml_safe(replay_to_document(replay))
    path = Path(target) if target is not None else _free_path(replays_dir() / replay_file_name(replay), document)
    write_toml_atomic(path, document)
    return path


def _free_path(wanted: Path, document: dict) -> Path:
    for number in range(1, 1000):
        path = wanted if number == 1 else wanted.with_stem(f"{wanted.stem}-{number}")
        if not path.exists():
            return path
        try:
            if read_toml_file(path, SAVE_SIZE_LIMIT) == document:
                return path  # this very replay, exported before
        except (OSError, ValueError):
            pass  # a file we cannot read is not ours to overwrite
    raise OSError("every replay name for that moment is taken")


def load_replay(source: str | os.PathLike[str]) -> tuple[Replay | None, str]:
    """(the replay, "") or (None, a sentence saying why the file cannot be replayed)."""
    path = Path(source).expanduser()
    try:
        document = read_toml_file(path, SAVE_SIZE_LIMIT)
    except FileNotFoundError:
        return None, f"There is no file {path}."
    except UnusableFileError as error:
        return None, f"{path.name} cannot be read: {error.reason}."
    except OSError as error:
        return None, f"{path.name} cannot be read ({error.strerror or error})."
    except FileContentError as error:
        return None, f"{path.name} is not a readable TOML file ({error})."
    try:
        return replay_from_document(check_replay(document)), ""
    except ReplayError as error:
        return None, f"{path.name} is not a replay this game can show: {error}."
