"""Starting pygame safely: hide the banner, refuse a plain ``pygame`` posing as pygame-ce, and
refuse to run a window nobody can see.

Plain ``pygame`` and ``pygame-ce`` install into the same ``pygame/`` folder, so installing the
former later silently replaces the latter (``pip check`` stays quiet). We rely on pygame-ce
features (``FRect``, ``Window``, ``fblits``), so a shadowed install must fail with a message that
tells the player how to repair it rather than with an AttributeError deep inside a scene. Every
command that uses pygame (the window, ``bench``) goes through ``pygame_problem`` first.

With no display to reach (on Linux: neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` set, as over
ssh or in a service), SDL quietly falls back to its invisible ``offscreen`` driver and the game
would run with no window at all. ``check_display`` turns that into a message, unless the user
asked for a headless driver with ``SDL_VIDEODRIVER``.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

from rummi_desktop.shell.native_output import native_stderr_hidden

REPAIR_COMMAND = "pip install --force-reinstall pygame-ce"
HEADLESS_DRIVERS = ("dummy", "offscreen")  # SDL video drivers that show nothing


class PygameNotCEError(RuntimeError):
    """The ``pygame`` that imported is not pygame-ce (or pygame is missing altogether)."""


def shadowed_message(found: str) -> str:
    return (
        f"Rummi Desktop needs pygame-ce, but {found} was found instead "
        f"(plain pygame replaces pygame-ce when both are installed).\n"
        f"Repair it with:  {sys.executable} -m {REPAIR_COMMAND}"
    )


def check_pygame_module(module: ModuleType) -> None:
    """Raise PygameNotCEError unless ``module`` is pygame-ce."""
    if not getattr(module, "IS_CE", False):
        version = getattr(getattr(module, "version", None), "ver", "unknown version")
        raise PygameNotCEError(shadowed_message(f"plain pygame {version}"))


def import_pygame() -> ModuleType:
    """Import pygame-ce with its banner hidden; raise PygameNotCEError if it is not pygame-ce."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError as error:
        raise PygameNotCEError(shadowed_message(f"no pygame at all ({error})")) from error
    check_pygame_module(pygame)
    return pygame


def pygame_problem() -> str | None:
    """What to tell the user when pygame-ce cannot be used (to print, then exit 1), or None."""
    try:
        import_pygame()
    except PygameNotCEError as error:
        return str(error)
    return None


class NoDisplayError(RuntimeError):
    """SDL cannot show a window the player would see; the message says why and what to do."""


def requested_video_drivers() -> set[str]:
    """The drivers named in ``SDL_VIDEODRIVER`` (SDL accepts a comma-separated list)."""
    value = os.environ.get("SDL_VIDEODRIVER", "")
    return {name.strip().lower() for name in value.split(",") if name.strip()}


def no_display_message(detail: str) -> str:
    hint = "Start it from a desktop session"
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        hint += ", or point it at one (for example DISPLAY=:0)"
    return (f"Rummi Desktop cannot open its window: {detail}.\n"
            f"{hint}. To run without a window on purpose, set SDL_VIDEODRIVER=dummy.")


def _missing_display_detail(driver: str) -> str:
    unset = [name for name in ("DISPLAY", "WAYLAND_DISPLAY") if not os.environ.get(name)]
    if len(unset) == 2 and (sys.platform.startswith("linux") or "bsd" in sys.platform):
        return ("no display was found (DISPLAY and WAYLAND_DISPLAY are not set, "
                f'so SDL chose its invisible "{driver}" driver)')
    return f'no display could be reached (SDL chose its invisible "{driver}" driver)'


def check_display(pygame: ModuleType) -> None:
    """Start SDL's video; raise NoDisplayError if it fails or lands on a driver that shows
    nothing when the user did not ask for one."""
    try:
        with native_stderr_hidden():  # SDL's "XDG_RUNTIME_DIR is invalid" and the like
            pygame.display.init()
        driver = str(pygame.display.get_driver()).lower()
    except pygame.error as error:
        raise NoDisplayError(no_display_message(f"the video system did not start ({error})")) from error
    if driver in HEADLESS_DRIVERS and driver not in requested_video_drivers():
        pygame.display.quit()
        raise NoDisplayError(no_display_message(_missing_display_detail(driver)))


def headless_problem() -> str | None:
    """For the headless commands that draw (bench, fuzz): what stops pygame-ce (None: it can
    run), and SDL set to draw off-screen with no sound device, before any display starts."""
    problem = pygame_problem()
    if problem is None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"  # no window, the real drawing code
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    return problem
