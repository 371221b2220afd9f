"""Plain geometry every table shares: boxes in logical pixels and the tiles' proportions.

Boxes are plain floats, because pygame's FRect stores single precision and the tests compare
positions exactly. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

SCREEN_W, SCREEN_H = 1280, 800
TILE_ASPECT = 1.35  # tile height / width, as the shared tile renderer draws them
TILE_SPACING = 3  # px between two neighbouring tiles: they read as a row, not as one slab


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in logical pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.right and self.y <= py < self.bottom

    def overlaps(self, other: "Box") -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inflate(self, dx: float, dy: float) -> "Box":
        return Box(self.x - dx, self.y - dy, self.w + 2 * dx, self.h + 2 * dy)

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (round(self.x), round(self.y), round(self.w), round(self.h))


def tile_height(width: float) -> float:
    return round(width * TILE_ASPECT)
