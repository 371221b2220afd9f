"""Every test runs headless: SDL's dummy video and audio drivers, no banner. Also the fixtures
more than one test file uses (a test file that imported one from another file would shadow it)."""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Each game's startup runs as cli.main runs it (Tumblewords installs the source of its word lists).
from rummi_desktop.entry_points import start_games  # noqa: E402

start_games()

# The real-window tests, where the tools to drive a window are missing and this is not CI, are
# left out with one line in the summary naming the install (under CI they run, and fail).
E2E = Path(__file__).resolve().parent / "e2e"
sys.path.insert(0, str(E2E))
from x_session import in_ci, missing_tools  # noqa: E402

WINDOW_TOOLS_MISSING = None if in_ci() else missing_tools()


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    if WINDOW_TOOLS_MISSING is not None and (collection_path == E2E or E2E in collection_path.parents):
        return True
    return None


def pytest_terminal_summary(terminalreporter) -> None:
    if WINDOW_TOOLS_MISSING is not None:
        terminalreporter.write_line(f"SKIPPED the real-window tests (tests/e2e): {WINDOW_TOOLS_MISSING}")


# The two fixtures import inside: this file loads for every test, and only the online tests
# need the server, its client and the window.

@pytest.fixture
def server(tmp_path):
    """The embedded server (a subprocess) on a fresh database; its URL."""
    from rummi_desktop.net.loadtest import start_embedded

    process, url = start_embedded(str(tmp_path / "server.sqlite3"))
    yield url
    process.terminate()
    process.wait(10)


@pytest.fixture
def lobby(tmp_path, monkeypatch):
    """The Online screen on the stack of a headless app, hosting on 127.0.0.1 only; (app, scene)."""
    from rummi_desktop.net import hosting
    from rummi_desktop.scenes.online import lobby_scene
    from test_rummi_flow_support import make_app, steps

    monkeypatch.setattr(hosting, "LAN_BIND", "127.0.0.1")
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    app = make_app(tmp_path, monkeypatch, "instant")
    scene = lobby_scene.OnlineScene(app)
    app.stack.push(scene)
    steps(app, 2)
    yield app, scene
    for _ in range(3):  # the table, if one opened; then the lobby closes its link
        if app.stack.top is not None:
            app.stack.pop()
            steps(app, 1)
    app.close()  # the turn watch closes the link it kept for the window
    while lobby_scene._hosted:
        lobby_scene._hosted.pop().stop()
