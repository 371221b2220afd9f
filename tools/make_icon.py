"""Draw the Rummi Desktop icon: ivory tiles with coloured numbers on green felt.

Two sevens, blue and red, fanned on the felt: the start of a group, the game in one picture.

Run from the repository root:  ``python tools/make_icon.py``

Writes ``rummi_desktop/assets/icons/rummi-desktop-<N>.png`` for every size in ``ICON_SIZES``
plus ``rummi-desktop.ico`` (Windows) and ``rummi-desktop.icns`` (macOS), both packed from the
same PNGs so the build needs no image library. The drawing is deterministic: the same pygame
gives the same pixels, which the tests check.

Every size is drawn at ``SUPERSAMPLE`` times its size and scaled down: pygame's shape drawing
has no anti-aliasing, and averaging the big picture gives smooth rounded corners. Small sizes
(≤ 48 px) get a simpler picture — one big tile — because two fanned tiles turn into mush there.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ICON_DIR = REPO / "rummi_desktop" / "assets" / "icons"
NUMBER_FONT = REPO / "rummi_desktop" / "assets" / "fonts" / "Lato-Black.ttf"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
SUPERSAMPLE = 4
SMALL_ICON_LIMIT = 48

FELT = (28, 104, 62)
FELT_CENTRE = (44, 134, 82)
FELT_RIM = (14, 64, 38)
TILE_FACE = (250, 243, 226)
TILE_FACE_TOP = (255, 252, 243)
TILE_EDGE = (196, 180, 150)
TILE_BEVEL_DARK = (222, 208, 182)
RED = (200, 36, 42)
BLUE = (28, 86, 176)

# ICNS chunk types holding PNG data, by pixel size (Apple's "icp4"… "ic10" family).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
ICO_SIZES = (16, 32, 48, 64, 128, 256)


def icon_png_path(size: int, folder: Path = ICON_DIR) -> Path:
    return folder / f"rummi-desktop-{size}.png"


def number_font(px: int) -> pygame.font.Font:
    """Lato Black when the shipped font is there, else pygame's own font (still a bold face)."""
    if NUMBER_FONT.is_file():
        return pygame.font.Font(NUMBER_FONT, px)
    fallback = pygame.font.Font(None, int(px * 1.3))
    fallback.bold = True
    return fallback


