"""The Rummble board: 13 × 13 squares, their premiums, and the tiles laid on them.

Squares are numbered ``row * 13 + col`` (row 0 at the top, both 0–12); the board is a flat list
of 169 cells, each ``None`` or a :class:`Laid` tile. A laid tile is a plain tuple
``(colour, number, joker)``: its first two fields are what the set rules read (a joker as the
tile it was declared), so the set classifier takes the cells of a line as they are.

Notation of a laid tile (rules/rummble.md; Rummble in docs/analysis-format.md): ``R7``, or
``J=K7`` for a joker declared as K7. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from rummi_desktop.tiles import COLOURS, JOKER, HIGHEST, LOWEST, Tile

SIZE = 13
SQUARES = SIZE * SIZE
CENTRE = 6 * SIZE + 6  # the star

# The premium layout exactly as in rules/rummble.md: . plain, d ×2 TILE, t ×3 TILE,
# D ×2 SET, T ×3 SET, * the star (×2 SET).
LAYOUT: tuple[str, ...] = (
    "T..d.....d..T",
    ".D...t.t...D.",
    "..D...d...D..",
    "d..D.....D..d",
    "....D...D....",
    ".t...t.t...t.",
    "..d...*...d..",
    ".t...t.t...t.",
    "....D...D....",
    "d..D.....D..d",
    "..D...d...D..",
    ".D...t.t...D.",
    "T..d.....d..T",
)
PREMIUM_NAMES = {".": "", "d": "×2 TILE", "t": "×3 TILE", "D": "×2 SET", "T": "×3 SET", "*": "star (×2 SET)"}
_TILE_FACTOR = {"d": 2, "t": 3}
_SET_FACTOR = {"D": 2, "T": 3, "*": 2}
PREMIUMS: tuple[str, ...] = tuple("".join(LAYOUT))
TILE_MULTIPLIER: tuple[int, ...] = tuple(_TILE_FACTOR.get(mark, 1) for mark in PREMIUMS)
SET_MULTIPLIER: tuple[int, ...] = tuple(_SET_FACTOR.get(mark, 1) for mark in PREMIUMS)


def square(row: int, col: int) -> int:
    """The square at ``row``, ``col``; ValueError off the board."""
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise ValueError(f"there is no square {row},{col} (rows and columns run 0 to 12)")
    return row * SIZE + col


def row_col(sq: int) -> tuple[int, int]:
    return divmod(sq, SIZE)


def square_name(sq: int) -> str:
    return "%d,%d" % divmod(sq, SIZE)


def square_words(sq: int) -> str:
    """``row 6, column 8``: a square as a player reads it off the board, whose frame numbers
    the rows and columns 0 to 12 (as the notation and analyze do)."""
    row, col = divmod(sq, SIZE)
    return f"row {row}, column {col}"


def premium(row: int, col: int) -> str:
    """The square's mark in LAYOUT: ``.``, ``d``, ``t``, ``D``, ``T`` or ``*``."""
    return PREMIUMS[square(row, col)]


class Laid(NamedTuple):
    """A tile on the board, or about to be: the tile it counts as, and whether it is a joker."""

    colour: str
    number: int
    joker: bool = False

    @property
    def value(self) -> int:
        """Its points in a set (a joker 0, wherever it lies)."""
        return 0 if self.joker else self.number

    @property
    def rack_tile(self) -> Tile:
        """The tile this came from on the rack (the joker for a declared joker)."""
        return JOKER if self.joker else Tile(self.colour, self.number)

    @property
    def as_tile(self) -> Tile:
        return Tile(self.colour, self.number)

    def notation(self) -> str:
        face = f"{self.colour}{self.number}"
        return f"J={face}" if self.joker else face

    @classmethod
    def parse(cls, text: str) -> "Laid":
        """``Laid.parse("R7")``, ``Laid.parse("J=K7")`` (ValueError for anything else, a bare
        ``J`` included: a laid joker has been declared)."""
        code = text.strip().upper()
        joker = code.startswith("J=")
        tile = Tile.parse(code[2:] if joker else code)
        if tile.is_joker:
            raise ValueError(f"{text!r}: a joker on the board is declared, e.g. J=K7")
        return cls(tile.colour, tile.number, joker)

    @classmethod
    def of(cls, tile: Tile, declared: Tile | None = None) -> "Laid":
        """The rack ``tile`` as laid; a joker needs the tile it is ``declared`` as."""
        if tile.is_joker:
            if declared is None or declared.is_joker:
                raise ValueError("a joker must be declared as a tile (colour and number)")
            return cls(declared.colour, declared.number, True)
        if declared is not None and declared != tile:
            raise ValueError(f"only a joker can be declared; {tile} is {tile}")
        return cls(tile.colour, tile.number, False)


def is_real_tile(laid: Laid, highest: int = HIGHEST) -> bool:
    return laid.colour in COLOURS and LOWEST <= laid.number <= highest


class Board:
    """The 169 cells (``cells[sq]`` is a :class:`Laid` or None) and how many are filled."""

    __slots__ = ("cells", "count")

    def __init__(self, cells: Iterable[Laid | None] | None = None) -> None:
        self.cells: list[Laid | None] = [None] * SQUARES if cells is None else list(cells)
        if len(self.cells) != SQUARES:
            raise ValueError(f"a board has {SQUARES} squares, not {len(self.cells)}")
        self.count = sum(cell is not None for cell in self.cells)

    @classmethod
    def from_tiles(cls, tiles: Iterable[tuple[int, int, Laid | str]]) -> "Board":
        """A board from ``(row, col, tile)`` triples, tile a Laid or its notation."""
        board = cls()
        for row, col, laid in tiles:
            sq = square(row, col)
            if board.cells[sq] is not None:
                raise ValueError(f"square {row},{col} is named twice")
            board.put(sq, laid if isinstance(laid, Laid) else Laid.parse(laid))
        return board

    @property
    def is_empty(self) -> bool:
        return self.count == 0

    def put(self, sq: int, laid: Laid) -> None:
        self.cells[sq] = laid
        self.count += 1

    def copy(self) -> "Board":
        return Board(self.cells)

    def tiles(self) -> list[tuple[int, int, Laid]]:
        """``(row, col, tile)`` for every filled square, top row first."""
        return [(*divmod(sq, SIZE), laid) for sq, laid in enumerate(self.cells) if laid is not None]

    def lines(self) -> list[tuple[int, int, tuple[Laid, ...]]]:
        """Every line of 2+ touching tiles: (first square, step 1 across or 13 down, tiles)."""
        found = []
        for step, outer, inner in ((1, SIZE, 1), (SIZE, 1, SIZE)):
            for start in range(0, SIZE * outer, outer):
                run: list[int] = []
                for at in range(start, start + SIZE * inner, inner):
                    if self.cells[at] is not None:
                        run.append(at)
                        continue
                    if len(run) > 1:
                        found.append((run[0], step, tuple(self.cells[s] for s in run)))
                    run = []
                if len(run) > 1:
                    found.append((run[0], step, tuple(self.cells[s] for s in run)))
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    __hash__ = None  # type: ignore[assignment]  # mutable
