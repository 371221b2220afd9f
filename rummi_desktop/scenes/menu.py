"""The main menu: the title, the playable games (from the registry), Settings, Help &
About, Quit, any notices (a damaged settings file, a theme that failed to load), and a fan of
tiles on the felt. While signed in online, the Online button wears a badge with the count of
games waiting for your move."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from rummi_desktop import __version__
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.scenes import registry
from rummi_desktop.scenes.base import ShellScene
from rummi_desktop.scenes.confirm import quit_confirmation
from rummi_desktop.scenes.menu_decor import TileFans
from rummi_desktop.ui import shapes
from rummi_desktop.ui.felt import felt_area
from rummi_desktop.ui.tween import Tween, Tweener, ease_out_back
from rummi_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.scene import Scene

TITLE_CENTRE = (640, 150)
BUTTON_HEIGHT, BUTTON_GAP, BUTTONS_TOP = 62, 16, 290
GAME_ROW_WIDTH = 572  # a game's button, or its button and its Continue side by side
CONTINUE_WIDTH = 262
CONTINUE_FONT = 22  # "Continue Tumblewords" fits
SHELL_GAP = 8  # the shell's buttons share their rows, each row as wide as a game row
SHELL_FONT = 19
SHELL_HEIGHT, SHELL_STEP = 52, 64  # the shell's rows are lower than a game's: four games and both rows fit
SHELL_ROWS = 2  # practice (Puzzles, Sandbox, Players), then Settings, Help & About and Quit
SHELL_ROW_GAP = 10  # extra space between the games and the shell's rows
NOTICE_WIDTH = 1000
INTRO_DROP, INTRO_TIME, INTRO_STAGGER = 36, 0.45, 0.07  # px, s, s: buttons settle in on arrival


Entry = tuple[str, Callable[[], None], str, str, str]  # label, action, style, tooltip, shortcut


def _row_rects(rows: list[list[Entry]]) -> list[list[pygame.Rect]]:
    """Where each row's buttons go: game rows one under another, each as wide as the others
    (a Continue takes the right part of its row), then the shell's rows, buttons side by side."""
    placed, top = [], BUTTONS_TOP
    left = 640 - GAME_ROW_WIDTH // 2
    first_shell_row = len(rows) - SHELL_ROWS
    for index, row in enumerate(rows):
        if index >= first_shell_row:
            top += SHELL_ROW_GAP if index == first_shell_row and index else 0
            placed.append(_shell_rects([entry[0] for entry in row], top))
            top += SHELL_STEP
            continue
        if len(row) == 1:
            placed.append([pygame.Rect(left, top, GAME_ROW_WIDTH, BUTTON_HEIGHT)])
        else:
            game_width = GAME_ROW_WIDTH - CONTINUE_WIDTH - BUTTON_GAP
            placed.append([pygame.Rect(left, top, game_width, BUTTON_HEIGHT),
                           pygame.Rect(left + game_width + BUTTON_GAP, top, CONTINUE_WIDTH, BUTTON_HEIGHT)])
        top += BUTTON_HEIGHT + BUTTON_GAP
    return placed


def _shell_rects(labels: list[str], top: int) -> list[pygame.Rect]:
    """One shell row's buttons side by side in equal shares of a game row's width."""
    count = len(labels)
    width = (GAME_ROW_WIDTH - (count - 1) * SHELL_GAP) // count
    left = 640 - GAME_ROW_WIDTH // 2
    return [pygame.Rect(left + index * (width + SHELL_GAP), top, width, SHELL_HEIGHT) for index in range(count)]


