"""Long text on screen: a small Markdown subset laid out once into a scrollable page.

Understood: ``# heading``, ``## subheading``, ``- bullet``, blank-line paragraphs, tables
(each row becomes a bullet: "first cell — Header: cell; Header: cell"),
``**bold**`` / backticks (dropped) and ``[text](url)`` links (shown as "text (url)"). The page is
rendered into one tall surface per (text, width, theme) and blitted with a scroll offset.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.ui import shapes

if TYPE_CHECKING:
    from rummi_desktop.ui.theme import Theme

LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
STYLES = {"h1": (34, True), "h2": (24, True), "p": (20, False), "bullet": (20, False)}
FADE = 18  # px over which text fades out at the top and bottom of its window
SPACE_BEFORE = {"h1": 14, "h2": 14, "p": 8, "bullet": 4}


def parse_blocks(markdown: str) -> list[tuple[str, str]]:
    """Markdown-lite text → [(style, text)], style one of h1, h2, p, bullet."""
    blocks: list[tuple[str, str]] = []
    paragraph: list[str] = []
    table_headers: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("p", " ".join(paragraph)))
            paragraph.clear()

    for raw in markdown.splitlines():
        line = _clean(raw.strip())
        if line.startswith("|"):
            flush()
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if all(set(cell) <= set("-: ") for cell in cells):
                continue  # the |---|---| separator
            if not table_headers:
                table_headers = cells
                continue
            blocks.append(("bullet", _table_row(table_headers, cells)))
            continue
        table_headers = [] if not line else table_headers
        if not line:
            flush()
        elif line.startswith("## ") or line.startswith("### "):
            flush()
            blocks.append(("h2", line.lstrip("#").strip()))
        elif line.startswith("# "):
            flush()
            blocks.append(("h1", line[2:].strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            blocks.append(("bullet", line[2:].strip()))
        elif blocks and blocks[-1][0] == "bullet" and not paragraph and raw.startswith("  "):
            blocks[-1] = ("bullet", blocks[-1][1] + " " + line)  # a bullet's continuation line
        else:
            paragraph.append(line)
    flush()
    return blocks


def _table_row(headers: list[str], cells: list[str]) -> str:
    details = "; ".join(f"{header}: {cell}" for header, cell in zip(headers[1:], cells[1:]) if cell)
    return f"{cells[0]} — {details}" if details else cells[0]


def _clean(line: str) -> str:
    line = LINK.sub(lambda m: m.group(1) if m.group(1) == m.group(2) else f"{m.group(1)} ({m.group(2)})", line)
    return line.replace("**", "").replace("`", "")


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to ``width`` px (a single over-long word gets a line of its own)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and font.size(candidate)[0] > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def render_page(blocks: list[tuple[str, str]], width: int, theme: "Theme") -> pygame.Surface:
    """All blocks laid out top to bottom on one transparent surface ``width`` px wide."""
    from rummi_desktop.ui.fonts import font

    pieces: list[tuple[pygame.Surface, int, int]] = []  # (surface, x, y)
    y = FADE  # blank margins as tall as the fades, so the first and last lines show in full
    for style, text in blocks:
        size, bold = STYLES[style]
        face = font(size, bold)
        y += SPACE_BEFORE[style] if pieces else 0
        indent = 26 if style == "bullet" else 0
        colour = theme.accent if style in ("h1", "h2") else theme.text
        for number, line in enumerate(wrap(text, face, width - indent)):
            if style == "bullet" and number == 0:
                dot = pygame.Surface((8, 8), pygame.SRCALPHA)
                pygame.draw.circle(dot, theme.accent, (4, 4), 4)
                pieces.append((dot, 8, y + face.get_ascent() // 2))
            pieces.append((face.render(line, True, colour), indent, y))
            y += face.get_linesize()
    page = pygame.Surface((width, y + FADE), pygame.SRCALPHA)
    for picture, x, top in pieces:
        page.blit(picture, (x, top))
    return page


class ScrollingText:
    """A page of text inside ``rect``; ``scroll(px)`` moves it, clamped to the ends."""

    def __init__(self, rect: pygame.Rect, markdown: str) -> None:
        self.rect = pygame.Rect(rect)
        self.blocks = parse_blocks(markdown)
        self.offset = 0.0
        self._page: tuple[str, pygame.Surface] | None = None
        self._mask: pygame.Surface | None = None

    def page(self, theme: "Theme") -> pygame.Surface:
        if self._page is None or self._page[0] != theme.name:
            self._page = (theme.name, render_page(self.blocks, self.rect.width - 16, theme))
        return self._page[1]

    def max_offset(self, theme: "Theme") -> float:
        return max(0.0, self.page(theme).get_height() - self.rect.height)

    def scroll(self, pixels: float, theme: "Theme") -> None:
        self.offset = min(self.max_offset(theme), max(0.0, self.offset + pixels))

    def _fade_mask(self) -> pygame.Surface:
        """White with alpha falling to 0 over the top and bottom edges: text fades, not cuts."""
        if self._mask is None:
            mask = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            mask.fill((255, 255, 255, 255))
            for y in range(FADE):
                alpha = round(255 * y / FADE)
                pygame.draw.line(mask, (255, 255, 255, alpha), (0, y), (self.rect.width, y))
                pygame.draw.line(mask, (255, 255, 255, alpha), (0, self.rect.height - 1 - y),
                                 (self.rect.width, self.rect.height - 1 - y))
            self._mask = mask
        return self._mask

    def draw(self, surface: pygame.Surface, theme: "Theme") -> None:
        page = self.page(theme)
        visible = pygame.Rect(0, round(self.offset), self.rect.width, self.rect.height)
        window = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        window.blit(page, (0, 0), visible)
        window.blit(self._fade_mask(), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(window, self.rect.topleft)
        limit = self.max_offset(theme)
        if limit > 0:  # a slim scroll bar on the right
            bar_height = max(40, self.rect.height * self.rect.height // page.get_height())
            y = self.rect.y + (self.rect.height - bar_height) * (self.offset / limit)
            bar = pygame.Rect(self.rect.right - 6, round(y), 6, bar_height)
            pygame.draw.rect(surface, shapes.mix(theme.panel[:3], theme.text, 0.45), bar, border_radius=3)
