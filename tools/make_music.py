"""Synthesise the background music, a relaxing acoustic jazz trio loop, into music.ogg.

    python tools/make_music.py [--out PATH] [--wav PATH] [--quality Q]

No recordings: every sound below is additive synthesis or filtered noise. The tune is an
original 32-bar AABA in F major built on ii–V–I changes, played twice (2 min 34 s at 100 bpm,
swung eighths): a walking upright bass, brushes (a swept snare, slaps on 2 and 4, soft ride
taps, a hi-hat foot, a feathered kick), rootless four-note piano voicings chosen by voice
leading, and the melody on vibraphone (chorus 1, last A of chorus 2) or piano (chorus 2).

Seamless loop: notes are rendered past the end and their tails folded back onto the start, and
the room reverb is a circular convolution, so the last sample flows into the first exactly as
one bar flows into the next. Deterministic: musical choices come from a seeded
``random.Random`` and noise from a seeded numpy generator; the same numpy gives identical PCM.

Needs numpy (``pip install -e .[music]``) and ``oggenc`` (Debian package vorbis-tools) for the
OGG; the game itself needs neither (SDL_mixer decodes OGG Vorbis).
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import wave
from functools import lru_cache
from pathlib import Path

import numpy as np

RATE = 44100
BPM = 100
BEAT = RATE * 60 // BPM  # 26460 samples: whole beats keep the loop length exact
SWING = 0.63  # where the off-beat eighth falls inside a beat (0.5 straight, 0.667 triplet)
TAIL = 6 * RATE  # room for note tails past the loop end before they fold onto its start
SEED = 20260
PEAK_DBFS = -3.0
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "rummi_desktop" / "assets" / "sounds" / "music.ogg"
OGG_QUALITY = 3  # oggenc -q 3: 112 kbit/s nominal, about 92 on this music (1.7 MB)
OGG_SERIAL = 14  # a fixed stream serial number: oggenc picks a random one otherwise

# ---- the tune -------------------------------------------------------------------------------
SECTIONS: dict[str, list[list[str]]] = {
    "A1": [["Fmaj7"], ["Fmaj7"], ["Gm7"], ["C7"], ["Fmaj7"], ["D7b9"], ["Gm7"], ["C7"]],
    "A2": [["Fmaj7"], ["Fmaj7"], ["Gm7"], ["C7"], ["Am7", "D7b9"], ["Gm7", "C7"], ["Fmaj7"], ["Fmaj7"]],
    "B": [["Cm7"], ["F7"], ["Bbmaj7"], ["Bbmaj7"], ["Am7"], ["D7b9"], ["Gm7"], ["C7"]],
    "A3": [["Fmaj7"], ["Fmaj7"], ["Gm7"], ["C7"], ["Am7", "D7b9"], ["Gm7", "C7"], ["Fmaj7", "D7b9"], ["Gm7", "C7"]],
}
# (section, chorus): the loop is the whole form; the last C7 leads back into the first Fmaj7.
FORM: tuple[tuple[str, int], ...] = tuple((name, chorus) for chorus in (0, 1) for name in ("A1", "A2", "B", "A3"))

# Melody per section: bars of (beat, length in beats, MIDI note); swing applies to off-beats.
_A_FRONT = [
    [(0, 1.5, 72), (1.5, 0.5, 69), (2, 2, 76)],
    [(0, 1, 74), (1, 1, 72), (2, 1.5, 69)],
    [(0.5, 0.5, 70), (1, 0.5, 74), (1.5, 0.5, 77), (2, 2, 74)],
    [(0, 1.5, 76), (1.5, 0.5, 74), (2, 1, 72), (3, 1, 70)],
]
_A_TURN = [
    [(0, 1, 72), (1, 1, 76), (2, 1, 78), (3, 1, 72)],
    [(0, 1.5, 74), (1.5, 0.5, 70), (2, 2, 76)],
]
MELODY: dict[str, list[list[tuple[float, float, int]]]] = {
    "A1": _A_FRONT + [
        [(0, 3, 69), (3.5, 0.5, 74)],
        [(0, 1.5, 78), (1.5, 0.5, 74), (2, 1, 72), (3, 1, 75)],
        [(0, 2, 74), (2, 0.5, 70), (2.5, 0.5, 69), (3, 1, 67)],
        [(0, 2, 64), (3, 0.5, 67), (3.5, 0.5, 69)],
    ],
    "A2": _A_FRONT + _A_TURN + [[(0, 3.5, 77)], []],
    "B": [
        [(0, 1.5, 79), (1.5, 0.5, 75), (2, 1, 74), (3, 1, 72)],
        [(0, 2, 69), (2.5, 0.5, 72), (3, 1, 75)],
        [(0, 3, 74), (3.5, 0.5, 72)],
        [(0, 1, 70), (1, 1, 69), (2, 2, 65)],
        [(0, 1.5, 76), (1.5, 0.5, 72), (2, 1, 74), (3, 1, 76)],
        [(0, 2, 78), (2, 1, 74), (3, 1, 72)],
        [(0, 1.5, 70), (1.5, 0.5, 74), (2, 2, 77)],
        [(0, 2, 76), (2.5, 0.5, 72), (3, 0.5, 70), (3.5, 0.5, 67)],
    ],
    "A3": _A_FRONT + _A_TURN + [
        [(0, 2, 77)],
        [(1.5, 0.5, 72), (2, 0.5, 70), (2.5, 0.5, 69), (3, 0.5, 67), (3.5, 0.5, 69)],
    ],
}
# Who plays the melody in each (section, chorus); None leaves room for the trio.
MELODY_VOICE = {("A1", 0): "vibes", ("A2", 0): "vibes", ("B", 0): "vibes", ("A3", 0): "vibes",
                ("A1", 1): None, ("A2", 1): "piano", ("B", 1): "piano", ("A3", 1): "vibes"}

PITCH_CLASSES = {"C": 0, "Db": 1, "D": 2, "Eb": 3, "E": 4, "F": 5, "F#": 6, "G": 7, "Ab": 8, "A": 9, "Bb": 10, "B": 11}
# Rootless voicings (intervals above the root): the "A" and "B" shapes of each quality.
VOICINGS = {
    "maj7": ((4, 7, 11, 14), (11, 14, 16, 19)),
    "m7": ((3, 7, 10, 14), (10, 14, 15, 19)),
    "7": ((4, 9, 10, 14), (10, 14, 16, 21)),
    "7b9": ((4, 9, 10, 13), (10, 13, 16, 21)),
}
THIRD = {"maj7": 4, "m7": 3, "7": 4, "7b9": 4}
SEVENTH = {"maj7": 11, "m7": 10, "7": 10, "7b9": 10}


def parse_chord(symbol: str) -> tuple[int, str]:
    match = re.fullmatch(r"([A-G][b#]?)(maj7|m7|7b9|7)", symbol)
    if match is None:
        raise ValueError(f"chord {symbol!r} not understood")
    return PITCH_CLASSES[match.group(1)], match.group(2)


def swung(beat: float) -> float:
    """Beats on the straight grid → beats in swing time (the off-beat eighth falls late)."""
    whole = np.floor(beat)
    part = beat - whole
    late = SWING + (part - 0.5) / 0.5 * (1 - SWING)
    return float(whole + (part / 0.5 * SWING if part <= 0.5 else late))


# ---- instruments (mono float arrays, unit-ish level) ------------------------------------------
def hz(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def times(length: float) -> np.ndarray:
    return np.arange(round(length * RATE)) / RATE


def attack_ramp(t: np.ndarray, seconds: float) -> np.ndarray:
    return np.where(t < seconds, 0.5 - 0.5 * np.cos(np.pi * np.minimum(t / seconds, 1.0)), 1.0)


def damper(t: np.ndarray, hold: float, seconds: float) -> np.ndarray:
    """1 while the note is held, then an exponential fall (a damper or a lifted finger)."""
    return np.exp(-np.maximum(t - hold, 0.0) / seconds)


PIANO_LONGEST = 3.0  # s; a held chord is damped long before this


@lru_cache(maxsize=None)
def piano_tone(note: int, velocity: float) -> np.ndarray:
    """Stretched partials, the lower ones doubled by a slightly detuned string, higher ones dying
    sooner, in two decay stages (the prompt sound, then the long aftersound)."""
    f = hz(note)
    t = times(PIANO_LONGEST)
    sustain = float(np.clip(2.2 * (261.6 / f) ** 0.5, 0.8, 4.0))
    out = np.zeros_like(t)
    for n in range(1, 11):
        fn = n * f * np.sqrt(1 + 0.0004 * n * n)
        if fn > 8000:
            break
        amp = n ** -1.8 * np.exp(-(n - 1) * (1 - velocity) * 0.6)
        decay = sustain / (1 + 0.55 * (n - 1))
        envelope = 0.55 * np.exp(-t / (decay * 0.18)) + 0.45 * np.exp(-t / decay)
        strings = np.sin(2 * np.pi * fn * t)
        if n <= 4:  # the beating of a second string, where it is audible
            strings += 0.6 * np.sin(2 * np.pi * fn * 1.0007 * t + 0.7)
        out += amp * envelope * strings
    return out * attack_ramp(t, 0.003) * velocity / 1.6


def piano_note(note: int, hold: float, velocity: float) -> np.ndarray:
    tone = piano_tone(note, round(velocity * 20) / 20)  # a few velocity layers, each made once
    t = times(min(hold + 0.6, PIANO_LONGEST))
    return tone[:len(t)] * damper(t, hold, 0.11)


@lru_cache(maxsize=None)
def bass_note(note: int, hold: float, velocity: float) -> np.ndarray:
    """A plucked upright: a soft 7 ms attack, a brief bright pluck, a slight pitch settle."""
    f = hz(note)
    t = times(hold + 0.3)
    settle = t + 0.006 * 0.04 * (1 - np.exp(-t / 0.04))  # starts ~10 cents sharp, settles
    weights = (1.0, 0.85, 0.5, 0.32, 0.2, 0.12, 0.07, 0.04)
    out = np.zeros_like(t)
    for n, weight in enumerate(weights, start=1):
        decay = 1.4 / (1 + 0.8 * (n - 1))
        pluck = 1 + 1.6 * (n - 1) / len(weights) * np.exp(-t / 0.05)
        out += weight * pluck * np.exp(-t / decay) * np.sin(2 * np.pi * n * f * settle)
    return out * attack_ramp(t, 0.007) * damper(t, hold, 0.045) * velocity


@lru_cache(maxsize=None)
def vibes_note(note: int, hold: float, velocity: float) -> np.ndarray:
    """Vibraphone: bar modes at 1, 4 and 10 times the pitch, a slow motor tremolo."""
    f = hz(note)
    t = times(min(hold + 1.2, 5.0))
    tremolo = 1 + 0.16 * np.sin(2 * np.pi * 4.3 * t)
    out = np.sin(2 * np.pi * f * t) * np.exp(-t / 2.4) * tremolo
    out += 0.2 * np.sin(2 * np.pi * 4 * f * t) * np.exp(-t / 0.3)
    out += 0.05 * np.sin(2 * np.pi * 10 * f * t) * np.exp(-t / 0.05)
    return out * attack_ramp(t, 0.002) * damper(t, hold + 0.12, 0.3) * velocity


def band_noise(count: int, low: float, high: float, rng: np.random.Generator) -> np.ndarray:
    """White noise band-passed in the frequency domain (so a full-length bed is periodic)."""
    spectrum = np.fft.rfft(rng.standard_normal(count))
    freqs = np.fft.rfftfreq(count, 1 / RATE)
    edge = 0.25
    shape = np.clip((np.log(freqs + 1) - np.log(low * (1 - edge))) / np.log(1 / (1 - edge)), 0, 1)
    shape *= np.clip((np.log(high * (1 + edge)) - np.log(freqs + 1)) / np.log(1 + edge), 0, 1)
    out = np.fft.irfft(spectrum * shape, count)
    return out / (np.sqrt(np.mean(out ** 2)) or 1.0)


def drum_kit(rng: np.random.Generator) -> dict[str, list[np.ndarray]]:
    """A few takes of every brush sound, so repeated hits are never identical."""
    kit: dict[str, list[np.ndarray]] = {"slap": [], "ride": [], "chick": [], "kick": []}
    for _ in range(6):
        t = times(0.5)
        body = 0.5 * np.exp(-t / 0.06) + 0.12 * np.exp(-t / 0.2)
        kit["slap"].append(band_noise(len(t), 700, 6000, rng) * body * attack_ramp(t, 0.004))
        t = times(1.5)
        tap = band_noise(len(t), 3500, 12000, rng) * 0.45 * np.exp(-t / 0.04)
        shimmer = sum(a * np.sin(2 * np.pi * fr * t + rng.uniform(0, 6.28))
                      for fr, a in ((3170, 0.05), (4290, 0.04), (5380, 0.035), (6710, 0.03), (8200, 0.02)))
        kit["ride"].append((tap + shimmer * np.exp(-t / 0.8)) * attack_ramp(t, 0.001))
        t = times(0.15)
        kit["chick"].append(band_noise(len(t), 5000, 11000, rng) * np.exp(-t / 0.018) * attack_ramp(t, 0.002))
    t = times(0.4)
    sweep_down = 2 * np.pi * (52 * t + 25 * 0.03 * (1 - np.exp(-t / 0.03)))
    kit["kick"].append(np.sin(sweep_down) * np.exp(-t / 0.12) * attack_ramp(t, 0.004))
    return kit


# ---- the arrangement: events per instrument --------------------------------------------------
class Track:
    """One instrument's mono buffer, with room past the loop end for tails to fold back."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.buffer = np.zeros(length + TAIL, dtype=np.float32)  # ample for 16-bit output

    def add(self, at_beat: float, sound: np.ndarray, gain: float = 1.0, nudge: float = 0.0) -> None:
        start = (round(at_beat * BEAT + nudge * RATE)) % self.length
        sound = sound[:TAIL]
        self.buffer[start:start + len(sound)] += gain * sound

    def looped(self) -> np.ndarray:
        out = self.buffer[:self.length].copy()
        out[:TAIL] += self.buffer[self.length:]
        return out