class MenuScene(ShellScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.fans = TileFans()
        self.buttons = self._build_buttons(self._rows())  # first: a game's resume hook may add a notice
        self.notices = list(app.notices) + [f"A game could not be loaded — {p}" for p in registry.load_game_scenes()]
        self.notice_rect: pygame.Rect | None = None
        self._static: tuple[str, pygame.Surface] | None = None
        self.motion = Tweener(app.animation_speed)
        self._intro: list[tuple[Button, Tween]] = []

    def _rows(self) -> list[list[Entry]]:
        """Rows of (label, action, style, tooltip, shortcut): one per game (its Continue beside
        it when there is a game to continue), then the shell's two rows."""
        rows: list[list[Entry]] = []
        taken = {"s", "h", "q", "p", "x", "y"}  # the shell's own shortcuts, below
        for number, game in enumerate(registry.playable_games(), start=1):
            row = [(game.title, self._opener(lambda g=game: g.new_game(self.app)), "primary", game.tagline,
                    str(number))]
            resumed = game.resume(self.app) if game.resume else None
            if resumed is not None:
                key = "" if game.continue_key in taken else game.continue_key  # never two buttons on one key
                taken.add(key)
                row.append((f"Continue {game.title}", self._opener(lambda s=resumed: s), "primary",
                            f"Pick up your {game.title} game where you left off", key))
            rows.append(row)
        from rummi_desktop.scenes.help import HelpScene
        from rummi_desktop.scenes.settings import SettingsScene

        from rummi_desktop.scenes.sandbox.chooser import sandbox_chooser

        rows.append([
            ("Puzzles", self._opener(self._trainer), "secondary", "Puzzle packs, the daily puzzle, streaks", "p"),
            ("Sandbox", self._opener(lambda: sandbox_chooser(self.app)), "secondary",
             "A free table for any game: build a position, find the best play", "x"),
            ("Players", self._opener(self._profiles), "secondary", "Profiles, statistics and leaderboards", "y"),
            ("Online", self._opener(self._online), "secondary", "Play people over a server, or host one here", "o"),
        ])
        rows.append([
            ("Settings", self._opener(lambda: SettingsScene(self.app)), "secondary", "Sound, theme, clock, display", "s"),
            ("Help & About", self._opener(lambda: HelpScene(self.app)), "secondary", "How to play, controls, credits", "h"),
            ("Quit", self.ask_quit, "secondary", "Leave the game", "q"),
        ])
        return rows

    def _profiles(self) -> "Scene":
        from rummi_desktop.scenes.profiles import ProfilesScene  # imported on the click, not at start

        return ProfilesScene(self.app)

    def _online(self) -> "Scene":
        from rummi_desktop.scenes.online.lobby_scene import OnlineScene  # lazy: not on the first frame

        return OnlineScene(self.app)

    def _trainer(self) -> "Scene":
        from rummi_desktop.scenes.trainer.trainer_scene import TrainerScene  # lazy: not on the first frame

        return TrainerScene(self.app)

    def _build_buttons(self, rows: list[list[Entry]]) -> list[Button]:
        buttons = []
        for index, (row, rects) in enumerate(zip(rows, _row_rects(rows))):
            for (label, action, style, tooltip, key), rect in zip(row, rects):
                shell = index >= len(rows) - SHELL_ROWS
                size = CONTINUE_FONT if rect.width == CONTINUE_WIDTH and not shell else SHELL_FONT if shell else 0
                made = self.widgets.add(Button(rect, label, action, style=style, tooltip=tooltip, shortcut=key,
                                               font_size=size))
                # Below would hide the next row; only the last row has none.
                made.tooltip_side = "right" if index < len(rows) - 1 else "below"
                buttons.append(made)
        return buttons

    def _opener(self, make: Callable[[], "Scene"]) -> Callable[[], None]:
        def open_scene() -> None:
            self.play("rack")
            if self.stack is not None:
                self.stack.push(make())
        return open_scene

    def ask_quit(self) -> None:
        if self.stack is not None:
            self.stack.push(quit_confirmation(self.app))

    def on_back(self) -> None:
        self.ask_quit()

    def on_resume(self) -> None:
        """Back on the menu: show what the app learnt meanwhile (letters no font here has)."""
        self.notices.extend(notice for notice in self.app.notices if notice not in self.notices)

    def on_enter(self) -> None:
        self.app.audio.start_music()
        self.widgets.warm_tooltips(self.app.theme)
        self._play_intro()

    def _play_intro(self) -> None:
        """Each button drops into place with a little bounce, one after another."""
        for index, button in enumerate(self.buttons):
            home = button.rect.y
            button.rect.y = home + INTRO_DROP

            tween = self.motion.tween(float(home + INTRO_DROP), float(home), INTRO_TIME, ease_out_back,
                                      delay=index * INTRO_STAGGER)
            self._intro.append((button, tween))
        self._settle_intro()

    def _settle_intro(self) -> None:
        for button, tween in self._intro:
            button.rect.y = round(tween.value)
        self._intro = [(b, t) for b, t in self._intro if not t.done]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fans.update(dt, self.app.idle_time)
        if self._intro:
            self.motion.update(dt)
            self._settle_intro()

    def status(self) -> dict:
        """``settled``: every button has dropped into its place (a watcher clicks only then)."""
        return {**super().status(), "settled": not self._intro}

    def next_change_in(self) -> float:
        """Still once the buttons have dropped in and the fans have come to rest. Only the top
        scene is updated: covered by an overlay, the menu does not move at all."""
        if self.stack is not None and self.stack.top is not self:
            return math.inf
        return 0.0 if self._intro or self.fans.moving else math.inf

    def handle_action(self, action: Action) -> bool:
        if action.kind == ActionKind.CLICK and self.notice_rect and self.notice_rect.collidepoint(action.pos):
            self.notices.clear()  # a click on the notice dismisses it
            self.app.notices.clear()
            return True
        return super().handle_action(action)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self._static_layer(surface.get_size()), (0, 0))
        self.fans.draw(surface, self.app.tiles, theme, self.app.settings.colour_blind)
        self.widgets.draw(surface, theme)
        self._draw_online_badge(surface)
        self._draw_notices(surface)

    def _draw_online_badge(self, surface: pygame.Surface) -> None:
        if not self.app.layers:
            return  # never signed in online this run (and the online modules stay unloaded)
        from rummi_desktop.scenes.online.turn_watch import waiting_now
        from rummi_desktop.ui.count_badge import draw_count_badge

        waiting = waiting_now(self.app)
        online = next((button for button in self.buttons if button.label == "Online"), None)
        if waiting.count and online is not None:
            corner = (online.rect.right - 6, online.rect.top + 2)
            draw_count_badge(surface, self.app.theme, waiting.count, corner, urgent=bool(waiting.urgent))

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, title and footer composed once per theme: one opaque blit a frame."""
        theme = self.app.theme
        if self._static is None or self._static[0] != theme.name or self._static[1].get_size() != size:
            layer = pygame.Surface(size)
            self.draw_backdrop(layer)
            self._draw_title(layer)
            self._draw_footer(layer)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._static = (theme.name, layer)
        return self._static[1]

    def _draw_title(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        outline = shapes.darken(theme.rail, 0.45)
        title = shapes.embossed_title("Rummi Desktop", 112, theme.accent, (0, 0, 0, 150), outline)
        surface.blit(title, title.get_rect(center=TITLE_CENTRE))
        subtitle = shapes.text("Tile games for the kitchen table", 26, theme.text, bold=True)
        y = TITLE_CENTRE[1] + title.get_height() // 2 + 6
        surface.blit(subtitle, subtitle.get_rect(midtop=(640, y)))
        line = shapes.mix(theme.felt, theme.accent, 0.55)
        for side in (-1, 1):
            start = 640 + side * (subtitle.get_width() // 2 + 18)
            pygame.draw.line(surface, line, (start, y + 16), (start + side * 70, y + 16), 2)
            pygame.draw.circle(surface, line, (start + side * 78, y + 16), 4)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        theme, area = self.app.theme, felt_area(surface.get_size())
        hint = shapes.text("F11 fullscreen  ·  Esc back  ·  Tab / arrows to move", 17, theme.text_muted)
        surface.blit(hint, hint.get_rect(bottomleft=(area.x + 18, area.bottom - 12)))
        version = shapes.text(f"version {__version__}", 17, theme.text_muted)
        surface.blit(version, version.get_rect(bottomright=(area.right - 18, area.bottom - 12)))

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """Problems worth knowing (a damaged settings file…) on a card above the footer."""
        from rummi_desktop.scenes.text_page import wrap
        from rummi_desktop.ui.fonts import font

        self.notice_rect = None
        if not self.notices:
            return
        theme = self.app.theme
        text_width = NOTICE_WIDTH - 120
        lines = [line for message in self.notices[:3] for line in wrap(message, font(19), text_width)][:4]
        pictures = [shapes.text(line, 19, theme.text) for line in lines]
        height = 22 + sum(p.get_height() + 2 for p in pictures)
        box = pygame.Rect(0, 0, NOTICE_WIDTH, height)
        box.midbottom = (640, felt_area(surface.get_size()).bottom - 46)
        card = shapes.mix(theme.panel[:3], theme.invalid, 0.35) + (235,)
        surface.blit(shapes.soft_shadow(box.size, 12, 10, 150), (box.x - 10, box.y - 6))
        surface.blit(shapes.rounded_panel(box.size, 12, card, None, theme.hint, 2), box)
        badge = (box.x + 30, box.y + 12 + pictures[0].get_height() // 2)
        pygame.draw.circle(surface, theme.hint, badge, 13)
        mark = shapes.text("!", 20, theme.accent_text, bold=True)
        surface.blit(mark, mark.get_rect(center=badge))
        y = box.y + 12
        for picture in pictures:
            surface.blit(picture, (box.x + 56, y))
            y += picture.get_height() + 2
        cross = pygame.Rect(0, 0, 12, 12)
        cross.center = (box.right - 28, badge[1])  # a click anywhere on the card dismisses it
        for a, b in ((cross.topleft, cross.bottomright), (cross.topright, cross.bottomleft)):
            pygame.draw.line(surface, theme.text_muted, a, b, 2)
        self.notice_rect = box
