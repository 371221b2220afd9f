"""Tile renderer on off-screen surfaces: geometry, colours at known pixels, states, cache."""

from __future__ import annotations

import pygame
import pytest

from rummi_desktop.tiles import JOKER, Tile
from rummi_desktop.ui.theme import load_themes
from rummi_desktop.ui.tile_render import (
    STATES,
    LetterFace,
    TileRenderer,
    lift,
    render_tile,
    tile_height,
    tile_margin,
)

W = 50
H = tile_height(W)
M = tile_margin(W)


@pytest.fixture(scope="module")
def theme():
    return load_themes()[0]["parlor"]


def near(colour, target, tolerance) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], target[:3]))


def ink_pixels(surface: pygame.Surface, ink, rect: pygame.Rect, tolerance: int = 40) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y)).a > 200 and near(surface.get_at((x, y)), ink, tolerance))


def topmost_opaque_row(surface: pygame.Surface, x: int) -> int:
    return next(y for y in range(surface.get_height()) if surface.get_at((x, y)).a > 240)


def test_geometry():
    assert tile_height(50) == 68 and tile_height(40) == 54
    picture = render_tile(Tile("R", 7), W, load_themes()[0]["parlor"], "normal", False)
    assert picture.get_size() == (W + 2 * M, H + 2 * M)
    assert picture.get_flags() & pygame.SRCALPHA
    assert picture.get_at((0, 0)).a == 0  # the margin's corner is clear


def test_face_is_ivory_and_the_number_is_in_the_tiles_colour(theme):
    picture = render_tile(Tile("R", 7), W, theme, "normal", False)
    face = picture.get_at((M + 6, M + 22))
    low = [min(a, b) - 8 for a, b in zip(theme.tile_face, theme.tile_face_low)]
    high = [max(a, b) + 8 for a, b in zip(theme.tile_face, theme.tile_face_low)]
    assert all(lo <= c <= hi for c, lo, hi in zip(face[:3], low, high)) and face.a == 255
    body = pygame.Rect(M, M, W, H)
    assert ink_pixels(picture, theme.tile_colour("R"), body) > 40
    blue = render_tile(Tile("B", 7), W, theme, "normal", False)
    assert ink_pixels(blue, theme.tile_colour("R"), body) == 0
    assert ink_pixels(blue, theme.tile_colour("B"), body) > 40


