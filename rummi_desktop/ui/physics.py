"""Falling tiles: a small pymunk world of columns between static walls (Tumblewords' board).

Physics only animates. The caller says where each tile must end (the square the rules model
chose); a tile falls down its column, bounces a little on what is below it, and once it is
nearly still near its square it SNAPS exactly onto it and turns into a fixed (kinematic) box
that the next tile lands on. Nothing here knows a rule, and nothing here changes the model.

Coordinates are screen pixels, y growing downwards (so gravity is +y). A tile's collision box
is one whole cell high (so a stack of them rests one cell apart, on the grid) and a few pixels
narrower than its column (clearance: boxes that touch the walls lean on them). Rotation is
locked (``moment=inf``). The world steps only by the fixed step it is given and holds no clock,
so the same calls in the same order give the same positions, frame for frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

GRAVITY = 900.0  # px/s²
CLEARANCE = 2.0  # px between a tile's box and each wall of its column
ELASTICITY = 0.45  # tile and floor alike: pymunk multiplies the two, 0.2 — a small bounce
FRICTION = 0.4
SETTLE_SPEED = 12.0  # px/s: slower than this, and ...
SETTLE_DISTANCE = 2.5  # ... within this of its square, for ...
SETTLE_STEPS = 6  # ... this many steps in a row, a tile snaps
GIVE_UP_STEPS = 600  # 5 s of steps: snap anyway (a tile never hangs in the air for ever)
FALL_SPEED = 400.0  # px/s a dropped tile starts with


@dataclass
class Body:
    """One tile in the world: where it must end (the cell's top-left) and whether it is there."""

    body: pymunk.Body
    shape: pymunk.Poly
    target: tuple[float, float]
    resting: bool = False
    quiet: int = 0
    steps: int = 0


class ColumnWorld:
    """``columns`` × ``rows`` cells of ``cell`` (w, h) px with their top-left corner at ``origin``."""

    def __init__(self, origin: tuple[float, float], columns: int, rows: int, cell: tuple[float, float]) -> None:
        self.origin, self.columns, self.rows, self.cell = origin, columns, rows, cell
        self.space = pymunk.Space()
        self.space.gravity = (0.0, GRAVITY)
        self.space.iterations = 20
        self.tiles: dict[int, Body] = {}
        self.snaps = 0  # tiles snapped so far (tests and the bench count them)
        self._build_walls()

    # -- geometry -----------------------------------------------------------------------------
    def cell_top_left(self, row: int, col: int) -> tuple[float, float]:
        return (self.origin[0] + col * self.cell[0], self.origin[1] + row * self.cell[1])

    def _centre(self, top_left: tuple[float, float]) -> tuple[float, float]:
        return (top_left[0] + self.cell[0] / 2, top_left[1] + self.cell[1] / 2)

    def _build_walls(self) -> None:
        x0, y0 = self.origin
        w, h = self.cell
        bottom = y0 + self.rows * h
        top = y0 - 3 * h  # walls rise above the board: a tile enters its column from there
        static = self.space.static_body
        segments = [pymunk.Segment(static, (x0 + c * w, top), (x0 + c * w, bottom), 0.5)
                    for c in range(self.columns + 1)]
        segments.append(pymunk.Segment(static, (x0, bottom), (x0 + self.columns * w, bottom), 0.5))
        for segment in segments:
            segment.elasticity, segment.friction = ELASTICITY, FRICTION
        self.space.add(*segments)

    def _box(self, body: pymunk.Body) -> pymunk.Poly:
        shape = pymunk.Poly.create_box(body, (self.cell[0] - 2 * CLEARANCE, self.cell[1]), radius=0.0)
        shape.elasticity, shape.friction = ELASTICITY, FRICTION
        return shape

    # -- what the table asks for ----------------------------------------------------------------
    def drop(self, tile_id: int, row: int, col: int, rows_above: float = 1.5) -> None:
        """Tile ``tile_id`` enters column ``col`` above the board and falls to (``row``, ``col``)."""
        start = self.cell_top_left(-rows_above, col)
        self._fall(tile_id, start, self.cell_top_left(row, col), (0.0, FALL_SPEED))

    def place(self, tile_id: int, row: int, col: int) -> None:
        """Tile ``tile_id`` rests on (``row``, ``col``) at once (a loaded game, a skipped animation)."""
        self.remove(tile_id)
        self._rest(tile_id, self.cell_top_left(row, col))

    def move_to(self, tile_id: int, row: int, col: int) -> None:
        """A resting tile's square changed (Zapper! moved it down): it falls there from where it is."""
        current = self.tiles.get(tile_id)
        start = self.top_left(tile_id) if current is not None else self.cell_top_left(row, col)
        self._fall(tile_id, start, self.cell_top_left(row, col), (0.0, 0.0))

    def remove(self, tile_id: int) -> None:
        found = self.tiles.pop(tile_id, None)
        if found is not None:
            self.space.remove(found.body, found.shape)

    def _fall(self, tile_id: int, start, target, velocity) -> None:
        self.remove(tile_id)
        body = pymunk.Body(1.0, math.inf)
        body.position = self._centre(start)
        body.velocity = velocity
        shape = self._box(body)
        self.space.add(body, shape)
        self.tiles[tile_id] = Body(body, shape, target)

    def _rest(self, tile_id: int, target: tuple[float, float]) -> None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = self._centre(target)
        shape = self._box(body)
        self.space.add(body, shape)
        self.tiles[tile_id] = Body(body, shape, target, resting=True)

    # -- stepping -------------------------------------------------------------------------------
    def step(self, seconds: float) -> list[int]:
        """Advance exactly ``seconds``; returns the tiles that snapped onto their squares."""
        falling = [tile_id for tile_id, tile in self.tiles.items() if not tile.resting]
        if not falling:
            return []
        self.space.step(seconds)
        snapped = []
        for tile_id in falling:
            tile = self.tiles[tile_id]
            tile.steps += 1
            x, y = self.top_left(tile_id)
            near = math.hypot(x - tile.target[0], y - tile.target[1]) <= SETTLE_DISTANCE
            slow = tile.body.velocity.length <= SETTLE_SPEED
            tile.quiet = tile.quiet + 1 if near and slow else 0
            if tile.quiet >= SETTLE_STEPS or tile.steps >= GIVE_UP_STEPS:
                self.remove(tile_id)
                self._rest(tile_id, tile.target)
                self.snaps += 1
                snapped.append(tile_id)
        return snapped

    def settle_all(self) -> None:
        """Every falling tile onto its square now (skip the animation)."""
        for tile_id, tile in list(self.tiles.items()):
            if not tile.resting:
                self.remove(tile_id)
                self._rest(tile_id, tile.target)
                self.snaps += 1

    # -- what the drawing reads -------------------------------------------------------------------
    @property
    def settled(self) -> bool:
        return all(tile.resting for tile in self.tiles.values())

    def top_left(self, tile_id: int) -> tuple[float, float]:
        """Where the tile's cell is drawn now (its box's top-left corner; a resting tile's is
        exactly its square's)."""
        tile = self.tiles[tile_id]
        if tile.resting:
            return tile.target
        x, y = tile.body.position
        return (x - self.cell[0] / 2, y - self.cell[1] / 2)

    def positions(self) -> dict[int, tuple[float, float]]:
        return {tile_id: self.top_left(tile_id) for tile_id in self.tiles}

    def is_resting(self, tile_id: int) -> bool:
        tile = self.tiles.get(tile_id)
        return tile is not None and tile.resting
