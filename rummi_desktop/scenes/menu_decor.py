"""The menu's table dressing: two fans of tiles (a run and a group) that breathe gently.

Rotated tile pictures are made once per (theme, colour-blind) and cached; each frame only
blits them with a small vertical bob, so the decoration is cheap enough for the bench.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.tiles import JOKER, Tile

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme
    from rummi_desktop.ui.tile_render import TileRenderer

TILE_SIZE = 86
FANS: tuple[tuple[tuple[Tile, ...], tuple[int, int], float], ...] = (
    # tiles, pivot (below the fan), the fan's overall tilt in degrees
    ((Tile("B", 10), Tile("B", 11), Tile("B", 12), Tile("B", 13)), (255, 930), 9.0),
    ((Tile("R", 7), Tile("K", 7), Tile("Y", 7), JOKER), (1025, 930), -9.0),
)
SPREAD = 11.0  # degrees between neighbouring tiles in a fan
RADIUS = 380  # px from the pivot to a tile's centre
BOB_PIXELS, BOB_RATE = 5.0, 1.3


class TileFans:
    def __init__(self) -> None:
        self._key: tuple[str, bool] | None = None
        self._placed: list[tuple[pygame.Surface, tuple[float, float], float]] = []

    def _build(self, renderer: "TileRenderer", theme: "Theme", colour_blind: bool) -> None:
        self._placed = []
        for fan_index, (tiles, pivot, tilt) in enumerate(FANS):
            middle = (len(tiles) - 1) / 2
            for index, tile in enumerate(tiles):
                angle = tilt + (middle - index) * SPREAD  # pygame angles turn anticlockwise
                picture = renderer.surface(tile, TILE_SIZE, theme, "normal", colour_blind)
                turned = pygame.transform.rotozoom(picture, angle, 1.0)
                radians = math.radians(angle)
                centre = (pivot[0] - RADIUS * math.sin(radians), pivot[1] - RADIUS * math.cos(radians))
                phase = fan_index * 1.7 + index * 0.55
                self._placed.append((turned, centre, phase))
        self._key = (theme.name, colour_blind)

    def draw(self, surface: pygame.Surface, renderer: "TileRenderer", theme: "Theme",
             colour_blind: bool, time: float) -> None:
        if self._key != (theme.name, colour_blind):
            self._build(renderer, theme, colour_blind)
        for picture, (cx, cy), phase in self._placed:
            bob = BOB_PIXELS * math.sin(time * BOB_RATE + phase)
            surface.blit(picture, picture.get_rect(center=(round(cx), round(cy + bob))))
