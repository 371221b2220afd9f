"""The committed icons are what tools/make_icon.py draws, at every size, and the .ico/.icns
files really hold those PNGs."""

from __future__ import annotations

import importlib.util
import io
import struct
import sys
from pathlib import Path

import pygame
import pytest

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "rummi_desktop" / "assets" / "icons"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


make_icon = _load("make_icon", REPO / "tools" / "make_icon.py")


def load_png(data: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(data), "icon.png")


@pytest.mark.parametrize("size", make_icon.ICON_SIZES)
def test_each_icon_is_a_square_tile_on_felt_with_clear_corners(size):
    image = pygame.image.load(ICONS / f"rummi-desktop-{size}.png")
    assert image.get_size() == (size, size)
    assert image.get_at((0, 0)).a == 0  # rounded corner: transparent
    colours = [image.get_at((x, y)) for x in range(size) for y in range(size)]
    ivory = [c for c in colours if c.r > 220 and c.g > 210 and c.b > 180 and c.a == 255]
    red = [c for c in colours if c.r > 150 and c.g < 90 and c.b < 90 and c.a == 255]
    felt = [c for c in colours if c.g > c.r + 30 and c.g > c.b + 15 and c.a == 255]
    assert len(ivory) > size * size * 0.12  # a tile face
    assert len(red) > size * size * 0.01  # the red seven
    assert len(felt) > size * size * 0.2  # the table around it


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128])
def test_committed_icons_match_what_the_script_draws(size):
    """Same picture, allowing for anti-aliasing drift between pygame/SDL_ttf releases: fewer
    than 1 % of pixels may differ noticeably. Swapping the sevens' colours changes 2-7 % of
    them, a bolder number face 1-2 %, so design changes still fail here."""
    pygame.font.init()
    drawn = pygame.image.tobytes(make_icon.draw_icon(size), "RGBA")
    committed = pygame.image.tobytes(pygame.image.load(ICONS / f"rummi-desktop-{size}.png"), "RGBA")
    assert len(drawn) == len(committed)
    pixels = len(drawn) // 4
    changed = sum(1 for i in range(0, len(drawn), 4)
                  if max(abs(drawn[i + k] - committed[i + k]) for k in range(4)) > 32)
    assert changed < pixels * 0.01


def test_ico_holds_the_pngs_it_says_it_holds():
    data = (ICONS / "rummi-desktop.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    for index, size in enumerate(make_icon.ICO_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index)
        assert width == height == (0 if size == 256 else size)
        assert (planes, bits) == (1, 32)
        png = data[offset:offset + length]
        assert png == (ICONS / f"rummi-desktop-{size}.png").read_bytes()
        assert load_png(png).get_size() == (size, size)


def test_icns_holds_the_pngs_it_says_it_holds():
    data = (ICONS / "rummi-desktop.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    chunks, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        chunks[kind] = data[at + 8:at + length]
        at += length
    assert at == len(data)
    for size, kind in make_icon.ICNS_TYPES.items():
        assert load_png(chunks[kind]).get_size() == (size, size)
        assert chunks[kind] == (ICONS / f"rummi-desktop-{size}.png").read_bytes()


def test_ico_and_icns_packers_round_trip_arbitrary_data():
    fake = {16: b"sixteen", 256: b"two-five-six" * 3}
    ico = make_icon.ico_bytes(fake)
    _, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16)
    assert ico[offset:offset + length] == fake[256]
    icns = make_icon.icns_bytes(fake)
    assert icns.count(b"icp4") == 1 and icns.count(b"ic08") == 1
    assert struct.unpack(">I", icns[4:8])[0] == len(icns)
