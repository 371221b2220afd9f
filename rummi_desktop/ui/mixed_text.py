"""Text whose characters are not all in the face drawing it, drawn run by run on one baseline:
the face's own runs; symbols painted as shapes (``drawn_symbols``: ✓ ★); letters from a
fallback font of this computer (``glyph_fallback``: Chinese, Japanese, Korean names); and a
marked block for a letter no font has. ``shapes.text`` sends text here only when it needs it,
so plain text keeps the one-call fast path.
"""

from __future__ import annotations

from typing import Any

import pygame

from rummi_desktop.ui import glyph_fallback
from rummi_desktop.ui.drawn_symbols import PAINTERS, symbol_surface, symbol_width
from rummi_desktop.ui.fonts import when_fonts_cleared

FontSource = str | bytes | None  # a font file, its bytes, or None for pygame's default font
when_fonts_cleared(glyph_fallback.forget_fonts)  # its fonts die with pygame.quit() like ours


def lacks(source: FontSource, char: str) -> bool:
    return ord(char) > 127 and char.isprintable() and not glyph_fallback.covers(source, char)


def needs_mixing(message: str, source: FontSource) -> bool:
    """Whether ``message`` has a symbol to paint or a character the face lacks."""
    return not message.isascii() and any(char in PAINTERS or lacks(source, char) for char in message)


def _how(char: str, source: FontSource, size: int) -> Any:
    """How one character is drawn: "face", "symbol", a fallback Font, or "missing"."""
    if char in PAINTERS:
        return "symbol"
    if not lacks(source, char):
        return "face"
    found = glyph_fallback.fallback_font(char, size)
    if found is None:
        glyph_fallback.note_missing(char)
        return "missing"
    return found


def render_mixed(face: pygame.font.Font, source: FontSource, size: int, message: str,
                 colour: tuple[int, int, int]) -> pygame.Surface:
    """``message`` as ``face`` would draw it, each character it lacks drawn another way."""
    pieces: list[tuple[pygame.Surface, int, int]] = []  # (picture, its ascent, its line height)
    run, run_how = "", None
    for char in message + "\0":  # a sentinel ends the last run
        how = _how(char, source, size) if char != "\0" else None
        if run and (how != run_how or how in ("symbol", "missing")):
            pieces.append(_piece(face, run, run_how, colour))
            run = ""
        run, run_how = run + char, how
    # one baseline; as tall as the face's line (as plain text is), taller only for a taller font
    ascent = max((piece_ascent for _, piece_ascent, _ in pieces), default=face.get_ascent())
    below = max((height - piece_ascent for _, piece_ascent, height in pieces), default=0)
    out = pygame.Surface((sum(picture.get_width() for picture, _, _ in pieces), ascent + below), pygame.SRCALPHA)
    x = 0
    for picture, picture_ascent, _ in pieces:
        out.blit(picture, (x, ascent - picture_ascent))
        x += picture.get_width()
    return out


def _piece(face: pygame.font.Font, run: str, how: Any,
           colour: tuple[int, int, int]) -> tuple[pygame.Surface, int, int]:
    if how == "symbol":
        picture = symbol_surface(run, face.get_height(), symbol_width(face, run), colour)
    elif how == "missing":
        picture = glyph_fallback.missing_mark(face, colour)
    else:
        drawing = face if how == "face" else how
        return drawing.render(run, True, colour), drawing.get_ascent(), drawing.get_height()
    return picture, face.get_ascent(), face.get_height()
