"""A game online that becomes your move, seen from any screen: driven by synthetic clicks over a
server hosted on 127.0.0.1 (the real subprocess). Signed in, the lobby hands its link to the
window's turn watch, so leaving the lobby keeps it; a move made elsewhere then raises a toast on
the menu (Open plays that table) or over a local game (Later dismisses it, the game stays on top),
badges the menu's Online button, and tells the desktop through notify-send when asked to (a fake
one on PATH records its arguments; with none, nothing is said). The lobby's badge and a game
within 12 hours of timing out are drawn on off-screen surfaces; the pictures go to
/tmp/shots/notices/ at the window's 1280×800 and scaled to 800×600."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.online import lobby_scene
from rummi_desktop.scenes.online.listing import TableRow
from rummi_desktop.scenes.online.turn_toast import CARD, TurnToast
from rummi_desktop.scenes.online.turn_watch import TurnWatch, waiting_now
from rummi_desktop.shell.desktop_notice import desktop_notice, notifier_present
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.ui.count_badge import warning_ink
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from test_online_lobby import async_days, other_player, run_until, signed_in_by_clicks
from test_rummi_flow_support import button_centre, click, make_app, open_table, session_from_position, steps

SHOTS = Path("/tmp/shots/notices")


@pytest.fixture
def menu_lobby(tmp_path, monkeypatch):
    """The menu with the Online screen over it, hosting on 127.0.0.1 only; (app, lobby)."""
    from rummi_desktop.net import hosting

    monkeypatch.setattr(hosting, "LAN_BIND", "127.0.0.1")
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    app = make_app(tmp_path, monkeypatch, "instant")
    app.stack.push(MenuScene(app))
    scene = lobby_scene.OnlineScene(app)
    app.stack.push(scene)
    steps(app, 2)
    yield app, scene
    app.close()
    while lobby_scene._hosted:
        lobby_scene._hosted.pop().stop()


def shot(surface: pygame.Surface, name: str) -> None:
    """The picture as the window shows it at 1280×800, and scaled into an 800×600 window."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(SHOTS / f"{name}-1280x800.png"))
    small = pygame.Surface((800, 600))
    small.blit(pygame.transform.smoothscale(surface, (800, 500)), (0, 50))  # letterboxed, as SCALED fits it
    pygame.image.save(small, str(SHOTS / f"{name}-800x600.png"))


def fake_notify_send(folder: Path) -> Path:
    """A notify-send that writes its arguments, one a line, to ``folder``/args.txt."""
    folder.mkdir()
    program = folder / "notify-send"
    program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/args.txt"\n')
    program.chmod(0o755)
    return folder / "args.txt"


def near(colour, wanted) -> bool:
    return max(abs(a - b) for a, b in zip(colour[:3], wanted[:3])) < 40


def bobs_tables_then_back_to(app, scene, count: int = 1):
    """Bob's Tumblewords tables (a day a move) that Alice joins: each starts on Bob's move. Then
    Back: the menu is on top again, the link kept by the watch. Returns (bob's link, table ids)."""
    bob = other_player(scene.link.url, "Bob")
    tables = []
    for _ in range(count):
        made = bob.submit(lambda c: c.create_table("tumblewords", ["human", "human"], clock=async_days(1))).result(20)
        scene.link.submit(lambda c: c.join_table(table=made["table"])).result(20)
        bob.submit(lambda c: c.subscribe(made["table"])).result(20)
        tables.append(made["table"])
    back = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Back")
    click(app, button_centre(back))
    run_until(app, lambda: isinstance(app.stack.top, MenuScene))
    return bob, tables


def shown(watch) -> bool:
    return watch.toast is not None and watch.toast.visible


def bob_passes(bob, table_id: str) -> None:
    bob.submit(lambda c: c.forfeit(table_id)).result(20)


def test_a_move_made_elsewhere_raises_a_toast_on_the_menu_and_open_plays_that_table(menu_lobby, tmp_path,
                                                                                   monkeypatch):
    app, scene = menu_lobby
    signed_in_by_clicks(app, scene)
    watch = app.layer_of(TurnWatch)
    bob, (table_id, other_id) = bobs_tables_then_back_to(app, scene, 2)
    try:
        assert watch.link is scene.link and watch.link.status == "connected"  # the lobby left; the link stayed
        assert watch.toast is None and waiting_now(app).count == 0
        empty = tmp_path / "no-programs"
        empty.mkdir()
        monkeypatch.setenv("PATH", str(empty))  # no notify-send here: the desktop is told nothing
        app.update_settings(desktop_notices=True)
        app.focused = False
        bob_passes(bob, table_id)
        run_until(app, lambda: shown(watch))
        app.focused = True
        assert (watch.toast.row.table, watch.toast.row.headline) == (table_id, "Tumblewords · vs Bob")
        assert watch.toast.row.detail == "1 day left" and not watch.toast.row.urgent
        assert watch.last_notice is None
        assert waiting_now(app).count == 1
        steps(app, 2)
        shot(app.screen, "menu-toast")
        online = next(b for b in app.stack.top.buttons if b.label == "Online")
        badge = app.screen.get_at((online.rect.right - 15, online.rect.top + 2))  # the count's pill, by its digit
        assert near(badge, app.theme.accent)
        assert near(app.screen.get_at((CARD.x + 1, CARD.centery)), app.theme.accent)  # the toast's edge
        click(app, button_centre(watch.toast.open_button))
        run_until(app, lambda: isinstance(app.stack.top, TumblewordsTableScene))
        assert app.stack.top.session.play.table_id == table_id
        steps(app, 2)
        assert watch.toast is None
        bob_passes(bob, other_id)  # the other game, while this one is on screen: told, but no Open
        run_until(app, lambda: shown(watch))
        assert watch.toast.row.table == other_id and not hasattr(watch.toast, "open_button")
        assert waiting_now(app).count == 2
    finally:
        bob.close()