def test_soft_shadow_falls_below_the_tile(theme):
    picture = render_tile(Tile("K", 3), W, theme, "normal", False)
    below = picture.get_at((M + W // 2, M + H + 2))
    above = picture.get_at((M + W // 2, M - 3))
    assert below.a > 20 and sum(below[:3]) < 120
    assert above.a < below.a
    assert picture.get_at((M + W // 2, M + H + M - 1)).a < below.a  # it fades out


def test_invalid_state_draws_a_red_outline(theme):
    invalid = render_tile(Tile("K", 3), W, theme, "invalid", False)
    normal = render_tile(Tile("K", 3), W, theme, "normal", False)
    edge = (M + 1, M + H // 2)
    r, g, b, _ = invalid.get_at(edge)
    assert r > g + 80 and r > b + 80
    assert not near(normal.get_at(edge), invalid.get_at(edge), 40)


def test_hint_glows_outside_the_tile(theme):
    hint = render_tile(Tile("Y", 9), W, theme, "hint", False)
    normal = render_tile(Tile("Y", 9), W, theme, "normal", False)
    beside = (M - 3, M + H // 3)
    glow = hint.get_at(beside)
    assert glow.a > normal.get_at(beside).a + 60
    assert near(glow, theme.hint, 60)


@pytest.mark.parametrize("state", ["hover", "selected"])
def test_lifted_states_raise_the_body_inside_the_same_frame(theme, state):
    raised = render_tile(Tile("B", 1), W, theme, state, False)
    normal = render_tile(Tile("B", 1), W, theme, "normal", False)
    assert raised.get_size() == normal.get_size()
    column = M + W // 2
    assert topmost_opaque_row(raised, column) == topmost_opaque_row(normal, column) - lift(W, state)


def test_colour_blind_mode_adds_a_shape_below_the_number(theme):
    lower_face = pygame.Rect(M + 5, M + int(H * 0.66), W - 10, int(H * 0.2))
    for colour in "KBRY":
        ink = theme.tile_colour(colour)
        plain = render_tile(Tile(colour, 4), W, theme, "normal", False)
        marked = render_tile(Tile(colour, 4), W, theme, "normal", True)
        assert ink_pixels(plain, ink, lower_face) == 0
        assert ink_pixels(marked, ink, lower_face, tolerance=30) > 12, colour


def test_symbols_differ_in_shape(theme):
    lower_face = pygame.Rect(M, M + int(H * 0.6), W, int(H * 0.3))
    masks = []
    for colour in "KBRY":
        marked = render_tile(Tile(colour, 4), W, theme, "normal", True)
        ink = theme.tile_colour(colour)
        masks.append(frozenset((x, y) for x in range(lower_face.left, lower_face.right)
                               for y in range(lower_face.top, lower_face.bottom)
                               if near(marked.get_at((x, y)), ink, 60)))
    assert len(set(masks)) == 4


def test_joker_face_uses_the_joker_colour(theme):
    picture = render_tile(JOKER, W, theme, "normal", False)
    assert ink_pixels(picture, theme.joker, pygame.Rect(M, M, W, H), tolerance=30) > 20


def test_shared_blank_bodies_are_never_drawn_on(theme):
    body = pygame.Rect(M, M, W, H)
    lower_face = pygame.Rect(M + 5, M + int(H * 0.66), W - 10, int(H * 0.2))
    render_tile(JOKER, W, theme, "selected", False)
    render_tile(Tile("K", 4), W, theme, "selected", True)
    after = render_tile(Tile("K", 4), W, theme, "selected", False)
    assert ink_pixels(after, theme.joker, body, tolerance=30) == 0
    assert ink_pixels(after, theme.tile_colour("K"), lower_face) == 0
    assert ink_pixels(render_tile(LetterFace("", 0, True), W, theme, "selected", False), theme.joker, body) == 0


def test_letters_show_their_points_and_blanks_are_empty(theme):
    body = pygame.Rect(M, M, W, H)
    ink = theme.tile_colour("K")
    q = render_tile(LetterFace("Q", 10), W, theme, "normal", False)
    corner = pygame.Rect(M + W // 2, M + int(H * 0.72), W // 2, int(H * 0.2))
    assert ink_pixels(q, ink, corner) > 5
    blank = render_tile(LetterFace("", 0, blank=True), W, theme, "normal", False)
    assert ink_pixels(blank, ink, body) == 0
    declared = render_tile(LetterFace("E", 0, blank=True), W, theme, "normal", False)
    assert ink_pixels(declared, theme.tile_colour("B"), body) > 20  # drawn in a different ink
    assert ink_pixels(declared, ink, body) == 0


def test_cache_returns_the_same_picture_and_counts(theme):
    renderer = TileRenderer()
    first = renderer.surface(Tile("R", 7), W, theme)
    again = renderer.surface(Tile("R", 7), W, theme)
    assert again is first
    renderer.surface(Tile("R", 7), W, theme, "selected")
    renderer.surface(Tile("R", 7), W, theme, colour_blind=True)
    renderer.surface(Tile("R", 7), W + 2, theme)
    info = renderer.cache_info()
    assert (info.hits, info.misses, info.entries) == (1, 4, 4)
    assert info.bytes > 4 * W * H * 4 * 0.9
    renderer.clear()
    assert renderer.cache_info() == (0, 0, 0, 0)


def test_warm_renders_each_distinct_picture_once(theme):
    from rummi_desktop.tiles import standard_set

    renderer = TileRenderer()
    assert renderer.warm(standard_set(), 30, theme, ("normal", "selected")) == 53 * 2
    assert renderer.warm(standard_set(), 30, theme, ("normal",)) == 0
    renderer.surface(Tile("Y", 13), 30, theme, "selected")
    assert renderer.cache_info().misses == 106


def test_cache_stays_within_its_byte_budget(theme):
    one = (W + 2 * M) * (H + 2 * M) * 4
    renderer = TileRenderer(cache_bytes=3 * one)
    for number in range(1, 8):
        renderer.surface(Tile("K", number), W, theme)
    assert renderer.cache_info().entries == 3
    renderer.surface(Tile("K", 7), W, theme)
    assert renderer.cache_info().hits == 1  # the most recent survive


def test_draw_places_the_body_at_the_given_point(theme):
    renderer = TileRenderer()
    canvas = pygame.Surface((200, 200))
    canvas.fill((0, 128, 0))
    body = renderer.draw(canvas, Tile("K", 13), (60, 40), W, theme)
    assert body == pygame.Rect(60, 40, W, H)
    assert near(canvas.get_at((62, 60)), theme.tile_face, 24)
    assert canvas.get_at((57, 60)) != canvas.get_at((62, 60))
    assert tuple(canvas.get_at((60 + W // 2, 25)))[:3] == (0, 128, 0)


def test_bad_arguments_are_refused(theme):
    renderer = TileRenderer()
    with pytest.raises(ValueError):
        renderer.surface(Tile("K", 1), W, theme, "glowing")
    with pytest.raises(TypeError):
        renderer.surface("K1", W, theme)  # type: ignore[arg-type]
    assert set(STATES) == {"normal", "hover", "selected", "invalid", "hint"}
