"""The app's screens as a small JSON file, for a watcher outside the process (the end-to-end
test that drives the real window under Xvfb reads it instead of reading text off pixels).

Off unless ``RUMMI_DESKTOP_STATUS_FILE`` names a file. Then, once a frame, the app describes its
scene stack — the top scene's class name, the whole stack bottom first, and whatever the top
scene's ``status()`` offers (a phase, counts, the screen rects of its buttons) — and rewrites the
file whenever that description changed. The write goes to a temporary file first, then
``os.replace``, so a reader never sees half a file. Switched off, a frame costs one attribute
test.

The file::

    {"top": "RummiTableScene", "stack": ["MenuScene", "RummiTableScene"], "frame": 512,
     "detail": {"phase": "human", "rack_size": 14, ...}}

Rects are logical ``[x, y, w, h]`` lists (the 1280×800 canvas).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from rummi_desktop.shell.scene import Scene, SceneStack

STATUS_FILE_ENV = "RUMMI_DESKTOP_STATUS_FILE"


class StatusReport:
    """Writes the stack's description to ``path`` when it changes; ``path=None`` does nothing."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = Path(path) if path else None
        self._last: dict[str, Any] | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> "StatusReport":
        return cls(environ.get(STATUS_FILE_ENV, "").strip() or None)

    @property
    def enabled(self) -> bool:
        return self.path is not None

    def report(self, stack: "SceneStack", frame: int) -> None:
        """Call once a frame, after the stack's pending changes were applied."""
        if self.path is None:
            return
        snapshot = describe_stack(stack)
        if snapshot == self._last:
            return
        self._last = snapshot
        try:
            write_atomically(self.path, {**snapshot, "frame": frame})
        except (OSError, TypeError, ValueError) as error:
            # A watcher's convenience must never stop the game: say it once, then stop reporting.
            print(f"rummi-desktop: status file {self.path} not written ({error}); reporting stops",
                  file=sys.stderr)
            self.path = None


def describe_stack(stack: "SceneStack") -> dict[str, Any]:
    scenes = stack.scenes
    top = scenes[-1] if scenes else None
    return {
        "top": scene_key(top) if top is not None else None,
        "stack": [scene_key(scene) for scene in scenes],
        "detail": dict(top.status()) if top is not None else {},
    }


def scene_key(scene: "Scene") -> str:
    return type(scene).__name__


def describe_widgets(widgets: Iterable[Any]) -> list[dict[str, Any]]:
    """Each labelled widget: label, rect, enabled, and its value and arrow rects where it has
    them (an option picker's ◀ ▶), so a watcher can point at it."""
    described = []
    for widget in widgets:
        label = getattr(widget, "label", "")
        if not label:
            continue  # panels and text fields: nothing to point at by name
        entry: dict[str, Any] = {"label": label, "rect": list(widget.rect), "enabled": bool(widget.enabled)}
        value = getattr(widget, "value", None)
        if isinstance(value, (str, int, float, bool)):
            entry["value"] = value
        arrows = getattr(widget, "arrow_rects", None)
        if callable(arrows):
            entry["arrows"] = [list(rect) for rect in arrows()]
        described.append(entry)
    return described


def write_atomically(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, sort_keys=True, allow_nan=False)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
