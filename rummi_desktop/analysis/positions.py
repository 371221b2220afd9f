"""Reading analyze input: one JSON object, a JSON array of them, or JSON Lines.

Messages speak JSON, not Python: values are echoed as JSON text (``null``, ``true``) and kinds
are named ``null``, ``true/false``, ``number``, ``string``, ``array`` or ``object``.
"""

from __future__ import annotations

import json
from typing import Any

BYTE_ORDER_MARK = "\ufeff"


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
    """``value`` as it would be written in the input (``null``, ``"R7"``, ``[1, 2]``)."""
    return json.dumps(value, ensure_ascii=False)


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
        whole = json.loads(text)
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


def _first_line_is_json(text: str) -> bool:
    first = next(line for line in text.splitlines() if line.strip())
    try:
        json.loads(first)
    except json.JSONDecodeError:
        return False
    return True


def _read_json_lines(text: str) -> list[Any]:
    positions = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            positions.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise PositionError(
                f"position {len(positions)}: not valid JSON (line {line_number}: {error.msg})"
            ) from error
    return positions
