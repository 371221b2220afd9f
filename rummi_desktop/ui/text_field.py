"""A one-line text field (a name, a password, a deal number, a file path): a widget like those
in ``widgets``.

Characters come from SDL's text input (``TEXT`` actions), so whatever the keyboard layout or
input method makes can be typed: a space, "José", "Zoë", "Łódź". Keys edit: Backspace, Delete,
Left/Right, Home/End move the caret, Ctrl+A selects the whole text (what is typed next replaces
it), Ctrl+V pastes. A field being edited swallows every printable key; for a moment after the
last key typed into a field (:data:`TYPING_PAUSE`), its screen's letter shortcuts stay quiet
too, so a field that lost the edit (a click beside it) does not turn typing into commands. SDL sends text only while
``pygame.key.start_text_input`` is on: the app turns it on while the top screen has a text field
(``Scene.takes_text``) and off in play, so no input-method window or on-screen keyboard shows
over a table. An editing field tells SDL where it is (an input method puts its candidates there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

DIGITS = set("0123456789")
TYPING_PAUSE = 1.5  # s after a key typed into a field during which letters fire no screen shortcut
CARET_KEYS = {"left", "right", "home", "end"}
EDIT_KEYS = {"backspace", "delete"} | CARET_KEYS


def typing_key(key: str) -> bool:
    """A key whose character arrives as text: held back from the screen's shortcuts."""
    return len(key) == 1 or key == "space" or (key.startswith("[") and key.endswith("]"))  # "[1]": the keypad


def set_text_input(on: bool) -> None:
    """SDL's text input on (``TEXT`` actions arrive; an input method or on-screen keyboard may show) or off."""
    if pygame.display.get_init():
        (pygame.key.start_text_input if on else pygame.key.stop_text_input)()


def _clipboard_text() -> str:
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError, OSError):  # no clipboard on this platform
        return ""


