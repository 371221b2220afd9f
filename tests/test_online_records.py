"""A server game's local record: the round of a server match that ends at the table is written
to this computer's records, marked online and credited to the profile played under; every
window that saw it end names it alike (id and digest), so a profile sync that finds the
server's copy (another computer's, with its own think times and rebuilt state) counts the game
once. The server is real (127.0.0.1); the table is fed the server's messages."""

from __future__ import annotations

import asyncio

from net_support import running_server, signed_in
from test_rummi_online_results import match_at_its_last_pass, match_message
from rummi_desktop.games import GAMES
from rummi_desktop.net.profile_sync import sync_profile
from rummi_desktop.net.record_bodies import pack
from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.records.stat_totals import profile_game_stats
from rummi_desktop.records.transfer import Folders
from rummi_desktop.storage.game_records import read_records
from rummi_desktop.storage.record_digest import digest_of
from test_rummi_flow_support import key, steps


def alice_chosen() -> str:
    book, _ = load_profiles()
    alice = book.create("Alice", created="2026-11-01T10:00:00+00:00")
    book.last_person = alice.id
    save_profiles(book)
    return alice.id


def finish_round_one(tmp_path, monkeypatch):
    truth, link, app, session, table = match_at_its_last_pass(tmp_path, monkeypatch)
    key(app, "d")  # our pass blocks round 1
    steps(app, 3)
    truth.perform("draw")
    echo = match_message(truth, 2)
    echo["last"], echo["updated"] = {"seat": 0, "verbs": ["draw"], "actions": ["draw"]}, 1_795_000_000.5
    link.inbox.append(echo)
    steps(app, 5)
    return truth


def test_a_server_rounds_record_is_marked_online_and_counted_once_after_a_sync(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    profile = alice_chosen()
    truth = finish_round_one(tmp_path, monkeypatch)
    records, _ = read_records()
    assert len(records) == 1
    mine = records[0]
    assert mine["online"] == {"table": "t1", "seat": 0, "round": 1}
    assert mine["finished_at"] == "2026-11-18T11:06:40+00:00"  # the server's time of the version that ended it
    assert mine["seats"][0]["profile"] == profile and mine["mode"].startswith("Online · Parlor League")
    assert [seat["score"] for seat in mine["seats"]] == list(truth.match.rounds[0].result.scores)
    # The same game as another computer of the account recorded it: its own think times and stats.
    theirs = {**mine, "duration_seconds": mine["duration_seconds"] + 41.5, "log": [],
              "seats": [{**seat, "stats": {**seat["stats"], "turns": 9}} for seat in mine["seats"]]}
    assert theirs != mine and digest_of(theirs) == digest_of(mine)

    async def sync_against_the_servers_copy():
        async with running_server(tmp_path / "server.db") as url:
            other = await signed_in(url, "alice")
            await other.request("records_put", records=[{"id": theirs["id"], "body": pack(theirs)}])
            await other.close()
            client = await signed_in(url, "alice", register=False)
            result = await sync_profile(client, profile, Folders())
            await client.close()
            return result

    result = asyncio.run(sync_against_the_servers_copy())
    assert result.ok and "differs" not in result.message and (result.up, result.down) == (0, 0)
    records, _ = read_records()
    stats = profile_game_stats(records, profile, "rummi", measures_of(GAMES["rummi"]))
    assert len(records) == 1 and stats.games == 1
