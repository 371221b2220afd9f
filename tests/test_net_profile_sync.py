"""Profile sync over real sockets on 127.0.0.1: two computers (two data folders) and one account.
Computer A has Alice's games, puzzle progress and unlocks; after a sync on each, computer B has
the same statistics and the same unlocks. Syncing again moves nothing, a record edited into a
conflict is kept on both sides, and batches past the limits are refused in plain words."""

from __future__ import annotations

import asyncio
import datetime as dt
import json

import pytest

from net_support import running_server, signed_in
from profile_support import finished_record
from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.games import GAMES
from rummi_desktop.net import record_handlers
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.profile_sync import sync_profile
from rummi_desktop.net.record_bodies import MAX_BODY_CHARS, digest_of, pack
from rummi_desktop.records.profiles import ProfileBook
from rummi_desktop.records.stat_totals import profile_game_stats
from rummi_desktop.storage.game_records import read_records, write_record
from rummi_desktop.records.transfer import Folders
from rummi_desktop.records.profile_file import load_profiles, save_profiles
from rummi_desktop.trainer.puzzle_files import shipped_puzzles
from rummi_desktop.trainer.progress_file import ProgressBook, read_book, write_book
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.records.unlock_state import hard_pack_progress, read_unlocks
from rummi_desktop.trainer.attempts import book_attempt
from rummi_desktop.records.unlock_check import newly_earned
from rummi_desktop.records.unlocks import earned_keys, profile_facts

WHEN = dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.timezone.utc)


class Computer:
    """One computer's data folder; ``use()`` points the user data folder at it (unlock checks
    read the default folders)."""

    def __init__(self, root, monkeypatch) -> None:
        self.root, self.monkeypatch = root, monkeypatch
        data = root / "data"
        self.folders = Folders(data, data / "records")

    def use(self) -> "Computer":
        self.monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(self.root))
        return self

    def profiles(self) -> ProfileBook:
        return load_profiles(self.folders.profiles)[0]

    def records(self) -> list[dict]:
        return read_records(self.folders.records)[0]

    def stats(self, profile_id: str) -> dict:
        records = self.records()
        return {key: profile_game_stats(records, profile_id, key, measures_of(spec)) for key, spec in GAMES.items()}

    def earned(self, profile_id: str) -> set[str]:
        summaries = read_summaries(self.folders.records)[0]
        book = read_book(self.folders.progress_file)[0]
        return earned_keys(profile_facts(summaries, profile_id, hard_pack_progress(profile_id, book)))

    def unlock_state(self, profile_id: str) -> dict[str, str]:
        return read_unlocks(profile_id, self.folders.unlocks_folder)[0].earned


@pytest.fixture
def computers(tmp_path, monkeypatch):
    return Computer(tmp_path / "a", monkeypatch), Computer(tmp_path / "b", monkeypatch)


def alice_plays_on(computer: Computer) -> str:
    """Alice's profile on ``computer`` with four finished games, a hard puzzle pack solved and
    the unlocks that earns, announced there once."""
    computer.use()
    book = ProfileBook()
    alice = book.create("Alice", created="2026-11-01T10:00:00+00:00")
    save_profiles(book, computer.folders.profiles)
    for seed, key in enumerate(("rummi", "rummble", "tumblewords", "rummble"), start=1):
        write_record(finished_record(key, seed, {0: alice.id, 1: alice.id} if seed == 4 else {0: alice.id}, WHEN)[1],
                     computer.folders.records)
    progress = ProgressBook()
    for puzzle in shipped_puzzles("rummi").puzzles:
        if puzzle.pack == "rummi-hard":
            book_attempt(progress.of(alice.id), "rummi", {"id": puzzle.id}, True, 30.0, 0)
    write_book(progress, computer.folders.progress_file)
    assert {key for _, unlock in newly_earned([alice.id]) for key in [unlock.key]} >= {"gilded", "midnight"}
    return alice.id


def sync(client, profile_id, computer: Computer):
    computer.use()
    return sync_profile(client, profile_id, computer.folders)


def test_a_profile_restores_on_another_computer_with_the_same_statistics_and_unlocks(tmp_path, computers):
    a, b = computers
    alice = alice_plays_on(a)

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            first = await sync(laptop, alice, a)
            assert first.ok and first.message == "Synced Alice: 4 games up, 0 down.", first.message
            version = (await laptop.request("profile_get"))["version"]
            assert (await sync(laptop, alice, a)).message == "Synced Alice: 0 games up, 0 down."
            assert (await laptop.request("profile_get"))["version"] == version  # nothing written again

            desktop = await signed_in(url, "alice", register=False)
            restored = await sync(desktop, None, b)  # no profile chosen there yet: restore the account's
            assert restored.ok and restored.message == "Synced Alice (new on this computer): 0 games up, 4 down."
            assert restored.profile_id == alice and b.profiles().find(alice) == a.profiles().find(alice)
            again = await sync(desktop, alice, b)
            assert again.message == "Synced Alice: 0 games up, 0 down."
            assert (await laptop.request("profile_get"))["version"] == version
            for client in (laptop, desktop):
                await client.close()

    asyncio.run(run())
    assert b.stats(alice) == a.stats(alice) and b.stats(alice)["rummble"].games == 3
    assert b.earned(alice) == a.earned(alice) >= {"gilded", "midnight"}
    assert b.unlock_state(alice) == a.unlock_state(alice)  # the dates they were first earned, too
    b.use()
    assert newly_earned([alice]) == []  # announced on A already: not announced again on B
    assert read_book(b.folders.progress_file)[0].of(alice) == read_book(a.folders.progress_file)[0].of(alice)


