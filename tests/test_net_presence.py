"""Who is at a table (issue 21, item 16): each seated person online or away since when, as the
server counts their connections watching the table, across processes by notices, over real
sockets; and the window showing it under the connection chip."""

from __future__ import annotations

import asyncio

from hypothesis import given, strategies as st

from net_support import running_server, signed_in
from rummi_desktop.net import notices
from rummi_desktop.net.presence import FORGET_AFTER, HEARD_WITHIN, Presence, Said
from rummi_desktop.scenes.connection_chip import away_words


# ---- the bookkeeping --------------------------------------------------------------------------

def test_a_person_is_online_while_any_connection_watches_and_away_since_the_last_one_left():
    presence = Presence("here")
    assert presence.of("t", "bob", 0) == {"online": False, "away_since": None}
    assert presence.arrived("t", "bob", 10) == Said(True, 10)
    assert presence.arrived("t", "bob", 11) is None  # a second window: nothing to tell
    assert presence.of("t", "bob", 12) == {"online": True, "away_since": None}
    assert presence.left("t", "bob", 13) is None  # one window still open
    assert presence.of("t", "bob", 14)["online"]
    assert presence.left("t", "bob", 15) == Said(False, 15)
    assert presence.of("t", "bob", 16) == {"online": False, "away_since": 15}
    assert presence.of("other table", "bob", 16)["away_since"] is None


def test_another_process_counts_only_while_it_is_heard():
    presence = Presence("here")
    assert presence.told("there", "t", "bob", Said(True, 5), now=5)
    assert presence.of("t", "bob", 5 + HEARD_WITHIN)["online"]
    silent = presence.of("t", "bob", 6 + HEARD_WITHIN)
    assert silent == {"online": False, "away_since": 5 + HEARD_WITHIN}  # when it fell silent
    assert presence.heard_from("there", 100)  # back after falling silent: new again
    assert not presence.heard_from("there", 101)
    assert presence.of("t", "bob", 101)["online"]


def test_online_on_one_process_wins_over_away_on_another():
    presence = Presence("here")
    presence.told("a", "t", "bob", Said(False, 3), now=4)
    presence.told("b", "t", "bob", Said(True, 4), now=4)
    assert presence.of("t", "bob", 5)["online"]
    assert presence.told("b", "t", "bob", Said(False, 6), now=6)  # what the table shows changed
    assert presence.of("t", "bob", 7) == {"online": False, "away_since": 6}
    assert not presence.told("here", "t", "bob", Said(True, 7), now=7), "its own notice changes nothing"


def test_people_long_away_are_forgotten_and_those_here_never():
    presence = Presence("here")
    presence.arrived("t", "ann", 0)
    presence.arrived("t", "bob", 0)
    presence.left("t", "bob", 1)
    presence.prune(2 + FORGET_AFTER)
    assert presence.of("t", "ann", 3 + FORGET_AFTER)["online"]
    assert presence.of("t", "bob", 3 + FORGET_AFTER)["away_since"] is None
    assert presence.online_here() == [("t", "ann", Said(True, 0))]


# ---- the notices ------------------------------------------------------------------------------

def test_presence_and_heartbeat_notices_read_back():
    payload = notices.presence_notice("p1", "table9", "acct3", Said(False, 1234.5))
    notice = notices.parse(payload)
    assert (notice.kind, notice.process, notice.table, notice.subject, notice.said) == (
        "p", "p1", "table9", "acct3", Said(False, 1234.5))
    heartbeat = notices.parse(notices.heartbeat_notice("p1"))
    assert (heartbeat.kind, heartbeat.process) == ("h", "p1")


@given(st.text(max_size=60))
def test_a_malformed_presence_notice_is_ignored_not_raised(text):
    notice = notices.parse("p:" + text)
    if notice is not None:
        assert notice.said is not None and notice.process and notice.table and notice.subject
    for bad in ("p:a:b:c:2:5", "p:a:b:c:1:nan", "p:a:b:c:1:inf", "p::b:c:1:5", "p:a:b:c:1", "h:"):
        assert notices.parse(bad) is None


# ---- the server, over real sockets ------------------------------------------------------------

