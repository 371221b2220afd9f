"""The real game window under a private Xvfb, driven with real X pointer and key events.

``VirtualScreen`` starts Xvfb on a display number it picks itself (``-displayfd``), waits until
``xdpyinfo`` answers, and stops it. ``GameWindow`` starts ``rummi-desktop`` on that display with
the status file switched on (``rummi_desktop.shell.status_report``), finds its window by process id,
and offers what a test needs: the status, bounded waits on it, clicks, drags, keys and
screenshots. Every external call has a timeout and every wait is a bounded poll, so a broken
window fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import pytest

SCREEN_SIZE = (1280, 800)  # the X screen's size unless a test asks for another
CANVAS_SIZE = (1280, 800)  # the game's logical canvas: the status file's rects are in its pixels
WAIT_SECONDS = 20.0  # the longest any one step may take before the test fails
POLL_SECONDS = 0.05
TOOL_SECONDS = "10"  # `timeout` for each X tool call
STATUS_FILE_ENV = "RUMMI_DESKTOP_STATUS_FILE"
CHECKOUT = Path(__file__).resolve().parents[2]  # the folder holding rummi_desktop/ and tests/

# program → Debian package that brings it
NEEDED_TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "xdpyinfo": "x11-utils", "import": "imagemagick",
                "timeout": "coreutils"}


def in_ci() -> bool:
    """``CI`` is set (``.ci/run`` sets it): a missing tool fails the run instead of skipping."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_tools() -> str | None:
    """What the real-window tests lack to drive a window, with the install command; None when
    nothing is missing."""
    missing = [name for name in NEEDED_TOOLS if shutil.which(name) is None]
    if not missing:
        return None
    packages = " ".join(sorted({NEEDED_TOOLS[name] for name in missing}))
    return f"the real-window tests need {', '.join(missing)}; install with: sudo apt-get install {packages}"


def require_tools() -> None:
    """Under CI a missing tool fails the test; elsewhere it is skipped. (The README's test
    command does not even collect these tests where a tool is missing: tests/conftest.py says
    so in one summary line, so the command passes on a machine with Python alone.)"""
    reason = missing_tools()
    if reason is not None:
        if in_ci():
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)