def test_a_record_edited_into_a_conflict_is_kept_on_both_sides(tmp_path, computers):
    a, b = computers
    alice = alice_plays_on(a)
    original = sorted(a.records(), key=lambda r: r["id"])[0]

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            await sync(laptop, alice, a)
            desktop = await signed_in(url, "alice", register=False)
            await sync(desktop, None, b)
            edited = dict(original, duration_seconds=original["duration_seconds"] + 1.0)
            write_record(edited, b.folders.records)  # the same id, other content
            newer = finished_record("tumblewords", 7, {0: alice}, WHEN)[1]
            write_record(newer, b.folders.records)
            result = await sync(desktop, alice, b)
            assert result.ok and result.message == ("Synced Alice: 1 game up, 0 down; 1 game differs from the "
                                                    "server's copy with the same id; each side kept its own."), \
                result.message
            assert (await sync(laptop, alice, a)).message.startswith("Synced Alice: 0 games up, 1 down")
            stored = await laptop.request("records_get", ids=[original["id"]])
            return edited, stored["records"][0]["body"]

    edited, body = asyncio.run(run())
    from rummi_desktop.net.record_bodies import unpack

    assert digest_of(unpack(body)) == digest_of(original)  # the server kept the first copy
    b_copy = next(r for r in b.records() if r["id"] == original["id"])
    a_copy = next(r for r in a.records() if r["id"] == original["id"])
    assert b_copy == edited and a_copy == original  # and each computer its own
    assert len(a.records()) == len(b.records()) == 5


def test_batches_past_the_limits_are_refused_and_store_nothing(tmp_path, computers, monkeypatch):
    a, _ = computers
    alice = alice_plays_on(a)
    record = a.records()[0]
    entry = {"id": record["id"], "body": pack(record)}

    async def refused(client, code, **fields):
        try:
            await client.request("records_put", **fields)
        except ServerError as error:
            assert error.code == code, error
            return error.message
        raise AssertionError("the batch was taken")

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await signed_in(url, "alice")
            many = [{"id": f"r-20261120T183000-{n:08x}", "body": "x"} for n in range(65)]
            assert "'records' is too long (at most 64)" in await refused(client, "bad_field", records=many)
            huge = [dict(entry, body="A" * (MAX_BODY_CHARS + 1))]
            assert "'body' is too long" in await refused(client, "bad_field", records=huge)
            assert "at most 32768 bytes" in await refused(client, "too_large", records=[dict(entry, body="A" * MAX_BODY_CHARS)] * 2)
            damaged = [entry, dict(entry, id="r-20261120T183000-0000000f", body="not packed")]
            assert "record 2 (r-20261120T183000-0000000f) is not a packed record" in \
                await refused(client, "bad_record", records=damaged)
            other = [dict(entry, id="r-20261120T183000-0000000e")]
            assert "holds the game" in await refused(client, "bad_record", records=other)
            assert "not in the expected form" in await refused(client, "bad_field", records=[dict(entry, id="../x")])
            assert (await client.request("records_index"))["total"] == 0  # nothing of any of them
            monkeypatch.setattr(record_handlers, "MAX_ACCOUNT_RECORDS", 2)
            three = [pack(r) for r in a.records()[:3]]
            words = await refused(client, "too_many_records",
                                  records=[{"id": r["id"], "body": body} for r, body in zip(a.records(), three)])
            assert "at most 2 finished games" in words and (await client.request("records_index"))["total"] == 0
            result = await sync(client, alice, a)  # a sync says so and keeps going
            assert result.ok and "the server is full for this account" in result.message
            await client.close()

    asyncio.run(run())


def test_the_same_id_with_other_content_is_kept_first_and_named(tmp_path, computers):
    a, _ = computers
    alice_plays_on(a)
    record = a.records()[0]
    changed = dict(record, mode="9 seats")

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await signed_in(url, "alice")
            first = await client.request("records_put", records=[{"id": record["id"], "body": pack(record)}])
            assert (first["stored"], first["differing"], first["total"]) == (1, [], 1)
            again = await client.request("records_put", records=[{"id": record["id"], "body": pack(record)},
                                                                 {"id": record["id"], "body": pack(changed)}])
            assert (again["stored"], again["already"], again["differing"]) == (0, 1, [record["id"]])
            index = await client.request("records_index")
            assert index["records"] == [[record["id"], digest_of(record)]] and index["next"] is None
            await client.close()

    asyncio.run(run())


