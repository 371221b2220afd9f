"""The music switch and volume in the settings screen, drawn and used, and the app around them."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from rummi_desktop.shell import audio
from rummi_desktop.shell.app import App
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.settings import PANEL, SettingsScene
from rummi_desktop.storage import paths
from rummi_desktop.shell.settings import load_settings
from rummi_desktop.ui.widgets import Slider, Toggle

DT = 1 / 60
SHOTS = os.environ.get("RUMMI_MUSIC_SHOTS")  # a folder to keep the drawn screen in, for a look


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def run(app, frames=2):
    for _ in range(frames):
        app.step(DT)


def open_settings(home) -> tuple[App, SettingsScene]:
    app = App()
    app.stack.push(MenuScene(app))
    run(app)
    app.stack.push(SettingsScene(app))
    run(app)
    return app, app.stack.top


def row(scene, kind, label):
    return next(w for w in scene.widgets.widgets if isinstance(w, kind) and w.label == label)


def pill_colour(scene, switch, surface) -> tuple[int, int, int]:
    """The switch's pill between its two knob positions (never covered by the knob)."""
    scene.draw(surface)
    return tuple(surface.get_at((switch.rect.right - 14 - 32, switch.rect.centery)))[:3]


def distance(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(a, b))


def test_every_row_fits_above_done_without_overlap(home):
    _, scene = open_settings(home)
    rows = [w for w in scene.widgets.widgets if w is not scene.back_button and w.rect.height < 100]
    assert [w.label for w in rows[:4]] == ["Master volume", "Sound effects", "Music", "Music volume"]
    for upper, lower in zip(rows, rows[1:]):
        assert upper.rect.bottom < lower.rect.top
    assert PANEL.contains(rows[-1].rect) and rows[-1].rect.bottom < scene.back_button.rect.top


def test_the_music_switch_is_drawn_turns_the_music_off_and_is_saved(home):
    app, scene = open_settings(home)
    switch, volume = row(scene, Toggle, "Music"), row(scene, Slider, "Music volume")
    assert switch.value is True and volume.value == app.settings.music_volume
    assert app.audio.music_playing
    surface = pygame.Surface((1280, 800))
    on_colour = pill_colour(scene, switch, surface)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(SHOTS) / "settings-music-on.png"))
    assert distance(on_colour, app.theme.accent) < 120

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=switch.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=switch.rect.center, button=1))
    run(app, 90)  # the knob slides across
    assert app.settings.music_on is False and app.audio.music_on is False and not app.audio.music_playing
    off_colour = pill_colour(scene, switch, surface)
    if SHOTS:
        pygame.image.save(surface, str(Path(SHOTS) / "settings-music-off.png"))
    assert distance(off_colour, app.theme.accent) > distance(on_colour, app.theme.accent) + 60

    app.stack.pop()  # Done: the file is written once, on the way out
    run(app)
    saved, notice = load_settings(home / "config" / "settings.toml")
    assert notice is None and saved.music_on is False
    app.close()
    again, _ = open_settings(home)  # the next start keeps quiet from the first frame
    assert again.settings.music_on is False and again.audio.music_wanted and not again.audio.music_playing


class FakeClock:
    now = 50.0

    def __call__(self) -> float:
        return self.now


def test_the_loop_keeps_running_frames_while_the_music_comes_back(home):
    app, _ = open_settings(home)
    clock = FakeClock()
    app.audio.stop_music(fade_ms=0)
    app.audio = audio.create_audio(app.settings, clock)
    app.audio.start_music()
    app.last_activity = app.time - 60  # long idle: the picture alone would let the loop sleep
    assert app.still_for() > 0
    app.audio.play("fanfare")
    assert app.still_for() == 0.0
    clock.now += 30  # the dip is over
    app.step(DT)
    assert app.still_for() > 0
    assert pygame.mixer.music.get_volume() == pytest.approx(app.settings.master_volume * app.settings.music_volume,
                                                            abs=0.01)
