"""The cue synthesiser is deterministic and the shipped cue files are exactly its output.

(The music loop has its own tool and tests: tests/test_music_tool.py.)"""

from __future__ import annotations

import importlib.util
import io
import pathlib
import struct
import wave

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "rummi_desktop" / "assets" / "sounds"


@pytest.fixture(scope="module")
def make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def samples(data: bytes) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(io.BytesIO(data)) as reader:
        params = reader.getparams()
        frames = reader.readframes(reader.getnframes())
    return params, struct.unpack(f"<{len(frames) // 2}h", frames)


def test_every_cue_is_shipped_and_the_set_is_small(make_sounds):
    names = {path.stem for path in SOUNDS.glob("*.wav")}
    assert names == set(make_sounds.CUES) == {"clink", "shuffle", "rack", "invalid", "turn", "tick", "fanfare"}
    assert {path.name for path in SOUNDS.iterdir()} == {f"{name}.wav" for name in names} | {"music.ogg"}
    assert sum(path.stat().st_size for path in SOUNDS.iterdir()) < 3 * 1024 * 1024


@pytest.mark.parametrize("name", ["clink", "shuffle", "rack", "invalid", "turn", "tick", "fanfare"])
def test_shipped_file_equals_a_fresh_synthesis(make_sounds, name):
    assert make_sounds.render_cue(name) == (SOUNDS / f"{name}.wav").read_bytes()


def test_two_runs_write_identical_files(make_sounds, tmp_path):
    assert make_sounds.main([str(tmp_path / "a"), "clink", "tick"]) == 0
    assert make_sounds.main([str(tmp_path / "b"), "clink", "tick"]) == 0
    for name in ("clink", "tick"):
        assert (tmp_path / "a" / f"{name}.wav").read_bytes() == (tmp_path / "b" / f"{name}.wav").read_bytes()
    assert make_sounds.main([str(tmp_path), "kaboom"]) == 2


def test_format_and_shape(make_sounds):
    for path in SOUNDS.glob("*.wav"):
        params, values = samples(path.read_bytes())
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), path.name
        assert max(abs(v) for v in values) < 32767  # never clipped
        assert values[-1] == 0, path.name  # one-shot cues end on silence (no click)
