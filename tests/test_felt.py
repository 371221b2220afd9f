"""Felt: generated (not flat), with vignette and rail, deterministic, cached per (theme, size)."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.ui import felt
from rummi_desktop.ui.theme import load_themes

SIZE = (640, 400)


@pytest.fixture(scope="module")
def themes():
    return load_themes()[0]


def luminance(colour) -> float:
    return 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]


def average(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    return tuple(pygame.transform.average_color(surface, rect)[:3])


def test_felt_is_cached_per_theme_and_size(themes):
    felt.clear_felt_cache()
    first = felt.felt_surface(themes["parlor"], SIZE)
    assert first.get_size() == SIZE
    assert felt.felt_surface(themes["parlor"], SIZE) is first
    other = felt.felt_surface(themes["ocean"], SIZE)
    assert other is not first
    assert felt.felt_cache_info() == {"hits": 1, "misses": 2, "size": 2}


def test_generation_is_deterministic(themes):
    a = felt.build_table(themes["burgundy"], SIZE)
    b = felt.build_table(themes["burgundy"], SIZE)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_felt_has_grain_not_a_flat_fill(themes):
    table = felt.build_table(themes["parlor"], SIZE)
    centre = pygame.Rect(0, 0, 60, 60)
    centre.center = (SIZE[0] // 2, SIZE[1] // 2)
    colours = {tuple(table.get_at((x, y)))[:3] for x in range(centre.left, centre.right) for y in range(centre.top, centre.bottom)}
    assert len(colours) > 50  # a flat fill has 1; vignette alone would give a handful here
    mean = average(table, centre)
    green = themes["parlor"].felt
    assert all(abs(m - g) < 30 for m, g in zip(mean, green))  # still the theme's felt colour


def test_vignette_darkens_the_corners(themes):
    theme = themes["ocean"]
    table = felt.build_table(theme, SIZE)
    area = felt.felt_area(SIZE)
    centre = pygame.Rect(0, 0, 80, 80)
    centre.center = area.center
    corner = pygame.Rect(area.left + 8, area.top + 8, 40, 40)
    assert luminance(average(table, corner)) < luminance(average(table, centre)) * 0.85


def test_rail_frames_the_felt_in_wood_colours(themes):
    theme = themes["parlor"]
    table = felt.build_table(theme, SIZE)
    rail = felt.rail_width(SIZE)
    assert felt.felt_area(SIZE) == pygame.Rect(rail, rail, SIZE[0] - 2 * rail, SIZE[1] - 2 * rail)
    for strip in (pygame.Rect(100, 2, 400, rail - 4), pygame.Rect(2, 100, rail - 4, 200),
                  pygame.Rect(SIZE[0] - rail + 2, 100, rail - 4, 200), pygame.Rect(100, SIZE[1] - rail + 2, 400, rail - 4)):
        r, g, b = average(table, strip)
        assert r > g and r > b, strip  # mahogany, not green cloth


@pytest.mark.parametrize("size", [(1, 1), (30, 20), (1280, 800)])
def test_any_size_works(themes, size):
    assert felt.build_table(themes["contrast"], size).get_size() == size


def test_cache_is_bounded(themes):
    felt.clear_felt_cache()
    for width in range(100, 100 + felt.CACHE_LIMIT + 3):
        felt.felt_surface(themes["parlor"], (width, 80))
    assert felt.felt_cache_info()["size"] == felt.CACHE_LIMIT
