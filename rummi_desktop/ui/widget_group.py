"""Routing semantic actions to a screen's widgets: hover, press capture, keyboard focus,
shortcuts and the tooltip of whatever the pointer rests on.

A press captures the widget under it; the release decides the click (released over the same
widget, even after a small wander). Arrow keys / Tab move a visible keyboard focus, Left/Right
adjust sliders, toggles and pickers, Enter/Space activates; a widget's ``shortcut`` key activates
it from anywhere on the screen.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Sequence, TypeVar

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import TOOLTIP_DELAY, Widget

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

W = TypeVar("W", bound=Widget)
FOCUS_NEXT, FOCUS_PREVIOUS = {"down", "tab"}, {"up"}
TOOLTIP_MARGIN = 12  # keep tooltips off the very edge of the screen


class WidgetGroup:
    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.captured: Widget | None = None
        self.focused: Widget | None = None
        # A fixed hint line (its centre): every tooltip shows there instead of beside its widget,
        # for screens of close rows whose neighbours' labels a tooltip would cover (setup).
        self.tooltip_line: tuple[int, int] | None = None

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        return widget

    def widget_at(self, pos: tuple[float, float] | None) -> Widget | None:
        for widget in reversed(self.widgets):  # the last added is drawn on top
            if widget.hit(pos):
                return widget
        return None

    # -- input -------------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        kind = action.kind
        if kind in (ActionKind.HOVER, ActionKind.PRESS, ActionKind.DRAG_MOVE):
            self._hover(action.pos)
        if kind == ActionKind.PRESS:
            return self._press(action)
        if kind == ActionKind.DRAG_MOVE and self.captured is not None:
            self.captured.on_drag(action.pos)
            return True
        if kind in (ActionKind.CLICK, ActionKind.DROP, ActionKind.DRAG_CANCEL):
            return self._release(action)
        if kind == ActionKind.DRAG_START:
            return self.captured is not None
        if kind == ActionKind.CONFIRM and self.focused is not None and self.focused.enabled:
            self.focused.activate()
            return True
        if kind == ActionKind.SHORTCUT:
            return self._shortcut(action)
        return False

    def _hover(self, pos: tuple[float, float] | None) -> None:
        under = self.widget_at(pos)
        for widget in self.widgets:
            widget.hovered = widget is under and (self.captured is None or self.captured is widget)
        if under is not None and self.focused is not None:
            self._set_focus(None)  # the pointer is in use: hide the keyboard focus ring

    def _press(self, action: Action) -> bool:
        widget = self.widget_at(action.pos)
        self.captured = widget
        if widget is None:
            return False
        widget.on_press(action.pos)
        return True

    def _release(self, action: Action) -> bool:
        widget, self.captured = self.captured, None
        if widget is None:
            return False
        inside = action.pos is not None and widget.rect.collidepoint(action.pos)
        widget.on_release(action.pos, clicked=inside and action.kind != ActionKind.DRAG_CANCEL)
        self._hover(action.pos)
        return True

    def _shortcut(self, action: Action) -> bool:
        key = action.key
        if key in FOCUS_NEXT or key in FOCUS_PREVIOUS:
            backwards = key in FOCUS_PREVIOUS or (key == "tab" and action.shift)
            return self._move_focus(-1 if backwards else 1)
        if key in ("left", "right") and self.focused is not None:
            return self.focused.adjust(-1 if key == "left" else 1)
        if not action.ctrl and len(key) == 1 and self.typing():
            return True  # a letter typed on after a field lost the edit: no command

        for widget in self.widgets:
            if widget.shortcut and widget.shortcut == key and widget.enabled:
                widget.activate()
                return True
        return False

    def typing(self) -> bool:
        """A key was typed into one of these text fields a moment ago (the player is typing)."""
        return any(getattr(widget, "typed_just_now", False) for widget in self.widgets)

    def _move_focus(self, direction: int) -> bool:
        candidates = [w for w in self.widgets if w.focusable and w.enabled]
        if not candidates:
            return False
        if self.focused in candidates:
            index = (candidates.index(self.focused) + direction) % len(candidates)
        else:
            index = 0 if direction > 0 else len(candidates) - 1
        self._set_focus(candidates[index])
        return True

    def _set_focus(self, widget: Widget | None) -> None:
        if self.focused is not None:
            self.focused.focused = False
        self.focused = widget
        if widget is not None:
            widget.focused = True

    def focus(self, widget: Widget | None) -> None:
        """Give the keyboard focus to ``widget`` (e.g. the first button when a menu opens)."""
        self._set_focus(widget)

    def forget_pointer(self) -> None:
        """The pointer no longer reaches these widgets (a scene was pushed over them): drop
        hover, hover time and any press, so no stale tooltip stays drawn under the overlay."""
        self.captured = None
        for widget in self.widgets:
            widget.hovered = False
            widget.hover_time = 0.0

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface, theme: "Theme", tooltips: bool = True) -> None:
        for widget in self.widgets:
            widget.draw(surface, theme)
        if tooltips:
            self.draw_tooltip(surface, theme)

    def pointed_widget(self) -> Widget | None:
        """The widget under the pointer, else the keyboard-focused one (for help lines)."""
        for widget in self.widgets:
            if widget.hovered:
                return widget
        return self.focused

    def warm_tooltips(self, theme: "Theme") -> None:
        """Render every tooltip ahead of time so the first one to appear costs no frame time."""
        for widget in self.widgets:
            if widget.tooltip or widget.shortcut:
                tooltip_card(theme, widget.tooltip, widget.shortcut)

    def tooltip_widget(self) -> Widget | None:
        for widget in self.widgets:
            if widget.hovered and widget.hover_time >= TOOLTIP_DELAY and (widget.tooltip or widget.shortcut):
                return widget
        return None

    def draw_tooltip(self, surface: pygame.Surface, theme: "Theme") -> None:
        widget = self.tooltip_widget()
        if widget is None:
            return
        if self.tooltip_line is not None:
            draw_tooltip_at(surface, theme, self.tooltip_line, widget.tooltip, widget.shortcut)
        else:
            others = [other.rect for other in self.widgets if other is not widget]
            draw_tooltip(surface, theme, widget.rect, widget.tooltip, widget.shortcut, widget.tooltip_side, others)


KEY_LABELS = {"escape": "Esc", "return": "Enter", "space": "Space", "tab": "Tab", "backspace": "Backspace"}
SHADOW_PAD = 8


def key_label(key: str) -> str:
    """How a key name is shown on a keycap: "escape" → "Esc", "f1" → "F1", "s" → "S"."""
    return KEY_LABELS.get(key, key.upper() if len(key) <= 3 else key.title())


@lru_cache(maxsize=64)
def tooltip_card(theme: "Theme", message: str, key: str) -> pygame.Surface:
    """The whole tooltip (shadow, card, text, keycap) as one cached picture, SHADOW_PAD px of
    shadow around the card: drawing a tooltip is then one blit, even the first time it shows
    if ``WidgetGroup.warm_tooltips`` ran."""
    words = shapes.text(message, 18, theme.text) if message else None
    cap = shapes.text(key_label(key), 16, theme.accent_text, bold=True) if key else None
    width = (words.get_width() if words else 0) + (cap.get_width() + 20 if cap else 0) + (12 if words and cap else 0) + 28
    card_rect = pygame.Rect(SHADOW_PAD, SHADOW_PAD, width, 40)
    picture = pygame.Surface((width + 2 * SHADOW_PAD, 40 + 2 * SHADOW_PAD), pygame.SRCALPHA)
    card = shapes.darken(theme.panel[:3], 0.45) + (240,)
    picture.blit(shapes.soft_shadow(card_rect.size, 10, SHADOW_PAD, 140), (0, 3))
    picture.blit(shapes.rounded_panel(card_rect.size, 10, card, card, theme.rail_highlight, 1), card_rect)
    x = card_rect.x + 14
    if words:
        picture.blit(words, words.get_rect(midleft=(x, card_rect.centery)))
        x += words.get_width() + 12
    if cap:
        keycap = pygame.Rect(x, card_rect.centery - 12, cap.get_width() + 20, 24)
        picture.blit(shapes.rounded_panel(keycap.size, 6, shapes.lighten(theme.accent, 0.15), theme.accent,
                                          shapes.darken(theme.accent, 0.4), 1), keycap)
        picture.blit(cap, cap.get_rect(center=keycap.center))
    return picture


def draw_tooltip(surface: pygame.Surface, theme: "Theme", anchor: pygame.Rect, message: str, key: str,
                 side: str = "below", avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small dark card beside ``anchor``: the message and the shortcut as a keycap. It goes
    on ``side`` (below, above or right) where it fits on the screen and covers none of the
    ``avoid`` rects (the group's other controls: a tooltip never hides the next button): on
    the first side, trying ``side`` first, where it can move on past the controls in its way
    (in a panel of buttons, that is past the panel's edge); else on ``side``. Always slid
    onto the screen. Returns the card."""
    picture = tooltip_card(theme, message, key)
    size = (picture.get_width() - 2 * SHADOW_PAD, picture.get_height() - 2 * SHADOW_PAD)
    screen = surface.get_rect().inflate(-2 * TOOLTIP_MARGIN, -2 * TOOLTIP_MARGIN)
    covered = [anchor, *avoid]
    sides = [side] + [other for other in TOOLTIP_SIDES if other != side]
    clear = (_clear_box(_tooltip_box(anchor, size, each), each, covered, screen) for each in sides)
    box = next((found for found in clear if found is not None), _tooltip_box(anchor, size, side).clamp(screen))
    surface.blit(picture, (box.x - SHADOW_PAD, box.y - SHADOW_PAD))
    return box


