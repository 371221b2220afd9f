"""The game's half of a guided table: where the guide's targets are on that game's table, and
where the guide's panel may go. Each game's ``table/guided.py`` has one; they share the
lookups here. Drawing nothing, deciding nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import pygame

from rummi_desktop.scenes.guided.panel import PANEL_W, Spot

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import ModeContext


def pick_unused(candidates: Iterable[tuple[int, Any]], matches: Callable[[int], bool],
                used: set[int]) -> pygame.Rect | None:
    """The box of the first candidate (a tile id and its box) that ``matches`` and is not yet
    ``used``: two targets naming the same face ring two tiles."""
    for tile, box in candidates:
        if matches(tile) and tile not in used:
            used.add(tile)
            return pygame.Rect(box.as_tuple())
    return None


class GuideBoard:
    """The game's half of a guided table: where the guide's targets are, and where its panel
    may go. A game's guided part overrides both."""

    other_name = "The computer"  # who replies, in the panel's words while they play
    panel_width = PANEL_W  # the panel's width on this table (a narrow free column: narrower)
    panel_min_height = 0  # the panel covers at least this much (the whole of a column it sits over)

    def attach(self, table: "ModeContext") -> None:
        self.table = table

    def target_rects(self, names: Sequence[str]) -> list[pygame.Rect]:
        """The rectangles of the named targets as the table shows them now (unknown names: none).
        A name is ``kind:what``; ``button:…`` is the table's button, every other kind the game's
        :meth:`target_rect`, which marks the tiles it ringed in ``used``."""
        used: set[int] = set()
        rects = []
        for name in names:
            kind, _, what = name.partition(":")
            rect = self.button_rect(what) if kind == "button" else self.target_rect(kind, what, used)
            if rect is not None:
                rects.append(rect)
        return rects

    def target_rect(self, kind: str, what: str, used: set[int]) -> pygame.Rect | None:
        """Where the game shows one target that is not a button (None: not there now)."""
        return None

    def panel_spots(self) -> list[Spot]:
        """Where the panel may go on this table, best first: a point and the panel's corner
        put there (``((1238, 610), "bottomright")``)."""
        return [((40, 40), "topleft")]

    def button_rect(self, name: str) -> pygame.Rect:
        """The table's button called ``name`` (``button:end_turn`` names ``buttons.end_turn``)."""
        return pygame.Rect(getattr(self.table.buttons, name).rect)


class SideColumnBoard(GuideBoard):
    """A table with a column beside its board (Rummble's and Tumblewords' turn log): the panel
    covers that column whole while the guide runs, so none of it peeks out from under."""

    column: Any  # a ui.geometry Box

    @property
    def panel_width(self) -> int:  # type: ignore[override]
        return round(self.column.w)

    @property
    def panel_min_height(self) -> int:  # type: ignore[override]
        return round(self.column.h)

    def panel_spots(self) -> list[Spot]:
        return [((round(self.column.x), round(self.column.bottom)), "bottomleft")]
