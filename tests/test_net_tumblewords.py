"""Tumblewords online through the real Tumblewords table, over real sockets on 127.0.0.1 with the
embedded server (a subprocess): a drop made by synthetic clicks reaches the other client and the
server's stored game; the other client's drop falls on our board with its words and points; a
refused move sends nothing; a Claim turn's moves go out one after another; a whole game reaches
the results screen; a dropped socket resumes at the version; a days-per-move table plays the same."""

from __future__ import annotations

import asyncio
import time

import pytest

import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.games.tumblewords.rules.grid import FACES  # noqa: E402
from rummi_desktop.games.tumblewords.rules.play import possible_drops  # noqa: E402
from rummi_desktop.net.link import CONNECTED, ClientLink  # noqa: E402
from rummi_desktop.net.store_sqlite import SqliteStore  # noqa: E402
from rummi_desktop.scenes.turn_machine import Phase  # noqa: E402
from rummi_desktop.games.tumblewords.table.network_session import NetworkTumblewordsSession  # noqa: E402
from rummi_desktop.games.tumblewords.table.online_table import TumblewordsOnline  # noqa: E402
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene  # noqa: E402
from rummi_desktop.games.tumblewords.table.results import GameOverScene  # noqa: E402
from rummi_desktop.games.tumblewords.table.online_state import state_from_view  # noqa: E402
from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402
from test_net_session import PASSWORD, ask, run_until  # noqa: E402
from test_net_session import seated_pair as shared_seated_pair  # noqa: E402
from tumblewords_scene_support import click, column_centre, hand_centre, make_app, pass_turn, steps  # noqa: E402


def seated_pair(url: str, options=None, clock=None):
    """Alice creates a private two-person Tumblewords table, Bob joins it by its invite code."""
    return shared_seated_pair(url, "tumblewords", options, clock)[:4]


def open_online(app, link, first):
    session = NetworkTumblewordsSession.joined(link, first)
    scene = TumblewordsTableScene(app, session, mode=TumblewordsOnline())
    app.stack.push(scene)
    steps(app, 3)
    return session, scene


def stored_moves(database, table_id):
    async def read():
        store = SqliteStore(database)
        moves = await store.tables.moves_since(table_id, 0)
        await store.close()
        return moves
    return asyncio.run(read())


def best_drop(message, prefer_score: bool = True):
    """The move the seat of ``message`` makes: its best scoring drop found by the model (or the
    first legal one), as notation."""
    state = state_from_view(message, word_lists.shipped_dictionary())
    drops = [drop for drop in possible_drops(state.grid, state.hand()) if not drop.blank]
    return max(drops, key=lambda drop: state.check(drop).score if prefer_score else 0).notation()


def bob_moves(bob, table_id, notation) -> dict:
    """Bob's move, once his client holds the game at his turn: ``notation``, or what it makes of
    his game message; the game message after it."""
    mine = ask(bob, lambda c: c.wait_game(table_id, until=lambda game: game["current"] == game["seat"]))
    version = mine["version"]
    move = notation(mine) if callable(notation) else notation
    ask(bob, lambda c: c.move(table_id, move, version))
    return ask(bob, lambda c: c.wait_game(table_id, after=version))


def alice_drops(app, scene, session, col: int | None = None):
    """Alice clicks a letter of her hand, then a column; returns (letter, column)."""
    letter = next(letter for letter in scene.state.hand(session.play.seat) if letter != "?")
    if col is None:
        col = next(c for c in range(scene.state.grid.columns) if scene.state.grid.landing_row(c) is not None)
    click(app, hand_centre(scene, letter))
    click(app, column_centre(scene, col))
    return letter, col


def first_tile_row(scene, col: int) -> int:
    """The row of column ``col``'s top tile on the table's board."""
    grid = scene.state.grid
    return next(r for r in range(grid.rows) if grid.shown[grid.square(r, col)] != ".")


def let_bob_start(app, scene, session, bob, table_id, first):
    """When Bob is first he drops; Alice's table shows it and her turn begins."""
    if first["current"] != first["seat"]:
        bob_moves(bob, table_id, best_drop)
        run_until(app, lambda: scene.phase == Phase.PERSON and session.play.version == first["version"] + 1)


