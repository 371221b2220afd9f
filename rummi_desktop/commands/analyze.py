"""``rummi-desktop analyze FILE``: check or solve positions given as JSON (docs/analysis-format.md).

FILE (or ``-`` for standard input) holds one JSON object, a JSON array of objects, or JSON
Lines. Every position is read and validated first; if any is unreadable, nothing is printed on
standard output and a one-line message naming the position (counted from 0) goes to standard
error with exit status 2. Otherwise each position gets one JSON line, in input order, and the
exit status is 0 (an illegal move is a normal answer). Input with no positions at all (empty,
or an empty array) is unreadable too. A leading UTF-8 byte order mark is ignored.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from rummi_desktop.games.positions import BYTE_ORDER_MARK, PositionError, json_kind, json_text, read_positions
from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.storage.toml_files import read_regular_file

ANALYZE_SIZE_LIMIT = 64 << 20  # a file of thousands of positions is a few MiB
MAX_TOP = 100  # candidates a solve answer may list: more is a list nobody reads

# Each game's ``analyze`` entry point turns a raw position into a zero-argument function that
# computes its answer; preparing validates, so every error is found before anything is printed.
# ``top`` N ≥ 1 asks a solve answer for its N best plays as well (``"top"``).
Prepare = Callable[..., Callable[[], dict[str, Any]]]


def analysable_games() -> list[str]:
    return [key for key, spec in GAMES.items() if spec.has("analyze")]


def prepare(position: Any, top: int = 0) -> Callable[[], dict[str, Any]]:
    if not isinstance(position, dict):
        raise PositionError(f"a position must be a JSON object, not {json_kind(position)}")
    if "game" not in position:
        raise PositionError('missing key "game" (e.g. "game": "rummi")')
    game = position["game"]
    if not isinstance(game, str):
        raise PositionError(f'"game" must be a string like "rummi", not {json_kind(game)}')
    if game not in analysable_games():
        raise PositionError(f"unknown game {json_text(game)} (analyze knows {', '.join(analysable_games())})")
    prepare_position: Prepare = load_entry(GAMES[game], "analyze")
    return prepare_position(position, top=top)


def _read_source(path: str, stdin: TextIO) -> str:
    # Windows editors like to start UTF-8 files with a byte order mark: accept it.
    if path == "-":
        return stdin.read().removeprefix(BYTE_ORDER_MARK)
    # Through storage's bounded reader like every file the game reads: a named pipe or a device
    # named here is refused in words instead of blocking or filling memory ("-" reads a pipe).
    return read_regular_file(path, ANALYZE_SIZE_LIMIT).decode("utf-8-sig")


def run_analyze(path: str, stdin: TextIO | None = None, stdout: TextIO | None = None,
                stderr: TextIO | None = None, top: int = 0) -> int:
    """Answer every position in ``path``; returns the exit status (0, or 2 on bad input).
    ``top`` N ≥ 1: each solve answer also lists the N best plays."""
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    if not 0 <= top <= MAX_TOP:
        print(f"analyze: --top must be a number from 1 to {MAX_TOP}, not {top}", file=stderr)
        return 2
    try:
        text = _read_source(path, stdin)
    except (OSError, UnicodeDecodeError) as error:
        print(f"analyze: cannot read {path}: {error}", file=stderr)
        return 2
    try:
        positions = read_positions(text)
        answers = []
        for index, position in enumerate(positions):
            try:
                answers.append(prepare(position, top))
            except PositionError as error:
                raise PositionError(f"position {index}: {error}") from error
    except PositionError as error:
        print(f"analyze: {error}", file=stderr)
        return 2
    for answer in answers:
        print(json.dumps(answer(), separators=(",", ":")), file=stdout, flush=True)
    return 0
