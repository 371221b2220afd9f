"""The trophy banner: an unlock just earned, announced over the table or its results.

A transparent overlay: a ribbon in the game's colours drops in with a bounce, a cup drawn on
it, a shine sweeps across, the fanfare plays; it goes by itself after a few seconds, or at a
click or a key. Several unlocks queue one after another (each banner pushes the next)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.records.unlocks import FELT, Unlockable

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

SHOW_SECONDS = 4.5
DROP_SECONDS = 0.6
RIBBON = pygame.Rect(290, 30, 700, 150)  # above a results card (its top is near y 200)


def drop_offset(age: float) -> float:
    """Pixels above its resting place: falls in, overshoots and settles (an eased bounce)."""
    if age >= DROP_SECONDS:
        return 0.0
    t = age / DROP_SECONDS
    return -(RIBBON.bottom + 20) * (1 - t) ** 2 * math.cos(t * math.pi * 1.5)


class TrophyBanner(ShellScene):
    transparent = True

    def __init__(self, app: "App", unlocks: Sequence[tuple[str, Unlockable]], game: str = "") -> None:
        super().__init__(app)
        self.queue = list(unlocks)
        self.person, self.unlock = self.queue.pop(0)
        self.game = game
        self.age = 0.0

    def on_enter(self) -> None:
        self.play("fanfare")

    def next_change_in(self) -> float:
        return 0.0  # it is always moving

    def update(self, dt: float) -> None:
        self.age += dt
        if self.age >= SHOW_SECONDS:
            self.done()

    def done(self) -> None:
        if self.stack is None or self.stack.top is not self:
            return
        if self.queue:
            self.stack.replace(TrophyBanner(self.app, self.queue, self.game))
        else:
            self.close()

    def handle_action(self, action: Action) -> bool:
        if action.kind in (ActionKind.CLICK, ActionKind.CONFIRM, ActionKind.BACK):
            self.done()
            return True
        return False

    def status(self) -> dict[str, Any]:
        return {**super().status(), "trophy": self.unlock.key, "person": self.person}

    def draw(self, surface: pygame.Surface) -> None:
        ribbon = RIBBON.move(0, round(drop_offset(self.age)))
        main, trim = self.colours()
        surface.blit(shapes.soft_shadow(ribbon.size, 24, 18, 160), (ribbon.x - 18, ribbon.y - 8))
        for side in (-1, 1):  # the ribbon's folded tails
            tail_x = ribbon.left if side < 0 else ribbon.right
            points = [(tail_x, ribbon.y + 30), (tail_x + side * 70, ribbon.y + 40), (tail_x + side * 40, ribbon.centery + 20),
                      (tail_x + side * 70, ribbon.bottom), (tail_x, ribbon.bottom - 10)]
            pygame.draw.polygon(surface, shapes.darken(main, 0.35), points)
        pygame.draw.rect(surface, main, ribbon, border_radius=24)
        pygame.draw.rect(surface, trim, ribbon.inflate(-10, -10), width=3, border_radius=20)
        self._draw_shine(surface, ribbon)
        self._draw_cup(surface, (ribbon.x + 90, ribbon.centery), trim)
        kind = "felt" if self.unlock.kind == FELT else "tile back"
        title = shapes.text(f"Unlocked: {self.unlock.title}", 34, (255, 250, 235), bold=True)
        surface.blit(title, (ribbon.x + 170, ribbon.y + 26))
        line = shapes.text(f"{self.person} · {self.unlock.milestone}", 20, shapes.lighten(trim, 0.3))
        surface.blit(line, (ribbon.x + 172, ribbon.y + 76))
        hint = shapes.text(f"A new {kind} in Players › Collection", 17, (235, 230, 215))
        surface.blit(hint, (ribbon.x + 172, ribbon.y + 106))

    def colours(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The ribbon and its trim: the game's own (GameSpec.trophy_colours), else the theme's."""
        spec = GAMES.get(self.game)
        if spec is not None and spec.trophy_colours is not None:
            return spec.trophy_colours
        return self.app.theme.felt_dark[:3], self.app.theme.accent[:3]

    def _draw_shine(self, surface: pygame.Surface, ribbon: pygame.Rect) -> None:
        sweep = (self.age * 0.7) % 1.6 - 0.3  # across the ribbon, then a pause
        x = ribbon.x + sweep * ribbon.w
        shine = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        local = x - ribbon.x
        pygame.draw.polygon(shine, (255, 255, 255, 60), [(local, 0), (local + 60, 0), (local + 20, ribbon.h), (local - 40, ribbon.h)])
        mask = pygame.Surface(ribbon.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=24)
        shine.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(shine, ribbon)

    def _draw_cup(self, surface: pygame.Surface, centre: tuple[int, int], gold: tuple[int, ...]) -> None:
        cx, cy = centre
        wobble = math.sin(self.age * 6) * 2
        bowl = [(cx - 34, cy - 40 + wobble), (cx + 34, cy - 40 + wobble), (cx + 24, cy + 2), (cx - 24, cy + 2)]
        pygame.draw.polygon(surface, gold, bowl)
        for side in (-1, 1):
            pygame.draw.circle(surface, gold, (cx + side * 36, cy - 24 + wobble), 14, width=5)
        pygame.draw.rect(surface, gold, (cx - 6, cy + 2, 12, 18))
        pygame.draw.rect(surface, shapes.darken(gold, 0.2), (cx - 26, cy + 20, 52, 12), border_radius=4)
        pygame.draw.line(surface, shapes.lighten(gold, 0.5), (cx - 20, cy - 34 + wobble), (cx - 12, cy - 6), 4)
