"""The chat panel on a server game's table (issue 24, item 3), the same on all three games'
online tables: by synthetic clicks and keys over a real hosted server, a quick phrase and a
typed line reach the other player and their lines show; a mute hides them and is remembered;
and a hostile name and message never leave the panel (drawn on an off-screen surface)."""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest

from rummi_desktop.records.chat_text import CHAT_CHARS
from rummi_desktop.scenes.chat_panel import ChatPanel
from rummi_desktop.scenes.online_mode import OnlineMode
from rummi_desktop.shell.input import Action, ActionKind
from rummi_desktop.storage.chat_mutes import load_mutes
from rummi_desktop.ui.theme import fallback_theme
from test_online_lobby import other_player, run_until, signed_in_by_clicks
from test_rummi_flow_support import button_centre, click, key, steps, type_text

SHOTS = Path("/tmp/shots/social")
WIDE_NAME = "漢字" * 10  # 20 wide glyphs
HOSTILE = "\u202e" + "Ｗ" * CHAT_CHARS  # an override, then one unbroken word of wide letters


def save_both_sizes(surface: pygame.Surface, name: str) -> None:
    """The logical canvas as a 1280×800 window shows it, and as an 800×600 window (letterboxed)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, SHOTS / f"{name}_1280x800.png")
    small = pygame.Surface((800, 600))
    small.blit(pygame.transform.smoothscale(surface, (800, 500)), (0, 50))
    pygame.image.save(small, SHOTS / f"{name}_800x600.png")


def online_table_of(app, scene, carol, game: str):
    table_id = carol.submit(lambda c: c.create_table(game, ["human", "human"])).result(20)["table"]
    return online_table_of_existing(app, scene, carol, table_id)


def online_table_of_existing(app, scene, carol, table_id: str):
    """Alice joins Carol's open table from the lobby by clicks; Carol then watches it."""
    click(app, button_centre(scene.refresh_button))
    click(app, button_centre(scene.tabs.open_tab))
    run_until(app, lambda: any("carol" in b.label for b in scene.tabs.open_list.buttons))
    click(app, button_centre(next(b for b in scene.tabs.open_list.buttons if "carol" in b.label)))
    run_until(app, lambda: isinstance(getattr(app.stack.top, "mode", None), OnlineMode))
    carol.submit(lambda c: c.subscribe(table_id)).result(20)
    return app.stack.top, table_id


def in_log_corner(table, panel) -> None:
    """Rummble's Chat button sits in the bottom right of the turn log as it is laid out now."""
    log, button = table.view.log_area(), panel.toggle.rect
    assert log.contains(button.x, button.y) and log.contains(button.right - 1, button.bottom - 1)
    assert button.bottom >= log.bottom - 16 and button.right >= log.right - 16


def carol_heard(carol) -> list[str]:
    """The chat lines pushed to Carol so far."""
    return [m["line"]["text"] for m in carol.news() if m.get("type") == "chat"]


@pytest.mark.parametrize("game", ["rummi", "rummble", "tumblewords"])
def test_chat_on_each_games_online_table_by_clicks_and_keys(lobby, game):
    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    carol = other_player(scene.link.url, "carol")
    try:
        table, table_id = online_table_of(app, scene, carol, game)
        run_until(app, lambda: table.mode.chat is not None)
        panel = table.mode.chat
        carol.submit(lambda c: c.request("chat_send", table=table_id, text="hello there")).result(20)
        run_until(app, lambda: panel.unread == 1)
        assert panel.toggle.label == "Chat (1)"
        click(app, button_centre(panel.toggle))
        assert panel.opened and panel.unread == 0
        click(app, button_centre(panel.phrases[5]))  # "Well played"
        click(app, button_centre(panel.field))
        type_text(app, "nice one")
        key(app, "return")
        run_until(app, lambda: len(panel.lines) == 3)
        heard = []
        run_until(app, lambda: heard.extend(carol_heard(carol)) or len(heard) == 2)
        assert heard == ["Well played", "nice one"]
        assert [line.text for line in panel.lines] == ["hello there", "Well played", "nice one"]
        assert table.status()["chat"]["open"]
        steps(app, 2)
        app.screen.fill((0, 0, 0))
        table.draw(app.screen)
        save_both_sizes(app.screen, f"{game}_online_chat")
        mute = panel.mutes[0]
        assert mute.label == "Mute carol"
        click(app, button_centre(mute))
        assert mute.label == "Unmute carol" and [line.text for line in panel.visible_lines()] == [
            "Well played", "nice one"]
        assert load_mutes(scene.link.url) == {"carol"}  # remembered on this computer
        assert app.text_input  # the open panel has a line to type: SDL's typed text arrives

        key(app, "escape")  # Esc closes the panel (the table's pause card stays shut)
        assert not panel.opened and app.stack.top is table and not app.text_input
        key(app, "tab")  # the closed panel leaves the focus keys to the table
        assert panel.widgets.focused is None and table.buttons.group.focused is not None
        key(app, "m")  # M opens it with the line ready to type
        assert panel.opened and panel.field.editing and app.text_input
        type_text(app, "by keys")
        key(app, "return")
        run_until(app, lambda: heard.extend(carol_heard(carol)) or "by keys" in heard)
        key(app, "escape")  # stops typing, then closes
        key(app, "escape")
        assert not panel.opened and app.stack.top is table
        if game == "rummble":
            in_log_corner(table, panel)  # clear of the chip's rows of people and the log's lines
            key(app, "t")  # the tracker opens (or closes): the log's foot moves, and the button with it
            steps(app, 2)
            in_log_corner(table, panel)
    finally:
        carol.close()


