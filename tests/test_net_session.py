"""The network-backed Rummi session through the real Rummi table, over real sockets on
127.0.0.1 with the embedded server (a subprocess): a move made by synthetic clicks reaches the
other client; the other client's move is shown at the table; a dropped socket resumes."""

from __future__ import annotations

import time

import pytest

import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.scenes.online_mode import OnlineMode  # noqa: E402
from rummi_desktop.net.link import CONNECTED, ClientLink  # noqa: E402
from rummi_desktop.games.rummi.table.network_session import NetworkRummiSession  # noqa: E402
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene  # noqa: E402
from rummi_desktop.scenes.turn_machine import Phase  # noqa: E402
from test_rummi_flow_support import button_centre, click, make_app, steps  # noqa: E402

PASSWORD = "correct horse battery"


def ask(link: ClientLink, request, timeout: float = 20):
    return link.submit(request).result(timeout)


def run_until(app, done, limit: int = 3000) -> None:
    """Frames until ``done()`` (each frame also waits a little for the network thread)."""
    for _ in range(limit):
        if done():
            return
        app.step(1 / 60)
        time.sleep(0.002)
    raise AssertionError("the table never got there")


def seated_pair(url: str, game: str = "rummi", options=None, clock=None):
    """Alice creates a private two-person table of ``game``, Bob joins it by its invite code;
    (alice, bob, table id, Alice's first game message, Bob's)."""
    alice, bob = ClientLink(url), ClientLink(url)
    alice.connect().result(20), bob.connect().result(20)
    ask(alice, lambda c: c.register("alice", PASSWORD))
    ask(bob, lambda c: c.register("bob", PASSWORD))
    table = ask(alice, lambda c: c.create_table(game, ["human", "human"], options=options or {}, clock=clock,
                                                visibility="private"))
    ask(bob, lambda c: c.join_table(invite=table["invite"]))
    first = ask(alice, lambda c: c.subscribe(table["table"]))
    bob_first = ask(bob, lambda c: c.subscribe(table["table"]))
    return alice, bob, table["table"], first, bob_first


def test_a_draw_clicked_at_the_real_table_reaches_the_other_client(server, tmp_path, monkeypatch):
    alice, bob, table_id, first, _ = seated_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummiSession.joined(alice, first)
    scene = RummiTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    try:
        steps(app, 3)
        if first["current"] != first["seat"]:  # Bob starts: he draws, Alice's table shows it
            rack_before = first["view"]["other_rack_sizes"][0]
            ask(bob, lambda c: c.move(table_id, "draw"))
            run_until(app, lambda: scene.phase == Phase.PERSON)
            assert session.play.version == first["version"] + 1
            assert len(scene.state.rack(1 - first["seat"])) == rack_before + 1
        version = session.play.version
        rack = list(scene.state.rack_tiles(first["seat"]))
        click(app, button_centre(scene.buttons.draw_tile))
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["version"] == version + 1 and seen["current"] == seen["seat"]
        assert seen["view"]["other_rack_sizes"] == [len(rack) + 1]
        run_until(app, lambda: session.play.in_flight is None and scene.phase == Phase.THINKING
                  and len(scene.state.rack(first["seat"])) == len(rack) + 1)
        shown = sorted(str(t) for t in scene.state.rack_tiles(first["seat"]))
        alice_view = alice.client.games[table_id]["view"]["rack"]
        assert shown == sorted(alice_view)  # the rack held is the server's seat view
        steps(app, 2)
        assert len(scene.view.rack_ids) == len(alice_view)  # and the rack painted shows every tile of it
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_a_dropped_socket_reconnects_and_resumes_at_the_version(server, tmp_path, monkeypatch):
    alice, bob, table_id, first, _ = seated_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummiSession.joined(alice, first)
    scene = RummiTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    try:
        steps(app, 3)
        alice.drop_connection()
        run_until(app, lambda: "Connection lost — reconnecting…" in scene.banner_log)
        mover = bob if first["current"] != first["seat"] else None
        if mover is not None:  # while Alice is away Bob moves; she resumes past his move
            ask(bob, lambda c: c.move(table_id, "draw"))
        run_until(app, lambda: alice.status == CONNECTED and "Connected to the server" in scene.banner_log)
        target = first["version"] + (1 if mover is not None else 0)
        run_until(app, lambda: session.play.version == target and scene.phase == Phase.PERSON)
        version = session.play.version
        click(app, button_centre(scene.buttons.draw_tile))
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["version"] == version + 1
    finally:
        app.stack.pop()
        alice.close(), bob.close()


