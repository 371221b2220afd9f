"""The ``tumblewords`` bench scene: four computer seats playing on the standard board with
Zapper! on (so rows clear and columns drop), letters falling through the physics, while the
frame loop is timed (``rummi-desktop bench --scene tumblewords``). A finished game starts again
with the next deal.

The seats think as in a real game, through the "computer" entry point, in the thinking process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

BENCH_SEATS = ("medium", "hard", "easy", "expert")


def setup_bench(app: "App"):
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, TumblewordsSetup
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
    from rummi_desktop.games.seats import SeatConfig
    from rummi_desktop.games.tumblewords.storage.word_lists import install
    from rummi_desktop.ui.felt import felt_surface

    install()
    seats = tuple(SeatConfig(kind, kind.title()) for kind in BENCH_SEATS)

    from rummi_desktop.scenes.bench_mode import BenchMode

    games = 1

    def restart(table: TumblewordsTableScene) -> None:
        """A finished game starts again with the next deal."""
        nonlocal games
        games += 1
        fresh = TumblewordsSession.new(TumblewordsSetup(seats, zapper=True, seed=games), table.session.state.dictionary)
        table.session.state, table.session.stats = fresh.state, fresh.stats
        table.view.world = table.view._new_world()
        table.view.log.clear()
        table.view.sync_board(animate=False)

    session = TumblewordsSession.new(TumblewordsSetup(seats, zapper=True, seed=1))
    table = TumblewordsTableScene(app, session, mode=BenchMode(restart))
    table.viewer = 0
    table.relayout()
    felt_surface(app.theme, app.screen.get_size())
    app.stack.push(table)
    app.stack.apply_pending()
    table.draw(app.screen)
    return None
