"""Widgets: buttons, sliders, toggles, option pickers and panels, plus the group that routes
semantic input actions to them (hover, press capture, keyboard focus, shortcuts, tooltips).

Widgets are drawn with the current theme's colours and the shipped fonts; their surfaces come
from ``shapes`` caches, so a frame is blits only. Hover and press states ease in and out (a small
lift on hover, a press-down on click) to feel responsive without being busy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from rummi_desktop.ui import shapes

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

TOOLTIP_DELAY = 0.55  # seconds of hovering before a tooltip appears
EASE_RATE = 12.0  # how fast hover/press glows follow the pointer (per second)


def _approach(current: float, target: float, dt: float) -> float:
    step = min(1.0, dt * EASE_RATE)
    return current + (target - current) * step


class Widget:
    """Base: a rectangle that can be hovered, pressed, focused and drawn."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], tooltip: str = "", shortcut: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.shortcut = shortcut  # key name as the input layer reports it ("s", "f1")
        self.enabled = True
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.glow = 0.0  # eased hover amount 0–1, for drawing
        self.tooltip_side = "below"  # or "right", "above": where the tooltip card goes
        self.hover_time = 0.0

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return pos is not None and self.enabled and self.rect.collidepoint(pos)

    def update(self, dt: float) -> None:
        self.glow = _approach(self.glow, 1.0 if (self.hovered or self.focused) and self.enabled else 0.0, dt)
        self.hover_time = self.hover_time + dt if self.hovered else 0.0

    # Input hooks called by WidgetGroup. Pointer hooks get logical positions.
    def on_press(self, pos: tuple[float, float]) -> None:
        self.pressed = True

    def on_drag(self, pos: tuple[float, float]) -> None:
        """The pointer moved while this widget holds the press."""

    def on_release(self, pos: tuple[float, float] | None, clicked: bool) -> None:
        self.pressed = False
        if clicked:
            self.activate()

    def activate(self) -> None:
        """Click, Enter while focused, or its shortcut."""

    def adjust(self, direction: int) -> bool:
        """Left/right arrow while focused; return True when it changed something."""
        return False

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        raise NotImplementedError


