"""Where each visible tile is drawn right now, and where it is heading.

Every tile on the table or on the shown rack has a sprite: a current position and size and a
target. The scene sets targets from the layout whenever the table or the rack changes; each
frame the sprites glide towards them (an exponential approach: smooth, and a tile can be
re-targeted mid-flight without a jump). A sprite can wait (``delay``) before it moves, so a
computer seat's tiles leave its corner one after another. Pure module, no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SNAP_DISTANCE = 0.35  # px: closer than this, a sprite is put exactly on its target
HUMAN_RATE = 16.0  # 1/s: a dropped tile settles in about a quarter of a second
SHOWN_RATE = 5.5  # 1/s: computer moves glide at a watchable pace (about 0.8 s)


@dataclass
class TileSprite:
    tile: int
    x: float
    y: float
    w: float
    tx: float
    ty: float
    tw: float
    rate: float = HUMAN_RATE
    delay: float = 0.0

    @property
    def settled(self) -> bool:
        return self.delay <= 0 and self.x == self.tx and self.y == self.ty and self.w == self.tw

    def update(self, dt: float) -> None:
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        keep = math.exp(-self.rate * dt)
        self.x = self.tx + (self.x - self.tx) * keep
        self.y = self.ty + (self.y - self.ty) * keep
        self.w = self.tw + (self.w - self.tw) * keep
        if abs(self.x - self.tx) + abs(self.y - self.ty) + abs(self.w - self.tw) < SNAP_DISTANCE:
            self.x, self.y, self.w = self.tx, self.ty, self.tw

    def finish(self) -> None:
        self.delay = 0.0
        self.x, self.y, self.w = self.tx, self.ty, self.tw


class SpriteBoard:
    """The sprites of all visible tiles, keyed by tile id."""

    def __init__(self) -> None:
        self.sprites: dict[int, TileSprite] = {}
        self.speed = 1.0  # the animation-speed setting (math.inf: instant)
        self.pinned: int | None = None  # the tile in the player's hand: it follows the pointer
        self.carried: tuple[int, ...] = ()  # tiles carried along with it (a part of a meld moved whole)

    def __contains__(self, tile: int) -> bool:
        return tile in self.sprites

    def get(self, tile: int) -> TileSprite | None:
        return self.sprites.get(tile)

    def target(self, tile: int, x: float, y: float, w: float, *, rate: float = HUMAN_RATE,
               delay: float = 0.0, start: tuple[float, float, float] | None = None) -> TileSprite:
        """Send ``tile`` to (x, y) at width w. A new sprite appears at ``start`` (or there)."""
        sprite = self.sprites.get(tile)
        if sprite is None:
            sx, sy, sw = start if start is not None else (x, y, w)
            sprite = TileSprite(tile, sx, sy, sw, x, y, w, rate, delay)
            self.sprites[tile] = sprite
        else:
            sprite.tx, sprite.ty, sprite.tw = x, y, w
            sprite.rate = rate
            sprite.delay = max(sprite.delay, delay) if delay else sprite.delay
        if math.isinf(self.speed):
            sprite.finish()
        return sprite

    def place(self, tile: int, x: float, y: float, w: float | None = None) -> None:
        """Put a sprite somewhere at once (a tile following the pointer)."""
        sprite = self.sprites.get(tile)
        if sprite is not None:
            sprite.x, sprite.y = x, y
            if w is not None:
                sprite.w = w

    def keep_only(self, tiles: set[int]) -> None:
        for tile in [t for t in self.sprites if t not in tiles]:
            del self.sprites[tile]

    def update(self, dt: float) -> None:
        scaled = dt * self.speed if not math.isinf(self.speed) else math.inf
        for sprite in self.sprites.values():
            if self.in_hand(sprite.tile):
                continue
            if math.isinf(scaled):
                sprite.finish()
            elif not sprite.settled:
                sprite.update(scaled)

    def in_hand(self, tile: int) -> bool:
        """The tile follows the pointer, not its target."""
        return tile == self.pinned or tile in self.carried

    @property
    def settled(self) -> bool:
        return all(sprite.settled for sprite in self.sprites.values())

    def finish_all(self) -> None:
        for sprite in self.sprites.values():
            if not self.in_hand(sprite.tile):
                sprite.finish()