def test_a_drop_clicked_at_the_real_table_reaches_the_other_client_and_the_stored_game(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        let_bob_start(app, scene, session, bob, table_id, first)
        version = session.play.version
        letter, col = alice_drops(app, scene, session)
        row = first_tile_row(scene, col)
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["version"] == version + 1 and seen["last"]["actions"] == [f"drop {col} {letter}"]
        assert seen["view"]["board"][row][col] == letter  # Bob's board shows it where it fell here
        moves = stored_moves(tmp_path / "server.sqlite3", table_id)
        assert moves[-1].version == version + 1 and moves[-1].actions == [f"drop {col} {letter}"]
        # the echo: the hand held is the server's seat view, with the real letter drawn, all painted
        run_until(app, lambda: session.play.version == version + 1 and session.play.in_flight is None
                  and len(scene.state.hand(first["seat"])) == 7)
        view = alice.client.games[table_id]["view"]
        assert sorted(scene.state.hand(first["seat"])) == sorted(view["hand"])
        assert scene.state.grid.row_texts() == view["board"]
        assert view["bag_size"] == 100 - 14 - (2 if first["current"] != first["seat"] else 1)
        steps(app, 2)
        assert len(scene.view.hand_ids) == 7
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_the_other_clients_drop_falls_on_our_board_with_its_words_and_points(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    bob_seat = 1 - first["seat"]
    try:
        scored = None
        for _ in range(6):  # turn about until Bob has a drop that scores
            if alice.client.games[table_id]["current"] == first["seat"]:
                run_until(app, lambda: scene.phase == Phase.PERSON)
                version = session.play.version
                alice_drops(app, scene, session)
                run_until(app, lambda: session.play.version == version + 1 and scene.phase != Phase.PERSON)
                continue
            seen = bob_moves(bob, table_id, best_drop)
            run_until(app, lambda: session.play.version == seen["version"] and scene.phase == Phase.PERSON)
            _, col, letter = seen["last"]["actions"][0].split()
            col = int(col)
            assert letter in {scene.state.grid.shown[scene.state.grid.square(r, col)] for r in range(scene.state.grid.rows)}
            assert list(scene.state.scores()) == seen["view"]["scores"]
            tile = next(t for r, c, t in scene.state.grid.placed() if c == col and scene.state.grid.shown[scene.state.grid.square(r, c)] == letter)
            assert tile in scene.view.world.tiles  # it is on the board the table paints
            if seen["view"]["scores"][bob_seat] > 0:
                scored = seen
                break
        assert scored is not None, "Bob never had a scoring drop"
        words = [line for line in scene.banner_log if line.startswith("bob scores")]
        assert words and f"scores {scored['view']['scores'][bob_seat]}" in words[-1]
        assert session.stats[bob_seat].words >= 1 and session.stats[bob_seat].best_drop == scored["view"]["scores"][bob_seat]
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_a_refused_drop_is_explained_at_once_and_sends_nothing(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server, options={"board": "quick"})
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        while scene.state.grid.landing_row(0) is not None:  # fill column 0, turn about
            if alice.client.games[table_id]["current"] == first["seat"]:
                run_until(app, lambda: scene.phase == Phase.PERSON)
                version = session.play.version
                alice_drops(app, scene, session, col=0)
                run_until(app, lambda: session.play.version == version + 1 and not session.play.sending)
            else:
                seen = bob_moves(bob, table_id, lambda game: f"drop 0 {next(x for x in game['view']['hand'] if x != '?')}")
                run_until(app, lambda: session.play.version == seen["version"])
        if alice.client.games[table_id]["current"] != first["seat"]:
            seen = bob_moves(bob, table_id, lambda game: best_drop(game, prefer_score=False))
        run_until(app, lambda: scene.phase == Phase.PERSON and not session.play.waiting)
        version = session.play.version
        alice_drops(app, scene, session, col=0)
        assert "Column 0 is full" in scene.banner_log
        steps(app, 20)
        assert session.play.in_flight is None and not session.play.sending and session.play.version == version
        assert stored_moves(tmp_path / "server.sqlite3", table_id)[-1].version == version  # nothing reached it
        assert scene.phase == Phase.PERSON  # still her turn
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_a_claim_turn_sends_its_moves_one_after_another_and_the_others_claims_show(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server, options={"claim": True})
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    bob_seat = 1 - first["seat"]
    try:
        if first["current"] != first["seat"]:  # Bob: drop, done
            bob_moves(bob, table_id, best_drop)
            bob_moves(bob, table_id, "done")
            run_until(app, lambda: scene.phase == Phase.PERSON and session.play.version == first["version"] + 2)
        version = session.play.version
        tile = next(t for t in scene.view.hand_ids if FACES[t] != "?")
        scene.flow.drop(tile, 0)  # the drop and Done in one frame: Done waits for the drop's echo
        assert scene.state.phase == "claiming"
        scene.controller.confirm()  # what Enter does while claiming
        assert list(session.play.outbox) == ["done"] and session.play.version == version
        run_until(app, lambda: bob.client.games[table_id]["version"] >= version + 2)
        seen = bob.client.games[table_id]
        assert seen["version"] == version + 2 and seen["last"]["actions"] == ["done"] and seen["current"] == bob_seat
        run_until(app, lambda: not session.play.sending and session.play.version == version + 2
                  and len(scene.state.hand(first["seat"])) == 7)
        assert scene.state.grid.row_texts() == alice.client.games[table_id]["view"]["board"]
        # Bob drops where a word forms (when he can), claims it, says done: Alice's table scores it
        message = bob.client.games[table_id]
        state = state_from_view(message, word_lists.shipped_dictionary())
        drops = [d for d in possible_drops(state.grid, state.hand()) if not d.blank]
        drop = max(drops, key=lambda d: state.check(d).score)
        words = state.check(drop).words
        bob_moves(bob, table_id, drop.notation())
        if words:
            bob_moves(bob, table_id, "claim " + words[0].span())
        last = bob_moves(bob, table_id, "done")
        run_until(app, lambda: session.play.version == last["version"] and scene.phase == Phase.PERSON)
        assert list(scene.state.scores()) == last["view"]["scores"]
        assert scene.state.grid.row_texts() == last["view"]["board"]
        if words:
            assert last["view"]["scores"][bob_seat] >= words[0].points
            assert any(line.startswith(f"+{words[0].points} {words[0].word}") for line in scene.banner_log)
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_a_whole_game_reaches_the_results_screen(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server, options={"board": "quick"})
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        for turn in range(6):  # a few drops each, then everyone passes in a row
            if alice.client.games[table_id]["current"] == first["seat"]:
                run_until(app, lambda: scene.phase == Phase.PERSON and not session.play.waiting)
                version = session.play.version
                if turn < 4:
                    alice_drops(app, scene, session)
                else:
                    pass_turn(app, scene, by_key=False)
                run_until(app, lambda: session.play.version == version + 1 and not session.play.sending)
            else:
                seen = bob_moves(bob, table_id, best_drop if turn < 4 else "pass")
                run_until(app, lambda: session.play.version == seen["version"])
        run_until(app, lambda: isinstance(app.stack.top, GameOverScene))
        over = alice.client.games[table_id]
        assert over["status"] == "over"
        assert list(session.state.scores()) == over["result"]["scores"]
        assert list(session.state.winners()) == over["result"]["winners"]
        assert session.state.result.kind == "all_passed"
        assert not app.stack.top.rematch_button.enabled  # a rematch is a new table in the lobby
        replay = app.stack.top.finished_replay()  # a finished online game is reviewed too
        assert app.stack.top.review_button.enabled and replay.seek(replay.length).scores() == session.state.scores()
        assert not list((tmp_path).rglob("autosave*"))
    finally:
        app.stack.clear()
        steps(app, 1)
        alice.close(), bob.close()


def test_a_dropped_socket_reconnects_and_resumes_at_the_version(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server)
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        alice.drop_connection()
        run_until(app, lambda: "Connection lost — reconnecting…" in scene.banner_log)
        moved = first["current"] != first["seat"]
        if moved:  # while Alice is away Bob drops; she resumes past his move
            bob_moves(bob, table_id, best_drop)
        run_until(app, lambda: alice.status == CONNECTED and "Connected to the server" in scene.banner_log)
        target = first["version"] + (1 if moved else 0)
        run_until(app, lambda: session.play.version == target and scene.phase == Phase.PERSON)
        assert scene.state.grid.row_texts() == alice.client.games[table_id]["view"]["board"]
        version = session.play.version
        letter, col = alice_drops(app, scene, session)
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["version"] == version + 1 and seen["last"]["actions"] == [f"drop {col} {letter}"]
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_an_asynchronous_table_plays_the_same(server, tmp_path, monkeypatch):
    alice, bob, table_id, first = seated_pair(server, clock={"kind": "async", "days": 3})
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        assert first["deadline"] is not None
        let_bob_start(app, scene, session, bob, table_id, first)
        assert scene.clock_seconds is None  # the server keeps the clock: three days a move
        steps(app, 60 * 40)  # forty seconds at the table: nothing runs out here
        assert scene.phase == Phase.PERSON and session.play.version == alice.client.games[table_id]["version"]
        version = session.play.version
        letter, col = alice_drops(app, scene, session)
        seen = ask(bob, lambda c: c.wait_game(table_id, after=version))
        assert seen["last"]["actions"] == [f"drop {col} {letter}"]
        assert seen["deadline"] - time.time() > 2.9 * 86_400  # Bob has three days for his move
        run_until(app, lambda: scene.phase == Phase.THINKING and not session.play.sending)
        bob_moves(bob, table_id, best_drop)
        run_until(app, lambda: scene.phase == Phase.PERSON)
        assert scene.state.grid.row_texts() == alice.client.games[table_id]["view"]["board"]
    finally:
        app.stack.pop()
        alice.close(), bob.close()


def test_the_servers_computer_seat_plays_its_turns_at_our_table(server, tmp_path, monkeypatch):
    alice = ClientLink(server)
    alice.connect().result(20)
    ask(alice, lambda c: c.register("alice", PASSWORD))
    table = ask(alice, lambda c: c.create_table("tumblewords", ["human", "easy"], options={"claim": True}))
    first = ask(alice, lambda c: c.subscribe(table["table"]))
    app = make_app(tmp_path, monkeypatch, "instant")
    session, scene = open_online(app, alice, first)
    try:
        assert [seat.name for seat in session.setup.seats][1 - first["seat"]] == "Easy"
        for _ in range(3):  # our drop and Done; then the computer's drop, claims and done arrive
            run_until(app, lambda: scene.phase == Phase.PERSON and scene.state.phase == "dropping"
                      and not session.play.waiting)
            alice_drops(app, scene, session)
            run_until(app, lambda: scene.my_turn and scene.state.phase == "claiming")
            scene.controller.confirm()
            run_until(app, lambda: scene.phase == Phase.PERSON and scene.state.phase == "dropping"
                      and not session.play.sending and not session.play.waiting)
            view = alice.client.games[table["table"]]["view"]
            assert scene.state.grid.row_texts() == view["board"] and list(scene.state.scores()) == view["scores"]
        computer_turns = [line for line in scene.view.log if line[0] == "Easy"]
        assert sum(1 for who, what, _ in computer_turns if what.startswith("dropped")) >= 2
    finally:
        app.stack.pop()
        alice.close()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_connection_chip_sits_in_the_bags_row_clear_of_every_seat(seats):
    import types

    import pygame

    from rummi_desktop.scenes.connection_chip import CHIP
    from rummi_desktop.games.tumblewords.table.layout import REGIONS, seat_box

    mode = TumblewordsOnline()
    mode.table = types.SimpleNamespace(state=types.SimpleNamespace(seats=seats))
    x, y = mode.chip_at()
    chip = pygame.Rect(x, y, CHIP.w, CHIP.h)
    bag = seat_box(seats)
    assert pygame.Rect(round(bag.x), round(bag.y), round(bag.w), round(bag.h)).contains(chip)
    assert chip.x > bag.x + 120  # right of the bag's tiles and count
    assert chip.bottom < REGIONS.log.y
    for seat in range(seats):
        box = seat_box(seat)
        assert not chip.colliderect(pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h)))