class Button(Widget):
    """A labelled button. ``style`` is "primary" (accent colour), "secondary" or "danger"."""

    def __init__(self, rect: Any, label: str, on_click: Callable[[], None], *, style: str = "secondary",
                 tooltip: str = "", shortcut: str = "", font_size: int = 0) -> None:
        super().__init__(rect, tooltip, shortcut)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.font_size = font_size or max(16, int(self.rect.height * 0.42))
        self.press_depth = 0.0

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.press_depth = _approach(self.press_depth, 1.0 if self.pressed else 0.0, dt * 2)

    def colours(self, theme: "Theme") -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(face, text, border) for this style in ``theme``."""
        if self.style == "primary":
            return theme.accent, theme.accent_text, shapes.darken(theme.accent, 0.35)
        if self.style == "danger":
            return shapes.darken(theme.invalid, 0.1), (255, 255, 255), shapes.darken(theme.invalid, 0.45)
        face = shapes.mix(theme.panel[:3], theme.rail, 0.35)
        return face, theme.text, theme.rail_highlight

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        face, ink, border = self.colours(theme)
        if not self.enabled:
            face, ink = shapes.mix(face, (120, 120, 120), 0.6), shapes.mix(ink, (150, 150, 150), 0.6)
        size, radius = self.rect.size, max(6, self.rect.height // 4)
        lift = round(2 * self.glow - 3 * self.press_depth)
        shadow = shapes.soft_shadow(size, radius, 8, 110)
        surface.blit(shadow, (self.rect.x - 8, self.rect.y - 8 + 4 - lift // 2))
        top = self.rect.move(0, -lift)
        body = shapes.rounded_panel(size, radius, shapes.lighten(face, 0.12), shapes.darken(face, 0.18),
                                    border, 2, highlight=90)
        surface.blit(body, top)
        if self.glow > 0.02:
            hover = shapes.rounded_panel(size, radius, shapes.lighten(face, 0.3), shapes.lighten(face, 0.02),
                                         shapes.lighten(border, 0.3), 2, highlight=120)
            hover.set_alpha(round(255 * self.glow))
            surface.blit(hover, top)
        if self.focused:
            ring = top.inflate(8, 8)
            pygame.draw.rect(surface, theme.selected, ring, 2, border_radius=radius + 4)
        label = self._fitted_label(ink, top.width - 2 * LABEL_PAD)
        surface.blit(label, label.get_rect(center=top.center))

    def _fitted_label(self, ink: Any, room: int) -> pygame.Surface:
        """The label at its size, or smaller until it leaves a margin inside the button (a
        long label, "30-point rule: off", touched the edges), never under MIN_LABEL_SIZE."""
        size = self.font_size
        label = shapes.text(self.label, size, ink, bold=True)
        while label.get_width() > room and size > MIN_LABEL_SIZE:
            size -= 1
            label = shapes.text(self.label, size, ink, bold=True)
        return label


LABEL_PAD = 8  # px kept clear between a button's label and its edge
MIN_LABEL_SIZE = 13


class Slider(Widget):
    """A settings row: label on the left, a 0–1 track with a knob and a percentage on the right."""

    def __init__(self, rect: Any, label: str, value: float, on_change: Callable[[float], None], *,
                 step: float = 0.05, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.step = step

    @property
    def track(self) -> pygame.Rect:
        left = self.rect.x + int(self.rect.width * 0.45)
        return pygame.Rect(left, self.rect.centery - 4, self.rect.right - 80 - left, 8)

    def set_value(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)) / self.step) * self.step
        value = round(min(1.0, max(0.0, value)), 4)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _value_at(self, pos: tuple[float, float]) -> float:
        return (pos[0] - self.track.x) / max(1, self.track.width)

    def on_press(self, pos: tuple[float, float]) -> None:
        super().on_press(pos)
        if pos[0] >= self.track.x - 12:
            self.set_value(self._value_at(pos))

    def on_drag(self, pos: tuple[float, float]) -> None:
        self.set_value(self._value_at(pos))

    def on_release(self, pos: tuple[float, float] | None, clicked: bool) -> None:
        self.pressed = False

    def adjust(self, direction: int) -> bool:
        before = self.value
        self.set_value(self.value + direction * self.step)
        return self.value != before

    def draw_arrows(self, surface: pygame.Surface, theme: "Theme", rects: tuple[pygame.Rect, pygame.Rect],
                    corner: int, tip: tuple[int, int, int]) -> None:
        """The two arrow buttons (the pressed one lit); ``tip``: the triangle's point ahead of
        the centre, its base behind it and half its height."""
        ahead, behind, half = tip
        for rect, pointing in zip(rects, (-1, 1)):
            face = shapes.mix(theme.panel[:3], theme.rail, 0.35)
            if self.pressed and self.pressed_side == pointing:
                face = shapes.lighten(face, 0.25)
            surface.blit(shapes.rounded_panel(rect.size, corner, shapes.lighten(face, 0.1), shapes.darken(face, 0.15),
                                              theme.rail_highlight, 1), rect)
            cx, cy = rect.center
            pygame.draw.polygon(surface, theme.text, [(cx + ahead * pointing, cy), (cx - behind * pointing, cy - half),
                                                      (cx - behind * pointing, cy + half)])

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        _draw_row_background(surface, theme, self)
        _draw_row_label(surface, theme, self, self.label)
        track = self.track
        pygame.draw.rect(surface, _groove(theme), track, border_radius=4)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        if filled.width > 0:
            pygame.draw.rect(surface, theme.accent, filled, border_radius=4)
        knob = (track.x + filled.width, track.centery)
        radius = 11 + round(2 * self.glow)
        surface.blit(shapes.soft_shadow((radius * 2, radius * 2), radius, 4, 120), (knob[0] - radius - 4, knob[1] - radius - 2))
        knob_face = shapes.rounded_panel((radius * 2, radius * 2), radius, theme.tile_face, theme.tile_face_low,
                                         theme.tile_edge, 1)
        surface.blit(knob_face, (knob[0] - radius, knob[1] - radius))
        amount = shapes.text(f"{round(self.value * 100)}%", 20, theme.text, bold=True)
        surface.blit(amount, amount.get_rect(midright=(self.rect.right - 14, self.rect.centery)))


class Toggle(Widget):
    """A settings row with an on/off switch; a click anywhere on the row flips it."""

    def __init__(self, rect: Any, label: str, value: bool, on_change: Callable[[bool], None], *,
                 tooltip: str = "", shortcut: str = "") -> None:
        super().__init__(rect, tooltip, shortcut)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.knob_x = 1.0 if value else 0.0

    def activate(self) -> None:
        self.value = not self.value
        self.on_change(self.value)

    def adjust(self, direction: int) -> bool:
        wanted = direction > 0
        if wanted != self.value:
            self.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.knob_x = _approach(self.knob_x, 1.0 if self.value else 0.0, dt * 1.5)

    def draw_arrows(self, surface: pygame.Surface, theme: "Theme", rects: tuple[pygame.Rect, pygame.Rect],
                    corner: int, tip: tuple[int, int, int]) -> None:
        """The two arrow buttons (the pressed one lit); ``tip``: the triangle's point ahead of
        the centre, its base behind it and half its height."""
        ahead, behind, half = tip
        for rect, pointing in zip(rects, (-1, 1)):
            face = shapes.mix(theme.panel[:3], theme.rail, 0.35)
            if self.pressed and self.pressed_side == pointing:
                face = shapes.lighten(face, 0.25)
            surface.blit(shapes.rounded_panel(rect.size, corner, shapes.lighten(face, 0.1), shapes.darken(face, 0.15),
                                              theme.rail_highlight, 1), rect)
            cx, cy = rect.center
            pygame.draw.polygon(surface, theme.text, [(cx + ahead * pointing, cy), (cx - behind * pointing, cy - half),
                                                      (cx - behind * pointing, cy + half)])

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        _draw_row_background(surface, theme, self)
        _draw_row_label(surface, theme, self, self.label)
        pill = pygame.Rect(0, 0, 64, 32)
        pill.midright = (self.rect.right - 14, self.rect.centery)
        off_colour = _groove(theme)
        colour = shapes.mix(off_colour, theme.accent, self.knob_x)
        surface.blit(shapes.rounded_panel(pill.size, 16, shapes.darken(colour, 0.15), colour,
                                          shapes.darken(colour, 0.4), 1), pill)
        centre = (pill.x + 16 + round(self.knob_x * 32), pill.centery)
        surface.blit(shapes.soft_shadow((26, 26), 13, 3, 110), (centre[0] - 16, centre[1] - 14))
        surface.blit(shapes.rounded_panel((26, 26), 13, theme.tile_face, theme.tile_face_low, theme.tile_edge, 1),
                     (centre[0] - 13, centre[1] - 13))
        word = shapes.text("On" if self.value else "Off", 18, theme.text_muted, bold=True)
        surface.blit(word, word.get_rect(midright=(pill.x - 12, pill.centery)))


class OptionPicker(Widget):
    """A settings row choosing one of several options with ◀ ▶ arrows (click the value to go on)."""

    def __init__(self, rect: Any, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], *, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        if not options:
            raise ValueError("an OptionPicker needs at least one option")
        self.label = label
        self.options = list(options)
        values = [option for option, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.pressed_side = 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def value_text(self) -> str:
        return self.options[self.index][1]

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        right = pygame.Rect(0, 0, 36, 36)
        right.midright = (self.rect.right - 10, self.rect.centery)
        left = right.copy()
        left.x = self.rect.x + int(self.rect.width * 0.45)
        return left, right

    def adjust(self, direction: int) -> bool:
        if len(self.options) < 2:
            return False
        self.index = (self.index + direction) % len(self.options)
        self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(+1)

    def on_press(self, pos: tuple[float, float]) -> None:
        super().on_press(pos)
        left, _ = self.arrow_rects()
        self.pressed_side = -1 if left.inflate(12, 12).collidepoint(pos) else 1

    def on_release(self, pos: tuple[float, float] | None, clicked: bool) -> None:
        self.pressed = False
        if clicked:
            self.adjust(self.pressed_side or 1)
        self.pressed_side = 0

    def draw_arrows(self, surface: pygame.Surface, theme: "Theme", rects: tuple[pygame.Rect, pygame.Rect],
                    corner: int, tip: tuple[int, int, int]) -> None:
        """The two arrow buttons (the pressed one lit); ``tip``: the triangle's point ahead of
        the centre, its base behind it and half its height."""
        ahead, behind, half = tip
        for rect, pointing in zip(rects, (-1, 1)):
            face = shapes.mix(theme.panel[:3], theme.rail, 0.35)
            if self.pressed and self.pressed_side == pointing:
                face = shapes.lighten(face, 0.25)
            surface.blit(shapes.rounded_panel(rect.size, corner, shapes.lighten(face, 0.1), shapes.darken(face, 0.15),
                                              theme.rail_highlight, 1), rect)
            cx, cy = rect.center
            pygame.draw.polygon(surface, theme.text, [(cx + ahead * pointing, cy), (cx - behind * pointing, cy - half),
                                                      (cx - behind * pointing, cy + half)])

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        _draw_row_background(surface, theme, self)
        _draw_row_label(surface, theme, self, self.label)
        left, right = self.arrow_rects()
        self.draw_arrows(surface, theme, (left, right), 18, (7, 5, 8))
        shown = shapes.text(self.value_text, 21, theme.text, bold=True)
        middle = (left.right + right.left) // 2
        surface.blit(shown, shown.get_rect(center=(middle, self.rect.centery)))


class Panel(Widget):
    """A translucent rounded card with an optional title; not interactive."""

    focusable = False

    def __init__(self, rect: Any, title: str = "", title_size: int = 44) -> None:
        super().__init__(rect)
        self.title = title
        self.title_size = title_size

    def hit(self, pos: tuple[float, float] | None) -> bool:
        return False

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        draw_panel(surface, theme, self.rect)
        if self.title:
            title = shapes.text(self.title, self.title_size, theme.text, display=True)
            surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + 18)))
            y = self.rect.y + 26 + title.get_height()
            pygame.draw.line(surface, shapes.mix(theme.panel[:3], theme.rail_highlight, 0.6),
                             (self.rect.x + 40, y), (self.rect.right - 40, y), 1)


def draw_panel(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, radius: int = 22) -> None:
    """The card look shared by panels, dialogs and tooltips."""
    surface.blit(shapes.soft_shadow(rect.size, radius, 16, 150), (rect.x - 16, rect.y - 10))
    top = theme.panel
    bottom = shapes.darken(theme.panel[:3], 0.25) + (theme.panel[3],)
    surface.blit(shapes.rounded_panel(rect.size, radius, top, bottom, theme.rail_highlight, 2, highlight=40), rect)


def _groove(theme: "Theme") -> tuple[int, ...]:
    """The empty part of a slider track / an off switch: visible on the panel, clearly 'off'."""
    return shapes.mix(theme.panel[:3], theme.text_muted, 0.28)


def _draw_row_background(surface: pygame.Surface, theme: "Theme", widget: Widget) -> None:
    if widget.glow > 0.02:
        band = shapes.rounded_panel(widget.rect.size, 12, (255, 255, 255, 22), (255, 255, 255, 10))
        band.set_alpha(round(255 * widget.glow))
        surface.blit(band, widget.rect)
    if widget.focused:
        pygame.draw.rect(surface, theme.selected, widget.rect, 2, border_radius=12)


def _draw_row_label(surface: pygame.Surface, theme: "Theme", widget: Widget, label: str) -> None:
    caption = shapes.text(label, 22, theme.text, bold=False)
    surface.blit(caption, caption.get_rect(midleft=(widget.rect.x + 18, widget.rect.centery)))
