"""Where things sit on the Rummi table: pure geometry, no pygame, no rules.

The table scene asks this module three kinds of question:

* where each meld and each of its tiles goes on the felt (melds flow left to right in rows,
  with a gap between melds, wrapping to the next row; a meld is never split across rows; if
  the table gets crowded every tile shrinks a little so everything still fits);
* where each rack tile goes on the two-tier rack;
* what a drop at a point means: "into meld 3 before its tile 2", "a new meld", "the rack at
  slot 7".

Everything is in logical pixels (1280×800, the App scales). Boxes are plain floats, because
pygame's FRect stores single precision and the tests compare positions exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

SCREEN_W, SCREEN_H = 1280, 800
TILE_ASPECT = 1.35  # tile height / width, as the shared tile renderer draws them
TILE_SPACING = 3  # px between two tiles of one meld: they read as one meld, not as one slab
MELD_GAP_TILES = 0.6  # gap between melds, in tile widths
ROW_GAP_TILES = 0.28  # vertical gap between rows, in tile widths


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


@dataclass(frozen=True, slots=True)
class ScreenRegions:
    """The fixed parts of the table screen."""

    hud: Box  # seats, scores, pool count, whose turn
    table: Box  # the felt where melds sit
    rack: Box  # the current human's two-tier rack
    buttons: Box  # sort / undo / reset / draw / end turn
    clock: Box  # the turn clock ring


RAIL = 32  # the wooden rail around the felt at 1280×800 (ui.felt.rail_width)


def screen_regions(width: int = SCREEN_W, height: int = SCREEN_H, rail: int = RAIL) -> ScreenRegions:
    """Everything sits on the cloth inside the rail: HUD on top, melds, then rack + buttons."""
    margin = rail + 10
    hud_h = 58
    rack_h = 166
    buttons_w = 292
    hud_top = rail + 6
    table_top = hud_top + hud_h + 8
    rack_top = height - rail - 6 - rack_h
    rack_w = width - 2 * margin - buttons_w - 14
    return ScreenRegions(
        hud=Box(margin, hud_top, width - 2 * margin, hud_h),
        table=Box(margin, table_top, width - 2 * margin, rack_top - table_top - 10),
        rack=Box(margin, rack_top, rack_w, rack_h),
        buttons=Box(width - margin - buttons_w, rack_top, buttons_w, rack_h),
        clock=Box(width - margin - hud_h, hud_top, hud_h, hud_h),
    )


def tile_height(width: float) -> float:
    return round(width * TILE_ASPECT)


# --------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every meld's box and every tile's box, for one list of meld lengths."""

    tile_w: int
    tile_h: int
    area: Box
    meld_boxes: tuple[Box, ...]
    tile_boxes: tuple[tuple[Box, ...], ...]  # [meld][position]
    new_meld_box: Box  # where a new meld would start

    @property
    def pitch(self) -> int:
        return self.tile_w + TILE_SPACING


def _flow(lengths: Sequence[int], area: Box, tile_w: int) -> list[tuple[float, float]] | None:
    """Top-left corner of each meld, flowing in rows; None when they do not all fit."""
    tile_h = tile_height(tile_w)
    pitch = tile_w + TILE_SPACING
    gap = round(tile_w * MELD_GAP_TILES)
    row_step = tile_h + round(tile_w * ROW_GAP_TILES)
    x, y = area.x, area.y
    corners: list[tuple[float, float]] = []
    # One extra 3-tile "meld" at the end: room for the player's next new meld must exist too.
    for length in [*lengths, 3]:
        width = max(length, 1) * pitch - TILE_SPACING
        if x > area.x and x + width > area.right:
            x, y = area.x, y + row_step
        if width > area.w or y + tile_h > area.bottom:
            return None
        corners.append((x, y))
        x += width + gap
    return corners


def layout_table(
    meld_lengths: Sequence[int], area: Box, preferred_w: int = 44, min_w: int = 24
) -> TableLayout:
    """Lay melds out in rows; shrink tiles (down to ``min_w``) until they all fit."""
    tile_w = preferred_w
    corners = _flow(meld_lengths, area, tile_w)
    while corners is None and tile_w > min_w:
        tile_w -= 1
        corners = _flow(meld_lengths, area, tile_w)
    if corners is None:  # beyond any real game (106 tiles fit at min_w); overflow downwards
        corners = _flow(meld_lengths, Box(area.x, area.y, area.w, 10_000), tile_w) or []
    tile_h = tile_height(tile_w)
    pitch = tile_w + TILE_SPACING
    meld_boxes, tile_boxes = [], []
    for length, (x, y) in zip(meld_lengths, corners):
        meld_boxes.append(Box(x, y, max(length, 1) * pitch - TILE_SPACING, tile_h))
        tile_boxes.append(tuple(Box(x + i * pitch, y, tile_w, tile_h) for i in range(length)))
    nx, ny = corners[-1]
    return TableLayout(
        tile_w=tile_w,
        tile_h=tile_h,
        area=area,
        meld_boxes=tuple(meld_boxes),
        tile_boxes=tuple(tile_boxes),
        new_meld_box=Box(nx, ny, 3 * pitch - TILE_SPACING, tile_h),
    )


