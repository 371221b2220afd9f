"""Synthesise the game's sound cues into rummi_desktop/assets/sounds/.

    python tools/make_sounds.py [OUT_DIR] [CUE ...]

Pure Python (``wave`` + ``math``), no downloads, no numpy: every sample comes from the
formulas below and seeded ``random.Random`` instances, so running the script again gives
byte-identical files (a test checks this). 22050 Hz, mono, 16-bit WAV.

Cues: clink (tile set down), shuffle (tiles stirred in the pool), rack (rack click), invalid
(soft buzz), turn (two-note chime), tick (clock), fanfare (round won). The music loop is
``tools/make_music.py``'s (numpy, OGG Vorbis).
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from functools import lru_cache
from pathlib import Path
from typing import Callable

RATE = 22050
TAU = math.tau
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "rummi_desktop" / "assets" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def add_partial(buffer: Samples, start: float, freq: float, amp: float, decay: float,
                attack: float = 0.002, length: float | None = None) -> None:
    """Mix a sine with a short linear attack and exponential decay (time constant ``decay``
    seconds) into ``buffer``; whatever would fall past its end is dropped."""
    wave_ = partial_wave(freq, decay, attack, round((length if length is not None else decay * 7) * RATE))
    first = round(start * RATE)
    span = max(0, min(len(wave_), len(buffer) - first))
    buffer[first:first + span] = [b + amp * w for b, w in zip(buffer[first:first + span], wave_[:span])]


@lru_cache(maxsize=None)
def partial_wave(freq: float, decay: float, attack: float, count: int) -> tuple[float, ...]:
    """One unit-amplitude enveloped sine, computed once per distinct partial."""
    attack_samples = max(1, round(attack * RATE))
    step = TAU * freq / RATE
    fall = -1.0 / (decay * RATE)
    return tuple((i / attack_samples if i < attack_samples else 1.0) * math.exp(fall * i) * math.sin(step * i)
                 for i in range(count))


def add_noise_burst(buffer: Samples, start: float, amp: float, decay: float, rng: random.Random,
                    brightness: float = 0.5) -> None:
    """Decaying noise, low-passed by a one-pole filter (brightness 0 = dull, 1 = hiss)."""
    first = round(start * RATE)
    fall = math.exp(-1.0 / (decay * RATE))
    level, smooth = amp, 0.0
    for i in range(round(decay * 6 * RATE)):
        if first + i >= len(buffer):
            break
        smooth += brightness * (rng.uniform(-1.0, 1.0) - smooth)
        buffer[first + i] += level * smooth
        level *= fall


def clink() -> Samples:
    """A tile set down on the felt: a soft knock plus two bright, quickly damped partials."""
    rng = random.Random(11)
    out = silence(0.22)
    add_noise_burst(out, 0.0, 0.5, 0.006, rng, brightness=0.6)
    add_partial(out, 0.0, 190, 0.45, 0.035)
    add_partial(out, 0.001, 2150, 0.22, 0.022)
    add_partial(out, 0.001, 3380, 0.14, 0.014)
    return out


def shuffle() -> Samples:
    """Tiles stirred in the pool: a swell of many small clicks over a brushed-noise bed."""
    rng = random.Random(23)
    out = silence(1.0)
    for i in range(len(out)):
        envelope = math.sin(math.pi * i / len(out)) ** 1.5
        out[i] += 0.05 * envelope * rng.uniform(-1.0, 1.0)
    for _ in range(70):
        at = rng.betavariate(2.2, 2.2) * 0.9
        add_noise_burst(out, at, rng.uniform(0.15, 0.4), rng.uniform(0.002, 0.005), rng, brightness=0.7)
        add_partial(out, at, rng.uniform(1400, 3200), rng.uniform(0.05, 0.12), 0.012)
    return out


def rack() -> Samples:
    """A tile clicked into the wooden rack: short, woody, mid-pitched."""
    rng = random.Random(37)
    out = silence(0.12)
    add_noise_burst(out, 0.0, 0.35, 0.004, rng, brightness=0.4)
    add_partial(out, 0.0, 620, 0.5, 0.018)
    add_partial(out, 0.0, 1480, 0.25, 0.010)
    return out


def invalid() -> Samples:
    """A soft, low, slightly detuned buzz that says "not that" without scolding."""
    out = silence(0.34)
    for freq, amp in ((110, 0.32), (116, 0.26)):
        for harmonic in (1, 3, 5):  # odd harmonics give the reedy buzz
            add_partial(out, 0.0, freq * harmonic, amp / harmonic, 0.11, attack=0.015, length=0.34)
    fade = round(0.05 * RATE)
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


def bell(out: Samples, start: float, freq: float, amp: float, decay: float) -> None:
    """A small bell: inharmonic partials, higher ones dying sooner."""
    for ratio, weight, speed in ((1.0, 1.0, 1.0), (2.76, 0.4, 0.55), (5.40, 0.18, 0.3), (8.93, 0.07, 0.2)):
        add_partial(out, start, freq * ratio, amp * weight, decay * speed, attack=0.003)


def turn() -> Samples:
    """Your turn: a two-note chime, a rising fifth."""
    out = silence(1.6)
    bell(out, 0.0, 659.3, 0.35, 0.35)
    bell(out, 0.14, 987.8, 0.32, 0.45)
    return out


def tick() -> Samples:
    """A clock tick: a tiny, dry, high click."""
    rng = random.Random(53)
    out = silence(0.05)
    add_noise_burst(out, 0.0, 0.4, 0.0015, rng, brightness=0.9)
    add_partial(out, 0.0, 3100, 0.35, 0.004)
    return out


def brass(out: Samples, start: float, freq: float, amp: float, length: float) -> None:
    """A bright brass-like note: stacked harmonics with a soft attack and vibrato-free sustain."""
    for harmonic in range(1, 7):
        add_partial(out, start, freq * harmonic, amp / (harmonic ** 1.3), length * 0.9 / harmonic ** 0.3,
                    attack=0.02, length=length + 0.6)


def fanfare() -> Samples:
    """Round won: a quick rising C-major arpeggio landing on a held chord, with a chime on top."""
    out = silence(2.4)
    for i, freq in enumerate((261.6, 329.6, 392.0)):
        brass(out, i * 0.13, freq, 0.16, 0.22)
    for freq in (523.3, 392.0, 329.6, 261.6):
        brass(out, 0.42, freq, 0.11, 1.2)
    bell(out, 0.42, 1046.5, 0.12, 0.6)
    return out


CUES: dict[str, Callable[[], Samples]] = {
    "clink": clink, "shuffle": shuffle, "rack": rack, "invalid": invalid, "turn": turn,
    "tick": tick, "fanfare": fanfare,
}
# Target peak per cue (fraction of full scale): balanced by ear against each other so that
# one "effects" volume suits all; frequent cues (tick, rack) sit lower.
PEAKS: dict[str, float] = {"tick": 0.45, "rack": 0.6, "clink": 0.7, "invalid": 0.45,
                           "shuffle": 0.7, "turn": 0.7, "fanfare": 0.8}
FADE_OUT = 0.03  # s; every one-shot cue ends on silence, never on a click


def wav_bytes(samples: Samples, peak: float) -> bytes:
    """Normalise to ``peak`` and encode as a 16-bit mono WAV file."""
    loudest = max((abs(s) for s in samples), default=0.0) or 1.0
    scale = peak * 32767 / loudest
    frames = struct.pack(f"<{len(samples)}h", *(max(-32768, min(32767, round(s * scale))) for s in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def render_cue(name: str) -> bytes:
    samples = CUES[name]()
    fade = min(len(samples), round(FADE_OUT * RATE))
    for i in range(fade):
        samples[-1 - i] *= i / fade
    return wav_bytes(samples, PEAKS.get(name, 0.8))


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else DEFAULT_OUT
    names = argv[1:] or list(CUES)
    unknown = [name for name in names if name not in CUES]
    if unknown:
        print(f"unknown cue(s): {', '.join(unknown)}; known: {', '.join(CUES)}", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = render_cue(name)
        (out_dir / f"{name}.wav").write_bytes(data)
        print(f"{name:8s} {len(data) / 1024:7.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