def voice(root: int, quality: str, previous: tuple[int, ...] | None) -> tuple[int, ...]:
    """The rootless voicing (A or B shape, any octave with its bottom in D3..C#4) nearest the last."""
    candidates = []
    for shape in VOICINGS[quality]:
        for octave in range(3, 7):
            notes = tuple(12 * octave + root + i for i in shape)
            if 50 <= notes[0] <= 61:
                candidates.append(notes)

    def cost(notes: tuple[int, ...]) -> float:  # smooth voice leading, kept near middle C
        moves = sum(abs(a - b) for a, b in zip(notes, previous)) if previous else 0
        return moves + 0.8 * abs(sum(notes) / 4 - 62)

    return min(candidates, key=cost)


def bar_chords(form: tuple[tuple[str, int], ...]) -> list[list[tuple[int, str]]]:
    return [[parse_chord(symbol) for symbol in bar] for name, _ in form for bar in SECTIONS[name]]


def nearest(pitch_class: int, reference: int, low: int = 28, high: int = 48) -> int:
    """The note of ``pitch_class`` within low..high closest to ``reference``."""
    return min((n for n in range(low, high + 1) if n % 12 == pitch_class), key=lambda n: abs(n - reference))


def bass_steps(quality: str, root_note: int) -> list[tuple[int, int]]:
    """Beats 2 and 3 as steps from the root: up from a low root, down (or up and back) from a high one."""
    third, seventh, sixth = THIRD[quality], SEVENTH[quality], 9 if quality == "maj7" else SEVENTH[quality]
    if root_note < 38:
        return [(third, 7), (2, third), (7, sixth), (12, 7)]
    return [(seventh - 12, -5), (-5, third - 12), (7, third)]


