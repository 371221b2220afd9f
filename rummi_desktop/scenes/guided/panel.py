"""How a guide shows on the table: the step's panel and a glowing ring around each target.

The panel is placed away from the targets: the game offers spots for it (free parts of its
table, best first) and the first one that covers no target is used. Drawing only; the words
are the guide's.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import _wrap
from rummi_desktop.ui.widgets import draw_panel

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

PANEL_W = 420
PAD = 18
TEXT_SIZE, RULE_SIZE = 19, 17
BUTTON_ROW = 50  # the height kept at the panel's foot for Skip guide and Next
RING_PULSE = 1.6  # s for one pulse of the target ring


@lru_cache(maxsize=64)
def text_lines(message: str, size: int, width: int = PANEL_W) -> tuple[str, ...]:
    """The message wrapped to the panel (kept: the panel is laid out every frame)."""
    return tuple(_wrap(message, size, width - 2 * PAD)) if message else ()


def panel_height(text: str, rule: str, width: int = PANEL_W) -> int:
    """The panel's height for the step's words (its counter and title, text, rule, buttons)."""
    lines = len(text_lines(text, TEXT_SIZE, width)) * 24 + len(text_lines(rule, RULE_SIZE, width)) * 21
    return PAD + 22 + 32 + lines + (10 if rule else 0) + BUTTON_ROW + PAD


Spot = tuple[tuple[int, int], str]  # a point, and which of the panel's corners goes there ("topleft"…)


def place_panel(height: int, spots: Sequence[Spot], targets: Sequence[pygame.Rect], width: int = PANEL_W) -> pygame.Rect:
    """The panel's box at the first of ``spots`` where it covers no target (the first spot
    when every one covers some)."""
    boxes = []
    for point, corner in spots:
        box = pygame.Rect(0, 0, width, height)
        setattr(box, corner, point)
        boxes.append(box)
    for box in boxes:
        if not any(box.colliderect(target) for target in targets):
            return box
    return boxes[0] if boxes else pygame.Rect(40, 40, width, height)


def draw_step_panel(surface: pygame.Surface, theme: "Theme", box: pygame.Rect, counter: str, title: str,
                    text: str, rule: str) -> None:
    # Opaque: what the panel sits over (a turn log, the felt's marks) must not show through it.
    pygame.draw.rect(surface, shapes.darken(theme.panel[:3], 0.1), box, border_radius=16)
    draw_panel(surface, theme, box, radius=16)
    x, y = box.x + PAD, box.y + PAD
    surface.blit(shapes.text(counter, 15, theme.text_muted, bold=True), (x, y))
    y += 22
    surface.blit(shapes.text(title, 24, theme.accent, bold=True), (x, y))
    y += 32
    for line in text_lines(text, TEXT_SIZE, box.width):
        surface.blit(shapes.text(line, TEXT_SIZE, theme.text), (x, y))
        y += 24
    if rule:
        y += 10
        for line in text_lines(rule, RULE_SIZE, box.width):
            surface.blit(shapes.text(line, RULE_SIZE, theme.hint), (x, y))
            y += 21


def draw_target_rings(surface: pygame.Surface, theme: "Theme", targets: Sequence[pygame.Rect], clock: float) -> None:
    """A pulsing ring around each target, so the eye finds it from across the table."""
    pulse = 0.5 + 0.5 * math.sin(clock * 2 * math.pi / RING_PULSE)
    colour = theme.hint[:3]
    for target in targets:
        ring = target.inflate(10 + round(6 * pulse), 10 + round(6 * pulse))
        glow = pygame.Surface(ring.inflate(12, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*colour, round(60 + 60 * pulse)), glow.get_rect(), width=6, border_radius=14)
        surface.blit(glow, ring.inflate(12, 12).topleft)
        pygame.draw.rect(surface, colour, ring, width=3, border_radius=10)
