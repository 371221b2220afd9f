"""The falling-tile world: drops settle exactly on the square the model chose, frame for frame
the same every time, Zapper!'s shift falls one row and snaps, and the model is never touched."""

from __future__ import annotations

from rummi_desktop.shell.fixed_step import FIXED_STEP
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.ui.physics import ColumnWorld
from tumblewords_support import WORDS, arrange, game

ORIGIN, CELL = (300.0, 100.0), (56.0, 70.0)


def world(columns=8, rows=8) -> ColumnWorld:
    return ColumnWorld(ORIGIN, columns, rows, CELL)


def run_until_settled(w: ColumnWorld, limit: int = 2000) -> list[dict]:
    frames = []
    for _ in range(limit):
        if w.settled:
            return frames
        w.step(FIXED_STEP)
        frames.append(w.positions())
    raise AssertionError("the world never settled")


def test_a_drop_falls_bounces_and_ends_exactly_on_its_square():
    w = world()
    w.drop(7, row=7, col=3)
    frames = run_until_settled(w)
    ys = [frame[7][1] for frame in frames]
    target = w.cell_top_left(7, 3)
    assert w.top_left(7) == target  # exactly, after the snap
    assert all(frame[7][0] == target[0] for frame in frames)  # straight down its column
    lowest = max(ys)
    assert lowest >= target[1] - 1.0  # it reached the floor ...
    bounce_top = min(ys[ys.index(lowest):])
    assert bounce_top < lowest - 1.0  # ... and bounced up off it
    assert 40 < len(frames) < 400


def test_every_column_of_a_full_board_settles_on_the_model_squares():
    state = game(board="quick")  # 7 × 6
    w = world(state.params.columns, state.params.rows)
    tile_of_square = {}
    col = 0
    while not state.grid.is_full:
        if state.grid.landing_row(col) is None:
            col = (col + 1) % state.params.columns
            continue
        letters = [face for face in state.hand() if face != "?"]
        move = Drop(col, letters[0]) if letters else Drop(col, "E", blank=True)
        before = set(state.grid.ids)
        result = state.apply(move)
        tile_id = next(t for t in state.grid.ids if t not in before)
        tile_of_square[(result.row, result.col)] = tile_id
        w.drop(tile_id, result.row, result.col)
        run_until_settled(w)
        col = (col + 3) % state.params.columns
    for (row, col), tile_id in tile_of_square.items():
        assert w.top_left(tile_id) == w.cell_top_left(row, col)
        assert state.grid.ids[state.grid.square(row, col)] == tile_id


def test_the_same_drops_give_the_same_frames():
    def film() -> list[dict]:
        w = world()
        frames = []
        for tile_id, col in ((1, 2), (2, 2), (3, 5), (4, 2)):
            row = 7 - sum(1 for t in w.tiles if w.tiles[t].target[0] == w.cell_top_left(0, col)[0])
            w.drop(tile_id, row, col)
            for _ in range(25):  # the next drop starts while this one still falls
                w.step(FIXED_STEP)
                frames.append(w.positions())
        frames.extend(run_until_settled(w))
        return frames

    first, second = film(), film()
    assert first == second
    assert len(first) > 100


def test_zapper_shift_falls_one_row_and_snaps():
    w = world(columns=2, rows=4)
    placed = {10: (3, 0), 11: (2, 0), 12: (1, 0), 20: (3, 1)}
    for tile_id, (row, col) in placed.items():
        w.place(tile_id, row, col)
    # the bottom row goes; what stood above it comes down one row
    w.remove(10)
    w.remove(20)
    for tile_id in (11, 12):
        row, col = placed[tile_id]
        w.move_to(tile_id, row + 1, col)
    assert not w.settled
    frames = run_until_settled(w)
    assert w.top_left(11) == w.cell_top_left(3, 0)
    assert w.top_left(12) == w.cell_top_left(2, 0)
    # it moved through the physics: in between frames, not a jump
    ys = [frame[11][1] for frame in frames]
    assert len({round(y) for y in ys}) > 10
    assert min(ys) >= w.cell_top_left(2, 0)[1] - 0.5


def test_the_physics_never_changes_the_model():
    state = game()
    arrange(state, ["..TO"], ["STOPCAT", "TOPSCAT"])
    before = state.fingerprint()
    w = world()
    for row, col, tile_id in state.grid.placed():
        w.place(tile_id, row, col)
    verdict = state.check(Drop(4, "S"))
    w.drop(999, verdict.row, verdict.col)
    run_until_settled(w)
    assert state.fingerprint() == before
    assert w.top_left(999) == w.cell_top_left(verdict.row, verdict.col)
    assert WORDS.name == state.dictionary.name
