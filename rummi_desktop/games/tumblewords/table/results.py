"""The end of a Tumblewords game: how it ended, each seat's final score with its words and
best drop, the winners, and Rematch / Menu. The scores stand at their real values from the
first frame: a trophy banner may stand over this card, and the card below an overlay does not
run its clock, so a count-up from 0 would read 0 all the while the banner shows.

It knows the table only through ``new_table`` (for the Rematch), so it imports no table scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games.tumblewords.table.solo_result import solo_verdict
from rummi_desktop.scenes.results_base import GameEndScene, resigned_words_past, winners_title
from rummi_desktop.ui import shapes

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession

ENDINGS = {"board_full": "the board is full", "letters_out": "the letters ran out",
           "all_passed": "everyone passed in a row", "stopped": "the server ended it"}
SOLO_ENDINGS = {**ENDINGS, "all_passed": "you passed"}


def hand_words(letters: list[str] | None, count: int) -> str:
    """What a seat ended with in hand, for its line ("" for none; a blank is ``?``)."""
    if letters is None:
        return f" · {count} letter{'s' if count != 1 else ''} in hand, not shown" if count else ""
    return f" · in hand: {' '.join(letters)}" if letters else ""


class GameOverScene(GameEndScene):
    rematch_tooltip = "Same seats and options, a new deal"

    def __init__(self, app: "App", session: "TumblewordsSession", new_table: Callable) -> None:
        card = pygame.Rect(0, 0, 900, 250 + len(session.setup.seats) * 78 + (44 if session.state.params.solo else 0))
        card.center = (640, 400)
        super().__init__(app, session, new_table, card)
        # The solo score attack's verdict: this score against the best before it.
        self.solo = solo_verdict(session) if session.state.params.solo and session.state.result is not None else None

    def new_session(self, setup: Any) -> "TumblewordsSession":
        return type(self.session).new(setup, self.session.state.dictionary)  # the word list already read

    def title(self) -> str:
        if self.solo is not None:
            return self.solo.title()
        return winners_title(self.names(), self.winners())

    def on_enter(self) -> None:
        super().on_enter()  # a solo game has no winner: its cue is the plain one...
        if self.solo is not None and self.solo.new_best and self.solo.best_before is not None:
            self.play("fanfare")  # ...unless it beat a best

    def draw(self, surface: pygame.Surface) -> None:
        theme, state = self.app.theme, self.session.state
        result = state.result
        endings = SOLO_ENDINGS if self.solo is not None else ENDINGS
        how = endings.get(result.kind, result.kind) if result is not None else "stopped"
        if result is not None and result.resigned is not None:
            how = resigned_words_past(self.names(), result.resigned)
        self.draw_heading(surface, self.title(), f"The game ended: {how} · {self.session.caption()}")
        y = self.card.y + 146
        for seat, config in enumerate(self.session.setup.seats):
            winner = seat in state.winners()
            ink = theme.accent if winner else theme.text
            surface.blit(shapes.text(config.name, 26, ink, bold=True), (self.card.x + 44, y))
            stats = self.session.stats[seat]
            detail = (f"{stats.words} word{'s' if stats.words != 1 else ''} · best drop {stats.best_drop}"
                      + (f" · longest word {stats.longest_word} letters" if stats.longest_word else "")
                      + hand_words(self.session.shown_hand(seat), len(state.hands[seat])))
            surface.blit(shapes.text(detail, 17, theme.text_muted), (self.card.x + 44, y + 34))
            score = shapes.text(str(state.points[seat]), 38, ink, bold=True)
            surface.blit(score, score.get_rect(topright=(self.card.right - 44, y - 2)))
            y += 78
        if self.solo is not None:
            line = shapes.text(self.solo.line(), 22, theme.accent if self.solo.new_best else theme.text, bold=True)
            surface.blit(line, line.get_rect(midtop=(self.card.centerx, y - 4)))
        self.widgets.draw(surface, theme)
