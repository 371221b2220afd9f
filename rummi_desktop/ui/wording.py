"""Numbers in words as a player reads them: "1 game", "2 games"."""

from __future__ import annotations


def counted(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and its noun, in the singular for one (``plural`` when it is not just +s)."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
