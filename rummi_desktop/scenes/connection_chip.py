"""The small chip a server game's table shows at the top right: connected, reconnecting or
offline (the banner says so too when it changes, but the chip stays)."""

from __future__ import annotations

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.theme import Theme

CHIP = pygame.Rect(930, 56, 170, 34)
WORDS = {"connected": "Connected", "reconnecting": "Reconnecting…", "offline": "Offline"}
DOTS = {"connected": (90, 200, 110), "reconnecting": (235, 180, 60), "offline": (220, 70, 60)}


def draw_connection_chip(surface: pygame.Surface, theme: Theme, status: str,
                         topleft: tuple[int, int] | None = None) -> None:
    """At ``topleft`` where the table has room for it (default: the top right)."""
    chip = CHIP if topleft is None else CHIP.move(topleft[0] - CHIP.x, topleft[1] - CHIP.y)
    fill = shapes.darken(theme.panel[:3], 0.25) + (220,)
    surface.blit(shapes.rounded_panel(chip.size, 17, fill, fill, theme.rail_highlight, 1), chip)
    pygame.draw.circle(surface, DOTS.get(status, DOTS["offline"]), (chip.x + 18, chip.centery), 6)
    words = shapes.text(WORDS.get(status, status), 18, theme.text, bold=True)
    surface.blit(words, words.get_rect(midleft=(chip.x + 32, chip.centery)))
