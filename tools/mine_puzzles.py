"""Mine the shipped Rummble or Tumblewords puzzles and write rummi_desktop/assets/puzzles/<game>.toml.

    .venv/bin/python tools/mine_puzzles.py --game rummble --count 24 --seed 1
    .venv/bin/python tools/mine_puzzles.py --game tumblewords --count 24 --seed 1

Runs the game's own miner (``rummi_desktop.puzzles.<game>_puzzles.mine``: seeded computer
games, positions whose best answer beats the next by the game's margin), sorts the puzzles
into the game's packs by difficulty band, checks every one with ``verify`` and the puzzle
record, and writes the file atomically with a header naming this command. Nothing is written
when any puzzle fails its checks.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummi_desktop.entry_points import load_module  # noqa: E402
from rummi_desktop.games import find_game  # noqa: E402
from rummi_desktop.puzzles.mined_puzzles import as_packs  # noqa: E402
from rummi_desktop.puzzles.record import PuzzleFile  # noqa: E402
from rummi_desktop.storage import word_lists  # noqa: E402
from rummi_desktop.storage.puzzle_files import write_puzzle_file  # noqa: E402

GAMES = ("rummble", "tumblewords")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--count", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    word_lists.install()
    module = load_module(find_game(args.game), "puzzles")
    started = time.perf_counter()
    puzzles = module.mine(args.seed, args.count)
    data = as_packs(args.game, puzzles, module.PACKS)
    problems = [f"{p['id']}: {problem}" for p in data["puzzles"] for problem in module.verify(p)]
    if problems:
        print("not written:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    command = f".venv/bin/python tools/mine_puzzles.py --game {args.game} --count {args.count} --seed {args.seed}"
    header = (f"# The shipped {args.game} puzzles, mined by:\n#   {command}\n"
              "# Regenerate rather than edit by hand: every puzzle is verified against the game's rules.\n\n")
    path = ROOT / "rummi_desktop" / "assets" / "puzzles" / f"{args.game}.toml"
    write_puzzle_file(path, PuzzleFile.from_dict(data), header)
    seconds = time.perf_counter() - started
    print(f"{path.relative_to(ROOT)}: {len(data['puzzles'])} puzzles in {len(data['packs'])} packs ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
