"""Tile pictures shared by all three games, rendered once and cached.

A picture is an ivory tile with rounded corners, a visible edge (its thickness), a soft drop
shadow and the face: a colour-coded number (Rummi, Rummble), a letter with its small point value
(Tumblewords, via ``LetterFace``) or the joker's jester. States add a lift and outline:
``normal``, ``hover``, ``selected``, ``invalid`` (red outline), ``hint`` (golden glow).

Geometry: ``size`` is the tile body's width in px, its height is ``tile_height(size)``. The
returned surface is larger than the body by ``tile_margin(size)`` on every side (room for the
shadow and glow), so blit it at ``(x - margin, y - margin)`` to put the body's top-left at
(x, y) — or let ``TileRenderer.draw`` do it. Lifted states draw the body higher inside the same
surface, so layout never moves.

The body and all vector art are drawn supersampled and smoothscaled down (anti-aliasing);
numbers and letters are rendered at the final size so they stay crisp.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from dataclasses import dataclass
from typing import Iterable, NamedTuple, Union

import pygame

from rummi_desktop.tiles import Tile
from rummi_desktop.ui import tile_art
from rummi_desktop.ui.fonts import font, tile_font
from rummi_desktop.ui.theme import Theme

TILE_ASPECT = 1.35
STATES: tuple[str, ...] = ("normal", "hover", "selected", "invalid", "hint")
SUPERSAMPLE = 3
DEFAULT_CACHE_BYTES = 32 * 1024 * 1024  # about 1,500 pictures at 48 px


@dataclass(frozen=True, slots=True)
class LetterFace:
    """A Tumblewords letter tile: ``letter`` (one character, "" for an undeclared blank) and its
    ``points``. ``blank`` marks a blank declared as ``letter``: drawn in a different ink, no points."""

    letter: str
    points: int = 1
    blank: bool = False


@dataclass(frozen=True, slots=True)
class CardFace:
    """A number tile shown as a playing card (Rummble's "cards" set): its rank (A, 2–10, J, Q,
    K) over the suit of its colour (K ♠, B ♣, R ♥, Y ◆). A joker stays the jester."""

    tile: Tile


CARD_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}

TileFace = Union[Tile, LetterFace, CardFace]


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    entries: int
    bytes: int


def tile_height(width: int) -> int:
    """Body height for a tile ``width`` px wide."""
    return round(width * TILE_ASPECT)


def tile_margin(width: int) -> int:
    """Transparent border around the body in every picture (shadow and glow live there)."""
    return max(4, round(width * 0.2))


def lift(width: int, state: str) -> int:
    """How far a state raises the body (hover and selected tiles float above the felt)."""
    return {"hover": round(width * 0.05), "selected": round(width * 0.08)}.get(state, 0)


class TileRenderer:
    """Renders and caches tile pictures; one instance is shared by every scene.

    The cache is keyed by (face, size, theme, state, colour_blind) and bounded by total pixel
    bytes, least-recently-used out first.
    """

    def __init__(self, cache_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._bytes = 0
        self._hits = 0
        self._misses = 0

    def surface(self, tile: TileFace, size: int, theme: Theme, state: str = "normal",
                colour_blind: bool = False) -> pygame.Surface:
        """The cached picture of ``tile`` (body ``size`` px wide plus ``tile_margin`` around)."""
        key = (tile, size, theme, state, colour_blind)
        picture = self._cache.get(key)
        if picture is not None:  # the per-frame path: one dict lookup, checks only on a miss
            self._hits += 1
            self._cache.move_to_end(key)
            return picture
        if state not in STATES:
            raise ValueError(f"unknown tile state {state!r} (one of {', '.join(STATES)})")
        if not isinstance(tile, (Tile, LetterFace, CardFace)):
            raise TypeError(f"cannot draw {tile!r}: expected a Tile or a LetterFace")
        if size < 8:
            raise ValueError(f"tile size {size} px is too small (8 px at least)")
        self._misses += 1
        picture = render_tile(tile, int(size), theme, state, bool(colour_blind))
        self._store(key, picture)
        return picture

    def draw(self, dest: pygame.Surface, tile: TileFace, topleft: tuple[int, int], size: int,
             theme: Theme, state: str = "normal", colour_blind: bool = False) -> pygame.Rect:
        """Blit ``tile`` so its body's top-left lands on ``topleft``; returns the body rect."""
        margin = tile_margin(int(size))
        dest.blit(self.surface(tile, size, theme, state, colour_blind),
                  (topleft[0] - margin, topleft[1] - margin))
        return pygame.Rect(topleft, (size, tile_height(size)))

    def warm(self, tiles: Iterable[TileFace], size: int, theme: Theme, states: tuple[str, ...] = ("normal",),
             colour_blind: bool = False) -> int:
        """Render ahead (e.g. a whole tile set at start or on a theme switch) so no frame pays for
        it later; returns how many pictures were newly drawn."""
        before = self._misses
        for tile in set(tiles):
            for state in states:
                self.surface(tile, size, theme, state, colour_blind)
        return self._misses - before

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, len(self._cache), self._bytes)

    def clear(self) -> None:
        clear_shared_parts()
        self._cache.clear()
        self._bytes = self._hits = self._misses = 0

    def _store(self, key: tuple, picture: pygame.Surface) -> None:
        self._cache[key] = picture
        self._bytes += _byte_size(picture)
        while self._bytes > self._cache_bytes and len(self._cache) > 1:
            _, evicted = self._cache.popitem(last=False)
            self._bytes -= _byte_size(evicted)


