"""Where the table's tiles belong and how they get there: the table scene's layout half.

A mixin of :class:`RummiTableScene`: it recomputes the layout of the table and the shown rack
after every change and sends each tile's sprite to its new place (new tiles appear from the
pool or from a computer seat's chip), and warms the tile-picture cache a slice per frame.
"""

from __future__ import annotations

import time
from typing import Callable

from rummi_desktop.games.rummi.melds import is_valid_meld
from rummi_desktop.games.rummi.pieces import faces
from rummi_desktop.scenes.rummi import table_view as view
from rummi_desktop.scenes.rummi.layout import layout_table, screen_regions
from rummi_desktop.scenes.rummi.session import turn_start_melds
from rummi_desktop.tiles import rummi_set
from rummi_desktop.ui.rack_layout import layout_rack

REGIONS = screen_regions()
GLOW_SECONDS = 1.1
WARM_BUDGET = 0.002  # s of each frame spent rendering tile pictures ahead of need


class TableMotion:
    """Layout and sprite targets (mixed into the table scene, whose attributes it uses)."""

    # ------------------------------------------------------------------------------------
    # layout and sprites
    def relayout(self, spawn: Callable[[int], tuple[float, float, float]] | None = None,
                  rate: float | None = None, stagger: float = 0.0) -> None:
        """Recompute where every visible tile belongs and send the sprites there."""
        shown = self.view_state
        table = shown.table if shown is not None else []
        hints = [next((self.meld_hints[t] for t in meld if t in self.meld_hints), None) for meld in table]
        self.table_layout = layout_table([len(m) for m in table], REGIONS.table, hints=hints)
        self.rack_ids = self.rack_order(self.viewer) if self.viewer is not None and shown is not None else []
        self.rack_layout = layout_rack(len(self.rack_ids), REGIONS.rack)
        visible: set[int] = set()
        order = 0
        for meld, boxes in zip(table, self.table_layout.tile_boxes):
            for tile, box in zip(meld, boxes):
                visible.add(tile)
                order += self._send(tile, box, spawn, rate, stagger * order if tile not in self.sprites else 0.0)
        for tile, box in zip(self.rack_ids, self.rack_layout.slots):
            visible.add(tile)
            self._send(tile, box, self._pool_spawn, None, 0.0)
        self.sprites.keep_only(visible)
        self._update_glows(table)

    def _send(self, tile: int, box, spawn, rate, delay: float) -> int:
        new = tile not in self.sprites
        start = spawn(tile) if (new and spawn is not None) else None
        self.sprites.target(tile, box.x, box.y, box.w, rate=rate or 16.0, delay=delay, start=start)
        sprite = self.sprites.get(tile)
        if sprite is not None:
            sprite.w = box.w  # sizes snap: pictures are cached per size, so no size tween
        return 1 if new else 0

    def _pool_spawn(self, tile: int) -> tuple[float, float, float]:
        chip = view.pool_chip_rect(REGIONS.hud, self.view_state.seats)
        return (chip.x + 10, chip.y + 8, self.rack_layout.tile_w)

    def _seat_spawn(self, seat: int) -> Callable[[int], tuple[float, float, float]]:
        chip = view.seat_chip_rects(REGIONS.hud, self.view_state.seats)[seat]
        return lambda tile: (chip.centerx - 20, chip.centery - 20, self.table_layout.tile_w)

    def _update_glows(self, table: list[list[int]]) -> None:
        if self.phase != "human":
            return
        start = {tuple(m) for m in turn_start_melds(self.state)}
        for meld in table:
            key = tuple(meld)
            if key not in start and key not in self.meld_glow and is_valid_meld(faces(meld)):
                self.meld_glow[key] = GLOW_SECONDS


    def warm_tiles(self, budget: float = WARM_BUDGET) -> None:
        """Render tile pictures ahead of need, a slice of each frame, so no frame stalls on
        a first-time picture (each costs ~2 ms) when a tile shows up at a new size."""
        sizes = {self.table_layout.tile_w, self.rack_layout.tile_w}
        if not sizes <= self.warmed_sizes:
            new = sorted(sizes - self.warmed_sizes)
            self.warmed_sizes |= sizes
            self.warm_queue += [(tile, size) for size in new for tile in sorted(set(rummi_set()))]
        started = time.perf_counter()
        theme, blind = self.app.theme, self.app.settings.colour_blind
        while self.warm_queue and time.perf_counter() - started < budget:
            tile, size = self.warm_queue.pop()
            self.app.tiles.surface(tile, size, theme, "normal", blind)

