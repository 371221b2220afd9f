"""Setting up a Tumblewords game: 1–4 seats (a named person or a computer tier; one person
alone is the solo score attack), the board
size, the shortest word, Auto or Claim words, Zapper!, Ticker, Pressure Cooker, an optional
word list file of one's own and the deal number. The last setup is remembered
(``tumblewords_setup.toml``); Enter deals. A word list that cannot be used is named, with
what is wrong, and nothing starts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from rummi_desktop.games.tumblewords.rules.dictionary import WordListError
from rummi_desktop.shell.scene import Scene
from rummi_desktop.scenes.setup_base import EMPTY, SeatedSetupScene, fresh_seed, remembered
from rummi_desktop.games.tumblewords.table.session import BOARD_NAMES, SEAT_RANGE, TIERS, TumblewordsSession, TumblewordsSetup
from rummi_desktop.ui import shapes
from rummi_desktop.ui.table_hud import _wrap
from rummi_desktop.ui.text_field import TextField
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(110, 30, 1060, 740)
ROW_H, ROW_GAP = 46, 9
ROWS_LEFT, ROWS_TOP = PANEL.x + 40, PANEL.y + 104
PICKER_W, FIELD_W, HALF_W = 620, 300, 480
GAME = "tumblewords"
ON_OFF = [(False, "Off"), (True, "On")]


def row_rect(index: int, column: int | None = None) -> pygame.Rect:
    """Row ``index`` of the form: the whole row, or its ``column`` (0 or 1) of two."""
    y = ROWS_TOP + index * (ROW_H + ROW_GAP)
    if column is None:
        return pygame.Rect(ROWS_LEFT, y, PICKER_W, ROW_H)
    return pygame.Rect(ROWS_LEFT + column * (HALF_W + 20), y, HALF_W, ROW_H)


def remembered_setup() -> TumblewordsSetup:
    return remembered(GAME, TumblewordsSetup.from_dict) or TumblewordsSetup(seed=fresh_seed())


class TumblewordsSetupScene(SeatedSetupScene):
    GAME = GAME

    def __init__(self, app: "App", setup: TumblewordsSetup | None = None) -> None:
        chosen = setup or remembered_setup()
        super().__init__(app, chosen.seats, chosen.seed, TIERS, SEAT_RANGE)
        self.chosen = chosen
        self.words = chosen.words
        self.widgets.add(Panel(PANEL, "New Tumblewords game", title_size=46))
        self.add_seat_rows(row_rect, ROWS_LEFT + PICKER_W + 20, FIELD_W, 3)
        self._option(4, 0, "Board", list(BOARD_NAMES.items()), "board", "Quick: 7 × 6; long: 10 × 10")
        self._option(4, 1, "Shortest word", [(2, "2 letters"), (3, "3 letters")], "min_length",
                     "Words shorter than this do not count")
        self._option(5, 0, "Words", [(False, "Auto"), (True, "Claim")], "claim",
                     "Claim: find and mark your words yourself")
        self._option(5, 1, "Zapper!", ON_OFF, "zapper", "A full bottom row is cleared; the columns drop")
        self._option(6, 0, "Ticker", ON_OFF, "ticker", "30 seconds a turn")
        self._option(6, 1, "Pressure Cooker", ON_OFF, "pressure_cooker",
                     "Claim + Ticker, and the next player may steal missed words")
        words_row = row_rect(7)
        self.words_field = self.widgets.add(TextField(
            pygame.Rect(words_row.x + 200, words_row.y + 3, 560, ROW_H - 6), self.words, self._set_words,
            limit=240, path=True, tooltip="A text file, one word per line; leave empty for the built-in list"))
        self.widgets.add(Button(pygame.Rect(words_row.x + 775, words_row.y + 3, 200, ROW_H - 6), "Built-in list",
                                self._shipped_words, tooltip="Play with the built-in ENABLE word list", font_size=18))
        seed_row = row_rect(8)
        self.add_seed_row(seed_row.x + 200, seed_row.y + 3, ROW_H - 6, 18)
        self.add_start_back((PANEL.right - 40, PANEL.bottom - 24), 58, "Deal the letters", "Start the game")
        self._refresh()

    def _option(self, row: int, column: int, label: str, choices, name: str, tooltip: str) -> None:
        def apply(value) -> None:
            self.chosen = replace(self.chosen, **{name: value})
        self.widgets.add(OptionPicker(row_rect(row, column), label, choices, getattr(self.chosen, name), apply,
                                      tooltip=tooltip))

    def _set_words(self, text: str) -> None:
        self.words = text
        self.problem = ""

    def _shipped_words(self) -> None:
        self.words, self.words_field.text, self.problem = "", "", ""

    def current_setup(self) -> TumblewordsSetup:
        return replace(self.chosen, seats=self.seat_configs(), words=self.words.strip(), seed=self.seed)

    def open_session(self, setup: TumblewordsSetup) -> TumblewordsSession:
        return TumblewordsSession.new(setup)

    def problem_text(self, error: ValueError) -> str:
        return f"Word list: {error}" if isinstance(error, WordListError) else str(error)

    def table_for(self, session: TumblewordsSession) -> Scene:
        from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene

        return TumblewordsTableScene(self.app, session)

    def text_fields(self) -> list[TextField]:
        return [*self.name_fields, self.words_field, self.seed_field]

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_backdrop(surface)
        self.widgets.draw(surface, theme)
        for row, text in ((7, "Word list"), (8, "Deal number")):
            label = shapes.text(text, 21, theme.text)
            surface.blit(label, label.get_rect(midleft=(ROWS_LEFT + 18, row_rect(row).centery)))
        if not self.words:
            hint = shapes.text("built-in ENABLE list", 18, theme.text_muted)
            field = self.words_field.rect
            if not self.words_field.editing:
                surface.blit(hint, hint.get_rect(midleft=(field.x + 16, field.centery)))
        if self.widgets.tooltip_widget() is None:  # a tooltip shows in this line (setup_base)
            note = ("Solo score attack: with every other seat empty you play alone, to beat your best score."
                    if self.kinds.count(EMPTY) == len(self.kinds) - 1 else
                    "Drop letters down the columns; every word through the new letter scores a point a letter.")
            surface.blit(shapes.text(note, 18, theme.text_muted), (ROWS_LEFT, row_rect(9).y + 6))
        if self.problem:
            for index, line in enumerate(_wrap(self.problem, 19, PANEL.w - 620)[:2]):
                warn = shapes.text(line, 19, theme.invalid, bold=True)
                surface.blit(warn, warn.get_rect(midleft=(PANEL.x + 40, PANEL.bottom - 66 + index * 24)))
