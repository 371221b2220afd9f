"""Rummble online through the real Rummble table, over real sockets on 127.0.0.1 with the
embedded server (a subprocess): Alice plays at the table by synthetic drags and clicks, Bob is a
bare client. Her play and her exchange reach Bob and the server's stored game (the tiles she
draws come with the echo); Bob's play and exchange are shown at her table (tiles, points, the
log; an exchange as a count); a refused play sends nothing; a whole game reaches the results; a
dropped socket resumes at the version, and past two moves begins her turn afresh; the lobby
opens a Rummble table at Rummble's own table."""

from __future__ import annotations

import asyncio
import random
from itertools import combinations

import pytest

import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.scenes.online_mode import OnlineMode  # noqa: E402
from rummi_desktop.games.rummble.rules.moves import Exchange, Play  # noqa: E402
from rummi_desktop.net.bots import choose  # noqa: E402
from rummi_desktop.net.link import CONNECTED, ClientLink  # noqa: E402
from rummi_desktop.net.store_sqlite import SqliteStore  # noqa: E402
from rummi_desktop.games.rummble.table.network_session import NetworkRummbleSession  # noqa: E402
from rummi_desktop.games.rummble.table.results import GameOverScene  # noqa: E402
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene  # noqa: E402
from rummi_desktop.games.rummble.table.online_state import state_from_view  # noqa: E402
from rummi_desktop.scenes.turn_machine import Phase  # noqa: E402
from test_net_session import PASSWORD, ask, run_until, seated_pair  # noqa: E402
from test_rummble_scene_support import click, key, make_app, pass_turn, place, stand_in_choose_move, steps  # noqa: E402


def rummble_pair(url: str):
    """Alice creates a private two-person Rummble table, Bob joins it by its invite code."""
    return seated_pair(url, "rummble")[:4]


def stored(database, table_id):
    async def read():
        store = SqliteStore(database)
        try:
            return await store.tables.get(table_id), await store.tables.moves_since(table_id, 0)
        finally:
            await store.close()
    return asyncio.run(read())


def opening_pair(state, seat: int) -> tuple[str, str]:
    """Two of ``seat``'s tiles the model lets cover the star (on 6,6 and 6,7): ten tiles always hold
    a pair of equal or neighbouring numbers."""
    rack = [tile.notation() for tile in state.rack_tiles(seat) if not tile.is_joker]
    for first, second in combinations(rack, 2):
        if state.check(Play.of((6, 6, first), (6, 7, second))).legal:
            return first, second
    raise AssertionError(f"no opening pair in {rack}")


def bob_play(bob: ClientLink, table_id: str) -> str:
    """A play for Bob from his own view (checked by the rules model), sent; its notation."""
    message = bob.client.games[table_id]
    state = state_from_view(message)
    if state.board.count:
        move = stand_in_choose_move(message["view"], "easy")
        if not isinstance(move, Play):  # no single tile fits: the medium computer looks wider
            move = Play.parse(choose(message, "medium", random.Random(message["version"])))
        assert isinstance(move, Play), "Bob has no play"
    else:
        first, second = opening_pair(state, message["seat"])
        move = Play.of((6, 6, first), (6, 7, second))
    ask(bob, lambda c: c.move(table_id, move.notation()))
    return move.notation()


def bob_sends(bob: ClientLink, table_id: str, notation: str) -> None:
    ask(bob, lambda c: c.move(table_id, notation))


def bob_holds(bob: ClientLink, version: int) -> None:
    """Bob's link has the table at ``version`` (his move is made against it)."""
    table_id = next(iter(bob.client.games))
    ask(bob, lambda c: c.wait_game(table_id, after=version - 1))


def alice_done(app, scene, session, version: int) -> None:
    """Alice's move's echo is in (the table at ``version``) and Bob is on turn."""
    run_until(app, lambda: session.play.version == version and scene.phase == Phase.THINKING)


@pytest.fixture
def table(server, tmp_path, monkeypatch):
    """Alice's real Rummble table over a network session, Bob's bare link, the database."""
    alice, bob, table_id, first = rummble_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummbleSession.joined(alice, first)
    scene = RummbleTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    steps(app, 3)
    try:
        yield app, scene, session, alice, bob, table_id
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        alice.close(), bob.close()


