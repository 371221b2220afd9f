"""Reading positions: analyze input (one JSON object, a JSON array of them, or JSON Lines), the
one error type every reader of a position raises (:class:`PositionError`: analyze, the puzzle
record and the sandboxes all read a game's position through its ``rules/position.py``), and the
small readers those game modules share (keys, tile lists, the set's copies).

Messages speak JSON, not Python: values are echoed as JSON text (``null``, ``true``), cut
short when long, and kinds are named ``null``, ``true/false``, ``number``, ``string``,
``array`` or ``object``. Valid JSON beyond Python's limits (nesting deeper than its recursion
limit allows, integers of more than 4300 digits) is unreadable input like any other, reported
with the position it is in.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from rummi_desktop.tiles import JOKERS_IN_SET, NotationError, Tile, excess_copies, format_tiles, standard_set

BYTE_ORDER_MARK = "\ufeff"
ECHO_LIMIT = 60  # characters of an echoed value; a message stays one readable line
_WHITESPACE = re.compile(r"\s*")
COUNT_WORDS = {2: "two", 4: "four"}  # a set's jokers, in the words of a message


class PositionError(ValueError):
    """Unreadable input; the message is one line saying what is wrong."""


def json_kind(value: Any) -> str:
    """What kind of JSON value ``value`` is, named as JSON names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else type(value).__name__


def json_text(value: Any) -> str:
    """``value`` as it would be written in the input (``null``, ``"R7"``, ``[1, 2]``), cut
    short with ``…`` past ECHO_LIMIT characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:  # parsed, but one level more is too deep to write back
        return f"a deeply nested {json_kind(value)}"
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


def check_keys(data: Mapping[str, Any], title: str, keys: tuple[str, ...], required: tuple[str, ...]) -> None:
    """PositionError for a key of ``data`` not in ``keys``, then for a ``required`` one missing."""
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a {title} position has {', '.join(keys)})")
    for key in required:
        if key not in data:
            raise PositionError(f"missing key {json_text(key)}")


def read_rules(value: Any, choices: Mapping[str, tuple[Any, ...]]) -> dict[str, Any]:
    """A position's ``rules`` object (its house rules, docs/analysis-format.md): each key one
    of ``choices``' and its value one of that key's choices. What it leaves out keeps the
    game's default, so the result holds only what the position names."""
    if not isinstance(value, Mapping):
        raise PositionError(f"rules must be an object, not {json_kind(value)}")
    for key, given in value.items():
        if key not in choices:
            raise PositionError(f"unknown rule {json_text(key)} (the rules a position may carry: "
                                f"{', '.join(choices) or 'none'})")
        allowed = choices[key]
        # True == 1 in Python: a JSON true must not pass for the number 1 (nor 1 for true).
        if not any(given == choice and type(given) is type(choice) for choice in allowed):
            raise PositionError(f"rule {key} is {', '.join(json_text(c) for c in allowed)}, not {json_text(given)}")
    return dict(value)


def check_game(data: Any, game: str, title: str) -> None:
    """PositionError unless ``data`` is an object whose ``game`` is ``game``."""
    if not isinstance(data, Mapping):
        raise PositionError(f"a position must be a JSON object, not {json_kind(data)}")
    if data.get("game") != game:
        raise PositionError(f"this is not a {title} position")


@dataclass(frozen=True)
class Wording:
    """How a message names what it quotes: analyze speaks JSON (``null``, "an array, not
    object"); a puzzle file's solution messages keep their own words (``None``, "a list")."""

    echo: Callable[[Any], str]
    array: str
    kind: Callable[[Any], str]  # what is said of a value that is not an array


JSON_WORDS = Wording(json_text, "an array", lambda value: f", not {json_kind(value)}")


