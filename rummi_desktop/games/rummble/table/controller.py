"""The Rummble table's input controller: gestures and keys become tentative placements.

Drag a rack tile onto a square (or click it, then click the square); drag a tentative tile to
another square, or back onto the rack; drop a joker and the picker asks what it stands for.
Keys: the arrows move a cursor over the board, 1–9 and 0 put rack tile 1–10 on the cursor's
square (the cursor then steps on), Space picks up a tile put down this turn and puts it down
again on another square (or, Space on its own square, back on the rack), Backspace recalls
everything. The model is only asked (the
live preview, through the view); nothing here decides what is legal.
"""

from __future__ import annotations

from typing import Callable, TYPE_CHECKING

from rummi_desktop.games.rummble.rules.board import SIZE
from rummi_desktop.shell.input import Action
from rummi_desktop.scenes.pointer_input import PointerInput
from rummi_desktop.games.rummble.table.layout import square_at
from rummi_desktop.games.rummble.table.paint import Hand
from rummi_desktop.games.rummble.table.tentative import Tentative, shuffled
from rummi_desktop.ui.rack_layout import rack_insert_index, rack_tile_at

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

FINGER_LIFT = 34
RACK_KEYS = {str(n): n - 1 for n in range(1, 10)} | {"0": 9}
STEPS = {"left": -1, "right": 1, "up": -SIZE, "down": SIZE}