def test_many_records_go_up_and_down_in_batches_and_pages(tmp_path, computers, monkeypatch):
    from rummi_desktop.net import profile_sync

    a, b = computers
    alice = alice_plays_on(a)
    model = a.records()[0]
    for number in range(56):
        write_record(dict(model, id=f"r-20261121T0000{number:02d}-{number:08x}"), a.folders.records)
    monkeypatch.setattr(profile_sync, "INDEX_PAGE", 25)  # the client reads the index 25 at a time: three pages
    monkeypatch.setattr(record_handlers, "REPLY_BYTES", 8000)  # a records reply holds only a few bodies

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            assert (await sync(laptop, alice, a)).message == "Synced Alice: 60 games up, 0 down."
            puts = [m for m in map(json.loads, laptop.received) if m.get("type") == "records_stored"]
            assert len(puts) > 1 and sum(m["stored"] for m in puts) == 60  # more than one message's worth
            desktop = await signed_in(url, "alice", register=False)
            assert (await sync(desktop, None, b)).message == "Synced Alice (new on this computer): 0 games up, 60 down."
            replies = [m for m in map(json.loads, desktop.received) if m.get("type") in ("records_index", "records")]
            assert [m["next"] is None for m in replies if m["type"] == "records_index"] == [False, False, True]
            assert any(m["more"] for m in replies if m["type"] == "records")  # the rest asked for again
            page = await desktop.request("records_index", limit=50)
            rest = await desktop.request("records_index", after=page["next"])
            assert (len(page["records"]), len(rest["records"]), rest["next"], page["total"]) == (50, 10, None, 60)
            assert (await sync(desktop, alice, b)).message == "Synced Alice: 0 games up, 0 down."
            for client in (laptop, desktop):
                await client.close()

    asyncio.run(run())
    assert {r["id"] for r in b.records()} == {r["id"] for r in a.records()}
    assert b.stats(alice) == a.stats(alice)


def test_an_account_keeps_one_profile_and_refuses_to_mix_in_another(tmp_path, computers):
    a, b = computers
    alice = alice_plays_on(a)
    b.use()
    book = ProfileBook()
    bob = book.create("Bob")
    save_profiles(book, b.folders.profiles)

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            guest = await sync(laptop, None, a)
            assert not guest.ok and "Choose your profile" in guest.message
            await sync(laptop, alice, a)
            desktop = await signed_in(url, "alice", register=False)
            refused = await sync(desktop, bob.id, b)
            assert not refused.ok and "This account keeps the profile Alice" in refused.message
            await client_close(laptop, desktop)

    asyncio.run(run())
    assert b.records() == [] and [p.name for p in b.profiles().profiles] == ["Bob"]


async def client_close(*clients) -> None:
    for client in clients:
        await client.close()


def test_profile_sync_on_postgresql_across_two_computers(tmp_path, computers):
    from pg_cluster import Cluster

    a, b = computers
    alice = alice_plays_on(a)
    cluster = Cluster().start()

    async def run():
        async with running_server(cluster.url) as url:
            laptop = await signed_in(url, "alice")
            assert (await sync(laptop, alice, a)).message == "Synced Alice: 4 games up, 0 down."
            desktop = await signed_in(url, "alice", register=False)
            assert (await sync(desktop, None, b)).message == "Synced Alice (new on this computer): 0 games up, 4 down."
            assert (await sync(laptop, alice, a)).message == "Synced Alice: 0 games up, 0 down."
            again = await laptop.request("records_put", records=[{"id": r["id"], "body": pack(r)} for r in a.records()])
            assert (again["stored"], again["already"], again["total"]) == (0, 4, 4)
            await client_close(laptop, desktop)

    try:
        asyncio.run(run())
    finally:
        cluster.stop()
    assert b.stats(alice) == a.stats(alice) and b.earned(alice) == a.earned(alice)


def test_two_computers_giving_one_new_account_two_profiles_at_once_get_one(tmp_path, computers):
    a, b = computers
    alice = alice_plays_on(a)
    b.use()
    book = ProfileBook()
    bea = book.create("Bea")
    save_profiles(book, b.folders.profiles)
    write_record(finished_record("tumblewords", 3, {0: bea.id}, WHEN)[1], b.folders.records)

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            laptop = await signed_in(url, "alice")
            desktop = await signed_in(url, "alice", register=False)
            results = await asyncio.gather(sync_profile(laptop, alice, a.folders), sync_profile(desktop, bea.id, b.folders))
            index = await laptop.request("records_index")
            await client_close(laptop, desktop)
            return results, index

    results, index = asyncio.run(run())
    assert sorted(result.ok for result in results) == [False, True]
    winner = next(result for result in results if result.ok)
    assert index["total"] == (4 if winner.profile_id == alice else 1)  # only the winner's games went up
