"""The Rummble table's view: where every tile belongs, how it gets there, and the marks of the
turn in progress (the live preview of the tentative play, a refused line, hint ghosts, the
keyboard cursor). It reads the session and the tentative play and changes neither; painting
is in ``paint``.
"""

from __future__ import annotations

from typing import Callable

import pygame

from rummi_desktop.games.rummble.rules.board import CENTRE, Laid
from rummi_desktop.games.rummble.rules.moves import Move
from rummi_desktop.games.rummble.rules.play import PlayVerdict
from rummi_desktop.games.rummble.table import paint
from rummi_desktop.games.rummble.table.layout import REGIONS, TILE_W, seat_box, tile_box
from rummi_desktop.games.rummble.table.session import RummbleSession
from rummi_desktop.games.rummble.table.tentative import Tentative, shown_rack
from rummi_desktop.scenes.table_context import TableContext
from rummi_desktop.scenes.log_column_cards import LogColumnCards
from rummi_desktop.ui.rack_layout import RackLayout, layout_rack
from rummi_desktop.ui.sprites import HUMAN_RATE, SpriteBoard
from rummi_desktop.tiles import Tile
from rummi_desktop.ui.tile_render import TileFace

Spawn = Callable[[int], tuple[float, float, float]]


class RummbleTableView(LogColumnCards):
    log_column = REGIONS.log  # the tracker and a hint's best plays share the log's column

    def __init__(self, table: TableContext, session: RummbleSession, tentative: Tentative) -> None:
        self.table = table
        self.app = table.app
        self.session = session
        self.tentative = tentative
        self.sprites = SpriteBoard()
        self.rack_orders: dict[int, list[int]] = {}  # seat -> the order the player arranged
        self.rack_ids: list[int] = []
        self.rack_layout: RackLayout = layout_rack(0, REGIONS.rack)
        self.verdict: PlayVerdict | None = None  # the model's word on the tentative play
        self.refused_line: tuple[int, ...] = ()  # the squares of the line the model named
        self.ghosts: list[tuple[int, Laid]] = []  # the hint's play, drawn faintly
        self.hint_squares: list[int] = []  # a puzzle hint's squares, marked on the board
        self.hint_tiles: set[int] = set()  # a puzzle hint's rack tiles, glowing
        self.scoreboard = True  # False: the left column is the puzzle's card, not seats and log
        self.enter_says = "Enter to play it"
        self.incoming: set[int] = set()  # computer tiles still flying to the board
        self.cursor: int = CENTRE  # the keyboard's square
        self.show_cursor = False
        self.log: list[tuple[str, str, int]] = []  # (who, what, points) of the last turns
        self.paint_cache = paint.PaintCache()

    @property
    def state(self):
        return self.session.state

    def face(self, tile_id: int) -> TileFace:
        return paint.display_face(self.state.params.tile_set, self.state.faces[tile_id])

    def rack_order(self, seat: int) -> list[int]:
        order = shown_rack(self.rack_orders.get(seat, []), self.state.rack(seat), set())
        self.rack_orders[seat] = order
        return order

    # -- layout and sprites -----------------------------------------------------------------
    def show_state(self) -> None:
        """A replay moved the session's state: lay the table out for it."""
        self.relayout()

    def relayout(self, spawn: Spawn | None = None, rate: float | None = None, stagger: float = 0.0) -> None:
        state = self.state
        visible: set[int] = set()
        order = 0
        for sq, tile_id in enumerate(state.board_ids):
            if tile_id is not None:
                visible.add(tile_id)
                delay = stagger * order if tile_id not in self.sprites else 0.0
                order += self._send(tile_id, tile_box(sq), spawn, rate, delay)
        for sq, tile_id in self.tentative.squares.items():
            visible.add(tile_id)
            self._send(tile_id, tile_box(sq), None, None, 0.0)
        viewer = self.table.viewer
        self.rack_ids = (shown_rack(self.rack_order(viewer), state.rack(viewer), self.tentative.ids)
                         if viewer is not None else [])
        self.rack_layout = layout_rack(len(self.rack_ids), REGIONS.rack)
        for tile_id, box in zip(self.rack_ids, self.rack_layout.slots):
            visible.add(tile_id)
            self._send(tile_id, box, self._pool_spawn, None, 0.0)
        self.sprites.keep_only(visible)

    def relayout_shown(self, seat: int, rate: float, stagger: float) -> None:
        """After a computer's play: its tiles fly in from its seat chip, one after another."""
        chip = seat_box(seat)
        self.relayout(spawn=lambda _tile: (chip.x + chip.w - 60, chip.y + 6, TILE_W), rate=rate, stagger=stagger)

    def _send(self, tile_id: int, box, spawn: Spawn | None, rate: float | None, delay: float) -> int:
        new = tile_id not in self.sprites
        start = spawn(tile_id) if (new and spawn is not None) else None
        self.sprites.target(tile_id, box.x, box.y, box.w, rate=rate or HUMAN_RATE, delay=delay, start=start)
        sprite = self.sprites.get(tile_id)
        if sprite is not None:
            sprite.w = box.w  # sizes snap: pictures are cached per size
        return 1 if new else 0

    def _pool_spawn(self, _tile: int) -> tuple[float, float, float]:
        pool = seat_box(self.state.seats)
        return (pool.x + 10, pool.y + 8, self.rack_layout.tile_w)

    # -- the live preview -------------------------------------------------------------------
    def refresh_preview(self) -> None:
        """Ask the model about the tentative play (nothing changes in the game); a refusal
        names a line, which the board outlines."""
        play = self.tentative.play(self.state.faces)
        self.verdict = self.state.check(play) if play is not None else None
        self.refused_line = self.verdict.line if self.verdict is not None and not self.verdict.legal else ()

    def new_turn(self) -> None:
        self.verdict = None
        self.refused_line = ()
        self.ghosts = []

    # -- frames -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.sprites.speed = self.app.animation_speed
        self.sprites.update(dt)
        landed = {t for t in self.incoming if (s := self.sprites.get(t)) is None or s.settled}
        if landed:
            self.incoming -= landed
            self.table.play("clink")

    def warm_tiles(self) -> None:
        """Every face at the board's and the rack's sizes, before the first frame needs them."""
        theme, blind = self.app.theme, self.app.settings.colour_blind
        for tile in set(self.state.faces):
            for size in (TILE_W, self.rack_layout.tile_w or 50):
                self.app.tiles.surface(paint.display_face(self.state.params.tile_set, tile), size, theme, "normal", blind)

    candidates_title = "Best plays"  # the heading of a hint's candidate list

    def candidate_note(self, move: str) -> str:
        """Where the play starts and which way it runs, and what its jokers stand for: plays of
        the same tiles differ only there."""
        placements = getattr(Move.parse(move), "placements", ())
        if not placements:
            return ""
        first = min(placements)
        way = "↓" if len({p.row for p in placements}) > 1 else "→"
        jokers = [f"J={p.laid.as_tile}" for p in placements if p.laid.joker]
        return " ".join([*jokers, f"{first.row},{first.col}{way}"])

    def candidate_face(self, face: str) -> TileFace:
        """A candidate's tile as the rack shows it (a laid joker as the joker)."""
        return paint.display_face(self.state.params.tile_set, Tile.parse(face.partition("=")[0]))

    def draw(self, surface: pygame.Surface, hand, buttons) -> None:
        paint.paint_table(self, surface, hand, buttons)
