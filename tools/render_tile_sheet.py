"""Render a contact sheet of tiles on each theme's felt, to eyeball the tile renderer.

    python tools/render_tile_sheet.py [OUT_DIR]     (default: ./shots)

Writes one PNG per theme: all colours 1–13, the joker, every state, colour-blind symbols on
and off, letter tiles, and a few large tiles; prints felt and tile-cache timings.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from rummi_desktop.tiles import COLOURS, JOKER, Tile  # noqa: E402
from rummi_desktop.ui.felt import build_table, felt_area  # noqa: E402
from rummi_desktop.ui.fonts import display_font, font  # noqa: E402
from rummi_desktop.ui.theme import load_themes  # noqa: E402
from rummi_desktop.ui.tile_render import STATES, LetterFace, TileRenderer, tile_height  # noqa: E402

SIZE = 46
GAP = 8


def render_sheet(theme, renderer: TileRenderer) -> pygame.Surface:
    sheet = build_table(theme, (1280, 800)).copy()
    area = felt_area(sheet.get_size())
    title = display_font(44).render(f"Rummi Desktop · {theme.title}", True, theme.text)
    sheet.blit(title, (area.x + 24, area.y + 10))
    x0, y = area.x + 24, area.y + 76
    step, row_step = SIZE + GAP, tile_height(SIZE) + 18
    for row, colour in enumerate(COLOURS):
        for number in range(1, 14):
            renderer.draw(sheet, Tile(colour, number), (x0 + (number - 1) * step, y + row * row_step), SIZE, theme,
                          colour_blind=row % 2 == 1)
    y += 4 * row_step + 8
    for index, state in enumerate(STATES):
        x = x0 + index * (step + 24)
        renderer.draw(sheet, Tile("R", 7), (x, y), SIZE, theme, state)
        renderer.draw(sheet, JOKER, (x, y + row_step), SIZE, theme, state)
        label = font(14).render(state, True, theme.text_muted)
        sheet.blit(label, (x, y + 2 * row_step - 12))
    letters = [LetterFace("A", 1), LetterFace("Q", 10), LetterFace("Z", 10), LetterFace("W", 4),
               LetterFace("E", 0, blank=True), LetterFace("", 0, blank=True)]
    for index, face in enumerate(letters):
        renderer.draw(sheet, face, (x0 + index * step, y + 2 * row_step + 16), SIZE, theme,
                      "invalid" if index == 3 else "normal")
    big_x = x0 + 13 * step + 40
    for index, face in enumerate([Tile("K", 13), Tile("Y", 8), JOKER, LetterFace("R", 1)]):
        renderer.draw(sheet, face, (big_x + (index % 2) * 118, area.y + 90 + (index // 2) * 160), 96, theme,
                      colour_blind=index == 1)
    for index, colour in enumerate(COLOURS):
        renderer.draw(sheet, Tile(colour, 10 + index), (big_x + index * 60, area.y + 440), 52, theme,
                      "hint" if index == 2 else "normal", colour_blind=True)
    return sheet


def main(out_dir: str = "shots") -> int:
    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    themes, problems = load_themes()
    for problem in problems:
        print("theme problem:", problem)
    for theme in themes.values():
        start = time.perf_counter()
        build_table(theme, (1280, 800))
        felt_ms = 1000 * (time.perf_counter() - start)
        renderer = TileRenderer()
        start, start_cpu = time.perf_counter(), time.process_time()
        for face in [Tile(c, n) for c in COLOURS for n in range(1, 14)] + [JOKER]:
            renderer.surface(face, SIZE, theme)
        fill_ms = 1000 * (time.perf_counter() - start)
        fill_cpu = 1000 * (time.process_time() - start_cpu)
        pygame.image.save(render_sheet(theme, renderer), str(Path(out_dir) / f"tiles_{theme.name}.png"))
        print(f"{theme.name:9s} felt 1280x800 {felt_ms:5.1f} ms; 53 faces at {SIZE}px {fill_ms:6.1f} ms "
              f"({fill_ms / 53:.2f} ms each; CPU {fill_cpu:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
