"""Letters the shipped fonts lack (Chinese, Japanese, Korean names and more): drawn with a font
of this computer that has them, or as a marked block, never as the font's empty box.

Lato covers Latin, Greek and Cyrillic; a CJK font would add about 16 MiB to an installer meant
to stay under 45 MiB, so none is shipped. Instead, for each character our face lacks, the
computer's fonts are asked in turn: well-known CJK and wide-coverage families by name (through
pygame's sysfont, which knows Windows', macOS' and fontconfig's fonts), then on Linux and BSD
fontconfig by character (``fc-list :charset=…``). The first font that really has the glyph
(``pygame.freetype`` says None for a missing one) draws it. Where no font has it, a filled
block in the text's colour stands in — unlike the shipped face's box with a question mark, it
cannot be read as a letter — and ``take_missing_notice`` has the player told once, in words.

Everything found is cached per character and per font file; ``reset`` forgets it (tests).
"""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import lru_cache
from typing import Callable, Iterable

import pygame
import pygame.freetype

# pygame.sysfont's names (lower case, no spaces) of fonts with CJK glyphs, on the systems where
# they usually are: Linux (Noto, Source Han, WenQuanYi, Droid, Unifont), Windows (YaHei, JhengHei,
# Meiryo, Yu Gothic, MS Gothic, Malgun, SimSun), macOS (PingFang, Hiragino, Apple SD Gothic).
FALLBACK_FAMILIES = (
    "notosanscjksc", "notosanscjkjp", "notosanscjkkr", "notosanscjk", "notosanssc", "notosansjp",
    "notosanskr", "sourcehansans", "sourcehansanssc", "wenquanyizenhei", "wenquanyimicrohei",
    "droidsansfallback", "droidsansfallbackfull", "microsoftyahei", "microsoftjhenghei", "meiryo",
    "yugothic", "msgothic", "malgungothic", "simsun", "pingfangsc", "hiraginosans", "hiraginosansgb",
    "applesdgothicneo", "arialunicodems", "unifont", "dejavusans", "freesans",
)
FONTCONFIG_SECONDS = 3.0
MISSING_NOTICE = ("Some names use letters no font on this computer has, so they show as solid "
                  "blocks. Installing a font with those letters (Noto Sans CJK, for one) shows them.")

_missing_seen: set[str] = set()
_notice: dict[str, bool] = {"told": False}


def forget_fonts() -> None:
    """Drop the opened fonts (they die with pygame.quit(); the fonts' cache clear calls this)."""
    _covers.cache_clear()
    _freetype_of.cache_clear()
    _font_at.cache_clear()


def reset() -> None:
    """Forget fonts found and characters missed, as at start (tests)."""
    forget_fonts()
    font_for_character.cache_clear()
    _named_candidates.cache_clear()
    _missing_seen.clear()
    _notice["told"] = False


# -- what a font has -------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _freetype_of(source: str | bytes | None) -> "pygame.freetype.Font | None":
    """A freetype face for coverage questions: a file path, a font's bytes, or None (pygame's
    own default font). None when it cannot be opened."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        if isinstance(source, bytes):
            return pygame.freetype.Font(io.BytesIO(source), 12)
        return pygame.freetype.Font(source, 12)
    except (OSError, pygame.error, ValueError):
        return None


@lru_cache(maxsize=4096)
def _covers(source: str | bytes | None, char: str) -> bool:
    face = _freetype_of(source)
    if face is None:
        return False
    try:
        return face.get_metrics(char)[0] is not None
    except (pygame.error, ValueError):
        return False


def covers(source: str | bytes | None, char: str) -> bool:
    """Whether the font (a path, its bytes, or None for pygame's default) has a glyph for ``char``."""
    return _covers(source, char)


# -- finding a font of this computer that has a character -------------------------------------------
@lru_cache(maxsize=1)
def _named_candidates() -> tuple[str, ...]:
    found: list[str] = []
    for family in FALLBACK_FAMILIES:
        path = pygame.font.match_font(family)
        if path and path not in found:
            found.append(path)
    return tuple(found)


def fontconfig_fonts_with(char: str) -> list[str]:
    """Font files fontconfig says have ``char`` (empty where there is no fontconfig)."""
    program = shutil.which("fc-list")
    if program is None:
        return []
    try:
        result = subprocess.run([program, f":charset={ord(char):x}", "file"], capture_output=True,
                                text=True, timeout=FONTCONFIG_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    files = [line.strip().rstrip(":").strip() for line in result.stdout.splitlines()]
    return sorted(path for path in files if path.lower().endswith((".ttf", ".otf", ".ttc")))


def candidate_fonts(char: str) -> Iterable[str]:
    """Font files to ask, best first: the named families, then fontconfig's for ``char``."""
    yield from _named_candidates()
    yield from fontconfig_fonts_with(char)


# The search, replaceable by tests (a font made for the test instead of the machine's fonts).
candidate_source: dict[str, Callable[[str], Iterable[str]]] = {"find": candidate_fonts}


@lru_cache(maxsize=4096)
def font_for_character(char: str) -> str | None:
    """The first font file of this computer with a glyph for ``char``, or None."""
    for path in candidate_source["find"](char):
        if covers(path, char):
            return path
    return None


@lru_cache(maxsize=32)
def _font_at(path: str, size: int) -> "pygame.font.Font | None":
    try:
        return pygame.font.Font(path, size)
    except (OSError, pygame.error, ValueError):
        return None


def fallback_font(char: str, size: int) -> "pygame.font.Font | None":
    """A pygame font of ``size`` px that draws ``char``, from this computer's fonts, or None."""
    path = font_for_character(char)
    return _font_at(path, size) if path is not None else None


# -- where no font has it ---------------------------------------------------------------------------
def missing_mark(face: "pygame.font.Font", colour: tuple[int, int, int]) -> pygame.Surface:
    """The stand-in for a character no font has: a filled, rounded block in the text's colour,
    as wide as a CJK letter is (about one em), as tall as the face's capitals."""
    height, ascent = face.get_height(), face.get_ascent()
    width = max(6, round(height * 0.8))
    top = round(ascent * 0.18)
    out = pygame.Surface((width + 2, height), pygame.SRCALPHA)
    block = pygame.Rect(1, top, width, max(3, ascent - top))
    pygame.draw.rect(out, (*colour, 190), block, border_radius=max(1, width // 6))
    return out


def note_missing(char: str) -> None:
    _missing_seen.add(char)


def take_missing_notice() -> str | None:
    """The words to tell the player, the first time a character had no font (then None)."""
    if not _missing_seen or _notice["told"]:
        return None
    _notice["told"] = True
    return MISSING_NOTICE
