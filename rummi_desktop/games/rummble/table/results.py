"""The end of a Rummble game: each seat's score, its hand total moving to (or from) it, the
final scores counting up, the winners, and Rematch / Menu.

It knows the table only through ``new_table`` (for the Rematch), so it imports no table scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.scenes.results_base import GameEndScene, resigned_words_past, winners_title
from rummi_desktop.ui import shapes
from rummi_desktop.ui.text_wrap import fitted_text
from rummi_desktop.ui.tile_render import CardFace

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.games.rummble.table.session import RummbleSession

NAME_COLUMN = 170  # px of a seat's name, before its settlement line at 220 (an online name has 24 letters)
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
        if result.resigned is not None:
            lines.append("resigned" if seat == result.resigned else "the score stands")
        elif result.kind == "went_out" and change >= 0 and total == 0:
            others = ", ".join(f"{names[s]} {t}" for s, t in enumerate(result.hand_totals) if s != seat)
            lines.append(f"+{change}: went out; collects the other hands ({others})")
        else:
            lines.append(f"{change}: {total} left in hand" if change else "no tiles left: nothing to lose")
    return lines


class GameOverScene(GameEndScene):
    count_seconds = SETTLE_SECONDS

    def __init__(self, app: "App", session: "RummbleSession", new_table: Callable) -> None:
        card = pygame.Rect(0, 0, 1080, 230 + len(session.setup.seats) * 104)
        card.center = (640, 400)
        super().__init__(app, session, new_table, card)

    def title(self) -> str:
        return winners_title(self.names(), self.winners())

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        state = self.session.state
        result = state.result
        how = "went out with the pool empty" if result is not None and result.kind == "went_out" else "two rounds without a score"
        if result is not None and result.resigned is not None:
            how = resigned_words_past(self.names(), result.resigned)
        self.draw_heading(surface, self.title(), f"The game ended: {how} · {self.session.caption()}")
        if result is None:
            return
        t = self.counted()
        lines = settlement_lines(self.session)
        y = self.card.y + 140
        for seat, config in enumerate(self.session.setup.seats):
            winner = seat in result.winners
            ink = theme.accent if winner else theme.text
            surface.blit(fitted_text(config.name, 24, ink, NAME_COLUMN, bold=True), (self.card.x + 40, y))
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
        rack = self.session.shown_hand(seat)
        if rack is None:
            left = len(state.rack(seat))
            surface.blit(shapes.text(f"{left} tile{'s' if left != 1 else ''} in hand, not shown online", 17,
                                     theme.text_muted), (at[0], at[1] + 10))
            return
        if not rack:
            surface.blit(shapes.text("(empty)", 17, theme.text_muted), (at[0], at[1] + 10))
        cards = state.params.tile_set == "cards"
        for index, tile in enumerate(rack):
            self.app.tiles.draw(surface, CardFace(tile) if cards else tile, (at[0] + index * 35, at[1]), 32, theme,
                                colour_blind=self.app.settings.colour_blind)
