"""The small chip a server game's table shows at the top right: connected, reconnecting or
offline (the banner says so too when it changes, but the chip stays); and under it, each other
person at the table, online or away since when."""

from __future__ import annotations

import time

import pygame

from rummi_desktop.ui import shapes
from rummi_desktop.ui.theme import Theme

CHIP = pygame.Rect(930, 56, 170, 34)
WORDS = {"connected": "Connected", "reconnecting": "Reconnecting…", "offline": "Offline"}
DOTS = {"connected": (90, 200, 110), "reconnecting": (235, 180, 60), "offline": (220, 70, 60)}


def draw_connection_chip(surface: pygame.Surface, theme: Theme, status: str,
                         topleft: tuple[int, int] | None = None) -> None:
    """At ``topleft`` where the table has room for it (default: the top right)."""
    chip = CHIP if topleft is None else CHIP.move(topleft[0] - CHIP.x, topleft[1] - CHIP.y)
    fill = shapes.darken(theme.panel[:3], 0.25) + (220,)
    surface.blit(shapes.rounded_panel(chip.size, 17, fill, fill, theme.rail_highlight, 1), chip)
    pygame.draw.circle(surface, DOTS.get(status, DOTS["offline"]), (chip.x + 18, chip.centery), 6)
    words = shapes.text(WORDS.get(status, status), 18, theme.text, bold=True)
    surface.blit(words, words.get_rect(midleft=(chip.x + 32, chip.centery)))


PERSON_ROW_H = 24
AWAY_DOT = (150, 150, 150)


def away_words(since: float | None, now: float | None = None) -> str:
    """"away since 21:04" (the player's clock; with the day when it is not today)."""
    if since is None:
        return "not here yet"
    then, today = time.localtime(since), time.localtime(now)
    if (then.tm_year, then.tm_yday) == (today.tm_year, today.tm_yday):
        return f"away since {time.strftime('%H:%M', then)}"
    return f"away since {time.strftime('%d %b %H:%M', then)}"


def draw_people(surface: pygame.Surface, theme: Theme, people: list[tuple[str, bool, float | None]],
                topleft: tuple[int, int] | None = None) -> None:
    """Under the chip: a row per other person, a green dot when online, else grey and since when."""
    chip = CHIP if topleft is None else CHIP.move(topleft[0] - CHIP.x, topleft[1] - CHIP.y)
    y = chip.bottom + 4
    for name, online, since in people:
        words = f"{name} · online" if online else f"{name} · {away_words(since)}"
        label = shapes.text(words, 15, theme.text if online else theme.text_muted)
        row = pygame.Rect(chip.right - label.get_width() - 34, y, label.get_width() + 34, PERSON_ROW_H)
        fill = shapes.darken(theme.panel[:3], 0.25) + (200,)
        surface.blit(shapes.rounded_panel(row.size, 12, fill, fill, theme.rail_highlight, 1), row)
        pygame.draw.circle(surface, DOTS["connected"] if online else AWAY_DOT, (row.x + 14, row.centery), 5)
        surface.blit(label, label.get_rect(midleft=(row.x + 26, row.centery)))
        y += PERSON_ROW_H + 3
