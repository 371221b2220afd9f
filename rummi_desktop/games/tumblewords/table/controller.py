"""The Tumblewords table's input controller: gestures and keys become drops and claims.

Drag a hand letter onto a column (or click it, then click the column); while it hovers, the
view asks the model where it would land and what it would score. In Claim mode drag across
the letters of a word to claim it. Keys: Left/Right choose a column, 1–7 pick a hand letter,
Enter drops it (or says Done while claiming); while claiming the arrows move a square, Space
marks a word's first letter and Space again its last, which claims it. Nothing here decides
what is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.shell.input import Action
from rummi_desktop.scenes.pointer_input import PointerInput
from rummi_desktop.games.tumblewords.table.paint import Hand
from rummi_desktop.ui.rack_layout import rack_tile_at

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

FINGER_LIFT = 34
SQUARE_STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
HAND_KEYS = {str(n): n - 1 for n in range(1, 10)}


class TumblewordsTableInput(PointerInput):
    def __init__(self, table: "TableContext", view) -> None:
        self.table = table
        self.view = view
        self.flow = None  # set by the table (the flow needs the controller too)
        self.held: int | None = None
        self.selected: int | None = None
        self.grab_offset = (0.0, 0.0)
        self.pointer: tuple[float, float] | None = None
        self.touch = False
        self.claim_start: tuple[int, int] | None = None

    @property
    def state(self):
        return self.view.state

    @property
    def dropping(self) -> bool:
        return self.table.my_turn and self.state.phase == "dropping"

    @property
    def claiming(self) -> bool:
        return self.table.my_turn and self.state.phase != "dropping"

    def hand_tile_at(self, pos) -> int | None:
        if self.table.viewer is None:
            return None
        index = rack_tile_at(self.view.hand_layout, *pos)
        if index is not None and index < len(self.view.hand_ids):
            return self.view.hand_ids[index]
        return None

    def hand(self) -> Hand:
        hovered = None
        if self.pointer is not None and self.held is None:
            hovered = self.hand_tile_at(self.pointer)
        return Hand(self.held, self.selected, hovered)

    # -- gestures ---------------------------------------------------------------------------
    def _start_drag(self, action: Action) -> bool:
        start = action.start or action.pos
        if self.claiming:
            square = self.view.layout.square_at(*start)
            if square is None:
                return False
            self.claim_start = square
            self.view.claim_drag = (square, square)
            return True
        tile_id = self.hand_tile_at(start) if self.dropping else None
        if tile_id is None:
            return False
        self.selected, self.held = None, tile_id
        self.view.ghost = None  # one preview at a time: the letter in hand, not the hint
        self.view.sprites.pinned = tile_id
        sprite = self.view.sprites.get(tile_id)
        if sprite is not None:
            self.grab_offset = (start[0] - sprite.x, start[1] - sprite.y + (FINGER_LIFT if action.touch else 0))
        self._follow(action.pos)
        return True

    def _move_drag(self, action: Action) -> bool:
        return self._follow(action.pos)

    def _hover(self, action: Action) -> bool:
        if self.selected is not None and action.pos is not None:
            col = self.view.layout.column_at(*action.pos)
            if col is not None:
                self.view.cursor = col  # Enter drops where the pointer showed it
            self.view.preview(self.selected, col)
        return True

    def _follow(self, pos) -> bool:
        if pos is None:
            return False
        if self.claim_start is not None:
            square = self.view.layout.square_at(*pos)
            if square is not None:
                self.view.claim_drag = (self.claim_start, straighten(self.claim_start, square))
            return True
        if self.held is None:
            return False
        self.view.sprites.place(self.held, pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])
        self.view.preview(self.held, self.view.layout.column_at(*self._landing(pos)))
        return True

    def _landing(self, pos):
        return (pos[0], pos[1] - FINGER_LIFT) if self.touch else pos

    def _drop(self, pos) -> bool:
        if self.claim_start is not None:
            span = self.view.claim_drag
            self.claim_start, self.view.claim_drag = None, None
            if span is not None and span[0] != span[1]:
                self.flow.claim(span)
            return True
        tile_id, self.held = self.held, None
        self.view.sprites.pinned = None
        if tile_id is None:
            return False
        col = self.view.layout.column_at(*self._landing(pos)) if pos is not None else None
        self.view.preview(None, None)
        if col is not None:
            self.flow.drop(tile_id, col)
        self.table.relayout()
        return True

    def _click(self, pos) -> bool:
        if pos is None or not self.dropping:
            return False
        tile_id = self.hand_tile_at(pos)
        if tile_id is not None:
            self.selected = None if self.selected == tile_id else tile_id
            self.view.ghost = None  # one preview at a time
            self.table.play("rack")
            self.view.preview(self.selected, None)
            return True
        col = self.view.layout.column_at(*pos)
        if col is not None and self.selected is not None:
            tile_id, self.selected = self.selected, None
            self.view.preview(None, None)
            self.flow.drop(tile_id, col)
            self.table.relayout()  # the letter leaves the hand as it starts to fall
            return True
        return False

    # -- keys -------------------------------------------------------------------------------
    def _key(self, key: str) -> bool:
        view = self.view
        if key in ("left", "right") and self.dropping:
            view.show_cursor = True
            view.cursor = max(0, min(view.layout.columns - 1, view.cursor + (1 if key == "right" else -1)))
            view.preview(self.selected, view.cursor if self.selected is not None else None)
            return True
        if key in SQUARE_STEPS and self.claiming:
            self._move_square(SQUARE_STEPS[key])
            return True
        if key in HAND_KEYS and self.dropping:
            index = HAND_KEYS[key]
            if index < len(view.hand_ids):
                view.show_cursor = True
                self.selected = view.hand_ids[index]
                view.ghost = None  # one preview at a time
                view.preview(self.selected, view.cursor)
                self.table.play("rack")
            return True
        return False

    def _move_square(self, by: tuple[int, int]) -> None:
        """Claiming: the keyboard's square moves (the first key only shows it); a word being
        marked stretches to it along its row or column."""
        view, lay = self.view, self.view.layout
        if view.show_cursor:
            row, col = view.square
            view.square = (max(0, min(lay.rows - 1, row + by[0])), max(0, min(lay.columns - 1, col + by[1])))
        view.show_cursor = True
        if self.claim_start is not None:
            view.claim_drag = (self.claim_start, straighten(self.claim_start, view.square))

    def _confirm(self, action: Action) -> bool:
        """Space while claiming, once the square shows: mark the word's first letter, then its
        last, which claims the word (Enter still says Done)."""
        if action.key != "space" or not self.claiming or not self.view.show_cursor or self.held is not None:
            return False
        view = self.view
        if self.claim_start is None:
            self.claim_start = view.square
            view.claim_drag = (view.square, view.square)
            return True
        span = view.claim_drag
        self.claim_start, view.claim_drag = None, None
        if span is not None and span[0] != span[1]:
            self.flow.claim(span)
        return True

    def confirm(self) -> None:
        """Enter: drop the chosen letter into the column its preview shows, or say Done. With
        no preview in view (the pointer left the board) the first Enter shows it at the
        keyboard's column: a letter never falls where it was not shown."""
        if self.claiming:
            self.flow.done()
        elif self.selected is not None:
            col = self.view.preview_column
            if col is None:
                self.view.show_cursor = True
                self.view.preview(self.selected, self.view.cursor)
                return
            tile_id, self.selected = self.selected, None
            self.view.preview(None, None)
            self.flow.drop(tile_id, col)
            self.table.relayout()

    def put_down_choice(self) -> None:
        """A clicked or keyed letter goes back to being one of the hand (a dragged one stays
        in the fingers)."""
        if self.selected is not None:
            self.selected = None
            self.view.preview(None, None)

    def cancel(self) -> None:
        if self.held is not None:
            self.held = None
            self.view.sprites.pinned = None
            self.table.relayout()
        self.claim_start, self.view.claim_drag = None, None
        self.selected = None
        self.view.preview(None, None)


def straighten(start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
    """A dragged claim stays on one row or one column: the nearer of the two lines."""
    if abs(end[0] - start[0]) >= abs(end[1] - start[1]):
        return (end[0], start[1])
    return (start[0], end[1])
