"""Two real windows play Rummi through the embedded server, each under its own Xvfb.

Window A hosts (Online → Host on this computer), registers and makes a private table; window B
connects to A's server, registers and joins by the invite code. They take turns drawing (a
legal move in Rummi) with the real D key; after every turn both windows show the same version,
the same table and the same rack sizes. Every step is photographed; set ``RUMMI_E2E_SHOTS`` to
a folder to keep the pictures.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest
from x_session import GameWindow, VirtualScreen, require_tools

pytestmark = pytest.mark.slow

SHOTS_ENV = "RUMMI_E2E_SHOTS"
PASSWORD = "correct horse 42"  # real keys: the spaces arrive as SDL text input
TURNS = 4


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
    for turn in range(TURNS):
        mover = next(w for w in (host, guest) if my_turn(w.wait_top("RummiTableScene")))
        before = mover.wait_top("RummiTableScene", my_turn, "the mover's turn")
        mover.key("d")
        version = before["online"]["version"] + 1
        both = [w.wait_top("RummiTableScene", lambda d: d["online"]["version"] == version and d["settled"]
                           and not d["online"]["in_flight"], f"version {version}") for w in (host, guest)]
        assert both[0]["table"] == both[1]["table"]
        assert both[0]["rack_sizes"] == both[1]["rack_sizes"]
        seat = before["online"]["seat"]
        assert both[0]["rack_sizes"][seat] == before["rack_sizes"][seat] + 1
        for detail in both:  # each window's rack on show holds what the server says it holds
            assert detail["rack_size"] == detail["rack_sizes"][detail["online"]["seat"]]
        shot(host, f"05-turn{turn + 1}"), shot(guest, f"05-turn{turn + 1}")


def my_turn(detail: dict[str, Any]) -> bool:
    return detail["phase"] == "person" and detail["settled"] and not detail["online"]["in_flight"]
