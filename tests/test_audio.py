"""Audio: real mixer under SDL's dummy driver, a silent stand-in when the device fails."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from rummi_desktop.shell import audio
from rummi_desktop.shell import audio_duck as duck


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
    assert sound.problems == ["No sound device was found, so the game plays silently."]  # the player's words
    assert sound.device_error == "ALSA: Couldn't open audio device"  # SDL's, kept for debugging only
    assert (sound.master, sound.effects, sound.music) == (0.3, 0.9, 0.1)
    for cue in audio.CUES:
        sound.play(cue)
    sound.set_volumes(1, 1, 1)
    sound.start_music()
    sound.update()
    assert not sound.music_playing and not sound.changing()
    sound.stop_music()
    with pytest.raises(ValueError):
        sound.play("kaboom")


def test_a_missing_sound_file_silences_only_that_cue(monkeypatch, tmp_path, mixer):
    real = audio.sound_bytes

    def lose_tick(name: str) -> bytes:
        if name == "tick":
            raise FileNotFoundError(name)
        return real(name)

    monkeypatch.setattr(audio, "sound_bytes", lose_tick)
    monkeypatch.setattr(audio, "music_file", lambda: tmp_path / "music.ogg")  # not there
    sound = audio.create_audio(None)
    assert isinstance(sound, audio.Audio)
    assert "tick" not in sound.sounds and "clink" in sound.sounds
    assert [p.split(":")[0] for p in sound.problems] == ["tick", "music"]
    assert "music.ogg is missing" in sound.problems[1]
    sound.play("tick")
    sound.start_music()
    assert not sound.music_playing and not pygame.mixer.music.get_busy()


@pytest.mark.parametrize("content", [b"", b"OggS" + bytes(range(256)) * 8, b"not an ogg at all" * 100])
def test_a_corrupt_music_file_means_silence_and_one_problem(monkeypatch, tmp_path, mixer, content):
    broken = tmp_path / "music.ogg"
    broken.write_bytes(content)
    monkeypatch.setattr(audio, "music_file", lambda: broken)
    sound = audio.create_audio(None)
    assert sound.problems == []  # found; it is only read when the music starts
    sound.start_music()
    assert not sound.music_playing and not pygame.mixer.music.get_busy()
    assert len(sound.problems) == 1 and sound.problems[0].startswith("music: cannot play music.ogg")
    sound.stop_music()
    sound.start_music()  # the menu again: no second attempt, no second report
    assert len(sound.problems) == 1
    sound.play("fanfare")
    sound.update()


def test_music_streams_from_the_file_and_is_never_loaded_into_a_sound(monkeypatch, mixer):
    made, loaded = [], []
    real_sound, real_load = pygame.mixer.Sound, pygame.mixer.music.load

    def recording_sound(*args, **kwargs):
        made.append((args, kwargs))
        return real_sound(*args, **kwargs)

    def recording_load(source, *args):
        loaded.append(source)
        return real_load(source, *args)

    monkeypatch.setattr(pygame.mixer, "Sound", recording_sound)
    monkeypatch.setattr(pygame.mixer.music, "load", recording_load)
    sound = audio.create_audio(None)
    sound.start_music()
    assert sound.music_playing and pygame.mixer.music.get_busy()
    assert len(made) == len(audio.CUES)  # one Sound per cue, none for the music
    assert loaded == [str(audio.music_file())] and loaded[0].endswith("music.ogg")
    sound.start_music()  # already playing: not loaded again
    assert len(loaded) == 1


def test_the_music_switch_silences_and_resumes_what_a_scene_asked_for(mixer):
    sound = audio.create_audio(SimpleNamespace(master_volume=1.0, effects_volume=1.0, music_volume=0.5,
                                               music_on=False))
    assert sound.music_on is False
    sound.start_music()  # the menu wants music, the player does not
    assert sound.music_wanted and not sound.music_playing and not pygame.mixer.music.get_busy()
    sound.set_music_on(True)
    assert sound.music_playing and pygame.mixer.music.get_busy()
    sound.set_music_on(False)
    assert not sound.music_playing and sound.music_wanted
    sound.stop_music()
    sound.set_music_on(True)  # nobody wants music now: the switch alone does not start it
    assert not sound.music_playing


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_fanfare_ducks_the_music_and_it_comes_back(mixer):
    clock = FakeClock()
    sound = audio.create_audio(SimpleNamespace(master_volume=1.0, effects_volume=1.0, music_volume=0.5), clock)
    sound.start_music()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
    sound.play("clink")  # an ordinary cue leaves the music alone
    assert not sound.changing() and pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
    fanfare_seconds = sound.sounds["fanfare"].get_length()
    sound.play("fanfare")
    heard = []
    for elapsed in (0.05, 0.3, fanfare_seconds, fanfare_seconds + 0.15 + 0.6, fanfare_seconds + 0.15 + 1.3):
        clock.now = 100.0 + elapsed
        changing = sound.changing()
        sound.update()
        heard.append((round(pygame.mixer.music.get_volume(), 2), changing))
    down = 0.5 * duck.DUCK_LEVEL
    assert heard[0][0] < 0.5 and heard[0][0] > down  # on its way down
    assert heard[1] == (pytest.approx(down, abs=0.01), True) and heard[2] == (pytest.approx(down, abs=0.01), True)
    assert down < heard[3][0] < 0.5  # swelling back
    assert heard[4] == (pytest.approx(0.5, abs=0.01), False)
    sound.set_volumes(1.0, 1.0, 0.25)  # the player's level is what it comes back to
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)


def test_a_second_fanfare_mid_dip_keeps_the_music_down_longer():
    dip = duck.Duck()
    dip.start(0.0, hold=1.0)
    assert dip.gain(0.5) == duck.DUCK_LEVEL
    dip.start(1.0, hold=1.0)  # before the first one let go
    assert dip.gain(1.05) == pytest.approx(duck.DUCK_LEVEL)  # no bounce up and down again
    assert dip.gain(2.1) == duck.DUCK_LEVEL and dip.changing(2.1)
    assert dip.gain(1.0 + duck.FALL_SECONDS + 1.0 + duck.RISE_SECONDS + 0.01) == 1.0
    assert not dip.changing(10.0)


def test_settings_without_volumes_use_defaults():
    assert audio.settings_volumes(object()) == audio.DEFAULT_VOLUMES
    assert audio.settings_volumes(SimpleNamespace(master_volume="loud")) == (0.0, 0.8, 0.5)


def test_the_game_plays_its_music_without_numpy():
    """numpy is for the music tool only: the menu starts its music without importing it."""
    import subprocess
    import sys

    script = ("import sys\nfrom rummi_desktop.shell.app import App\nfrom rummi_desktop.scenes.menu import MenuScene\n"
              "app = App(persist=False)\napp.stack.push(MenuScene(app))\napp.step(1 / 60)\n"
              "print(app.audio.music_playing, 'numpy' in sys.modules)\napp.close()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split()[-2:] == ["True", "False"]
