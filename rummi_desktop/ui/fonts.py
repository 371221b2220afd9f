"""The game's fonts, loaded from the package (never from the system) and cached per size.

Shipped faces (``rummi_desktop/assets/fonts``, SIL OFL 1.1, licences beside them):
- Lato Regular / Bold: interface text and numbers;
- Lato Black: tile numbers and letters (``tile_font``);
- Lobster Two Bold: titles (``display_font``).

A missing or corrupt font file never crashes the game: that face falls back to pygame's bundled
default font and the problem is listed by ``font_problems()`` so a scene can show it.
"""

from __future__ import annotations

import io
import struct
from functools import lru_cache
from importlib import resources
from typing import Callable

import pygame

FONT_FILES: dict[str, str] = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "heavy": "Lato-Black.ttf",
    "display": "LobsterTwo-Bold.otf",
}

_problems: dict[str, str] = {}
# Fonts die with pygame.quit() ("font module quit since font created"), so the cache is
# emptied by a quit hook, registered again after each quit.
_quit_hook = {"registered": False}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The interface face at ``size`` px (Lato; bold for buttons and headings)."""
    return _load("bold" if bold else "regular", int(size))


def display_font(size: int) -> pygame.font.Font:
    """The title face at ``size`` px (Lobster Two Bold)."""
    return _load("display", int(size))


def tile_font(size: int) -> pygame.font.Font:
    """The heavy face used for numbers and letters on tiles (Lato Black)."""
    return _load("heavy", int(size))


def face_source(face: str) -> bytes | None:
    """The face's font file as bytes (None when it fell back to pygame's default font), for
    asking which characters it has (ui/glyph_fallback.py)."""
    return _font_bytes(face)


def font_problems() -> list[str]:
    """One line per face that fell back to pygame's default font."""
    return [f"{FONT_FILES[face]}: {why}" for face, why in sorted(_problems.items())]


# Caches of pictures drawn with these fonts (shapes' text); emptied with the fonts, since a
# font swapped or reloaded would otherwise keep showing text rendered by the old one.
_dependent_caches: list[Callable[[], None]] = []


def when_fonts_cleared(clear: Callable[[], None]) -> None:
    """Have ``clear`` called each time the font cache is emptied (registered once)."""
    if clear not in _dependent_caches:
        _dependent_caches.append(clear)


def clear_font_cache() -> None:
    """Forget loaded fonts, and what was drawn with them (tests; or after pygame.font.quit())."""
    _load_cached.cache_clear()
    _font_bytes.cache_clear()
    _problems.clear()
    _quit_hook["registered"] = False
    for clear in _dependent_caches:
        clear()


@lru_cache(maxsize=None)
def _font_bytes(face: str) -> bytes | None:
    """The file's bytes, read once; None when it cannot be read or is not a whole font."""
    try:
        data = resources.files("rummi_desktop").joinpath("assets", "fonts", FONT_FILES[face]).read_bytes()
    except OSError as error:
        _problems[face] = f"cannot read it ({error.__class__.__name__})"
        return None
    reason = font_file_problem(data)
    if reason:
        _problems[face] = reason
        return None
    return data


FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"OTTO", b"true")
REQUIRED_TABLES = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")


def font_file_problem(data: bytes) -> str | None:
    """Why ``data`` is not a complete TrueType/OpenType font, or None if its structure is sound.

    Checked before pygame sees the bytes because pygame-ce "opens" a damaged font without
    complaint and then crashes the process (segfault) on the first measure or render.
    """
    if len(data) < 12 or data[:4] not in FONT_SIGNATURES:
        return "not a TrueType/OpenType font"
    (count,) = struct.unpack_from(">H", data, 4)
    if not 0 < count < 200 or len(data) < 12 + 16 * count:
        return "damaged font (bad table directory)"
    tags = set()
    for index in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if offset + length > len(data):
            return f"damaged font (table {tag.decode('latin-1')!r} runs past the end: truncated file?)"
        tags.add(tag)
    missing = [tag.decode() for tag in REQUIRED_TABLES if tag not in tags]
    if missing or not ({b"glyf", b"CFF ", b"CFF2"} & tags):
        return f"damaged font (missing tables {', '.join(missing) or 'glyf/CFF'})"
    return None


def _load(face: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        _load_cached.cache_clear()
        pygame.font.init()
    if not _quit_hook["registered"]:
        pygame.register_quit(clear_font_cache)
        _quit_hook["registered"] = True
    loaded = _load_cached(face, size)
    try:
        loaded.size("0")  # raises if the font module was quit and re-initialised since
    except pygame.error:
        _load_cached.cache_clear()
        loaded = _load_cached(face, size)
    return loaded


@lru_cache(maxsize=128)
def _load_cached(face: str, size: int) -> pygame.font.Font:
    size = max(1, size)
    data = _font_bytes(face)
    if data is not None:
        try:
            # Bytes in memory work the same from a wheel, a zip or a PyInstaller bundle.
            return pygame.font.Font(io.BytesIO(data), size)
        except (pygame.error, OSError, ValueError) as error:
            _problems[face] = f"not a usable font ({error})"
    return pygame.font.Font(None, size)
