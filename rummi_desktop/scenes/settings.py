"""The settings screen: volumes, music on/off, theme (applies live), turn clock, animation
speed, colour-blind tile symbols, invalid-meld outlines, the unseen-tile tracker of each game
that offers it only as an option (the others show theirs until T hides it), desktop notices when
an online game becomes your move (off unless asked for), interface size (the
window's size, see ``shell.window_size``) and fullscreen, with a live tile preview.

Every change is applied at once through ``App.update_settings``; the file is written once, when
the screen closes (not on every slider step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.scenes.base import ShellScene, clock_label
from rummi_desktop.scenes.unseen_tracker import tracker_shown
from rummi_desktop.shell.settings import ANIMATION_SPEEDS, TURN_CLOCK_CHOICES
from rummi_desktop.shell.window_size import AUTOMATIC, UI_SCALES
from rummi_desktop.tiles import JOKER, Tile
from rummi_desktop.ui import shapes
from rummi_desktop.ui.felt import felt_surface
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel, Slider, Toggle

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

PANEL = pygame.Rect(100, 40, 1080, 720)
ROW_HEIGHT, ROW_GAP = 38, 2  # up to thirteen rows above the Done button
ROWS_LEFT, ROWS_TOP, ROWS_WIDTH = PANEL.x + 36, PANEL.y + 106, 660
PREVIEW = pygame.Rect(PANEL.x + 730, PANEL.y + 128, 314, 330)
DESCRIPTION = pygame.Rect(PREVIEW.x, PREVIEW.bottom + 30, PREVIEW.width, 110)
PREVIEW_TILES = (Tile("R", 7), Tile("B", 8), Tile("K", 9), Tile("Y", 10), JOKER)
CUE_INTERVAL = 0.12  # seconds between sample cues while a volume slider is dragged

SPEED_LABELS = {"relaxed": "Relaxed", "normal": "Normal", "brisk": "Brisk", "instant": "Instant"}
UI_SCALE_LABELS = {AUTOMATIC: "Fit the screen", 100: "100 %", 125: "125 %", 150: "150 %"}
UI_SCALE_TIP = ("How big the window opens (Fit the screen: the largest that fits). "
                "Drag its edge to any size: everything scales")


class SettingsScene(ShellScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.since_cue = CUE_INTERVAL
        self._preview_cache: tuple[str, pygame.Surface] | None = None
        self.widgets.add(Panel(PANEL, "Settings", title_size=52))
        s = app.settings
        rows: list[Callable[[pygame.Rect], Any]] = [
            lambda r: Slider(r, "Master volume", s.master_volume, self._volume("master_volume", "clink"),
                             tooltip="Everything the game plays, all at once"),
            lambda r: Slider(r, "Sound effects", s.effects_volume, self._volume("effects_volume", "clink"),
                             tooltip="Tile clinks, the clock's tick, chimes and fanfares"),
            lambda r: Toggle(r, "Music", s.music_on, self._set("music_on"),
                             tooltip="The jazz trio that plays behind the menu and the tables"),
            lambda r: Slider(r, "Music volume", s.music_volume, self._volume("music_volume", None),
                             tooltip="How loud the trio plays (it steps aside for fanfares)"),
            lambda r: OptionPicker(r, "Table theme", app.theme_choices(), app.theme.name, self._set("theme"),
                                   tooltip="The felt, the rail and the tiles change at once"),
            lambda r: OptionPicker(r, "Default turn clock", [(v, clock_label(v)) for v in TURN_CLOCK_CHOICES],
                                   s.turn_clock, self._set("turn_clock"), tooltip="Seconds per turn in new games; a game's setup can change it"),
            lambda r: OptionPicker(r, "Animation speed", [(k, SPEED_LABELS[k]) for k in ANIMATION_SPEEDS],
                                   s.animation_speed, self._set("animation_speed"),
                                   tooltip="How fast tiles glide; Instant turns motion off"),
            lambda r: Toggle(r, "Colour-blind tile symbols", s.colour_blind, self._set("colour_blind"),
                             tooltip="Each colour also gets its own shape on the tile"),
            lambda r: Toggle(r, "Outline invalid melds", s.show_invalid_melds, self._set("show_invalid_melds"),
                             tooltip="A red outline on melds the rules would not accept"),
            *self._tracker_rows(),
            lambda r: Toggle(r, "Desktop notices for online games", s.desktop_notices, self._set("desktop_notices"),
                             tooltip="When an online game becomes your move while the window is behind others, "
                                     "the desktop says so too (where the system can: notify-send)"),
            lambda r: OptionPicker(r, "Interface size", [(v, UI_SCALE_LABELS[v]) for v in UI_SCALES],
                                   s.ui_scale, self._set("ui_scale"), tooltip=UI_SCALE_TIP),
            self._fullscreen_row,
        ]
        for index, make in enumerate(rows):
            self.widgets.add(make(pygame.Rect(ROWS_LEFT, ROWS_TOP + index * (ROW_HEIGHT + ROW_GAP), ROWS_WIDTH, ROW_HEIGHT)))
        back = pygame.Rect(0, 0, 240, 60)
        back.midbottom = (PANEL.centerx, PANEL.bottom - 26)
        self.back_button = self.widgets.add(Button(back, "Done", self.close, style="primary",
                                                   tooltip="Save and go back", shortcut="escape"))

    def _tracker_rows(self) -> list[Callable[[pygame.Rect], Any]]:
        """A switch for each game whose table shows the unseen-tile tracker only when asked."""
        optional = [spec for spec in GAMES.values() if spec.has("unseen") and not spec.tracker_shown]
        return [self._tracker_row(spec.key, spec.title) for spec in optional]

    def _tracker_row(self, game: str, title: str) -> Callable[[pygame.Rect], Any]:
        def switch(shown: bool) -> None:
            self.app.update_settings(unseen_trackers={**self.app.settings.unseen_trackers, game: shown})
            self.play("rack")

        return lambda r: Toggle(r, f"Unseen-tile tracker in {title}", tracker_shown(self.app.settings, game), switch,
                                tooltip="A card on the table counting the tiles you have not seen yet; T shows or hides it")

    def _fullscreen_row(self, rect: pygame.Rect) -> Toggle:
        # Kept by name: update() keeps it in step with F11.
        self.fullscreen_toggle = Toggle(rect, "Fullscreen", self.app.fullscreen, self._set("fullscreen"),
                                        tooltip="Fill the screen; F11 does it anywhere")
        return self.fullscreen_toggle

    def _set(self, name: str) -> Callable[[Any], None]:
        def apply(value: Any) -> None:
            self.app.update_settings(**{name: value})
            self.play("rack")
        return apply

    def _volume(self, name: str, cue: str | None) -> Callable[[float], None]:
        def apply(value: float) -> None:
            self.app.update_settings(**{name: value})
            if cue and self.since_cue >= CUE_INTERVAL:  # let the player hear the new level
                self.since_cue = 0.0
                self.play(cue)
        return apply

    def status(self) -> dict[str, Any]:
        return {**super().status(), "theme": self.app.theme.name}

    def on_exit(self) -> None:
        self.app.save_settings()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_cue += dt
        # F11 works here too: keep the switch showing the truth.
        self.fullscreen_toggle.value = self.app.settings.fullscreen

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.widgets.draw(surface, self.app.theme, tooltips=False)
        self._draw_preview(surface)
        self._draw_description(surface)

    def _draw_description(self, surface: pygame.Surface) -> None:
        """The pointed-at (or focused) setting explained beside the rows, where it hides nothing."""
        from rummi_desktop.scenes.text_page import wrap
        from rummi_desktop.ui.fonts import font

        theme = self.app.theme
        widget = self.widgets.pointed_widget()
        message = widget.tooltip if widget is not None and widget.tooltip else "Point at a setting to learn more."
        colour = theme.text if widget is not None and widget.tooltip else theme.text_muted
        y = DESCRIPTION.y
        for line in wrap(message, font(20), DESCRIPTION.width)[:4]:
            picture = shapes.text(line, 20, colour)
            surface.blit(picture, picture.get_rect(midtop=(DESCRIPTION.centerx, y)))
            y += picture.get_height() + 2

    def _preview_backdrop(self) -> pygame.Surface:
        """The little felt window behind the preview tiles, rounded, cached per theme."""
        theme = self.app.theme
        if self._preview_cache is None or self._preview_cache[0] != theme.name:
            window = felt_surface(theme, PREVIEW.size).copy()
            window.blit(shapes.rounded_panel(PREVIEW.size, 18, (255, 255, 255)), (0, 0),
                        special_flags=pygame.BLEND_RGBA_MIN)
            self._preview_cache = (theme.name, window)
        return self._preview_cache[1]

    def _draw_preview(self, surface: pygame.Surface) -> None:
        theme, settings = self.app.theme, self.app.settings
        caption = shapes.text("Preview", 22, theme.text_muted, bold=True)
        surface.blit(caption, caption.get_rect(midbottom=(PREVIEW.centerx, PREVIEW.y - 8)))
        surface.blit(shapes.soft_shadow(PREVIEW.size, 18, 10, 140), (PREVIEW.x - 10, PREVIEW.y - 6))
        surface.blit(self._preview_backdrop(), PREVIEW)
        size, gap = 64, 8
        row_width = 3 * size + 2 * gap
        for index, tile in enumerate(PREVIEW_TILES):
            row, col = divmod(index, 3)
            x = PREVIEW.centerx - row_width // 2 + col * (size + gap) + row * (size + gap) // 2
            y = PREVIEW.y + 34 + row * 114
            state = "invalid" if index >= 3 and settings.show_invalid_melds else "normal"
            self.app.tiles.draw(surface, tile, (x, y), size, theme, state, settings.colour_blind)
        name = shapes.text(theme.title, 24, theme.text, bold=True)
        surface.blit(name, name.get_rect(midbottom=(PREVIEW.centerx, PREVIEW.bottom - 16)))
