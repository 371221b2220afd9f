"""Resign online, over real sockets on 127.0.0.1 with the embedded server (a subprocess), for
every game: Alice resigns at her real table through the pause card; the server applies the
``resign`` move through the game's model and ends the table; her window shows the results, and
Bob's game message (what his window opens from) says the table is over, Alice resigned and he
won. And when Bob resigns, Alice's window shows it and her win."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

import websockets  # noqa: F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.games.rummble.table.network_session import NetworkRummbleSession
from rummi_desktop.games.rummble.table.results import GameOverScene as RummbleOver
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.games.rummi.table.network_session import NetworkRummiSession
from rummi_desktop.games.rummi.table.results import RoundEndScene
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.games.tumblewords.table.network_session import NetworkTumblewordsSession
from rummi_desktop.games.tumblewords.table.online_table import TumblewordsOnline
from rummi_desktop.games.tumblewords.table.results import GameOverScene as TumblewordsOver
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.scenes.online_mode import OnlineMode
from rummi_desktop.scenes.turn_machine import Phase
from test_net_session import ask, run_until, seated_pair
from test_resign_flow import ask_to_resign
from test_rummi_flow_support import click, make_app, steps

# game: (its network session, its table, the table's online mode, its results card, Bob's opening move)
ONLINE = {
    "rummi": (NetworkRummiSession, RummiTableScene, OnlineMode, RoundEndScene, "draw"),
    "rummble": (NetworkRummbleSession, RummbleTableScene, OnlineMode, RummbleOver, "pass"),
    "tumblewords": (NetworkTumblewordsSession, TumblewordsTableScene, TumblewordsOnline, TumblewordsOver, "pass"),
}


@dataclass
class AliceAtHerTable:
    """Alice's real window at a seated two-person table, Bob a bare client."""

    app: Any
    scene: Any
    session: Any
    alice: Any
    bob: Any
    table_id: str
    first: dict


@contextmanager
def alice_at_her_table(server, tmp_path, monkeypatch, game: str):
    session_type, table_type, mode, _results, _ = ONLINE[game]
    alice, bob, table_id, first, _ = seated_pair(server, game)
    app = make_app(tmp_path, monkeypatch, "instant")
    session = session_type.joined(alice, first)
    scene = table_type(app, session, mode=mode())
    app.stack.push(scene)
    try:
        steps(app, 3)
        yield AliceAtHerTable(app, scene, session, alice, bob, table_id, first)
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        alice.close(), bob.close()


@pytest.mark.parametrize("game", sorted(ONLINE))
def test_a_resign_ends_the_table_for_both_seats(server, tmp_path, monkeypatch, game):
    session_type, _table, _mode, results, bobs_move = ONLINE[game]
    with alice_at_her_table(server, tmp_path, monkeypatch, game) as at:
        app, scene, session, bob, table_id, first = at.app, at.scene, at.session, at.bob, at.table_id, at.first
        if first["current"] != first["seat"]:  # Bob starts: his move first, then Alice's turn
            ask(bob, lambda c: c.move(table_id, bobs_move, first["version"]))
        run_until(app, lambda: scene.phase == Phase.PERSON)
        version = session.play.version
        click(app, ask_to_resign(app, scene).confirm_button.rect.center)
        run_until(app, lambda: isinstance(app.stack.top, results) and session.play.version > version)
        alice_seat, bob_seat = first["seat"], 1 - first["seat"]
        assert session.finished_state.winners() == (bob_seat,)
        assert session.finished_state.result.resigned == alice_seat
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["status"] == "over" and seen["last"]["actions"] == ["resign"]
        assert seen["result"]["resigned"] == alice_seat and seen["result"]["winners"] == [bob_seat]
        bobs = session_type.joined(bob, seen)  # Bob's window, opened on the finished table
        assert not bobs.in_round and bobs.state.winners() == (bob_seat,)
        assert bobs.state.result.resigned == alice_seat  # his results card says Alice resigned


@pytest.mark.parametrize("game", sorted(ONLINE))
def test_the_other_seats_resign_reaches_the_results_of_our_window(server, tmp_path, monkeypatch, game):
    results = ONLINE[game][3]
    with alice_at_her_table(server, tmp_path, monkeypatch, game) as at:
        app, scene, session, bob, table_id, first = at.app, at.scene, at.session, at.bob, at.table_id, at.first
        alice_seat, bob_seat = first["seat"], 1 - first["seat"]
        mine = ask(bob, lambda c: c.wait_game(table_id, until=lambda g: g["current"] == g["seat"])) \
            if first["current"] == bob_seat else None
        if mine is None:  # Alice starts: she passes (asked first), then Bob is on turn
            run_until(app, lambda: scene.phase == Phase.PERSON)
            _pass(app, scene, game)
            mine = ask(bob, lambda c: c.wait_game(table_id, until=lambda g: g["current"] == g["seat"]))
        ask(bob, lambda c: c.move(table_id, "resign", mine["version"]))
        run_until(app, lambda: isinstance(app.stack.top, results))
        state = session.finished_state
        assert state.winners() == (alice_seat,) and state.result.resigned == bob_seat
        assert any(line.endswith("resigns") for line in scene.banner_log), scene.banner_log


def _pass(app, scene, game: str) -> None:
    """Alice's turn ends with nothing laid: Rummi's Draw, the others' Pass (confirmed)."""
    if game == "rummi":
        click(app, scene.buttons.draw_tile.rect.center)
        return
    click(app, scene.buttons.pass_turn.rect.center)
    click(app, app.stack.top.confirm_button.rect.center)