def alice_to_move(app, scene, session, bob, table_id) -> None:
    """If Bob starts, he passes; then it is Alice's turn at her table."""
    if session.state.current != session.play.seat:
        bob_holds(bob, session.play.version)
        bob_sends(bob, table_id, "pass")
    run_until(app, lambda: scene.phase == Phase.PERSON)


def alice_plays_pair(app, scene, session) -> tuple[str, str]:
    first, second = opening_pair(session.state, session.play.seat)
    place(app, scene, first, 6, 6)
    place(app, scene, second, 6, 7)
    click(app, scene.buttons.play.rect.center)
    return first, second


def test_a_play_clicked_at_the_table_reaches_the_other_client_and_the_stored_game(table, tmp_path, monkeypatch):
    app, scene, session, alice, bob, table_id = table
    alice_to_move(app, scene, session, bob, table_id)
    version, seat = session.play.version, session.play.seat
    sent = []
    send_own = session.send_own
    monkeypatch.setattr(session, "send_own", lambda notation: (sent.append((notation, len(session.state.rack(seat)))),
                                                               send_own(notation)))
    first, second = alice_plays_pair(app, scene, session)
    notation = Play.of((6, 6, first), (6, 7, second)).notation()
    assert sent == [(notation, 8)]  # sent once, the refill's stand-ins back in the pool
    points = scene.state.scores()[seat]
    assert points > 0
    seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
    assert seen["version"] == version + 1
    assert sorted(text for _, _, text in seen["view"]["board"]) == sorted([first, second])
    assert seen["view"]["scores"][seat] == points and seen["view"]["other_rack_sizes"] == [10]
    record, moves = stored(tmp_path / "server.sqlite3", table_id)
    assert record.version == version + 1 and moves[-1].seat == seat
    assert moves[-1].actions == [notation]
    # the echo brings the real refill: the rack shown is the server's view of it
    run_until(app, lambda: len(scene.view.rack_ids) == 10 and session.play.version == version + 1)
    shown = sorted(scene.state.faces[t].notation() for t in scene.view.rack_ids)
    assert shown == sorted(alice.client.games[table_id]["view"]["rack"])


def test_the_other_clients_play_is_shown_with_its_points_and_log_line(table):
    app, scene, session, alice, bob, table_id = table
    if session.state.current == session.play.seat:  # Alice starts: she plays, then it is Bob's turn
        version = session.play.version
        alice_plays_pair(app, scene, session)
        alice_done(app, scene, session, version + 1)
    bob_holds(bob, session.play.version)
    bob_seat = 1 - session.play.seat
    before = bob.client.games[table_id]["view"]["scores"][bob_seat]
    notation = bob_play(bob, table_id)
    run_until(app, lambda: scene.phase == Phase.PERSON)
    move = Play.from_words(notation.split()[1:])
    cells = {(row, col): text for row, col, text in scene.status()["board_cells"]}
    assert all(cells[(p.row, p.col)] == p.laid.notation() for p in move.placements)
    server_scores = alice.client.games[table_id]["view"]["scores"]
    assert list(scene.state.scores()) == server_scores
    gained = server_scores[bob_seat] - before
    assert gained > 0
    name, what, points = scene.view.log[-1]
    assert (name, points) == ("bob", gained) and what.startswith("played ")
    assert f"bob plays {len(move.placements)} tile{'s' if len(move.placements) != 1 else ''} for {gained}" in scene.banner_log
    for p in move.placements:  # its tiles are on the board, as sprites on their squares
        tile_id = scene.state.board_ids[p.square]
        assert tile_id in scene.view.sprites
    assert session.history[-1].result.verdict is not None and session.history[-1].result.points == gained


def test_an_exchange_by_the_other_seat_shows_as_a_count(table):
    app, scene, session, alice, bob, table_id = table
    if session.state.current == session.play.seat:
        version = session.play.version
        pass_turn(app, scene, by_key=False)
        alice_done(app, scene, session, version + 1)
    bob_holds(bob, session.play.version)
    rack = sorted(scene.state.faces[t].notation() for t in scene.view.rack_ids)
    bob_rack = bob.client.games[table_id]["view"]["rack"]
    bob_sends(bob, table_id, "exchange " + " ".join(bob_rack[:3]))
    run_until(app, lambda: scene.phase == Phase.PERSON)
    assert alice.client.games[table_id]["last"]["actions"] == ["exchange 3"]
    assert "bob exchanges 3 tiles" in scene.banner_log
    assert scene.view.log[-1] == ("bob", "exchanged 3", 0)
    assert sorted(scene.state.faces[t].notation() for t in scene.view.rack_ids) == rack  # ours untouched
    assert set(scene.view.sprites.sprites) == set(scene.view.rack_ids)  # nothing else is painted
    assert len(scene.state.rack(1 - session.play.seat)) == 10


