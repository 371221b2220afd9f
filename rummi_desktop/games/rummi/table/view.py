"""The Rummi table's view: where every tile belongs, how it gets there, and painting a frame.

After every change the view lays out the table and the shown rack once (:meth:`relayout`) and
sends each tile's sprite to its new place (new tiles appear from the pool or from a computer
seat's chip). It keeps the marks the model does not know: where the player put melds down,
the tiles of a refused meld, the glow of a meld that just became valid, computer tiles still
in flight. It warms the tile-picture cache a slice per frame. It reads the table and the
session and changes neither.
"""

from __future__ import annotations

import time
from typing import Callable

import pygame

from rummi_desktop.games.rummi.rules.melds import is_valid_meld
from rummi_desktop.games.rummi.rules.pieces import faces
from rummi_desktop.games.rummi.table import marks_paint, paint
from rummi_desktop.games.rummi.table.change_marks import ChangeMarks
from rummi_desktop.games.rummi.table.layout import Hint, TableLayout, layout_table, screen_regions
from rummi_desktop.games.rummi.table.meld_spots import MeldSpots
from rummi_desktop.games.rummi.table.rack_order import RackOrders
from rummi_desktop.games.rummi.table.paint import GLOW_SECONDS, Hand
from rummi_desktop.games.rummi.table.session import RummiSession, turn_start_melds
from rummi_desktop.scenes.table_context import TableContext
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.tiles import Tile, standard_set
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.ui.candidate_rows import list_height
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import RackLayout, layout_rack
from rummi_desktop.ui.sprites import HUMAN_RATE, SpriteBoard

REGIONS = screen_regions()
TRACKER_W, TRACKER_GAP = 180, 14  # the unseen-tile card's width, and the felt kept clear beside it
CANDIDATES_W = 300  # a hint's candidate list
WARM_BUDGET = 0.002  # s of each frame spent rendering tile pictures ahead of need
Spawn = Callable[[int], tuple[float, float, float]]


