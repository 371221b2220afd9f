"""The ``rummble`` bench scene: a crowded board (65 tiles in five full rows) with four computer
seats playing, animations on, while the frame loop is timed (``rummi-desktop bench --scene
rummble``). A finished game starts again from the same crowded board, with new racks.

The seats think in a thinking process, exactly as in a real game. Until Rummble's computer
seats exist (its "computer" entry point), they play through a simple stand-in here, in that
same process: the best single tile (most points) next to the board, else a pass.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rummi_desktop.games.rummble.board import SQUARES, Board, Laid
from rummi_desktop.games.rummble.moves import Pass, Placement, Play
from rummi_desktop.games.rummble.play import check_play
from rummi_desktop.games.rummble.state import RummbleParameters, RummbleState
from rummi_desktop.tiles import COLOURS, JOKER, Tile

if TYPE_CHECKING:
    from rummi_desktop.app import App

BENCH_SEATS = ("hard", "expert", "medium", "hard")
FULL_ROWS = (0, 3, 6, 9, 12)
STAND_IN = "rummi_desktop.bench_rummble:stand_in_task"


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


def stand_in_move(view: dict[str, Any]) -> str:
    """The best-scoring single tile next to the board (jokers kept), else a pass."""
    board = Board.from_tiles([(row, col, text) for row, col, text in view["board"]])
    best: tuple[int, int, Laid] | None = None
    for text in sorted(set(view["rack"])):
        tile = Tile.parse(text)
        if tile.is_joker:
            continue
        laid = Laid.of(tile)
        for sq in range(SQUARES):
            if board.cells[sq] is None:
                verdict = check_play(board, [(sq, laid)], view["highest"], explain=False)
                if verdict.legal and (best is None or verdict.score > best[0]):
                    best = (verdict.score, sq, laid)
    if best is None:
        return Pass().notation()
    return Play((Placement(*divmod(best[1], 13), best[2]),)).notation()


def stand_in_task(task: dict[str, Any], deadline: float, cancel: Any) -> str:
    """The thinking process's handler for the stand-in seats."""
    return stand_in_move(task["view"])


class StandInSeats:
    """ComputerSeats' interface over the stand-in, in its own thinking process."""

    def __init__(self) -> None:
        from rummi_desktop.ai_worker import ThinkingProcess

        self.process = ThinkingProcess(STAND_IN)

    def prepare(self) -> None:
        pass

    def start(self, state: Any, tier: str, budget: float = 2.0):
        from rummi_desktop.games.rummble.spec import RUMMBLE

        view = RUMMBLE.seat_view(state, state.current)
        return self.process.submit({"game": "rummble", "tier": tier, "view": view}, budget, f"{tier} seat")

    def close(self) -> None:
        self.process.close()


def setup_bench(app: "App"):
    from rummi_desktop.scenes.rummble.session import RummbleSeatStats, RummbleSession, RummbleSetup
    from rummi_desktop.scenes.rummble.table_scene import RummbleTableScene
    from rummi_desktop.scenes.rummble.turn_flow import computers_available
    from rummi_desktop.seats import SeatConfig
    from rummi_desktop.ui.felt import felt_surface

    class BenchTable(RummbleTableScene):
        """The real table; a finished game restarts from the crowded board."""

        def __init__(self) -> None:
            setup = RummbleSetup(tuple(SeatConfig(kind, kind.title()) for kind in BENCH_SEATS), "standard", 1)
            self.games = 0
            super().__init__(app, RummbleSession(setup, self._crowded(), [RummbleSeatStats() for _ in BENCH_SEATS]),
                             autosave=False)
            if not computers_available():
                self.flow.computers.close()
                self.flow.computers = StandInSeats()
                self.flow.seats_think = True
            self.viewer = 0
            self.relayout()

        def _crowded(self) -> RummbleState:
            self.games += 1
            board, racks, pool = crowded_position(self.games)
            params = RummbleParameters(BENCH_SEATS, self.games)
            return RummbleState.from_position(params, board, racks, current=0, pool=pool)

        def begin_turn(self) -> None:
            super().begin_turn()
            if self.viewer != 0:
                self.viewer = 0
                self.relayout()

        def show_round_end(self) -> None:
            self.session.state = self._crowded()
            self.view.sprites.keep_only(set())
            self.view.log.clear()
            self.begin_turn()

    table = BenchTable()
    felt_surface(app.theme, app.screen.get_size())
    app.stack.push(table)
    app.stack.apply_pending()
    table.draw(app.screen)
    return None
