"""The end of a Rummble game: each seat's score, its hand total moving to (or from) it, the
final scores counting up, the winners, and Rematch / Menu.

It knows the table only through ``new_table`` (for the Rematch), so it imports no table scene.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.table_overlays import back_to_menu
from rummi_desktop.ui import shapes
from rummi_desktop.ui.tile_render import CardFace
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.app import App
    from rummi_desktop.scenes.rummble.session import RummbleSession

SETTLE_SECONDS = 1.6  # the hand totals travel this long


def settlement_lines(session: "RummbleSession") -> list[str]:
    """One sentence per seat: why its score changed at the end."""
    state = session.state
    result = state.result
    if result is None:
        return []
    names = [seat.name for seat in session.setup.seats]
    lines = []
    for seat, total in enumerate(result.hand_totals):
        change = result.scores[seat] - state.points[seat]
        if result.kind == "went_out" and change >= 0 and total == 0:
            others = ", ".join(f"{names[s]} {t}" for s, t in enumerate(result.hand_totals) if s != seat)
            lines.append(f"+{change}: went out; collects the other hands ({others})")
        else:
            lines.append(f"{change}: {total} left in hand" if change else "no tiles left: nothing to lose")
    return lines


class GameOverScene(ShellScene):
    def __init__(self, app: "App", session: "RummbleSession", new_table: Callable) -> None:
        super().__init__(app)
        self.session = session
        self.new_table = new_table
        self.age = 0.0
        seats = len(session.setup.seats)
        self.card = pygame.Rect(0, 0, 1080, 230 + seats * 104)
        self.card.center = (640, 400)
        left = pygame.Rect(0, 0, 240, 58)
        left.bottomright = (self.card.centerx - 12, self.card.bottom - 24)
        self.rematch_button = self.widgets.add(Button(left, "Rematch", self.rematch, style="primary",
                                                      tooltip="Same seats, a new deal", shortcut="r"))
        self.widgets.add(Button(left.move(264, 0), "Menu", self.to_menu, tooltip="Back to the menu", shortcut="m"))

    def on_enter(self) -> None:
        self.play(self.session.victory_cue())
        self.widgets.focus(self.rematch_button)

    def on_back(self) -> None:
        self.to_menu()

    def rematch(self) -> None:
        from rummi_desktop.scenes.rummble.session import RummbleSession

        setup = replace(self.session.setup, seed=self.session.setup.seed + 1)
        if self.stack is not None:
            self.stack.replace(self.new_table(self.app, RummbleSession.new(setup)))

    def to_menu(self) -> None:
        back_to_menu(self.app, self.stack)

    def next_change_in(self) -> float:
        return 0.0 if self.age < SETTLE_SECONDS else super().next_change_in()

    def update(self, dt: float) -> None:
        self.age += dt
        super().update(dt)

    def title(self) -> str:
        names = [seat.name for seat in self.session.setup.seats]
        winners = self.session.state.winners()
        if len(winners) == 1:
            return f"{names[winners[0]]} wins!" if names[winners[0]] != "You" else "You win!"
        return " and ".join(names[s] for s in winners) + " share the win!"

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        state = self.session.state
        result = state.result
        self.draw_backdrop(surface)
        draw_panel(surface, theme, self.card)
        title = shapes.embossed_title(self.title(), 54, theme.accent, (0, 0, 0, 140), shapes.darken(theme.accent, 0.6))
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        how = "went out with the pool empty" if result is not None and result.kind == "went_out" else "two rounds without a score"
        sub = shapes.text(f"The game ended: {how} · deal {self.session.setup.seed}", 19, theme.text_muted)
        surface.blit(sub, sub.get_rect(midtop=(self.card.centerx, self.card.y + 96)))
        if result is None:
            return
        t = min(1.0, self.age / SETTLE_SECONDS)
        t = 1 - (1 - t) ** 3
        lines = settlement_lines(self.session)
        y = self.card.y + 140
        for seat, config in enumerate(self.session.setup.seats):
            winner = seat in result.winners
            ink = theme.accent if winner else theme.text
            surface.blit(shapes.text(config.name, 24, ink, bold=True), (self.card.x + 40, y))
            before, after = state.points[seat], result.scores[seat]
            shown = round(before + (after - before) * t)
            score = shapes.text(str(shown), 34, ink, bold=True)
            surface.blit(score, score.get_rect(topright=(self.card.right - 40, y - 4)))
            change = after - before
            if change:
                delta = shapes.text(f"{change:+d}", 22, theme.hint if change > 0 else theme.invalid, bold=True)
                drift = round(30 * (1 - t))
                delta.set_alpha(round(255 * (1 - t * 0.4)))
                surface.blit(delta, delta.get_rect(topright=(self.card.right - 130, y + 4 - drift)))
                delta.set_alpha(None)
            surface.blit(shapes.text(lines[seat], 17, theme.text_muted), (self.card.x + 220, y + 4))
            self._draw_hand(surface, state, seat, (self.card.x + 220, y + 32))
            y += 104
        self.widgets.draw(surface, theme)

    def _draw_hand(self, surface: pygame.Surface, state, seat: int, at: tuple[int, int]) -> None:
        theme = self.app.theme
        rack = state.rack_tiles(seat)
        if not rack:
            surface.blit(shapes.text("(empty)", 17, theme.text_muted), (at[0], at[1] + 10))
        cards = state.params.tile_set == "cards"
        for index, tile in enumerate(rack):
            self.app.tiles.draw(surface, CardFace(tile) if cards else tile, (at[0] + index * 35, at[1]), 32, theme,
                                colour_blind=self.app.settings.colour_blind)
