"""The share code's length for a mid-game position of each game, in both formats:

    .venv/bin/python tools/share_code_lengths.py [SEED]

Plays each game's seeded computer game (the puzzle miners' own, ``positions_of_game`` /
``game_positions``) and takes the middle position of its first 30–40 turns once the table is
open; prints one JSON line per game: the code of format 2 (``RD2-``, what Share gives: the
position alone) and the length the first format (``RD1-``, the whole scenario puzzle as JSON)
gave for it. The figures in the README come from seed 1 (Rummi's varies by a few characters
from run to run: its computer seats think against a clock, so its game is not always the same).
"""

from __future__ import annotations

import base64
import itertools
import json
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def mid_game_positions(seed: int):
    from rummi_desktop.games.rummble.puzzles import mining as rummble
    from rummi_desktop.games.rummi.puzzles import mining as rummi
    from rummi_desktop.games.tumblewords.puzzles import mining as tumblewords
    from rummi_desktop.games.tumblewords.storage import word_lists

    word_lists.install()
    turns = list(itertools.islice(rummi.game_positions(seed), 40))
    table, rack, _ = turns[len(turns) // 2]
    yield {"game": "rummi", "table": [[t.notation() for t in meld] for meld in table],
           "rack": [t.notation() for t in rack], "initial": False}
    boards = [rummble._position(state) for state, _ in itertools.islice(rummble.positions_of_game(seed), 30)]
    yield boards[len(boards) // 2]
    grids = [tumblewords.position_of(state) for state, _ in itertools.islice(tumblewords.positions_of_game(seed), 30)]
    yield grids[len(grids) // 2]


def first_format(data: dict) -> str:
    from rummi_desktop.puzzles.share_code import canonical_json

    return "RD1-" + base64.urlsafe_b64encode(zlib.compress(canonical_json(data).encode(), 9)).decode().rstrip("=")


def main(argv: list[str]) -> int:
    from rummi_desktop.puzzles.share_code import decode
    from rummi_desktop.scenes.sandbox import scenario_files as files

    seed = int(argv[0]) if argv else 1
    for position in mid_game_positions(seed):
        code = files.share_code(position)
        assert decode(code) == position
        tiles = (sum(map(len, position.get("table", []))) + len(position.get("board", []))
                 + sum(letter != "." for row in position.get("rows", []) for letter in row))
        print(json.dumps({"game": position["game"], "board_tiles": tiles, "rd2_chars": len(code),
                          "rd1_chars": len(first_format(files.scenario_puzzle(position, None))), "code": code}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
