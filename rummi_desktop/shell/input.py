"""Raw pygame events become semantic actions before any scene sees them.

Mouse and touch (finger) events become pointer actions in *logical* coordinates (the 1280×800
canvas): ``HOVER``, ``PRESS``, then either ``CLICK`` (released without moving far) or
``DRAG_START`` → ``DRAG_MOVE``… → ``DROP``. A press that lands in the letterbox bars is ignored, so
it can never reach a widget; a drag released over a bar ends in ``DRAG_CANCEL`` (the scene puts
the dragged thing back). Keys become ``CONFIRM`` (Enter, keypad Enter, Space), ``BACK`` (Escape,
the Android/"AC back" key) or ``SHORTCUT`` carrying the key's name (``"s"``, ``"f1"``, ``"up"``).
Typed text (SDL's ``TEXTINPUT``: any character the keyboard layout or input method makes, space
included) becomes ``TEXT`` carrying it; a text field takes it, every other screen ignores it.

The mapper holds the only input state (the pointer being pressed), so it is easy to test:
feed it events, look at the actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

import pygame

DRAG_THRESHOLD = 8  # logical px the pointer must travel while pressed before a press is a drag

Point = tuple[float, float]


class ActionKind(Enum):
    HOVER = "hover"
    PRESS = "press"
    CLICK = "click"
    DRAG_START = "drag_start"
    DRAG_MOVE = "drag_move"
    DROP = "drop"
    DRAG_CANCEL = "drag_cancel"
    SCROLL = "scroll"
    CONFIRM = "confirm"
    BACK = "back"
    SHORTCUT = "shortcut"
    TEXT = "text"


@dataclass(frozen=True, slots=True)
class Action:
    """One semantic input. ``pos`` is logical (None for keys); ``start`` is where a drag began;
    ``key`` is the key name for SHORTCUT and CONFIRM; ``text`` the characters of TEXT; ``amount`` is the wheel steps for SCROLL (+ is up);
    ``touch`` tells whether a finger made it (scenes may enlarge hit areas for fingers)."""

    kind: ActionKind
    pos: Point | None = None
    start: Point | None = None
    key: str = ""
    shift: bool = False
    ctrl: bool = False
    amount: int = 0
    touch: bool = False
    text: str = ""


class Letterbox:
    """The logical canvas fitted inside the window: uniform scale, centred, bars on two sides."""

    def __init__(self, logical: tuple[int, int], window: tuple[int, int] | None = None) -> None:
        self.logical = logical
        self.resize(window or logical)

    def resize(self, window: tuple[int, int]) -> None:
        self.window = (max(1, window[0]), max(1, window[1]))
        self.scale = min(self.window[0] / self.logical[0], self.window[1] / self.logical[1])
        self.offset = (
            (self.window[0] - self.logical[0] * self.scale) / 2,
            (self.window[1] - self.logical[1] * self.scale) / 2,
        )

    def contains(self, logical_pos: Point) -> bool:
        x, y = logical_pos
        return 0 <= x < self.logical[0] and 0 <= y < self.logical[1]

    def window_to_logical(self, window_pos: Point) -> Point | None:
        """The logical point under a window pixel, or None when it is in a bar."""
        x = (window_pos[0] - self.offset[0]) / self.scale
        y = (window_pos[1] - self.offset[1]) / self.scale
        return (x, y) if self.contains((x, y)) else None

    def logical_to_window(self, logical_pos: Point) -> Point:
        return (logical_pos[0] * self.scale + self.offset[0], logical_pos[1] * self.scale + self.offset[1])


CONFIRM_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}
BACK_KEYS = {pygame.K_ESCAPE, pygame.K_AC_BACK}
IGNORED_KEYS = {
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR,
}


class InputMapper:
    """Turns pygame events into Actions. ``mouse_to_logical`` maps a mouse event position;
    finger events come normalised to the window (0–1) and go through the letterbox."""

    def __init__(self, letterbox: Letterbox, mouse_is_logical: bool = True) -> None:
        # With pygame's SCALED mode, SDL already converts mouse positions to logical ones (bars
        # give out-of-range values); without it (headless, or an unscaled window) we convert.
        self.letterbox = letterbox
        self.mouse_is_logical = mouse_is_logical
        self._pressed_at: Point | None = None
        self._pressed_by_touch = False
        self._finger: int | None = None
        self._dragging = False

    def _mouse_pos(self, pos: Point) -> Point | None:
        if self.mouse_is_logical:
            point = (float(pos[0]), float(pos[1]))
            return point if self.letterbox.contains(point) else None
        return self.letterbox.window_to_logical(pos)

    def _finger_pos(self, event: Any) -> Point | None:
        width, height = self.letterbox.window
        return self.letterbox.window_to_logical((event.x * width, event.y * height))

    def translate(self, event: Any) -> list[Action]:
        handler: Callable[[Any], list[Action]] | None = self._handlers().get(event.type)
        return handler(event) if handler else []

    def _handlers(self) -> dict[int, Callable[[Any], list[Action]]]:
        return {
            pygame.MOUSEBUTTONDOWN: self._on_mouse_down,
            pygame.MOUSEBUTTONUP: self._on_mouse_up,
            pygame.MOUSEMOTION: self._on_mouse_motion,
            pygame.MOUSEWHEEL: self._on_wheel,
            pygame.FINGERDOWN: self._on_finger_down,
            pygame.FINGERUP: self._on_finger_up,
            pygame.FINGERMOTION: self._on_finger_motion,
            pygame.KEYDOWN: self._on_key,
            pygame.TEXTINPUT: self._on_text,
        }

    # -- mouse -----------------------------------------------------------------------------
    @staticmethod
    def _synthetic_from_touch(event: Any) -> bool:
        # SDL also emits mouse events for each finger; we handle fingers directly.
        return bool(getattr(event, "touch", False))

    def _on_mouse_down(self, event: Any) -> list[Action]:
        if event.button != 1 or self._synthetic_from_touch(event):
            return []
        return self._press(self._mouse_pos(event.pos), touch=False)

    def _on_mouse_up(self, event: Any) -> list[Action]:
        if event.button != 1 or self._synthetic_from_touch(event) or self._pressed_by_touch:
            return []
        return self._release(self._mouse_pos(event.pos))

    def _on_mouse_motion(self, event: Any) -> list[Action]:
        if self._synthetic_from_touch(event) or self._pressed_by_touch:
            return []
        return self._move(self._mouse_pos(event.pos), touch=False)

    def _on_wheel(self, event: Any) -> list[Action]:
        if self._synthetic_from_touch(event) or event.y == 0:
            return []
        return [Action(ActionKind.SCROLL, amount=int(event.y))]

    # -- fingers (the first finger down acts as the pointer; others are ignored) --------------
    def _on_finger_down(self, event: Any) -> list[Action]:
        if self._finger is not None or self._pressed_at is not None:
            return []
        pos = self._finger_pos(event)
        if pos is None:
            return []
        self._finger = event.finger_id
        return self._press(pos, touch=True)

    def _on_finger_up(self, event: Any) -> list[Action]:
        if event.finger_id != self._finger:
            return []
        self._finger = None
        return self._release(self._finger_pos(event))

    def _on_finger_motion(self, event: Any) -> list[Action]:
        if event.finger_id != self._finger:
            return []
        return self._move(self._finger_pos(event), touch=True)

    # -- the pointer state machine shared by mouse and fingers --------------------------------
    def _press(self, pos: Point | None, touch: bool) -> list[Action]:
        if pos is None:  # in a letterbox bar: nothing may be hit
            return []
        self._pressed_at, self._pressed_by_touch, self._dragging = pos, touch, False
        return [Action(ActionKind.PRESS, pos, touch=touch)]

    def _move(self, pos: Point | None, touch: bool) -> list[Action]:
        start = self._pressed_at
        if start is None:
            return [Action(ActionKind.HOVER, pos, touch=touch)] if pos is not None else []
        if pos is None:
            return []  # keep the drag alive while the pointer crosses a bar
        if not self._dragging:
            if (pos[0] - start[0]) ** 2 + (pos[1] - start[1]) ** 2 < DRAG_THRESHOLD**2:
                return []
            self._dragging = True
            # Shift held as the drag starts: the scene may move more than one thing
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            return [Action(ActionKind.DRAG_START, start, start, touch=touch, shift=shift),
                    Action(ActionKind.DRAG_MOVE, pos, start, touch=touch)]
        return [Action(ActionKind.DRAG_MOVE, pos, start, touch=touch)]

    def _release(self, pos: Point | None) -> list[Action]:
        start, touch, dragging = self._pressed_at, self._pressed_by_touch, self._dragging
        self._pressed_at, self._pressed_by_touch, self._dragging = None, False, False
        if start is None:
            return []
        if dragging:
            kind = ActionKind.DROP if pos is not None else ActionKind.DRAG_CANCEL
            return [Action(kind, pos, start, touch=touch)]
        if pos is None:
            return [Action(ActionKind.DRAG_CANCEL, None, start, touch=touch)]
        return [Action(ActionKind.CLICK, pos, start, touch=touch)]

    # -- keys ------------------------------------------------------------------------------
    def _on_key(self, event: Any) -> list[Action]:
        key = event.key
        if key in IGNORED_KEYS:
            return []
        mods = getattr(event, "mod", 0)
        shift, ctrl = bool(mods & pygame.KMOD_SHIFT), bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key in CONFIRM_KEYS and not ctrl:
            return [Action(ActionKind.CONFIRM, key=pygame.key.name(key), shift=shift)]
        if key in BACK_KEYS:
            return [Action(ActionKind.BACK)]
        name = pygame.key.name(key)
        return [Action(ActionKind.SHORTCUT, key=name, shift=shift, ctrl=ctrl)] if name else []

    @staticmethod
    def _on_text(event: Any) -> list[Action]:
        text = "".join(letter for letter in getattr(event, "text", "") if letter.isprintable())
        return [Action(ActionKind.TEXT, text=text)] if text else []
