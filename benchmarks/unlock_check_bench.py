"""How long the unlock check after a finished game takes with N games recorded: the records'
summary index read (warm, as after the statistics screen or the previous game) and every
milestone worked out for one profile.

    python benchmarks/unlock_check_bench.py [N]
"""

from __future__ import annotations

import copy
import datetime as dt
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp()

from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402

word_lists.install()

from profile_support import finished_record  # noqa: E402
from rummi_desktop.storage.game_records import write_record  # noqa: E402
from rummi_desktop.storage.record_index import read_summaries  # noqa: E402
from rummi_desktop.records.unlock_check import newly_earned  # noqa: E402

PROFILE = "p-0000000a"


def main(count: int) -> None:
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    games = [finished_record(key, seed, {0: PROFILE}, start + dt.timedelta(hours=seed))[1]
             for key in ("rummi", "rummble", "tumblewords") for seed in (1, 2, 3)]
    for number in range(count):
        record = copy.deepcopy(games[number % len(games)])
        record["id"] = record["id"][:-8] + secrets.token_hex(4)
        write_record(record)
    read_summaries()  # the index is built once (the statistics screen or the first game's check)
    for label in ("first check (writes the unlocks)", "next check (nothing new)"):
        began = time.perf_counter()
        found = newly_earned([PROFILE])
        print(f"{label}: {count} games, {len(found)} new unlocks in {(time.perf_counter() - began) * 1000:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
