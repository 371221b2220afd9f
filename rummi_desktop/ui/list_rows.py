"""The rows of a scrolling list as widgets: each :class:`SlotRow` is one visible line of the
list and shows whatever item the scroll puts in it (``item_at``); a slot past the list's end is
hidden and takes no focus. A row lights up under the pointer, takes the keyboard focus (Tab,
Up/Down) and opens its item with a click or Enter, like a button. :func:`scrolled_by_key` is
the list's keyboard scrolling (Page Up/Down, and Up/Down past the first or last row shown).
The screen draws each item's cells (``draw_item``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme


class SlotRow(Widget):
    def __init__(self, rect: pygame.Rect | Sequence[int], item_at: Callable[[], Any],
                 open_item: Callable[[Any], None]) -> None:
        super().__init__(rect)  # no tooltip: it would hide the next row
        self.item_at, self.open_item = item_at, open_item

    @property
    def item(self) -> Any:
        return self.item_at()

    @property
    def focusable(self) -> bool:  # type: ignore[override]  (an empty slot takes no focus)
        return self.item is not None

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return self.item is not None and super().hit(pos)

    def activate(self) -> None:
        if (item := self.item) is not None:
            self.open_item(item)

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        item = self.item
        if item is None:
            return
        fill = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5 + 0.3 * self.glow)
        border = theme.selected if self.focused else theme.rail_highlight
        surface.blit(shapes.rounded_panel(self.rect.size, 10, fill + (220,), None, border, 2 if self.focused else 1),
                     self.rect)
        self.draw_item(surface, theme, item)

    def draw_item(self, surface: pygame.Surface, theme: "Theme", item: Any) -> None:
        raise NotImplementedError


def scrolled_by_key(key: str, rows: Sequence[SlotRow], focused: Any, first: int, total: int) -> int | None:
    """The list's first shown item after ``key`` (None: the key is not the list's): Page
    Up/Down move a page; Up on the first row shown or Down on the last move one (the focus
    stays on that row, which shows the next item), when there is one."""
    shown = len(rows)
    last_first = max(0, total - shown)
    if key in ("page down", "page up"):
        return max(0, min(first + (shown if key == "page down" else -shown), last_first))
    if focused not in rows or key not in ("up", "down"):
        return None
    slot = list(rows).index(focused)
    if key == "down" and slot == shown - 1 and first < last_first:
        return first + 1
    if key == "up" and slot == 0 and first > 0:
        return first - 1
    return None