def test_our_exchange_by_keys_is_sent_and_the_new_tiles_come_with_the_echo(table, tmp_path, monkeypatch):
    from rummi_desktop.games.rummble.table.dialogs import ExchangeDialog

    app, scene, session, alice, bob, table_id = table
    alice_to_move(app, scene, session, bob, table_id)
    version, seat = session.play.version, session.play.seat
    sent = []
    send_own = session.send_own
    monkeypatch.setattr(session, "send_own", lambda notation: (sent.append((notation, len(session.state.rack(seat)))),
                                                               send_own(notation)))
    notation = Exchange(tuple(scene.state.faces[t] for t in scene.view.rack_ids[:2])).notation()
    key(app, "e")
    dialog = app.stack.top
    assert isinstance(dialog, ExchangeDialog)
    click(app, dialog.tile_rect(0).center)
    click(app, dialog.tile_rect(1).center)
    key(app, "return")
    assert sent == [(notation, 8)]  # sent; its draw's stand-ins back in the pool
    assert "2 tiles exchanged" in scene.banner_log
    alice_done(app, scene, session, version + 1)
    run_until(app, lambda: len(scene.view.rack_ids) == 10)
    assert sorted(scene.state.faces[t].notation() for t in scene.view.rack_ids) == sorted(
        alice.client.games[table_id]["view"]["rack"])
    record, moves = stored(tmp_path / "server.sqlite3", table_id)
    assert moves[-1].seat == seat and moves[-1].actions == [notation]
    assert ask(bob, lambda c: c.wait_game(table_id, after=version))["last"]["actions"] == ["exchange 2"]


def test_a_refused_play_is_explained_and_sends_nothing(table, tmp_path):
    app, scene, session, alice, bob, table_id = table
    alice_to_move(app, scene, session, bob, table_id)
    version = session.play.version
    rack = [scene.state.faces[t].notation() for t in scene.view.rack_ids]
    place(app, scene, rack[0], 0, 0)  # a corner, far from the star: the first play must cover it
    click(app, scene.buttons.play.rect.center)
    assert scene.banner is not None and scene.banner.warning
    assert "star" in scene.banner.message or "centre" in scene.banner.message
    assert session.play.in_flight is None and scene.phase == Phase.PERSON
    steps(app, 30)
    record, moves = stored(tmp_path / "server.sqlite3", table_id)
    assert record.version == version and session.play.version == version


def test_a_whole_game_reaches_the_results_with_the_servers_scores(table, tmp_path):
    """Alice plays a pair, then both pass until two idle rounds stall the game on her pass: the
    results wait for the echo and show the server's final scores, no rematch, and Bob's hand,
    which the server lays open at the end."""
    app, scene, session, alice, bob, table_id = table
    alice_to_move(app, scene, session, bob, table_id)
    version = session.play.version
    alice_plays_pair(app, scene, session)
    for _ in range(2):
        alice_done(app, scene, session, version + 1)
        bob_holds(bob, version + 1)
        bob_sends(bob, table_id, "pass")
        run_until(app, lambda: scene.phase == Phase.PERSON)
        version = session.play.version
        pass_turn(app, scene, by_key=False)
    assert scene.phase == Phase.ROUND_END and scene.mode.results_waiting or isinstance(app.stack.top, GameOverScene)
    run_until(app, lambda: isinstance(app.stack.top, GameOverScene))
    record, moves = stored(tmp_path / "server.sqlite3", table_id)
    assert record.status == "over" and moves[-1].seat == session.play.seat
    result = scene.state.result
    assert list(result.scores) == record.result["scores"] and list(result.winners) == record.result["winners"]
    assert result.kind == "stalled"
    bob_seat = 1 - session.play.seat
    assert result.hand_totals[bob_seat] == scene.state.points[bob_seat] - result.scores[bob_seat]
    results = app.stack.top
    assert not results.rematch_button.enabled
    # The table's state is rebuilt from the server's views, so its log does not replay the game:
    # no review is offered rather than a wrong one.
    assert results.finished_replay() is None and not results.review_button.enabled
    bobs_rack = ask(bob, lambda c: c.wait_game(table_id, after=record.version - 1))["view"]["rack"]  # as he ended
    assert [tile.notation() for tile in session.shown_hand(bob_seat)] == bobs_rack
    assert session.shown_hand(session.play.seat) is not None
    assert session.to_save() is None and not scene.autosave