class VirtualScreen:
    """A private X server (no TCP, no window manager) for one test."""

    def __init__(self, folder: Path, size: tuple[int, int] = SCREEN_SIZE) -> None:
        self.folder = folder
        self.size = size
        self.process: subprocess.Popen[bytes] | None = None
        self.display = ""

    def start(self) -> None:
        read_end, write_end = os.pipe()
        width, height = self.size
        log = open(self.folder / "xvfb.log", "wb")
        try:
            self.process = subprocess.Popen(
                # -noreset: by default the server resets when its last client (the xdpyinfo
                # probe) leaves, and a game connecting during that reset fails ("x11 not available")
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp",
                 "-noreset"],
                pass_fds=(write_end,), stdout=log, stderr=log, start_new_session=True)
        finally:
            os.close(write_end)
            log.close()
        try:
            self.display = ":" + self._read_display_number(read_end)
        finally:
            os.close(read_end)
        wait_until(self._answers, "Xvfb to answer xdpyinfo", on_timeout=self._log_tail)

    def _read_display_number(self, read_end: int) -> str:
        """Xvfb writes the display it chose to the pipe once it accepts connections."""
        deadline, text = time.monotonic() + WAIT_SECONDS, b""
        while not text.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or (self.process is not None and self.process.poll() is not None):
                pytest.fail(f"Xvfb did not start: {self._log_tail()}", pytrace=False)
            ready, _, _ = select.select([read_end], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(read_end, 64)
                if not chunk:
                    pytest.fail(f"Xvfb closed its display pipe: {self._log_tail()}", pytrace=False)
                text += chunk
        return text.decode().strip()

    def _answers(self) -> bool:
        result = run_tool(["xdpyinfo"], self.display, check=False)
        return result.returncode == 0

    def _log_tail(self) -> str:
        path = self.folder / "xvfb.log"
        return path.read_text(errors="replace")[-800:] if path.exists() else "(no log)"

    def state(self) -> str:
        if self.process is None or self.process.poll() is not None:
            return f"stopped ({self._log_tail() or 'empty log'})"
        return "answering" if self._answers() else "running but not answering"

    def stop(self) -> None:
        stop_process_group(self.process)


class GameWindow:
    """``rummi-desktop`` running on ``screen``, watched through its status file."""

    def __init__(self, screen: VirtualScreen, folder: Path, shots: list[Path]) -> None:
        self.screen = screen
        self.folder = folder
        self.home = folder / "home"
        self.status_path = folder / "status.json"
        self.shots = shots
        self.process: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.window_size = CANVAS_SIZE  # the window's inner size, read once it is mapped

    # -- life -----------------------------------------------------------------------------
    first_start = False  # True: the game's first-start offers (a guided first game) are still to be asked

    def start(self) -> None:
        self.home.mkdir(exist_ok=True)  # a test may have put files there first (see ``prepare_home``)
        if not self.first_start:
            returning_player(self.home)
        env = {key: value for key, value in os.environ.items() if not key.startswith("SDL_")}
        env.update(DISPLAY=self.screen.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", RUMMI_DESKTOP_HOME=str(self.home))
        env[STATUS_FILE_ENV] = str(self.status_path)
        env["RUMMI_DESKTOP_HOST_BIND"] = "127.0.0.1"  # "Host on this computer" listens on loopback only in tests
        # the checkout these tests are in, not whichever one the command was installed from
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH", "")]))
        program = Path(sys.executable).parent / "rummi-desktop"
        with open(self.folder / "game.out", "wb") as out, open(self.folder / "game.err", "wb") as err:
            self.process = subprocess.Popen([str(program)], env=env, stdout=out, stderr=err,
                                            start_new_session=True)  # its worker children go with it
        self.window = wait_until(self._find_window, "the game's window (xdotool search --pid)",
                                 on_timeout=self.describe)
        geometry = wait_until(lambda: self.geometry(self.window), "the window to be mapped")
        self.window_size = (geometry["WIDTH"], geometry["HEIGHT"])

    def _find_window(self) -> str | None:
        self.check_alive()
        assert self.process is not None
        # --onlyvisible: the game sizes and places its window while it is still hidden, and a
        # hidden window's geometry is not the one the player gets
        result = self.xdotool("search", "--onlyvisible", "--pid", str(self.process.pid), check=False)
        windows = result.stdout.split()
        for window in windows:
            if self.geometry(window) is not None:
                return window
        return None

    def geometry(self, window: str) -> dict[str, int] | None:
        """X, Y, WIDTH, HEIGHT of a mapped window (None while it is not ready)."""
        result = self.xdotool("getwindowgeometry", "--shell", window, check=False)
        values = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
        try:
            found = {key: int(values[key]) for key in ("X", "Y", "WIDTH", "HEIGHT")}
        except (KeyError, ValueError):
            return None
        return found if found["WIDTH"] > 1 else None

    def check_alive(self) -> None:
        if self.process is not None and self.process.poll() is not None:
            pytest.fail(f"the game exited early with status {self.process.returncode}: {self.describe()}",
                        pytrace=False)

    def wait_for_exit(self) -> int:
        assert self.process is not None
        try:
            return self.process.wait(timeout=WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the game did not exit within {WAIT_SECONDS:.0f} s: {self.describe()}", pytrace=False)

    def stop(self) -> None:
        stop_process_group(self.process)

    def describe(self) -> str:
        err = self.folder / "game.err"
        errors = err.read_text(errors="replace")[-1500:] if err.exists() else ""
        return (f"last status {self.status()!r}; stderr: {errors or '(empty)'}; "
                f"X server {self.screen.display}: {self.screen.state()}")

    # -- the status file --------------------------------------------------------------------
    def status(self) -> dict[str, Any] | None:
        try:
            return json.loads(self.status_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None  # not written yet (each write replaces the whole file at once)

    def wait_status(self, check: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        def satisfied() -> dict[str, Any] | None:
            self.check_alive()
            status = self.status()
            return status if status is not None and check(status) else None

        return wait_until(satisfied, what, on_timeout=lambda: self._timed_out(what))

    def wait_top(self, scene: str, check: Callable[[dict[str, Any]], bool] = lambda detail: True,
                 what: str = "") -> dict[str, Any]:
        """Wait until ``scene`` is on top and its detail passes ``check``; returns the detail."""
        status = self.wait_status(lambda s: s["top"] == scene and check(s["detail"]),
                                  f"{scene} on top" + (f" with {what}" if what else ""))
        return status["detail"]

    def widget(self, scene: str, label: str) -> dict[str, Any]:
        """The named widget of the top scene at its final place: a scene whose widgets move
        (the menu's buttons drop in one after another) reports ``settled`` once they are home.
        Waiting on that, not on a pause, holds however slowly a loaded machine draws."""
        detail = self.wait_top(scene, lambda d: d.get("settled", True) and find_widget(d, label) is not None,
                               f"{label!r} at rest")
        found = find_widget(detail, label)
        assert found is not None
        return found

    def choose(self, scene: str, label: str, wanted: Any, clicks: int = 10) -> None:
        """Click the option picker's ◀ until it shows ``wanted``, each click checked in the status."""
        for _ in range(clicks):
            picker = self.widget(scene, label)
            if picker["value"] == wanted:
                return
            self.click(picker["arrows"][0])
            self.wait_top(scene, lambda d: find_widget(d, label)["value"] != picker["value"],
                          f"{label} changed from {picker['value']!r}")
        pytest.fail(f"{label} never showed {wanted!r}")

    def _timed_out(self, what: str) -> str:
        # best effort: a failing screenshot must not hide why the wait failed
        self.screenshot(f"timeout-{''.join(c if c.isalnum() else '-' for c in what)[:40]}", check=False)
        return self.describe()

    # -- real input -------------------------------------------------------------------------
    def xdotool(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return run_tool(["xdotool", *args], self.screen.display, check=check)

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        """The window pixel showing logical point (x, y): the canvas is scaled to fit the
        window, centred, with bars on two sides (as ``shell.input.Letterbox`` models it)."""
        (width, height), (logical_w, logical_h) = self.window_size, CANVAS_SIZE
        scale = min(width / logical_w, height / logical_h)
        return ((width - logical_w * scale) / 2 + x * scale, (height - logical_h * scale) / 2 + y * scale)

    def move(self, x: float, y: float) -> None:
        """The pointer onto logical point (x, y) of the canvas, wherever the window shows it."""
        wx, wy = self.to_window(x, y)
        self.xdotool("mousemove", "--window", self.window, str(round(wx)), str(round(wy)))

    def refresh_window_size(self) -> None:
        """Read the window's size again (the game may have resized it: Settings → Interface size)."""
        geometry = self.geometry(self.window)
        if geometry is not None:
            self.window_size = (geometry["WIDTH"], geometry["HEIGHT"])

    def click(self, rect: Sequence[int]) -> None:
        self.refresh_window_size()
        x, y = centre(rect)
        self.move(x, y)
        time.sleep(0.05)  # a frame to see the pointer arrive before the press
        self.xdotool("click", "1")

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 10) -> None:
        self.move(*start)
        time.sleep(0.05)
        self.xdotool("mousedown", "1")
        for step in range(1, steps + 1):
            t = step / steps
            self.move(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            time.sleep(0.03)
        time.sleep(0.05)
        self.xdotool("mouseup", "1")

    def key(self, name: str) -> None:
        self.xdotool("key", name)

    def screenshot(self, name: str, check: bool = True) -> Path:
        """The whole X screen (which is the window) as a PNG, kept for the shots folder."""
        path = self.folder / "shots" / f"{name}.png"
        path.parent.mkdir(exist_ok=True)
        if run_tool(["import", "-window", "root", str(path)], self.screen.display, check=check).returncode == 0:
            self.shots.append(path)
        return path


def returning_player(home: Path) -> None:
    """The settings of a player who has answered every game's first-start offer, keeping what
    a test's ``prepare_home`` set: a setup then opens without the question over it."""
    from rummi_desktop.games import GAMES
    from rummi_desktop.shell.settings import load_settings, save_settings

    path = home / "config" / "settings.toml"
    settings, _ = load_settings(path)
    save_settings(settings.with_changes(guides_offered=" ".join(GAMES)), path)


def find_widget(detail: dict[str, Any], label: str) -> dict[str, Any] | None:
    return next((w for w in detail.get("widgets", []) if w["label"] == label), None)


def centre(rect: Sequence[float]) -> tuple[float, float]:
    x, y, w, h = rect
    return (x + w / 2, y + h / 2)


def run_tool(command: list[str], display: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISPLAY": display}
    result = subprocess.run(["timeout", TOOL_SECONDS, *command], env=env, capture_output=True, text=True,
                            timeout=float(TOOL_SECONDS) + 5)
    if check and result.returncode != 0:
        pytest.fail(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}", pytrace=False)
    return result


def wait_until(probe: Callable[[], Any], what: str, on_timeout: Callable[[], str] = lambda: "",
               seconds: float = WAIT_SECONDS) -> Any:
    """Poll ``probe`` until it returns something truthy (returned); fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = probe()
        if found:
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds:.0f} s for {what}; {on_timeout()}", pytrace=False)
        time.sleep(POLL_SECONDS)


def stop_process_group(process: subprocess.Popen[bytes] | None) -> None:
    """End a process we started (in its own session) and everything it started."""
    if process is None:
        return
    if process.poll() is None:
        _signal_group(process, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    _signal_group(process, signal.SIGKILL)  # leftovers: worker children of a game that exited
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


def _signal_group(process: subprocess.Popen[bytes], sig: int) -> None:
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
