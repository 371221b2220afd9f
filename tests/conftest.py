"""Every test runs headless: SDL's dummy video and audio drivers, no banner."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Tumblewords finds its word list by name through the source the shell installs (as cli.main does).
from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402

word_lists.install()
