"""Audio: real mixer under SDL's dummy driver, a silent stand-in when the device fails."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from rummi_desktop import audio


@pytest.fixture
def mixer():
    yield
    pygame.mixer.quit()


def test_every_cue_loads_and_plays(mixer):
    sound = audio.create_audio(SimpleNamespace(master_volume=1.0, effects_volume=1.0, music_volume=0.5))
    assert isinstance(sound, audio.Audio) and sound.enabled
    assert sound.problems == []
    assert set(sound.sounds) == set(audio.CUES)
    assert all(s.get_length() > 0.02 for s in sound.sounds.values())
    for cue in audio.CUES:
        sound.play(cue)
    with pytest.raises(ValueError):
        sound.play("kaboom")


def test_volumes_multiply_master_and_clamp(mixer):
    sound = audio.create_audio(SimpleNamespace(master_volume=0.5, effects_volume=0.5, music_volume=1.0))
    assert sound.sounds["clink"].get_volume() == pytest.approx(0.25, abs=0.01)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
    sound.set_volumes(2.0, -1, 0.25)
    assert (sound.master, sound.effects, sound.music) == (1.0, 0.0, 0.25)
    assert sound.sounds["tick"].get_volume() == 0.0
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)


def test_music_starts_and_stops(mixer):
    sound = audio.create_audio(None)
    sound.start_music()
    assert sound.music_playing and pygame.mixer.music.get_busy()
    sound.stop_music(fade_ms=0)
    assert not sound.music_playing


def test_silent_stand_in_when_the_mixer_cannot_start(monkeypatch):
    def no_device(*_args, **_kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = audio.create_audio(SimpleNamespace(master_volume=0.3, effects_volume=0.9, music_volume=0.1))
    assert isinstance(sound, audio.SilentAudio) and not sound.enabled
    assert "no audio device" in sound.problems[0]
    assert (sound.master, sound.effects, sound.music) == (0.3, 0.9, 0.1)
    for cue in audio.CUES:
        sound.play(cue)
    sound.set_volumes(1, 1, 1)
    sound.start_music()
    sound.stop_music()
    with pytest.raises(ValueError):
        sound.play("kaboom")


def test_a_missing_sound_file_silences_only_that_cue(monkeypatch, mixer):
    real = audio.sound_bytes

    def lose_tick_and_music(name: str) -> bytes:
        if name in ("tick", "music"):
            raise FileNotFoundError(name)
        return real(name)

    monkeypatch.setattr(audio, "sound_bytes", lose_tick_and_music)
    sound = audio.create_audio(None)
    assert isinstance(sound, audio.Audio)
    assert "tick" not in sound.sounds and "clink" in sound.sounds
    assert [p.split(":")[0] for p in sound.problems] == ["tick", "music"]
    sound.play("tick")
    sound.start_music()
    assert not sound.music_playing


def test_settings_without_volumes_use_defaults():
    assert audio.settings_volumes(object()) == audio.DEFAULT_VOLUMES
    assert audio.settings_volumes(SimpleNamespace(master_volume="loud")) == (0.0, 0.8, 0.5)
