"""The Rummble puzzle table: the real Rummble table, one seat, started from a puzzle.

Tiles are put down exactly as in a game (drag or click, the joker picker, the live preview of
the play's sets and points); Enter or Check asks the puzzle module whether the tiles on the
board are a solution. Undo takes back the last change to the tiles put down, Reset brings them
all back. Hint 1 marks the anchor square, Hint 2 makes the rack tiles of the solution glow,
Hint 3 plays the solution from whatever lies on the board now, tile by tile, then checks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rummi_desktop.entry_points import puzzle_logic
from rummi_desktop.games.rummble.rules.board import SIZE, Laid, square
from rummi_desktop.games.rummble.rules.state import RummbleParameters, RummbleState
from rummi_desktop.scenes.puzzle_mode import FinishCallback, PuzzleBoard, PuzzleMode
from rummi_desktop.games.rummble.table.layout import REGIONS
from rummi_desktop.games.rummble.table.session import RummbleSeatStats, RummbleSession, RummbleSetup
from rummi_desktop.games.rummble.table.table_scene import RummbleTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.tiles import Tile
from rummi_desktop.ui.geometry import Box

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

Snapshot = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, Tile], ...]]


def puzzle_session(position: dict[str, Any]) -> RummbleSession:
    """A one-seat session at the puzzle's position (a second, empty seat: the model's minimum)."""
    seats = (SeatConfig(HUMAN, "You"), SeatConfig(HUMAN, "Puzzle"))
    board = [(int(row), int(col), str(tile)) for row, col, tile in position.get("board", [])]
    rack = [Tile.parse(str(text)) for text in position.get("rack", [])]
    params = RummbleParameters(("human", "human"), 0, "standard")
    state = RummbleState.from_position(params, board, [rack, []], current=0)
    return RummbleSession(RummbleSetup(seats, "standard", 0), state, [RummbleSeatStats(), RummbleSeatStats()])


def square_of(focus: Any) -> int | None:
    """A hint's square, written [row, col] (or {"row":…, "col":…}, or the square's number)."""
    if isinstance(focus, dict) and "row" in focus and "col" in focus:
        return square(int(focus["row"]), int(focus["col"]))
    if isinstance(focus, (list, tuple)) and len(focus) == 2 and all(isinstance(v, int) for v in focus):
        return square(int(focus[0]), int(focus[1]))
    if isinstance(focus, int) and not isinstance(focus, bool) and 0 <= focus < SIZE * SIZE:
        return focus
    return None


class RummblePuzzle(PuzzleBoard):
    """The Rummble half of a puzzle table (:class:`PuzzleMode`'s board): tiles put down are
    the answer, every change to them is remembered for Undo."""

    noun = "play"
    how_to = ("Put tiles from the rack on the board as in a game; the panel on the right scores the play. "
              "Check (Enter) when it is ready. W hides the stopwatch; Esc gives up.")
    card_area = Box(REGIONS.seats.x, REGIONS.seats.y, REGIONS.seats.w, REGIONS.log.bottom - REGIONS.seats.y)

    def __init__(self, puzzle: dict[str, Any]) -> None:
        self.puzzle = puzzle
        self.history: list[Snapshot] = [((), ())]
        self.solution_squares: list[int] = [square(int(r), int(c)) for r, c, _ in puzzle.get("solution", [])]

    def attach(self, table: RummbleTableScene, mode: PuzzleMode) -> None:
        super().attach(table, mode)
        self.tentative = table.tentative
        self.view, self.controller = table.view, table.controller
        self.controller.after_change = self.remember_tiles
        self.view.scoreboard = False
        self.view.enter_says = "Enter to check it"

    @property
    def state(self) -> RummbleState:
        return self.table.state

    def buttons(self, mode: PuzzleMode):
        return mode.puzzle_buttons(REGIONS.buttons, "Is the play on the board the answer?")

    # -- the answer on the table ------------------------------------------------------------
    def current_answer(self) -> list[list[Any]] | None:
        play = self.tentative.play(self.state.faces)
        if play is None:
            return None
        placements = sorted(play.placements, key=lambda p: (p.row, p.col))
        return [[p.row, p.col, p.laid.notation()] for p in placements]

    def check_waits(self) -> bool:
        undeclared = self.tentative.undeclared(self.state.faces)
        if undeclared and self.table.my_turn:
            self.table.ask_joker(undeclared[0])  # what it stands for comes first
            return True
        return False

    # -- Undo and Reset ---------------------------------------------------------------------
    def _snapshot(self) -> Snapshot:
        return (tuple(sorted(self.tentative.squares.items())), tuple(sorted(self.tentative.declared.items())))

    def remember_tiles(self) -> None:
        snapshot = self._snapshot()
        if snapshot != self.history[-1]:
            self.history.append(snapshot)

    def undo_available(self) -> bool:
        return len(self.history) > 1

    def reset_available(self) -> bool:
        return bool(self.tentative)

    def undo_move(self) -> None:
        self.history.pop()
        squares, declared = self.history[-1]
        self.controller.cancel()
        self.tentative.squares = dict(squares)
        self.tentative.declared = dict(declared)
        self.view.refresh_preview()
        self.table.relayout()

    def reset_position(self) -> None:
        self.controller.recall()  # remembered, so Undo brings the tiles back

    # -- hints ------------------------------------------------------------------------------
    def show_hint(self, hint: dict[str, Any]) -> None:
        if hint.get("level") == 1 or self.mode.run.level == 1:
            sq = square_of(hint.get("focus"))
            self.view.hint_squares = [sq] if sq is not None else self.solution_squares[:1]
        else:
            self.view.hint_tiles = set(self._solution_ids(self.puzzle.get("solution", [])).values())

    def _solution_ids(self, solution: list) -> dict[int, int]:
        """Square → the rack tile id that goes there: the tile already on that square when it is
        the right face, else the first free rack tile of that face."""
        faces, wanted = self.state.faces, {}
        for row, col, text in solution:
            wanted[square(int(row), int(col))] = Laid.parse(str(text))
        chosen: dict[int, int] = {}
        for sq, laid in wanted.items():
            held = self.tentative.squares.get(sq)
            if held is not None and faces[held] == laid.rack_tile:
                chosen[sq] = held
        for sq, laid in wanted.items():
            if sq not in chosen:
                free = [t for t in self.state.rack(0) if t not in chosen.values() and faces[t] == laid.rack_tile]
                if free:
                    chosen[sq] = free[0]
        return chosen

    def play_solution(self, solution: list) -> list[Callable[[], None]]:
        """Level 3: tiles that are not part of the solution go back, then each solution tile
        glides to its square, then Check."""
        self.controller.cancel()
        chosen = self._solution_ids(solution)
        declared = {sq: Laid.parse(str(text)) for row, col, text in solution for sq in [square(int(row), int(col))]}
        self.view.hint_tiles = set(chosen.values())
        steps: list[Callable[[], None]] = [lambda: self._clear_wrong_tiles(chosen)]
        for sq, tile_id in sorted(chosen.items()):
            steps.append(lambda sq=sq, tile_id=tile_id: self._hint_place(tile_id, sq, declared[sq]))
        steps.append(self._checked_by_hint)
        return steps

    def _clear_wrong_tiles(self, chosen: dict[int, int]) -> None:
        for sq, tile_id in list(self.tentative.squares.items()):
            if chosen.get(sq) != tile_id:
                self.tentative.take(tile_id)
        self.controller.changed()
        self.table.relayout()

    def _hint_place(self, tile_id: int, sq: int, laid: Laid) -> None:
        """One solution tile onto its square (a joker already there is declared afresh)."""
        if self.tentative.squares.get(sq) == tile_id and (not laid.joker or self.tentative.declared.get(tile_id) == laid.as_tile):
            return
        self.tentative.put(tile_id, sq)
        if laid.joker:
            self.tentative.declared[tile_id] = laid.as_tile
        self.view.ghosts = []
        self.table.play("clink")
        self.controller.changed()
        self.table.relayout()

    def _checked_by_hint(self) -> None:
        self.view.hint_tiles = set()
        self.mode.check_answer()

    def animation_busy(self) -> bool:
        return not self.view.sprites.settled



def puzzle_table(app: "App", puzzle: dict[str, Any], on_finish: FinishCallback, *,
                 logic: Any = None) -> RummbleTableScene:
    """The Rummble table at the puzzle's position, in the puzzle mode."""
    mode = PuzzleMode(puzzle, on_finish, logic if logic is not None else puzzle_logic("rummble"), RummblePuzzle(puzzle))
    return RummbleTableScene(app, puzzle_session(puzzle["position"]), mode=mode)
