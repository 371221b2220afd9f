"""The blank picker: which letter a dropped blank shows. It only gathers the choice; each
letter shows what the drop would score (the model's check), and the table hands the chosen
drop to the model, which decides."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.games.tumblewords.rules.grid import LETTERS
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.face_picker import FacePicker
from rummi_desktop.ui import shapes
from rummi_desktop.ui.tile_render import LetterFace

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PICK_TILE = 50
PER_ROW = 9


class BlankPicker(FacePicker):
    """Choose A–Z for a blank; ``on_done(letter)`` or ``on_done(None)`` (cancel).
    ``scores[letter]`` is what the drop would score with it (from the model)."""

    def __init__(self, app: "App", scores: dict[str, int], on_done: Callable[[str | None], None]) -> None:
        super().__init__(app, on_done, (700, 540))
        self.scores = scores
        self.chosen = max(LETTERS, key=lambda letter: (scores.get(letter, 0), -ord(letter)))
        self.add_buttons(200, "Drop it", "The blank shows this letter for good", "Cancel", "Keep the blank in your hand")

    def tile_rect(self, letter: str) -> pygame.Rect:
        index = LETTERS.index(letter)
        row, col = divmod(index, PER_ROW)
        left = self.card.x + (self.card.w - PER_ROW * (PICK_TILE + 18)) // 2 + 9
        return pygame.Rect(left + col * (PICK_TILE + 18), self.card.y + 96 + row * 104, PICK_TILE,
                           round(PICK_TILE * 1.35))

    def face_at(self, pos) -> str | None:
        return next((letter for letter in LETTERS if self.tile_rect(letter).collidepoint(pos)), None)

    def choose_by_key(self, action: Action) -> bool:
        if action.kind == ActionKind.SHORTCUT and len(action.key) == 1 and action.key.upper() in LETTERS:
            self.chosen = action.key.upper()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_card(surface, "Which letter is the blank?")
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