def test_over_a_local_game_the_toast_takes_only_its_clicks_and_tells_the_desktop(menu_lobby, tmp_path, monkeypatch):
    app, scene = menu_lobby
    signed_in_by_clicks(app, scene)
    watch = app.layer_of(TurnWatch)
    bob, (table_id,) = bobs_tables_then_back_to(app, scene)
    try:
        local = open_table(app, session_from_position(["R1 R2 R3"], ["B5 B6 B7 K9", "Y1 Y2 Y3"]))
        args = fake_notify_send(tmp_path / "bin")
        monkeypatch.setenv("PATH", str(args.parent))
        app.update_settings(desktop_notices=True)
        app.focused = False  # the window behind another: the desktop says it too
        bob_passes(bob, table_id)
        run_until(app, lambda: shown(watch))
        app.focused = True
        watch.last_notice.join(10)
        assert args.read_text().splitlines() == ["--app-name=Rummi Desktop", "--expire-time=10000", "--",
                                                 "Your move at Tumblewords", "vs Bob · 1 day left"]
        steps(app, 2)
        shot(app.screen, "local-table-toast")
        assert app.stack.top is local  # nothing was pushed over the game
        elsewhere = Action(ActionKind.PRESS, pos=(CARD.x - 40, CARD.bottom + 200))
        assert not watch.handle_action(elsewhere) and not watch.handle_action(Action(ActionKind.SHORTCUT, key="d"))
        later = next(b for b in watch.toast.widgets.widgets if b.label == "Later")
        click(app, button_centre(later))
        assert watch.toast is None and app.stack.top is local
        app.stack.pop()  # back to the menu, then Online: still signed in, on the same link
        steps(app, 2)
        online = next(b for b in app.stack.top.buttons if b.label == "Online")
        click(app, button_centre(online))
        lobby = app.stack.top
        assert isinstance(lobby, lobby_scene.OnlineScene) and lobby.link is watch.link
        assert lobby.account["name"] == "alice" and lobby.message == "Signed in as alice"
        run_until(app, lambda: any(row.table == table_id and row.yours_to_move for row in lobby.tabs.mine_list.rows))
        assert lobby.tabs.waiting.count == 1
    finally:
        bob.close()


def test_a_table_you_waited_at_that_starts_after_you_left_the_lobby_raises_the_toast(menu_lobby):
    app, scene = menu_lobby
    signed_in_by_clicks(app, scene)
    watch = app.layer_of(TurnWatch)
    scene.seating.create_table(lambda c: c.create_table("tumblewords", ["human", "human"], clock=async_days(2)))
    run_until(app, lambda: scene.seating.watching is not None)
    table_id = scene.seating.watching
    back = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Back")
    click(app, button_centre(back))  # the lobby stops watching the open table as it goes
    run_until(app, lambda: isinstance(app.stack.top, MenuScene))
    bob = other_player(scene.link.url, "Bob")
    try:
        bob.submit(lambda c: c.join_table(table=table_id)).result(20)  # full: it starts on Alice's move
        run_until(app, lambda: shown(watch))
        assert watch.toast.row.table == table_id and watch.toast.open_button.enabled
        assert not watch.link.holds_game(table_id) and isinstance(app.stack.top, MenuScene)
    finally:
        bob.close()


def test_a_table_the_lobby_opens_as_it_starts_raises_no_toast(menu_lobby):
    app, scene = menu_lobby
    signed_in_by_clicks(app, scene)
    watch = app.layer_of(TurnWatch)
    scene.seating.create_table(lambda c: c.create_table("tumblewords", ["human", "human"]))
    run_until(app, lambda: scene.seating.watching is not None)
    bob = other_player(scene.link.url, "Bob")
    try:
        bob.submit(lambda c: c.join_table(table=scene.seating.watching)).result(20)  # starts on Alice's move
        seen, frames_at_table = [], 0
        while frames_at_table < 90:  # until the table has been on top for a second and a half (the grace)
            steps(app, 1)
            time.sleep(0.003)
            seen.append(shown(watch))
            frames_at_table += isinstance(app.stack.top, TumblewordsTableScene)
            assert len(seen) < 3000, "the table never opened"
        assert not any(seen) and watch.toast is None
    finally:
        bob.close()