class ScriptedLink:
    """A link whose requests fail as a dropped line fails them, and whose news is scripted."""

    status = CONNECTED

    def __init__(self) -> None:
        self.sent: list[tuple[str | None, int, int]] = []
        self.arrivals: list[dict] = []
        self.next_seq = 5

    def submit(self, request):
        from concurrent.futures import Future

        class Client:
            def next_seq(inner, table):
                return self.next_seq

            def move(inner, table, notation, version, seq):
                self.sent.append((notation, version, seq))
                self.next_seq = seq + 1

        request(Client())
        future = Future()
        future.set_exception(ConnectionError("the connection to the server closed"))
        return future

    def news(self):
        taken, self.arrivals = self.arrivals, []
        return taken


def game_at(version: int, last_seat: int | None = None, last_seq: int | None = None) -> dict:
    message = {"type": "game", "table": "t1", "seat": 0, "version": version, "status": "playing",
               "last": None if last_seat is None else {"seat": last_seat, "verbs": ["draw"], "actions": ["draw"]}}
    if last_seq is not None:
        message["last_seq"] = last_seq  # a resume: subscribe's answer
    return message


@pytest.mark.parametrize("made_it", [True, False])
def test_a_move_whose_answer_the_dropped_line_took_is_settled_by_the_resume(made_it):
    from rummi_desktop.scenes.network_play import NetworkPlay

    link = ScriptedLink()
    play = NetworkPlay(link, game_at(3))
    rebuilt: list[dict] = []
    play.send_move("draw")
    assert play.take_news(rebuilt.append) is None and play.refusal is None and play.sending
    assert link.sent == [("draw", 3, 5)]
    if made_it:  # the server has it: the resume is its echo
        link.arrivals = [game_at(4, last_seat=0, last_seq=5)]
        assert play.take_news(rebuilt.append) is None
        assert play.version == 4 and [m["version"] for m in rebuilt] == [4] and link.sent == [("draw", 3, 5)]
    else:  # it never arrived: the same move goes again against the same version
        link.arrivals = [game_at(3, last_seq=4)]
        assert play.take_news(rebuilt.append) is None
        assert link.sent == [("draw", 3, 5), ("draw", 3, 6)] and rebuilt == [] and play.refusal is None


def test_a_lost_move_the_server_made_before_others_moved_resumes_as_a_skip():
    from rummi_desktop.scenes.network_play import NetworkPlay

    link = ScriptedLink()
    play = NetworkPlay(link, game_at(3))
    rebuilt: list[dict] = []
    play.send_move("draw")
    play.take_news(rebuilt.append)
    link.arrivals = [game_at(5, last_seat=1, last_seq=5)]  # ours made v4, then the computer v5
    assert play.take_news(rebuilt.append) is None and rebuilt == []
    assert [m["version"] for m in play.waiting] == [5] and not play.follows(play.waiting[0])  # begun afresh
    assert not play.sending and play.refusal is None


def test_a_lost_move_the_game_moved_past_meanwhile_is_refused_in_plain_words():
    from rummi_desktop.scenes.network_play import NetworkPlay

    link = ScriptedLink()
    play = NetworkPlay(link, game_at(3))
    play.send_move("draw")
    play.take_news(lambda message: None)
    link.arrivals = [game_at(4, last_seat=1, last_seq=4)]  # the server's clock passed our turn
    assert play.take_news(lambda message: None) == "refused"
    assert "game moved on" in play.refusal and play.version == 4 and not play.sending


def test_a_draw_made_while_the_line_is_down_reaches_the_server_after_the_reconnect(server, tmp_path, monkeypatch):
    from rummi_desktop.net import link as link_module

    monkeypatch.setattr(link_module, "RETRY_PAUSES", (1.5,))  # away long enough to move meanwhile
    alice, bob, table_id, first, _ = seated_pair(server)
    if first["current"] != first["seat"]:
        ask(bob, lambda c: c.move(table_id, "draw"))
        first = ask(alice, lambda c: c.wait_game(table_id, after=first["version"]))
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummiSession.joined(alice, first)
    scene = RummiTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    try:
        run_until(app, lambda: scene.phase == Phase.PERSON)
        alice.drop_connection()
        run_until(app, lambda: "Connection lost — reconnecting…" in scene.banner_log)
        click(app, button_centre(scene.buttons.draw_tile))  # sent into the dropped line
        run_until(app, lambda: alice.status == CONNECTED and session.play.version == first["version"] + 1)
        seen = ask(bob, lambda c: c.wait_game(table_id, after=first["version"]))
        assert seen["version"] == first["version"] + 1 and seen["last"]["seat"] == first["seat"]
        assert not any("refused" in line for line in scene.banner_log)
    finally:
        app.stack.pop()
        alice.close(), bob.close()
