"""Screenshots of the shell screens, drawn by the real scenes off-screen (SDL dummy driver).

    python tools/screenshots.py OUT_DIR [THEME ...]

Writes menu, settings, help, about and quit-confirmation PNGs for each theme (default: parlor
and ocean) into OUT_DIR, with user folders in a throw-away directory. For looking at what a
player sees without a display; the tests check drawing on their own, this is for eyes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="rummi-shots-")

import pygame  # noqa: E402

from rummi_desktop.shell.app import App  # noqa: E402
from rummi_desktop.scenes.confirm import quit_confirmation  # noqa: E402
from rummi_desktop.scenes.help import HelpScene  # noqa: E402
from rummi_desktop.scenes.menu import MenuScene  # noqa: E402
from rummi_desktop.scenes.settings import SettingsScene  # noqa: E402
from rummi_desktop.shell.settings import Settings  # noqa: E402

FRAME = 1 / 60


def settle(app: App, frames: int, hover: tuple[int, int] | None = None) -> None:
    """Let animations finish; with ``hover``, rest the pointer there first."""
    if hover is not None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(frames):
        app.step(FRAME)


def shoot_theme(name: str, out: Path) -> list[Path]:
    app = App(persist=False, settings=Settings(theme=name))
    shots = []

    def save(screen_name: str) -> None:
        path = out / f"{screen_name}_{name}.png"
        pygame.image.save(app.screen, str(path))
        shots.append(path)

    menu = MenuScene(app)
    app.stack.push(menu)
    settle(app, 1)
    settle(app, 50, hover=menu.buttons[0].rect.center)
    save("menu")
    app.stack.push(SettingsScene(app))
    settle(app, 1)
    settle(app, 50, hover=app.stack.top.widgets.widgets[5].rect.center)
    save("settings")
    app.stack.pop()
    app.stack.push(HelpScene(app))
    settle(app, 2)
    save("help")
    app.stack.top.show("about")
    settle(app, 1)
    save("about")
    app.stack.pop()
    app.stack.push(quit_confirmation(app))
    settle(app, 20)
    save("quit")
    app.close()
    return shots


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for theme in argv[1:] or ["parlor", "ocean"]:
        for path in shoot_theme(theme, out):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