class RummiTableView:
    def __init__(self, table: TableContext, session: RummiSession, racks: RackOrders) -> None:
        self.table = table
        self.app = table.app
        self.session = session
        self.racks = racks
        self.sprites = SpriteBoard()
        # Where the player put melds down (display only), and what Undo and Reset give back
        self.meld_spots = MeldSpots()
        self.invalid_tiles: set[int] = set()  # the tiles of melds the model refused
        self.hint_tiles: set[int] = set()  # tiles a hint points at or lays (drawn in the "hint" light)
        self.meld_glow: dict[tuple[int, ...], float] = {}
        self.incoming: set[int] = set()  # computer tiles still flying to the table
        self.changes = ChangeMarks()  # what others laid or moved, and what a person drew, since they last acted
        self.table_area = REGIONS.table  # where melds are laid out (the sandbox keeps a side panel)
        self.show_caption = True  # the match caption (mode, target, round, deal) on the felt
        self.preview_table: list[list[int]] | None = None  # a hint's table, shown instead of the real one
        self.table_layout: TableLayout = layout_table([], REGIONS.table)
        self.rack_layout: RackLayout = layout_rack(0, REGIONS.rack)
        self.rack_ids: list[int] = []
        self.paint_cache = paint.PaintCache()
        self.warm_queue: list[tuple[Tile, int]] = []
        self.warmed_sizes: set[int] = set()

    @property
    def shown(self):
        """The round on show: the one being played, or the one that just ended."""
        return self.session.match.current or self.session.last_round

    @property
    def meld_hints(self) -> dict[int, Hint]:
        """Where the player put melds down: the tile that started a meld → its spot."""
        return self.meld_spots.marks

    def rack_order(self, seat: int) -> list[int]:
        return self.racks.order(seat, self.shown.rack(seat))

    def shown_table(self) -> list[list[int]]:
        """The melds laid out: the round's table, or a hint's table while it is previewed."""
        if self.preview_table is not None:
            return self.preview_table
        return self.shown.table if self.shown is not None else []

    def rack_layout_for(self, count: int) -> RackLayout:
        """The shown rack's layout once it holds ``count`` tiles."""
        return layout_rack(count, REGIONS.rack)

    # -- layout and sprites -----------------------------------------------------------------
    def show_state(self) -> None:
        """A replay moved the session's state: lay the table out for it. Nobody arranged the
        racks, so each shows the model's order (the same however the replay got there)."""
        self.racks.clear()
        self.changes.clear()
        self.relayout()

    def relayout(self, spawn: Spawn | None = None, rate: float | None = None, stagger: float = 0.0) -> None:
        """Recompute where every visible tile belongs and send the sprites there."""
        shown = self.shown
        viewer = self.table.viewer
        table = self.shown_table()
        hints = [next((self.meld_hints[t] for t in meld if t in self.meld_hints), None) for meld in table]
        self.table_layout = layout_table([len(m) for m in table], self.meld_area(), hints=hints)
        self.rack_ids = self.rack_order(viewer) if viewer is not None and shown is not None else []
        if self.preview_table is not None:
            on_table = {t for meld in table for t in meld}
            self.rack_ids = [t for t in self.rack_ids if t not in on_table]
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

    def relayout_shown(self, seat: int, rate: float, stagger: float) -> None:
        """After a computer's play: moved tiles glide, new ones fly in from the seat's chip."""
        chip = marks_paint.seat_chip_rects(REGIONS.hud, self.shown.seats)[seat]
        self.relayout(spawn=lambda tile: (chip.centerx - 20, chip.centery - 20, self.table_layout.tile_w),
                      rate=rate, stagger=stagger)

    def _send(self, tile: int, box, spawn: Spawn | None, rate: float | None, delay: float) -> int:
        new = tile not in self.sprites
        start = spawn(tile) if (new and spawn is not None) else None
        self.sprites.target(tile, box.x, box.y, box.w, rate=rate or HUMAN_RATE, delay=delay, start=start)
        sprite = self.sprites.get(tile)
        if sprite is not None:
            sprite.w = box.w  # sizes snap: pictures are cached per size, so no size tween
        return 1 if new else 0

    def _pool_spawn(self, tile: int) -> tuple[float, float, float]:
        chip = marks_paint.pool_chip_rect(REGIONS.hud, self.shown.seats)
        return (chip.x + 10, chip.y + 8, self.rack_layout.tile_w)

    def _update_glows(self, table: list[list[int]]) -> None:
        if self.table.phase != Phase.PERSON or self.preview_table is not None:
            return
        start = {tuple(m) for m in turn_start_melds(self.session.state)}
        for meld in table:
            key = tuple(meld)
            if key not in start and key not in self.meld_glow and is_valid_meld(faces(meld)):
                self.meld_glow[key] = GLOW_SECONDS

    def new_turn(self) -> None:
        self.invalid_tiles.clear()
        self.meld_glow.clear()

    def forget_round(self) -> None:
        self.meld_spots.clear()
        self.changes.clear()
        self.sprites.keep_only(set())

    # -- frames -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.sprites.speed = self.app.animation_speed
        self.sprites.update(dt)

    def age_effects(self, dt: float) -> None:
        for key in list(self.meld_glow):
            self.meld_glow[key] = max(0.0, self.meld_glow[key] - dt)
        landed = {t for t in self.incoming if (s := self.sprites.get(t)) is None or s.settled}
        if landed:
            self.incoming -= landed
            self.table.play("clink")

    def warm_tiles(self, budget: float = WARM_BUDGET) -> None:
        """Render tile pictures ahead of need, a slice of each frame, so no frame stalls on
        a first-time picture (each costs ~2 ms) when a tile shows up at a new size."""
        sizes = {self.table_layout.tile_w, self.rack_layout.tile_w}
        if not sizes <= self.warmed_sizes:
            new = sorted(sizes - self.warmed_sizes)
            self.warmed_sizes |= sizes
            self.warm_queue += [(tile, size) for size in new for tile in sorted(set(standard_set()))]
        started = time.perf_counter()
        theme, blind = self.app.theme, self.app.settings.colour_blind
        while self.warm_queue and time.perf_counter() - started < budget:
            tile, size = self.warm_queue.pop()
            self.app.tiles.surface(tile, size, theme, "normal", blind)

    def hud_key(self) -> tuple:
        """What the cached HUD shows (repainted when it changes)."""
        return paint.hud_key(self)

    def paint_hud(self, surface: pygame.Surface) -> None:
        paint.paint_hud(self, surface)

    def caption_text(self) -> str:
        """The line at the felt's foot ("" for none): the banner keeps clear of it."""
        return paint.match_caption(self)

    def tile_state(self, tile: int, hand: Hand) -> str:
        return paint.tile_state(self, tile, hand)

    tracker_upright = True  # a narrow card, a column per colour, at the felt's top right

    def tracker_area(self) -> Box | None:
        """The unseen-tile card, only while it is shown: Rummi offers it as an option, and a
        hidden one leaves the felt to the melds."""
        tracker = self.table.tracker
        if not tracker.shown:
            return None
        area = self.table_area
        return Box(area.right - TRACKER_W, area.y, TRACKER_W, tracker.card_height(upright=True))

    def candidates_area(self) -> Box | None:
        """A hint's best plays at the felt's right (left of the tracker's card), while listed."""
        panel = self.table.candidates
        if not panel.shown:
            return None
        card = self.tracker_area()
        right = self.table_area.right if card is None else card.x - TRACKER_GAP
        return Box(right - CANDIDATES_W, self.table_area.y, CANDIDATES_W,
                   min(self.table_area.h, list_height(len(panel.candidates))))

    def candidate_face(self, face: str) -> Tile:
        return Tile.parse(face)

    candidates_title = "Best plays"  # the heading of a hint's candidate list

    def candidate_note(self, move: str) -> str:
        return ""  # a Rummi play is the table it leaves: its tiles tell it

    def meld_area(self) -> Box:
        """Where melds flow: the table area, less a strip for the tracker's card and a hint's
        candidate list while they show."""
        area = self.table_area
        sides = [box.x for box in (self.tracker_area(), self.candidates_area()) if box is not None]
        return area if not sides else Box(area.x, area.y, min(sides) - TRACKER_GAP - area.x, area.h)

    def draw(self, surface: pygame.Surface, hand: Hand, buttons) -> None:
        paint.paint_table(self, surface, felt_surface(self.app.theme, surface.get_size()), hand, buttons)
