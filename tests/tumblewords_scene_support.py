"""Helpers for driving the Tumblewords scenes headless with synthetic pointer and key events.

(Holds no tests; the Tumblewords scene tests import it.)
"""

from __future__ import annotations

import time

from rummi_desktop.games.tumblewords.rules.grid import FACES
from rummi_desktop.games.tumblewords.table.session import TumblewordsSeatStats, TumblewordsSession, TumblewordsSetup
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.games.seats import SeatConfig
from test_rummi_flow_support import click, drag, key, make_app, pass_turn, post, steps  # noqa: F401  (re-exported)
from tumblewords_support import WORDS, arrange, game


def session_from(bottom_rows, hands, seats=("human", "medium"), names=None, words=WORDS, **options):
    """A session from a hand-made position (seat 0 on turn), with the small test word list."""
    configs = tuple(SeatConfig(kind, (names or {}).get(i) or ("You" if i == 0 and kind == "human" else f"P{i}"))
                    for i, kind in enumerate(seats))
    setup = TumblewordsSetup(configs, seed=5, **options)
    state = game(len(seats), words, **options)
    state.params = setup.parameters(words)
    arrange(state, bottom_rows, hands)
    return TumblewordsSession(setup, state, [TumblewordsSeatStats() for _ in seats])


def open_table(app, session, autosave: bool = False) -> TumblewordsTableScene:
    scene = TumblewordsTableScene(app, session, autosave=autosave)
    app.stack.push(scene)
    steps(app, 3)
    return scene


def hand_centre(scene, letter: str):
    for tile_id, box in zip(scene.view.hand_ids, scene.view.hand_layout.slots):
        if FACES[tile_id] == letter:
            return (box.x + box.w / 2, box.y + box.h / 2)
    raise AssertionError(f"no {letter} in the shown hand: {[FACES[t] for t in scene.view.hand_ids]}")


def column_centre(scene, col: int):
    box = scene.view.layout.column_box(col)
    return (box.x + box.w / 2, box.y + box.h / 3)


def square_centre(scene, row: int, col: int):
    box = scene.view.layout.cell_box(row, col)
    return (box.x + box.w / 2, box.y + box.h / 2)


def settle(app, scene, limit: int = 1200) -> int:
    """Step frames until the board's physics is at rest; returns the frames it took."""
    for frame in range(limit):
        if scene.view.world.settled and not scene.view.pending_zap:
            return frame
        steps(app, 1)
    raise AssertionError("the board never settled")


def wait_for(app, condition, seconds: float = 10.0) -> None:
    """Step frames until ``condition()`` (a thinking thread answers in its own time)."""
    ends = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < ends, "timed out"
        steps(app, 1)
        time.sleep(0.002)


def stand_in_choose_move(view, tier, *, deadline=None, cancel=None):
    """A stand-in computer seat for tests: the first letter in the first open column; in Claim
    mode, done; in a steal window, done."""
    from rummi_desktop.games.tumblewords.rules.moves import Done, Drop, Pass

    if view["phase"] != "dropping":
        return Done()
    letters = [letter for letter in view["hand"] if letter != "?"]
    open_columns = [col for col in range(view["columns"]) if view["board"][0][col] == "."]
    if not letters or not open_columns:
        return Pass()
    return Drop(open_columns[0], letters[0])


def with_stand_in_computer(monkeypatch) -> None:
    """The game's "computer" entry point, pointed at the stand-in (threads only)."""
    import rummi_desktop.thinking.computer_seats as computer_seats
    from rummi_desktop.games.base import EntryPoint
    from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS

    monkeypatch.setattr(computer_seats, "processes_available", lambda: False)
    monkeypatch.setitem(TUMBLEWORDS.entry_points, "computer",
                        EntryPoint("tumblewords_scene_support:stand_in_choose_move"))
