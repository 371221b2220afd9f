"""Antialiased rounded panels, gradients, soft shadows and text, cached: the widget kit's brushes.

pygame's ``draw.rect(border_radius=…)`` has jagged corners, so shapes are drawn at twice the size
and smooth-scaled down once; every result is cached by its exact arguments, so a frame only
blits ready surfaces (rendering text or shapes each frame costs ~0.3 ms a screen).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from rummi_desktop.ui.fonts import display_font, face_source, font, when_fonts_cleared
from rummi_desktop.ui.mixed_text import needs_mixing, render_mixed

Colour = tuple[int, ...]
SUPERSAMPLE = 2


def mix(a: Colour, b: Colour, t: float) -> tuple[int, ...]:
    """Blend colour ``a`` towards ``b`` by ``t`` (0–1), channel by channel (RGB or RGBA)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def lighten(colour: Colour, t: float) -> tuple[int, ...]:
    return mix(colour[:3], (255, 255, 255), t) + tuple(colour[3:])


def darken(colour: Colour, t: float) -> tuple[int, ...]:
    return mix(colour[:3], (0, 0, 0), t) + tuple(colour[3:])


def luminance(colour: Colour) -> float:
    r, g, b = colour[:3]
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@lru_cache(maxsize=256)
def rounded_panel(
    size: tuple[int, int],
    radius: int,
    top: Colour,
    bottom: Colour | None = None,
    border: Colour | None = None,
    border_width: int = 0,
    highlight: int = 0,
) -> pygame.Surface:
    """A rounded rectangle with a vertical gradient (``top``→``bottom``), an optional border and
    an optional 1-px inner highlight line at the top (``highlight`` = its alpha)."""
    width, height = max(1, size[0]), max(1, size[1])
    big = (width * SUPERSAMPLE, height * SUPERSAMPLE)
    r = radius * SUPERSAMPLE
    fill = pygame.Surface(big, pygame.SRCALPHA)
    bottom = bottom or top
    for y in range(big[1]):
        colour = mix(_rgba(top), _rgba(bottom), y / max(1, big[1] - 1))
        pygame.draw.line(fill, colour, (0, y), (big[0], y))
    mask = pygame.Surface(big, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if highlight:
        line = pygame.Rect(r // 2, SUPERSAMPLE * 2, big[0] - r, SUPERSAMPLE)
        pygame.draw.rect(fill, (255, 255, 255, highlight), line, border_radius=SUPERSAMPLE)
    if border is not None and border_width > 0:
        pygame.draw.rect(fill, _rgba(border), fill.get_rect(), border_width * SUPERSAMPLE, border_radius=r)
    return pygame.transform.smoothscale(fill, (width, height))


@lru_cache(maxsize=128)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``blur`` px larger on each side than ``size``."""
    width, height = size[0] + blur * 2, size[1] + blur * 2
    small = (max(1, width // 4), max(1, height // 4))
    base = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, alpha), (blur, blur, size[0], size[1]), border_radius=radius)
    # Shrinking and growing again spreads the edge: a cheap blur, done once and cached.
    blurred = pygame.transform.smoothscale(pygame.transform.smoothscale(base, small), (width, height))
    return pygame.transform.box_blur(blurred, max(1, blur // 3)) if hasattr(pygame.transform, "box_blur") else blurred


@lru_cache(maxsize=512)
def text(message: str, size: int, colour: Colour, bold: bool = False, display: bool = False) -> pygame.Surface:
    """Rendered, antialiased text, cached by its arguments. A character the face lacks is drawn
    another way (ui/mixed_text.py): ✓ as a shape, a Chinese letter in a font of this computer
    that has it, and where none has it a marked block."""
    face = display_font(size) if display else font(size, bold)
    source = face_source("display" if display else "bold" if bold else "regular")
    if needs_mixing(message, source):
        return render_mixed(face, source, size, message, colour[:3])
    return face.render(message, True, colour[:3])


@lru_cache(maxsize=64)
def embossed_title(message: str, size: int, colour: Colour, shadow: Colour, outline: Colour) -> pygame.Surface:
    """A title with character: display face, dark outline, drop shadow underneath."""
    face = display_font(size)
    body = face.render(message, True, colour[:3])
    edge = face.render(message, True, outline[:3])
    drop = face.render(message, True, shadow[:3])
    pad = max(3, size // 14)
    out = pygame.Surface((body.get_width() + pad * 3, body.get_height() + pad * 3), pygame.SRCALPHA)
    drop.set_alpha(shadow[3] if len(shadow) > 3 else 140)
    out.blit(drop, (pad + pad, pad + pad))
    for dx in (-2, -1, 0, 1, 2):
        for dy in (-2, -1, 0, 1, 2):
            if dx * dx + dy * dy <= 5:
                out.blit(edge, (pad + dx, pad + dy))
    out.blit(body, (pad, pad))
    return out


def clear_caches() -> None:
    """Forget cached surfaces; runs whenever the fonts are cleared (see below)."""
    for cached in (rounded_panel, soft_shadow, text, embossed_title):
        cached.cache_clear()


when_fonts_cleared(clear_caches)  # text and titles are drawn with the fonts being forgotten


def _rgba(colour: Colour) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], colour[3] if len(colour) > 3 else 255)
