"""Two small overlays of the Rummble table: what a joker stands for, and which tiles to
exchange. Both only gather the choice; the table hands it to the model, which decides.

The joker picker marks the choices that would make the play on the board legal (it asks the
model, through ``fits``), so a player sees at once which declarations work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.face_picker import FacePicker
from rummi_desktop.tiles import COLOURS, Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.tile_render import CardFace
from rummi_desktop.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

COLOUR_NAMES = {"K": "Black", "B": "Blue", "R": "Red", "Y": "Yellow"}
PICK_TILE = 46


class JokerPicker(FacePicker):
    """Choose a colour and a number for a joker; ``on_done(Tile)`` or ``on_done(None)`` (cancel)."""

    def __init__(self, app: "App", highest: int, cards: bool, fits: Callable[[Tile], bool],
                 on_done: Callable[[Tile | None], None], current: Tile | None = None) -> None:
        super().__init__(app, on_done, (780, 520))
        self.highest, self.cards, self.fits = highest, cards, fits
        self.fitting = {Tile(c, n) for c in COLOURS for n in range(1, highest + 1) if fits(Tile(c, n))}
        self.chosen = current or next(iter(sorted(self.fitting)), Tile("K", 1))
        self.add_buttons(220, "Declare", "The joker stands for this tile",
                         "Take it back", "The joker goes back to the rack")

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        row = COLOURS.index(tile.colour)
        step = min(54, (self.card.w - 160) // self.highest)
        return pygame.Rect(self.card.x + 130 + (tile.number - 1) * step, self.card.y + 92 + row * 74, PICK_TILE - 4,
                           round((PICK_TILE - 4) * 1.35))

    def face_at(self, pos) -> Tile | None:
        for colour in COLOURS:
            for number in range(1, self.highest + 1):
                if self.tile_rect(Tile(colour, number)).collidepoint(pos):
                    return Tile(colour, number)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        self.draw_card(surface, "What does the joker stand for?")
        for colour in COLOURS:
            label = shapes.text(COLOUR_NAMES[colour], 18, theme.text, bold=True)
            surface.blit(label, label.get_rect(midleft=(self.card.x + 30, self.tile_rect(Tile(colour, 1)).centery)))
            for number in range(1, self.highest + 1):
                tile = Tile(colour, number)
                box = self.tile_rect(tile)
                state = "selected" if tile == self.chosen else "hint" if tile in self.fitting else "normal"
                face = CardFace(tile) if self.cards else tile
                self.app.tiles.draw(surface, face, box.topleft, box.w, theme, state, self.app.settings.colour_blind)
        note = ("Glowing tiles make the play on the board legal." if self.fitting
                else "No declaration makes this play legal yet; add or move tiles.")
        surface.blit(shapes.text(note, 17, theme.text_muted), (self.card.x + 30, self.card.y + 392))
        self.widgets.draw(surface, theme)


class ExchangeDialog(ShellScene):
    """Click rack tiles to mark them; ``on_done(tile ids)`` exchanges them, Cancel closes."""

    transparent = True

    def __init__(self, app: "App", rack: list[int], faces, cards: bool,
                 on_done: Callable[[list[int]], None]) -> None:
        super().__init__(app)
        self.rack, self.faces, self.cards, self.on_done = rack, faces, cards, on_done
        self.marked: list[int] = []
        self.card = pygame.Rect(0, 0, 760, 340)
        self.card.center = (640, 400)
        ok = pygame.Rect(0, 0, 240, 56)
        ok.bottomright = (self.card.right - 30, self.card.bottom - 24)
        self.ok_button = self.widgets.add(Button(ok, "Exchange", self.confirm, style="primary",
                                                 tooltip="Give these back for new tiles; ends your turn",
                                                 shortcut="return"))
        self.widgets.add(Button(ok.move(-260, 0), "Cancel", self.close, tooltip="Keep your tiles", shortcut="escape"))

    def tile_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.card.x + 40 + index * 69, self.card.y + 122, 60, 81)

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CLICK and action.pos is not None:
            for index, tile_id in enumerate(self.rack):
                if self.tile_rect(index).collidepoint(action.pos):
                    self.toggle(tile_id)
                    return True
        if action.kind == ActionKind.SHORTCUT and action.key in [str(n) for n in range(10)]:
            index = (int(action.key) - 1) % 10
            if index < len(self.rack):
                self.toggle(self.rack[index])
            return True
        if action.kind == ActionKind.CONFIRM and self.widgets.focused is None:
            self.confirm()
            return True
        return super().handle_action(action)

    def toggle(self, tile_id: int) -> None:
        if tile_id in self.marked:
            self.marked.remove(tile_id)
        else:
            self.marked.append(tile_id)
        self.play("rack")

    def confirm(self) -> None:
        if not self.marked:
            self.play("invalid")
            return
        self.close()
        self.on_done(list(self.marked))

    def update(self, dt: float) -> None:
        self.ok_button.enabled = bool(self.marked)
        self.ok_button.label = f"Exchange {len(self.marked)}" if self.marked else "Exchange"
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, theme, self.card)
        title = shapes.text("Exchange tiles", 36, theme.text, display=True)
        surface.blit(title, title.get_rect(midtop=(self.card.centerx, self.card.y + 18)))
        hint = shapes.text("Click the tiles to give back (or press 1–0). Your turn ends.", 17, theme.text_muted)
        surface.blit(hint, hint.get_rect(midtop=(self.card.centerx, self.card.y + 66)))
        for index, tile_id in enumerate(self.rack):
            box = self.tile_rect(index)
            marked = tile_id in self.marked
            face = CardFace(self.faces[tile_id]) if self.cards else self.faces[tile_id]
            self.app.tiles.draw(surface, face, box.move(0, -10 if marked else 0).topleft, box.w, theme,
                                "selected" if marked else "normal", self.app.settings.colour_blind)
        self.widgets.draw(surface, theme)


def pass_words(tentative: object) -> str:
    """What passing does now, for the Pass question: tiles put down go back first."""
    return ("Your tiles on the board go back to the rack." if tentative
            else "You lay no tiles and score nothing this turn.")
