"""What belongs to the whole window rather than to one screen: an ``AppLayer`` runs every frame
whatever scene is on top, and is drawn over it (the scene stack updates only its top scene, and
a screen that is covered or closed would miss what the layer is for: a notice that a game online
became your move, raised while you play a local game or sit on the menu).

A layer sees each input action before the scenes and takes only those it uses (a click on its
own card), so the screen under it keeps its keys, its drags and its focus. It says when its
picture next changes by itself, as a scene does, so a still window still sleeps.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.input import Action


class AppLayer:
    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (every frame, and the time a still window slept)."""

    def handle_action(self, action: "Action") -> bool:
        """True when the layer used the action (the scenes then never see it)."""
        return False

    def draw(self, surface: "pygame.Surface") -> None:
        """Paint over the scenes (logical 1280×800)."""

    def next_change_in(self) -> float:
        return math.inf

    def close(self) -> None:
        """The window closes: release what the layer holds (a connection)."""
