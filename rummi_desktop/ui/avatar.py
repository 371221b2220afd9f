"""A profile's avatar (a coloured disc with its initials, ringed like a tile's edge) and the
small chip a setup row uses to choose whose profile a seat plays under."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

GUEST_COLOUR = (120, 120, 120)


def hex_colour(text: str) -> tuple[int, int, int]:
    try:
        return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
    except (ValueError, IndexError):
        return GUEST_COLOUR


def draw_avatar(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: tuple[int, int, int],
                initials: str, theme: "Theme") -> None:
    pygame.draw.circle(surface, shapes.darken(colour, 0.5), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, shapes.lighten(colour, 0.35), centre, radius, max(1, radius // 10))
    letters = shapes.text(initials, max(10, int(radius * 0.95)), (255, 255, 255), bold=True)
    surface.blit(letters, letters.get_rect(center=centre))


class ProfileChip(Widget):
    """A seat's profile: a click (or Enter, or an arrow while focused) goes to the next one.
    ``choices`` gives the (id, name, colour, initials) a seat may take now (Guest first)."""

    def __init__(self, rect: Any, choices: Callable[[], Sequence[tuple[str, str, str, str]]], value: str,
                 on_change: Callable[[str], None], *, label: str = "", tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.label = label  # not drawn: names the chip for the status file and its watchers
        self.choices, self.value, self.on_change = choices, value, on_change
        self.visible = True

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return self.visible and super().hit(pos)

    def adjust(self, direction: int) -> bool:
        options = [choice[0] for choice in self.choices()]
        if len(options) < 2:
            return False
        index = options.index(self.value) if self.value in options else 0
        self.value = options[(index + direction) % len(options)]
        self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(+1)

    def shown(self) -> tuple[str, str, str, str]:
        return next((choice for choice in self.choices() if choice[0] == self.value), ("", "Guest", "", "G"))

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        if not self.visible:
            return
        _id, _name, colour, initials = self.shown()
        radius = min(self.rect.w, self.rect.h) // 2 - 2
        if self.glow > 0.05:
            pygame.draw.circle(surface, theme.accent, self.rect.center, radius + 3, 2)
        draw_avatar(surface, self.rect.center, radius, hex_colour(colour) if colour else GUEST_COLOUR,
                    initials, theme)
