"""How much of a core the real game window uses while nobody touches it.

    python tools/idle_cpu.py [--scene menu|table|both] [--seconds 10] [--settle 6] [--seed 1]

Starts Xvfb when ``DISPLAY`` is unset (installing ``xvfb`` with apt-get if it is missing), opens
the real game (``python -m rummi_desktop``, user folders in a throw-away ``RUMMI_DESKTOP_HOME``),
waits until its window exists and ``--settle`` seconds more (intro animations, the first turn's
banner), then reads the process's CPU time (utime + stime in ``/proc/PID/stat``, all threads)
over ``--seconds`` and prints one JSON line per scene::

    {"scene": "menu", "cpu_percent": 3.1, "children_cpu_percent": 0.0, "seconds": 10.0}

``menu`` is the main menu; ``table`` is ``play rummi --seats human,easy --seed SEED`` (with seed
1 the person starts and has a 60 s clock, so the whole sample is the person's turn with the clock
ring running). ``children_cpu_percent`` is the computer seat's thinking process. Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCENES = {
    "menu": [],
    "table": ["play", "rummi", "--seats", "human,easy", "--seed"],
}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process (every thread), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # fields 14 and 15 of stat(5)


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def children_of(pid: int) -> list[int]:
    """Every descendant (the computer seats' thinking process, its forkserver)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = parent_of(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass  # ended while we looked
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [child for child, of in parents.items() if of == parent]
        found += kids
        frontier += kids
    return found


def children_cpu_seconds(pid: int) -> float:
    total = 0.0
    for child in children_of(pid):
        try:
            total += cpu_seconds(child)
        except OSError:
            pass  # it ended between the listing and the reading
    return total


def ensure_tool(command: str, package: str) -> None:
    if shutil.which(command):
        return
    print(f"idle_cpu: installing {package}", file=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", package], check=True, stdout=subprocess.DEVNULL)


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """A private X server on a display number it picks itself (``-displayfd``), so two runs
    (or another tool's server) never share one."""
    ensure_tool("Xvfb", "xvfb")
    ensure_tool("xdpyinfo", "x11-utils")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as announced:
        number = announced.readline().strip()
    if not number.isdigit():
        server.kill()
        raise SystemExit("idle_cpu: could not start Xvfb")
    display = f":{number}"
    for _ in range(100):
        ready = subprocess.run(["xdpyinfo", "-display", display], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        if ready.returncode == 0:
            return server, display
        time.sleep(0.05)
    server.kill()
    raise SystemExit("idle_cpu: Xvfb did not answer")


def wait_for_window(game: subprocess.Popen, env: dict[str, str], timeout: float = 60.0) -> None:
    ensure_tool("xdotool", "xdotool")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if game.poll() is not None:
            raise SystemExit(f"idle_cpu: the game exited (status {game.returncode}): {game.stderr.read()}")
        # --pid, never --name: SDL's title type makes --name miss the window (platform notes)
        found = subprocess.run(["timeout", "5", "xdotool", "search", "--pid", str(game.pid)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if found.stdout.strip():
            return
        time.sleep(0.2)
    raise SystemExit("idle_cpu: the game window did not appear")


def measure(scene: str, args: argparse.Namespace, env: dict[str, str]) -> dict[str, object]:
    extra = SCENES[scene] + ([str(args.seed)] if scene == "table" else [])
    with tempfile.TemporaryDirectory(prefix="rummi-idle-") as home:
        game_env = dict(env, RUMMI_DESKTOP_HOME=home, SDL_AUDIODRIVER="dummy")
        game = subprocess.Popen([args.python, "-m", "rummi_desktop", *extra], env=game_env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for_window(game, game_env)
            time.sleep(args.settle)
            if game.poll() is not None:
                raise SystemExit(f"idle_cpu: the game exited early: {game.stderr.read()}")
            start_wall, start_cpu = time.monotonic(), cpu_seconds(game.pid)
            start_children = children_cpu_seconds(game.pid)
            time.sleep(args.seconds)
            wall = time.monotonic() - start_wall
            used = cpu_seconds(game.pid) - start_cpu
            children = children_cpu_seconds(game.pid) - start_children
        finally:
            game.terminate()
            try:
                game.wait(timeout=10)
            except subprocess.TimeoutExpired:
                game.kill()
                game.wait()
    return {"scene": scene, "cpu_percent": round(100 * used / wall, 1),
            "children_cpu_percent": round(100 * max(0.0, children) / wall, 1), "seconds": round(wall, 1)}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="CPU use of the idle game window")
    parser.add_argument("--scene", choices=[*SCENES, "both"], default="both")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the sample")
    parser.add_argument("--settle", type=float, default=6.0,
                        help="seconds to wait after the window shows (the menu fans rest after ~4 s)")
    parser.add_argument("--seed", type=int, default=1, help="deal for the table (1: the person starts)")
    default_python = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "python"
    parser.add_argument("--python", default=str(default_python) if default_python.exists() else sys.executable,
                        help="the interpreter that has rummi_desktop installed")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    server = None
    if not env.get("DISPLAY"):
        server, env["DISPLAY"] = start_xvfb()
    try:
        for scene in (list(SCENES) if args.scene == "both" else [args.scene]):
            print(json.dumps(measure(scene, args, env)), flush=True)
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
