"""Symbols the shipped fonts lack (Lato and Lobster Two have no ✓ or ★), drawn as shapes in
their place so a label may carry them as plain text: ``shapes.text`` (through
``ui/mixed_text.py``) paints each one in the text's colour, a little wider than a digit of the face.

A label keeps the real character, so the status report and the tests read "1  ✓", while the
screen shows a tick instead of the font's empty box.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

SUPERSAMPLE = 4
Painter = Callable[[pygame.Surface, tuple[int, int, int]], None]


def _check_mark(surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
    w, h = surface.get_size()
    points = [(0.14 * w, 0.55 * h), (0.40 * w, 0.78 * h), (0.84 * w, 0.26 * h)]
    pygame.draw.lines(surface, colour, False, points, max(2, round(h * 0.12)))
    for x, y in points[1:2]:  # a round elbow, not a notch where the strokes meet
        pygame.draw.circle(surface, colour, (x, y), max(1, round(h * 0.06)))


def _star(surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
    w, h = surface.get_size()
    cx, cy, outer = w / 2, h * 0.52, min(w, h) * 0.48
    points = []
    for corner in range(10):
        radius = outer if corner % 2 == 0 else outer * 0.42
        angle = -math.pi / 2 + corner * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


PAINTERS: dict[str, Painter] = {"✓": _check_mark, "★": _star}
WIDTHS = {"✓": 1.3, "★": 1.5}  # in widths of the face's "0", room on both sides included


def symbol_width(face: pygame.font.Font, char: str) -> int:
    return max(4, round(face.size("0")[0] * WIDTHS[char]))


def symbol_surface(char: str, height: int, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``char`` painted in a ``width`` × ``height`` box, antialiased by drawing it large first."""
    big = pygame.Surface((width * SUPERSAMPLE, height * SUPERSAMPLE), pygame.SRCALPHA)
    PAINTERS[char](big, colour)
    return pygame.transform.smoothscale(big, (width, height))
