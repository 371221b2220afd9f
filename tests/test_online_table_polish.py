"""The online table as a player expects it (issue 21, item 16): an account name keeps the case
it was typed in; a person is never labelled "thinking…" (only a computer seat thinks); the
pause card says the game goes on, and its way out returns to the lobby, not the menu; the other
player's connection shows (online, or away since when), and their leaving is said."""

from __future__ import annotations


from rummi_desktop.games.rummi.table import marks_paint
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.seats import HUMAN, ONLINE_PERSON, SeatConfig, seat_thinks
from rummi_desktop.scenes.online.lobby_scene import OnlineScene
from rummi_desktop.scenes.table_overlays import PauseOverlay
from rummi_desktop.scenes.turn_machine import Phase
from test_online_lobby import other_player, run_until, signed_in_by_clicks
from test_rummi_flow_support import button_centre, click, key, steps


def join_carols_table(app, scene) -> RummiTableScene:
    """From the lobby, by clicks: the open tables' list, carol's table, and its table scene."""
    click(app, button_centre(scene.refresh_button))
    click(app, button_centre(scene.tabs.open_tab))
    run_until(app, lambda: any("carol" in b.label for b in scene.tabs.open_list.buttons))
    click(app, button_centre(next(b for b in scene.tabs.open_list.buttons if "carol" in b.label)))
    run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
    return app.stack.top


def test_only_a_computer_seat_thinks():
    assert seat_thinks(SeatConfig("hard", "Hard"))
    assert not seat_thinks(SeatConfig(HUMAN, "Ann")) and not seat_thinks(SeatConfig(ONLINE_PERSON, "bob"))


def test_an_online_game_keeps_the_name_as_typed_says_it_goes_on_and_leaves_to_the_lobby(lobby, monkeypatch):
    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    assert scene.account["name"] == "alice1" and scene.name_field.text == "alice1"
    carol = other_player(scene.link.url, "carol")
    try:
        carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)
        table = join_carols_table(app, scene)
        chips = []
        real = marks_paint.draw_seat_chip
        monkeypatch.setattr(marks_paint, "draw_seat_chip", lambda s, t, a, chip, p: (chips.append(chip), real(s, t, a, chip, p)))
        # The seat on turn as the table sees a remote person's turn (or a computer's): THINKING.
        monkeypatch.setattr(type(table), "phase", property(lambda self: Phase.THINKING))
        table.view.paint_cache = type(table.view.paint_cache)()  # the seat chips painted afresh, not cached
        table.view.draw(app.screen, table.controller.hand(), table.buttons)
        assert chips and not any(chip.thinking for chip in chips), "a person plays: never 'thinking…'"
        key(app, "escape")
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay) and "goes on" in pause.note
        steps(app, 1)
        leave = next(w for w in pause.widgets.widgets if getattr(w, "label", "") == "Back to the lobby")
        click(app, button_centre(leave))
        steps(app, 2)
        assert isinstance(app.stack.top, OnlineScene) and table not in app.stack.scenes
    finally:
        carol.close()


def test_the_other_players_connection_shows_under_the_chip_and_their_leaving_is_said(lobby, monkeypatch):
    from rummi_desktop.scenes import connection_chip

    app, scene = lobby
    signed_in_by_clicks(app, scene, "alice1")
    carol = other_player(scene.link.url, "carol")
    try:
        table_id = carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)["table"]
        table = join_carols_table(app, scene)
        drawn = []
        real = connection_chip.draw_people
        monkeypatch.setattr(connection_chip, "draw_people", lambda s, t, people, at=None: (drawn.append(list(people)), real(s, t, people, at)))
        carol.submit(lambda c: c.subscribe(table_id)).result(20)
        run_until(app, lambda: drawn and drawn[-1] and drawn[-1][0][1])
        assert drawn[-1] == [("carol", True, None)]
        carol.submit(lambda c: c.unsubscribe(table_id)).result(20)
        run_until(app, lambda: drawn[-1][0][1] is False)
        name, online, since = drawn[-1][0]
        assert name == "carol" and since is not None
        assert table.banner is not None and table.banner.message == "carol left the table"
        assert table.session.online_status()["online"]["others"] == [{"name": "carol", "online": False, "away_since": since}]
        carol.submit(lambda c: c.subscribe(table_id)).result(20)
        key(app, "escape")
        steps(app, 1)
        leave = next(w for w in app.stack.top.widgets.widgets if getattr(w, "label", "") == "Back to the lobby")
        click(app, button_centre(leave))
        steps(app, 2)
        seen = []
        # Leaving the table for the lobby unsubscribes: the other seat sees us away.
        run_until(app, lambda: seen.extend(m for m in carol.news() if m.get("type") == "presence")
                  or any(not m["seats"][1]["online"] for m in seen))
    finally:
        carol.close()
