"""How every table's input controller reads the pointer: each semantic action goes to one
gesture method (start a drag, move it, drop, cancel, click, hover, a key, Space or Enter), after noting where
the pointer is and whether a finger made the action. A game's controller writes the gestures.
"""

from __future__ import annotations

from rummi_desktop.shell.input import Action, ActionKind


class PointerInput:
    pointer: tuple[float, float] | None
    touch: bool
    held: object | None  # what a drag carries (None: no drag)

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
        if kind == ActionKind.HOVER:
            return self._hover(action)
        if kind == ActionKind.SHORTCUT:
            return self._key(action.key)
        if kind == ActionKind.CONFIRM:
            return self._confirm(action)
        return False

    def _start_drag(self, action: Action) -> bool:
        raise NotImplementedError

    def _move_drag(self, action: Action) -> bool:
        if self.held is None:
            return False
        self._follow(action.pos)
        return True

    def _follow(self, pos: tuple[float, float] | None) -> None:
        """The carried piece follows the pointer."""
        raise NotImplementedError

    def _drop(self, pos: tuple[float, float] | None) -> bool:
        raise NotImplementedError

    def cancel(self) -> None:
        raise NotImplementedError

    def _click(self, pos: tuple[float, float] | None) -> bool:
        raise NotImplementedError

    def _hover(self, action: Action) -> bool:
        """The pointer moved with nothing pressed (the position is noted already)."""
        return True

    def _key(self, key: str) -> bool:
        """A shortcut key the board answers (none unless the game has some)."""
        return False

    def _confirm(self, action: Action) -> bool:
        """Space or Enter on a person's turn, asked before the table ends the turn: True when
        the board used it (a game whose keyboard picks tiles up with Space)."""
        return False
