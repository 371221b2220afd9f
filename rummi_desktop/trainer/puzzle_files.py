"""Puzzle files on disk: the shipped packs (``assets/puzzles/<game>.toml``) and a player's own
puzzle files (the sandbox's "Save as puzzle"), in the format of docs/puzzle-format.md.

``read_puzzle_file(path)`` gives a :class:`PuzzleFile` or raises :class:`PuzzleFileError`, one
sentence naming the file and its first problem (unreadable, too big, not TOML, wrong version,
unknown key, a bad tile, an illegal position, ...). A bad file is only reported, never moved
or changed: a puzzle file is the player's own work. ``read_puzzle_folder`` reads every file of
a folder, so one bad file costs nothing but itself. ``write_puzzle_file`` writes atomically.
"""

from __future__ import annotations

import functools

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from rummi_desktop.puzzles.record import PuzzleError, PuzzleFile, VERSION
from rummi_desktop.storage.schema import ListOf, SchemaError, Table, Text, Whole, check
from rummi_desktop.storage.toml_files import (FileContentError, UnusableFileError, parse_toml_bytes, read_toml_file,
                                             write_toml_atomic)

PUZZLE_FILE_LIMIT = 4 << 20  # a shipped pack of 100 puzzles is about 100 KiB
SUFFIX = ".toml"


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used; the message names the file and the problem."""


# A puzzle file's schema: its envelope. Every puzzle in it is checked by the puzzle format's own
# reader (puzzles.record, shared with share codes), which names the puzzle and the problem.
PUZZLE_FILE_SCHEMA = Table({"version": Whole(1, 99), "game": Text(limit=100), "packs": ListOf(Table({})),
                            "puzzles": ListOf(Table({}))})


def parse_puzzle_bytes(raw: bytes, name: str) -> PuzzleFile:
    try:
        data = parse_toml_bytes(raw)
    except ValueError as error:
        raise PuzzleFileError(f"{name} is not a readable TOML file: {error}.") from error
    return puzzle_file_of(data, name)


def puzzle_file_of(data: dict, name: str) -> PuzzleFile:
    try:
        return PuzzleFile.from_dict(check(PUZZLE_FILE_SCHEMA, data))
    except (PuzzleError, SchemaError) as error:
        raise PuzzleFileError(f"{name}: {error}.") from error


def read_puzzle_file(path: str | os.PathLike[str]) -> PuzzleFile:
    """A player's puzzle file, read through storage's one reader (regular files only, opened
    non-blocking, size-capped); PuzzleFileError names the problem. Nothing is moved."""
    source = Path(path)
    try:
        data = read_toml_file(source, PUZZLE_FILE_LIMIT)
    except FileNotFoundError as error:
        raise PuzzleFileError(f"{source.name}: there is no such file.") from error
    except UnusableFileError as error:
        raise PuzzleFileError(f"{source.name} cannot be read as a puzzle file: {error.reason}.") from error
    except OSError as error:
        raise PuzzleFileError(f"{source.name} cannot be read: {error.strerror or error}.") from error
    except FileContentError as error:
        raise PuzzleFileError(f"{source.name} is not a readable TOML file: {error}.") from error
    return puzzle_file_of(data, source.name)


def write_puzzle_file(path: str | os.PathLike[str], puzzles: PuzzleFile, header: str = "") -> None:
    """Write ``puzzles`` to ``path`` (temp file, fsync, os.replace); ``header`` is comment lines."""
    write_toml_atomic(path, puzzles.to_dict(), header)


@dataclass(frozen=True)
class FolderContents:
    """The good puzzle files of a folder (by path) and one sentence for each bad one."""

    files: dict[Path, PuzzleFile] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def read_puzzle_folder(folder: str | os.PathLike[str]) -> FolderContents:
    """Every ``*.toml`` puzzle file of ``folder`` (sorted by name); a missing folder is empty."""
    contents = FolderContents()
    try:
        paths = sorted(Path(folder).glob("*" + SUFFIX))
    except OSError as error:
        contents.problems.append(f"the puzzle folder cannot be read: {error.strerror or error}.")
        return contents
    for path in paths:
        try:
            contents.files[path] = read_puzzle_file(path)
        except PuzzleFileError as error:
            contents.problems.append(str(error))
    return contents


def _shipped_resource(game: str):
    return resources.files("rummi_desktop").joinpath("assets", "puzzles", f"{game}{SUFFIX}")


def has_shipped_puzzles(game: str) -> bool:
    return _shipped_resource(game).is_file()


@functools.lru_cache(maxsize=None)
def shipped_puzzles(game: str) -> PuzzleFile:
    """The puzzles shipped for ``game`` (an empty file when none ship yet). Read once a run:
    the packs never change while the game runs, and parsing and checking all three took about
    a second each time the Collection opened (it counts the hard packs' puzzles)."""
    resource = _shipped_resource(game)
    if not resource.is_file():
        return PuzzleFile(VERSION, game)
    puzzles = parse_puzzle_bytes(resource.read_bytes(), f"the shipped {game}{SUFFIX}")
    if puzzles.game != game:
        raise PuzzleFileError(f"the shipped {game}{SUFFIX} holds {puzzles.game} puzzles.")
    return puzzles
