"""The small card that says an online game became your move: over any screen, at the right of
the felt, for a few seconds. It reads "Your move · Rummi · vs Bob" over the time left (in the
warning colour when a days-per-move clock runs out within 12 hours), with Open (that table)
and Later (the card goes; the lobby still lists the game first). It covers a corner and takes
only clicks on itself and Ctrl+O (Open, said on the card), so a local game goes on under it with
all its keys."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.online.listing import TableRow
from rummi_desktop.ui import shapes
from rummi_desktop.ui.count_badge import warning_ink
from rummi_desktop.ui.text_wrap import fitted_text
from rummi_desktop.ui.widget_group import WidgetGroup
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

# The right of the felt, under its top row: clear of the Rummi table's pause button and the
# online tables' connection chip; over the Rummble and Tumblewords tables it covers a caption.
CARD = pygame.Rect(1238 - 430, 104, 430, 96)
BUTTON_W, BUTTON_H = 92, 36
TOAST_SECONDS = 12.0  # then it goes (while the pointer is on it, it stays)
# s before it shows: a table that is opening on screen right then (the lobby's table starting, a
# table just joined) is subscribed meanwhile, and its notice is dropped instead of flashing.
GRACE_SECONDS = 1.0
OPEN_KEY = "o"  # with Ctrl (Cmd): no screen's own shortcut, so the game under the card keeps its keys


@dataclass
class TurnToast:
    """One game's notice: its row as the lobby lists it, the buttons, and how long it has left."""

    row: TableRow
    on_open: Callable[[str], None] | None  # None: no Open (another online table is on screen)
    on_later: Callable[[], None]
    left: float = TOAST_SECONDS
    grace: float = GRACE_SECONDS
    note: str = ""  # said instead of the time left: "Opening…", or why it could not open
    note_is_warning: bool = False
    widgets: WidgetGroup = field(default_factory=WidgetGroup)

    def __post_init__(self) -> None:
        later = pygame.Rect(0, 0, BUTTON_W, BUTTON_H)
        later.bottomright = (CARD.right - 12, CARD.bottom - 10)
        if self.on_open is not None:
            opening = later.move(0, -(BUTTON_H + 4))
            self.open_button = self.widgets.add(Button(opening, "Open", self._open, style="primary", font_size=18))
        self.widgets.add(Button(later, "Later", self.on_later, font_size=18))

    def _open(self) -> None:
        if self.on_open is not None:
            self.on_open(self.row.table)

    def open_by_key(self) -> bool:
        """Ctrl+O: Open, when the card offers it now; True when it did."""
        if self.on_open is None or not self.visible or not self.open_button.enabled:
            return False
        self._open()
        return True

    @property
    def pointed(self) -> bool:
        return any(widget.hovered for widget in self.widgets.widgets)

    @property
    def visible(self) -> bool:
        return self.grace <= 0

    def age(self, dt: float) -> bool:
        """``dt`` seconds on; False once the card has had its time."""
        if not self.visible:
            self.grace -= dt
            return True
        self.widgets.update(dt)
        opening = self.note and not self.note_is_warning
        if not self.pointed and not opening:
            self.left -= dt
        return self.left > 0

    def say(self, note: str, warning: bool = False) -> None:
        self.note, self.note_is_warning, self.left = note, warning, TOAST_SECONDS
        if hasattr(self, "open_button"):
            self.open_button.enabled = not note

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        urgent = self.row.urgent
        edge = theme.invalid if urgent else theme.accent
        face = shapes.darken(theme.panel[:3], 0.25) + (245,)
        surface.blit(shapes.soft_shadow(CARD.size, 12, 10, 160), (CARD.x - 10, CARD.y - 6))
        surface.blit(shapes.rounded_panel(CARD.size, 12, face, None, edge, 2), CARD)
        text_left, text_width = CARD.x + 16, CARD.w - BUTTON_W - 44
        heading = "Your move · Ctrl+O opens" if self.on_open is not None and not self.note else "Your move"
        title = fitted_text(heading, 16, warning_ink(theme) if urgent else theme.accent, text_width, bold=True)
        surface.blit(title, (text_left, CARD.y + 12))
        headline = fitted_text(self.row.headline, 20, theme.text, text_width, bold=True)
        surface.blit(headline, (text_left, CARD.y + 34))
        words = self.note or self.row.detail
        ink = warning_ink(theme) if (self.note_is_warning if self.note else urgent) else theme.text_muted
        detail = fitted_text(words, 17, ink, text_width, bold=urgent and not self.note)
        surface.blit(detail, (text_left, CARD.y + 62))
        self.widgets.draw(surface, theme, tooltips=False)
