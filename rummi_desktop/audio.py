"""Named sound cues and the background music loop; silent, never failing, without a device.

    audio = create_audio(settings)      # Audio, or SilentAudio when there is no sound device
    audio.play("clink")
    audio.set_volumes(master, effects, music)
    audio.start_music(); audio.stop_music()

Cues (``CUES``): clink (tile set down), shuffle, rack (rack click), invalid (soft buzz), turn
(your turn chime), tick (clock), fanfare (round won). The files are WAVs in
``rummi_desktop/assets/sounds`` made by ``tools/make_sounds.py``. A missing or unreadable file
silences that cue only and is listed in ``audio.problems``; a cue name that does not exist is a
programming error and raises ``ValueError`` in both the real and the silent object, so typos
surface in headless tests too.
"""

from __future__ import annotations

import io
from importlib import resources
from typing import Any

import pygame

CUES: tuple[str, ...] = ("clink", "shuffle", "rack", "invalid", "turn", "tick", "fanfare")
MUSIC = "music"
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

    def __init__(self, problems: list[str] | None = None, volumes: tuple[float, float, float] = DEFAULT_VOLUMES) -> None:
        self.problems = list(problems or [])
        self.master, self.effects, self.music = (_clamp(v) for v in volumes)
        self.music_playing = False

    def play(self, cue: str) -> None:
        _check_cue(cue)

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        self.master, self.effects, self.music = _clamp(master), _clamp(effects), _clamp(music)

    def start_music(self) -> None:
        self.music_playing = True

    def stop_music(self, fade_ms: int = 600) -> None:
        self.music_playing = False


class Audio(SilentAudio):
    """Cues through ``pygame.mixer``; effect volume = master × effects, music = master × music."""

    enabled = True

    def __init__(self, sounds: dict[str, pygame.mixer.Sound], music_data: bytes | None,
                 problems: list[str], volumes: tuple[float, float, float]) -> None:
        super().__init__(problems, volumes)
        self.sounds = sounds
        self._music_data = music_data
        self._music_file: io.BytesIO | None = None  # kept alive: SDL streams from it
        self.set_volumes(*volumes)

    def play(self, cue: str) -> None:
        _check_cue(cue)
        sound = self.sounds.get(cue)
        if sound is not None and self.master * self.effects > 0:
            sound.play()

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        super().set_volumes(master, effects, music)
        for sound in self.sounds.values():
            sound.set_volume(self.master * self.effects)
        if pygame.mixer.get_init():
            pygame.mixer.music.set_volume(self.master * self.music)

    def start_music(self) -> None:
        if self.music_playing or self._music_data is None or not pygame.mixer.get_init():
            return
        try:
            self._music_file = io.BytesIO(self._music_data)
            pygame.mixer.music.load(self._music_file, "wav")
            pygame.mixer.music.set_volume(self.master * self.music)
            pygame.mixer.music.play(loops=-1, fade_ms=1500)
        except pygame.error as error:
            self.problems.append(f"music: cannot play ({error})")
            return
        self.music_playing = True

    def stop_music(self, fade_ms: int = 600) -> None:
        if self.music_playing and pygame.mixer.get_init():
            pygame.mixer.music.fadeout(fade_ms)
        self.music_playing = False


def settings_volumes(settings_like: Any) -> tuple[float, float, float]:
    """(master, effects, music) from any object with ``*_volume`` attributes; defaults if absent."""
    if settings_like is None:
        return DEFAULT_VOLUMES
    names = ("master_volume", "effects_volume", "music_volume")
    return tuple(_clamp(getattr(settings_like, name, default)) for name, default in zip(names, DEFAULT_VOLUMES))  # type: ignore[return-value]


def sound_bytes(name: str) -> bytes:
    """The shipped WAV for a cue or the music (raises OSError when missing)."""
    return resources.files("rummi_desktop").joinpath("assets", "sounds", f"{name}.wav").read_bytes()


def create_audio(settings_like: Any = None) -> Audio | SilentAudio:
    """Start the mixer (if needed) and load every cue; a silent stand-in on any device failure."""
    volumes = settings_volumes(settings_like)
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(**MIXER_SETTINGS)
        pygame.mixer.set_num_channels(CHANNELS)
    except pygame.error as error:
        return SilentAudio([f"no audio device ({error}); playing silently"], volumes)
    sounds: dict[str, pygame.mixer.Sound] = {}
    problems: list[str] = []
    for cue in CUES:
        try:
            sounds[cue] = pygame.mixer.Sound(file=io.BytesIO(sound_bytes(cue)))
        except (OSError, pygame.error) as error:
            problems.append(f"{cue}: cannot load its sound ({error})")
    try:
        music_data: bytes | None = sound_bytes(MUSIC)
    except OSError as error:
        music_data = None
        problems.append(f"{MUSIC}: cannot load it ({error})")
    return Audio(sounds, music_data, problems, volumes)
