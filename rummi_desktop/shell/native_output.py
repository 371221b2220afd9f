"""Quiet starts: SDL's and ALSA's C libraries write their probing straight to the process's
stderr (ALSA's eight "cannot find card" lines on a machine without a sound card, SDL's
"XDG_RUNTIME_DIR is invalid"). The game hides those while it starts a device and says what
matters once, in its own words (``create_audio``'s notice, ``boot``'s display message)."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def native_stderr_hidden() -> Iterator[None]:
    """File descriptor 2 points at the null device for the block (Python's own errors still
    propagate, and print after it). Where stderr has no descriptor, nothing changes."""
    try:
        descriptor = sys.__stderr__.fileno() if sys.__stderr__ is not None else -1
    except (AttributeError, OSError, ValueError):
        descriptor = -1
    if descriptor < 0:
        yield
        return
    sys.__stderr__.flush()
    saved = os.dup(descriptor)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), descriptor)
            yield
    finally:
        os.dup2(saved, descriptor)
        os.close(saved)
