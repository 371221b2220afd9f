"""Review on a results card, for any game: the game (a Rummi round) that just ended, as the
table kept its record (``GameSession.finished_record``), opened in the post-game review. Every
game's last card (``results_base.GameEndScene``) and Rummi's round card offer it the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.records.replay import Replay
    from rummi_desktop.scenes.base import ShellScene

CANNOT_REVIEW = "This game's moves are not all known here, so it cannot be reviewed"


def finished_replay(session: Any) -> "Replay | None":
    """The game just finished as a replay, or None when there is no record of it, its game
    has no coach, or its moves do not replay to its scores."""
    from rummi_desktop.games import GAMES
    from rummi_desktop.records.replay import ReplayError, replay_of_record

    record = getattr(session, "finished_record", None)
    if not isinstance(record, dict) or record.get("game") not in GAMES or not GAMES[record["game"]].has("coach"):
        return None
    try:
        replay = replay_of_record(record)
        replay.check()  # an online table's state may be rebuilt from views: its log may not replay
    except (ReplayError, KeyError, TypeError, ValueError):
        return None
    return replay


def review_button(scene: "ShellScene", rect: pygame.Rect, session: Any, tooltip: str, **style: Any) -> Button:
    """A Review button (key V) on ``scene`` for ``session``'s finished game, disabled (saying
    why) when it cannot be reviewed."""
    button = scene.widgets.add(Button(rect, "Review", lambda: open_review(scene, session), shortcut="v",
                                      tooltip=tooltip, **style))
    if finished_replay(session) is None:
        button.enabled, button.tooltip = False, CANNOT_REVIEW
    return button


def open_review(scene: "ShellScene", session: Any) -> None:
    from rummi_desktop.scenes.review_scene import ReviewScene

    replay = finished_replay(session)
    if replay is not None and scene.stack is not None:
        scene.stack.push(ReviewScene(scene.app, replay))