def _byte_size(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


# --- rendering --------------------------------------------------------------------------------

def render_tile(tile: TileFace, size: int, theme: Theme, state: str, colour_blind: bool) -> pygame.Surface:
    """Draw one picture (not cached here; the parts every tile shares are cached below)."""
    picture = _backdrop(size, theme, state).copy()
    margin = tile_margin(size)
    body = pygame.Rect(margin, margin - lift(size, state), size, tile_height(size))
    if _has_vector_art(tile, colour_blind):
        art = _base_art(size, theme, state).copy()
        _draw_face_art(art, tile, _art_face_rect(size), theme, colour_blind)
        reduced = _reduce(art, size)
    else:
        reduced = _plain_body(size, theme, state)
    picture.blit(reduced, (body.x - 2, body.y - 2))
    _draw_label(picture, tile, body, theme, colour_blind)
    return picture


def clear_shared_parts() -> None:
    """Forget the cached shadows and blank bodies (tests, or after a display restart)."""
    for cached in (_backdrop, _base_art, _plain_body):
        cached.cache_clear()


def _has_vector_art(tile: TileFace, colour_blind: bool) -> bool:
    return isinstance(tile, CardFace) or (isinstance(tile, Tile) and (tile.is_joker or colour_blind))


@lru_cache(maxsize=64)
def _backdrop(size: int, theme: Theme, state: str) -> pygame.Surface:
    """The transparent frame with the shadow (and the hint glow): shared by all faces."""
    margin = tile_margin(size)
    picture = pygame.Surface((size + 2 * margin, tile_height(size) + 2 * margin), pygame.SRCALPHA)
    body = pygame.Rect(margin, margin - lift(size, state), size, tile_height(size))
    if state == "hover":  # a faint halo of light under the shadow: "this one can be picked up"
        _draw_glow(picture, body, (255, 255, 255), spread=max(2, size // 12), strength=70)
    _draw_shadow(picture, body, theme, state)
    if state == "hint":  # over the shadow: the golden light must read clearly on any felt
        _draw_glow(picture, body, theme.hint, spread=max(3, size // 8), strength=230)
    return picture


def _draw_shadow(picture: pygame.Surface, body: pygame.Rect, theme: Theme, state: str) -> None:
    """A soft shadow under the body, longer and softer when the tile is lifted."""
    raised = state in ("hover", "selected")
    blur = max(2, round(body.width * (0.09 if raised else 0.06)))
    drop = round(body.width * (0.13 if raised else 0.06))
    shade = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    shade.fill((*theme.tile_shadow[:3], 0))  # clear pixels carry the colour, so blurring keeps it
    alpha = theme.tile_shadow[3] * (0.85 if raised else 1.0)
    rest_y = picture.get_height() // 2 - body.height // 2  # the shadow stays on the felt
    shape = pygame.Rect(body.x + 1, rest_y + drop, body.width - 2, body.height - 2)
    pygame.draw.rect(shade, (*theme.tile_shadow[:3], round(alpha)), shape, border_radius=_radius(body.width))
    shade = pygame.transform.box_blur(shade, blur)
    shade = pygame.transform.box_blur(shade, max(1, blur // 2))
    picture.blit(shade, (0, 0))


def _draw_glow(picture: pygame.Surface, body: pygame.Rect, colour: tuple[int, int, int],
               spread: int, strength: int) -> None:
    glow = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    glow.fill((*colour, 0))  # clear pixels carry the glow colour, so the blur does not go muddy
    pygame.draw.rect(glow, (*colour, strength), body.inflate(spread, spread), border_radius=_radius(body.width) + spread // 2)
    glow = pygame.transform.box_blur(glow, spread)
    glow = pygame.transform.box_blur(glow, max(1, spread // 2))
    # MAX, not alpha-over: light replaces the shadow under it instead of going muddy on it.
    picture.blit(glow, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)


def _radius(width: int) -> int:
    return max(2, round(width * 0.14))


def _art_geometry(size: int) -> tuple[pygame.Rect, pygame.Rect, int]:
    """Supersampled body rect, face rect and corner radius (a 2 px clear border all round)."""
    s = SUPERSAMPLE
    body = pygame.Rect(2 * s, 2 * s, size * s, tile_height(size) * s)
    thickness = max(2 * s, round(body.height * 0.07))
    return body, pygame.Rect(body.x, body.y, body.width, body.height - thickness), _radius(size) * s


def _art_face_rect(size: int) -> pygame.Rect:
    return _art_geometry(size)[1]


@lru_cache(maxsize=64)
def _base_art(size: int, theme: Theme, state: str) -> pygame.Surface:
    """A blank tile body, supersampled: edge, bevelled face, state outline. Copy before drawing."""
    s = SUPERSAMPLE
    art = pygame.Surface(((size + 4) * s, (tile_height(size) + 4) * s), pygame.SRCALPHA)
    body, face_rect, radius = _art_geometry(size)
    pygame.draw.rect(art, _shade(theme.tile_edge, 0.72), body, border_radius=radius)
    pygame.draw.rect(art, theme.tile_edge, body.inflate(-2 * s, -2 * s).move(0, -s), border_radius=radius)
    face_top, face_low = _face_colours(theme, state)
    art.blit(_gradient_round_rect(face_rect.size, radius, face_top, face_low), face_rect.topleft)
    # Bevel: light from the top left. A soft bright rim inside the top-left of the face, a soft
    # shade inside the bottom-right, a bright lip along the top, a dark line at the edge.
    art.blit(_bevel_crescent(face_rect.size, radius, (255, 255, 255, 140), (2 * s, 2 * s)), face_rect.topleft)
    art.blit(_bevel_crescent(face_rect.size, radius, (*_shade(theme.tile_edge, 0.9), 110), (-2 * s, -2 * s)),
             face_rect.topleft)
    lip = face_rect.inflate(-radius, 0)
    pygame.draw.line(art, (255, 255, 255), (lip.left, face_rect.top + s), (lip.right, face_rect.top + s), s)
    pygame.draw.rect(art, _shade(theme.tile_edge, 0.8), face_rect, max(1, s // 2 + 1), border_radius=radius)
    _draw_state_outline(art, body, radius, theme, state, s)
    return art


@lru_cache(maxsize=64)
def _plain_body(size: int, theme: Theme, state: str) -> pygame.Surface:
    """The blank body at final size, for faces that are only text. Blit it, never draw on it."""
    return _reduce(_base_art(size, theme, state), size)


def _reduce(art: pygame.Surface, size: int) -> pygame.Surface:
    """Supersampled art down to final size, with a fully opaque interior."""
    width, height = size + 4, tile_height(size) + 4
    reduced = pygame.transform.smoothscale(art, (width, height))
    # Filtering leaves the interior at alpha 254; make everything inside the rim fully opaque.
    solid = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(solid, (0, 0, 0, 255), pygame.Rect(3, 3, size - 2, tile_height(size) - 2),
                     border_radius=max(1, _radius(size) - 1))
    reduced.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return reduced


def _bevel_crescent(size: tuple[int, int], radius: int, colour: tuple[int, int, int, int],
                    offset: tuple[int, int]) -> pygame.Surface:
    """The face's shape minus itself shifted by ``offset``: a thin rim on the side facing away
    from the shift (offset down-right lights the top-left rim)."""
    rim = pygame.Surface(size, pygame.SRCALPHA)
    shape = rim.get_rect()
    pygame.draw.rect(rim, colour, shape, border_radius=radius)
    pygame.draw.rect(rim, (0, 0, 0, 0), shape.move(offset), border_radius=radius)
    return rim


def _face_colours(theme: Theme, state: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    top, low = theme.tile_face, theme.tile_face_low
    tint = {"selected": (theme.selected, 0.10), "invalid": (theme.invalid, 0.08),
            "hover": ((255, 255, 255), 0.5), "hint": (theme.hint, 0.08)}.get(state)
    if tint is None:
        return top, low
    colour, amount = tint
    return _mix(top, colour, amount), _mix(low, colour, amount)


def _gradient_round_rect(size: tuple[int, int], radius: int, top: tuple[int, int, int],
                         bottom: tuple[int, int, int]) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient (the face's gentle curvature)."""
    column = pygame.Surface((1, 16), pygame.SRCALPHA)
    for y in range(16):
        t = (y / 15) ** 1.6
        column.set_at((0, y), (*_mix(top, bottom, t), 255))
    fill = pygame.transform.smoothscale(column, size)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return fill


def _draw_face_art(art: pygame.Surface, tile: TileFace, face: pygame.Rect, theme: Theme, colour_blind: bool) -> None:
    if isinstance(tile, CardFace):
        if tile.tile.is_joker:
            _draw_face_art(art, tile.tile, face, theme, False)
            return
        centre = (face.centerx, face.top + face.height * 0.70)
        tile_art.draw_suit(art, tile.tile.colour, centre, face.width * 0.46, theme.tile_colour(tile.tile.colour))
    elif isinstance(tile, Tile) and tile.is_joker:
        tile_art.draw_joker(art, face.inflate(-face.width // 10, -face.height // 8), theme.joker, theme.accent,
                            theme.tile_colour("K"))
    elif isinstance(tile, Tile) and colour_blind:
        centre = (face.centerx, face.top + face.height * 0.78)
        tile_art.draw_symbol(art, tile.colour, centre, face.width * 0.24, theme.tile_colour(tile.colour))


def _draw_state_outline(art: pygame.Surface, body: pygame.Rect, radius: int, theme: Theme, state: str, s: int) -> None:
    colour = {"selected": theme.selected, "invalid": theme.invalid, "hint": theme.hint}.get(state)
    if colour is None:
        return
    width = max(2 * s, round(body.width * (0.07 if state == "invalid" else 0.05)))
    pygame.draw.rect(art, colour, body.inflate(s, s), width, border_radius=radius + s)


def _draw_label(picture: pygame.Surface, tile: TileFace, body: pygame.Rect, theme: Theme, colour_blind: bool) -> None:
    """Numbers and letters, rendered at final size for crispness, engraved with a light lip."""
    face_height = body.height - max(2, round(body.height * 0.07))
    if isinstance(tile, CardFace):
        if not tile.tile.is_joker:
            rank = CARD_RANKS.get(tile.tile.number, str(tile.tile.number))
            size = round(body.width * (0.44 if len(rank) > 1 else 0.5))
            _blit_engraved(picture, tile_font(size), rank, theme.tile_colour(tile.tile.colour),
                           (body.centerx, body.top + face_height * 0.27))
        return
    if isinstance(tile, Tile):
        if tile.is_joker:
            return
        text, ink = str(tile.number), theme.tile_colour(tile.colour)
        centre_y = body.top + face_height * (0.40 if colour_blind else 0.47)
        _blit_engraved(picture, tile_font(round(body.width * 0.62)), text, ink, (body.centerx, centre_y))
        return
    ink = theme.tile_colour("B") if tile.blank else theme.tile_colour("K")
    if tile.letter:
        _blit_engraved(picture, tile_font(round(body.width * 0.66)), tile.letter.upper(), ink,
                       (body.centerx - body.width * 0.04, body.top + face_height * 0.48))
    if not tile.blank and tile.points:
        points = font(max(7, round(body.width * 0.24)), bold=True).render(str(tile.points), True, ink)
        picture.blit(points, points.get_rect(bottomright=(body.right - body.width * 0.1, body.top + face_height * 0.95)))


def _blit_engraved(picture: pygame.Surface, face_font: pygame.font.Font, text: str, ink: tuple[int, int, int],
                   centre: tuple[float, float]) -> None:
    glyphs = face_font.render(text, True, ink)
    rect = glyphs.get_rect(center=(round(centre[0]), round(centre[1])))
    lip = face_font.render(text, True, (255, 255, 255))
    lip.set_alpha(170)
    picture.blit(lip, rect.move(0, max(1, round(face_font.get_height() * 0.03))))
    picture.blit(glyphs, rect)


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def _shade(colour: tuple[int, ...], factor: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(c * factor))) for c in colour[:3])  # type: ignore[return-value]
