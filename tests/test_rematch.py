"""Rematch: the finished table gives way to the new one (it was left under it, with its thinking
process, one more table a rematch)."""

from __future__ import annotations

from rummi_desktop.games.rummble.table.results import GameOverScene
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.shell.scene import Scene, SceneStack
from test_rummble_scene_support import open_table, place, session_from_position
from test_rummi_flow_support import key, make_app, pass_turn, steps

ROW = [(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6"), (6, 7, "K7")]


class Named(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__()
        self.name, self.log = name, log

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def on_resume(self) -> None:
        self.log.append(f"resume {self.name}")


def test_replace_with_a_depth_exits_that_many_scenes_and_resumes_none():
    log: list[str] = []
    stack = SceneStack()
    for name in ("menu", "table", "card"):
        stack.push(Named(name, log))
    stack.apply_pending()
    stack.replace(Named("new table", log), depth=2)
    stack.apply_pending()
    assert log == ["exit card", "exit table"]
    assert [scene.name for scene in stack.scenes] == ["menu", "new table"]


def test_a_rematch_leaves_one_table_and_closes_the_finished_ones_thinking(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    finished = open_table(app, session_from_position(ROW, ["K8", "B1 B3 Y2"], seats=("human", "easy"), pool=""))
    finished.flow.computers.prepare()  # the thinking process a computer seat keeps warm
    place(app, finished, "K8", 6, 8)
    key(app, "return")
    steps(app, 3)
    card = app.stack.top
    assert isinstance(card, GameOverScene)
    card.rematch()
    steps(app, 2)
    tables = [scene for scene in app.stack.scenes if isinstance(scene, RummbleTableScene)]
    assert len(tables) == 1 and tables[0] is not finished and app.stack.top is tables[0]
    assert finished.stack is None and finished.flow.computers._process is None  # exited, its process closed
    assert tables[0].state.params.seed == finished.state.params.seed + 1


def test_a_tumblewords_rematch_leaves_one_table_too(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.results import GameOverScene as TumblewordsOver
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
    from tumblewords_scene_support import open_table as open_tumblewords, session_from

    app = make_app(tmp_path, monkeypatch, speed="instant")
    finished = open_tumblewords(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"], seats=("human", "human")))
    for _ in range(2):  # both pass in a row: the game is over
        key(app, "return")  # the privacy screen
        steps(app, 2)
        pass_turn(app, finished)
        steps(app, 30)
    assert finished.state.is_terminal and isinstance(app.stack.top, TumblewordsOver)
    app.stack.top.rematch()
    steps(app, 2)
    tables = [scene for scene in app.stack.scenes if isinstance(scene, TumblewordsTableScene)]
    assert len(tables) == 1 and tables[0] is not finished and finished.stack is None


def test_ten_tumblewords_rematches_leave_no_finished_table_alive(tmp_path, monkeypatch):
    """Each finished table is gone once its rematch is dealt: after ten, only the last table
    is alive (a weak reference to every earlier one is dead after a collection)."""
    import gc
    import weakref

    from rummi_desktop.games.tumblewords.table.results import GameOverScene as TumblewordsOver
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
    from tumblewords_scene_support import open_table as open_tumblewords, session_from

    app = make_app(tmp_path, monkeypatch, speed="instant")
    table = open_tumblewords(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"], seats=("human", "human")))
    finished: list[weakref.ref] = []
    for _ in range(10):
        while not table.state.is_terminal:  # each person passes in turn: two passes end the game
            key(app, "return")  # the privacy screen
            steps(app, 2)
            pass_turn(app, table)
            steps(app, 6, dt=0.1)
        assert isinstance(app.stack.top, TumblewordsOver)
        app.stack.top.rematch()
        steps(app, 2)
        finished.append(weakref.ref(table))
        (table,) = [scene for scene in app.stack.scenes if isinstance(scene, TumblewordsTableScene)]
    gc.collect()
    assert [ref() for ref in finished] == [None] * 10, "a finished table is still held"
    assert [type(scene).__name__ for scene in app.stack.scenes].count("TumblewordsTableScene") == 1


def test_a_scene_that_leaves_is_freed_on_that_frame_even_when_its_parts_hold_each_other(tmp_path, monkeypatch):
    """A table's parts hold the table and each other (reference cycles), and its painted layers
    are whole screens: the app collects when a scene leaves, so a long evening of rematches
    does not keep every finished table's pictures until some later full collection."""
    import gc
    import weakref

    import pygame

    class Cyclic(Scene):
        def __init__(self) -> None:
            super().__init__()
            self.layer = pygame.Surface((1280, 800))  # a painted layer: 4 MB of pixels
            self.parts = [self]  # a part holding its scene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    app.stack.push(Scene())  # the menu, below
    scene = Cyclic()
    app.stack.push(scene)
    steps(app, 1)
    left = weakref.ref(scene)
    del scene
    gc.disable()  # only the app's own collection may free it
    try:
        app.stack.pop()
        steps(app, 1)
        assert left() is None
    finally:
        gc.enable()
