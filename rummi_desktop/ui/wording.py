"""Words as a player reads them: numbers ("1 game", "2 games") and sentences."""

from __future__ import annotations


def counted(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and its noun, in the singular for one (``plural`` when it is not just +s)."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


def sentence(clause: str) -> str:
    """A rules clause ("the play must touch …", which analyze and puzzle messages embed) shown
    on its own, as a sentence: its first letter a capital."""
    return clause[:1].upper() + clause[1:]


def resigned_words(name: str) -> str:
    """The banner when a seat gives the game up: "You resign" or "Ana resigns"."""
    return "You resign" if name == "You" else f"{name} resigns"