@dataclass(frozen=True, slots=True)
class TableDrop:
    """What a drop on the felt means: into ``meld`` before position ``index``, or a new meld."""

    meld: int | None  # None: a new meld
    index: int = 0

    @property
    def is_new_meld(self) -> bool:
        return self.meld is None


def table_drop_target(layout: TableLayout, px: float, py: float) -> TableDrop | None:
    """The meld (and insert position) a drop at (px, py) joins; a new meld on open felt.

    A drop counts as "into a meld" within half a tile of the meld's ends and a third of a
    tile above or below it, so a tile dropped just past the end of a run extends it.
    None when the point is not on the felt at all.
    """
    if not layout.area.contains(px, py):
        return None
    reach_x = layout.tile_w * 0.5
    reach_y = layout.tile_h * 0.33
    best: tuple[float, int] | None = None
    for meld, box in enumerate(layout.meld_boxes):
        if box.inflate(reach_x, reach_y).contains(px, py):
            distance = abs(px - box.center[0]) / max(box.w, 1) + abs(py - box.center[1])
            if best is None or distance < best[0]:
                best = (distance, meld)
    if best is None:
        return TableDrop(None)
    meld = best[1]
    box = layout.meld_boxes[meld]
    length = len(layout.tile_boxes[meld])
    index = round((px - box.x) / layout.pitch)
    return TableDrop(meld, max(0, min(length, index)))


def tile_at(layout: TableLayout, px: float, py: float) -> tuple[int, int] | None:
    """(meld, position) of the table tile under the point, if any."""
    for meld, boxes in enumerate(layout.tile_boxes):
        if not layout.meld_boxes[meld].contains(px, py):
            continue
        for position, box in enumerate(boxes):
            if box.contains(px, py):
                return (meld, position)
    return None


# --------------------------------------------------------------------------------------------
# The rack


@dataclass(frozen=True, slots=True)
class RackLayout:
    """Slot boxes for ``count`` tiles on a two-tier rack (top tier fills first)."""

    tile_w: int
    tile_h: int
    area: Box
    per_row: int
    slots: tuple[Box, ...]

    @property
    def pitch(self) -> int:
        return self.tile_w + TILE_SPACING + 1


RACK_PADDING = 10
RACK_TIER_GAP = 10


def layout_rack(count: int, area: Box, preferred_w: int = 50, min_w: int = 26) -> RackLayout:
    """Two tiers; tiles shrink when the rack holds more than two full tiers at full size."""
    inner_w = area.w - 2 * RACK_PADDING
    tile_w = preferred_w
    while True:
        tile_h = tile_height(tile_w)
        pitch = tile_w + TILE_SPACING + 1
        per_row = max(1, int((inner_w + TILE_SPACING + 1) // pitch))
        height_ok = 2 * tile_h + RACK_TIER_GAP <= area.h - 2 * RACK_PADDING + 1
        if (count <= 2 * per_row and height_ok) or tile_w <= min_w:
            break
        tile_w -= 1
    # Past two tiers at the smallest size (a long run of draws) the rack grows a third tier.
    tiers = max(2, -(-count // per_row))
    tier_step = (area.h - 2 * RACK_PADDING - tile_h) / (tiers - 1)
    top = area.y + RACK_PADDING
    slots = tuple(
        Box(
            area.x + RACK_PADDING + (i % per_row) * pitch,
            top + (i // per_row) * min(tier_step, tile_h + RACK_TIER_GAP),
            tile_w,
            tile_h,
        )
        for i in range(count)
    )
    return RackLayout(tile_w=tile_w, tile_h=tile_h, area=area, per_row=per_row, slots=slots)


def rack_insert_index(layout: RackLayout, px: float, py: float, count: int) -> int | None:
    """The slot a tile dropped at (px, py) takes on a rack holding ``count`` tiles."""
    if not layout.area.inflate(0, 8).contains(px, py):
        return None
    top = layout.area.y + RACK_PADDING
    row_step = layout.tile_h + RACK_TIER_GAP
    row = max(0, int((py - top) // row_step))
    column = round((px - layout.area.x - RACK_PADDING - layout.tile_w / 2) / layout.pitch + 0.5)
    column = max(0, min(layout.per_row, column))
    return max(0, min(count, row * layout.per_row + column))


def rack_tile_at(layout: RackLayout, px: float, py: float) -> int | None:
    for index, box in enumerate(layout.slots):
        if box.contains(px, py):
            return index
    return None
