"""Reading analyze input: one JSON object, a JSON array of them, or JSON Lines."""

from __future__ import annotations

import json
from typing import Any


class PositionError(ValueError):
    """Unreadable input; the message is one line saying what is wrong."""


def read_positions(text: str) -> list[Any]:
    """The positions in ``text``, in order (PositionError names the bad one, from 0)."""
    if not text.strip():
        raise PositionError("no positions: the input is empty")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        return _read_json_lines(text)
    return whole if isinstance(whole, list) else [whole]


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
