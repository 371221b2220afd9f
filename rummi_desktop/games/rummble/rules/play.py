"""The one Rummble play check: is a play legal, and what does it score (rules/rummble.md,
"A play" and "Scoring"). The state, the computer seats and analyze all call :func:`check_play`.

A play is a sequence of ``(square, Laid)`` placements on a :class:`Board` (squares are
``row * 13 + col``). The answer is a :class:`PlayVerdict`: legal, or the reason it is not in
a player's words (a clause the table shows as a sentence and analyze prints as its "error"),
naming the offending line as the board's frame numbers it, e.g. "K4 B8 R10 in column 5
(rows 3–5): these tiles are neither a run nor a set", with that line's squares in ``line``;
and for a legal play every set it formed or extended with its points, the bonus and the total.

Scoring, per set formed or extended: base = the sum of tile values (a joker 0), a newly placed
tile on ×2 / ×3 TILE counting double / triple; then × 2 for a straight flush; then × 2 / × 3 for
each newly placed tile of the set on ×2 SET or the star / ×3 SET. The sets are summed, and a
play of 10 tiles (a full rack) adds 100, the "Rummmble!". Pure module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rummi_desktop.games.rummble.rules.board import CENTRE, SET_MULTIPLIER, SIZE, SQUARES, TILE_MULTIPLIER
from rummi_desktop.games.rummble.rules.board import Board, Laid, is_real_tile, square_words
from rummi_desktop.games.rummble.rules.sets import STRAIGHT_FLUSH, classify, set_problem
from rummi_desktop.tiles import HIGHEST

RUMMMBLE_TILES = 10
RUMMMBLE_BONUS = 100
FIRST_PLAY_TILES = 2
ACROSS, DOWN = 1, SIZE  # a line's step between squares


@dataclass(frozen=True, slots=True)
class ScoredSet:
    """One set the play formed or extended: its squares and tiles in reading order, its kind
    (sets.KIND …) and its points."""

    squares: tuple[int, ...]
    tiles: tuple[Laid, ...]
    kind: str
    points: int

    def tile_texts(self) -> list[str]:
        return [tile.notation() for tile in self.tiles]


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """``reason``: why a play is refused, a sentence for the player (and analyze's "error");
    ``line``: the squares of the line it names, when it names one (the table outlines them)."""

    legal: bool
    reason: str = ""
    sets: tuple[ScoredSet, ...] = ()
    bonus: int = 0  # what the Rummmble earned: 0 when the house plays without the bonus
    line: tuple[int, ...] = ()
    rummmble: bool = False  # all ten tiles laid at once (with or without the bonus)

    @property
    def score(self) -> int:
        return sum(found.points for found in self.sets) + self.bonus


def _refused(reason: str, line: tuple[int, ...] = ()) -> PlayVerdict:
    return PlayVerdict(False, reason, line=line)


NOT_A_SET = _refused("these tiles are neither a run nor a set")


def check_play(board: Board, placements: Sequence[tuple[int, Laid]], highest: int = HIGHEST,
               explain: bool = True, bonus: int = RUMMMBLE_BONUS) -> PlayVerdict:
    """Whether placing ``placements`` on ``board`` is a legal play, and its score.

    ``highest`` is the tile set's top number (9 for the short set): a joker cannot be declared
    as a tile the set does not have. ``explain=False`` (a move generator trying many plays)
    skips writing out which line is not a set: the reason is then just that. ``bonus``: what
    a Rummmble earns (0 under the house rule without it). ``board`` is not changed."""
    placed = dict(placements)
    problem = _placement_problem(board, placements, placed, highest)
    if problem:
        return _refused(problem)
    squares = sorted(placed)
    steps = _directions(squares)
    if steps is None:
        return _refused("put this turn's tiles all in one row or all in one column")
    cells = board.cells
    if len(squares) > 1:
        for sq in range(squares[0], squares[-1], steps[0]):
            if sq not in placed and cells[sq] is None:
                return _refused(f"there is a gap at {square_words(sq)}: "
                                "this turn's tiles must make one unbroken line")
    if board.is_empty:
        if CENTRE not in placed:
            return _refused("the first play must cover the star in the middle of the board")
        if len(squares) < FIRST_PLAY_TILES:
            return _refused("the first play needs at least 2 tiles")
    elif not any(_touches_board(cells, sq) for sq in squares):
        return _refused("the play must touch a tile already on the board")
    return _score_lines(cells, _lines(cells, placed, squares, steps), placed, len(squares), explain, bonus)


def _placement_problem(board: Board, placements: Sequence[tuple[int, Laid]], placed: dict, highest: int) -> str:
    if not placements:
        return "put at least one tile on the board"
    if len(placed) != len(placements):
        return "two tiles are on the same square"
    for sq, laid in placements:
        if not 0 <= sq < SQUARES:
            return f"that square is off the board (rows and columns run 0 to {SIZE - 1})"
        if board.cells[sq] is not None:
            return f"the square at {square_words(sq)} already holds {board.cells[sq].notation()}"
        if not is_real_tile(laid, highest):
            if laid.joker:
                return f"a joker cannot be {laid.as_tile}: this tile set has no {laid.as_tile}"
            return f"this tile set has no {laid.notation()}"
    return ""


def _directions(squares: list[int]) -> tuple[int, ...] | None:
    """The play's line direction(s): both for one tile, else across or down (None: neither)."""
    if len(squares) == 1:
        return (ACROSS, DOWN)
    rows = {sq // SIZE for sq in squares}
    if len(rows) == 1:
        return (ACROSS,)
    if len({sq % SIZE for sq in squares}) == 1:
        return (DOWN,)
    return None


def _touches_board(cells: list, sq: int) -> bool:
    row, col = divmod(sq, SIZE)
    return ((row > 0 and cells[sq - SIZE] is not None) or (row < SIZE - 1 and cells[sq + SIZE] is not None)
            or (col > 0 and cells[sq - 1] is not None) or (col < SIZE - 1 and cells[sq + 1] is not None))


def _line_through(cells: list, placed: dict, sq: int, step: int) -> tuple[int, ...]:
    """The squares of the unbroken line through ``sq`` along ``step`` (with the play on)."""
    def filled(at: int) -> bool:
        return at in placed or cells[at] is not None

    first = sq
    if step == ACROSS:
        while first % SIZE and filled(first - 1):
            first -= 1
        last = sq
        while last % SIZE < SIZE - 1 and filled(last + 1):
            last += 1
    else:
        while first >= SIZE and filled(first - SIZE):
            first -= SIZE
        last = sq
        while last + SIZE < SQUARES and filled(last + SIZE):
            last += SIZE
    return tuple(range(first, last + 1, step))


def _lines(cells: list, placed: dict, squares: list[int], steps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every line of 2+ tiles the play makes: the main line(s) first, then the collateral ones."""
    lines = [_line_through(cells, placed, squares[0], step) for step in steps]
    if len(steps) == 1:
        across = DOWN if steps[0] == ACROSS else ACROSS
        lines += [_line_through(cells, placed, sq, across) for sq in squares]
    return [line for line in lines if len(line) > 1]


def _score_lines(cells: list, lines: list[tuple[int, ...]], placed: dict, placed_count: int,
                 explain: bool, bonus: int) -> PlayVerdict:
    if not lines:
        return _refused("a single tile must join a line of at least 2 tiles")
    sets = []
    for line in lines:
        tiles = tuple(placed[sq] if sq in placed else cells[sq] for sq in line)
        kind = classify(tiles)
        if kind is None:
            if not explain:
                return NOT_A_SET
            return _refused(line_problem(line, tiles), line)
        sets.append(ScoredSet(line, tiles, kind, _set_points(line, tiles, kind, placed)))
    rummmble = placed_count >= RUMMMBLE_TILES
    return PlayVerdict(True, "", tuple(sets), bonus if rummmble else 0, rummmble=rummmble)


def _set_points(line: tuple[int, ...], tiles: tuple[Laid, ...], kind: str, placed: dict) -> int:
    """Base (×2/×3 TILE for new tiles), then ×2 for a straight flush, then ×2/×3 SET per new tile."""
    base = 0
    set_factor = 1
    for sq, tile in zip(line, tiles):
        value = 0 if tile[2] else tile[1]
        if sq in placed:
            base += value * TILE_MULTIPLIER[sq]
            set_factor *= SET_MULTIPLIER[sq]
        else:
            base += value
    if kind == STRAIGHT_FLUSH:
        base *= 2
    return base * set_factor


def describe_line(line: Sequence[int]) -> str:
    """``row 6 (columns 4–7)`` / ``column 5 (rows 3–6)``, numbered as the board's frame
    numbers its rows and columns (0 to 12)."""
    (first_row, first_col), (last_row, last_col) = divmod(line[0], SIZE), divmod(line[-1], SIZE)
    if first_row == last_row:
        return f"row {first_row} (columns {first_col}–{last_col})"
    return f"column {first_col} (rows {first_row}–{last_row})"


def line_problem(line: Sequence[int], tiles: Sequence[Laid]) -> str:
    """Why the line of ``tiles`` on the squares ``line`` is no set, naming it ("" for a set):
    ``K4 B8 R10 in column 5 (rows 3–5): these tiles are neither a run nor a set``."""
    problem = set_problem(tiles)
    if not problem:
        return ""
    return f"{' '.join(tile.notation() for tile in tiles)} in {describe_line(line)}: {problem}"
