"""The Online screen driven by synthetic clicks and keys: host a server on this computer
(the real subprocess), register, make a private table that another client joins by its invite
code (the table opens on both sides), join a public table from the lobby's list, the games
waiting for your move listed first with their move clocks, and the leaderboards.

The hosted server listens on 127.0.0.1 here (the game itself listens on every interface, for
the LAN): tests send traffic nowhere else."""

from __future__ import annotations

import time

import pygame

import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from rummi_desktop.net.link import ClientLink  # noqa: E402
from rummi_desktop.scenes.online import lobby_scene  # noqa: E402
from rummi_desktop.scenes.online.lobby_scene import OnlineScene  # noqa: E402
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene  # noqa: E402
from test_rummi_flow_support import button_centre, click, make_app, steps, type_text  # noqa: E402

PASSWORD = "correct horse 42"  # a space types as itself


def run_until(app, done, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        app.step(1 / 60)
        time.sleep(0.003)
    raise AssertionError("the screen never got there")


def type_into(app, field, text: str) -> None:
    click(app, field.rect.center)
    type_text(app, text)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    steps(app, 1)


def signed_in_by_clicks(app, scene: OnlineScene, name: str = "alice") -> None:
    click(app, button_centre(scene.host_button))
    run_until(app, lambda: scene.sign_in_button.enabled)
    type_into(app, scene.name_field, name)
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
    assert scene.account["name"] == "alice" and scene.link.url == lobby_scene._hosted[0].url
    table_picker = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Table")
    click(app, table_picker.arrow_rects()[1].center)  # Private (invite code)
    click(app, button_centre(scene.create_button))
    run_until(app, lambda: scene.seating.watching is not None)
    assert scene.seating.invite and scene.seating.invite in scene.message
    bob = other_player(scene.link.url, "Bob")
    try:
        bob.submit(lambda c: c.join_table(invite=scene.seating.invite)).result(20)
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        table = app.stack.top
        bob_view = bob.submit(lambda c: c.subscribe(scene.seating.watching or table.session.play.table_id)).result(20)
        assert bob_view["version"] == table.session.play.version
        assert bob_view["view"]["other_rack_sizes"] == [len(table.state.rack(table.session.play.seat))]
    finally:
        bob.close()


def test_join_a_public_table_from_the_list(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    carol = other_player(scene.link.url, "Carol")
    try:
        made = carol.submit(lambda c: c.create_table("rummi", ["human", "human"])).result(20)
        click(app, button_centre(scene.refresh_button))
        click(app, button_centre(scene.tabs.open_tab))
        run_until(app, lambda: any("Carol" in b.label for b in scene.tabs.open_list.buttons))
        button = next(b for b in scene.tabs.open_list.buttons if "Carol" in b.label)
        assert button.verb == "Join" and "1 seat free" in button.label
        assert scene.message == "No game waits for your move · 1 open table"
        click(app, button_centre(button))
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        assert app.stack.top.session.play.table_id == made["table"]
    finally:
        carol.close()



def async_days(days: int) -> dict:
    return {"kind": "async", "days": days}


def test_games_waiting_for_your_move_come_first_with_the_time_left_and_a_click_opens_one(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    bob = other_player(scene.link.url, "Bob")
    try:
        def made_by(link, days, game="tumblewords"):
            return link.submit(lambda c: c.create_table(game, ["human", "human"], clock=async_days(days))).result(20)

        slow, fast, theirs = made_by(scene.link, 3), made_by(scene.link, 1), made_by(bob, 2)
        rummi = made_by(scene.link, 7, "rummi")
        for table in (slow, fast, rummi):  # the creator (alice) moves first at Tumblewords
            bob.submit(lambda c, t=table["table"]: c.join_table(table=t)).result(20)
        scene.link.submit(lambda c: c.join_table(table=theirs["table"])).result(20)
        click(app, button_centre(scene.refresh_button))
        run_until(app, lambda: len(scene.tabs.mine_list.rows) == 4)
        rows = {row.table: row for row in scene.tabs.mine_list.rows}
        order = [row.table for row in scene.tabs.mine_list.rows]
        assert order[:2] == [fast["table"], slow["table"]]  # your move, the nearest clock first
        assert order[-1] == theirs["table"] or not rows[rummi["table"]].yours_to_move
        assert rows[fast["table"]].yours_to_move and rows[fast["table"]].detail == "1 day left"
        assert rows[slow["table"]].detail == "3 days left"
        assert not rows[theirs["table"]].yours_to_move and rows[theirs["table"]].detail == "Bob to move · 2 days left"
        assert rows[theirs["table"]].headline == "Tumblewords · vs Bob"
        mine_to_move = sum(row.yours_to_move for row in rows.values())
        assert mine_to_move >= 2 and scene.tabs.waiting.count == mine_to_move  # the tab's badge counts them
        assert scene.tabs.mine_tab.label == "Your games (4)" and scene.message.startswith("Your move in ")
        button = next(b for b in scene.tabs.mine_list.buttons if b.row.table == rummi["table"])
        click(app, button_centre(button))
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        assert app.stack.top.session.play.table_id == rummi["table"]
    finally:
        bob.close()


def fake_table(index: int, mine_to_move: bool) -> dict:
    seats = [{"label": "human", "name": "Alice", "taken": True}, {"label": "human", "name": f"P{index}", "taken": True}]
    return {"table": f"t{index}", "game": "rummi", "status": "playing", "seats": seats,
            "current": 0 if mine_to_move else 1, "deadline": time.time() + 3600 * (index + 1), "invite": "ABC"}


def test_many_games_read_a_page_at_a_time_and_the_wheel_turns_pages(lobby):
    app, scene = lobby
    scene.account = {"name": "Alice"}
    scene.tabs.my_tables = [fake_table(index, mine_to_move=index % 4 == 0) for index in range(12)]
    scene.tabs.fill(scene.account)
    steps(app, 1)
    listed = scene.tabs.mine_list
    assert listed.pages == 3 and len(listed.buttons) == listed.per_page == 5
    assert [b.row.table for b in listed.buttons[:3]] == ["t0", "t4", "t8"]  # the three games on your move
    assert all(b in scene.widgets.widgets for b in listed.buttons) and listed.next in scene.widgets.widgets
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    steps(app, 1)
    assert listed.page == 1 and listed.buttons[0].row.table == "t3"
    click(app, button_centre(listed.next))
    assert listed.page == 2 and len(listed.buttons) == 2 and not listed.next.enabled
    first_page_rows = [b for b in scene.widgets.widgets if getattr(b, "row", None) and b.row.table == "t0"]
    assert first_page_rows == []  # a page not shown takes no clicks
    click(app, button_centre(scene.tabs.open_tab))
    assert listed.buttons == [] and listed.next not in scene.widgets.widgets


def test_the_lists_draw_inside_their_place_without_overlap(lobby):
    app, scene = lobby
    scene.account = {"name": "Alice"}
    scene.tabs.my_tables = [fake_table(index, mine_to_move=index < 2) for index in range(7)]
    scene.tabs.fill(scene.account)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    rects = [b.rect for b in scene.tabs.mine_list.buttons] + [scene.tabs.mine_list.previous.rect, scene.tabs.mine_list.next.rect]
    assert all(lobby_scene.LISTS.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    tabs = [scene.tabs.mine_tab.rect, scene.tabs.open_tab.rect, scene.tabs.watch_tab.rect, scene.tabs.friends_tab.rect,
            scene.refresh_button.rect]
    assert not any(a.colliderect(b) for i, a in enumerate(tabs) for b in tabs[i + 1:])
    above = [scene.sign_in_button.rect, scene.register_button.rect, scene.leaderboard_button.rect]
    assert not any(tab.inflate(0, 8).colliderect(other) for tab in tabs for other in above + [lobby_scene.LISTS])
    urgent, calm = scene.tabs.mine_list.buttons[0], scene.tabs.mine_list.buttons[2]
    theme = app.theme
    assert surface.get_at((urgent.rect.x + 1, urgent.rect.centery))[:3] != surface.get_at((calm.rect.x + 1, calm.rect.centery))[:3]
    badge = surface.get_at((urgent.rect.x + 20, urgent.rect.y + 17))[:3]  # the "YOUR MOVE" badge
    assert max(abs(a - b) for a, b in zip(badge, theme.accent[:3])) < 40


def test_leaderboards_from_the_lobby_rank_players_and_mark_your_row(lobby, tmp_path):
    import asyncio

    from rummi_desktop.net.store_sqlite import SqliteStore
    from rummi_desktop.scenes.online.leaderboard_scene import LeaderboardScene

    app, scene = lobby
    signed_in_by_clicks(app, scene)
    links = [other_player(scene.link.url, name) for name in ("Bob", "Carol")]
    try:
        ids = {link.client.account["name"]: link.client.account["id"] for link in links}
        ids["Alice"] = scene.account["id"]

        async def rate() -> None:  # as finished ranked games would have left them
            store = SqliteStore(tmp_path / "data" / "server.sqlite3")
            ratings = {ids["Bob"]: (30.0, 2.0, 12), ids["Alice"]: (27.0, 3.0, 3), ids["Carol"]: (22.0, 1.0, 40)}
            await store.ratings.rate("t-rated", "rummi", list(ratings), 0.0, 0.0, lambda standings: ratings)
            await store.close()

        asyncio.run(rate())
        click(app, button_centre(scene.leaderboard_button))
        board = app.stack.top
        assert isinstance(board, LeaderboardScene) and board.game == "rummi"
        run_until(app, lambda: board.players and board.mine is not None)
        assert [p["name"] for p in board.players] == ["Bob", "Carol", "alice"]  # by mu − 3σ: 24, 19, 18 (as typed)
        assert board.mine["games"] == 3
        surface = pygame.Surface(app.screen.get_size())
        board.draw(surface)
        from rummi_desktop.scenes.online import leaderboard_scene as module

        mine_y = module.BOARD.y + module.ROW_H * 3 + module.ROW_H // 2  # the third row: Alice's
        bob_y = module.BOARD.y + module.ROW_H + module.ROW_H // 2
        at = module.BOARD.x + 6
        assert surface.get_at((at, mine_y))[:3] == app.theme.accent[:3]
        assert surface.get_at((at, bob_y))[:3] != app.theme.accent[:3]
        click(app, button_centre(board.tabs["tumblewords"]))
        run_until(app, lambda: board.game == "tumblewords" and not board.pending)
        assert board.players == [] and "No rated Tumblewords games" in board.message
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        steps(app, 2)
        assert app.stack.top is scene
    finally:
        for link in links:
            link.close()


class UnansweredLink:
    """A link whose requests never come back (the board's rows are given by hand)."""

    def submit(self, request):
        from concurrent.futures import Future

        return Future()


def test_a_long_leaderboard_opens_on_your_page_and_pages_on(tmp_path, monkeypatch):
    from rummi_desktop.scenes.online.leaderboard_scene import PER_PAGE, LeaderboardScene

    app = make_app(tmp_path, monkeypatch, "instant")
    board = LeaderboardScene(app, UnansweredLink(), {"name": "alice"}, "rummble")
    app.stack.push(board)
    steps(app, 1)
    assert board.previous not in board.widgets.widgets  # nothing yet: no pager
    players = [{"name": "Alice" if index == 13 else f"P{index}", "mu": 40.0 - index, "sigma": 2.0,
                "ordinal": 34.0 - index, "games": 9} for index in range(14)]
    board._arrived(({"game": "rummble", "players": players}, None))
    assert board.page == 13 // PER_PAGE == 1 and board.pages == 2  # your row is on the second page
    assert board.next in board.widgets.widgets and not board.next.enabled
    click(app, button_centre(board.previous))
    assert board.page == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    steps(app, 1)
    assert board.page == 1
    board._arrived(({"game": "rummi", "players": []}, None))  # a late answer for the board shown before
    assert board.game == "rummble" and len(board.players) == 14 and board.page == 1


class FakeHosted:
    url, port, lan_address = "ws://127.0.0.1:9", 9, "192.168.1.23"

    def stop(self) -> None:
        pass


def test_while_hosting_the_lobby_shows_the_address_friends_type(lobby):
    app, scene = lobby
    lobby_scene._hosted.append(FakeHosted())
    click(app, button_centre(scene.host_button))  # hosted already: connect to it
    assert scene.hosted_at == "192.168.1.23, port 9"
    assert scene.fields["host"].text == "127.0.0.1" and scene.fields["port"].text == "9"  # this window: loopback
    scene.set_value("port", "8765")
    click(app, button_centre(scene.connect_button))  # another server: no longer the hosted one
    assert scene.hosted_at == ""


def test_play_ranked_waits_in_the_queue_and_opens_the_matched_table(lobby):
    app, scene = lobby
    signed_in_by_clicks(app, scene)
    click(app, button_centre(scene.ranked_button))
    run_until(app, lambda: scene.ranked.waiting and not scene.pending)
    assert scene.ranked_button.label == "Stop looking" and "ranked Rummi opponent" in scene.message
    click(app, button_centre(scene.ranked_button))  # changed our mind: out of the queue
    run_until(app, lambda: not scene.pending)
    assert not scene.ranked.waiting and scene.message == "Stopped looking for a ranked game"
    click(app, button_centre(scene.ranked_button))
    run_until(app, lambda: scene.ranked.waiting and not scene.pending)
    bob = other_player(scene.link.url, "Bob")
    try:
        bob.submit(lambda c: c.matchmake("rummi")).result(20)
        run_until(app, lambda: isinstance(app.stack.top, RummiTableScene))
        table = app.stack.top
        assert not scene.ranked.waiting and scene.ranked_button.label == "Play ranked"
        mine = bob.submit(lambda c: c.my_tables()).result(20)
        assert [t["table"] for t in mine] == [table.session.play.table_id] and mine[0]["ranked"]
    finally:
        bob.close()


def test_a_tumblewords_table_with_its_rules_opens_the_tumblewords_table(lobby):
    from rummi_desktop.games.tumblewords.table.online_table import TumblewordsOnline

    app, scene = lobby
    signed_in_by_clicks(app, scene)
    for _ in range(len(scene.form.game_picker.options)):
        if scene.form.game != "tumblewords":
            click(app, scene.form.game_picker.arrow_rects()[1].center)
    board = scene.form.picker("Board")
    assert scene.form.game == "tumblewords" and board.value_text == "Standard board"
    click(app, board.arrow_rects()[1].center)  # the quick board, 7 × 6
    ticker = scene.form.picker("Ticker")
    click(app, ticker.arrow_rects()[1].center)  # Ticker on: the server keeps its 30 s
    assert scene.form.options == {"board": "quick", "ticker": True}
    table_picker = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Table")
    click(app, table_picker.arrow_rects()[1].center)  # Private (invite code)
    click(app, button_centre(scene.create_button))
    run_until(app, lambda: scene.seating.watching is not None)
    bob = other_player(scene.link.url, "bob")
    try:
        bob.submit(lambda c: c.join_table(invite=scene.seating.invite)).result(20)
        run_until(app, lambda: isinstance(getattr(app.stack.top, "mode", None), TumblewordsOnline))
        table = app.stack.top
        assert (table.state.params.columns, table.state.params.rows) == (7, 6) and not table.state.params.claim
        assert table.state.params.ticker
        bob_view = bob.submit(lambda c: c.subscribe(table.session.play.table_id)).result(20)
        assert bob_view["view"]["options"]["board"] == "quick" and bob_view["view"]["options"]["ticker"]
        assert bob_view["deadline"] is not None  # the Ticker's clock runs on the server
        assert bob_view["view"]["other_hand_sizes"] == [len(table.state.hand(table.session.play.seat))]
    finally:
        bob.close()
