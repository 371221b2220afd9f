"""A tile palette for the sandboxes: every face of a set laid out in a grid, to pick from.

Geometry and drawing only: which faces it shows, how many copies of each are left and which
one is chosen are given by the scene (``copies_left``), so a face whose copies are all in use
is drawn greyed and cannot be picked.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.tile_render import tile_margin

PITCH_GAP = 3  # px between two palette tiles


class Palette:
    """``faces`` in rows of ``columns``; ``cells[i]`` is where ``faces[i]`` is drawn."""

    def __init__(self, faces: Sequence[Hashable], top_left: tuple[int, int], columns: int, tile_w: int,
                 rows: Sequence[Sequence[int]] | None = None) -> None:
        self.faces = tuple(faces)
        self.tile_w = tile_w
        self.tile_h = round(tile_w * 1.35)
        x0, y0 = top_left
        placed = rows or [list(range(i, min(i + columns, len(self.faces)))) for i in range(0, len(self.faces), columns)]
        self.cells: dict[int, pygame.Rect] = {}
        for row, indices in enumerate(placed):
            for column, index in enumerate(indices):
                self.cells[index] = pygame.Rect(x0 + column * (tile_w + PITCH_GAP),
                                                y0 + row * (self.tile_h + PITCH_GAP + 2), tile_w, self.tile_h)
        self.area = self.cells[0].unionall(list(self.cells.values())) if self.cells else pygame.Rect(x0, y0, 0, 0)

    def face_at(self, pos: tuple[float, float] | None) -> Hashable | None:
        if pos is None:
            return None
        for index, rect in self.cells.items():
            if rect.collidepoint(pos):
                return self.faces[index]
        return None

    def rect_of(self, face: Hashable) -> pygame.Rect:
        return self.cells[self.faces.index(face)]

    def draw(self, surface: pygame.Surface, app, copies_left: Callable[[Hashable], int], chosen: Hashable | None,
             picture: Callable[[Hashable, int, str], pygame.Surface] | None = None) -> None:
        """Each face; greyed when no copy is left, lit when chosen, with its copies left."""
        theme = app.theme
        blind = app.settings.colour_blind
        margin = tile_margin(self.tile_w)
        for index, rect in self.cells.items():
            face = self.faces[index]
            left = copies_left(face)
            state = "selected" if face == chosen else "normal"
            tile = (picture(face, self.tile_w, state) if picture is not None
                    else app.tiles.surface(face, self.tile_w, theme, state, blind))
            if left <= 0:
                tile = tile.copy()
                tile.set_alpha(70)
            surface.blit(tile, (rect.x - margin, rect.y - margin))
            if 0 < left < 2:
                badge = shapes.text(str(left), 13, theme.accent_text, bold=True)
                spot = badge.get_rect(center=(rect.right - 3, rect.bottom - 3))
                pygame.draw.circle(surface, theme.accent, spot.center, 8)
                surface.blit(badge, spot)
