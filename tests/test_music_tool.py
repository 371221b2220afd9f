"""The music tool renders deterministically, its loop has no seam, and music.ogg is its output."""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pygame
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "rummi_desktop" / "assets" / "sounds" / "music.ogg"


@pytest.fixture(scope="module")
def make_music():
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "tools" / "make_music.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def loop(make_music) -> np.ndarray:
    """The whole loop, rendered once for every test here (about ten seconds)."""
    return make_music.render()


def seam_problems(frames: np.ndarray) -> list[str]:
    """Why playing ``frames`` again from the start after its last sample would be heard as a seam."""
    problems = []
    for channel in range(frames.shape[1]):
        v = frames[:, channel].astype(np.int64)
        step = np.percentile(np.abs(np.diff(v)), 75)  # an ordinary sample-to-sample move
        bend = np.percentile(np.abs(np.diff(v, 2)), 95)
        if abs(v[0] - v[-1]) > step:
            problems.append(f"channel {channel}: jump {v[0] - v[-1]} at the join (ordinary steps ≤ {step})")
        if abs((v[1] - v[0]) - (v[-1] - v[-2])) > bend:
            problems.append(f"channel {channel}: the slope breaks at the join")
        last, first = (np.sqrt(np.mean(part.astype(float) ** 2)) for part in (v[-220:], v[:220]))  # 5 ms each
        if not 0.5 <= (last + 1) / (first + 1) <= 2:
            problems.append(f"channel {channel}: level {last:.0f} before the join, {first:.0f} after")
    return problems


def test_the_loop_is_long_stereo_and_at_its_levels(make_music, loop):
    assert loop.dtype == np.dtype("<i2") and loop.shape[1] == 2
    assert len(loop) == len(make_music.FORM) * 32 * make_music.BEAT  # whole bars, to the sample
    levels = make_music.levels(loop)
    assert levels["seconds"] >= 120
    assert -3.2 <= levels["peak_dbfs"] <= -2.8  # headroom for the lossy encoder, never clipped
    assert -24 <= levels["rms_dbfs"] <= -15  # a soft trio, not a whisper
    assert np.max(np.abs(loop.astype(np.int64))) < 32767


def test_the_last_samples_flow_into_the_first(make_music, loop):
    assert seam_problems(loop) == []
    # The check does hear a seam: the same music cut short anywhere in a bar is caught.
    for cut in (make_music.BEAT // 3, make_music.BEAT // 7, 1000):
        assert seam_problems(loop[:-cut]), cut


def test_rendering_is_deterministic(make_music):
    one_section = (("A1", 0),)
    first = make_music.render(one_section)
    assert first.tobytes() == make_music.render(one_section).tobytes()
    assert first.tobytes() != make_music.render(one_section, seed=make_music.SEED + 1).tobytes()
    assert len(first) == 32 * make_music.BEAT


def test_voicings_are_rootless_hold_the_guide_tones_and_stay_mid_keyboard(make_music):
    previous = None
    for chords in make_music.bar_chords(make_music.FORM):
        for root, quality in chords:
            previous = make_music.voice(root, quality, previous)
            classes = {note % 12 for note in previous}
            assert root % 12 not in classes  # the bass has the root
            assert {(root + make_music.THIRD[quality]) % 12, (root + make_music.SEVENTH[quality]) % 12} <= classes
            assert 50 <= min(previous) and max(previous) <= 74
    with pytest.raises(ValueError):
        make_music.parse_chord("H7")


def test_the_shipped_ogg_is_this_render_and_loops_as_smoothly(loop):
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    try:
        decoded = np.frombuffer(pygame.mixer.Sound(file=str(SHIPPED)).get_raw(), "<i2").reshape(-1, 2)
    finally:
        pygame.mixer.quit()
    assert len(decoded) == len(loop)  # Vorbis keeps the exact length: the loop point is the seam
    error = decoded.astype(float) - loop
    assert 10 * np.log10(np.mean(loop.astype(float) ** 2) / np.mean(error ** 2)) > 15
    assert seam_problems(decoded) == []
    assert SHIPPED.stat().st_size < 2.5 * 1024 * 1024
