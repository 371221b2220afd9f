"""How long a profile sync takes with many finished games: N records of one profile on computer
A (copies of seeded games of each game, their index built as the game keeps it), synced up to an embedded server (SQLite, in this
process, over a real socket on 127.0.0.1), restored on an empty computer B, then synced again
on both (nothing moves). Prints one JSON line of seconds and message counts.

    python benchmarks/profile_sync_bench.py [N]
"""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402

word_lists.install()

from net_support import running_server, signed_in  # noqa: E402
from profile_support import finished_record  # noqa: E402
from rummi_desktop.net.profile_sync import sync_profile  # noqa: E402
from rummi_desktop.records.profiles import ProfileBook  # noqa: E402
from rummi_desktop.storage.game_records import write_record  # noqa: E402
from rummi_desktop.records.transfer import Folders  # noqa: E402
from rummi_desktop.records.profile_file import save_profiles  # noqa: E402
from rummi_desktop.storage.record_index import read_summaries  # noqa: E402


def computer_a(root: Path, count: int) -> tuple[Folders, str]:
    folders = Folders(root, root / "records")
    book = ProfileBook()
    alice = book.create("Alice")
    save_profiles(book, folders.profiles)
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    games = [finished_record(key, seed, {0: alice.id}, start + dt.timedelta(hours=seed))[1]
             for key in ("rummi", "rummble", "tumblewords") for seed in (1, 2, 3)]
    for number in range(count):
        record = copy.deepcopy(games[number % len(games)])
        record["id"] = record["id"][:-8] + secrets.token_hex(4)
        write_record(record, folders.records)
    read_summaries(folders.records)  # the index, as the game keeps it warm (every finished game reads it)
    return folders, alice.id


async def timed(client, profile_id, folders) -> tuple[float, str, int]:
    sent_before = len(client.received)
    began = time.perf_counter()
    result = await sync_profile(client, profile_id, folders)
    return round(time.perf_counter() - began, 2), result.message, len(client.received) - sent_before


async def main(count: int) -> None:
    root = Path(tempfile.mkdtemp())
    folders_a, alice = computer_a(root / "a", count)
    folders_b = Folders(root / "b", root / "b" / "records")
    figures = {"records": count}
    async with running_server(root / "s.db") as url:
        laptop = await signed_in(url, "alice")
        desktop = await signed_in(url, "alice", register=False)
        for label, client, profile, folders in (("up_a", laptop, alice, folders_a), ("down_b", desktop, None, folders_b),
                                                ("again_a", laptop, alice, folders_a),
                                                ("again_b", desktop, alice, folders_b)):
            seconds, message, replies = await timed(client, profile, folders)
            figures[label] = {"seconds": seconds, "replies": replies, "message": message}
        await laptop.close()
        await desktop.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000))