class TextField(Widget):
    """A one-line field: click to edit, type, Enter (or Esc, or a click elsewhere) to finish.
    ``digits=True``: digits only. ``path=True``: no automatic capital, and a long text shows its
    end. ``secret=True``: shown as dots (a password). ``capital=False``: kept as typed (an
    account name). Other fields capitalise a first letter (a player's name). ``placeholder``:
    muted words shown while the field is empty and not being edited (what to type, where a
    screen has no room for a caption)."""

    def __init__(self, rect: Any, text: str, on_change: Callable[[str], None], *, digits: bool = False,
                 limit: int = 12, tooltip: str = "", path: bool = False, secret: bool = False,
                 capital: bool = True, placeholder: str = "") -> None:
        super().__init__(rect, tooltip)
        self.placeholder = placeholder
        self.capital = capital  # False: the text stays as typed (an account name)
        self.secret = secret
        self.text = text
        self._caret = len(text)
        self.on_change = on_change
        self.digits = digits
        self.path = path
        self.limit = limit
        self._editing = False
        self.visible = True
        self.all_selected = False  # Ctrl+A: the next key typed replaces the whole text
        self.since_typed = TYPING_PAUSE  # s since the last key typed into this field

    @property
    def editing(self) -> bool:
        return self._editing

    @editing.setter
    def editing(self, editing: bool) -> None:
        if editing != self._editing:
            self._editing = editing
            self.caret = len(self.text)
            self.all_selected = False
            if editing and pygame.display.get_init():
                pygame.key.set_text_input_rect(self.rect)  # where an input method puts its candidate list

    @property
    def caret(self) -> int:
        """The insertion point, 0..len(text) (the text may be set from outside)."""
        return max(0, min(self._caret, len(self.text)))

    @caret.setter
    def caret(self, caret: int) -> None:
        self._caret = caret

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return self.visible and super().hit(pos)

    def activate(self) -> None:
        self.editing = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_typed += dt

    @property
    def typed_just_now(self) -> bool:
        """A key was typed into this field a moment ago: the player is still typing."""
        return self.since_typed < TYPING_PAUSE

    def set_text(self, text: str) -> None:
        """Replace the text from outside (a chosen profile's name), the caret at its end."""
        self.text, self.caret = text, len(text)

    # -- editing --------------------------------------------------------------------------
    def take(self, action: Action) -> bool:
        """An action while editing; True when the field used it. Enter and Esc finish the edit
        (and are used); a press ends it and goes on to whatever it landed on."""
        kind = action.kind
        if kind == ActionKind.TEXT:
            self.since_typed = 0.0
            self.insert(action.text)
            return True
        if kind == ActionKind.SHORTCUT:
            self.since_typed = 0.0
            return self.type_key(action)
        if kind == ActionKind.CONFIRM and action.key == "space":
            return True  # the space itself arrives as text
        if kind in (ActionKind.CONFIRM, ActionKind.BACK):
            self.editing = False
            return True
        if kind == ActionKind.PRESS and not self.hit(action.pos):
            self.editing = False
        return False

    def _drop_selection(self) -> bool:
        """Ctrl+A's selection is replaced: the text goes (True when there was a selection)."""
        if not self.all_selected:
            return False
        self.all_selected = False
        self.text, self.caret = "", 0
        return True

    def insert(self, typed: str) -> None:
        if typed and self._drop_selection():
            self.on_change(self.text)
        allowed = "".join(letter for letter in typed if letter.isprintable() and (letter in DIGITS or not self.digits))
        room = self.limit - len(self.text)
        allowed = allowed[:max(0, room)]
        if not allowed:
            return
        if not self.text and self.capital and not (self.path or self.secret or self.digits):
            allowed = allowed[0].upper() + allowed[1:]  # a name starts with a capital
        self.text = self.text[:self.caret] + allowed + self.text[self.caret:]
        self.caret += len(allowed)
        self.on_change(self.text)

    def type_key(self, action: Action) -> bool:
        """An editing key; True when used. A key whose character comes as text is used too, so
        typing "s" in a field never fires the screen's S shortcut."""
        key = action.key
        if action.ctrl:
            if key == "v":
                self.insert(_clipboard_text())
                return True
            if key == "a":
                self.all_selected = bool(self.text)
                self.caret = len(self.text)
                return True
            return False
        if key not in EDIT_KEYS:
            return typing_key(key)
        if key in ("backspace", "delete") and self._drop_selection():
            self.on_change(self.text)
            return True
        self.all_selected = False
        if key in CARET_KEYS:
            self.caret = {"left": self.caret - 1, "right": self.caret + 1, "home": 0}.get(key, len(self.text))
            return True
        caret = self.caret
        if key == "backspace" and caret > 0:
            self.text, self.caret = self.text[:caret - 1] + self.text[caret:], caret - 1
        elif key == "delete" and caret < len(self.text):
            self.text = self.text[:caret] + self.text[caret + 1:]
        else:
            return True
        self.on_change(self.text)
        return True

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        if not self.visible:
            return
        border = theme.selected if self.editing else shapes.mix(theme.panel[:3], theme.rail_highlight, 0.6)
        fill = shapes.darken(theme.panel[:3], 0.3) + (230,)
        surface.blit(shapes.rounded_panel(self.rect.size, 10, fill, fill, border, 2 if self.editing else 1), self.rect)
        if not self.text and not self.editing and self.placeholder:
            hint = shapes.text(self.placeholder, 19, theme.text_muted)
            surface.blit(hint, hint.get_rect(midleft=(self.rect.x + 14, self.rect.centery)))
            return
        shown = "•" * len(self.text) if self.secret else self.text
        if self.editing:
            shown = shown[:self.caret] + "|" + shown[self.caret:]
        words = self._fitted(shown or " ", self.rect.w - 28, theme)
        place = words.get_rect(midleft=(self.rect.x + 14, self.rect.centery))
        if self.editing and self.all_selected:  # Ctrl+A: the whole text marked
            mark = shapes.rounded_panel(place.inflate(8, 4).size, 5, theme.selected[:3] + (110,), None, None, 0)
            surface.blit(mark, place.inflate(8, 4))
        surface.blit(words, place)

    def _fitted(self, shown: str, width: int, theme: "Theme") -> pygame.Surface:
        """The text as drawn, cut with "…" to fit: a path or a field being typed in keeps its
        end (where the caret usually is), a name at rest keeps its start."""
        words = shapes.text(shown, 21, theme.text, bold=True)
        keep_end = self.path or self.editing
        while words.get_width() > width and len(shown) > 2:
            shown = shown[2:] if keep_end else shown[:-2]
            words = shapes.text("…" + shown if keep_end else shown + "…", 21, theme.text, bold=True)
        return words

def edit_in(fields: Iterable[TextField], action: Action) -> bool:
    """Give ``action`` to whichever of ``fields`` is being edited; True when it used it."""
    field = next((field for field in fields if field.editing), None)
    return field is not None and field.take(action)
