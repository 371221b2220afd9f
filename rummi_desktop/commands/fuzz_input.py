"""The fuzzer's input: a seeded stream of well-formed window events, as SDL would send them.

Each gesture is a short run of events a person (or the window system) could really produce:
a click, a drag with the mouse or a finger, a hover, a wheel turn, a key pressed and released
(with Shift or Ctrl now and then), typed text, a resize, the window losing and regaining focus
or being minimised, and now and then a pause with no input at all so that computer seats,
animations and clocks run on. The stream depends on the seed and the scene's name alone, never
on what the scene shows: the same seed gives the same events, so a failure at event N replays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pygame

CANVAS = (1280, 800)  # the logical canvas (shell/app.py LOGICAL_SIZE): where positions land
FRAME_DT = 1 / 60
OUTSIDE = 0.03  # share of positions just off the canvas (SDL reports letterbox bars so)
TEXT_SAMPLES = "abcxyzAQZ019 .,-_/\\'\"éßøΩжあ漢🙂\t"
TEXT_BYTES = 32  # SDL's TEXTINPUT carries at most 32 bytes of UTF-8

KEY_NAMES = ("return", "enter", "escape", "space", "tab", "backspace", "delete", "left", "right", "up",
             "down", "home", "end", "page up", "page down", "f1", "f11", "left shift")
LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


@dataclass(frozen=True)
class Step:
    """One frame of input: ``event`` (a pygame event type and its fields), or None for a frame
    with none, then ``dt`` seconds of frame."""

    event: tuple[int, dict[str, Any]] | None
    dt: float = FRAME_DT

    def post(self) -> None:
        if self.event is not None:
            kind, fields = self.event
            pygame.event.post(pygame.event.Event(kind, **fields))


@dataclass
class Gestures:
    """Makes gestures from one random source; ``steps()`` is the endless stream."""

    rng: random.Random

    def position(self) -> tuple[int, int]:
        width, height = CANVAS
        if self.rng.random() < OUTSIDE:
            return self.rng.randint(-20, width + 20), self.rng.randint(-20, height + 20)
        return self.rng.randrange(width), self.rng.randrange(height)

    def click(self) -> list[Step]:
        pos, button = self.position(), self.rng.choice((1, 1, 1, 1, 3, 2))
        return [_mouse(pygame.MOUSEMOTION, pos, buttons=(0, 0, 0)),
                _mouse(pygame.MOUSEBUTTONDOWN, pos, button=button), _mouse(pygame.MOUSEBUTTONUP, pos, button=button)]

    def drag(self) -> list[Step]:
        start, end = self.position(), self.position()
        moves = self.rng.randint(1, 6)
        steps = [_mouse(pygame.MOUSEBUTTONDOWN, start, button=1)]
        for index in range(1, moves + 1):
            steps.append(_mouse(pygame.MOUSEMOTION, _between(start, end, index / moves), buttons=(1, 0, 0)))
        return steps + [_mouse(pygame.MOUSEBUTTONUP, end, button=1)]

    def hover(self) -> list[Step]:
        return [_mouse(pygame.MOUSEMOTION, self.position(), buttons=(0, 0, 0))]

    def wheel(self) -> list[Step]:
        dy = self.rng.choice((-3, -1, 1, 3))
        return [Step((pygame.MOUSEWHEEL, {"x": 0, "y": dy, "flipped": False, "precise_x": 0.0,
                                          "precise_y": float(dy), "touch": False}))]

    def key(self) -> list[Step]:
        name = self.rng.choice(KEY_NAMES) if self.rng.random() < 0.5 else self.rng.choice(LETTERS)
        code = pygame.key.key_code(name)
        mod = self.rng.choice((0,) * 8 + (pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL))
        text = name if len(name) == 1 else ""
        fields = {"key": code, "mod": mod, "unicode": text.upper() if mod & pygame.KMOD_SHIFT else text,
                  "scancode": 0}
        return [Step((pygame.KEYDOWN, fields)), Step((pygame.KEYUP, dict(fields)))]

    def text(self) -> list[Step]:
        chosen = "".join(self.rng.choice(TEXT_SAMPLES) for _ in range(self.rng.randint(1, 4)))
        while len(chosen.encode("utf-8")) > TEXT_BYTES:
            chosen = chosen[:-1]
        return [Step((pygame.TEXTINPUT, {"text": chosen}))]

    def resize(self) -> list[Step]:
        width, height = self.rng.randint(320, 3840), self.rng.randint(240, 2160)
        return [Step((pygame.VIDEORESIZE, {"size": (width, height), "w": width, "h": height})),
                Step((pygame.WINDOWRESIZED, {"x": width, "y": height})),
                Step((pygame.WINDOWSIZECHANGED, {"x": width, "y": height}))]

    def focus(self) -> list[Step]:
        lost, back = self.rng.choice(((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                                      (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                                      (pygame.WINDOWLEAVE, pygame.WINDOWENTER)))
        away = [Step(None) for _ in range(self.rng.randint(0, 5))]
        return [Step((lost, {})), *away, Step((back, {}))]

    def touch(self) -> list[Step]:
        finger = self.rng.choice((1, 1, 1, 2))  # now and then a second finger: a pinch or a slip
        start, end = self.position(), self.position()
        moves = self.rng.randint(0, 5)
        steps = [_finger(pygame.FINGERDOWN, finger, start)]
        for index in range(1, moves + 1):
            steps.append(_finger(pygame.FINGERMOTION, finger, _between(start, end, index / moves)))
        return steps + [_finger(pygame.FINGERUP, finger, end)]

    def pause(self) -> list[Step]:
        """No input for a while: long frames (a busy machine) or many short ones."""
        if self.rng.random() < 0.5:
            return [Step(None, self.rng.choice((0.1, 0.25, 0.5)))]
        return [Step(None) for _ in range(self.rng.randint(5, 40))]

    def steps(self) -> Iterator[Step]:
        makers: list[tuple[Callable[[], list[Step]], int]] = [
            (self.click, 30), (self.drag, 18), (self.hover, 8), (self.wheel, 3), (self.key, 22), (self.text, 5),
            (self.resize, 1), (self.focus, 1), (self.touch, 6), (self.pause, 6)]
        choose, weights = [maker for maker, _ in makers], [weight for _, weight in makers]
        while True:
            yield from self.rng.choices(choose, weights)[0]()


def event_stream(seed: int, scene: str) -> Iterator[Step]:
    """The endless steps for ``scene`` under ``seed`` (a string seed: the same on every run and
    every Python, unlike ``hash``)."""
    return Gestures(random.Random(f"fuzz:{seed}:{scene}")).steps()


def _between(start: tuple[int, int], end: tuple[int, int], t: float) -> tuple[int, int]:
    return round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t)


def _mouse(kind: int, pos: tuple[int, int], **fields: Any) -> Step:
    if kind == pygame.MOUSEMOTION:
        fields.setdefault("rel", (0, 0))
    return Step((kind, {"pos": pos, "touch": False, **fields}))


def _finger(kind: int, finger: int, pos: tuple[int, int]) -> Step:
    width, height = CANVAS
    x, y = min(max(pos[0] / width, 0.0), 1.0), min(max(pos[1] / height, 0.0), 1.0)
    return Step((kind, {"touch_id": 1, "finger_id": finger, "x": x, "y": y, "dx": 0.0, "dy": 0.0,
                        "pressure": 0.0 if kind == pygame.FINGERUP else 1.0}))
