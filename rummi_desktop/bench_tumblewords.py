"""The ``tumblewords`` bench scene: four computer seats playing on the standard board with
Zapper! on (so rows clear and columns drop), letters falling through the physics, while the
frame loop is timed (``rummi-desktop bench --scene tumblewords``). A finished game starts again
with the next deal.

The seats think as in a real game, through the "computer" entry point. Until Tumblewords'
computer seats exist, they play through a stand-in here (``StandInSeats``, on a thread): the
best-scoring drop by the model's own check, else the first drop that fits, else a pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummi_desktop.app import App

BENCH_SEATS = ("medium", "hard", "easy", "expert")


def stand_in_move(state: Any, grid: Any, hand: list[str]) -> str:
    """The best-scoring drop (blanks kept back), else the first that fits, else a pass."""
    from rummi_desktop.games.tumblewords.moves import Drop, Pass
    from rummi_desktop.games.tumblewords.play import check_drop

    best: tuple[int, Drop] | None = None
    for letter in sorted(set(hand) - {"?"}):
        for col in range(grid.columns):
            drop = Drop(col, letter)
            verdict = check_drop(grid, hand, drop, state.dictionary, state.params.min_length)
            if verdict.legal and (best is None or verdict.score > best[0]):
                best = (verdict.score, drop)
    if best is not None:
        return best[1].notation()
    open_columns = [col for col in range(grid.columns) if grid.landing_row(col) is not None]
    if "?" in hand and open_columns:
        return Drop(open_columns[0], "E", blank=True).notation()
    return Pass().notation()


class StandInSeats:
    """ComputerSeats' interface over the stand-in: it thinks on a thread from a copy of the
    board and hand, and says done (a Claim turn) when it has dropped."""

    def prepare(self) -> None:
        pass

    def start(self, state: Any, tier: str, budget: float = 2.0):
        from rummi_desktop.games.tumblewords.grid import Grid
        from rummi_desktop.thinking_thread import start_thinking

        if state.phase != "dropping":
            return start_thinking(lambda deadline, cancel: "done", budget, name=f"{tier} seat")
        grid, hand = Grid.from_rows(state.grid.row_texts()), list(state.hand())
        return start_thinking(lambda deadline, cancel: stand_in_move(state, grid, hand), budget, name=f"{tier} seat")

    def close(self) -> None:
        pass


def setup_bench(app: "App"):
    from rummi_desktop.scenes.tumblewords.session import TumblewordsSession, TumblewordsSetup
    from rummi_desktop.scenes.tumblewords.table_scene import TumblewordsTableScene
    from rummi_desktop.scenes.tumblewords.turn_flow import computers_available
    from rummi_desktop.seats import SeatConfig
    from rummi_desktop.storage.word_lists import install
    from rummi_desktop.ui.felt import felt_surface

    install()
    seats = tuple(SeatConfig(kind, kind.title()) for kind in BENCH_SEATS)

    class BenchTable(TumblewordsTableScene):
        """The real table; a finished game starts again with the next deal."""

        def __init__(self) -> None:
            self.games = 1
            super().__init__(app, TumblewordsSession.new(TumblewordsSetup(seats, zapper=True, seed=1)),
                             autosave=False)
            if not computers_available():
                self.flow.computers.close()
                self.flow.computers = StandInSeats()
                self.flow.seats_think = True
            self.viewer = 0
            self.relayout()

        def begin_turn(self) -> None:
            super().begin_turn()
            if self.viewer != 0:
                self.viewer = 0
                self.relayout()

        def show_round_end(self) -> None:
            self.games += 1
            fresh = TumblewordsSession.new(TumblewordsSetup(seats, zapper=True, seed=self.games),
                                           self.session.state.dictionary)
            self.session.state, self.session.stats = fresh.state, fresh.stats
            self.view.world = self.view._new_world()
            self.view.log.clear()
            self.view.sync_board(animate=False)
            self.begin_turn()

    table = BenchTable()
    felt_surface(app.theme, app.screen.get_size())
    app.stack.push(table)
    app.stack.apply_pending()
    table.draw(app.screen)
    return None
