"""Two real windows play Rummi through the embedded server, each under its own Xvfb.

Window A hosts (Online → Host on this computer), registers and makes a private table; window B
connects to A's server, registers and joins by the invite code. They play the whole game with
the real D key: each takes a tile until the pool is empty, then passes, and the round is blocked
(a legal way for a Rummi round to end). After every turn both windows show the same version,
the same table and the same rack sizes; at the end both show the round's end with the same
scores, the server's. The steps are photographed; set ``RUMMI_E2E_SHOTS`` to a folder to keep
the pictures.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest
from x_session import GameWindow, VirtualScreen, require_tools, wait_until

pytestmark = pytest.mark.slow

SHOTS_ENV = "RUMMI_E2E_SHOTS"
PASSWORD = "correct horse 42"  # real keys: the spaces arrive as SDL text input
MAX_TURNS = 120  # 106 tiles, 28 dealt: 78 draws empty the pool, then one pass each blocks the round
SHOT_TURNS = {1, 2, 3, 40, 78}


@pytest.fixture
def shots() -> Iterator[list[Path]]:
    taken: list[Path] = []
    yield taken
    keep = os.environ.get(SHOTS_ENV, "").strip()
    if keep:
        folder = Path(keep)
        folder.mkdir(parents=True, exist_ok=True)
        for shot in taken:
            shutil.copy2(shot, folder / shot.name)


def brisk_animations(home: Path) -> None:
    """The 80 turns this test plays are draws: at the brisk animation speed (a setting players
    choose too) each settles sooner, and the test checks the same messages and racks."""
    from rummi_desktop.shell.settings import Settings, save_settings

    save_settings(Settings(animation_speed="brisk"), home / "config" / "settings.toml")


@pytest.fixture
def windows(tmp_path: Path, shots: list[Path]) -> Iterator[tuple[GameWindow, GameWindow]]:
    require_tools()
    started: list[tuple[VirtualScreen, GameWindow]] = []
    try:
        for name in ("a", "b"):
            folder = tmp_path / name
            folder.mkdir()
            screen = VirtualScreen(folder)
            window = GameWindow(screen, folder, shots)
            brisk_animations(window.home)
            started.append((screen, window))
            screen.start()
            window.start()
        yield started[0][1], started[1][1]
    finally:
        for screen, window in reversed(started):
            window.stop()
            screen.stop()


def shot(window: GameWindow, name: str) -> None:
    window.screenshot(f"{window.folder.name}-{name}")


def type_in(window: GameWindow, detail: dict[str, Any], field: str, text: str, clear: int = 0) -> None:
    window.click(detail["fields"][field])
    for _ in range(clear):
        window.key("BackSpace")
    window.xdotool("type", "--delay", "40", text)
    window.wait_top("OnlineScene", lambda d: True)


def open_online(window: GameWindow) -> dict[str, Any]:
    window.click(window.widget("MenuScene", "Online")["rect"])
    return window.wait_top("OnlineScene")


def register(window: GameWindow, name: str) -> None:
    detail = window.wait_top("OnlineScene", lambda d: d["connection"] == "connected", "connected")
    type_in(window, detail, "name", name)
    type_in(window, detail, "password", PASSWORD)
    window.click(window.widget("OnlineScene", "Register")["rect"])
    window.wait_top("OnlineScene", lambda d: d["account"] is not None, f"{name} signed in")


def test_two_windows_play_rummi_online(windows: tuple[GameWindow, GameWindow]) -> None:
    host, guest = windows
    open_online(host)
    shot(host, "01-online-screen")
    host.click(host.widget("OnlineScene", "Host on this computer")["rect"])
    url = host.wait_top("OnlineScene", lambda d: d["connection"] == "connected", "the hosted server")["url"]
    register(host, "alice")
    host.click(host.widget("OnlineScene", "Table")["arrows"][1])  # Private (invite code)
    host.wait_top("OnlineScene", lambda d: any(w["label"] == "Table" and w["value"] == "private"
                                               for w in d["widgets"]), "a private table chosen")
    host.click(host.widget("OnlineScene", "Create table")["rect"])
    invite = host.wait_top("OnlineScene", lambda d: bool(d["invite"]) and d["watching"], "the invite code")["invite"]
    shot(host, "02-waiting-with-invite")

    detail = open_online(guest)
    type_in(guest, detail, "port", url.rsplit(":", 1)[1], clear=6)
    guest.click(guest.widget("OnlineScene", "Connect")["rect"])
    register(guest, "bob")
    type_in(guest, guest.wait_top("OnlineScene"), "invite", invite.lower())
    shot(guest, "03-invite-typed")
    guest.click(guest.widget("OnlineScene", "Join by code")["rect"])

    tables = [window.wait_top("RummiTableScene", lambda d: "online" in d and d["settled"], "the online table")
              for window in (host, guest)]
    shot(host, "04-table"), shot(guest, "04-table")
    assert {t["online"]["seat"] for t in tables} == {0, 1}
    for turn in range(1, MAX_TURNS + 1):
        mover = next_mover(host, guest)
        if mover is None:
            break
        before = mover.wait_top("RummiTableScene", my_turn, "the mover's turn")
        mover.key("d")
        version = before["online"]["version"] + 1
        both = [w.wait_status(lambda s: s["top"] == "RoundEndScene" or (
            s["top"] == "RummiTableScene" and s["detail"]["online"]["version"] == version and s["detail"]["settled"]
            and not s["detail"]["online"]["in_flight"]), f"version {version}") for w in (host, guest)]
        if any(status["top"] == "RoundEndScene" for status in both):
            break
        details = [status["detail"] for status in both]
        assert details[0]["table"] == details[1]["table"] == []
        assert details[0]["rack_sizes"] == details[1]["rack_sizes"]
        seat = before["online"]["seat"]
        drew = 1 if turn <= 78 else 0  # the pool runs dry after 78 draws: a pass
        assert details[0]["rack_sizes"][seat] == before["rack_sizes"][seat] + drew
        for detail in details:  # each window's rack on show holds what the server says it holds
            assert detail["rack_size"] == detail["rack_sizes"][detail["online"]["seat"]]
        if turn in SHOT_TURNS:
            shot(host, f"05-turn{turn:02d}"), shot(guest, f"05-turn{turn:02d}")
    ends = [w.wait_top("RoundEndScene", lambda d: bool(d["scores"]), "the round's end") for w in (host, guest)]
    shot(host, "06-round-end"), shot(guest, "06-round-end")
    assert turn == 80  # 78 draws and two passes: the whole game was played
    assert ends[0]["scores"] == ends[1]["scores"] and sum(ends[0]["scores"]) == 0  # blocked: the round sums to zero
    assert ends[0]["title"].startswith("Blocked round") and ends[1]["title"].startswith("Blocked round")


def next_mover(*windows: GameWindow) -> GameWindow | None:
    """The window whose person is on turn, or None once a window shows the round's end."""
    def found() -> GameWindow | str | None:
        for window in windows:
            status = window.status()
            if status is None:
                continue
            if status["top"] == "RoundEndScene":
                return "over"
            if status["top"] == "RummiTableScene" and my_turn(status["detail"]):
                return window
        return None

    mover = wait_until(found, "a window on turn, or the round's end")
    return None if mover == "over" else mover


def my_turn(detail: dict[str, Any]) -> bool:
    return detail["phase"] == "person" and detail["settled"] and not detail["online"]["in_flight"]
