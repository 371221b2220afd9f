"""Named sound cues and the background music loop; silent, never failing, without a device.

    audio = create_audio(settings)      # Audio, or SilentAudio when there is no sound device
    audio.play("clink")
    audio.set_volumes(master, effects, music)
    audio.start_music(); audio.stop_music()
    audio.set_music_on(False)           # the Settings switch: silence, but remember the wish
    audio.update()                      # once a frame: moves the music's dip under a fanfare

Cues (``CUES``): clink (tile set down), shuffle, rack (rack click), invalid (soft buzz), turn
(your turn chime), tick (clock), fanfare (round won). The files are WAVs in
``rummi_desktop/assets/sounds`` made by ``tools/make_sounds.py``. A missing or unreadable file
silences that cue only and is listed in ``audio.problems``; a cue name that does not exist is a
programming error and raises ``ValueError`` in both the real and the silent object, so typos
surface in headless tests too.

The music (``music.ogg``, made by ``tools/make_music.py``) is streamed by
``pygame.mixer.music`` straight from the file, never decoded whole into a ``Sound``: nothing is
read at start-up but its header, and it loops without a seam. A missing or corrupt file means
no music, with the reason in ``audio.problems``. While a ``DUCKING_CUES`` cue plays, the music
dips (``audio_duck.Duck``) and then swells back.
"""

from __future__ import annotations

import io
import time
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable

import pygame

from rummi_desktop.shell.native_output import native_stderr_hidden

from rummi_desktop.shell.audio_duck import Duck

CUES: tuple[str, ...] = ("clink", "shuffle", "rack", "invalid", "turn", "tick", "fanfare")
MUSIC_FILE = "music.ogg"
DUCKING_CUES = frozenset({"fanfare"})  # loud enough that the music steps aside for it
MUSIC_FADE_IN_MS = 1500
MIXER_SETTINGS = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}  # 512: ~12 ms latency
CHANNELS = 16  # enough for a burst of clinks while a chime rings
DEFAULT_VOLUMES = (0.8, 0.8, 0.5)  # master, effects, music


def _clamp(value: Any) -> float:
    try:
        return max(0.0, min(1.0, float(value)))
    except (TypeError, ValueError):
        return 0.0


def _check_cue(cue: str) -> None:
    if cue not in CUES:
        raise ValueError(f"unknown sound cue {cue!r} (one of {', '.join(CUES)})")


class SilentAudio:
    """Same interface as ``Audio``; makes no sound. Used when the mixer cannot start."""

    enabled = False

    def __init__(self, problems: list[str] | None = None, volumes: tuple[float, float, float] = DEFAULT_VOLUMES,
                 music_on: bool = True) -> None:
        self.problems = list(problems or [])
        self.master, self.effects, self.music = (_clamp(v) for v in volumes)
        self.music_on = bool(music_on)
        self.music_wanted = False  # a scene asked for music (it plays when music_on too)
        self.music_playing = False
        self.device_error = ""  # why the mixer would not start, in SDL's words (for debugging)

    def play(self, cue: str) -> None:
        _check_cue(cue)

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        self.master, self.effects, self.music = _clamp(master), _clamp(effects), _clamp(music)

    def start_music(self) -> None:
        self.music_wanted = True

    def stop_music(self, fade_ms: int = 600) -> None:
        self.music_wanted = False

    def set_music_on(self, on: bool) -> None:
        self.music_on = bool(on)

    def update(self) -> None:
        """Once a frame; nothing moves in silence."""

    def changing(self) -> bool:
        return False


