"""The lobby's Friends tab (issue 24, item 4) by synthetic clicks and keys over a real hosted
server: add a friend by name, see them online once they add you back, invite them to your
waiting table, and take up (Accept) or turn down (Decline) their invitations, one pushed while
the lobby is open."""

from __future__ import annotations

from pathlib import Path

import time

from rummi_desktop.scenes.online_mode import OnlineMode
from test_online_chat_panel import save_both_sizes
from test_online_lobby import other_player, run_until, signed_in_by_clicks, type_into
from test_rummi_flow_support import button_centre, click

SHOTS = Path("/tmp/shots/social")


def pushed_to(link, kind: str) -> dict:
    """The first message of ``kind`` the link receives (waiting for it a few seconds at most)."""
    for _ in range(1000):
        found = [message for message in link.news() if message.get("type") == kind]
        if found:
            return found[0]
        time.sleep(0.005)
    raise AssertionError(f"no {kind} message came")


def row_button(tab, words: str, label: str):
    """The button ``label`` on the Friends tab's row that reads ``words``."""
    first = tab.page * tab.per_page
    shown = tab.rows[first:first + tab.per_page]
    index = next(i for i, row in enumerate(shown) if words in row.words)
    rect = tab._rows_rects()[index]
    return next(b for b in tab.buttons if b.label == label and rect.colliderect(b.rect))


def test_add_a_friend_invite_them_and_take_up_their_invitation(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    bob = other_player(scene.link.url, "bobby")
    try:
        tab = scene.tabs.friends
        click(app, button_centre(scene.tabs.friends_tab))
        assert tab.shown and not scene.tabs.mine_list.shown
        type_into(app, tab.field, "bobby")
        click(app, button_centre(tab.add_button))
        run_until(app, lambda: any("not added you back" in row.words for row in tab.rows))
        bob.submit(lambda c: c.request("friend_add", name="alice1")).result(20)
        mine = scene.link.submit(lambda c: c.create_table("rummi", ["human", "human"], visibility="private")).result(20)
        click(app, button_centre(scene.refresh_button))
        run_until(app, lambda: any(row.words == "bobby · online" for row in tab.rows))
        click(app, button_centre(row_button(tab, "bobby · online", "Invite")))
        run_until(app, lambda: scene.message == "Invited bobby to your table")
        assert pushed_to(bob, "invited")["invitation"]["table"] == mine["table"]

        theirs = bob.submit(lambda c: c.create_table("rummble", ["human", "human"], visibility="private")).result(20)
        other = bob.submit(lambda c: c.create_table("tumblewords", ["human", "human", "human"])).result(20)
        for table in (theirs, other):
            bob.submit(lambda c, t=table: c.request("invite", table=t["table"], name="alice1")).result(20)
        run_until(app, lambda: len(tab.invitations) == 2)
        assert scene.message.startswith("bobby invites you to a") and scene.tabs.friends_tab.label == "Friends · 2"
        app.screen.fill((0, 0, 0))
        scene.draw(app.screen)
        save_both_sizes(app.screen, "lobby_friends_tab")
        click(app, button_centre(row_button(tab, "Tumblewords", "Decline")))
        run_until(app, lambda: scene.message == "Invitation declined")
        assert [i["table"] for i in tab.invitations] == [theirs["table"]]
        click(app, button_centre(row_button(tab, "Rummble", "Accept")))
        run_until(app, lambda: isinstance(getattr(app.stack.top, "mode", None), OnlineMode))
        assert app.stack.top.session.play.table_id == theirs["table"]
    finally:
        bob.close()


def test_the_friends_tab_asks_for_a_name_and_for_a_waiting_table(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    bob = other_player(scene.link.url, "bobby")
    try:
        tab = scene.tabs.friends
        click(app, button_centre(scene.tabs.friends_tab))
        click(app, button_centre(tab.add_button))
        assert scene.message == "Type a player's name first"
        bob.submit(lambda c: c.request("friend_add", name="alice1")).result(20)
        click(app, button_centre(scene.refresh_button))
        run_until(app, lambda: any(row.words == "bobby added you" for row in tab.rows))
        click(app, button_centre(row_button(tab, "bobby added you", "Add back")))
        run_until(app, lambda: any(row.words == "bobby · online" for row in tab.rows))
        click(app, button_centre(row_button(tab, "bobby · online", "Invite")))
        assert scene.message.startswith("Make a table first")
        click(app, button_centre(row_button(tab, "bobby · online", "Remove")))
        run_until(app, lambda: any(row.words == "bobby added you" for row in tab.rows))
    finally:
        bob.close()


def test_a_long_name_is_cut_but_what_the_row_says_of_it_stays_and_tab_goes_along_each_row():
    import pygame

    from rummi_desktop.scenes.online.friends_tab import FriendsTab, row_words
    from rummi_desktop.ui import shapes
    from rummi_desktop.ui.widget_group import WidgetGroup

    pygame.font.init()
    group = WidgetGroup()
    tab = FriendsTab(group, pygame.Rect(660, 306, 540, 384), lambda *a: None, lambda *a: None, lambda t: None, lambda: None)
    long = "W" * 24
    tab.take_friends({"type": "friends", "friends": [{"name": long, "online": True}], "asking": [long],
                      "asked": [], "blocked": []})
    tab.take_invites({"invitations": [{"table": "t1", "from": long, "game": "tumblewords", "free_seats": 1}]})
    tab.show(True)
    room = 300
    shown = [row_words(row, room) for row in tab.rows]
    assert [words.split("…", 1)[1] for words in shown] == [" invites you · Tumblewords", " · online", " added you"]
    assert all(shapes.text(words, 18, (255, 255, 255), bold=row.urgent).get_width() <= room + 2
               for words, row in zip(shown, tab.rows))
    assert row_words(tab.rows[1], 2000) == long + " · online"  # room enough: nothing cut
    for rect in tab._rows_rects()[:len(tab.rows)]:
        in_row = [button for button in tab.buttons if rect.colliderect(button.rect)]
        order = [group.widgets.index(button) for button in in_row]
        assert [b.label for b in sorted(in_row, key=lambda b: b.rect.x)] == [group.widgets[i].label for i in sorted(order)]