def test_without_notify_send_a_desktop_notice_says_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert not notifier_present() and desktop_notice("Your move at Rummi", "vs Bob") is None


def test_a_title_like_an_option_reaches_notify_send_as_words(tmp_path, monkeypatch):
    args = fake_notify_send(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(args.parent))
    desktop_notice("--help", "$(echo hi); rm -rf x").join(10)
    assert args.read_text().splitlines()[-2:] == ["--help", "$(echo hi); rm -rf x"]


def urgent_table(index: int, hours: float, mine: bool = True) -> dict:
    seats = [{"label": "human", "name": "Alice", "taken": True}, {"label": "human", "name": f"P{index}", "taken": True}]
    return {"table": f"t{index}", "game": "tumblewords", "status": "playing", "seats": seats, "current": 0 if mine else 1,
            "deadline": time.time() + hours * 3600, "invite": "ABC", "clock": {"kind": "async", "seconds": 2 * 86400}}


def test_the_lobby_badges_your_games_and_flags_one_about_to_time_out(lobby):
    app, scene = lobby
    scene.account = {"name": "Alice"}
    scene.tabs.my_tables = [urgent_table(1, 30), urgent_table(2, 5), urgent_table(3, 3, mine=False)]
    scene.tabs.fill(scene.account)
    assert (scene.tabs.waiting.count, scene.tabs.waiting.urgent) == (2, 1)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    shot(surface, "lobby-flagged-row")
    flagged, calm = scene.tabs.mine_list.buttons[0], scene.tabs.mine_list.buttons[1]
    assert flagged.row.urgent and flagged.row.detail.startswith("5 h") and not calm.row.urgent
    assert near(surface.get_at((flagged.rect.x + 20, flagged.rect.y + 17)), app.theme.invalid)  # its badge
    assert near(surface.get_at((calm.rect.x + 20, calm.rect.y + 17)), app.theme.accent)
    tab = scene.tabs.mine_tab.rect
    assert near(surface.get_at((tab.right - 15, tab.top + 2)), app.theme.invalid)  # the tab's count, urgent


def test_a_toast_for_a_game_about_to_time_out_says_its_time_in_the_warning_colour(lobby):
    app, _ = lobby
    row = TableRow("t1", "Rummi · vs Bob", "11 h 40 min left", True, urgent=True)
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((20, 60, 40))
    TurnToast(row, lambda _table: None, lambda: None).draw(surface, app.theme)
    shot(surface, "toast-urgent")
    detail = [surface.get_at((x, CARD.y + 72)) for x in range(CARD.x + 16, CARD.x + 200)]
    assert any(near(pixel, warning_ink(app.theme)) for pixel in detail)
    assert near(surface.get_at((CARD.x + 1, CARD.centery)), app.theme.invalid)  # its edge




class HeldLink:
    """A stand-in for the link, holding no game on screen (for the watch's own checks)."""

    status, client = "connected", None

    def holds_game(self, table_id: str) -> bool:
        return False


def test_a_your_move_without_a_listed_table_in_it_shows_nothing(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    watch = TurnWatch(app)
    watch.link, watch.account = HeldLink(), {"name": "Alice"}
    for bad in (None, "t1", {"table": 5}, {"table": "t1", "seats": []}, {"table": "t1", "game": "rummi", "seats": "x"},
                {"table": "t1", "game": "rummi", "seats": [None]}):
        watch._turn_came(bad)
    assert watch.toast is None and watch.tables == []
    good = urgent_table(1, 5)
    watch._turn_came(good)
    assert watch.toast is not None and watch.toast.row.urgent and watch.tables == [good]
    assert watch.waiting.count == 1 and watch.waiting.urgent == 1


def test_ctrl_o_opens_the_toasts_table_and_every_other_key_stays_the_screens(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    try:
        local = open_table(app, session_from_position(["R1 R2 R3"], ["B5 B6 B7 K9", "Y1 Y2 Y3"]))
        watch = app.add_layer(TurnWatch(app))
        opened: list[str] = []
        row = TableRow("t1", "Rummble · vs Bob", "1 day left", True)
        watch.toast = TurnToast(row, opened.append, watch.dismiss, grace=0)
        for plain in ("o", "tab", "d"):
            assert not watch.handle_action(Action(ActionKind.SHORTCUT, key=plain))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
        steps(app, 1)
        assert opened == ["t1"] and app.stack.top is local
        watch.toast = TurnToast(row, None, watch.dismiss, grace=0)  # another online table is on screen: no Open
        assert not watch.handle_action(Action(ActionKind.SHORTCUT, key="o", ctrl=True))
    finally:
        app.close()
