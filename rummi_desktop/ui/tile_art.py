"""Vector art drawn on tile faces: colour-blind symbols and the joker's jester mask.

Everything here draws with plain polygons and circles onto a supersampled surface (the tile
renderer smoothscales it down), so the shapes come out anti-aliased and never depend on a font
having a glyph.
"""

from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]

# Colour letter -> shape name; chosen to differ in outline, not only in fill.
SYMBOL_SHAPES: dict[str, str] = {"K": "circle", "B": "square", "R": "triangle", "Y": "diamond"}


def draw_symbol(surface: pygame.Surface, colour_letter: str, centre: tuple[float, float],
                size: float, ink: Colour) -> None:
    """The colour-blind symbol for ``colour_letter`` (K ●, B ■, R ▲, Y ◆), ``size`` px across."""
    shape = SYMBOL_SHAPES[colour_letter]
    x, y = centre
    half = size / 2
    if shape == "circle":
        pygame.draw.circle(surface, ink, (round(x), round(y)), round(half * 0.92))
    elif shape == "square":
        side = size * 0.82
        pygame.draw.rect(surface, ink, pygame.Rect(round(x - side / 2), round(y - side / 2), round(side), round(side)),
                         border_radius=max(1, round(side * 0.12)))
    elif shape == "triangle":
        points = [(x, y - half * 1.02), (x + half * 1.05, y + half * 0.8), (x - half * 1.05, y + half * 0.8)]
        pygame.draw.polygon(surface, ink, points)
    else:
        points = [(x, y - half * 1.1), (x + half * 0.85, y), (x, y + half * 1.1), (x - half * 0.85, y)]
        pygame.draw.polygon(surface, ink, points)


# Colour letter -> playing-card suit, for the "cards" faces (the shapes differ, not only the ink).
SUITS: dict[str, str] = {"K": "spade", "B": "club", "R": "heart", "Y": "diamond"}


def draw_suit(surface: pygame.Surface, colour_letter: str, centre: tuple[float, float], size: float,
              ink: Colour) -> None:
    """The card suit of ``colour_letter`` (K ♠, B ♣, R ♥, Y ◆), about ``size`` px across."""
    suit = SUITS[colour_letter]
    x, y = centre
    half = size / 2
    lobe = half * 0.52
    if suit == "diamond":
        pygame.draw.polygon(surface, ink, [(x, y - half), (x + half * 0.72, y), (x, y + half), (x - half * 0.72, y)])
    elif suit == "heart":
        for side in (-1, 1):
            pygame.draw.circle(surface, ink, (round(x + side * lobe * 0.92), round(y - half * 0.32)), round(lobe))
        pygame.draw.polygon(surface, ink, [(x - half * 0.98, y - half * 0.18), (x + half * 0.98, y - half * 0.18),
                                           (x, y + half * 0.92)])
    elif suit == "spade":
        for side in (-1, 1):
            pygame.draw.circle(surface, ink, (round(x + side * lobe * 0.92), round(y + half * 0.18)), round(lobe))
        pygame.draw.polygon(surface, ink, [(x - half * 0.98, y + half * 0.06), (x + half * 0.98, y + half * 0.06),
                                           (x, y - half * 0.95)])
        _stem(surface, x, y, half, ink)
    else:  # club
        for dx, dy in ((0, -0.42), (-0.46, 0.1), (0.46, 0.1)):
            pygame.draw.circle(surface, ink, (round(x + dx * half), round(y + dy * half)), round(half * 0.36))
        _stem(surface, x, y, half, ink)


def _stem(surface: pygame.Surface, x: float, y: float, half: float, ink: Colour) -> None:
    pygame.draw.polygon(surface, ink, [(x, y + half * 0.1), (x + half * 0.34, y + half), (x - half * 0.34, y + half)])


