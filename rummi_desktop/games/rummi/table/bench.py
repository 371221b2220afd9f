"""The ``rummi`` bench scene: a full table (64 tiles in melds) with four computer seats playing,
animations on, while the frame loop is timed (``rummi-desktop bench --scene rummi``).

Every round starts from the same crowded position (dealt with a new seed each time, so the
racks differ), so the table stays full for the whole run. Seat 0's rack is shown, as a
player's would be. The seats think in the thinking process exactly as in a real game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rummi_desktop.games.rummi.rules.state import RummiState
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, SeatConfig
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene
from rummi_desktop.scenes.bench_mode import BenchMode
from rummi_desktop.tiles import COLOURS, JOKER, Tile

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

BENCH_SEATS = ("hard", "expert", "medium", "hard")
RACK_SIZE = 9


def crowded_position(seed: int) -> tuple[list[list[Tile]], list[list[Tile]], list[Tile]]:
    """Four 13-tile runs and three 4-groups on the table (64 tiles); the rest dealt/pooled."""
    table = [[Tile(colour, n) for n in range(1, 14)] for colour in COLOURS]
    table += [[Tile(colour, n) for colour in COLOURS] for n in (10, 11, 12)]
    rest = [Tile(colour, n) for colour in COLOURS for n in range(1, 10)] + [Tile(c, 13) for c in COLOURS]
    rest += [JOKER, JOKER]
    random.Random(seed).shuffle(rest)
    racks = [rest[i * RACK_SIZE:(i + 1) * RACK_SIZE] for i in range(len(BENCH_SEATS))]
    pool = rest[len(BENCH_SEATS) * RACK_SIZE:]
    return table, racks, pool


class CrowdedDeals:
    """The bench's rounds: each starts from the crowded position, with new racks."""

    def __init__(self) -> None:
        self.rounds_played = 0

    def deal(self, session: RummiSession) -> None:
        self.rounds_played += 1
        table, racks, pool = crowded_position(self.rounds_played)
        params = session.match.round_parameters(self.rounds_played)
        session.match.current = RummiState.from_position(
            params, table, racks, current=0, opened=[True] * len(BENCH_SEATS), pool=pool)

    def restart(self, table: RummiTableScene) -> None:
        table.session.match.rounds.clear()
        table.racks.clear()
        table.view.sprites.keep_only(set())
        self.deal(table.session)


def bench_table(app: "App") -> RummiTableScene:
    """The real table scene in the bench mode; a finished round restarts from the crowded position."""
    setup = MatchSetup(tuple(SeatConfig(kind, kind.title()) for kind in BENCH_SEATS), "parlor", 10_000, 0, 1)
    session = RummiSession.new(setup)
    deals = CrowdedDeals()
    deals.deal(session)
    table = RummiTableScene(app, session, mode=BenchMode(deals.restart))
    table.viewer = 0
    table.relayout()
    table.view.warm_tiles(budget=30.0)  # before the timed frames, as a game's loading screen would
    return table


def setup_bench(app: "App"):
    """Deal the table and paint it once before the timed frames (felt, tile pictures)."""
    from rummi_desktop.ui.felt import felt_surface

    table = bench_table(app)
    felt_surface(app.theme, app.screen.get_size())
    app.stack.push(table)
    app.stack.apply_pending()  # the table is entered and dealt before timing starts
    table.draw(app.screen)
    return None
