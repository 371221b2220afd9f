"""The Tumblewords table's view: where every tile is and how it gets there, and the marks of
the turn (the drop preview, the words revealed one after another, a claim being dragged, the
missed words, the keyboard's column or, while claiming, its square). It reads the session and changes nothing in the game.

Board tiles move by physics (``ui.physics.ColumnWorld``): a new tile falls to the square the
model put it on, Zapper! drops what stood above the removed row; hand tiles glide as sprites.
Painting is in ``paint``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import math

import pygame

from rummi_desktop.games.tumblewords.rules.grid import BLANK
from rummi_desktop.games.tumblewords.rules.moves import Drop, Move
from rummi_desktop.games.tumblewords.rules.play import DropVerdict
from rummi_desktop.games.tumblewords.rules.words import FoundWord
from rummi_desktop.games.tumblewords.table import paint
from rummi_desktop.games.tumblewords.table.layout import REGIONS, BoardLayout, board_layout, seat_box
from rummi_desktop.games.tumblewords.table.session import TumblewordsSession
from rummi_desktop.scenes.log_column_cards import LogColumnCards
from rummi_desktop.ui.physics import ColumnWorld
from rummi_desktop.ui.rack_layout import RackLayout, layout_rack
from rummi_desktop.ui.sprites import HUMAN_RATE, SpriteBoard

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

REVEAL_EVERY = 0.55  # s between two found words lighting up (at speed 1)
HAND_TILE_W = 42  # seven letters in one row of the tray
ZAP_FADE = 0.45  # s the zapped row takes to fade


class TumblewordsTableView(LogColumnCards):
    log_column = REGIONS.log  # the tracker and a hint's best plays share the log's column

    def __init__(self, table: "TableContext", session: TumblewordsSession) -> None:
        self.table = table
        self.app = table.app
        self.session = session
        params = session.params
        self.layout: BoardLayout = board_layout(params.columns, params.rows)
        self.world = self._new_world()
        self.sprites = SpriteBoard()  # the hand's tiles
        self.hand_ids: list[int] = []
        self.hand_layout: RackLayout = layout_rack(0, REGIONS.hand)
        self.verdict: DropVerdict | None = None  # the model's word on the hovered drop
        self.preview_column: int | None = None
        self.words: list[FoundWord] = []  # the last drop's words, revealed one by one
        self.reveal_time = 0.0
        self.missed: list[FoundWord] = []  # Claim mode: what "Done" showed
        self.claimed: list[FoundWord] = []  # Claim mode: correct claims so far this turn
        self.claim_drag: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.pending_zap: tuple[int, ...] = ()  # ids Zapper! removes once the drop has landed
        self.fading: dict[int, tuple[float, float, float]] = {}  # zapped id -> (x, y, age)
        self.ghost: Drop | None = None  # the hint
        self.hint_column: int | None = None  # a puzzle hint's column, glowing
        self.hint_tiles: set[int] = set()  # a puzzle hint's hand letters, glowing
        self.scoreboard = True  # False: the left column is the puzzle's card, not seats and log
        self.cursor = params.columns // 2  # the keyboard's column
        self.square = (params.rows - 1, params.columns // 2)  # the keyboard's square, while claiming
        self.show_cursor = False
        self.log: list[tuple[str, str, int]] = []
        self.paint_cache = paint.PaintCache()
        self.sync_board(animate=False)

    def _new_world(self) -> ColumnWorld:
        lay = self.layout
        return ColumnWorld((lay.board.x, lay.board.y), lay.columns, lay.rows, (lay.cell_w, lay.cell_h))

    @property
    def state(self):
        return self.session.state

    # -- the board's tiles ------------------------------------------------------------------
    def sync_board(self, animate: bool = True) -> None:
        """Make the world hold exactly the model's tiles: new ones fall (or appear, without
        animation), moved ones fall to their new square, gone ones leave."""
        grid = self.state.grid
        shown_before = self._tiles_by_square()
        on_board = set()
        for row, col, tile_id in grid.placed():
            on_board.add(tile_id)
            target = self.world.cell_top_left(row, col)
            known = self.world.tiles.get(tile_id)
            if known is not None and known.target == target:
                continue
            if not animate:
                self.world.place(tile_id, row, col)
            elif known is None:
                self.world.drop(tile_id, row, col)
            else:
                self.world.move_to(tile_id, row, col)
        for tile_id in [t for t in self.world.tiles if t not in on_board]:
            if animate:
                x, y = self.world.top_left(tile_id)
                self.fading[tile_id] = (x, y, 0.0)
            self.world.remove(tile_id)
        if animate and self._instant():
            self.world.settle_all()
        self._marks_follow_tiles(shown_before)

    def _tiles_by_square(self) -> dict[tuple[int, int], int]:
        """The tile the board shows on each square (where each tile rests or is falling to)."""
        lay = self.layout
        squares = {self.world.cell_top_left(row, col): (row, col) for row in range(lay.rows) for col in range(lay.columns)}
        return {squares[body.target]: tile_id for tile_id, body in self.world.tiles.items() if body.target in squares}

    def _marks_follow_tiles(self, shown_before: dict[tuple[int, int], int]) -> None:
        """The word outlines go where their letters went (Zapper! moved them down one row); a
        word that lost a letter (the zapped row) loses its outline, so no outline is left on
        emptied squares."""
        now = {tile_id: (row, col) for row, col, tile_id in self.state.grid.placed()}

        def follow(word: FoundWord) -> FoundWord | None:
            ids = [shown_before.get(square) for square in word.squares()]
            if any(tile_id not in now for tile_id in ids):
                return None
            return word._replace(start=now[ids[0]], end=now[ids[-1]])

        self.words, self.claimed, self.missed = ([moved for moved in map(follow, marks) if moved is not None]
                                                 for marks in (self.words, self.claimed, self.missed))

    def dropped(self, tile_id: int, row: int, col: int, zapped: tuple[int, ...]) -> None:
        """A drop the model made: the tile falls to (row, col); Zapper! waits until it lands."""
        self.world.drop(tile_id, row, col)
        self.pending_zap = zapped
        if self._instant():
            self.world.settle_all()
            self._zap_now()

    def _zap_now(self) -> None:
        self.pending_zap = ()
        self.sync_board(animate=True)
        self.table.play("shuffle")

    def fixed_update(self, step: float) -> None:
        """Physics: one fixed step (two when the animations run fast)."""
        for _ in range(2 if self.app.animation_speed > 1.5 and not self._instant() else 1):
            if self.world.step(step):
                self.table.play("clink")
        if self.pending_zap and self.world.settled and self.words_revealed:
            self._zap_now()

    def _instant(self) -> bool:
        return math.isinf(self.app.animation_speed)

    def show_move(self) -> None:
        """A review's Show me played one move on the shown state: the new tile falls to its
        square as in play (the board's physics, stepped by the scene's fixed steps)."""
        self.sync_board(animate=True)
        self.relayout()

    def show_state(self) -> None:
        """A replay moved the session's state: the board as it now is (tiles in place), then the hand."""
        self.sync_board(animate=False)
        self.world.settle_all()
        self.relayout()

    # -- the hand ---------------------------------------------------------------------------
    def relayout(self) -> None:
        viewer = self.table.viewer
        self.hand_ids = list(self.state.hands[viewer]) if viewer is not None else []
        self.hand_layout = layout_rack(len(self.hand_ids), REGIONS.hand, preferred_w=HAND_TILE_W, min_tiers=1)
        for tile_id, box in zip(self.hand_ids, self.hand_layout.slots):
            start = None
            if tile_id not in self.sprites:
                bag = seat_box(self.state.seats)
                start = (bag.x + 10, bag.y + 8, self.hand_layout.tile_w)
            self.sprites.target(tile_id, box.x, box.y, box.w, rate=HUMAN_RATE, start=start)
            sprite = self.sprites.get(tile_id)
            if sprite is not None:
                sprite.w = box.w
        self.sprites.keep_only(set(self.hand_ids))

    def hand_letter(self, tile_id: int) -> str:
        from rummi_desktop.games.tumblewords.rules.grid import FACES

        return FACES[tile_id]

    # -- marks of the turn ------------------------------------------------------------------
    def preview(self, tile_id: int | None, col: int | None) -> None:
        """Ask the model where the letter would land in ``col`` and what it would score."""
        self.preview_column = col
        if tile_id is None or col is None or not self.table.my_turn or self.state.phase != "dropping":
            self.verdict = None
            return
        letter = self.hand_letter(tile_id)
        self.verdict = self.state.check(Drop(col, "E", blank=True) if letter == BLANK else Drop(col, letter))

    def reveal(self, words) -> None:
        """The drop's words light up one after another."""
        self.words = list(words)
        self.reveal_time = 0.0

    @property
    def words_shown(self) -> int:
        """How many of the drop's words are lit (they start once the tile has landed)."""
        if self._instant():
            return len(self.words)
        if not self.world.settled:
            return 0
        return min(len(self.words), 1 + int(self.reveal_time * self.app.animation_speed / REVEAL_EVERY))

    @property
    def words_revealed(self) -> bool:
        """Every word has been lit for its moment (Zapper! and the next turn wait for it)."""
        return self._instant() or self.reveal_time * self.app.animation_speed >= REVEAL_EVERY * len(self.words)

    def new_turn(self) -> None:
        self.verdict = None
        self.preview_column = None
        self.claim_drag = None
        self.ghost = None
        self.claimed = []
        if self.words_revealed:
            self.words = []

    def finish_animations(self) -> None:
        self.world.settle_all()
        self.sprites.finish_all()
        self.reveal_time = 1e9
        if self.pending_zap:
            self._zap_now()
            self.world.settle_all()
        self.fading.clear()

    @property
    def busy(self) -> bool:
        """Something on the board still moves (a fall, the words, a zap)."""
        return (not self.world.settled or bool(self.pending_zap) or bool(self.fading) or not self.words_revealed)

    # -- frames -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.sprites.speed = self.app.animation_speed
        self.sprites.update(dt)
        if self.world.settled:
            self.reveal_time += dt
        speed = 1e9 if self._instant() else self.app.animation_speed
        for tile_id, (x, y, age) in list(self.fading.items()):
            age += dt * speed
            if age >= ZAP_FADE:
                del self.fading[tile_id]
            else:
                self.fading[tile_id] = (x, y, age)

    def warm_tiles(self) -> None:
        theme, blind = self.app.theme, self.app.settings.colour_blind
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            for size in (self.layout.tile_w, self.hand_layout.tile_w or HAND_TILE_W):
                self.app.tiles.surface(paint.face(letter), size, theme, "normal", blind)

    candidates_title = "Best drops"  # the heading of a hint's candidate list

    def candidate_note(self, move: str) -> str:
        """The column a drop goes into (the same letter may go into several)."""
        drop = Move.parse(move)
        return f"column {drop.column + 1}" if isinstance(drop, Drop) else ""

    def candidate_face(self, face: str):
        """A candidate's letter as the hand shows it (a blank in its own ink)."""
        return paint.face(face.upper(), blank=face == BLANK or face.islower())

    def draw(self, surface: pygame.Surface, hand, buttons) -> None:
        paint.paint_table(self, surface, hand, buttons)