def draw_joker(surface: pygame.Surface, box: pygame.Rect, main: Colour, trim: Colour, ink: Colour) -> None:
    """A grinning jester: three-pointed cap with bells above a round face with a wide smile.

    ``box`` is the face area of the tile; ``main`` colours the cap and mouth, ``trim`` the
    alternate cap panel and bells, ``ink`` the outlines. On a small tile (a sandbox palette's)
    the cap's points and their ink, which keep a least width, would reach past the tile's
    face and be cut off at its top corners: the jester is drawn apart and shrunk to fit then.
    """
    room = box.inflate(box.w // 12, box.h // 8)  # as far as the jester may reach: inside the face
    jester = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    _draw_jester(jester, box, main, trim, ink)
    drawn = jester.get_bounding_rect()
    if room.contains(drawn):
        surface.blit(jester, (0, 0))
        return
    scale = min(room.w / drawn.w, room.h / drawn.h)
    picture = pygame.transform.smoothscale(jester.subsurface(drawn), (math.floor(drawn.w * scale),
                                                                       math.floor(drawn.h * scale)))
    surface.blit(picture, picture.get_rect(midbottom=(room.centerx, min(drawn.bottom, room.bottom))))


def _draw_jester(surface: pygame.Surface, box: pygame.Rect, main: Colour, trim: Colour, ink: Colour) -> None:
    cx = box.centerx
    face_r = box.width * 0.30
    face_cy = box.top + box.height * 0.63
    _draw_cap(surface, cx, face_cy - face_r * 0.78, face_r, main, trim, ink)
    # Face: a warm ivory disc with a fine ink rim.
    pygame.draw.circle(surface, ink, (cx, round(face_cy)), round(face_r + max(2, face_r * 0.07)))
    pygame.draw.circle(surface, (255, 246, 228), (cx, round(face_cy)), round(face_r))
    _draw_eyes(surface, cx, face_cy, face_r, ink)
    _draw_smile(surface, cx, face_cy, face_r, main, ink)
    for side in (-1, 1):  # rosy cheeks
        cheek = pygame.Surface((round(face_r * 0.5),) * 2, pygame.SRCALPHA)
        pygame.draw.circle(cheek, (236, 112, 122, 105), (cheek.get_width() // 2,) * 2, cheek.get_width() // 2)
        surface.blit(cheek, (round(cx + side * face_r * 0.58 - cheek.get_width() / 2), round(face_cy + face_r * 0.05)))


def _draw_cap(surface: pygame.Surface, cx: float, brim_y: float, face_r: float,
              main: Colour, trim: Colour, ink: Colour) -> None:
    """Three floppy points fanning up from the brim, each ending in a round bell."""
    brim_half = face_r * 1.05
    tips = [(-face_r * 1.3, -face_r * 0.95), (0.0, -face_r * 1.4), (face_r * 1.3, -face_r * 0.95)]
    colours = (main, trim, main)
    outline = max(2, round(face_r * 0.06))
    for index, (tip_dx, tip_dy) in enumerate(tips):
        left = cx - brim_half + index * (2 * brim_half / 3)
        right = left + 2 * brim_half / 3
        tip = (cx + tip_dx, brim_y + tip_dy)
        points = _curved_point(left, right, brim_y, tip, bulge=(index - 1) * face_r * 0.35)
        pygame.draw.polygon(surface, ink, points, outline * 2)
        pygame.draw.polygon(surface, colours[index], points)
    for tip_dx, tip_dy in tips:
        bell = (round(cx + tip_dx), round(brim_y + tip_dy))
        pygame.draw.circle(surface, ink, bell, round(face_r * 0.2))
        pygame.draw.circle(surface, trim, bell, round(face_r * 0.2) - outline)
        pygame.draw.circle(surface, (255, 255, 255), (bell[0] - round(face_r * 0.05), bell[1] - round(face_r * 0.05)),
                           max(1, round(face_r * 0.05)))
    band = pygame.Rect(0, 0, round(brim_half * 2.1), round(face_r * 0.32))
    band.center = (round(cx), round(brim_y + face_r * 0.06))
    pygame.draw.rect(surface, ink, band.inflate(outline * 2, outline * 2), border_radius=band.height)
    pygame.draw.rect(surface, trim, band, border_radius=band.height)


def _curved_point(left: float, right: float, base_y: float, tip: tuple[float, float],
                  bulge: float) -> list[tuple[float, float]]:
    """A cap point: two gently curved sides from the brim segment to the tip."""
    points = []
    steps = 10
    for start, sign in ((left, -1), (right, 1)):
        side = []
        for i in range(steps + 1):
            t = i / steps
            x = start + (tip[0] - start) * t + math.sin(t * math.pi) * (bulge + sign * 6)
            y = base_y + (tip[1] - base_y) * (t ** 0.9)
            side.append((x, y))
        points.extend(side if sign < 0 else reversed(side))
    return points


def _draw_eyes(surface: pygame.Surface, cx: float, cy: float, r: float, ink: Colour) -> None:
    """Happy closed eyes: two small upward arcs, drawn as thick polylines."""
    width = max(2, round(r * 0.11))
    for side in (-1, 1):
        ex, ey = cx + side * r * 0.38, cy - r * 0.18
        arc = [(ex + math.cos(a) * r * 0.2, ey - math.sin(a) * r * 0.16)
               for a in (math.pi * k / 8 for k in range(1, 8))]
        pygame.draw.lines(surface, ink, False, arc, width)
        for end in (arc[0], arc[-1]):
            pygame.draw.circle(surface, ink, (round(end[0]), round(end[1])), width // 2)


def _draw_smile(surface: pygame.Surface, cx: float, cy: float, r: float, main: Colour, ink: Colour) -> None:
    """A wide grin: a crescent between two arcs, filled with the main colour, inked rim."""
    outer = [(cx + math.cos(a) * r * 0.62, cy + r * 0.08 + math.sin(a) * r * 0.55)
             for a in (math.pi * (0.08 + 0.84 * k / 16) for k in range(17))]
    inner = [(cx + math.cos(a) * r * 0.56, cy + r * 0.08 + math.sin(a) * r * 0.22)
             for a in (math.pi * (0.92 - 0.84 * k / 16) for k in range(17))]
    mouth = outer + inner
    pygame.draw.polygon(surface, ink, mouth, max(2, round(r * 0.08)))
    pygame.draw.polygon(surface, main, mouth)
