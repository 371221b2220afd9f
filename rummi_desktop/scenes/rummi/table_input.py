"""Pointer gestures on the Rummi table: hover, drag and drop, click-select then click-place.

Works the same for mouse and finger (the shell's input layer already turned both into
``PRESS``/``CLICK``/``DRAG_*``/``DROP`` actions). A gesture ends in :func:`drag.intent_for_drop`,
whose moves the scene applies through the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scenes.rummi.drag import Pick, RackReorder, intent_for_drop
from rummi_desktop.scenes.rummi.layout import table_drop_target, tile_at
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import rack_insert_index, rack_tile_at

if TYPE_CHECKING:
    from rummi_desktop.scenes.rummi.table_scene import RummiTableScene

FINGER_LIFT = 34  # px: a dragged tile rides above a finger so the finger does not hide it


class TableInput:
    def __init__(self, scene: "RummiTableScene") -> None:
        self.scene = scene
        self.held: Pick | None = None  # the tile being dragged
        self.grab_offset = (0.0, 0.0)
        self.pointer: tuple[float, float] | None = None
        self.selected: Pick | None = None  # click-selected, waiting for a click on a place
        self.touch = False

    # -- finding things under the pointer ---------------------------------------------------
    def pick_at(self, pos: tuple[float, float], with_tail: bool = False) -> Pick | None:
        scene = self.scene
        if scene.viewer is not None:
            index = rack_tile_at(scene.rack_layout, *pos)
            if index is not None and index < len(scene.rack_ids):
                return Pick(scene.rack_ids[index])
        if not scene.my_turn:
            return None
        hit = tile_at(scene.table_layout, *pos)
        if hit is None:
            return None
        meld, position = hit
        return Pick(scene.state.table[meld][position], meld, position, with_tail)

    def hovered_tile(self) -> int | None:
        if self.pointer is None or self.held is not None:
            return None
        pick = self.pick_at(self.pointer)
        return pick.tile if pick is not None else None

    # -- actions ----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        kind = action.kind
        if action.pos is not None:
            self.pointer = action.pos
            self.touch = action.touch
        if kind == ActionKind.DRAG_START:
            return self._start_drag(action)
        if kind == ActionKind.DRAG_MOVE:
            return self._move_drag(action)
        if kind == ActionKind.DROP:
            return self._drop(action.pos)
        if kind == ActionKind.DRAG_CANCEL:
            self.cancel()
            return True
        if kind == ActionKind.CLICK:
            return self._click(action.pos)
        return kind == ActionKind.HOVER

    def _start_drag(self, action: Action) -> bool:
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or action.shift
        pick = self.pick_at(action.start or action.pos, with_tail=shift)
        if pick is None:
            return False
        self.selected = None
        self.held = pick
        self.scene.sprites.pinned = pick.tile
        sprite = self.scene.sprites.get(pick.tile)
        start = action.start or action.pos
        if sprite is not None:
            self.grab_offset = (start[0] - sprite.x, start[1] - sprite.y + (FINGER_LIFT if action.touch else 0))
        self._follow(action.pos)
        return True

    def _move_drag(self, action: Action) -> bool:
        if self.held is None:
            return False
        self._follow(action.pos)
        return True

    def _follow(self, pos: tuple[float, float] | None) -> None:
        if pos is None or self.held is None:
            return
        self.scene.sprites.place(self.held.tile, pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])

    def _drop(self, pos: tuple[float, float] | None) -> bool:
        pick, self.held = self.held, None
        self.scene.sprites.pinned = None
        if pick is None:
            return False
        if pos is not None:
            self.put_down(pick, self._landing_point(pos))
        self.scene.relayout()
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
                self.scene.play("rack")
            return pick is not None
        if pick is not None and pick.tile == chosen.tile:
            self.selected = None
            return True
        if pick is not None and pick.from_rack and chosen.from_rack:
            self.selected = pick  # another rack tile: choose that one instead
            return True
        self.selected = None
        self.put_down(chosen, pos)
        self.scene.relayout()
        return True

    def put_down(self, pick: Pick, pos: tuple[float, float]) -> None:
        scene = self.scene
        if not pick.from_rack and not scene.my_turn:
            return
        table = scene.view_state.table
        intent = intent_for_drop(pick, pos[0], pos[1], table, len(scene.rack_ids),
                                 scene.table_layout, scene.rack_layout)
        if intent is None:
            return
        if isinstance(intent, RackReorder):
            self._reorder(intent)
            return
        if not scene.my_turn:
            return  # between turns the rack may be arranged, the table not touched
        retrieving = any(type(m).__name__ == "Retrieve" for m in intent)
        target = table_drop_target(scene.table_layout, pos[0], pos[1], pick.lone_meld(table))
        left_behind = [t for t in table[pick.meld] if t != pick.tile] if not pick.from_rack else []
        if not scene.apply_moves(intent):
            return
        self._remember_spot(pick, target, left_behind)
        if retrieving and scene.viewer is not None:
            index = rack_insert_index(scene.rack_layout, pos[0], pos[1], len(scene.rack_ids))
            order = [t for t in scene.rack_order(scene.viewer) if t != pick.tile]
            order.insert(min(index if index is not None else len(order), len(order)), pick.tile)
            scene.rack_orders[scene.viewer] = order

    def _remember_spot(self, pick: Pick, target, left_behind: list[int]) -> None:
        """A tile that starts a new meld marks the spot the meld was put down at. A marking
        tile that leaves its meld hands the mark to the tiles it left, so they stay put."""
        hints = self.scene.meld_hints
        if target is not None and not target.is_new_meld and target.meld == pick.meld:
            return  # moved within its own meld
        mark = hints.pop(pick.tile, None)
        if mark is not None and left_behind and not any(t in hints for t in left_behind):
            hints[left_behind[0]] = mark
        if target is not None and target.is_new_meld and target.hint is not None and not pick.with_tail:
            hints[pick.tile] = target.hint
        self.scene.relayout()

    def _reorder(self, intent: RackReorder) -> None:
        scene = self.scene
        if scene.viewer is None:
            return
        order = scene.rack_order(scene.viewer)
        old = order.index(intent.tile)
        index = intent.index - (1 if intent.index > old else 0)
        order.pop(old)
        order.insert(max(0, min(index, len(order))), intent.tile)
        scene.rack_orders[scene.viewer] = order
        scene.play("rack")

    def cancel(self) -> None:
        """Put a tile in hand back (timeout, pause, turn over)."""
        self.drop_hand()
        self.scene.relayout()

    def drop_hand(self) -> None:
        """Forget the tile in hand and the selected one (the caller lays the table out)."""
        self.held = None
        self.selected = None
        self.scene.sprites.pinned = None

    # -- what the painter shows -------------------------------------------------------------
    def drop_preview(self) -> tuple[str, Box] | None:
        """While a tile is in hand: the slot it would land in (kind "slot" or "meld")."""
        if self.held is None or self.pointer is None:
            return None
        scene = self.scene
        x, y = self._landing_point(self.pointer)
        if rack_insert_index(scene.rack_layout, x, y, len(scene.rack_ids)) is not None:
            return None
        if not scene.my_turn:
            return None
        target = table_drop_target(scene.table_layout, x, y, self.held.lone_meld(scene.view_state.table))
        if target is None:
            return None
        if target.is_new_meld:
            return ("slot", target.box)
        return ("meld", scene.table_layout.meld_boxes[target.meld])
