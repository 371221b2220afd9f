"""A notification on the desktop (outside the window), through ``notify-send`` where the
system has it (libnotify: most Linux desktops), and nothing where it does not.

``notify-send`` is run as a program with its arguments (never through a shell), on a thread of
its own with a short timeout, so a desktop bus that hangs never holds up a frame; what it
prints and how it ends are not the game's business. A library was weighed and left out:
desktop-notifier (the well-kept cross-platform one) brings a D-Bus client and an asyncio API
on every system, for what this one call does on the desktops that have it.
"""

from __future__ import annotations

import shutil
import subprocess
import threading

PROGRAM = "notify-send"
APP_NAME = "Rummi Desktop"
TIMEOUT_SECONDS = 5.0
SHOWN_MS = 10_000  # how long the desktop shows it (a desktop may choose otherwise)


def notifier_present() -> bool:
    return shutil.which(PROGRAM) is not None


def desktop_notice(title: str, body: str) -> threading.Thread | None:
    """Show ``title`` and ``body`` on the desktop; the thread sending it, or None when this
    system has no way to (then nothing is said: the window's own notice is there)."""
    program = shutil.which(PROGRAM)
    if program is None:
        return None
    command = [program, f"--app-name={APP_NAME}", f"--expire-time={SHOWN_MS}", "--", title, body]
    sender = threading.Thread(target=_run, args=(command,), name="desktop-notice", daemon=True)
    sender.start()
    return sender


def _run(command: list[str]) -> None:
    try:
        subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=TIMEOUT_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):  # gone meanwhile, refused, or too slow: the toast still shows
        pass