TOOLTIP_SIDES = ("below", "above", "right", "left")
AWAY = {"below": (0, 1), "above": (0, -1), "right": (1, 0), "left": (-1, 0)}


def _clear_box(box: pygame.Rect, side: str, covered: list[pygame.Rect], screen: pygame.Rect) -> pygame.Rect | None:
    """``box`` moved on away from its anchor, past each control it covers, until it covers
    none (None when that leaves the screen)."""
    step_x, step_y = AWAY[side]
    for _ in range(len(covered) + 1):
        box = box.clamp(screen)
        hit = box.collidelist(covered)
        if hit < 0:
            return box
        obstacle = covered[hit]
        moved = box.copy()
        if step_y < 0:
            moved.bottom = obstacle.top - 6
        elif step_y > 0:
            moved.top = obstacle.bottom + 6
        elif step_x < 0:
            moved.right = obstacle.left - 6
        else:
            moved.left = obstacle.right + 6
        if not screen.contains(moved):
            return None
        box = moved
    return None


def _tooltip_box(anchor: pygame.Rect, size: tuple[int, int], side: str) -> pygame.Rect:
    box = pygame.Rect((0, 0), size)
    if side == "right":
        box.midleft = (anchor.right + 12, anchor.centery)
    elif side == "left":
        box.midright = (anchor.left - 12, anchor.centery)
    elif side == "above":
        box.midbottom = (anchor.centerx, anchor.top - 10)
    else:
        box.midtop = (anchor.centerx, anchor.bottom + 10)
    return box


def draw_tooltip_at(surface: pygame.Surface, theme: "Theme", centre: tuple[int, int], message: str,
                    key: str) -> pygame.Rect:
    """The tooltip card centred on a fixed hint line; returns the card's rect."""
    picture = tooltip_card(theme, message, key)
    box = pygame.Rect(0, 0, picture.get_width() - 2 * SHADOW_PAD, picture.get_height() - 2 * SHADOW_PAD)
    box.center = centre
    box.clamp_ip(surface.get_rect().inflate(-2 * TOOLTIP_MARGIN, -2 * TOOLTIP_MARGIN))
    surface.blit(picture, (box.x - SHADOW_PAD, box.y - SHADOW_PAD))
    return box
