"""How long the statistics take to open with many finished games on disk: N records written
(copies of seeded games of each game), then every record read in full (what export does) and
the summaries read through the index, cold (building it) and warm.

    python benchmarks/stats_records_bench.py [N]
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
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from rummi_desktop.games.tumblewords.storage import word_lists# noqa: E402

word_lists.install()

from profile_support import finished_record  # noqa: E402
from rummi_desktop.storage.game_records import read_records, write_record  # noqa: E402
from rummi_desktop.storage.record_index import read_summaries  # noqa: E402


def main(count: int) -> None:
    folder = Path(tempfile.mkdtemp())
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    games = [finished_record(key, seed, {0: "p-0000000a"}, start + dt.timedelta(hours=seed))[1]
             for key in ("rummi", "rummble", "tumblewords") for seed in (1, 2, 3)]
    for number in range(count):
        record = copy.deepcopy(games[number % len(games)])
        record["id"] = record["id"][:-8] + secrets.token_hex(4)
        write_record(record, folder)
    for label, read in (("full records", read_records), ("index, cold", read_summaries),
                        ("index, warm", read_summaries)):
        began = time.perf_counter()
        found, _ = read(folder)
        print(f"{label:>13}: {len(found)} games in {time.perf_counter() - began:.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
