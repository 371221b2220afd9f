"""A narrow option picker: its label small on top, the value between ◀ ▶ arrows below it, for
forms of two columns (the lobby's new table) where a row's label and value side by side would
not fit. It chooses exactly as :class:`~rummi_desktop.ui.widgets.OptionPicker` does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import OptionPicker, _draw_row_background

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

LABEL_SIZE, VALUE_SIZES = 18, (21, 19, 17)  # a long value takes a smaller size rather than overrunning the arrows
ARROW, PAD = 28, 6
CELL_FILL = (255, 255, 255, 14)  # a faint card, so two columns of cells read as separate choices


class StackedPicker(OptionPicker):
    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        left = pygame.Rect(0, 0, ARROW, ARROW)
        left.bottomleft = (self.rect.x + PAD, self.rect.bottom - PAD + 2)
        right = left.copy()
        right.right = self.rect.right - PAD
        return left, right

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        surface.blit(shapes.rounded_panel(self.rect.size, 10, CELL_FILL, CELL_FILL), self.rect)
        _draw_row_background(surface, theme, self)
        caption = shapes.text(self.label, LABEL_SIZE, theme.text_muted)
        surface.blit(caption, caption.get_rect(topleft=(self.rect.x + PAD + 6, self.rect.y + 3)))
        left, right = self.arrow_rects()
        self.draw_arrows(surface, theme, (left, right), 15, (6, 4, 7))
        room = right.left - left.right - 2 * PAD
        for size in VALUE_SIZES:
            shown = shapes.text(self.value_text, size, theme.text, bold=True)
            if shown.get_width() <= room:
                break
        surface.blit(shown, shown.get_rect(center=((left.right + right.left) // 2, left.centery)))
