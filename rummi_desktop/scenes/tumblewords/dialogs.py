"""The blank picker: which letter a dropped blank shows. It only gathers the choice; each
letter shows what the drop would score (the model's check), and the table hands the chosen
drop to the model, which decides."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.games.tumblewords.grid import LETTERS
from rummi_desktop.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.ui import shapes
from rummi_desktop.ui.tile_render import LetterFace
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.app import App

PICK_TILE = 50
PER_ROW = 9


class BlankPicker(ShellScene):
    """Choose A–Z for a blank; ``on_done(letter)`` or ``on_done(None)`` (cancel).
    ``scores[letter]`` is what the drop would score with it (from the model)."""

    transparent = True

    def __init__(self, app: "App", scores: dict[str, int], on_done: Callable[[str | None], None]) -> None:
        super().__init__(app)
        self.scores, self.on_done = scores, on_done
        self.chosen = max(LETTERS, key=lambda letter: (scores.get(letter, 0), -ord(letter)))
        self.card = pygame.Rect(0, 0, 700, 540)
        self.card.center = (640, 400)
        ok = pygame.Rect(0, 0, 200, 56)
        ok.bottomright = (self.card.right - 30, self.card.bottom - 24)
        self.ok_button = self.widgets.add(Button(ok, "Drop it", self.confirm, style="primary",
                                                 tooltip="The blank shows this letter for good", shortcut="return"))
        self.widgets.add(Button(ok.move(-220, 0), "Cancel", self.cancel, tooltip="Keep the blank in your hand",
                                shortcut="escape"))

    def tile_rect(self, letter: str) -> pygame.Rect:
        index = LETTERS.index(letter)
        row, col = divmod(index, PER_ROW)
        left = self.card.x + (self.card.w - PER_ROW * (PICK_TILE + 18)) // 2 + 9
        return pygame.Rect(left + col * (PICK_TILE + 18), self.card.y + 96 + row * 104, PICK_TILE,
                           round(PICK_TILE * 1.35))

    def letter_at(self, pos) -> str | None:
        return next((letter for letter in LETTERS if self.tile_rect(letter).collidepoint(pos)), None)

    def confirm(self) -> None:
        self.close()
        self.on_done(self.chosen)

    def cancel(self) -> None:
        self.close()
        self.on_done(None)

    def on_back(self) -> None:
        self.cancel()

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CLICK and action.pos is not None:
            letter = self.letter_at(action.pos)
            if letter is not None:
                self.chosen = letter
                self.play("rack")
                return True
        if action.kind == ActionKind.SHORTCUT and len(action.key) == 1 and action.key.upper() in LETTERS:
            self.chosen = action.key.upper()
            return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.confirm()
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text("Which letter is the blank?", 34, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 20)))
        for letter in LETTERS:
            box = self.tile_rect(letter)
            score = self.scores.get(letter, 0)
            state = "selected" if letter == self.chosen else "hint" if score else "normal"
            self.app.tiles.draw(surface, LetterFace(letter, 0, blank=True), box.topleft, box.w, theme, state,
                                self.app.settings.colour_blind)
            label = shapes.text(f"+{score}" if score else "–", 15, theme.accent if score else theme.text_muted,
                                bold=bool(score))
            surface.blit(label, label.get_rect(midtop=(box.centerx, box.bottom + 6)))
        note = "Glowing letters make a word here. Type a letter or click one, then Drop it."
        surface.blit(shapes.text(note, 17, theme.text_muted), (self.card.x + 30, self.card.bottom - 118))
        self.widgets.draw(surface, theme)
