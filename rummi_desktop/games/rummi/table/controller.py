"""The Rummi table's input controller: the player's gestures and commands become moves.

Hover, drag and drop, click-select then click-place work the same for mouse and finger (the
input layer already turned both into ``PRESS``/``CLICK``/``DRAG_*``/``DROP`` actions, Shift
included). A gesture ends in :func:`drag.intent_for_drop`, whose moves go to the model, which
applies them or refuses them with a reason. The keyboard does the same on your turn: the
arrows move a focus ring over the spots of :mod:`key_focus`, Space picks the tile there up
(Shift+Space: with the rest of its meld) and puts it down at the spot the ring is on next,
through the very drop a mouse makes. Undo, Reset and the sort buttons live here too, and
keeping the rack's hand-made order through all of it. Each change lays the table out once.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.rules.moves import IllegalMove, Move, Retrieve
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.pointer_input import PointerInput
from rummi_desktop.games.rummi.table.drag import Pick, RackReorder, intent_for_drop
from rummi_desktop.games.rummi.table.key_focus import KeyFocus, Spot, find, place_of, step, target_spots, tile_spots
from rummi_desktop.games.rummi.table.layout import TableDrop, table_drop_target, tile_at
from rummi_desktop.games.rummi.table.rack_order import RackOrders
from rummi_desktop.games.rummi.table.session import RummiSession
from rummi_desktop.games.rummi.table.paint import Hand
from rummi_desktop.games.rummi.table.view import RummiTableView
from rummi_desktop.scenes.table_context import TableContext
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import rack_insert_index, rack_tile_at

FINGER_LIFT = 34  # px: a dragged tile rides above a finger so the finger does not hide it
ARROWS = ("left", "right", "up", "down")
POINTER_PRESSES = (ActionKind.PRESS, ActionKind.CLICK, ActionKind.DRAG_START)


class RummiTableInput(PointerInput):
    def __init__(self, table: TableContext, session: RummiSession, racks: RackOrders, view: RummiTableView) -> None:
        self.table = table
        self.session = session
        self.racks = racks
        self.view = view
        self.held: Pick | None = None  # the tile being dragged
        self.grab_offset = (0.0, 0.0)
        self.pointer: tuple[float, float] | None = None
        self.selected: Pick | None = None  # click-selected, waiting for a click on a place
        self.touch = False
        self.focus = KeyFocus()

    @property
    def state(self):
        return self.session.state

    # -- finding things under the pointer ---------------------------------------------------
    def pick_at(self, pos: tuple[float, float], with_tail: bool = False) -> Pick | None:
        view = self.view
        if self.table.viewer is not None:
            index = rack_tile_at(view.rack_layout, *pos)
            if index is not None and index < len(view.rack_ids):
                return Pick(view.rack_ids[index])
        if not self.table.my_turn:
            return None
        hit = tile_at(view.table_layout, *pos)
        if hit is None:
            return None
        meld, position = hit
        return Pick(self.state.table[meld][position], meld, position, with_tail)

    def hovered_tile(self) -> int | None:
        if self.pointer is None or self.held is not None:
            return None
        pick = self.pick_at(self.pointer)
        return pick.tile if pick is not None else None

    def hand(self) -> Hand:
        """What the player holds and points at, for the view to paint."""
        spot = self.focused_spot()
        preview = self.drop_preview()
        if spot is not None and self.selected is not None:
            preview = self._preview_at(self.selected, spot.point)
        return Hand(self.held.tile if self.held is not None else None,
                    self.selected.tile if self.selected is not None else None,
                    self.hovered_tile(), preview, spot.ring if spot is not None else None,
                    self.view.sprites.carried)

    # -- gestures ---------------------------------------------------------------------------
    def _start_drag(self, action: Action) -> bool:
        pick = self.pick_at(action.start or action.pos, with_tail=action.shift)
        if pick is None:
            return False
        self.selected = None
        self.held = pick
        sprites = self.view.sprites
        sprites.pinned = pick.tile
        sprites.carried = tuple(pick.moving(self.view.shown.table)[1:])
        sprite = sprites.get(pick.tile)
        start = action.start or action.pos
        if sprite is not None:
            self.grab_offset = (start[0] - sprite.x, start[1] - sprite.y + (FINGER_LIFT if action.touch else 0))
        self._follow(action.pos)
        return True

    def _follow(self, pos: tuple[float, float] | None) -> None:
        """The tile in hand under the pointer; a Shift-dragged part of a meld in a row after
        it, at the table's size and spacing: as it will land."""
        if pos is None or self.held is None:
            return
        sprites = self.view.sprites
        x, y = pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1]
        sprites.place(self.held.tile, x, y)
        layout = self.view.table_layout
        for step_right, tile in enumerate(sprites.carried, start=1):
            sprites.place(tile, x + step_right * layout.pitch, y, layout.tile_w)

    def _drop(self, pos: tuple[float, float] | None) -> bool:
        pick, self.held = self.held, None
        self.view.sprites.pinned = None
        self.view.sprites.carried = ()
        if pick is None:
            return False
        if pos is not None:
            self.put_down(pick, self._landing_point(pos))
        self.table.relayout()
        return True

    def _landing_point(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Where the tile in hand actually is: its centre, not the pointer (fingers lift it)."""
        if self.touch:
            return (pos[0], pos[1] - FINGER_LIFT)
        return pos

    def _click(self, pos: tuple[float, float] | None) -> bool:
        if pos is None:
            return False
        pick = self.pick_at(pos)
        chosen = self.selected
        if chosen is None:
            self.selected = pick
            if pick is not None:
                self.table.play("rack")
            return pick is not None
        if pick is not None and pick.tile == chosen.tile:
            self.selected = None
            return True
        if pick is not None and pick.from_rack and chosen.from_rack:
            self.selected = pick  # another rack tile: choose that one instead
            return True
        self.selected = None
        self.put_down(chosen, pos)
        self.table.relayout()
        return True

    def put_down(self, pick: Pick, pos: tuple[float, float]) -> None:
        """The picked tile put down at ``pos``: its moves go to the model (the caller lays the
        table out afterwards)."""
        table, view = self.table, self.view
        if not pick.from_rack and not table.my_turn:
            return
        melds = view.shown.table
        intent = intent_for_drop(pick, pos[0], pos[1], melds, len(view.rack_ids), view.table_layout, view.rack_layout)
        target = table_drop_target(view.table_layout, pos[0], pos[1], pick.lone_meld(melds))
        moving = pick.moving(melds)
        left_behind = [t for t in melds[pick.meld] if t not in moving] if not pick.from_rack else []
        if intent is None:
            if table.my_turn and target is not None and target.is_new_meld and pick.whole_meld(melds):
                self._remember_spot(pick, target, moving, left_behind)  # the same meld, elsewhere on the felt
            return
        if isinstance(intent, RackReorder):
            self._reorder(intent)
            return
        if not table.my_turn:
            return  # between turns the rack may be arranged, the table not touched
        retrieving = any(isinstance(m, Retrieve) for m in intent)
        if not self.apply_moves(intent):
            return
        self._remember_spot(pick, target, moving, left_behind)
        if retrieving and table.viewer is not None:
            order = [t for t in view.rack_order(table.viewer) if t != pick.tile]
            index = rack_insert_index(view.rack_layout_for(len(order) + 1), pos[0], pos[1], len(order) + 1)
            order.insert(min(index if index is not None else len(order), len(order)), pick.tile)
            self.racks.orders[table.viewer] = order

    def _remember_spot(self, pick: Pick, target: TableDrop | None, moving: list[int],
                       left_behind: list[int]) -> None:
        """Tiles that start a new meld mark the spot the meld was put down at. A marking
        tile that leaves its meld hands the mark to the tiles it left, so they stay put."""
        hints = self.view.meld_hints
        if target is not None and not target.is_new_meld and target.meld == pick.meld:
            return  # moved within its own meld
        marks = [mark for mark in (hints.pop(t, None) for t in moving) if mark is not None]
        if marks and left_behind and not any(t in hints for t in left_behind):
            hints[left_behind[0]] = marks[0]
        if target is not None and target.is_new_meld and target.hint is not None:
            hints[moving[0]] = target.hint

    def _reorder(self, intent: RackReorder) -> None:
        viewer = self.table.viewer
        if viewer is None:
            return
        order = self.view.rack_order(viewer)
        old = order.index(intent.tile)
        index = intent.index - (1 if intent.index > old else 0)
        order.pop(old)
        order.insert(max(0, min(index, len(order))), intent.tile)
        self.racks.orders[viewer] = order
        self.table.play("rack")

    def cancel(self) -> None:
        """Put a tile in hand back (timeout, pause, turn over)."""
        self.drop_hand()
        self.table.relayout()

    def drop_hand(self) -> None:
        """Forget the tile in hand and the selected one (the caller lays the table out)."""
        self.held = None
        self.selected = None
        self.view.sprites.pinned = None
        self.view.sprites.carried = ()
        self.focus.beside = None

    def drop_preview(self) -> tuple[str, Box] | None:
        """While a tile is in hand: the slot it would land in (kind "slot" or "meld")."""
        if self.held is None or self.pointer is None:
            return None
        return self._preview_at(self.held, self._landing_point(self.pointer))

    def _preview_at(self, pick: Pick, point: tuple[float, float]) -> tuple[str, Box] | None:
        view = self.view
        x, y = point
        if rack_insert_index(view.rack_layout, x, y, len(view.rack_ids)) is not None:
            return None
        if not self.table.my_turn:
            return None
        target = table_drop_target(view.table_layout, x, y, pick.lone_meld(view.shown.table))
        if target is None:
            return None
        if target.is_new_meld:
            extra = (len(pick.moving(view.shown.table)) - 1) * view.table_layout.pitch
            box = target.box
            return ("slot", Box(box.x, box.y, box.w + extra, box.h))  # as long as what lands there
        return ("meld", view.table_layout.meld_boxes[target.meld])

    # -- commands ---------------------------------------------------------------------------
    def apply_moves(self, moves: tuple[Move, ...]) -> bool:
        """Apply a gesture's moves in order; on a refusal undo the ones already applied."""
        viewer = self.table.viewer
        applied = 0
        before = list(self.view.rack_order(viewer)) if viewer is not None else []
        spots = self.view.meld_spots
        try:
            for move in moves:
                first_of_turn = not self.state.turn_moves
                self.state.apply(move)
                self.racks.history.append(before)
                spots.move_applied(first_of_turn)
                applied += 1
        except IllegalMove as error:
            for _ in range(applied):
                self.state.undo()
                self.racks.history.pop()
                spots.move_refused()
            self.table.say(str(error), warning=True)
            self.table.play("invalid")
            return False
        self._table_changed()
        self.table.play("clink")
        return True

    def undo(self) -> None:
        table = self.table
        if table.my_turn and self.state.undo() is not None:
            self.drop_hand()  # a held or selected table tile may point at a meld now gone
            if table.viewer is not None:
                self.racks.undone(table.viewer, self.state.rack(table.viewer))
            self.view.meld_spots.undone(len(self.state.turn_moves))  # the melds where they were
            self._table_changed()
            table.play("rack")
            table.relayout()

    def reset_turn(self) -> None:
        table = self.table
        if table.my_turn:
            self.drop_hand()  # a held or selected table tile may point at a meld now gone
            self.state.reset_turn()
            if table.viewer is not None:
                self.racks.back_to_their_slots(table.viewer, self.state.rack(table.viewer))
            self.view.meld_spots.back_to_turn_start()
            self._table_changed()
            table.play("rack")
            table.relayout()

    def _table_changed(self) -> None:
        """The player changed the table: old refusals (red outlines, a warning about a meld
        that may be gone now) no longer describe it."""
        self.view.invalid_tiles.clear()
        self.table.withdraw_warning()

    def sort_rack(self, by: str) -> None:
        viewer = self.table.viewer
        if viewer is None:
            return
        self.racks.sort(viewer, self.view.shown.rack(viewer), "colour" if by == "colour" else "number")
        self.table.play("rack")
        self.table.relayout()

    # -- the keyboard -----------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if action.kind in POINTER_PRESSES:
            self.focus.shown = False  # the pointer is in use: no focus ring
        return super().handle_action(action)

    def key_spots(self) -> list[Spot]:
        """Where the keyboard can point now: tiles, or with a tile in hand the places for it."""
        view, chosen = self.view, self.selected
        table = view.shown.table
        if chosen is None:
            return tile_spots(view.table_layout, table, view.rack_layout, self.table.my_turn)
        jokers = set() if chosen.with_tail or face(chosen.tile).is_joker else \
            {t for meld in table for t in meld if face(t).is_joker}
        return target_spots(view.table_layout, table, view.rack_layout, jokers)

    def focused_spot(self) -> Spot | None:
        """The spot the focus ring is on (None: not shown, or not the keyboard's moment)."""
        if not self.focus.shown or not self.table.my_turn or self.held is not None or self.view.preview_table:
            return None
        spots = self.key_spots()
        return spots[find(spots, self.focus.name)] if spots else None

    def _key(self, key: str) -> bool:
        """The arrows move the focus ring (the first key only shows it, where it was)."""
        if key not in ARROWS or not self.table.my_turn:
            return False
        spots = self.key_spots()
        if spots and self.focus.shown:
            self.focus.name = spots[step(spots, find(spots, self.focus.name), key)].name
        self.focus.shown = True
        return True

    def _confirm(self, action: Action) -> bool:
        """Space picks up the tile at the focus ring, or puts the one in hand down there."""
        if action.key != "space" or not self.table.my_turn or self.held is not None:
            return False
        spot = self.focused_spot()
        self.focus.shown = True
        if spot is None:
            return True
        if self.selected is None:
            self._pick_by_key(spot, action.shift)
        else:
            self._put_by_key(spot)
        return True

    def _pick_by_key(self, spot: Spot, with_tail: bool) -> None:
        pick = self.pick_at(spot.point, with_tail=with_tail)
        if pick is None:
            return
        self.selected = pick
        self.table.play("rack")
        beside = self.focus.beside
        place = place_of(self.view.shown.table, beside) if pick.from_rack else None
        if not pick.from_rack:
            self.focus.name = ("gap", pick.meld, pick.position + 1)  # where it is: Space puts it back
        elif place is not None:
            self.focus.name = ("gap", place[0], place[1] + 1)  # on after the tile put down last
        else:
            self.focus.name = ("new",)

    def _put_by_key(self, spot: Spot) -> None:
        """The same put-down as a click on the spot; then the focus goes back to the rack slot
        the tile came from (for the next one), or onto the tile where it now is."""
        chosen, self.selected = self.selected, None
        slot = self.view.rack_ids.index(chosen.tile) if chosen.from_rack else None
        self.put_down(chosen, spot.point)
        self.table.relayout()
        on_table = place_of(self.view.shown.table, chosen.tile) is not None
        if on_table:
            self.focus.beside = chosen.tile
        if on_table and slot is not None:
            self.focus.name = ("rack", slot)
        elif on_table:
            self.focus.name = ("tile", chosen.tile)
        elif chosen.tile in self.view.rack_ids:
            self.focus.name = ("rack", self.view.rack_ids.index(chosen.tile))