def walking_bass(bars: list[list[tuple[int, str]]], rng: random.Random) -> list[tuple[float, int]]:
    """Quarter notes: the root on the chord's first beat, chord or scale tones, then a half step
    (or the next chord's fifth) leading into the next root."""
    notes: list[tuple[float, int]] = []
    planned = 41  # the root the last leading note was aiming at
    for index, chords in enumerate(bars):
        following = bars[(index + 1) % len(bars)][0][0]
        beats = 4 // len(chords)
        for part, (root, quality) in enumerate(chords):
            next_root = following if part == len(chords) - 1 else chords[part + 1][0]
            root_note = nearest(root, planned, 29, 45)
            line = [root_note]
            if beats == 4:
                line += [root_note + step for step in rng.choice(bass_steps(quality, root_note))]
            target = nearest(next_root, line[-1])
            leads = [n for n in (target - 1, target + 1, target - 1, target + 7) if 28 <= n <= 50 and n != line[-1]]
            line.append(rng.choice(leads))
            start = index * 4 + part * beats
            notes += [(start + beat, note) for beat, note in enumerate(line)]
            planned = target
    return notes


COMPING = (  # (beat, length in beats); one hit holds its chord like a pianist's left hand
    ((0, 1.5),), ((0, 0.8), (1.5, 1.6)), ((1, 0.7), (2.5, 1.2)), ((0, 2.5), (3, 0.7)), ((0.5, 1.2), (2.5, 1.0)),
)
COMPING_TWO = (((0, 1.5), (2, 1.6)), ((0, 1.2), (1.5, 2.0)), ((0, 0.7), (2.5, 1.2)))


