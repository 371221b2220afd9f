"""Three real windows, each under its own Xvfb, through the embedded server: two play a
two-round Rummi match with chat, the third watches (issue 24).

Window A hosts (Online → Host on this computer), registers alice and makes a public Parlor
League table to 500 (the highest target, so the first round cannot end the match); window B
connects to A's server, registers bob and joins from the lobby's Open list; window C registers
carol and watches the game from the Watch tab, live.

At the first round's start each player's table shows the other online; A says a quick phrase
and B types a line, and each sees the other's.
Round 1 is played with the real D key: each takes a tile until the pool is empty, then passes,
and the round is blocked. After every turn both players' windows show the same version, table
and rack sizes, and C shows the same version and rack sizes and no rack at all. The results
card shows the round and the match totals; both press Next round. Round 2: a few draws, then
the person on turn resigns (pause card → Resign → Resign), which ends the match. Then both
players' cards and C's view lay open the same racks, and show the same scores and totals, the
server's. The steps are photographed; set ``RUMMI_E2E_SHOTS`` to a folder to keep the pictures.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from x_session import GameWindow, VirtualScreen, find_widget, require_tools, wait_until

pytestmark = pytest.mark.slow

PASSWORD = "correct horse 42"  # real keys: the spaces arrive as SDL text input
TARGET = 500  # the highest a table offers: one round cannot reach it
POOL_DRAWS = 78  # 106 tiles, 28 dealt: 78 draws empty the pool, then one pass each blocks the round
MAX_TURNS = 120
ROUND_TWO_DRAWS = 4
SHOT_TURNS = {1, 2, 40, 78}
TYPED_LINE = "good luck and have fun"  # a "d" too: typed into the chat, it must not draw a tile


def instant_animations(home: Path) -> None:
    """The 84 turns this test plays are draws: with motion off (a setting players choose too)
    each settles at once, and the test checks the same messages and racks."""
    from rummi_desktop.shell.settings import Settings, save_settings

    save_settings(Settings(animation_speed="instant"), home / "config" / "settings.toml")


@pytest.fixture
def windows(tmp_path: Path, shots: list[Path]) -> Iterator[tuple[GameWindow, GameWindow, GameWindow]]:
    require_tools()
    started: list[tuple[VirtualScreen, GameWindow]] = []
    try:
        for name in ("a", "b", "c"):
            folder = tmp_path / name
            folder.mkdir()
            screen = VirtualScreen(folder)
            window = GameWindow(screen, folder, shots)
            instant_animations(window.home)
            started.append((screen, window))
            screen.start()
            window.start()
        yield started[0][1], started[1][1], started[2][1]
    finally:
        for screen, window in reversed(started):
            window.stop()
            screen.stop()


def shot(window: GameWindow, name: str) -> None:
    window.screenshot(f"{window.folder.name}-{name}")


# -- the lobby ---------------------------------------------------------------------------------
def type_in(window: GameWindow, detail: dict[str, Any], field: str, text: str, clear: int = 0) -> None:
    window.click(detail["fields"][field])
    for _ in range(clear):
        window.key("BackSpace")
    window.xdotool("type", "--delay", "40", text)
    window.wait_top("OnlineScene", lambda d: True)


def open_online(window: GameWindow) -> dict[str, Any]:
    window.click(window.widget("MenuScene", "Online")["rect"])
    return window.wait_top("OnlineScene")


def connect_to(window: GameWindow, url: str) -> None:
    detail = open_online(window)
    type_in(window, detail, "port", url.rsplit(":", 1)[1], clear=6)
    window.click(window.widget("OnlineScene", "Connect")["rect"])


def register(window: GameWindow, name: str) -> None:
    detail = window.wait_top("OnlineScene", lambda d: d["connection"] == "connected", "connected")
    type_in(window, detail, "name", name)
    type_in(window, detail, "password", PASSWORD)
    window.click(window.widget("OnlineScene", "Register")["rect"])
    window.wait_top("OnlineScene", lambda d: d["account"] is not None, f"{name} signed in")


def widget_starting(window: GameWindow, scene: str, prefix: str) -> dict[str, Any]:
    """The first widget of ``scene`` whose label begins with ``prefix`` (a tab's label carries
    its count, a table row's its seats), once there is one."""
    def found(detail: dict[str, Any]) -> bool:
        return any(w["label"].startswith(prefix) for w in detail.get("widgets", []))

    detail = window.wait_top(scene, found, f"a widget {prefix!r}")
    return next(w for w in detail["widgets"] if w["label"].startswith(prefix))


def pick_row(window: GameWindow, tab: str, row: str) -> None:
    """Open the lobby's ``tab`` and press the table row that begins with ``row``."""
    window.click(widget_starting(window, "OnlineScene", tab)["rect"])
    window.click(widget_starting(window, "OnlineScene", row)["rect"])


def host_match_table(host: GameWindow) -> str:
    """A hosts the server, registers alice and makes the public Parlor League table to 500;
    returns the server's address."""
    open_online(host)
    shot(host, "01-online-screen")
    host.click(host.widget("OnlineScene", "Host on this computer")["rect"])
    url = host.wait_top("OnlineScene", lambda d: d["connection"] == "connected", "the hosted server")["url"]
    register(host, "alice")
    host.choose("OnlineScene", "Target", TARGET)
    form = host.wait_top("OnlineScene")
    assert find_widget(form, "Table")["value"] == "public"  # a private table cannot be watched
    assert find_widget(form, "Match")["value"] == "parlor"
    host.click(host.widget("OnlineScene", "Create table")["rect"])
    host.wait_top("OnlineScene", lambda d: bool(d["watching"]), "the table waiting for players")
    shot(host, "02-waiting-for-players")
    return url


# -- the table ---------------------------------------------------------------------------------
def my_turn(detail: dict[str, Any]) -> bool:
    return detail["phase"] == "person" and detail["settled"] and not detail["online"]["in_flight"]


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


def at_version(version: int) -> Callable[[dict[str, Any]], bool]:
    """A player's window at ``version`` with nothing moving or sent, or at the round's end."""
    def check(status: dict[str, Any]) -> bool:
        if status["top"] == "RoundEndScene":
            return True
        detail = status["detail"]
        return (status["top"] == "RummiTableScene" and detail["online"]["version"] == version and detail["settled"]
                and not detail["online"]["in_flight"])
    return check


def spectator_at(watcher: GameWindow, version: int) -> dict[str, Any]:
    return watcher.wait_top("SpectatorScene", lambda d: d["version"] >= version, f"the spectator at version {version}")


def play_draws(players: tuple[GameWindow, GameWindow], watcher: GameWindow, turns: int, pool_draws: int,
               shot_turns: set[int], stage: str) -> int:
    """Each person on turn presses D (a draw, or a pass once the pool is empty) for up to
    ``turns`` turns, or until the round ends; after each, both players and the watcher agree.
    Returns the turns played."""
    played = 0
    for turn in range(1, turns + 1):
        mover = next_mover(*players)
        if mover is None:
            break
        before = mover.wait_top("RummiTableScene", my_turn, "the mover's turn")
        mover.key("d")
        played = turn
        version = before["online"]["version"] + 1
        both = [player.wait_status(at_version(version), f"version {version}") for player in players]
        watched = spectator_at(watcher, version)
        assert watched["version"] == version and watched["racks"] is None  # live, and no rack before the end
        if any(status["top"] == "RoundEndScene" for status in both):
            break
        details = [status["detail"] for status in both]
        assert details[0]["table"] == details[1]["table"] == []
        assert details[0]["rack_sizes"] == details[1]["rack_sizes"] == watched["rack_sizes"]
        seat = before["online"]["seat"]
        drew = 1 if turn <= pool_draws else 0  # the pool ran dry: a pass
        assert details[0]["rack_sizes"][seat] == before["rack_sizes"][seat] + drew
        for detail in details:  # each window's rack on show holds what the server says it holds
            assert detail["rack_size"] == detail["rack_sizes"][detail["online"]["seat"]]
        if turn in shot_turns:
            for window in (*players, watcher):
                shot(window, f"{stage}-turn{turn:02d}")
    return played


def chat_of(window: GameWindow) -> dict[str, Any]:
    return window.wait_top("RummiTableScene", lambda d: "chat" in d, "the chat panel")["chat"]


def chat_widget(window: GameWindow, label: str) -> dict[str, Any]:
    found = find_widget(chat_of(window), label)
    assert found is not None, f"no {label!r} in the chat panel"
    return found


def toggle_chat(window: GameWindow, opened: bool) -> None:
    window.click(chat_button(window))
    window.wait_top("RummiTableScene", lambda d: d.get("chat", {}).get("open") == opened, f"the chat open={opened}")


def chat_button(window: GameWindow) -> list[int]:
    """The chat button (its label counts the unread lines: "Chat (2)")."""
    return next(w["rect"] for w in chat_of(window)["widgets"] if w["label"].startswith("Chat"))


def chat_lines_hold(window: GameWindow, *lines: list[str]) -> None:
    window.wait_top("RummiTableScene", lambda d: all(line in d["chat"]["lines"] for line in lines),
                    f"the chat lines {lines}")


def talk(host: GameWindow, guest: GameWindow) -> None:
    """A sends a quick phrase, B types a line of its own; each window shows both lines."""
    toggle_chat(host, True)
    host.click(chat_widget(host, "Good game")["rect"])
    toggle_chat(guest, True)
    guest.click(chat_of(guest)["field"])
    guest.xdotool("type", "--delay", "40", TYPED_LINE)
    guest.key("Return")
    for window in (host, guest):
        chat_lines_hold(window, ["alice", "Good game"], ["bob", TYPED_LINE])
        shot(window, "05-chat")
    for window in (host, guest):
        toggle_chat(window, False)
    for window in (host, guest):  # typing in the chat drew no tile: nobody has moved yet
        assert window.wait_top("RummiTableScene")["rack_sizes"] == [14, 14]


def resign(window: GameWindow) -> None:
    """Esc opens the pause card; its Resign asks first; Resign again gives the match up."""
    window.wait_top("RummiTableScene", my_turn, "the resigner's turn")
    window.key("Escape")
    window.click(window.widget("PauseOverlay", "Resign")["rect"])
    shot(window, "09-resign-asked")
    window.click(window.widget("ConfirmScene", "Resign")["rect"])


def round_card(window: GameWindow, check: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    return window.wait_top("RoundEndScene", lambda d: bool(d["scores"]) and check(d), what)


def sorted_racks(racks: list[list[str] | None]) -> list[list[str]]:
    assert all(rack is not None for rack in racks), racks
    return [sorted(rack) for rack in racks if rack is not None]


def test_two_windows_play_a_rummi_match_online_with_chat_and_a_spectator(
        windows: tuple[GameWindow, GameWindow, GameWindow]) -> None:
    host, guest, watcher = windows
    players = (host, guest)
    url = host_match_table(host)

    connect_to(guest, url)
    register(guest, "bob")
    pick_row(guest, "Open (", f"Rummi (Match to {TARGET}) · alice")  # the listing names the target
    tables = [window.wait_top("RummiTableScene", lambda d: "online" in d and d["settled"], "the online table")
              for window in players]
    assert {t["online"]["seat"] for t in tables} == {0, 1}

    connect_to(watcher, url)
    register(watcher, "carol")
    pick_row(watcher, "Watch (", "Rummi · alice")
    watched = watcher.wait_top("SpectatorScene", what="the watched table")
    assert watched["delay"] == 0 and watched["racks"] is None and watched["rack_sizes"] == [14, 14]
    assert watched["totals"] == [0, 0]
    for window in (*players, watcher):
        shot(window, "04-round1")

    for window, other in ((host, "bob"), (guest, "alice")):  # each sees the other at the table before any move
        window.wait_top("RummiTableScene", lambda d, other=other: [(o["name"], o["online"]) for o in d["online"]["others"]]
                        == [(other, True)], f"{other} online")
    talk(host, guest)

    turns = play_draws(players, watcher, MAX_TURNS, POOL_DRAWS, SHOT_TURNS, "06-round1")
    assert turns == POOL_DRAWS + 2  # 78 draws and two passes: the whole round was played
    cards = [round_card(w, lambda d: True, "round 1's end") for w in players]
    for window in players:
        shot(window, "07-round1-end")
    assert cards[0]["round"] == cards[1]["round"] == f"Round 1 · Parlor League to {TARGET}"
    assert cards[0]["title"].startswith("Blocked round") and cards[1]["title"].startswith("Blocked round")
    assert cards[0]["scores"] == cards[1]["scores"] and sum(cards[0]["scores"]) == 0  # blocked: it sums to zero
    assert cards[0]["totals"] == cards[1]["totals"] == cards[0]["scores"]  # the match so far is round 1
    between = watcher.wait_top("SpectatorScene", lambda d: d["totals"] == cards[0]["totals"], "the match's totals")
    assert not between["over"] and between["racks"] is None  # the match goes on: still no rack
    shot(watcher, "07-round1-end")

    for window in players:
        window.click(window.widget("RoundEndScene", "Next round")["rect"])
    second = [w.wait_top("RummiTableScene", lambda d: d["settled"] and d["rack_sizes"] == [14, 14], "round 2 dealt")
              for w in players]
    assert second[0]["online"]["version"] == second[1]["online"]["version"]
    for window in players:
        shot(window, "08-round2")

    assert play_draws(players, watcher, ROUND_TWO_DRAWS, ROUND_TWO_DRAWS, set(), "08-round2") == ROUND_TWO_DRAWS
    resigner = next_mover(*players)
    assert resigner is not None
    resign(resigner)

    ended = [round_card(w, lambda d: all(rack is not None for rack in d["racks"]), "every rack laid open")
             for w in players]
    view = watcher.wait_top("SpectatorScene", lambda d: d["over"] and d["racks"] is not None, "the match's end")
    for window in (*players, watcher):
        shot(window, "10-match-end")
    other = guest if resigner is host else host
    titles = {window: card["title"] for window, card in zip(players, ended)}
    assert titles[resigner] == "You resigned" and titles[other] == f"{'alice' if resigner is host else 'bob'} resigned"
    assert sorted_racks(ended[0]["racks"]) == sorted_racks(ended[1]["racks"]) == sorted_racks(view["racks"])
    assert sum(len(rack) for rack in view["racks"]) == 28 + ROUND_TWO_DRAWS  # every seat's tiles: 14 dealt each, 4 drawn
    assert ended[0]["scores"] == ended[1]["scores"]
    assert ended[0]["totals"] == ended[1]["totals"] == view["totals"] == view["result"]["scores"]  # the server's
    assert ended[0]["scores"] == [total - first for total, first in zip(ended[0]["totals"], cards[0]["scores"])]
    for window in players:
        window.click(window.widget("RoundEndScene", "See the results")["rect"])
        window.wait_top("MatchSummaryScene")
        shot(window, "11-match-summary")
