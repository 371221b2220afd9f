"""Helpers for driving the Rummble scenes headless with synthetic pointer and key events.

(Collected by pytest but holds no tests; the Rummble scene tests import it.)
"""

from __future__ import annotations

from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.games.rummble.table.layout import square_box
from rummi_desktop.games.rummble.table.session import RummbleSession, RummbleSetup
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.games.seats import SeatConfig
from rummi_desktop.tiles import parse_tiles
from test_rummi_flow_support import click, drag, key, make_app, pass_turn, post, steps  # noqa: F401  (re-exported)


def no_thinking_process(monkeypatch) -> None:
    """Computer seats and hints think on a thread in the test process (monkeypatches reach it)."""
    import rummi_desktop.thinking.computer_seats as computer_seats

    monkeypatch.setattr(computer_seats, "processes_available", lambda: False)


def session_from_position(board, racks, seats=("human", "hard"), *, tile_set="standard", pool=None,
                          names=None) -> RummbleSession:
    """A session starting from a hand-made position (seat 0 on turn): ``board`` is
    ``[(row, col, "R7" | "J=K7"), ...]``, ``racks`` one tile string per seat."""
    configs = tuple(SeatConfig(kind, (names or {}).get(i) or ("You" if i == 0 and kind == "human" else f"P{i}"))
                    for i, kind in enumerate(seats))
    setup = RummbleSetup(configs, tile_set, 5)
    params = RummbleParameters(tuple(seats), 5, tile_set)
    state = RummbleState.from_position(params, list(board), [parse_tiles(r) for r in racks], current=0,
                                       pool=parse_tiles(pool) if pool is not None else None)
    from rummi_desktop.games.rummble.table.session import RummbleSeatStats

    return RummbleSession(setup, state, [RummbleSeatStats() for _ in seats])


def open_table(app, session, autosave: bool = False) -> RummbleTableScene:
    scene = RummbleTableScene(app, session, autosave=autosave)
    app.stack.push(scene)
    steps(app, 3)
    return scene


def rack_centre(scene, notation: str):
    """The centre of the first rack tile showing ``notation``."""
    faces = scene.state.faces
    for tile_id, box in zip(scene.view.rack_ids, scene.view.rack_layout.slots):
        if faces[tile_id].notation() == notation:
            return (box.x + box.w / 2, box.y + box.h / 2)
    raise AssertionError(f"no {notation} on the shown rack: {[faces[t].notation() for t in scene.view.rack_ids]}")


def square_centre(row: int, col: int):
    box = square_box(row * 13 + col)
    return (box.x + box.w / 2, box.y + box.h / 2)


def place(app, scene, notation: str, row: int, col: int) -> None:
    drag(app, rack_centre(scene, notation), square_centre(row, col))
    steps(app, 2)




def stand_in_choose_move(view, tier, *, deadline=None, cancel=None):
    """A stand-in computer seat for tests: the first single tile that scores, else a pass."""
    from rummi_desktop.games.rummble.rules.board import Board, Laid
    from rummi_desktop.games.rummble.rules.moves import Pass, Placement, Play
    from rummi_desktop.games.rummble.rules.play import check_play
    from rummi_desktop.tiles import Tile

    board = Board.from_tiles([(row, col, text) for row, col, text in view["board"]])
    for text in view["rack"]:
        tile = Tile.parse(text)
        if tile.is_joker:
            continue
        for sq in range(169):
            if board.cells[sq] is None and check_play(board, [(sq, Laid.of(tile))], view["highest"]).legal:
                return Play((Placement(*divmod(sq, 13), Laid.of(tile)),))
    return Pass()


def with_stand_in_computer(monkeypatch) -> None:
    """The game's "computer" entry point, pointed at the stand-in (threads only)."""
    from rummi_desktop.games.base import EntryPoint
    from rummi_desktop.games.rummble.spec import RUMMBLE

    no_thinking_process(monkeypatch)
    monkeypatch.setitem(RUMMBLE.entry_points, "computer", EntryPoint("test_rummble_scene_support:stand_in_choose_move"))
