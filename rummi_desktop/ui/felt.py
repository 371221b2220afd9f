"""The table: procedurally generated felt (grain, fibres, mottling, vignette) inside a wooden rail.

Everything is built with pygame's C routines from a few kilobytes of seeded random bytes: an
8-bit noise tile coloured through a palette (so recolouring for a theme costs 256 palette
entries, not a pixel loop), a coarse multiplier grid smoothscaled up for mottling and vignette,
and wave lines for the wood grain. The result is deterministic (fixed seeds) and cached per
(theme, size); a 1280×800 table takes about 20 ms of CPU (``python -m rummi_desktop.ui.felt``
prints a timing for every theme).

``felt_surface`` returns the cached surface itself: blit it, never draw on it.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from functools import lru_cache

import pygame

from rummi_desktop.ui.theme import Theme

GRAIN_TILE = 192  # px; repeats of fine noise are invisible at this size
GRID_STEP = 20  # px per cell of the mottling/vignette multiplier grid
GRAIN_SEED = 0x5EED_F17
CACHE_LIMIT = 8

_cache: OrderedDict[tuple[Theme, tuple[int, int]], pygame.Surface] = OrderedDict()
_stats = {"hits": 0, "misses": 0}


def rail_width(size: tuple[int, int]) -> int:
    """Thickness of the wooden rail for a table of ``size`` (32 px at 1280×800)."""
    return max(10, round(min(size) * 0.04))


def felt_area(size: tuple[int, int]) -> pygame.Rect:
    """The playable cloth inside the rail."""
    rail = rail_width(size)
    return pygame.Rect(rail, rail, max(0, size[0] - 2 * rail), max(0, size[1] - 2 * rail))


def felt_surface(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    """The whole table (felt + rail) for ``theme`` at ``size``; cached, do not draw on it."""
    key = (theme, (int(size[0]), int(size[1])))
    cached = _cache.get(key)
    if cached is not None:
        _stats["hits"] += 1
        _cache.move_to_end(key)
        return cached
    _stats["misses"] += 1
    table = build_table(theme, key[1])
    _cache[key] = table
    while len(_cache) > CACHE_LIMIT:
        _cache.popitem(last=False)
    return table


def felt_cache_info() -> dict[str, int]:
    return {"hits": _stats["hits"], "misses": _stats["misses"], "size": len(_cache)}


def clear_felt_cache() -> None:
    _cache.clear()
    _stats.update(hits=0, misses=0)


def build_table(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    """Generate (uncached) the felt and rail; deterministic for a given theme and size."""
    width, height = max(1, size[0]), max(1, size[1])
    table = pygame.Surface((width, height))
    _tile_grain(table, _grain_tile(theme))
    table.blit(_shade_map(theme, (width, height)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if min(width, height) >= 4 * rail_width((width, height)):
        _draw_rail(table, theme)
    return table


# --- felt -------------------------------------------------------------------------------------

def _grain_tile(theme: Theme) -> pygame.Surface:
    """A tileable square of fine cloth noise with a few stray fibres, in the felt's colours."""
    rng = random.Random(GRAIN_SEED)
    coarse = pygame.image.frombytes(rng.randbytes(GRAIN_TILE * GRAIN_TILE), (GRAIN_TILE, GRAIN_TILE), "P")
    coarse.set_palette(_grain_palette(theme))
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE))  # true-colour copy; no display needed
    tile.blit(coarse, (0, 0))
    # Soften single-pixel static into cloth: average with a half-pixel-shifted copy.
    # Soften single-pixel static into cloth: blend in the same noise blurred at two scales.
    for factor, alpha in ((2, 150), (4, 60)):
        soft = pygame.transform.smoothscale(tile, (GRAIN_TILE // factor, GRAIN_TILE // factor))
        soft = pygame.transform.smoothscale(soft, (GRAIN_TILE, GRAIN_TILE))
        soft.set_alpha(alpha)
        tile.blit(soft, (0, 0))
    _draw_fibres(tile, theme, rng)
    return tile


def _grain_palette(theme: Theme) -> list[tuple[int, int, int]]:
    """256 shades around the felt colour; spread set by the theme's grain strength."""
    spread = 0.05 + 0.16 * theme.grain
    # The vignette multiplies down to ~felt at the centre, so lift the base a little.
    base = [min(255, c * 1.06) for c in theme.felt]
    palette = []
    for index in range(256):
        shade = 1.0 + spread * (index / 255.0 - 0.5) * 2.0
        palette.append(tuple(max(0, min(255, round(c * shade))) for c in base))
    return palette


def _draw_fibres(tile: pygame.Surface, theme: Theme, rng: random.Random) -> None:
    """Short light and dark hairs; drawn wrapped so the tile still repeats seamlessly."""
    light = tuple(min(255, round(c * 1.12 + 3)) for c in theme.felt)
    dark = tuple(round(c * 0.86) for c in theme.felt)
    count = round(8 + 24 * theme.grain)
    for _ in range(count):
        x, y = rng.uniform(0, GRAIN_TILE), rng.uniform(0, GRAIN_TILE)
        angle, length = rng.uniform(0, math.pi), rng.uniform(3, 9)
        end = (x + math.cos(angle) * length, y + math.sin(angle) * length)
        colour = light if rng.random() < 0.5 else dark
        for dx in (-GRAIN_TILE, 0):
            for dy in (-GRAIN_TILE, 0):
                pygame.draw.aaline(tile, colour, (x + dx + GRAIN_TILE, y + dy + GRAIN_TILE),
                                   (end[0] + dx + GRAIN_TILE, end[1] + dy + GRAIN_TILE))


def _tile_grain(table: pygame.Surface, tile: pygame.Surface) -> None:
    width, height = table.get_size()
    table.fblits([(tile, (x, y)) for y in range(0, height, GRAIN_TILE) for x in range(0, width, GRAIN_TILE)])


def _shade_map(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    """Per-pixel multiplier: soft cloth mottling times a vignette that darkens toward felt_dark.

    Both are coarse 8-bit grids (computed once per size) coloured through palettes (per theme),
    then smoothscaled up: a theme switch costs two palettes and one scale, no pixel loop.
    """
    grid_size, vignette_bytes, mottle_bytes = _shade_grids(size)
    edge = [d / max(1, f) for d, f in zip(theme.felt_dark, theme.felt)]  # per-channel darkening
    vignette = pygame.image.frombytes(vignette_bytes, grid_size, "P")
    vignette.set_palette([
        tuple(round(255 * (1.0 - min(1.0, i / 255 * theme.vignette * 1.35) * (1.0 - e))) for e in edge)
        for i in range(256)])
    depth = 0.03 + 0.05 * theme.grain
    mottle = pygame.image.frombytes(mottle_bytes, grid_size, "P")
    mottle.set_palette([(round(255 * (1.0 - depth * i / 255)),) * 3 for i in range(256)])
    shade = pygame.Surface(grid_size)
    shade.blit(vignette, (0, 0))
    shade.blit(mottle, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return pygame.transform.smoothscale(shade, size)


@lru_cache(maxsize=8)
def _shade_grids(size: tuple[int, int]) -> tuple[tuple[int, int], bytes, bytes]:
    """The coarse grids for a table size: vignette reach (0-255) and random mottling."""
    columns = max(2, size[0] // GRID_STEP + 2)
    rows = max(2, size[1] // GRID_STEP + 2)
    reach = bytearray()
    for row in range(rows):
        v = (row / (rows - 1)) * 2 - 1
        for column in range(columns):
            u = (column / (columns - 1)) * 2 - 1
            # Elliptical falloff: flat in the middle, steepening toward corners.
            reach.append(min(255, round(255 * ((u * u * 0.8 + v * v) / 1.8) ** 1.2)))
    mottle = random.Random(GRAIN_SEED + 1).randbytes(columns * rows)
    return (columns, rows), bytes(reach), mottle


# --- rail -------------------------------------------------------------------------------------

def _draw_rail(table: pygame.Surface, theme: Theme) -> None:
    width, height = table.get_size()
    rail = rail_width((width, height))
    top = _wood_strip(theme, width, rail, seed=1)
    bottom = pygame.transform.flip(_wood_strip(theme, width, rail, seed=2), False, True)
    left = pygame.transform.rotate(_wood_strip(theme, height, rail, seed=3), 90)
    right = pygame.transform.rotate(_wood_strip(theme, height, rail, seed=4), -90)
    table.blit(left, (0, 0))
    table.blit(right, (width - rail, 0))
    # Mitre joints: the top and bottom strips lose a triangle at each end so the sides show.
    for strip, y in ((top, 0), (bottom, height - rail)):
        with_alpha = pygame.Surface(strip.get_size(), pygame.SRCALPHA)
        with_alpha.blit(strip, (0, 0))
        strip = with_alpha
        near_edge, far_edge = (0, rail) if y == 0 else (rail, 0)
        pygame.draw.polygon(strip, (0, 0, 0, 0), [(0, near_edge), (0, far_edge), (rail, far_edge)])
        pygame.draw.polygon(strip, (0, 0, 0, 0), [(width, near_edge), (width, far_edge), (width - rail, far_edge)])
        table.blit(strip, (0, y))
    _draw_rail_edges(table, theme, rail)


def _wood_strip(theme: Theme, length: int, thickness: int, seed: int) -> pygame.Surface:
    """A plank seen from above: grain lines along its length, a rounded (cushion) profile.

    Drawn with the outer edge at y=0 and the felt side at y=thickness.
    """
    rng = random.Random(GRAIN_SEED + 100 + seed)
    strip = pygame.Surface((length, thickness))
    strip.fill(theme.rail)
    lines = max(6, thickness // 2)
    step = 12  # px between grain-line points; the waves are long, straight segments suffice
    for _ in range(lines):
        base = rng.uniform(-2, thickness + 2)
        amplitude, wavelength = rng.uniform(0.3, 2.2), rng.uniform(90, 420)
        phase, tone = rng.uniform(0, math.tau), rng.uniform(0.0, 1.0)
        colour = _mix(theme.rail_dark, theme.rail, 0.35 + 0.45 * tone) if tone < 0.75 else _mix(theme.rail, theme.rail_highlight, 0.35)
        points = [(x, base + amplitude * math.sin(x / wavelength * math.tau + phase)) for x in range(0, length + step, step)]
        pygame.draw.aalines(strip, colour, False, points)
    profile = pygame.Surface((1, thickness))
    for y in range(thickness):
        t = (y + 0.5) / thickness
        # Cushion: bright crown a third of the way in, falling off to both edges.
        light = math.exp(-((t - 0.36) / 0.30) ** 2)
        profile.set_at((0, y), (round(255 * (0.55 + 0.45 * light)),) * 3)
    strip.blit(pygame.transform.scale(profile, (length, thickness)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    sheen = pygame.Surface((length, max(1, thickness // 6)))
    sheen.fill(tuple(round(c * 0.18) for c in theme.rail_highlight))
    strip.blit(sheen, (0, round(thickness * 0.30)), special_flags=pygame.BLEND_RGB_ADD)
    return strip


def _draw_rail_edges(table: pygame.Surface, theme: Theme, rail: int) -> None:
    """Dark seams at the outer edge and at the cloth, a lit lip, and the rail's shadow on the felt."""
    width, height = table.get_size()
    outer = pygame.Rect(0, 0, width, height)
    inner = pygame.Rect(rail, rail, width - 2 * rail, height - 2 * rail)
    pygame.draw.rect(table, theme.rail_dark, outer, 2)
    pygame.draw.rect(table, _mix(theme.rail, theme.rail_highlight, 0.6), inner.inflate(4, 4), 1)
    pygame.draw.rect(table, theme.rail_dark, inner.inflate(2, 2), 1)
    shadow = pygame.Surface(inner.size, pygame.SRCALPHA)
    depth = max(4, rail // 3)
    for i in range(depth):
        alpha = round(120 * (1 - i / depth) ** 2)
        pygame.draw.rect(shadow, (0, 0, 0, alpha), shadow.get_rect().inflate(-2 * i, -2 * i), 1)
    # The light comes from above: a deeper shadow under the top rail.
    for i in range(depth):
        alpha = round(60 * (1 - i / depth) ** 2)
        pygame.draw.line(shadow, (0, 0, 0, alpha), (0, i + 1), (inner.width, i + 1))
    table.blit(shadow, inner.topleft)
    for y0, y1 in ((0, 0), (height - 1, height - 1)):
        pygame.draw.line(table, theme.rail_dark, (0, y0), (width, y1))


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


if __name__ == "__main__":  # timing: python -m rummi_desktop.ui.felt [WIDTH HEIGHT]
    import statistics
    import sys
    import time

    from rummi_desktop.ui.theme import load_themes

    table_size = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (1280, 800)
    for theme in load_themes()[0].values():
        runs, cpu = [], []
        for _ in range(5):
            start, start_cpu = time.perf_counter(), time.process_time()
            build_table(theme, table_size)
            runs.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - start_cpu))
        print(f"{theme.name:10s} {table_size[0]}x{table_size[1]} median {statistics.median(runs):6.1f} ms "
              f"(min {min(runs):.1f}, max {max(runs):.1f}; CPU median {statistics.median(cpu):.1f} ms; 5 runs)")
