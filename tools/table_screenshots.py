"""Screenshots of every game's table, puzzle table and sandbox, drawn by the real scenes
off-screen (SDL dummy driver) from fixed positions and a fixed number of frames, so two
checkouts can be compared picture by picture (the same drawing gives the same bytes):

    .venv/bin/python tools/table_screenshots.py OUT_DIR

Writes rummi_table.png, rummble_puzzle.png, tumblewords_sandbox.png, ... into OUT_DIR, with user
folders in a throw-away directory. For eyes and before/after checks; the tests check drawing on
their own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["RUMMI_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="rummi-table-shots-")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

FRAME = 1 / 60
FRAMES = 120  # two seconds: every glide has landed and the turn banner is up


def new_app():
    from rummi_desktop.shell.app import App
    from rummi_desktop.shell.settings import Settings

    return App(persist=False, settings=Settings(animation_speed="instant"))


def shoot(app, out: Path, name: str) -> None:
    import pygame

    for _ in range(FRAMES):
        app.step(FRAME)
    pygame.image.save(app.screen, str(out / f"{name}.png"))


def game_tables(out: Path) -> None:
    """Each game's table at a person's turn, from a position the tests use too."""
    import test_rummble_scene_support as rummble
    import test_rummi_flow_support as rummi
    import tumblewords_scene_support as tumblewords

    app = new_app()
    rummi.open_table(app, rummi.session_from_position(
        ["R1 R2 R3", "K7 B7 Y7"], ["K10 K11 K12 B5 Y9 J", "B1 B2 B3 Y4"], opened=[True, True]), autosave=False)
    shoot(app, out, "rummi_table")
    app = new_app()
    rummble.open_table(app, rummble.session_from_position(
        [(6, 5, "R2"), (6, 6, "B3"), (6, 7, "K4")], ["K1 Y1 R5 B9 J Y12 K13 R8 B8 Y8", "R9 R10"]))
    shoot(app, out, "rummble_table")
    app = new_app()
    tumblewords.open_table(app, tumblewords.session_from(["..CA.S.."], ["TOPSEAR", "ABCDEFG"]))
    shoot(app, out, "tumblewords_table")


def puzzle_tables(out: Path) -> None:
    from test_puzzles import SPLIT
    from puzzle_table_support import RUMMBLE_PUZZLE, TUMBLEWORDS_PUZZLE, Outcomes
    from rummi_desktop.games.rummble.table import puzzle_table as rummble
    from rummi_desktop.games.rummi.table import puzzle_table as rummi
    from rummi_desktop.games.tumblewords.table import puzzle_table as tumblewords

    for name, scene, puzzle in (("rummi_puzzle", rummi.puzzle_table, SPLIT),
                                ("rummble_puzzle", rummble.puzzle_table, RUMMBLE_PUZZLE),
                                ("tumblewords_puzzle", tumblewords.puzzle_table, TUMBLEWORDS_PUZZLE)):
        app = new_app()
        app.stack.push(scene(app, puzzle, Outcomes()))
        shoot(app, out, name)


def sandboxes(out: Path) -> None:
    from rummi_desktop.games.rummble.table.sandbox import sandbox_table as rummble_sandbox
    from rummi_desktop.games.rummi.table.sandbox import sandbox_table as rummi_sandbox
    from rummi_desktop.games.tumblewords.table.sandbox import sandbox_table as tumblewords_sandbox

    for name, scene in (("rummi_sandbox", rummi_sandbox), ("rummble_sandbox", rummble_sandbox),
                        ("tumblewords_sandbox", tumblewords_sandbox)):
        app = new_app()
        app.stack.push(scene(app))
        shoot(app, out, name)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    import pygame

    from rummi_desktop.entry_points import start_games

    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    start_games()
    game_tables(out)
    puzzle_tables(out)
    sandboxes(out)
    print(f"wrote {len(list(out.glob('*.png')))} screenshots to {out}")
    return 0


if __name__ == "__main__":  # the thinking process starts by importing this module again
    sys.exit(main(sys.argv[1:]))
