"""Game review: a finished game's every turn weighed against the best play of its position,
for any game (its ``coach`` entry point), opened with a :class:`Replay`.

The review runs in a thinking process (:class:`~rummi_desktop.thinking.review_run.ReviewRun`)
while a progress bar fills; leaving the screen cancels it. Then, for each person's seat (every
seat when no person played): the accuracy (the share of turns at the best play), the points
missed and the three biggest misses as buttons; under them every turn of those seats, the
play made, the best play and what was missed. A miss or a turn opens the board at that turn
(:class:`~rummi_desktop.scenes.review_board.ReviewBoardScene`), where Show me plays the best
play. A reviewed game keeps its accuracy with its record, for the statistics' chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummi_desktop.games.review import TurnReview
from rummi_desktop.games.seats import HUMAN
from rummi_desktop.records.replay import Replay, ReplayError
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.review_rows import COLUMNS, TurnRow
from rummi_desktop.scenes.review_words import accuracy_words, miss_words
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.thinking.review_run import ReviewedGame, ReviewRun, ThinkingFailed
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.list_rows import scrolled_by_key
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(40, 24, 1200, 752)
SUMMARY = pygame.Rect(PANEL.x + 30, PANEL.y + 92, PANEL.w - 60, 200)
LIST_TOP, ROW_H, ROWS_SHOWN = PANEL.y + 348, 40, 8
PROGRESS = pygame.Rect(PANEL.centerx - 320, PANEL.y + 330, 640, 30)
CARD_GAP = 20
MOST_CARDS = 4
FIGURE_GAP = 14  # px at least between two of a card's figures
LONG_MISS_LABEL = 200  # px: a miss button this wide also says what was missed (else its tooltip does)


def shown_seats(replay: Replay, reviewed: ReviewedGame) -> list[int]:
    """The seats the review is for: the people's, or every seat that had a turn."""
    people = [index for index, seat in enumerate(replay.seats) if seat.kind == HUMAN]
    seats = people or sorted({turn.seat for turn in reviewed.review.turns})
    return seats[:MOST_CARDS]