def test_the_closed_panel_leaves_the_keys_to_the_table_and_the_open_one_keeps_them():
    pygame.font.init()
    sent: list[dict] = []

    def send(fields):
        sent.append(fields)
        return Future()  # never answered: the line stays a draft sent

    panel = ChatPanel((1100, 121), send, ["bob"], set(), lambda muted: None)
    shortcut = lambda name: Action(ActionKind.SHORTCUT, key=name)  # noqa: E731
    for action in (shortcut("tab"), shortcut("down"), shortcut("up"), shortcut("left"), shortcut("c"),
                   Action(ActionKind.CONFIRM, key="return"), Action(ActionKind.BACK)):
        assert not panel.handle_action(action), action  # the table's: its focus, its arrows, Enter, Esc
    assert panel.toggle.shortcut == "m" and panel.handle_action(shortcut("m"))
    assert panel.opened and panel.field.editing
    panel.handle_action(Action(ActionKind.TEXT, text="hi"))
    assert panel.handle_action(Action(ActionKind.CONFIRM, key="return")) and sent == [{"text": "hi"}]
    assert panel.handle_action(Action(ActionKind.BACK)) and panel.opened and not panel.field.editing
    assert panel.handle_action(shortcut("tab")) and panel.widgets.focused is panel.toggle  # round the panel
    assert panel.handle_action(shortcut("down")) and panel.widgets.focused is panel.phrases[0]
    assert panel.handle_action(Action(ActionKind.BACK)) and not panel.opened
    assert panel.widgets.focused is None  # Enter is the table's again
    assert not panel.handle_action(shortcut("tab"))


def test_a_hostile_name_and_message_stay_inside_the_panel():
    pygame.font.init()
    theme = fallback_theme()
    sent: list[dict] = []

    def send(fields):
        sent.append(fields)
        future = Future()
        future.set_result({"line": {"name": "me", "text": "x", "move": 0}})
        return future

    panel = ChatPanel((1100, 121), send, [WIDE_NAME], set(), lambda muted: None)
    panel.take({"name": WIDE_NAME + "\u202e", "text": HOSTILE, "move": 3})
    panel.take({"name": "bob", "text": "short words " * 10, "move": 4})
    panel.flip()
    surface = pygame.Surface((1280, 800))
    background = (7, 9, 11)
    surface.fill(background)
    panel.draw(surface, theme)
    save_both_sizes(surface, "hostile_chat_panel")
    outside = pygame.mask.from_threshold(surface, background, (1, 1, 1, 255))
    outside.invert()  # every pixel drawn on
    drawn = outside.get_bounding_rects()
    box = panel.panel.union(panel.toggle.rect).inflate(12, 12)  # the buttons' shadows
    assert drawn and all(box.contains(rect) for rect in drawn), "something was drawn outside the panel"
    assert "\u202e" not in panel.lines[0].name + panel.lines[0].text
    from rummi_desktop.ui import shapes
    from rummi_desktop.ui.text_wrap import wrapped_lines

    rows = wrapped_lines(panel.lines[0].text, 17, 200)
    assert len(rows) > 1 and "".join(rows) == panel.lines[0].text  # broken inside the word, nothing lost
    assert all(shapes.text(row, 17, (255, 255, 255)).get_width() <= 200 for row in rows)
    assert panel.mutes[0].label.startswith("Mute ") and len(panel.mutes[0].label) <= len("Unmute ") + 9


def test_the_stored_lines_come_when_the_panel_first_opens_and_join_those_pushed_meanwhile(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    carol = other_player(scene.link.url, "carol")
    try:
        table_id = carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)["table"]
        carol.submit(lambda c: c.request("chat_send", table=table_id, text="said before you came")).result(20)
        table, _ = online_table_of_existing(app, scene, carol, table_id)
        run_until(app, lambda: table.mode.chat is not None)
        panel = table.mode.chat
        carol.submit(lambda c: c.request("chat_send", table=table_id, phrase=3)).result(20)
        run_until(app, lambda: panel.unread == 1)
        assert [line.text for line in panel.lines] == ["Thanks"]
        click(app, button_centre(panel.toggle))
        run_until(app, lambda: len(panel.lines) == 2)
        assert [line.text for line in panel.lines] == ["said before you came", "Thanks"]
    finally:
        carol.close()


def test_a_200_character_line_reads_whole_and_page_up_goes_back_through_the_earlier_lines():
    pygame.font.init()
    panel = ChatPanel((1100, 121), lambda fields: Future(), ["bob"], set(), lambda muted: None)
    long = " ".join(["words"] * 33)[:CHAT_CHARS]  # 200 characters
    panel.take({"name": "bob", "text": long, "move": 1})
    panel.flip()
    rows = panel.rows_in_view()
    assert " ".join(words for _name, words, _note in rows) == long  # every word, no "…"
    for index in range(12):
        panel.take({"name": "bob", "text": f"line {index}", "move": 2})
    assert panel.rows_in_view()[-1][1] == "line 11"
    page_up = Action(ActionKind.SHORTCUT, key="page up")
    assert panel.handle_action(page_up) and panel.rows_in_view()[-1][1] != "line 11"
    for _ in range(20):
        panel.handle_action(page_up)
    assert panel.rows_in_view()[0] == rows[0]  # held at the oldest row: the long line's first, with its name
    assert panel.handle_action(Action(ActionKind.SHORTCUT, key="page down"))
    panel.handle_action(Action(ActionKind.HOVER, pos=panel.lines_area.center))
    for _ in range(20):
        panel.handle_action(Action(ActionKind.SCROLL, amount=-1))  # the wheel towards you: newer
    assert panel.back_rows == 0 and panel.rows_in_view()[-1][1] == "line 11"
    assert panel.handle_action(Action(ActionKind.SCROLL, amount=1)) and panel.back_rows == 3
