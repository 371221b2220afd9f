"""Where things sit on the Rummi table: pure geometry, no pygame, no rules.

The table scene asks this module three kinds of question:

* where each meld and each of its tiles goes on the felt (melds flow left to right in rows,
  with a gap between melds, wrapping to the next row; a meld is never split across rows; if
  the table gets crowded every tile shrinks a little so everything still fits);
* where the rack sits (the rack's own tiers are laid out by ``ui.rack_layout``);
* what a drop on the felt means: "into meld 3 before its tile 2", "a new meld".

Everything is in logical pixels (1280×800, the App scales), in ``ui.geometry.Box``es.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from rummi_desktop.ui.geometry import SCREEN_H, SCREEN_W, TILE_SPACING, Box, tile_height

MELD_GAP_TILES = 0.6  # gap between melds, in tile widths
ROW_GAP_TILES = 0.28  # vertical gap between rows, in tile widths


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
    hints: tuple[Hint | None, ...] = ()  # per meld, as given (whether or not they were used)

    @property
    def pitch(self) -> int:
        return self.tile_w + TILE_SPACING

    @property
    def row_step(self) -> int:
        return self.tile_h + round(self.tile_w * ROW_GAP_TILES)


# Where a player put a meld down: (row, x). A hinted meld starts on that row, at that x if the
# melds before it leave room; it never goes further left or up than the plain flow puts it.
Hint = tuple[int, float]


def _flow(lengths: Sequence[int], area: Box, tile_w: int,
          hints: Sequence[Hint | None] = ()) -> list[tuple[float, float]] | None:
    """Top-left corner of each meld, flowing in rows; None when they do not all fit.

    ``hints`` (one per meld, or none) move a meld down to its row and right to its x: melds
    only ever move on in reading order, so they still never overlap."""
    tile_h = tile_height(tile_w)
    pitch = tile_w + TILE_SPACING
    gap = round(tile_w * MELD_GAP_TILES)
    row_step = tile_h + round(tile_w * ROW_GAP_TILES)
    x, y = area.x, area.y
    corners: list[tuple[float, float]] = []
    # One extra 3-tile "meld" at the end: room for the player's next new meld must exist too.
    for index, length in enumerate([*lengths, 3]):
        width = max(length, 1) * pitch - TILE_SPACING
        hint = hints[index] if index < len(hints) else None
        if hint is not None:
            hint_y = area.y + hint[0] * row_step
            if hint_y > y:
                x, y = area.x, hint_y
            if hint_y == y:
                x = max(x, min(hint[1], area.right - width))
        if x > area.x and x + width > area.right:
            x, y = area.x, y + row_step
        if width > area.w or y + tile_h > area.bottom:
            return None
        corners.append((x, y))
        x += width + gap
    return corners


def layout_table(
    meld_lengths: Sequence[int], area: Box, preferred_w: int = 44, min_w: int = 24,
    hints: Sequence[Hint | None] = (),
) -> TableLayout:
    """Lay melds out in rows; shrink tiles (down to ``min_w``) until they all fit. ``hints``
    place melds where the player put them, as far as the room allows; they never make tiles
    smaller (when hinted melds would not fit, the hints are dropped)."""
    tile_w = preferred_w
    corners = _flow(meld_lengths, area, tile_w)
    while corners is None and tile_w > min_w:
        tile_w -= 1
        corners = _flow(meld_lengths, area, tile_w)
    if corners is None:  # beyond any real game (106 tiles fit at min_w); overflow downwards
        corners = _flow(meld_lengths, Box(area.x, area.y, area.w, 10_000), tile_w) or []
    elif any(hint is not None for hint in hints):
        corners = _flow(meld_lengths, area, tile_w, hints) or corners
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
        hints=tuple(hints),
    )


@dataclass(frozen=True, slots=True)
class TableDrop:
    """What a drop on the felt means: into ``meld`` before position ``index``, or — ``meld``
    None — a new meld taking place ``index`` in the meld order (``box``: where it would sit)."""

    meld: int | None  # None: a new meld
    index: int = 0
    box: Box | None = None  # new meld only: its first tile's box once laid out
    hint: Hint | None = None  # new meld only: the spot to remember for it (see layout_table)

    @property
    def is_new_meld(self) -> bool:
        return self.meld is None


JOIN_REACH_TILES = 1.0  # a drop this far (in tile widths) past a meld's end still joins it
JOIN_REACH_ROW = 0.33  # ...and this far (in tile heights) above or below it: the same row


def _edge_distance(box: Box, px: float) -> float:
    """Horizontal distance from the point to the box (0 inside it)."""
    return max(box.x - px, 0.0, px - box.right)


def table_drop_target(layout: TableLayout, px: float, py: float,
                      moving_alone: int | None = None) -> TableDrop | None:
    """The meld (and insert position) a drop at (px, py) joins; a new meld on open felt.

    A tile dropped up to about one tile width past either end of a meld, in its row, joins it
    at that end: a player laying a second tile beside a first one means the same meld. Open
    felt makes a new meld, placed in the meld order where it lands nearest the drop point.
    ``moving_alone``: the meld of a lone tile in hand, which cannot be joined (the tile would
    join itself, and a drop beside a neighbour would do nothing). None when the point is not
    on the felt at all.
    """
    if not layout.area.contains(px, py):
        return None
    reach_x = layout.tile_w * JOIN_REACH_TILES
    reach_y = layout.tile_h * JOIN_REACH_ROW
    best: tuple[float, int] | None = None
    for meld, box in enumerate(layout.meld_boxes):
        if meld != moving_alone and box.inflate(reach_x, reach_y).contains(px, py):
            distance = _edge_distance(box, px) + abs(py - box.center[1]) / layout.tile_h
            if best is None or distance < best[0]:
                best = (distance, meld)
    if best is None:
        index, box, hint = new_meld_place(layout, px, py)
        return TableDrop(None, index, box, hint)
    meld = best[1]
    box = layout.meld_boxes[meld]
    length = len(layout.tile_boxes[meld])
    index = round((px - box.x) / layout.pitch)
    return TableDrop(meld, max(0, min(length, index)))


@lru_cache(maxsize=256)
def _placements(lengths: tuple[int, ...], area: Box) -> tuple[Box, ...]:
    """For each place a new one-tile meld could take in the meld order, its box once the
    table is laid out again with it (tiles may shrink, later melds move along)."""
    tile_w = layout_table(lengths, area).tile_w
    boxes = []
    for index in range(len(lengths) + 1):
        trial = lengths[:index] + (1,) + lengths[index:]
        corners = _flow(trial, area, tile_w)
        if corners is None:  # one more tile makes everything shrink: the slow, exact way
            boxes.append(layout_table(trial, area).tile_boxes[index][0])
        else:
            boxes.append(Box(*corners[index], tile_w, tile_height(tile_w)))
    return tuple(boxes)


def new_meld_place(layout: TableLayout, px: float, py: float) -> tuple[int, Box, Hint | None]:
    """Where a new one-tile meld dropped at (px, py) goes: its place in the meld order (after
    every meld that reads before the drop point), the box it gets, and its hint — under the
    pointer when the room allows, else the nearest place the rows allow."""
    lengths = tuple(len(boxes) for boxes in layout.tile_boxes)
    hints = tuple(layout.hints) or (None,) * len(lengths)
    row = max(0, int((py - layout.area.y) // layout.row_step))
    hint = (row, px - layout.tile_w / 2)
    hint_y = layout.area.y + row * layout.row_step
    index = sum(1 for box in layout.meld_boxes if (box.y, box.x) < (hint_y, hint[1]))
    corners = _flow(lengths[:index] + (1,) + lengths[index:], layout.area, layout.tile_w,
                    hints[:index] + (hint,) + hints[index:])
    if corners is not None:
        return index, Box(*corners[index], layout.tile_w, layout.tile_h), hint
    options = _placements(lengths, layout.area)  # no room there: the nearest spot the flow has

    def distance(item: tuple[int, Box]) -> float:
        cx, cy = item[1].center
        return abs(cx - px) + 2 * abs(cy - py)

    index, box = min(enumerate(options), key=distance)
    return index, box, None


def tile_at(layout: TableLayout, px: float, py: float) -> tuple[int, int] | None:
    """(meld, position) of the table tile under the point, if any."""
    for meld, boxes in enumerate(layout.tile_boxes):
        if not layout.meld_boxes[meld].contains(px, py):
            continue
        for position, box in enumerate(boxes):
            if box.contains(px, py):
                return (meld, position)
    return None