def test_a_dropped_socket_reconnects_and_resumes_at_the_version(table):
    app, scene, session, alice, bob, table_id = table
    first_version = session.play.version
    alice.drop_connection()
    run_until(app, lambda: "Connection lost — reconnecting…" in scene.banner_log)
    bob_moved = session.state.current != session.play.seat
    if bob_moved:  # while Alice is away Bob plays; she resumes past his play, shown at her table
        bob_play(bob, table_id)
    run_until(app, lambda: alice.status == CONNECTED and "Connected to the server" in scene.banner_log)
    target = first_version + (1 if bob_moved else 0)
    run_until(app, lambda: session.play.version == target and scene.phase == Phase.PERSON)
    assert list(scene.state.scores()) == alice.client.games[table_id]["view"]["scores"]
    version = session.play.version
    alice_plays_pair_or_single(app, scene, session)
    seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
    assert seen["version"] == version + 1 and seen["last"]["seat"] == session.play.seat


def alice_plays_pair_or_single(app, scene, session) -> None:
    if not scene.state.board.count:
        alice_plays_pair(app, scene, session)
        return
    view = {"board": scene.status()["board_cells"], "rack": [t.notation() for t in scene.state.rack_tiles(session.play.seat)],
            "highest": scene.state.params.highest}
    move = stand_in_choose_move(view, "easy")
    if not isinstance(move, Play):
        pass_turn(app, scene, by_key=False)
        return
    for p in move.placements:
        place(app, scene, p.laid.notation(), p.row, p.col)
    click(app, scene.buttons.play.rect.center)


def test_a_resume_past_several_moves_begins_the_turn_from_the_servers_view(server, tmp_path, monkeypatch):
    """Three seats (Alice, Bob, an easy computer): Alice's socket drops on Bob's turn and stays
    away while Bob and then the computer move; back, her table is two versions on, with no one
    move to show: it takes the server's view and begins her turn."""
    import rummi_desktop.net.link as link_module

    monkeypatch.setattr(link_module, "RETRY_PAUSES", (5.0,))  # away long enough for both moves
    alice, bob = ClientLink(server), ClientLink(server)
    alice.connect().result(20), bob.connect().result(20)
    ask(alice, lambda c: c.register("alice", PASSWORD))
    ask(bob, lambda c: c.register("bob", PASSWORD))
    created = ask(alice, lambda c: c.create_table("rummble", ["human", "human", "easy"], visibility="private"))
    table_id = created["table"]
    ask(bob, lambda c: c.join_table(invite=created["invite"]))
    first = ask(alice, lambda c: c.subscribe(table_id))
    ask(bob, lambda c: c.subscribe(table_id))
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummbleSession.joined(alice, first)
    scene = RummbleTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    try:
        steps(app, 3)
        run_until(app, lambda: scene.phase == Phase.PERSON or (scene.phase == Phase.THINKING and session.state.current == 1
                                                              and not session.play.waiting))
        if scene.phase == Phase.PERSON:  # Alice passes; the computer plays after Bob, not before
            version = session.play.version
            pass_turn(app, scene, by_key=False)
            alice_done(app, scene, session, version + 1)
        assert session.state.current == 1
        version, log = session.play.version, list(scene.view.log)
        alice.drop_connection()
        run_until(app, lambda: "Connection lost — reconnecting…" in scene.banner_log)
        bob_holds(bob, version)
        bob_sends(bob, table_id, "pass")
        after = ask(bob, lambda c: c.wait_game(table_id, after=version + 1))  # the computer's move
        assert after["version"] == version + 2 and after["current"] == 0
        assert alice.status != CONNECTED  # she was away for both
        run_until(app, lambda: session.play.version == version + 2 and scene.phase == Phase.PERSON)
        assert list(scene.state.scores()) == alice.client.games[table_id]["view"]["scores"]
        cells = sorted(tuple(cell) for cell in scene.status()["board_cells"])
        assert cells == sorted(tuple(cell) for cell in alice.client.games[table_id]["view"]["board"])
        assert scene.view.log == log  # no move was made up for the two it did not see one by one
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        alice.close(), bob.close()


