"""Shared by the installer tests: ``build_installer.py`` (a script at the top of the repository,
not a package module) and the install module it loads, each loaded once by path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def load_build_installer() -> ModuleType:
    if "build_installer" not in sys.modules:
        spec = importlib.util.spec_from_file_location("build_installer", REPO / "build_installer.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_installer"] = module
        spec.loader.exec_module(module)
    return sys.modules["build_installer"]


def load_linux_install() -> ModuleType:
    """``packaging/linux_install.py``, the very module the script uses."""
    return load_build_installer().linux_install
