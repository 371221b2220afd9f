"""Quiet starts: with no usable sound device, the C libraries' probing lines (ALSA's "cannot
find card", eight of them) stay off the terminal, and the game says once, in its own words,
that it plays silently."""

from __future__ import annotations

import os
import subprocess
import sys

START = """
from rummi_desktop.shell.app import App
from rummi_desktop.shell.settings import Settings
app = App(persist=False, settings=Settings())
app.step(1 / 60)
print("NOTICES", app.notices)
app.close()
"""


def test_no_sound_device_is_said_once_in_the_games_words(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa",
           "ALSA_CONFIG_PATH": str(tmp_path / "no-such-alsa.conf"),  # no device on any machine
           "RUMMI_DESKTOP_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", START], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr and "ALSA lib" not in done.stdout, done.stderr
    (notices,) = [line for line in done.stdout.splitlines() if line.startswith("NOTICES")]
    assert notices.count("plays silently") == 1, notices
    assert "pygame" not in done.stderr.lower().replace("pygame-ce", ""), done.stderr
