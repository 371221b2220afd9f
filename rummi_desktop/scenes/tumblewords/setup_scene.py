"""Setting up a Tumblewords game: 2–4 seats (a named person or a computer tier), the board
size, the shortest word, Auto or Claim words, Zapper!, Ticker, Pressure Cooker, an optional
word list file of one's own and the deal number. The last setup is remembered
(``tumblewords_setup.toml``); Enter deals. A word list that cannot be used is named, with
what is wrong, and nothing starts.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.games.tumblewords.dictionary import WordListError
from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.tumblewords.session import BOARD_NAMES, SEAT_RANGE, TIERS, TumblewordsSession, TumblewordsSetup
from rummi_desktop.seats import DEFAULT_NAMES, HUMAN, SeatConfig, seat_options, tier_title
from rummi_desktop.storage.saves import read_last_setup, write_last_setup
from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import _wrap
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.app import App

PANEL = pygame.Rect(110, 30, 1060, 740)
ROW_H, ROW_GAP = 46, 9
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 104
PICKER_W, FIELD_W, HALF_W = 620, 300, 480
EMPTY = "empty"
FEWEST_SEATS, MOST_SEATS = SEAT_RANGE
TIER_NAMES = tuple(tier_title(tier) for tier in TIERS)
GAME = "tumblewords"
ON_OFF = [(False, "Off"), (True, "On")]


def remembered_setup() -> TumblewordsSetup:
    data = read_last_setup(GAME)
    if data is not None:
        try:
            return TumblewordsSetup.from_dict(data)
        except (KeyError, TypeError, ValueError):
            pass
    return TumblewordsSetup(seed=random.SystemRandom().randrange(1, 1_000_000))


class TumblewordsSetupScene(ShellScene):
    def __init__(self, app: "App", setup: TumblewordsSetup | None = None) -> None:
        super().__init__(app)
        chosen = setup or remembered_setup()
        self.chosen = chosen
        self.kinds = [seat.kind for seat in chosen.seats] + [EMPTY] * (MOST_SEATS - len(chosen.seats))
        self.names = [seat.name for seat in chosen.seats] + list(DEFAULT_NAMES[len(chosen.seats):])
        self.seed, self.words = chosen.seed, chosen.words
        self.problem = ""
        self.widgets.add(Panel(PANEL, "New Tumblewords game", title_size=46))
        self.name_fields: list[TextField] = []
        options = seat_options(TIERS)
        for seat in range(MOST_SEATS):
            choices = options + ([(EMPTY, "Empty seat")] if seat >= FEWEST_SEATS else [])
            self.widgets.add(OptionPicker(self._row(seat), f"Seat {seat + 1}", choices, self.kinds[seat],
                                          self._set_kind(seat), tooltip="A person at this laptop, or a computer"))
            box = pygame.Rect(ROWS_LEFT + PICKER_W + 20, self._row(seat).y + 3, FIELD_W, ROW_H - 6)
            self.name_fields.append(self.widgets.add(TextField(box, self.names[seat], self._set_name(seat),
                                                               tooltip="Click to type a name")))
        self._option(4, 0, "Board", list(BOARD_NAMES.items()), "board", "Quick: 7 × 6; long: 10 × 10")
        self._option(4, 1, "Shortest word", [(2, "2 letters"), (3, "3 letters")], "min_length",
                     "Words shorter than this do not count")
        self._option(5, 0, "Words", [(False, "Auto"), (True, "Claim")], "claim",
                     "Claim: find and mark your words yourself")
        self._option(5, 1, "Zapper!", ON_OFF, "zapper", "A full bottom row is cleared; the columns drop")
        self._option(6, 0, "Ticker", ON_OFF, "ticker", "30 seconds a turn")
        self._option(6, 1, "Pressure Cooker", ON_OFF, "pressure_cooker",
                     "Claim + Ticker, and the next player may steal missed words")
        words_row = self._row(7)
        self.words_field = self.widgets.add(TextField(
            pygame.Rect(words_row.x + 200, words_row.y + 3, 560, ROW_H - 6), self.words, self._set_words,
            limit=240, path=True, tooltip="A text file, one word per line; leave empty for the built-in list"))
        self.widgets.add(Button(pygame.Rect(words_row.x + 775, words_row.y + 3, 200, ROW_H - 6), "Built-in list",
                                self._shipped_words, tooltip="Play with the built-in ENABLE word list", font_size=18))
        seed_row = self._row(8)
        self.seed_field = self.widgets.add(TextField(
            pygame.Rect(seed_row.x + 200, seed_row.y + 3, 200, ROW_H - 6), str(self.seed), self._set_seed,
            digits=True, limit=9, tooltip="Type a deal number to replay a deal"))
        self.widgets.add(Button(pygame.Rect(seed_row.x + 415, seed_row.y + 3, 150, ROW_H - 6), "New deal",
                                self._new_seed, tooltip="A fresh random deal", shortcut="f2", font_size=18))
        start = pygame.Rect(0, 0, 260, 58)
        start.bottomright = (PANEL.right - 40, PANEL.bottom - 24)
        self.start_button = self.widgets.add(Button(start, "Deal the letters", self.start, style="primary",
                                                    tooltip="Start the game", shortcut="return"))
        back = pygame.Rect(0, 0, 200, 58)
        back.bottomright = (start.x - 20, start.bottom)
        self.widgets.add(Button(back, "Back", self.close, tooltip="Back to the menu", shortcut="escape"))
        self._refresh()

    @staticmethod
    def _row(index: int, column: int | None = None) -> pygame.Rect:
        y = ROWS_TOP + index * (ROW_H + ROW_GAP)
        if column is None:
            return pygame.Rect(ROWS_LEFT, y, PICKER_W, ROW_H)
        return pygame.Rect(ROWS_LEFT + column * (HALF_W + 20), y, HALF_W, ROW_H)

    def _option(self, row: int, column: int, label: str, choices, name: str, tooltip: str) -> None:
        def apply(value) -> None:
            self.chosen = replace(self.chosen, **{name: value})
        self.widgets.add(OptionPicker(self._row(row, column), label, choices, getattr(self.chosen, name), apply,
                                      tooltip=tooltip))

    def _set_kind(self, seat: int) -> Callable[[str], None]:
        def apply(kind: str) -> None:
            self.kinds[seat] = kind
            if kind not in (HUMAN, EMPTY) and self.names[seat] in DEFAULT_NAMES + TIER_NAMES:
                self.names[seat] = tier_title(kind)
            elif kind == HUMAN and self.names[seat] in TIER_NAMES:
                self.names[seat] = DEFAULT_NAMES[seat]
            self.name_fields[seat].text = self.names[seat]
            self._refresh()
        return apply

    def _set_name(self, seat: int) -> Callable[[str], None]:
        def apply(name: str) -> None:
            self.names[seat] = name
        return apply

    def _set_words(self, text: str) -> None:
        self.words = text
        self.problem = ""

    def _shipped_words(self) -> None:
        self.words, self.words_field.text, self.problem = "", "", ""

    def _set_seed(self, text: str) -> None:
        self.seed = int(text) if text else 0

    def _new_seed(self) -> None:
        self.seed = random.SystemRandom().randrange(1, 1_000_000)
        self.seed_field.text = str(self.seed)

    def _refresh(self) -> None:
        for seat, field in enumerate(self.name_fields):
            field.visible = self.kinds[seat] != EMPTY

    def current_setup(self) -> TumblewordsSetup:
        seats = tuple(SeatConfig(kind, (self.names[i].strip() or DEFAULT_NAMES[i])[:12])
                      for i, kind in enumerate(self.kinds) if kind != EMPTY)
        return replace(self.chosen, seats=seats, words=self.words.strip(), seed=self.seed)

    def start(self) -> None:
        try:
            setup = self.current_setup()
            session = TumblewordsSession.new(setup)
        except WordListError as error:
            self.problem = f"Word list: {error}"
            self.play("invalid")
            return
        except ValueError as error:
            self.problem = str(error)
            self.play("invalid")
            return
        try:
            write_last_setup(GAME, setup.to_dict())
        except OSError:
            pass  # remembering the setup is a convenience; the game starts anyway
        from rummi_desktop.scenes.tumblewords.table_scene import TumblewordsTableScene

        if self.stack is not None:
            self.stack.replace(TumblewordsTableScene(self.app, session))

    def _editing(self) -> TextField | None:
        return next((f for f in [*self.name_fields, self.words_field, self.seed_field] if f.editing), None)

    def handle_action(self, action: Action) -> bool:
        field = self._editing()
        if field is not None:
            if action.kind == ActionKind.SHORTCUT and field.type_key(action):
                return True
            if action.kind in (ActionKind.CONFIRM, ActionKind.BACK) or action.kind == ActionKind.PRESS:
                field.editing = False
                if action.kind != ActionKind.PRESS:
                    return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.start()
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        for row, text in ((7, "Word list"), (8, "Deal number")):
            label = shapes.text(text, 21, theme.text)
            surface.blit(label, label.get_rect(midleft=(ROWS_LEFT + 18, self._row(row).centery)))
        if not self.words:
            hint = shapes.text("built-in ENABLE list", 18, theme.text_muted)
            field = self.words_field.rect
            if not self.words_field.editing:
                surface.blit(hint, hint.get_rect(midleft=(field.x + 16, field.centery)))
        note = "Drop letters down the columns; every word through the new letter scores a point a letter."
        surface.blit(shapes.text(note, 18, theme.text_muted), (ROWS_LEFT, self._row(9).y + 6))
        if self.problem:
            for index, line in enumerate(_wrap(self.problem, 19, PANEL.w - 620)[:2]):
                warn = shapes.text(line, 19, theme.invalid, bold=True)
                surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 66 + index * 24)))