def read_tiles(value: Any, what: str, words: Wording = JSON_WORDS) -> tuple[Tile, ...]:
    """The tiles of an array of tile names like ``["R7", "J"]``; ``what`` names it in a message."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be {words.array} of tiles like [\"R7\", \"J\"]{words.kind(value)}")
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError(f"{what}: {words.echo(item)} is not a tile (tiles are strings like \"R7\")")
        try:
            tiles.append(Tile.parse(item))
        except NotationError as error:
            raise PositionError(f"{what}: {error}") from error
    return tuple(tiles)


def check_copies(tiles: list[Tile], names: str, jokers: int = JOKERS_IN_SET) -> None:
    """PositionError when ``tiles`` hold more copies of a tile than the set (with ``jokers``
    jokers: a house rule may deal four); ``names`` is the subject with its verb ("the play names")."""
    excess = excess_copies(tiles, standard_set(jokers))
    if excess:
        raise PositionError(f"{names} more copies than exist of {format_tiles(excess)} "
                            f"(two of each tile, {COUNT_WORDS.get(jokers, jokers)} jokers)")


class _BeyondPythonLimits(ValueError):
    """Valid JSON that Python's json module refuses: too deep, or a number with too many digits."""


def _loads(text: str) -> Any:
    """json.loads, with Python's own limits turned into _BeyondPythonLimits (one sentence)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError as error:
        raise _BeyondPythonLimits("arrays or objects are nested too deeply to read") from error
    except ValueError as error:  # "Exceeds the limit (4300 digits) for integer string conversion"
        limit = sys.get_int_max_str_digits()
        raise _BeyondPythonLimits(f"a number has more than {limit} digits") from error


def read_positions(text: str) -> list[Any]:
    """The positions in ``text``, in order (PositionError names the bad one, from 0).

    The input is taken as JSON Lines only when the whole text is not one JSON document but its
    first non-blank line is: a syntax error in a pretty-printed document is then reported
    where it is, not as "line 1 is not JSON".
    """
    text = text.removeprefix(BYTE_ORDER_MARK)
    if not text.strip():
        raise PositionError("no positions: the input is empty")
    try:
        whole = _loads(text)
    except _BeyondPythonLimits as error:
        index = _failing_position(text)
        raise PositionError(f"position {index}: {error}" if index is not None else str(error)) from error
    except json.JSONDecodeError as error:
        if not _first_line_is_json(text):
            raise PositionError(
                f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
            ) from error
        return _read_json_lines(text)
    positions = whole if isinstance(whole, list) else [whole]
    if not positions:
        raise PositionError("no positions: the input is an empty array")
    return positions


def _failing_position(text: str) -> int | None:
    """Which position (from 0) of a document that failed with _BeyondPythonLimits is the one
    at fault: the document itself unless it is an array, then the first element that fails.

    Parsing stops at the first problem, so the first element that fails on its own is it.
    """
    body = text.strip()
    if not body.startswith("["):
        return 0
    decoder, at, index = json.JSONDecoder(), 1, 0
    while True:
        at = _WHITESPACE.match(body, at).end()
        try:
            _value, at = decoder.raw_decode(body, at)
        except (RecursionError, ValueError):
            return index
        at = _WHITESPACE.match(body, at).end()
        if not body.startswith(",", at):
            return None  # every element reads alone: only the whole was one level too deep
        at, index = at + 1, index + 1


def _first_line_is_json(text: str) -> bool:
    first = next(line for line in text.splitlines() if line.strip())
    try:
        _loads(first)
    except json.JSONDecodeError:
        return False
    except _BeyondPythonLimits:
        return True  # JSON, only too big for Python: reported below as that position's problem
    return True


def _read_json_lines(text: str) -> list[Any]:
    positions = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            positions.append(_loads(line))
        except json.JSONDecodeError as error:
            raise PositionError(
                f"position {len(positions)}: not valid JSON (line {line_number}: {error.msg})"
            ) from error
        except _BeyondPythonLimits as error:
            raise PositionError(f"position {len(positions)}: {error} (line {line_number})") from error
    return positions


PUZZLE_ECHO_LIMIT = 60  # characters of a value a puzzle file's message quotes


def quoted(value: Any) -> str:
    """A value as a puzzle file's message quotes it (its repr, cut short when long)."""
    text = repr(value)
    return text if len(text) <= PUZZLE_ECHO_LIMIT else text[: PUZZLE_ECHO_LIMIT - 1] + "…"


PUZZLE_WORDS = Wording(quoted, "a list", lambda value: "")
