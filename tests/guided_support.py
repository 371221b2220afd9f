"""What the guided-game flow tests share: the panel shows the step it should, and covers none
of its targets."""

from __future__ import annotations

from typing import Sequence

import pygame


def at_step(scene, steps: Sequence, title: str) -> None:
    """The panel shows the step called ``title`` (``steps``: the game's guide steps): its
    counter, title and words, and no target is under it."""
    guide = scene.mode.status()["guide"]
    assert guide["step_title"] == title
    assert scene.mode.shown_words()[1] == steps[guide["step"]].text
    panel = pygame.Rect(guide["panel"])
    assert not any(panel.colliderect(target) for target in guide["targets"]), "the panel covers a target"
