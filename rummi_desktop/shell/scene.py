"""Scenes and the stack that runs them (after Tuxemon's ``state.py``).

A ``Scene`` is one screen: the menu, the settings, a table, a pause overlay. The ``SceneStack``
holds them; only the top scene gets input and updates. Push / pop / replace requests are queued
and applied *between* frames (``apply_pending``), so a scene can ask to close itself from inside
its own ``handle_action`` without the stack changing under the loop that called it.

Drawing starts at the topmost opaque scene and goes up; a ``transparent`` scene (an overlay such
as a confirmation or pause panel) is drawn over the scenes below it, which are dimmed first.

Lifecycle, in order: ``on_enter`` when pushed (or replacing another), ``on_pause`` when another
scene is pushed over it, ``on_resume`` when that one is popped, ``on_exit`` when removed.

Each frame the top scene gets ``fixed_update(step)`` zero or more times (physics, at a constant
rate: see ``fixed_step``), then ``update(dt)`` once (tweens, clocks), then everything visible
is drawn. ``next_change_in()`` tells the app's loop how long a scene's picture stays the same
without input, so a still screen is not redrawn 60 times a second.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.shell.input import Action

DIM_ALPHA = 150  # how dark the scenes under an overlay become (0–255)


class Scene:
    """Base class: override what you need. ``draw`` must never change the scene's state."""

    transparent = False  # True for overlays: the scenes below stay visible, dimmed
    dims_below = True  # an overlay dims the scenes under it (False: they show as they are)
    takes_text = False  # True while typed text (SDL text input) should arrive: a screen with text fields

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # -- lifecycle --------------------------------------------------------------------------
    def on_enter(self) -> None:
        """Just placed on the stack (by push or replace)."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene on top of this one was popped; this one is on top again."""

    def on_exit(self) -> None:
        """Removed from the stack (popped, replaced or cleared): release what it holds."""

    # -- frame ------------------------------------------------------------------------------
    def handle_action(self, action: "Action") -> bool:
        """React to one semantic input action; return True when it was used."""
        return False

    def fixed_update(self, step: float) -> None:
        """Advance physics by exactly ``step`` seconds (only the top scene; see ``fixed_step``)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (only the top scene is updated)."""

    def next_change_in(self) -> float:
        """Seconds until this scene's picture changes by itself, input aside: 0 while something
        moves (a frame at the full rate), e.g. 0.3 for a clock ring one pixel from its next
        step, ``math.inf`` when only input changes it. Input, and any change to the stack,
        always brings frames at the full rate for a moment (``App``), so hover glows and
        tooltips need not be counted here. Says 0 unless a scene knows better."""
        return 0.0

    def draw(self, surface: "pygame.Surface") -> None:
        """Paint the scene onto ``surface`` (logical 1280×800)."""

    def status(self) -> dict[str, Any]:
        """A little JSON-ready detail for the status file (:mod:`rummi_desktop.shell.status_report`):
        what a watcher outside the process needs to check this screen. Nothing by default."""
        return {}

    # -- helpers for subclasses -------------------------------------------------------------
    def close(self) -> None:
        """Ask the stack to pop this scene (applied between frames)."""
        if self.stack is not None:
            self.stack.pop()


class SceneStack:
    """The running scenes, bottom first. Changes are queued and applied between frames."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[tuple[str, Any]] = []
        self.dim_colour: tuple[int, int, int, int] = (0, 0, 0, DIM_ALPHA)
        self._dim_surface: Any = None
        self.changes = 0  # stack changes applied so far: the app notices a new screen by it
        self.exits = 0  # scenes that have left the stack so far

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def empty(self) -> bool:
        return not self._scenes and not self._pending

    def __len__(self) -> int:
        return len(self._scenes)

    # -- requests (queued) ------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene, depth: int = 1) -> None:
        """Pop the top ``depth`` scenes (each exited, none below resumed) and push ``scene`` in
        their place."""
        self._pending.append(("replace", (scene, depth)))

    def clear(self, then: Scene | None = None) -> None:
        """Remove every scene (top first), then push ``then`` if given (e.g. back to the menu)."""
        self._pending.append(("clear", then))

    def apply_pending(self) -> None:
        """Apply the queued requests in order. Requests made by hooks run in this same call."""
        while self._pending:
            kind, scene = self._pending.pop(0)
            self._apply(kind, scene)
            self.changes += 1

    def _apply(self, kind: str, scene: Any) -> None:
        if kind == "push":
            self._enter(scene)
        elif kind == "pop":
            if self._scenes:
                self._exit_top()
                if self._scenes:
                    self._scenes[-1].on_resume()
        elif kind == "replace":
            scene, depth = scene
            for _ in range(min(depth, len(self._scenes))):
                self._exit_top()
            self._enter(scene, pause_below=False)
        elif kind == "clear":
            while self._scenes:
                self._exit_top()
            if scene is not None:
                self._enter(scene)

    def _enter(self, scene: Scene | None, pause_below: bool = True) -> None:
        assert scene is not None
        if pause_below and self._scenes:
            self._scenes[-1].on_pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()

    def _exit_top(self) -> None:
        scene = self._scenes.pop()
        scene.on_exit()
        scene.stack = None
        self.exits += 1

    # -- frame ------------------------------------------------------------------------------
    def handle_action(self, action: "Action") -> bool:
        top = self.top
        return top.handle_action(action) if top is not None else False

    def fixed_update(self, step: float) -> None:
        top = self.top
        if top is not None:
            top.fixed_update(step)

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def next_change_in(self) -> float:
        """The soonest a visible scene's picture changes by itself (``math.inf``: none will).
        Scenes under an overlay count too: one may animate from the app's clock."""
        return min((scene.next_change_in() for scene in self.visible_scenes()), default=math.inf)

    def visible_scenes(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[index].transparent:
                start = index
                break
        return self._scenes[start:]

    def draw(self, surface: "pygame.Surface", dim: Callable[["pygame.Surface"], None] | None = None) -> None:
        """Draw the visible scenes; before each overlay, dim what is already drawn."""
        for index, scene in enumerate(self.visible_scenes()):
            if index > 0 and scene.transparent and scene.dims_below:
                (dim or self._dim)(surface)
            scene.draw(surface)

    def _dim(self, surface: "pygame.Surface") -> None:
        import pygame

        size = surface.get_size()
        if self._dim_surface is None or self._dim_surface.get_size() != size:
            self._dim_surface = pygame.Surface(size, pygame.SRCALPHA)
            self._dim_surface.fill(self.dim_colour)
        surface.blit(self._dim_surface, (0, 0))
