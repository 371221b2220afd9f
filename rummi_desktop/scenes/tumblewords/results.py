"""The end of a Tumblewords game: how it ended, each seat's final score counting up with its
words and best drop, the winners, and Rematch / Menu.

It knows the table only through ``new_table`` (for the Rematch), so it imports no table scene.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.table_overlays import back_to_menu
from rummi_desktop.ui import shapes
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.app import App
    from rummi_desktop.scenes.tumblewords.session import TumblewordsSession

COUNT_SECONDS = 1.4  # the scores count up this long
ENDINGS = {"board_full": "the board is full", "letters_out": "the letters ran out",
           "all_passed": "everyone passed in a row"}


class GameOverScene(ShellScene):
    def __init__(self, app: "App", session: "TumblewordsSession", new_table: Callable) -> None:
        super().__init__(app)
        self.session, self.new_table = session, new_table
        self.age = 0.0
        self.card = pygame.Rect(0, 0, 900, 250 + len(session.setup.seats) * 78)
        self.card.center = (640, 400)
        left = pygame.Rect(0, 0, 240, 58)
        left.bottomright = (self.card.centerx - 12, self.card.bottom - 24)
        self.rematch_button = self.widgets.add(Button(left, "Rematch", self.rematch, style="primary",
                                                      tooltip="Same seats and options, a new deal", shortcut="r"))
        self.widgets.add(Button(left.move(264, 0), "Menu", self.to_menu, tooltip="Back to the menu", shortcut="m"))

    def on_enter(self) -> None:
        self.play(self.session.victory_cue())
        self.widgets.focus(self.rematch_button)

    def on_back(self) -> None:
        self.to_menu()

    def rematch(self) -> None:
        from rummi_desktop.scenes.tumblewords.session import TumblewordsSession

        setup = replace(self.session.setup, seed=self.session.setup.seed + 1)
        if self.stack is not None:
            self.stack.replace(self.new_table(self.app, TumblewordsSession.new(setup, self.session.state.dictionary)))

    def to_menu(self) -> None:
        back_to_menu(self.app, self.stack)

    def next_change_in(self) -> float:
        return 0.0 if self.age < COUNT_SECONDS else super().next_change_in()

    def update(self, dt: float) -> None:
        self.age += dt
        super().update(dt)

    def title(self) -> str:
        names = [seat.name for seat in self.session.setup.seats]
        winners = self.session.state.winners()
        if len(winners) == 1:
            return "You win!" if names[winners[0]] == "You" else f"{names[winners[0]]} wins!"
        return " and ".join(names[s] for s in winners) + " share the win!"

    def draw(self, surface: pygame.Surface) -> None:
        theme, state = self.app.theme, self.session.state
        self.draw_backdrop(surface)
        draw_panel(surface, theme, self.card)
        title = shapes.embossed_title(self.title(), 54, theme.accent, (0, 0, 0, 140), shapes.darken(theme.accent, 0.6))
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        result = state.result
        how = ENDINGS.get(result.kind, result.kind) if result is not None else "stopped"
        sub = shapes.text(f"The game ended: {how} · deal {self.session.setup.seed}", 19, theme.text_muted)
        surface.blit(sub, sub.get_rect(midtop=(self.card.centerx, self.card.y + 96)))
        t = 1 - (1 - min(1.0, self.age / COUNT_SECONDS)) ** 3
        y = self.card.y + 146
        for seat, config in enumerate(self.session.setup.seats):
            winner = seat in state.winners()
            ink = theme.accent if winner else theme.text
            surface.blit(shapes.text(config.name, 26, ink, bold=True), (self.card.x + 44, y))
            stats = self.session.stats[seat]
            detail = (f"{stats.words} word{'s' if stats.words != 1 else ''} · best drop {stats.best_drop}"
                      + (f" · longest word {stats.longest_word} letters" if stats.longest_word else ""))
            surface.blit(shapes.text(detail, 17, theme.text_muted), (self.card.x + 44, y + 34))
            score = shapes.text(str(round(state.points[seat] * t)), 38, ink, bold=True)
            surface.blit(score, score.get_rect(topright=(self.card.right - 44, y - 2)))
            y += 78
        self.widgets.draw(surface, theme)