class Audio(SilentAudio):
    """Cues through ``pygame.mixer``; effect volume = master × effects, music = master × music × dip."""

    enabled = True

    def __init__(self, sounds: dict[str, pygame.mixer.Sound], music_file: Traversable | None,
                 problems: list[str], volumes: tuple[float, float, float], music_on: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(problems, volumes, music_on)
        self.sounds = sounds
        self._music_file = music_file
        self._music_stream: io.BytesIO | None = None  # kept alive while SDL streams from it
        self._clock = clock
        self._duck = Duck()
        self._music_gain = -1.0  # the volume last given to the mixer (-1: none yet)
        self.set_volumes(*volumes)

    def play(self, cue: str) -> None:
        _check_cue(cue)
        sound = self.sounds.get(cue)
        if sound is not None and self.master * self.effects > 0:
            sound.play()
            if cue in DUCKING_CUES and self.music_playing:
                self._duck.start(self._clock(), sound.get_length())
                self.update()

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        super().set_volumes(master, effects, music)
        for sound in self.sounds.values():
            sound.set_volume(self.master * self.effects)
        self._music_gain = -1.0
        self.update()

    def update(self) -> None:
        """Give the mixer the music volume of this moment (the dip under a fanfare moves it)."""
        gain = self.master * self.music * self._duck.gain(self._clock())
        if gain != self._music_gain and pygame.mixer.get_init():
            pygame.mixer.music.set_volume(gain)
            self._music_gain = gain

    def changing(self) -> bool:
        return self._duck.changing(self._clock())

    def start_music(self) -> None:
        super().start_music()
        self._begin_music()

    def stop_music(self, fade_ms: int = 600) -> None:
        super().stop_music(fade_ms)
        self._end_music(fade_ms)

    def set_music_on(self, on: bool) -> None:
        super().set_music_on(on)
        if self.music_on:
            self._begin_music()
        else:
            self._end_music(600)

    def _begin_music(self) -> None:
        if not (self.music_wanted and self.music_on) or self.music_playing or self._music_file is None:
            return
        if not pygame.mixer.get_init():
            return
        try:
            pygame.mixer.music.load(self._music_source())
            self._music_gain = -1.0
            self.update()
            pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_IN_MS)
        except (pygame.error, OSError) as error:
            self.problems.append(f"music: cannot play {MUSIC_FILE} ({error}); playing without music")
            self._music_file = None  # do not retry (and re-report) on every menu visit
            return
        self.music_playing = True

    def _music_source(self) -> str | io.BytesIO:
        """A path SDL streams from; a packaged copy that is no plain file is read into memory."""
        if isinstance(self._music_file, Path):
            return str(self._music_file)
        self._music_stream = io.BytesIO(self._music_file.read_bytes())  # type: ignore[union-attr]
        return self._music_stream

    def _end_music(self, fade_ms: int) -> None:
        if self.music_playing and pygame.mixer.get_init():
            if fade_ms > 0:
                pygame.mixer.music.fadeout(fade_ms)
            else:
                pygame.mixer.music.stop()
        self.music_playing = False


def settings_volumes(settings_like: Any) -> tuple[float, float, float]:
    """(master, effects, music) from any object with ``*_volume`` attributes; defaults if absent."""
    if settings_like is None:
        return DEFAULT_VOLUMES
    names = ("master_volume", "effects_volume", "music_volume")
    return tuple(_clamp(getattr(settings_like, name, default)) for name, default in zip(names, DEFAULT_VOLUMES))  # type: ignore[return-value]


def sound_bytes(name: str) -> bytes:
    """The shipped WAV for a cue (raises OSError when missing)."""
    return resources.files("rummi_desktop").joinpath("assets", "sounds", f"{name}.wav").read_bytes()


def music_file() -> Traversable:
    """Where the shipped music loop is (it may be missing: ``create_audio`` checks)."""
    return resources.files("rummi_desktop").joinpath("assets", "sounds", MUSIC_FILE)


def create_audio(settings_like: Any = None, clock: Callable[[], float] = time.monotonic) -> Audio | SilentAudio:
    """Start the mixer (if needed) and load every cue; a silent stand-in on any device failure.
    ``clock`` times the music's dip under a fanfare (tests pass a fake one)."""
    volumes = settings_volumes(settings_like)
    music_on = getattr(settings_like, "music_on", True) is not False
    try:
        if not pygame.mixer.get_init():
            with native_stderr_hidden():  # ALSA's probing lines: the notice below says it once
                pygame.mixer.init(**MIXER_SETTINGS)
        pygame.mixer.set_num_channels(CHANNELS)
    except pygame.error as error:
        # The player reads it in plain words; SDL's own reason ("ALSA: Couldn't open audio
        # device …") is kept for whoever debugs it (``device_error``), not shown.
        silent = SilentAudio(["No sound device was found, so the game plays silently."], volumes, music_on)
        silent.device_error = str(error)
        return silent
    sounds: dict[str, pygame.mixer.Sound] = {}
    problems: list[str] = []
    for cue in CUES:
        try:
            sounds[cue] = pygame.mixer.Sound(file=io.BytesIO(sound_bytes(cue)))
        except (OSError, pygame.error) as error:
            problems.append(f"{cue}: cannot load its sound ({error})")
    music: Traversable | None = music_file()
    if not music.is_file():  # type: ignore[union-attr]
        problems.append(f"music: {MUSIC_FILE} is missing; playing without music")
        music = None
    return Audio(sounds, music, problems, volumes, music_on, clock)
