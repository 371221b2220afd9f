"""The Online screen driven by synthetic clicks and keys: host a server on this computer
(the real subprocess), register, make a private table that another client joins by its invite
code (the table opens on both sides), and join a public table from the lobby's list."""

from __future__ import annotations

import time

import pygame
import pytest

pytest.importorskip("websockets")

from rummi_desktop.net.link import ClientLink  # noqa: E402
from rummi_desktop.scenes.online import lobby_scene  # noqa: E402
from rummi_desktop.scenes.online.lobby_scene import OnlineScene  # noqa: E402
from rummi_desktop.scenes.rummi.table_scene import RummiTableScene  # noqa: E402
from test_rummi_flow_support import button_centre, click, make_app, steps  # noqa: E402

PASSWORD = "correcthorse42"  # Space is a confirming key: it ends the edit


def run_until(app, done, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(1 / 60)
        time.sleep(0.003)
    raise AssertionError("the screen never got there")


def type_into(app, field, text: str) -> None:
    click(app, field.rect.center)
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(letter), mod=0, unicode=letter,
                                             scancode=0))
        steps(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    steps(app, 1)


@pytest.fixture
def lobby(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, "instant")
    scene = OnlineScene(app)
    app.stack.push(scene)
    steps(app, 2)
    yield app, scene
    for _ in range(3):  # the table, if one opened; then the lobby closes its link
        if app.stack.top is not None:
            app.stack.pop()
            steps(app, 1)
    while lobby_scene._hosted:
        lobby_scene._hosted.pop().stop()


def signed_in_by_clicks(app, scene: OnlineScene) -> None:
    click(app, button_centre(scene.host_button))
    run_until(app, lambda: scene.sign_in_button.enabled)
    type_into(app, scene.name_field, "alice")
    password_field = next(w for w in scene.widgets.widgets if getattr(w, "secret", False))
    type_into(app, password_field, PASSWORD)
    click(app, button_centre(scene.register_button))
    run_until(app, lambda: scene.account is not None and scene.create_button.enabled)


def other_player(url: str, name: str) -> ClientLink:
    link = ClientLink(url)
    link.connect().result(20)
    link.submit(lambda c: c.register(name, PASSWORD)).result(20)
    return link


def test_host_register_create_private_and_a_friend_joins_by_code(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    assert scene.account["name"] == "Alice" and scene.link.url == lobby_scene._hosted[0].url
    table_picker = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Table")
    click(app, table_picker.arrow_rects()[1].center)  # Private (invite code)
    click(app, button_centre(scene.create_button))
    run_until(app, lambda: scene.watching is not None)
    assert scene.invite and scene.invite in scene.message
    bob = other_player(scene.link.url, "bob")
    try:
        bob.submit(lambda c: c.join_table(invite=scene.invite)).result(20)
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        table = app.stack.top
        bob_view = bob.submit(lambda c: c.subscribe(scene.watching or table.session.play.table_id)).result(20)
        assert bob_view["version"] == table.session.play.version
        assert bob_view["view"]["other_rack_sizes"] == [len(table.state.rack(table.session.play.seat))]
    finally:
        bob.close()


def test_join_a_public_table_from_the_list(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    carol = other_player(scene.link.url, "carol")
    try:
        made = carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)
        click(app, button_centre(scene.refresh_button))
        run_until(app, lambda: any(made["table"] and "Carol" in b.label or "carol" in b.label
                                   for b in scene.list_buttons))
        button = next(b for b in scene.list_buttons if "arol" in b.label)
        click(app, button_centre(button))
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        assert app.stack.top.session.play.table_id == made["table"]
    finally:
        carol.close()



def test_a_tumblewords_table_with_its_rules_opens_the_tumblewords_table(lobby):
    from rummi_desktop.scenes.tumblewords.online_table import OnlineTumblewordsTable

    app, scene = lobby
    signed_in_by_clicks(app, scene)
    for _ in range(len(scene.game_picker.options)):
        if scene.game != "tumblewords":
            click(app, scene.game_picker.arrow_rects()[1].center)
    assert scene.game == "tumblewords" and scene.rules_picker.value_text == "8 × 8 · Auto score"
    click(app, scene.rules_picker.arrow_rects()[1].center)  # 7 × 6 · Auto score
    table_picker = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Table")
    click(app, table_picker.arrow_rects()[1].center)  # Private (invite code)
    click(app, button_centre(scene.create_button))
    run_until(app, lambda: scene.watching is not None)
    bob = other_player(scene.link.url, "bob")
    try:
        bob.submit(lambda c: c.join_table(invite=scene.invite)).result(20)
        run_until(app, lambda: isinstance(app.stack.top, OnlineTumblewordsTable))
        table = app.stack.top
        assert (table.state.params.columns, table.state.params.rows) == (7, 6) and not table.state.params.claim
        bob_view = bob.submit(lambda c: c.subscribe(table.session.play.table_id)).result(20)
        assert bob_view["view"]["options"]["board"] == "quick"
        assert bob_view["view"]["other_hand_sizes"] == [len(table.state.hand(table.session.play.seat))]
    finally:
        bob.close()
