"""Where each tile of a seat's rack (or hand) sits: pure geometry, no pygame, no rules.

Two tiers, tiles shrinking as the rack fills; a third and a fourth tier when a rack grows very
long. Any number of tiles: a short hand of letters lays out the same way as a long rack.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rummi_desktop.ui.geometry import TILE_SPACING, Box, tile_height


@dataclass(frozen=True, slots=True)
class RackLayout:
    """Slot boxes for ``count`` tiles on the rack's tiers (top tier fills first)."""

    tile_w: int
    tile_h: int
    area: Box
    per_row: int
    slots: tuple[Box, ...]
    tiers: int = 2
    tier_step: float = 0.0  # px from one tier's top to the next
    ledges: tuple[int, ...] = ()  # y of the ledge under each tier, from the rack's top

    @property
    def pitch(self) -> int:
        return self.tile_w + TILE_SPACING + 1


RACK_PADDING = 10
RACK_TIER_GAP = 10  # between two tiers; a ledge (7 px) sits in it just under the upper tier
RACK_CROWDED_GAP = 9  # with three or four tiers
RACK_MAX_TIERS = 4
LEDGE_BELOW_TILE = 1  # px between a tile's foot and its ledge


def _rack_fit(count: int, area: Box, tiers: int, preferred_w: int, min_w: int) -> int | None:
    """The largest tile width at which ``count`` tiles fit on ``tiers`` tiers, if any."""
    inner_w = area.w - 2 * RACK_PADDING
    inner_h = area.h - 2 * RACK_PADDING
    gap = RACK_TIER_GAP if tiers <= 2 else RACK_CROWDED_GAP
    for tile_w in range(preferred_w, min_w - 1, -1):
        pitch = tile_w + TILE_SPACING + 1
        per_row = max(1, int((inner_w + TILE_SPACING + 1) // pitch))
        tall_enough = tiers * tile_height(tile_w) + (tiers - 1) * gap <= inner_h + 1
        if tall_enough and count <= tiers * per_row:
            return tile_w
    return None


@lru_cache(maxsize=128)  # pure, and asked again after every change on the table
def layout_rack(count: int, area: Box, preferred_w: int = 50, min_w: int = 21, min_tiers: int = 2) -> RackLayout:
    """Two tiers, tiles shrinking as the rack fills; a third and a fourth tier when that keeps
    tiles larger (a long blocked round can leave 100+ tiles on one rack: all stay inside).
    ``min_tiers=1`` lets a short hand (Tumblewords' seven letters) sit on one ledge."""
    choices = [(width, -tiers) for tiers in range(min_tiers, RACK_MAX_TIERS + 1)
               if (width := _rack_fit(count, area, tiers, preferred_w, min_w)) is not None]
    if choices:
        tile_w, tiers = max(choices)[0], -max(choices)[1]
    else:  # more tiles than a whole set: squeeze tiers together (never happens in a game)
        tile_w, tiers = min_w, RACK_MAX_TIERS
    tile_h = tile_height(tile_w)
    pitch = tile_w + TILE_SPACING + 1
    per_row = max(1, int((area.w - 2 * RACK_PADDING + TILE_SPACING + 1) // pitch))
    tiers = max(tiers, -(-count // per_row))
    # tiers spread over the rack's height: the bottom ledge stays put whatever the size
    tier_step = (area.h - 2 * RACK_PADDING - tile_h) / (tiers - 1) if tiers > 1 else 0.0
    top = area.y + RACK_PADDING
    slots = tuple(
        Box(area.x + RACK_PADDING + (i % per_row) * pitch, top + (i // per_row) * tier_step, tile_w, tile_h)
        for i in range(count)
    )
    ledges = tuple(round(RACK_PADDING + row * tier_step + tile_h + LEDGE_BELOW_TILE) for row in range(tiers))
    return RackLayout(tile_w=tile_w, tile_h=tile_h, area=area, per_row=per_row, slots=slots,
                      tiers=tiers, tier_step=tier_step, ledges=ledges)


def rack_insert_index(layout: RackLayout, px: float, py: float, count: int) -> int | None:
    """The slot a tile dropped at (px, py) takes on a rack holding ``count`` tiles."""
    if not layout.area.inflate(0, 8).contains(px, py):
        return None
    top = layout.area.y + RACK_PADDING
    row = max(0, min(layout.tiers - 1, int((py - top) // max(layout.tier_step, 1))))
    column = round((px - layout.area.x - RACK_PADDING - layout.tile_w / 2) / layout.pitch + 0.5)
    column = max(0, min(layout.per_row, column))
    return max(0, min(count, row * layout.per_row + column))


def rack_tile_at(layout: RackLayout, px: float, py: float) -> int | None:
    for index, box in enumerate(layout.slots):
        if box.contains(px, py):
            return index
    return None