class RummbleTableInput(PointerInput):
    def __init__(self, table: "TableContext", view, tentative: Tentative, pick_joker) -> None:
        self.table = table
        self.view = view
        self.tentative = tentative
        self.pick_joker = pick_joker  # (tile id) -> opens the joker picker
        self.held: int | None = None
        self.grab_offset = (0.0, 0.0)
        self.pointer: tuple[float, float] | None = None
        self.selected: int | None = None
        self.touch = False
        self.step = 1  # the cursor moves on this way after a key puts a tile down
        self.after_change: Callable[[], None] | None = None  # a puzzle table remembers each change for Undo

    @property
    def state(self):
        return self.view.state

    # -- what is under the pointer ---------------------------------------------------------
    def pick_at(self, pos) -> int | None:
        if self.table.viewer is None:
            return None
        index = rack_tile_at(self.view.rack_layout, *pos)
        if index is not None and index < len(self.view.rack_ids):
            return self.view.rack_ids[index]
        sq = square_at(*pos)
        if sq is not None and self.table.my_turn:
            return self.tentative.squares.get(sq)
        return None

    def free_square(self, pos) -> int | None:
        sq = square_at(*pos)
        if sq is None or self.state.board.cells[sq] is not None:
            return None
        held = self.tentative.squares.get(sq)
        return sq if held is None or held == self.held else None

    def hand(self) -> Hand:
        hovered = None
        if self.pointer is not None and self.held is None:
            hovered = self.pick_at(self.pointer)
        target = None
        if self.held is not None and self.pointer is not None and self.table.my_turn:
            target = self.free_square(self._landing(self.pointer))
        return Hand(self.held, self.selected, hovered, target)

    # -- gestures ---------------------------------------------------------------------------
    def _start_drag(self, action: Action) -> bool:
        start = action.start or action.pos
        tile_id = self.pick_at(start)
        if tile_id is None:
            return False
        self.selected = None
        self.held = tile_id
        self.view.sprites.pinned = tile_id
        sprite = self.view.sprites.get(tile_id)
        if sprite is not None:
            self.grab_offset = (start[0] - sprite.x, start[1] - sprite.y + (FINGER_LIFT if action.touch else 0))
        self._follow(action.pos)
        return True

    def _follow(self, pos) -> None:
        if pos is not None and self.held is not None:
            self.view.sprites.place(self.held, pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])

    def _landing(self, pos):
        return (pos[0], pos[1] - FINGER_LIFT) if self.touch else pos

    def _drop(self, pos) -> bool:
        tile_id, self.held = self.held, None
        self.view.sprites.pinned = None
        if tile_id is None:
            return False
        if pos is not None:
            self.put_down(tile_id, self._landing(pos))
        self.table.relayout()
        return True

    def _click(self, pos) -> bool:
        if pos is None:
            return False
        tile_id = self.pick_at(pos)
        chosen = self.selected
        if chosen is None:
            self.selected = tile_id
            if tile_id is not None:
                self.table.play("rack")
            return tile_id is not None
        if tile_id == chosen:
            self.selected = None
            if self.tentative.square_of(chosen) is not None and self.state.faces[chosen].is_joker:
                self.pick_joker(chosen)  # a placed joker clicked twice: declare it again
            return True
        if tile_id is not None and self.tentative.square_of(tile_id) is None and self.tentative.square_of(chosen) is None:
            self.selected = tile_id  # another rack tile: that one instead
            return True
        self.selected = None
        self.put_down(chosen, pos)
        self.table.relayout()
        return True

    def put_down(self, tile_id: int, pos) -> None:
        """``tile_id`` put down at ``pos``: on a free square (a turn's tentative tile) or back
        on the rack, at the slot under the pointer."""
        layout = self.view.rack_layout
        index = rack_insert_index(layout, pos[0], pos[1], len(self.view.rack_ids))
        if index is not None:
            self._to_rack(tile_id, index)
            return
        sq = self.free_square(pos)
        if sq is None or not self.table.my_turn:
            return
        self.place(tile_id, sq)

    def place(self, tile_id: int, sq: int) -> None:
        was_on_board = self.tentative.square_of(tile_id) is not None
        self.tentative.put(tile_id, sq)
        self.view.ghosts = []
        self.table.play("clink")
        if self.state.faces[tile_id].is_joker and (tile_id not in self.tentative.declared or not was_on_board):
            self.pick_joker(tile_id)
        self.changed()

    def _to_rack(self, tile_id: int, index: int) -> None:
        viewer = self.table.viewer
        if viewer is None:
            return
        self.tentative.take(tile_id)
        order = [t for t in self.view.rack_order(viewer) if t != tile_id]
        shown = [t for t in order if t not in self.tentative.ids]
        anchor = shown[index] if index < len(shown) else None
        order.insert(order.index(anchor) if anchor is not None else len(order), tile_id)
        self.view.rack_orders[viewer] = order
        self.table.play("rack")
        self.changed()

    def changed(self) -> None:
        """The tentative play changed: ask the model again; old refusals no longer apply."""
        self.view.refresh_preview()
        self.table.withdraw_warning()
        if self.after_change is not None:
            self.after_change()

    def cancel(self) -> None:
        self.held = None
        self.selected = None
        self.view.sprites.pinned = None
        self.table.relayout()

    # -- commands ---------------------------------------------------------------------------
    def recall(self) -> None:
        if self.tentative:
            self.cancel()
            self.tentative.recall()
            self.table.play("rack")
            self.changed()
            self.table.relayout()

    def shuffle(self) -> None:
        viewer = self.table.viewer
        if viewer is None:
            return
        self.view.rack_orders[viewer] = shuffled(self.view.rack_order(viewer), round(self.table.turns.phase_time * 1000))
        self.table.play("shuffle")
        self.table.relayout()

    def _key(self, key: str) -> bool:
        if not self.table.my_turn:
            return False
        if key in STEPS:
            self._move_cursor(STEPS[key])
            return True
        if key in RACK_KEYS:
            index = RACK_KEYS[key]
            if index < len(self.view.rack_ids) and self.state.board.cells[self.view.cursor] is None \
                    and self.view.cursor not in self.tentative.squares:
                self.view.show_cursor = True
                self.place(self.view.rack_ids[index], self.view.cursor)
                self._move_cursor(self.step, moved_by_tile=True)
                self.table.relayout()
            return True
        if key == "backspace":
            self.recall()
            return True
        return False

    def _move_cursor(self, step: int, moved_by_tile: bool = False) -> None:
        view = self.view
        row, col = divmod(view.cursor, SIZE)
        if not moved_by_tile:
            self.step = step
        if (step == -1 and col == 0) or (step == 1 and col == SIZE - 1):
            return
        target = view.cursor + step
        if 0 <= target < SIZE * SIZE:
            view.cursor = target
        view.show_cursor = True

    def _confirm(self, action: Action) -> bool:
        """Space, once the cursor shows: the tile put down this turn on the cursor's square is
        picked up; a tile in hand goes down on the cursor's free square, or back on the rack
        when the cursor is still on its own square (Enter plays, as before)."""
        view = self.view
        if action.key != "space" or not self.table.my_turn or not view.show_cursor or self.held is not None:
            return False
        sq, chosen = view.cursor, self.selected
        here = self.tentative.squares.get(sq)
        if chosen is None:
            if here is not None:
                self.selected = here
                self.table.play("rack")
            return True
        self.selected = None
        if chosen == here:
            self._to_rack(chosen, len(view.rack_ids))
        elif here is None and self.state.board.cells[sq] is None:
            self.place(chosen, sq)
        self.table.relayout()
        return True
