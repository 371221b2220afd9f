"""The ``rummble`` bench scene: a crowded board (65 tiles in five full rows) with four computer
seats playing, animations on, while the frame loop is timed (``rummi-desktop bench --scene
rummble``). A finished game starts again from the same crowded board, with new racks.

The seats think in the thinking process, exactly as in a real game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rummi_desktop.games.rummble.rules.board import Laid
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.tiles import COLOURS, JOKER, Tile

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

BENCH_SEATS = ("hard", "expert", "medium", "hard")
FULL_ROWS = (0, 3, 6, 9, 12)


def crowded_position(seed: int) -> tuple[list, list[list[Tile]], list[Tile]]:
    """Five rows of 1–13 in one colour each (65 tiles); the rest dealt, one left in the pool."""
    board = [(row, n - 1, Laid(COLOURS[index % 4], n)) for index, row in enumerate(FULL_ROWS) for n in range(1, 14)]
    used = [laid.as_tile for _, _, laid in board]
    rest = [Tile(c, n) for c in COLOURS for n in range(1, 14) for _ in range(2)] + [JOKER, JOKER]
    for tile in used:
        rest.remove(tile)
    random.Random(seed).shuffle(rest)
    racks = [rest[i * 10:(i + 1) * 10] for i in range(len(BENCH_SEATS))]
    return board, racks, rest[len(BENCH_SEATS) * 10:]


def setup_bench(app: "App"):
    from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, RummbleSetup
    from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
    from rummi_desktop.games.seats import SeatConfig
    from rummi_desktop.ui.felt import felt_surface

    from rummi_desktop.scenes.bench_mode import BenchMode

    games = 0

    def crowded() -> RummbleState:
        nonlocal games
        games += 1
        board, racks, pool = crowded_position(games)
        return RummbleState.from_position(RummbleParameters(BENCH_SEATS, games), board, racks, current=0, pool=pool)

    def restart(table: RummbleTableScene) -> None:
        """A finished game restarts from the crowded board."""
        table.session.state = crowded()
        table.view.sprites.keep_only(set())
        table.view.log.clear()

    setup = RummbleSetup(tuple(SeatConfig(kind, kind.title()) for kind in BENCH_SEATS), "standard", 1)
    session = RummbleSession(setup, crowded(), [RummbleSeatStats() for _ in BENCH_SEATS])
    table = RummbleTableScene(app, session, mode=BenchMode(restart))
    table.viewer = 0
    table.relayout()
    felt_surface(app.theme, app.screen.get_size())
    app.stack.push(table)
    app.stack.apply_pending()
    table.draw(app.screen)
    return None