def draw_felt(canvas: pygame.Surface) -> None:
    """A rounded felt square: a lighter centre fading to a dark rim, like a lit card table."""
    c = canvas.get_width()
    radius = int(c * 0.2)
    base = pygame.Rect(0, 0, c, c).inflate(-int(c * 0.04), -int(c * 0.04))
    pygame.draw.rect(canvas, FELT_RIM, base, border_radius=radius)
    felt = pygame.Surface((c, c), pygame.SRCALPHA)
    inner = base.inflate(-int(c * 0.035), -int(c * 0.035))
    pygame.draw.rect(felt, FELT, inner, border_radius=int(radius * 0.85))
    # Concentric discs blend the centre light in; clipped to the felt by BLEND_RGB_MAX on alpha 0.
    glow = pygame.Surface((c, c), pygame.SRCALPHA)
    steps = 24
    for step in range(steps):
        t = step / steps
        colour = [int(FELT[i] + (FELT_CENTRE[i] - FELT[i]) * t) for i in range(3)]
        pygame.draw.circle(glow, (*colour, 255), (c // 2, int(c * 0.42)), int(c * 0.62 * (1 - t)))
    felt.blit(glow, (0, 0), special_flags=pygame.BLEND_RGB_MAX)
    canvas.blit(felt, (0, 0))


def tile_surface(width: int, number: str, colour: tuple[int, int, int], dot: bool) -> pygame.Surface:
    """One ivory tile (height 1.35 × width): edge, bevel, a bold number, the maker's dot."""
    height = int(width * 1.35)
    radius = int(width * 0.16)
    tile = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(tile, TILE_EDGE, tile.get_rect(), border_radius=radius)
    face = tile.get_rect().inflate(-int(width * 0.05), -int(width * 0.05))
    pygame.draw.rect(tile, TILE_BEVEL_DARK, face, border_radius=int(radius * 0.9))
    top = face.inflate(-int(width * 0.05), -int(width * 0.08)).move(0, -int(width * 0.03))
    pygame.draw.rect(tile, TILE_FACE, top, border_radius=int(radius * 0.8))
    tile.blit(face_shine(top.size, int(radius * 0.8)), top)
    label = number_font(int(height * (0.5 if dot else 0.66))).render(number, True, colour)
    centre_y = top.centery - (int(height * 0.08) if dot else 0)
    tile.blit(label, label.get_rect(center=(top.centerx, centre_y)))
    if dot:
        pygame.draw.circle(tile, colour, (top.centerx, int(top.bottom - height * 0.14)),
                           max(1, int(width * 0.07)))
    return tile


def face_shine(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A light wash fading from the top of the face down, as if lit from above."""
    shine = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shine, (*TILE_FACE_TOP, 255), shine.get_rect(), border_radius=radius)
    fade = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(size[1]):
        alpha = max(0, int(255 * (1 - y / (size[1] * 0.6))))
        pygame.draw.line(fade, (255, 255, 255, alpha), (0, y), (size[0], y))
    shine.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return shine


def shadow_of(surface: pygame.Surface, blur: int) -> pygame.Surface:
    """A soft dark copy of the surface's shape, for a drop shadow under a tile."""
    pad = blur * 2
    shadow = pygame.Surface((surface.get_width() + pad * 2, surface.get_height() + pad * 2),
                            pygame.SRCALPHA)
    shape = surface.copy()
    shape.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    shape.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_MIN)
    shadow.blit(shape, (pad, pad))
    return pygame.transform.gaussian_blur(shadow, max(1, blur))


def place_tile(canvas: pygame.Surface, tile: pygame.Surface, centre: tuple[int, int],
               angle: float) -> None:
    c = canvas.get_width()
    turned = pygame.transform.rotate(tile, angle) if angle else tile
    shadow = shadow_of(turned, int(c * 0.02))
    offset = int(c * 0.025)
    canvas.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    canvas.blit(turned, turned.get_rect(center=centre))


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` px, drawn big and averaged down."""
    c = size * SUPERSAMPLE
    canvas = pygame.Surface((c, c), pygame.SRCALPHA)
    draw_felt(canvas)
    if size <= SMALL_ICON_LIMIT:
        place_tile(canvas, tile_surface(int(c * 0.56), "7", RED, dot=False), (c // 2, c // 2), 0)
    else:
        place_tile(canvas, tile_surface(int(c * 0.42), "7", BLUE, dot=True),
                   (int(c * 0.36), int(c * 0.47)), 12)
        place_tile(canvas, tile_surface(int(c * 0.44), "7", RED, dot=True),
                   (int(c * 0.61), int(c * 0.53)), -6)
    return pygame.transform.smoothscale(canvas, (size, size))


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNGs (allowed since Vista; 256 is stored as 0)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns made of PNG chunks: 'icns', total length, then (type, length, data)."""
    chunks = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", len(pngs[size]) + 8) + pngs[size]
        for size in sorted(pngs) if size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", len(chunks) + 8) + chunks


def write_icons(folder: Path) -> list[Path]:
    """Draw every size into ``folder`` and pack the .ico and .icns; return the files written."""
    pygame.font.init()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    pngs: dict[int, bytes] = {}
    for size in ICON_SIZES:
        path = icon_png_path(size, folder)
        pygame.image.save(draw_icon(size), path)
        pngs[size] = path.read_bytes()
        written.append(path)
    outputs = {
        folder / "rummi-desktop.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
        folder / "rummi-desktop.icns": icns_bytes(pngs),
    }
    for path, data in outputs.items():
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICON_DIR, help="folder for the icon files")
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
