"""Importing pygame safely: hide the banner and refuse a plain ``pygame`` posing as pygame-ce.

Plain ``pygame`` and ``pygame-ce`` install into the same ``pygame/`` folder, so installing the
former later silently replaces the latter (``pip check`` stays quiet). We rely on pygame-ce
features (``FRect``, ``Window``, ``fblits``), so a shadowed install must fail with a message that
tells the player how to repair it rather than with an AttributeError deep inside a scene.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

REPAIR_COMMAND = "pip install --force-reinstall pygame-ce"


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
