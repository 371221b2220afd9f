"""The App: one window, one clock, one scene stack, and the player's settings applied live.

The window shows a 1280×800 logical canvas. In a real window pygame's ``SCALED`` mode fits it to
any window size with letterbox bars (GPU scaling, HiDPI aware); SDL then reports mouse positions
in logical coordinates and bars as out-of-range ones, which the input layer refuses. Two of
SCALED's own choices are undone (``_open_window``): it scales by whole multiples only, so a
window smaller than the canvas showed the canvas's middle at 1× and cut off its edges; and it
opens the window at the canvas's size and forbids anything smaller, so a 768 px tall screen had
the window start 16 px above its top. The window opens at the size ``shell.window_size`` picks
for the desktop and the "interface size" setting, centred, and may be shrunk to 480×300.
Headless (SDL's dummy driver: tests, bench) the window *is* the canvas, since SCALED's software
renderer would add ~1.6 ms a frame of pure copying there.

``step(dt)`` runs exactly one frame (events → actions → top scene, pending stack changes,
fixed steps, update, draw, flip): tests and the bench call it with a fixed ``dt``, and it always
draws. ``run()`` calls it with real time, paced by ``FramePacer``: 60 frames a second while
anything moves, and while the picture is still (no input for ``FULL_RATE_AFTER_INPUT`` seconds
and the visible scenes say nothing changes soon) it sleeps until the next change or an event,
then hands the slept time to ``pass_still_time`` before the frame.
Physics runs on ``fixed`` (a ``FixedStep``: 1/120 s steps, ``fixed.alpha`` left over).
Scenes reach shared things through the app: ``theme``, ``settings``, ``audio``, ``tiles`` (the
shared TileRenderer), ``update_settings``, ``notices``, ``time``, ``idle_time``, and ``layers``:
what runs and draws over every screen (``shell.app_layer``; found by ``layer_of``).
"""

from __future__ import annotations

import dataclasses
import gc
import os
import warnings
from importlib import resources
from pathlib import Path
from typing import Any

from rummi_desktop.shell.boot import import_pygame

pygame = import_pygame()

from rummi_desktop.shell.app_layer import AppLayer  # noqa: E402
from rummi_desktop.shell.audio import create_audio  # noqa: E402
from rummi_desktop.shell.fixed_step import FixedStep  # noqa: E402
from rummi_desktop.shell.frame_pacer import FramePacer  # noqa: E402
from rummi_desktop.shell.input import InputMapper, Letterbox  # noqa: E402
from rummi_desktop.shell.scene import SceneStack  # noqa: E402
from rummi_desktop.shell.status_report import StatusReport  # noqa: E402
from rummi_desktop.storage import paths  # noqa: E402
from rummi_desktop.shell.settings import Settings, load_settings, save_settings  # noqa: E402
from rummi_desktop.shell.window_size import SMALLEST_WINDOW, centred_position, first_window_size  # noqa: E402
from rummi_desktop.ui.glyph_fallback import take_missing_notice  # noqa: E402
from rummi_desktop.ui.text_field import set_text_input  # noqa: E402
from rummi_desktop.ui.theme import DEFAULT_THEME_NAME, Theme, fallback_theme, load_themes  # noqa: E402
from rummi_desktop.ui.tile_render import TileRenderer  # noqa: E402

LOGICAL_SIZE = (1280, 800)
FPS = 60
BACKGROUND_FPS = 15  # the window is behind another: keep animations going, spare the laptop
MINIMISED_FPS = 10  # nothing shows; not fewer: a moving frame past MAX_DT would slow the turn clock
FULL_RATE_AFTER_INPUT = 1.0  # s of full-rate frames after input or a new screen: glows, tooltips
WINDOW_TITLE = "Rummi Desktop"


def headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen")