def comp_hits(bars: list[list[tuple[int, str]]], rng: random.Random) -> list[tuple[float, float, tuple[int, ...]]]:
    hits = []
    previous: tuple[int, ...] | None = None
    for index, chords in enumerate(bars):
        voicings = []
        for root, quality in chords:
            previous = voice(root, quality, previous)
            voicings.append(previous)
        if len(chords) == 1:
            pattern = rng.choice(COMPING)
            hits += [(index * 4 + beat, length, voicings[0]) for beat, length in pattern]
        else:
            pattern = rng.choice(COMPING_TWO)
            hits += [(index * 4 + beat, length, voicings[0 if beat < 1.5 else 1]) for beat, length in pattern]
    return hits


def beat_seconds(beat: float) -> float:
    return swung(beat) * BEAT / RATE


class Humaniser:
    """Seeded timing and level wobble (a few milliseconds) so no two hits are machine-identical."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def nudge(self) -> float:
        return self.rng.gauss(0.0, 0.004)

    def level(self, low: float = 0.85) -> float:
        return self.rng.uniform(low, 1.0)


def play_bass(track: Track, bars: list[list[tuple[int, str]]], rng: random.Random, human: Humaniser) -> None:
    line = walking_bass(bars, rng)
    for (beat, note), (next_beat, _) in zip(line, line[1:] + [(len(bars) * 4, 0)]):
        hold = round((next_beat - beat) * BEAT / RATE - 0.03, 3)  # legato, lifted just before the next
        lean = 1.05 if beat % 2 else 1.0  # a touch more on 2 and 4
        track.add(beat, bass_note(note, hold, 1.0), human.level() * lean, human.nudge())


def play_comping(track: Track, bars: list[list[tuple[int, str]]], rng: random.Random, human: Humaniser) -> None:
    for beat, beats, notes in comp_hits(bars, rng):
        velocity = round(rng.uniform(0.45, 0.6), 2)
        hold = round(beat_seconds(beat + beats) - beat_seconds(beat), 3)
        for order, note in enumerate(notes):  # rolled a hair, the top voice a little louder
            track.add(swung(beat), piano_note(note, hold, velocity), 1.15 if order == 3 else 1.0,
                      order * 0.006 + human.nudge())


def play_melody(tracks: dict[str, Track], form: tuple[tuple[str, int], ...], human: Humaniser) -> None:
    for section_index, (name, chorus) in enumerate(form):
        instrument = MELODY_VOICE[(name, chorus)]
        if instrument is None:
            continue
        for bar_index, bar in enumerate(MELODY[name]):
            for beat, beats, note in bar:
                at = section_index * 32 + bar_index * 4 + beat
                hold = round(beat_seconds(at + beats) - beat_seconds(at) - 0.02, 3)
                sound = vibes_note(note, hold, 1.0) if instrument == "vibes" else piano_note(note, hold, 0.7)
                tracks[instrument].add(swung(at), sound, human.level(0.8), human.nudge())


def play_brushes(tracks: dict[str, Track], form: tuple[tuple[str, int], ...], rng: random.Random,
                 human: Humaniser, kit: dict[str, list[np.ndarray]]) -> None:
    """Ride taps in swing (plain quarters in the bridge), slap and hi-hat on 2 and 4, a feathered
    kick on every beat, a triplet pick-up into each section."""
    for bar_index in range(len(form) * 8):
        start = bar_index * 4
        if form[bar_index // 8][0] == "B":
            ride = ((0, 0.8), (1, 1.0), (2, 0.8), (3, 1.0))
        else:
            ride = ((0, 0.8), (1, 1.0), (1.5, 0.5), (2, 0.8), (3, 1.0), (3.5, 0.5))
        for beat, gain in ride:
            tracks["ride"].add(swung(start + beat), rng.choice(kit["ride"]), gain * human.level(), human.nudge())
        for beat in (1, 3):
            tracks["slap"].add(start + beat, rng.choice(kit["slap"]), human.level(), human.nudge())
            tracks["chick"].add(start + beat, rng.choice(kit["chick"]), human.level(0.8), human.nudge())
        for beat in range(4):
            tracks["kick"].add(start + beat, kit["kick"][0], 1.0 if beat == 0 else 0.7, human.nudge())
        if bar_index % 8 == 7:
            for step, gain in ((3 + 1 / 3, 0.35), (3 + 2 / 3, 0.5)):
                tracks["slap"].add(start + step, rng.choice(kit["slap"]), gain, human.nudge())


def render_stems(form: tuple[tuple[str, int], ...], seed: int) -> dict[str, np.ndarray]:
    """Every instrument's part over ``form``, each a mono loop of exactly the form's length."""
    rng = random.Random(seed)
    noise = np.random.default_rng(seed)
    human = Humaniser(rng)
    bars = bar_chords(form)
    length = len(bars) * 4 * BEAT
    tracks = {name: Track(length) for name in ("bass", "comp", "vibes", "piano", "slap", "ride", "chick", "kick")}
    play_bass(tracks["bass"], bars, rng, human)
    play_comping(tracks["comp"], bars, rng, human)
    play_melody(tracks, form, human)
    play_brushes(tracks, form, rng, human, drum_kit(noise))
    stems = {name: track.looped() for name, track in tracks.items()}
    sweep = band_noise(length, 1500, 7000, noise)  # the brush circling on the snare head
    phase = (np.arange(length) % BEAT) / BEAT
    stems["sweep"] = sweep * (0.25 + 0.75 * np.sin(np.pi * phase) ** 2)
    return stems


# ---- mixing -----------------------------------------------------------------------------------
# Stem: (level in dB RMS while it plays, before the master; pan -1 left .. 1 right; reverb send).
# Balanced by A-weighted loudness: melody on top, piano and bass a few dB under it, brushes
# well behind (a soft trio), the kick felt rather than heard.
MIX = {
    "bass": (-17.0, 0.0, 0.10), "comp": (-22.0, -0.3, 0.30), "vibes": (-22.0, 0.3, 0.35),
    "piano": (-22.0, -0.15, 0.30), "slap": (-38.0, 0.1, 0.35), "ride": (-36.0, 0.45, 0.30),
    "chick": (-43.0, -0.25, 0.20), "kick": (-40.0, 0.0, 0.05), "sweep": (-45.0, 0.1, 0.30),
}
REVERB_SECONDS = 1.3  # RT60 of a small, warm room
REVERB_LEVEL = 0.32


def room_response(length: int, rng: np.random.Generator) -> np.ndarray:
    """A stereo impulse response: decaying, darkening noise after a short pre-delay."""
    t = times(2.0)
    responses = []
    for _ in range(2):
        tail = rng.standard_normal(len(t)) * np.exp(-6.9 * t / REVERB_SECONDS)
        dark = np.fft.irfft(np.fft.rfft(tail) / (1 + (np.fft.rfftfreq(len(t), 1 / RATE) / 4000) ** 2), len(t))
        response = np.zeros(length)
        delay = round(0.018 * RATE)
        response[delay:delay + len(t)] = dark / np.sqrt(np.sum(dark ** 2))
        responses.append(response)
    return np.stack(responses, axis=1)


def mix(stems: dict[str, np.ndarray], seed: int) -> np.ndarray:
    """Stereo float mix: stems at their levels and pans, plus a circular (loop-wrapping) reverb."""
    length = len(next(iter(stems.values())))
    dry = np.zeros((length, 2))
    send = np.zeros(length)
    for name, signal in stems.items():
        level, pan, reverb = MIX[name]
        playing = np.abs(signal) > 0.003 * np.max(np.abs(signal), initial=0.0)
        if not playing.any():
            continue
        rms = np.sqrt(np.mean(signal[playing] ** 2))  # a melody that rests is not made louder
        signal = signal * (10 ** (level / 20) / rms)
        angle = (pan + 1) * np.pi / 4
        dry[:, 0] += signal * np.cos(angle)
        dry[:, 1] += signal * np.sin(angle)
        send += signal * reverb
    response = room_response(length, np.random.default_rng(seed + 1))
    wet_spectrum = np.fft.rfft(send)[:, None] * np.fft.rfft(response, axis=0)
    wet = np.fft.irfft(wet_spectrum, length, axis=0)  # circular: the tail wraps onto the start
    return dry + REVERB_LEVEL * wet


def render(form: tuple[tuple[str, int], ...] = FORM, seed: int = SEED) -> np.ndarray:
    """The loop as int16 stereo frames (shape: samples × 2), peaks at ``PEAK_DBFS``."""
    stereo = mix(render_stems(form, seed), seed)
    stereo *= 10 ** (PEAK_DBFS / 20) / np.max(np.abs(stereo))
    return np.round(stereo * 32767).astype("<i2")


def levels(frames: np.ndarray) -> dict[str, float]:
    values = frames.astype(np.float64) / 32768
    return {"seconds": round(len(frames) / RATE, 2),
            "peak_dbfs": round(float(20 * np.log10(np.max(np.abs(values)))), 2),
            "rms_dbfs": round(float(20 * np.log10(np.sqrt(np.mean(values ** 2)))), 2)}


def write_wav(frames: np.ndarray, path: Path) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def encode_ogg(frames: np.ndarray, quality: int = OGG_QUALITY) -> bytes:
    """OGG Vorbis via oggenc, from raw PCM on stdin; a fixed serial keeps the bytes repeatable."""
    if shutil.which("oggenc") is None:
        raise RuntimeError("oggenc not found: install vorbis-tools (apt-get install vorbis-tools)")
    command = ["oggenc", "--quiet", "--raw", f"--raw-rate={RATE}", "--raw-chan=2", "--raw-bits=16",
               f"--quality={quality}", f"--serial={OGG_SERIAL}", "--title=Rummi Desktop lounge loop",
               "--output=-", "-"]
    return subprocess.run(command, input=frames.tobytes(), capture_output=True, check=True).stdout


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the OGG file to write")
    parser.add_argument("--wav", type=Path, help="also write the PCM as a WAV (for listening or checks)")
    parser.add_argument("--quality", type=int, default=OGG_QUALITY, help="oggenc quality, -1..10")
    args = parser.parse_args(argv)
    frames = render()
    if args.wav:
        write_wav(frames, args.wav)
    try:
        data = encode_ogg(frames, args.quality)
    except (RuntimeError, subprocess.CalledProcessError) as error:
        print(f"make_music: {error}", file=sys.stderr)
        return 1
    args.out.write_bytes(data)
    print({**levels(frames), "ogg_kib": round(len(data) / 1024, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
