"""A position as a sandbox opens it: more forgiving than a puzzle or analyze.

The sandbox opens a scenario from a puzzle file, a share code or a pasted position, and has
always let a position lack the parts a new table starts without (an empty table or rack) and
carry keys it does not use (analyze's ``id`` and ``comment`` labels). The game's Position then
reads what is left, with its one error. Game-neutral: the game says its defaults.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence


def opened_position(position: Any, keys: Sequence[str], defaults: Mapping[str, Any]) -> Any:
    """``position`` with only the keys a sandbox reads (``keys``), and ``defaults`` for the ones it lacks
    (what is not a table of keys is left for the Position to refuse)."""
    if not isinstance(position, dict):
        return position
    return {**defaults, **{key: value for key, value in position.items() if key in keys}}