def test_the_lobby_opens_a_public_rummble_table_at_the_rummble_table(lobby):
    """From the Online screen's list: the table that opens is Rummble's own, over the network."""
    from test_online_lobby import other_player, signed_in_by_clicks
    from test_rummi_flow_support import button_centre

    app, scene = lobby
    signed_in_by_clicks(app, scene)
    carol = other_player(scene.link.url, "carol")
    try:
        made = carol.submit(lambda c: c.create_table("rummble", ["human", "human"])).result(20)
        click(app, button_centre(scene.refresh_button))
        click(app, button_centre(scene.tabs.open_tab))
        run_until(app, lambda: any("arol" in b.label and "Rummble" in b.label for b in scene.tabs.open_list.buttons))
        click(app, button_centre(next(b for b in scene.tabs.open_list.buttons if "arol" in b.label)))
        run_until(app, lambda: isinstance(app.stack.top, RummbleTableScene))
        table = app.stack.top
        steps(app, 3)
        assert isinstance(table.session, NetworkRummbleSession) and table.session.play.table_id == made["table"]
        assert not table.autosave and not table.buttons.hint.enabled
        assert table.buttons.hint.tooltip == "No hints in an online game"
        carol_view = carol.submit(lambda c: c.subscribe(made["table"])).result(20)
        assert carol_view["view"]["other_rack_sizes"] == [len(table.state.rack(table.session.play.seat))]
    finally:
        carol.close()


def test_a_game_the_servers_clock_ends_on_our_turn_goes_to_the_results(server, tmp_path, monkeypatch):
    """A live clock of 10 s: Alice plays, then both pass, and Alice lets her clock run out — the
    server's forfeit is the fourth idle turn and ends the game while her table waits for her
    move; the table goes to the results, settled by the model from the pass (nothing lost)."""
    alice, bob = ClientLink(server), ClientLink(server)
    alice.connect().result(20), bob.connect().result(20)
    ask(alice, lambda c: c.register("alice", PASSWORD))
    ask(bob, lambda c: c.register("bob", PASSWORD))
    created = ask(alice, lambda c: c.create_table("rummble", ["human", "human"], visibility="private",
                                                   clock={"kind": "live", "seconds": 10}))
    table_id = created["table"]
    ask(bob, lambda c: c.join_table(invite=created["invite"]))
    first = ask(alice, lambda c: c.subscribe(table_id))
    ask(bob, lambda c: c.subscribe(table_id))
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummbleSession.joined(alice, first)
    scene = RummbleTableScene(app, session, mode=OnlineMode())
    app.stack.push(scene)
    try:
        steps(app, 3)
        alice_to_move(app, scene, session, bob, table_id)
        version = session.play.version
        alice_plays_pair(app, scene, session)
        for turn in range(2):
            alice_done(app, scene, session, version + 1)
            bob_holds(bob, version + 1)
            bob_sends(bob, table_id, "pass")
            run_until(app, lambda: scene.phase == Phase.PERSON)
            version = session.play.version
            if turn == 0:
                pass_turn(app, scene, by_key=False)
        points = list(scene.state.points)
        run_until(app, lambda: isinstance(app.stack.top, GameOverScene), limit=20000)  # the clock runs out
        record, moves = stored(tmp_path / "server.sqlite3", table_id)
        assert record.status == "over" and moves[-1].seat == session.play.seat
        result = scene.state.result
        assert list(result.scores) == record.result["scores"] and result.kind == "stalled"
        assert list(scene.state.points) == points  # the scores before the hands: the forfeit scored nothing
        assert result.hand_totals[session.play.seat] == points[session.play.seat] - result.scores[session.play.seat]
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        alice.close(), bob.close()
