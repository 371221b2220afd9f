"""Replay: a finished game shown move by move on that game's own table, read-only.

The table is the game's real table scene, made by its ``GameInfo.replay_table`` (no autosave,
no turns run, no input reaches it); this scene only moves the :class:`Replay` to a position
and asks the table's view to lay out and paint it, with the replay's controls painted where
the table's own buttons would be. Step back / forward, play / pause, a speed (0.5×–4×),
Export replay (a TOML file anyone can load), Review (the post-game review, opened from History, where
its game has a coach) and Back. A reviewed turn's board is this scene too
(:mod:`rummi_desktop.scenes.review_board`), with Show me in Export's place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from rummi_desktop.games import GAMES
from rummi_desktop.records.replay import Replay, ReplayError
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.registry import find_game
from rummi_desktop.ui import shapes, table_hud
from rummi_desktop.ui.widget_group import SHADOW_PAD, tooltip_card
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

SPEEDS = ((0.5, "0.5×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×"))
MOVE_SECONDS = 1.0  # at 1×, one move a second: long enough to see each tile land
BAR = pygame.Rect(938, 604, 300, 152)  # the bottom right corner, free on all three tables
REVIEW_BUTTON = pygame.Rect(BAR.right - 86, BAR.y + 6, 78, 30)  # in the heading's row
CHAT_BOX = pygame.Rect(BAR.x, BAR.y - 148, BAR.w, 108)  # a server game's chat, above the bar and the caption
CHAT_ROWS, CHAT_ROW_H = 4, 22


class ReplayControls:
    """The replay's bar, painted by the table's view in its buttons' place."""

    def __init__(self, scene: "ReplayScene") -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        scene = self.scene
        surface.blit(shapes.rounded_panel(BAR.size, 14, theme.panel[:3] + (232,), None, theme.rail_highlight, 1), BAR)
        room = BAR.w - 20 - (REVIEW_BUTTON.w + 8 if scene.review_button is not None else 0)
        heading = table_hud._fitted(scene.heading(), 18, 13, theme.text, room, bold=True)
        surface.blit(heading, (BAR.x + 10, BAR.y + 8))
        if scene.message:  # in the bar, in the last move's place: never over the board
            line = table_hud._fitted(elided(scene.message, 60), 15, 11, theme.text, BAR.w - 20)
        else:
            line = table_hud._fitted(scene.bar_line(), 15, 12, theme.text_muted, BAR.w - 20)
        surface.blit(line, (BAR.x + 10, BAR.y + 31))
        self.draw_chat(surface, theme)
        scene.widgets.draw(surface, theme, tooltips=False)
        self.draw_tooltip(surface, theme)

    def draw_chat(self, surface: pygame.Surface, theme: Any) -> None:
        """The table chat said by this move (a server game's), the lines said at it in the
        accent colour; each cut to one row."""
        from rummi_desktop.ui.text_wrap import fitted_text

        replay = self.scene.replay
        if not replay.chat:
            return
        surface.blit(shapes.rounded_panel(CHAT_BOX.size, 12, theme.panel[:3] + (225,), None, theme.rail_highlight, 1),
                     CHAT_BOX)
        said = replay.chat_said(CHAT_ROWS)
        if not said:
            words = shapes.text("Table chat: nothing said yet", 15, theme.text_muted)
            surface.blit(words, words.get_rect(center=CHAT_BOX.center))
        y = CHAT_BOX.y + 8
        for line, now in said:
            name = fitted_text(line.name, 15, theme.accent, 84, bold=True)
            surface.blit(name, (CHAT_BOX.x + 10, y))
            words = fitted_text(line.text, 15, theme.text if now else theme.text_muted, CHAT_BOX.w - 110, bold=now)
            surface.blit(words, (CHAT_BOX.x + 98, y))
            y += CHAT_ROW_H

    def draw_tooltip(self, surface: pygame.Surface, theme: Any) -> None:
        """A button's tooltip just above it, kept to the bar's column (off the board)."""
        widget = self.scene.widgets.tooltip_widget()
        if widget is None:
            return
        picture = tooltip_card(theme, widget.tooltip, widget.shortcut)
        width = picture.get_width() - 2 * SHADOW_PAD
        left = min(max(widget.rect.centerx - width // 2, BAR.x), BAR.right - width)
        top = widget.rect.top - 6 - (picture.get_height() - 2 * SHADOW_PAD)
        surface.blit(picture, (left - SHADOW_PAD, top - SHADOW_PAD))


def elided(text: str, most: int) -> str:
    """``text`` cut in the middle to ``most`` characters (a long path keeps its file name)."""
    return text if len(text) <= most else f"{text[: most // 2 - 1]}…{text[-(most - most // 2):]}"


class ReplayScene(ShellScene):
    def __init__(self, app: "App", replay: Replay, review: Callable[[Replay], None] | None = None) -> None:
        """``review`` opens the post-game review of a replay (History gives it; the review's
        own turn boards do not): the viewer then has a Review button, where the game has a coach.
        Handed in, so the viewer never imports the review, which shows its turns in this viewer."""
        super().__init__(app)
        self.replay = replay
        self.review = review
        self.playing = False
        self.speed = 1.0
        self.until_next = MOVE_SECONDS
        self.message = ""
        self.table: Any = None
        self._shown: Any = None
        self.controls = ReplayControls(self)
        self._add_buttons()
        self.show()

    def _add_buttons(self) -> None:
        row = BAR.y + 56
        specs = [("«", lambda: self.seek(0), "home", "Back to the deal"),
                 ("<", lambda: self.step(-1), "left", "Step back one move"),
                 ("Play", self.toggle_play, "space", "Play or pause"),
                 (">", lambda: self.step(1), "right", "Step forward one move"),
                 ("»", lambda: self.seek(self.replay.length), "end", "To the last move")]
        x, row = BAR.x + 8, BAR.y + 56
        for label, action, key, tooltip in specs:
            width = 80 if label == "Play" else 45
            button = self.widgets.add(Button((x, row, width, 40), label, action, tooltip=tooltip, shortcut=key,
                                             font_size=20))
            if label == "Play":
                self.play_button = button
            x += width + 5
        row = BAR.y + 104
        self.speed_button = self.widgets.add(Button((BAR.x + 8, row, 104, 40), "", self.next_speed, font_size=17,
                                                    tooltip="Speed: 0.5× to 4×", shortcut="s"))
        label, action, tooltip, key = self.side_button()
        self.side = self.widgets.add(Button((BAR.x + 117, row, 96, 40), label, action, tooltip=tooltip, shortcut=key,
                                            font_size=17))
        self.widgets.add(Button((BAR.x + 218, row, 74, 40), "Back", self.close, style="primary",
                                tooltip="Back", shortcut="escape", font_size=17))
        self.set_speed(self.speed)
        self.review_button: Button | None = None
        if self.review is not None and GAMES[self.replay.game].has("coach"):
            self.review_button = self.widgets.add(Button(REVIEW_BUTTON, "Review", self.open_review, font_size=15,
                                                         tooltip="Every turn against the best play", shortcut="v"))

    def open_review(self) -> None:
        self.playing = False
        self._label_play()
        if self.review is not None:
            self.review(self.replay.rewound())

    def side_button(self) -> tuple[str, Any, str, str]:
        """(label, action, tooltip, shortcut) of the button between Speed and Back."""
        return "Export", self.export, "Write a replay file", "e"

    def heading(self) -> str:
        return f"Replay · move {self.replay.position} of {self.replay.length}"

    def bar_line(self) -> str:
        return self.replay.last_move() or "the deal"

    # -- moving through the game ------------------------------------------------------------
    def show(self) -> None:
        """Lay the table out for the replay's position. The table is made once; a step back
        replays from the deal into a new state object, which the session then shows."""
        state = self.replay.state
        jumped = state is not self._shown
        if self.table is None:
            info = find_game(self.replay.game)
            if info is None or info.replay_table is None:
                raise ReplayError(f"{self.replay.title} has no table to show a replay on")
            self.table = info.replay_table(self.app, self.replay.setup, state)
        elif jumped:
            self.table.session.show_replayed(state)
        self._shown = state
        self._show_turns()
        self.table.viewer = None if state.is_terminal else state.current
        self.table.view.show_state()
        if jumped:
            self.table.view.sprites.finish_all()  # a jump back: the tiles are simply there

    def _show_turns(self) -> None:
        """The table's "Last turns" (where it has one) holds the moves up to the position."""
        log = getattr(self.table.view, "log", None)
        if not isinstance(log, list):
            return
        try:
            turns = self.replay.turns()[: self.replay.position]
        except ReplayError:
            return
        names = [seat.name for seat in self.replay.seats]
        log[:] = [(names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}", words, points)
                  for seat, words, points in turns]

    def seek(self, position: int) -> None:
        self.message = ""  # what Export said goes with the move it was said at
        try:
            self.replay.seek(position)
        except ReplayError as error:
            self.playing = False
            self.message = f"This game cannot be replayed further: {error}"
            return
        if self.replay.at_end:
            self.playing = False
        self._label_play()
        self.show()

    def step(self, by: int) -> None:
        self.playing = False
        self.seek(self.replay.position + by)

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            self.seek(0)  # Play at the end starts again from the deal
        self.playing = not self.playing
        self.until_next = MOVE_SECONDS
        self._label_play()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.speed_button.label = f"Speed {dict(SPEEDS)[speed]}"

    def next_speed(self) -> None:
        choices = [value for value, _ in SPEEDS]
        self.set_speed(choices[(choices.index(self.speed) + 1) % len(choices)])

    def _label_play(self) -> None:
        self.play_button.label = "Pause" if self.playing else "Play"

    def export(self) -> None:
        from rummi_desktop.records.replay_files import export_replay

        try:
            path = export_replay(self.replay)
        except (OSError, ValueError) as error:
            self.message = f"Could not export the replay ({getattr(error, 'strerror', None) or error})."
            return
        self.message = f"Replay written to {path}"

    # -- frames -----------------------------------------------------------------------------
    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CONFIRM:
            self.toggle_play()
            return True
        return super().handle_action(action)

    def next_change_in(self) -> float:
        return 0.0 if self.playing or not self.table.view.sprites.settled else super().next_change_in()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.view.update(dt * self.speed)
        if not self.playing:
            return
        self.until_next -= dt * self.speed
        if self.until_next <= 0:
            self.until_next += MOVE_SECONDS
            self.seek(self.replay.position + 1)

    def status(self) -> dict[str, Any]:
        return {**super().status(), "game": self.replay.game, "position": self.replay.position,
                "moves": self.replay.length, "playing": self.playing, "speed": self.speed}

    def draw(self, surface: pygame.Surface) -> None:
        self.table.view.draw(surface, self.table.controller.hand(), self.controls)