async def pushed_presence(client, seat: int, online: bool) -> dict:
    while True:
        message = await client.wait_pushed("presence")
        if message["seats"][seat]["online"] == online:
            return message


def test_the_other_seat_sees_a_person_come_and_go(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice, bob = await signed_in(url, "alice"), await signed_in(url, "bob")
            table = await alice.create_table("rummi", ["human", "human"])
            await bob.join_table(invite=table["invite"])
            first = await alice.subscribe(table["table"])
            came = await bob.subscribe(table["table"])
            here = await pushed_presence(alice, 1, True)
            await bob.close()
            gone = await pushed_presence(alice, 1, False)
            await alice.close()
            return first, came, here, gone

    first, came, here, gone = asyncio.run(play())
    assert first["seats"][0]["presence"] == {"online": True, "away_since": None}  # alice herself
    assert first["seats"][1]["presence"]["online"] is False  # bob not there yet
    assert came["seats"][0]["presence"]["online"] and came["seats"][1]["presence"]["online"]
    assert here["seats"][1] == {"online": True, "away_since": None}
    assert gone["seats"][1]["online"] is False and gone["seats"][1]["away_since"] > 0
    assert gone["seats"][0]["online"]


def test_a_computer_seat_has_no_presence(tmp_path):
    async def play():
        async with running_server(tmp_path / "server.sqlite3") as url:
            alice = await signed_in(url, "alice")
            table = await alice.create_table("rummble", ["human", "easy"])
            game = await alice.subscribe(table["table"])
            await alice.close()
            return game

    game = asyncio.run(play())
    assert game["seats"][1]["presence"] is None and game["seats"][0]["presence"]["online"]


# ---- the words --------------------------------------------------------------------------------

def test_away_words_name_the_time_and_the_day_when_it_is_not_today():
    import time

    now = time.mktime((2026, 12, 2, 21, 30, 0, 0, 0, -1))
    assert away_words(now - 26 * 60, now) == "away since 21:04"
    assert away_words(now - 3 * 86400, now).startswith("away since 29 Nov")
    assert away_words(None, now) == "not here yet"


# ---- a damaged or hostile message at the client --------------------------------------------------

class NewsLink:
    """A link whose pushed messages are scripted (the table only reads them here)."""

    status = "connected"

    def __init__(self) -> None:
        self.arrivals: list[dict] = []

    def news(self) -> list[dict]:
        taken, self.arrivals = self.arrivals, []
        return taken


BOB_ONLINE = {"online": True, "away_since": None}
HOSTILE_PRESENCE = [{"away_since": 5}, {"online": "no"}, {"online": False, "away_since": "21:04"},
                    {"online": False, "away_since": 1e300}, {"online": False, "away_since": -5},
                    {"online": False, "away_since": float("nan")}, {"online": False, "away_since": True},
                    "online", 7, [True]]


def test_a_hostile_presence_never_crashes_the_table_and_shows_as_not_known():
    import pygame

    from rummi_desktop.scenes.connection_chip import draw_people
    from rummi_desktop.scenes.network_play import NetworkPlay
    from rummi_desktop.ui.theme import fallback_theme

    link = NewsLink()
    first = {"type": "game", "table": "t1", "seat": 0, "version": 1, "status": "playing",
             "seats": [{"label": "human", "name": "ann", "presence": BOB_ONLINE},
                       {"label": "human", "name": "bob", "presence": {"online": "yes"}}]}
    play = NetworkPlay(link, first)
    assert play.others_presence() == []  # bob's damaged presence is not known, not a crash
    surface = pygame.Surface((1280, 800))
    for sent in HOSTILE_PRESENCE:
        link.arrivals = [{"type": "presence", "table": "t1", "seats": [BOB_ONLINE, BOB_ONLINE]},
                         {"type": "presence", "table": "t1", "seats": [BOB_ONLINE, sent]},
                         {"type": "presence", "table": "t1", "seats": sent},
                         {**first, "version": 1, "seats": [BOB_ONLINE, {"label": "human", "presence": sent}]}]
        play.take_news(lambda message: None)
        assert play.others_presence() == [], sent
        draw_people(surface, fallback_theme(), play.others_presence())
    link.arrivals = [{"type": "presence", "table": "t1", "seats": [BOB_ONLINE, {"online": False, "away_since": 60.0}]}]
    play.take_news(lambda message: None)
    assert play.others_presence() == [("bob", False, 60.0)]  # a sound one still reads as sent


def test_leaving_a_table_after_the_link_closed_fails_at_once_and_queues_nothing():
    """The table closes after the lobby closed the link (the window closing): its unsubscribe
    must not sit forever on the stopped loop, nor leave a coroutine never awaited."""
    import gc
    import warnings

    from rummi_desktop.net.link import ClientLink
    from rummi_desktop.scenes.network_play import NetworkPlay

    link = ClientLink("ws://127.0.0.1:9")
    play = NetworkPlay(link, {"type": "game", "table": "t1", "seat": 0, "version": 1, "seats": []})
    link.close()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        play.leave()
        future = link.submit(lambda client: client.unsubscribe("t1"))
        gc.collect()
    assert future.done() and isinstance(future.exception(), ConnectionError)
    assert not [w for w in caught if "never awaited" in str(w.message)], caught


def test_presence_notices_are_answered_off_the_notice_listener():
    """The listener awaits each notice before reading the next (NoticeDispatch.take's callers): a new
    process's introduction, a notify per person online here, must not hold it up."""
    import time

    from rummi_desktop.net.server import GameServer

    class SlowStore:
        tables = None

        def __init__(self) -> None:
            self.release, self.sent = asyncio.Event(), []

        async def notify(self, payload: str) -> None:
            await self.release.wait()
            self.sent.append(payload)

    async def run():
        store = SlowStore()
        server = GameServer(store, shared=True)
        server.presence.arrived("t", "ann", time.time())
        listener = asyncio.ensure_future(server.dispatch.take(notices.heartbeat_notice("another process")))
        for _ in range(10):
            await asyncio.sleep(0)
        read_on = listener.done()
        store.release.set()
        for _ in range(10):
            await asyncio.sleep(0)
        listener.cancel()
        return read_on, store.sent, server.presence.process

    read_on, sent, process = asyncio.run(run())
    assert read_on, "the listener waited for the introduction's notifies"
    said = [notices.parse(payload) for payload in sent]
    assert [(notice.kind, notice.subject) for notice in said] == [("h", process), ("p", "ann")]  # the introduction still went


def test_closing_a_link_leaves_no_task_pending_and_refuses_a_late_connect(tmp_path, recwarn):
    import gc

    import pytest

    from rummi_desktop.net.link import ClientLink

    async def serve_a_while(url_box, stop):
        async with running_server(tmp_path / "server.sqlite3") as url:
            url_box.append(url)
            await stop.wait()

    import threading

    url_box, stop_box = [], []
    loop = asyncio.new_event_loop()

    def run():
        stop_box.append(asyncio.Event())
        loop.run_until_complete(serve_a_while(url_box, stop_box[0]))

    server = threading.Thread(target=run, daemon=True)
    server.start()
    while not url_box:
        threading.Event().wait(0.05)
    link = ClientLink(url_box[0])
    link.connect().result(20)
    link.close()
    assert link._loop.is_closed()
    with pytest.raises(ConnectionError):
        link.connect().result(1)
    loop.call_soon_threadsafe(stop_box[0].set)
    server.join(20)
    gc.collect()
    assert not [w for w in recwarn if "never awaited" in str(w.message)]


def test_a_request_its_closed_link_cancelled_is_dropped_quietly_by_the_lobby():
    """Closing a link now cancels what it had in flight; the lobby's waiting requests must take
    that as moot (it raised CancelledError when the player connected to another server)."""
    from concurrent.futures import Future

    from rummi_desktop.scenes.online.pending import Pending

    pending, answers, errors = Pending(), [], []
    cancelled, answered = Future(), Future()
    cancelled.cancel()
    answered.set_result("tables")
    pending.add(cancelled, answers.append)
    pending.add(answered, answers.append)
    pending.take_done(errors.append)
    assert answers == ["tables"] and errors == [] and not pending.waiting
