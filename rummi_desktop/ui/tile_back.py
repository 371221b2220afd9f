"""Tile backs and unlockable felts: the theme data under ``themes/unlockable`` and the
procedural drawing of a tile's back (a pattern in two colours inside a rounded frame).

The felts are ordinary theme files, kept apart from the shipped themes so the Settings picker
only offers them once earned (the Collection applies them); the tile backs are one data file.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import pygame

from rummi_desktop.ui.theme import Theme, load_theme, parse_colour

PATTERNS = ("plain", "chevrons", "rays", "lattice", "argyle")


@dataclass(frozen=True)
class TileBack:
    key: str
    title: str
    pattern: str
    base: tuple[int, int, int]
    ink: tuple[int, int, int]


def _folder():
    return resources.files("rummi_desktop").joinpath("themes").joinpath("unlockable")


@lru_cache(maxsize=1)
def tile_backs() -> dict[str, TileBack]:
    """The shipped tile backs by key (a back with an unknown pattern or colour is skipped)."""
    data = tomllib.loads(_folder().joinpath("tile_backs.toml").read_text(encoding="utf-8"))
    backs = {}
    for key, entry in data.get("backs", {}).items():
        base, ink = parse_colour(entry.get("base"), 3), parse_colour(entry.get("ink"), 3)
        if entry.get("pattern") in PATTERNS and isinstance(base, tuple) and isinstance(ink, tuple):
            backs[key] = TileBack(key, str(entry.get("title", key)), entry["pattern"], base, ink)  # type: ignore[arg-type]
    return backs


def unlockable_felt(name: str) -> Theme | None:
    """The earned felt theme ``name`` from the shipped data, or None."""
    source = _folder().joinpath(f"{name}.toml")
    try:
        return load_theme(source) if source.is_file() else None
    except ValueError:
        return None


def draw_tile_back(surface: pygame.Surface, box: pygame.Rect, back: TileBack) -> None:
    """A tile seen from behind: the back's colour, its pattern, a light frame."""
    radius = max(3, box.w // 7)
    tile = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(tile, back.base, tile.get_rect(), border_radius=radius)
    pattern = pygame.Surface(box.size, pygame.SRCALPHA)
    _PAINTERS[back.pattern](pattern, back.ink)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect().inflate(-6, -6), border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    tile.blit(pattern, (0, 0))
    pygame.draw.rect(tile, back.ink, tile.get_rect().inflate(-4, -4), width=2, border_radius=radius)
    surface.blit(tile, box)


def _plain(surface: pygame.Surface, ink) -> None:
    w, h = surface.get_size()
    pygame.draw.ellipse(surface, ink + (120,), pygame.Rect(w * 0.3, h * 0.35, w * 0.4, h * 0.3), width=2)


def _chevrons(surface: pygame.Surface, ink) -> None:
    w, h = surface.get_size()
    step = max(6, h // 7)
    for y in range(-step, h + step, step):
        pygame.draw.lines(surface, ink + (200,), False, [(0, y), (w / 2, y + step / 2), (w, y)], 2)


def _rays(surface: pygame.Surface, ink) -> None:
    w, h = surface.get_size()
    cx, cy, reach = w / 2, h / 2, math.hypot(w, h)
    for ray in range(24):
        angle = ray * math.tau / 24
        pygame.draw.line(surface, ink + (150 if ray % 2 else 230,), (cx, cy),
                         (cx + reach * math.cos(angle), cy + reach * math.sin(angle)), 2)
    pygame.draw.circle(surface, ink + (255,), (cx, cy), max(3, w // 8))


def _lattice(surface: pygame.Surface, ink) -> None:
    w, h = surface.get_size()
    step = max(6, w // 4)
    for offset in range(-h, w + h, step):
        pygame.draw.line(surface, ink + (190,), (offset, 0), (offset + h, h), 2)
        pygame.draw.line(surface, ink + (190,), (offset + h, 0), (offset, h), 2)


def _argyle(surface: pygame.Surface, ink) -> None:
    w, h = surface.get_size()
    dw, dh = w / 2, h / 3
    for row in range(4):
        for col in range(3):
            cx, cy = col * dw, row * dh
            alpha = 210 if (row + col) % 2 else 90
            pygame.draw.polygon(surface, ink + (alpha,), [(cx, cy - dh / 2), (cx + dw / 2, cy), (cx, cy + dh / 2),
                                                          (cx - dw / 2, cy)])


_PAINTERS = {"plain": _plain, "chevrons": _chevrons, "rays": _rays, "lattice": _lattice, "argyle": _argyle}
