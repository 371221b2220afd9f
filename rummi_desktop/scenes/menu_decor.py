"""The menu's table dressing: two fans of tiles (a run and a group) that breathe gently.

Rotated tile pictures are made once per (theme, colour-blind) and cached; each frame only
blits them with a small vertical bob, so the decoration is cheap enough for the bench.

The fans breathe while someone is about. Once nobody has touched anything for ``LIVELY_FOR``
seconds they slow down and come to rest where they are (a still menu is not redrawn, so it
costs almost nothing); the next input starts them again, just as gently.
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
LIVELY_FOR = 3.0  # s without input before the fans come to rest
SETTLE_TIME = 1.2  # s to slow from full breathing to still (and back)


class TileFans:
    def __init__(self) -> None:
        self._key: tuple[str, bool] | None = None
        self._placed: list[tuple[pygame.Surface, tuple[float, float], float]] = []
        self.clock = 0.0  # the breathing's own time: it stops when the fans rest
        self.speed = 1.0  # how fast that time runs: 1 breathing, 0 at rest

    @property
    def moving(self) -> bool:
        return self.speed > 0

    def update(self, dt: float, idle_time: float) -> None:
        """Advance the breathing; ease it to a stop after ``LIVELY_FOR`` s without input."""
        target = 1.0 if idle_time < LIVELY_FOR else 0.0
        change = dt / SETTLE_TIME
        self.speed = min(target, self.speed + change) if target > self.speed else max(target, self.speed - change)
        self.clock += dt * self.speed

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
             colour_blind: bool) -> None:
        if self._key != (theme.name, colour_blind):
            self._build(renderer, theme, colour_blind)
        for picture, (cx, cy), phase in self._placed:
            bob = BOB_PIXELS * math.sin(self.clock * BOB_RATE + phase)
            surface.blit(picture, picture.get_rect(center=(round(cx), round(cy + bob))))