class App:
    """Owns the window, clock, input mapper and scene stack; applies settings live.

    ``settings_path=None`` uses the user config folder; ``persist=False`` never writes it (bench).
    """

    def __init__(self, settings_path: str | os.PathLike[str] | None = None, *, persist: bool = True,
                 settings: Settings | None = None, scaled: bool | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings_path = Path(settings_path) if settings_path is not None else paths.settings_path()
        self.persist = persist
        self.notices: list[str] = []
        if settings is None:
            settings, notice = load_settings(self.settings_path) if persist else (Settings(), None)
            if notice:
                self.notices.append(notice)
        self.settings = settings
        self.themes, problems = load_themes()
        if problems:
            self.notices.append(f"{len(problems)} problem(s) in theme files; those themes were skipped.")
        if not self.themes:
            fallback = fallback_theme()
            self.themes = {fallback.name: fallback}
        self.theme = self._theme_named(settings.theme)
        self.scaled = (not headless()) if scaled is None else scaled
        self.screen = self._open_window(settings.fullscreen)
        self.text_input = True  # SDL starts with it on; step() keeps it on only under a screen that takes text
        self.letterbox = Letterbox(LOGICAL_SIZE, pygame.display.get_window_size())
        self.input = InputMapper(self.letterbox, mouse_is_logical=True)
        self.stack = SceneStack()
        self.layers: list[AppLayer] = []  # over every screen, in the order added
        self.status = StatusReport.from_environment()  # off unless RUMMI_DESKTOP_STATUS_FILE is set
        self.audio = create_audio(settings)  # a silent stand-in when there is no sound device
        self.notices.extend(self.audio.problems)  # said once, on the menu: e.g. it plays silently
        self.tiles = TileRenderer()  # one tile-picture cache shared by every scene
        self.fixed = FixedStep()  # physics steps, the same for every scene
        self.running = True
        self.focused = True
        self.minimised = False
        self.frames = 0
        self.time = 0.0  # seconds of frames run, for idle animations
        self.last_activity = 0.0  # ``time`` of the last input event or stack change

    # -- window ----------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> "pygame.Surface":
        pygame.display.set_caption(WINDOW_TITLE)
        _set_window_icon()
        if not self.scaled:
            return pygame.display.set_mode(LOGICAL_SIZE)
        # pygame reads this hint under its own name: scale by any factor, not whole multiples
        # only (with whole multiples a window smaller than the canvas shows it cropped at 1×).
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # smooth, not blocky, when shrunk
        flags = pygame.SCALED | pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else pygame.HIDDEN)
        screen = pygame.display.set_mode(LOGICAL_SIZE, flags, vsync=0)
        window = _sdl_window()
        window.minimum_size = SMALLEST_WINDOW  # SCALED set it to the whole canvas
        if not fullscreen:  # opened hidden: sized and placed before the player sees it
            self.fit_window_to_desktop(window)
            window.show()
        return screen

    def fit_window_to_desktop(self, window: Any = None) -> None:
        """Give the window the size the interface-size setting asks for on this desktop, centred.
        Does nothing headless or in fullscreen (the picture fills the screen there anyway)."""
        if not self.scaled or pygame.display.is_fullscreen():
            return
        window = window or _sdl_window()
        desktop = desktop_size()
        window.size = first_window_size(desktop, self.settings.ui_scale)
        window.position = centred_position(desktop, tuple(window.size))
        if hasattr(self, "letterbox"):
            self.letterbox.resize(pygame.display.get_window_size())

    @property
    def fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen()) if self.scaled else self.settings.fullscreen

    def toggle_fullscreen(self) -> None:
        """F11 and the settings switch: flip fullscreen and remember it in the settings."""
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, wanted: bool) -> None:
        if self.scaled and wanted != bool(pygame.display.is_fullscreen()):
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as error:  # some window systems refuse; keep playing windowed
                self.notices.append(f"Fullscreen is not available here ({error}).")
                return
            if not wanted:  # SCALED brings the window back at the whole canvas' size: fit it again
                self.fit_window_to_desktop()
            self.letterbox.resize(pygame.display.get_window_size())
        self.settings = self.settings.with_changes(fullscreen=wanted)

    # -- settings ---------------------------------------------------------------------------
    def _theme_named(self, name: str) -> Theme:
        if name not in self.themes:  # an earned felt (the Collection applies it) is loaded when chosen
            from rummi_desktop.ui.tile_back import unlockable_felt

            felt = unlockable_felt(name)
            if felt is not None:
                self.themes[name] = felt
        theme = self.themes.get(name) or self.themes.get(DEFAULT_THEME_NAME) or next(iter(self.themes.values()))
        back = getattr(getattr(self, "settings", None), "tile_back", "plain")
        return theme if theme.tile_back == back else dataclasses.replace(theme, tile_back=back)

    def theme_choices(self) -> list[tuple[str, str]]:
        """(name, title) of every loaded theme, for pickers."""
        return [(theme.name, theme.title) for theme in self.themes.values()]

    def update_settings(self, **changes: Any) -> Settings:
        """Change settings and apply them at once (theme, volumes, fullscreen). Not saved yet."""
        if "fullscreen" in changes:
            self.set_fullscreen(bool(changes.pop("fullscreen")))
        self.settings = self.settings.with_changes(**changes)
        if "theme" in changes or "tile_back" in changes:
            self.theme = self._theme_named(self.settings.theme)
        if any(name.endswith("_volume") for name in changes):
            s = self.settings
            self.audio.set_volumes(s.master_volume, s.effects_volume, s.music_volume)
        if "music_on" in changes:
            self.audio.set_music_on(self.settings.music_on)
        if "ui_scale" in changes:
            self.fit_window_to_desktop()
        return self.settings

    def save_settings(self) -> bool:
        """Write the settings file; on failure keep playing and say so on the menu."""
        if not self.persist:
            return False
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as error:
            self.notices.append(f"Could not save settings ({error.strerror or error}).")
            return False
        return True

    # -- layers -----------------------------------------------------------------------------
    def layer_of(self, kind: type) -> Any:
        """The layer of class ``kind``, or None while there is none."""
        return next((layer for layer in self.layers if isinstance(layer, kind)), None)

    def add_layer(self, layer: AppLayer) -> AppLayer:
        self.layers.append(layer)
        return layer

    def _update_layers(self, dt: float) -> None:
        for layer in self.layers:
            layer.update(dt)

    @property
    def animation_speed(self) -> float:
        return self.settings.animation_multiplier

    # -- frames -----------------------------------------------------------------------------
    def step(self, dt: float) -> bool:
        """Run one frame of ``dt`` seconds; returns False once the app should close."""
        changes, exits = self.stack.changes, self.stack.exits
        events = pygame.event.get()
        for event in events:
            self._dispatch(event)
        self.stack.apply_pending()
        if self.stack.empty:
            self.running = False
        if not self.running:
            return False
        self.time += dt
        if events or self.stack.changes != changes:
            self.last_activity = self.time  # input or a new screen: glows and intros at full rate
        self.fixed.advance(dt, self.stack.fixed_update)
        self.stack.update(dt)
        self._update_layers(dt)  # after the screen: a notice of a game the screen just opened is dropped
        self.audio.update()  # the music's dip under a fanfare, and its return
        self.stack.apply_pending()
        if self.stack.changes != changes:
            self.last_activity = self.time
        # The stack is settled for this frame here: self.stack.top is what gets drawn.
        self._match_text_input()
        self.stack.draw(self.screen)
        for layer in self.layers:
            layer.draw(self.screen)
        self._tell_of_missing_letters()
        pygame.display.flip()
        self.status.report(self.stack, self.frames)  # after the flip: the file tells what shows
        self.frames += 1
        if self.stack.exits != exits:
            # A scene that left (a finished table: its painted layers are whole screens) is
            # held by reference cycles between its parts; free it now, on a frame that changes
            # screen anyway, not at some later full collection (in long play, MiBs a game).
            gc.collect()
        return True

    def _tell_of_missing_letters(self) -> None:
        """The first time a name had letters no font here has (drawn as blocks), say so on the
        menu, once, in words."""
        notice = take_missing_notice()
        if notice is not None:
            self.notices.append(notice)

    def _match_text_input(self) -> None:
        """SDL's text input on while the top screen has text fields, off elsewhere (in play, no
        input-method window or on-screen keyboard). On for the whole screen, not per field: keys
        typed straight after the click on a field, in the same batch of events, still become text."""
        wanted = bool(self.stack.top is not None and self.stack.top.takes_text)
        if wanted != self.text_input:
            self.text_input = wanted
            set_text_input(wanted)

    @property
    def idle_time(self) -> float:
        """Seconds of frames since the last input event or stack change."""
        return self.time - self.last_activity

    def still_for(self) -> float:
        """Seconds the picture will stay the same unless input comes (0: keep drawing)."""
        if self.idle_time < FULL_RATE_AFTER_INPUT or self.audio.changing():
            return 0.0  # (the music coming back after a fanfare needs frames to move its volume)
        return min([self.stack.next_change_in(), *(layer.next_change_in() for layer in self.layers)])

    def pass_still_time(self, seconds: float) -> None:
        """Time the loop slept while the picture was still: the top scene's timers and the
        turn clock see it before the next frame's input, so an animation that input starts
        does not jump ahead by it. No fixed steps: nothing was moving."""
        changes = self.stack.changes
        self.time += seconds
        self.stack.update(seconds)
        self._update_layers(seconds)
        self.stack.apply_pending()
        if self.stack.changes != changes:
            self.last_activity = self.time

    def _dispatch(self, event: Any) -> None:
        if event.type == pygame.QUIT:
            self.running = False  # the window's close button; games autosave after each turn
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            self.save_settings()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.letterbox.resize(pygame.display.get_window_size())
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
        elif event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.minimised = event.type == pygame.WINDOWMINIMIZED
        else:
            for action in self.input.translate(event):
                if not any(layer.handle_action(action) for layer in self.layers):
                    self.stack.handle_action(action)

    @property
    def frame_rate(self) -> int:
        """Frames a second the loop aims for: fewer while the window is out of sight."""
        if self.minimised:
            return MINIMISED_FPS
        return FPS if self.focused else BACKGROUND_FPS

    def run(self, pacer: FramePacer | None = None) -> int:
        """The real loop: 60 FPS while anything moves (fewer in the background), idle waits
        while the picture is still; real dt, capped so a stall doesn't make animations jump."""
        pacer = pacer or FramePacer(pygame.event.peek)
        while self.running:
            still, dt = pacer.next_frame(1.0 / self.frame_rate, self.still_for())
            if still:
                self.pass_still_time(still)
            if not self.step(dt):
                break
        self.close()
        return 0

    def quit(self) -> None:
        """Close after this frame (the quit confirmation's "Quit")."""
        self.running = False

    def close(self) -> None:
        self.stack.clear()
        self.stack.apply_pending()
        for layer in self.layers:
            layer.close()
        self.layers.clear()
        self.audio.stop_music()


def desktop_size() -> tuple[int, int]:
    """The size of the screen the game opens on (the first one), or the canvas' if SDL knows none."""
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else LOGICAL_SIZE  # type: ignore[return-value]


def _sdl_window() -> Any:
    """The display module's window as a ``pygame.Window``, for its size, place and smallest size.
    (pygame-ce warns that drawing through it is deprecated; nothing here draws through it.)"""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def _set_window_icon() -> None:
    try:
        icon = resources.files("rummi_desktop").joinpath("assets", "icons", "rummi-desktop-64.png")
        with resources.as_file(icon) as icon_path:
            pygame.display.set_icon(pygame.image.load(str(icon_path)))
    except (OSError, pygame.error, FileNotFoundError):
        pass  # no icon is cosmetic, never fatal
