"""What a computer seat does in the thinking process, for any game: a task in, a move out.

A task is plain JSON data, ``{"game": key, "tier": name, "view": the seat's view}``; the reply
is the chosen move's notation. The game's ``computer`` entry point does the thinking
(:data:`rummi_desktop.games.GAMES`), so this module knows no game. No pygame here: the thinking
process imports it (and the game's tiers) and nothing of the window.
"""

from __future__ import annotations

import threading
from typing import Any

from rummi_desktop.entry_points import load_entry, start_games
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import Move

# A seat's view may name data its game looks up (a word list): the games' startups install
# where it is found here too (installing reads nothing: the first task that needs it does).
start_games()


def task_for(game: str, tier: str, view: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "tier": tier, "view": view}


def choose_move(task: dict[str, Any], deadline: float | None = None,
                cancel: threading.Event | None = None) -> Move:  # fmt: skip
    """The move of the seat the task describes (KeyError for an unknown game)."""
    choose = load_entry(GAMES[task["game"]], "computer")
    return choose(task["view"], task["tier"], deadline=deadline, cancel=cancel)


def think_task(task: dict[str, Any], deadline: float, cancel: Any) -> str:
    """The thinking process's handler: JSON task in, the move's notation out."""
    return choose_move(task, deadline, cancel).notation()


REVIEW_MODULE = "rummi_desktop.thinking.review_run"  # the post-game review's handler


def thinking_modules() -> tuple[str, ...]:
    """The modules a thinking process needs: this one, every game's computer seats, the
    review's handler and every game's coach (names only, for the thinking server to import
    once so that each child starts warm)."""
    seats = (spec.entry_points["computer"].module for spec in GAMES.values() if spec.has("computer"))
    coaches = (spec.entry_points["coach"].module for spec in GAMES.values() if spec.has("coach"))
    return (__name__, *seats, REVIEW_MODULE, *coaches)
