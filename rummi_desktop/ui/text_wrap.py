"""Text that must stay inside a width: one line cut with "…", or lines wrapped at spaces with a
word too long for a line broken inside it (a hostile 200-letter word never leaves its box).
Widths are measured on the rendered text, so fallback glyphs (wide letters) count as drawn."""

from __future__ import annotations

from typing import Any

from rummi_desktop.ui import shapes


def _width(words: str, size: int, bold: bool) -> int:
    return shapes.text(words, size, (255, 255, 255), bold=bold).get_width()


def fitted_text(words: str, size: int, colour: Any, width: int, bold: bool = False) -> "shapes.pygame.Surface":
    """``words`` rendered, cut with "…" to ``width``."""
    return shapes.text(cut_text(words, size, width, bold), size, colour, bold=bold)


def cut_text(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words`` as they fit ``width``: whole, or cut with "…"."""
    if _width(words, size, bold) <= width:
        return words
    keep = _longest_fit(words, size, bold, width, "…")
    return words[:keep].rstrip() + "…"


def text_width(words: str, size: int, bold: bool = False) -> int:
    return _width(words, size, bold)


def _longest_fit(words: str, size: int, bold: bool, width: int, suffix: str = "") -> int:
    """How many of ``words``' first characters fit ``width`` (with ``suffix``); at least one."""
    low, high = 1, len(words)
    while low < high:
        middle = (low + high + 1) // 2
        if _width(words[:middle] + suffix, size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def wrapped_lines(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``words`` in lines no wider than ``width``: broken at spaces, and inside a word that
    alone is wider than a line."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        candidate = f"{current} {word}" if current else word
        if _width(candidate, size, bold) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while len(word) > 1 and _width(word, size, bold) > width:
            cut = _longest_fit(word, size, bold, width)
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines
