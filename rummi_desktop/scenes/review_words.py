"""The post-game review in a player's words: a play, a miss, an accuracy. Game-neutral (a
play is the coach's :class:`~rummi_desktop.games.base.Candidate`: its tiles, its points, its
move) and pure: no pygame."""

from __future__ import annotations

from rummi_desktop.games.base import Candidate
from rummi_desktop.games.review import TurnReview
from rummi_desktop.records.replay import move_words
from rummi_desktop.ui.wording import counted

TILES_SHOWN = 7  # a long play is cut: the list's column holds about this many tiles


def play_words(play: Candidate) -> str:
    """"B5 B6 B7 · 18 points", or the move that laid nothing ("Drew", "Passed")."""
    if not play.tiles:
        words = move_words(play.move)
        return words[:1].upper() + words[1:]
    tiles = " ".join(play.tiles[:TILES_SHOWN]) + (" …" if len(play.tiles) > TILES_SHOWN else "")
    return f"{tiles} · {counted(play.points, 'point')}"


def miss_words(turn: TurnReview) -> str:
    """What the turn missed ("2 tiles, 14 points"), or that it was the best play."""
    if turn.at_best:
        return "Best play"
    parts = []
    if turn.missed_tiles:
        parts.append(counted(turn.missed_tiles, "tile"))
    if turn.missed_points > 0:
        parts.append(counted(turn.missed_points, "point"))
    elif turn.missed_points < 0:  # the best lays more tiles worth fewer points (Rummi)
        parts.append(f"{counted(-turn.missed_points, 'point')} fewer")
    return ", ".join(parts) or "A better play"


def accuracy_words(share: float | None) -> str:
    return "–" if share is None else f"{share:.0%}"