class ReviewScene(ShellScene):
    def __init__(self, app: "App", replay: Replay, use_process: bool | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.reviewed: ReviewedGame | None = None
        self.message = ""
        self.kept = ""  # what keeping the accuracy with the record said ("" when it was kept)
        self.first = 0  # the first turn row shown (the list scrolls)
        self.seats: list[int] = []
        self.miss_buttons: list[tuple[Button, TurnReview]] = []
        self.rows: list[TurnRow] = []
        self.run: ReviewRun | None = ReviewRun(replay.game, replay.start, replay.moves, use_process)
        back = pygame.Rect(0, 0, 200, 56)
        back.bottomright = (PANEL.right - 30, PANEL.bottom - 20)
        self.back_button = self.widgets.add(Button(back, "Back", self.close, style="primary", shortcut="escape",
                                                   tooltip="Back"))

    # -- the review's run --------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.run is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.run is None:
            return
        try:
            reviewed = self.run.poll()
        except ThinkingFailed as error:
            self.run, self.message = None, f"The review could not finish ({error})."
            return
        if reviewed is not None:
            self.run = None
            self.finish(reviewed)

    def next_change_in(self) -> float:
        return 0.1 if self.running else super().next_change_in()  # the bar fills as turns come in

    def on_exit(self) -> None:
        self.cancel()
        super().on_exit()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()
            self.run = None

    def finish(self, reviewed: ReviewedGame) -> None:
        self.reviewed = reviewed
        self.seats = shown_seats(self.replay, reviewed)
        self.add_miss_buttons()
        self.add_rows()
        self.keep_accuracy()

    def keep_accuracy(self) -> None:
        """The people's accuracy, kept with the game's record (a game from a file has none)."""
        from rummi_desktop.storage.game_records import add_review_accuracy

        assert self.reviewed is not None
        review = self.reviewed.review
        figures = {seat: share for seat, person in enumerate(self.replay.seats)
                   if person.kind == HUMAN and (share := review.accuracy(seat)) is not None}
        if self.replay.record_id and figures:
            self.kept = add_review_accuracy(self.replay.game, self.replay.record_id, figures)

    # -- the summary's cards and the turns' list ---------------------------------------------
    def card_rects(self) -> list[pygame.Rect]:
        count = max(1, len(self.seats))
        width = (SUMMARY.w - CARD_GAP * (count - 1)) // count
        return [pygame.Rect(SUMMARY.x + index * (width + CARD_GAP), SUMMARY.y, width, SUMMARY.h)
                for index in range(count)]

    def add_miss_buttons(self) -> None:
        assert self.reviewed is not None
        for seat, card in zip(self.seats, self.card_rects()):
            misses = self.reviewed.review.biggest_misses(seat)
            width = min(220, (card.w - 32 - 2 * 10) // 3)
            for index, turn in enumerate(misses):
                rect = (card.x + 16 + index * (width + 10), card.bottom - 56, width, 42)
                label = f"Turn {turn.turn}" if width < LONG_MISS_LABEL else f"Turn {turn.turn} · {miss_words(turn)}"
                button = self.widgets.add(Button(rect, label, lambda t=turn: self.open_turn(t), font_size=16,
                                                 tooltip=f"See turn {turn.turn} on the board: {miss_words(turn)}"))
                self.miss_buttons.append((button, turn))

    def add_rows(self) -> None:
        """The turns' list as focusable rows, then Back again last (Tab: misses, turns, Back)."""
        self.widgets.widgets.remove(self.back_button)
        for slot in range(ROWS_SHOWN):
            self.rows.append(self.widgets.add(TurnRow(self.row_rect(slot), lambda s=slot: self.turn_in_slot(s),
                                                      self.seat_name, self.open_turn)))
        self.widgets.add(self.back_button)

    def turn_in_slot(self, slot: int) -> TurnReview | None:
        turns = self.listed_turns()
        return turns[self.first + slot] if self.first + slot < len(turns) else None

    def scroll(self, by: int) -> None:
        self.first = max(0, min(self.first + by, len(self.listed_turns()) - ROWS_SHOWN))

    def listed_turns(self) -> list[TurnReview]:
        if self.reviewed is None:
            return []
        return [turn for turn in self.reviewed.review.turns if turn.seat in self.seats]

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.x + 30, LIST_TOP + index * ROW_H, PANEL.w - 60, ROW_H - 4)

    def open_turn(self, turn: TurnReview) -> None:
        """The board at the start of ``turn``, on a copy of the replay (this one stays put)."""
        from rummi_desktop.scenes.review_board import ReviewBoardScene

        assert self.reviewed is not None
        replay = self.replay.rewound()
        try:
            replay.seek(self.reviewed.position_of(turn))
            scene = ReviewBoardScene(self.app, replay, turn, self.seat_name(turn.seat))
        except (ReplayError, KeyError, TypeError, ValueError) as error:
            self.message = f"This turn cannot be shown: {error}."
            return
        if self.stack is not None:
            self.stack.push(scene)

    def seat_name(self, seat: int) -> str:
        return self.replay.seats[seat].name if 0 <= seat < len(self.replay.seats) else f"Seat {seat + 1}"

    def status(self) -> dict[str, Any]:
        done, total = self.run.progress if self.run is not None else (0, 0)
        review = self.reviewed.review if self.reviewed is not None else None
        return {**super().status(), "game": self.replay.game, "running": self.running, "done": done,
                "total": total, "message": self.message,
                "accuracy": {seat: review.accuracy(seat) for seat in self.seats} if review else {}}

    # -- input and drawing -----------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.SHORTCUT and self.scroll_by_key(action.key):
            return True
        if action.kind == ActionKind.SCROLL:
            self.scroll(-action.amount)
            return True
        return super().handle_action(action)

    def scroll_by_key(self, key: str) -> bool:
        """Page Up/Down scroll the turns; Up/Down past the first or last row shown scroll by one."""
        first = scrolled_by_key(key, self.rows, self.widgets.focused, self.first, len(self.listed_turns()))
        if first is None:
            return False
        self.first = first
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_titled_panel(surface, PANEL, f"Game review · {self.replay.title}", size=40)
        if self.reviewed is None:
            self.draw_progress(surface)
        else:
            for seat, card in zip(self.seats, self.card_rects()):
                self.draw_card(surface, card, seat)
            self.draw_turns(surface)
        note = self.message or self.kept
        if note:
            line = shapes.text(note[:120], 16, self.app.theme.hint)
            surface.blit(line, (PANEL.x + 34, PANEL.bottom - 64))
        self.widgets.draw(surface, self.app.theme)

    def draw_progress(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        done, total = self.run.progress if self.run is not None else (0, 0)
        if self.run is None:
            return  # stopped: the message says why
        words = f"Weighing every turn against the best play… {done} of {total}" if total else "Replaying the game…"
        line = shapes.text(words, 22, theme.text)
        surface.blit(line, line.get_rect(midbottom=(PROGRESS.centerx, PROGRESS.y - 14)))
        track = shapes.mix(theme.felt_dark, theme.panel[:3], 0.4)
        surface.blit(shapes.rounded_panel(PROGRESS.size, PROGRESS.h // 2, track + (255,), None,
                                          theme.rail_highlight, 1), PROGRESS)
        if total and done:
            filled = PROGRESS.copy()
            filled.w = max(PROGRESS.h, round(PROGRESS.w * done / total))
            surface.blit(shapes.rounded_panel(filled.size, PROGRESS.h // 2, theme.accent[:3] + (255,), None,
                                              shapes.darken(theme.accent, 0.35), 1), filled)

    def draw_card(self, surface: pygame.Surface, card: pygame.Rect, seat: int) -> None:
        theme = self.app.theme
        assert self.reviewed is not None
        review = self.reviewed.review
        fill = shapes.mix(theme.felt_dark, theme.panel[:3], 0.5)
        surface.blit(shapes.rounded_panel(card.size, 14, fill + (220,), None, theme.rail_highlight, 1), card)
        room = card.w - 32
        surface.blit(table_hud._fitted(self.seat_name(seat), 22, 16, theme.text, room, bold=True),
                     (card.x + 16, card.y + 12))
        self.draw_figures(surface, card, (("Accuracy", accuracy_words(review.accuracy(seat))),
                                          ("Points missed", str(review.missed_points(seat))),
                                          ("Turns", str(len(review.seat_turns(seat))))))
        if not review.seat_turns(seat):
            heading = "No turn to weigh."
        elif review.biggest_misses(seat):
            heading = "Biggest misses"
        else:
            heading = "Every turn was the best play. Well played!"
        surface.blit(table_hud._fitted(heading, 16, 13, theme.text_muted, room), (card.x + 16, card.bottom - 82))

    def draw_figures(self, surface: pygame.Surface, card: pygame.Rect, figures: tuple[tuple[str, str], ...]) -> None:
        """Each figure's label over its value, in thirds of the card; a narrow card (four
        people) packs them closer in smaller type rather than letting them run into each other."""
        theme, room = self.app.theme, card.w - 32
        for label_size, value_size in ((16, 30), (14, 24)):
            pictures = [(shapes.text(label, label_size, theme.text_muted),
                         shapes.text(value, value_size, theme.accent if index == 0 else theme.text, bold=True))
                        for index, (label, value) in enumerate(figures)]
            widths = [max(label.get_width(), value.get_width()) for label, value in pictures]
            if all(width + FIGURE_GAP <= room // len(figures) for width in widths):
                lefts = [index * (room // len(figures)) for index in range(len(figures))]
                break
            gap = max(FIGURE_GAP, (room - sum(widths)) // max(1, len(figures) - 1))
            lefts = [sum(widths[:index]) + index * gap for index in range(len(figures))]
        for left, (label, value) in zip(lefts, pictures):
            surface.blit(label, (card.x + 16 + left, card.y + 48))
            surface.blit(value, (card.x + 16 + left, card.y + 48 + label.get_height() + 2))

    def draw_turns(self, surface: pygame.Surface) -> None:
        """The list's headings and its foot (the rows are widgets: they draw themselves)."""
        theme = self.app.theme
        turns = self.listed_turns()
        for label, x in COLUMNS:
            surface.blit(shapes.text(label, 17, theme.text_muted, bold=True), (PANEL.x + 46 + x, LIST_TOP - 28))
        if not turns:
            words = "No turn to weigh: the game ended before a play was made."
            surface.blit(shapes.text(words, 18, theme.text_muted), (PANEL.x + 46, LIST_TOP + 10))
            return
        shown = f"Turns {self.first + 1}–{min(len(turns), self.first + ROWS_SHOWN)} of {len(turns)}"
        if len(turns) > ROWS_SHOWN:
            shown += " · scroll or Page Down for more"
        line = shapes.text(f"{shown} · choose a turn to see it on the board", 15, theme.text_muted)
        surface.blit(line, (PANEL.x + 34, PANEL.bottom - 40))
