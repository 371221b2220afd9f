"""The kinds of damage the damaged-files fuzzer does to one file, each as a disk could (or a
person, or another program): cut short, overwritten with noise, values of the wrong type,
numbers no game could hold, a folder or a named pipe or a link loop in its place, emptied, or
grown far past any size the game reads.

Each is ``damage(path, rng)``; ``rng`` only picks where and what, so a seed replays it.
"""

from __future__ import annotations

import os
import random
import tomllib
from pathlib import Path
from typing import Any, Callable

import tomli_w

from rummi_desktop.storage.toml_files import read_regular_file

Damage = Callable[[Path, random.Random], None]
ENORMOUS_BYTES = 64 << 20  # past every size cap (settings 1 MiB, saves 8 MiB, word lists); sparse
HUGE = 10**400  # more than a float holds, fewer digits than Python's 4300-digit limit
GOOD_FILE_LIMIT = 16 << 20  # the good files the fuzzer wrote are far smaller


def _bytes(path: Path) -> bytes:
    return read_regular_file(path, GOOD_FILE_LIMIT)


def _text(path: Path) -> str:
    return _bytes(path).decode("utf-8", errors="replace")


def _replace_with(path: Path, make: Callable[[Path], None]) -> None:
    path.unlink()
    make(path)


def truncated(path: Path, rng: random.Random) -> None:
    data = _bytes(path)
    path.write_bytes(data[:rng.randrange(max(1, len(data)))])


def random_bytes(path: Path, rng: random.Random) -> None:
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(16, 4096))))


def _walk(value: Any, change: Callable[[Any], Any]) -> Any:
    if isinstance(value, dict):
        return {key: _walk(item, change) for key, item in value.items()}
    if isinstance(value, list):
        return [_walk(item, change) for item in value]
    return change(value)


def _rewrite_toml(path: Path, change: Callable[[Any], Any], text_change: Callable[[str], str]) -> None:
    """Change every leaf of a TOML file; a file that is not TOML (a word list) is changed as text."""
    text = _text(path)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        path.write_text(text_change(text), encoding="utf-8")
        return
    path.write_text(tomli_w.dumps(_walk(document, change)), encoding="utf-8")


def wrong_types(path: Path, rng: random.Random) -> None:
    """Leaves of another type: text for numbers, numbers for text, tables and lists for both."""
    def change(value: Any) -> Any:
        if rng.random() < 0.5:
            return value
        if isinstance(value, bool) or isinstance(value, (int, float)):
            return rng.choice(("7", [1, 2], {"x": 1}))
        return rng.choice((7, -1, 2.5, True, [], {"x": 1}))
    _rewrite_toml(path, change, lambda text: "\n".join("12345" if rng.random() < 0.5 else line
                                                       for line in text.splitlines()))


def huge_numbers(path: Path, rng: random.Random) -> None:
    """Every number too big for a float (or not finite); a text file gets a line of such digits."""
    def change(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        return HUGE if isinstance(value, int) else rng.choice((float("inf"), float("nan"), -float("inf")))
    _rewrite_toml(path, change, lambda text: text + "\n" + str(HUGE) + "\n")


def a_folder(path: Path, rng: random.Random) -> None:
    _replace_with(path, lambda p: p.mkdir())


def a_fifo(path: Path, rng: random.Random) -> None:
    _replace_with(path, os.mkfifo)


def a_link_loop(path: Path, rng: random.Random) -> None:
    partner = path.with_name(path.name + ".loop")
    _replace_with(path, lambda p: p.symlink_to(partner.name))
    partner.symlink_to(path.name)


def empty(path: Path, rng: random.Random) -> None:
    path.write_bytes(b"")


def enormous(path: Path, rng: random.Random) -> None:
    with path.open("ab") as grown:
        grown.truncate(ENORMOUS_BYTES)  # sparse: no disk is used, but every size check sees it


DAMAGES: dict[str, Damage] = {
    "truncated": truncated, "random bytes": random_bytes, "wrong types": wrong_types,
    "huge numbers": huge_numbers, "a folder": a_folder, "a fifo": a_fifo, "a link loop": a_link_loop,
    "empty": empty, "enormous": enormous,
}

