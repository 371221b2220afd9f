"""The Tumblewords puzzle table: the real Tumblewords table, one seat, started from a puzzle.

Letters are dropped exactly as in a game (drag a letter onto a column, or click it and then a
column; the blank picker; pymunk animating the fall; the words lighting up one by one). Once
the drop is shown, the puzzle module checks it; Undo (or Reset) lifts the letter back into the
hand for another try. Enter or Check drops the chosen letter into the marked column, or checks
the drop made. Hint 1 lights the column, Hint 2 the letter in the hand, Hint 3 makes the drop
from whatever is on the board now (taking back a wrong drop first), then checks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rummi_desktop.entry_points import puzzle_logic
from rummi_desktop.games.tumblewords.rules.grid import BLANK, BOARD_SIZES, FACES
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.parameters import DROPPING
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.scenes.puzzle_mode import FinishCallback, PuzzleBoard, PuzzleMode
from rummi_desktop.games.tumblewords.table.layout import REGIONS
from rummi_desktop.games.tumblewords.table.session import TumblewordsSeatStats, TumblewordsSession, TumblewordsSetup
from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.sprites import HUMAN_RATE

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App
    from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary


def board_name(rows: list[str]) -> str:
    """The board size whose columns × rows the puzzle's rows have (ValueError if none)."""
    size = (len(rows[0]) if rows else 0, len(rows))
    for name, dimensions in BOARD_SIZES.items():
        if tuple(dimensions) == size:
            return name
    raise ValueError(f"a {size[0]} × {size[1]} board is none of the table's sizes")


def puzzle_session(position: dict[str, Any], dictionary: "Dictionary | None" = None) -> TumblewordsSession:
    """A one-seat session at the puzzle's position: a second, empty seat (the model's minimum)
    and an empty bag, so the drop draws nothing."""
    rows = [str(row) for row in position["rows"]]
    seats = (SeatConfig(HUMAN, "You"), SeatConfig(HUMAN, "Puzzle"))
    setup = TumblewordsSetup(seats, board=board_name(rows), min_length=int(position.get("min_length", 2)), seed=0)
    words = dictionary if dictionary is not None else setup.dictionary()
    state = TumblewordsState.from_position(setup.parameters(words), rows, [list(position["hand"]), []],
                                           bag=[], dictionary=words)
    return TumblewordsSession(setup, state, [TumblewordsSeatStats(), TumblewordsSeatStats()])


def column_of(focus: Any) -> int | None:
    """A hint's column, written as its number (or {"column": …}, or [column, letter])."""
    if isinstance(focus, dict):
        focus = focus.get("column", focus.get("col"))
    if isinstance(focus, (list, tuple)) and focus:
        focus = focus[0]
    return focus if isinstance(focus, int) and not isinstance(focus, bool) else None


class TumblewordsPuzzle(PuzzleBoard):
    """The Tumblewords half of a puzzle table (:class:`PuzzleMode`'s board): the drop made
    from the puzzle's position is the answer; it is checked once it has landed."""

    noun = "drop"
    how_to = ("Drag a letter onto a column, or click a letter and then a column. The drop is checked "
              "once it lands; Undo lifts it back. W hides the stopwatch; Esc gives up.")
    card_area = Box(REGIONS.seats.x, REGIONS.seats.y, REGIONS.seats.w, REGIONS.log.bottom - REGIONS.seats.y)

    def __init__(self, puzzle: dict[str, Any]) -> None:
        self.puzzle = puzzle
        self.checked: Drop | None = None  # the drop the last Check looked at

    def attach(self, table: TumblewordsTableScene, mode: PuzzleMode) -> None:
        super().attach(table, mode)
        self.view, self.controller, self.flow = table.view, table.controller, table.flow
        self.view.scoreboard = False

    @property
    def state(self) -> TumblewordsState:
        return self.table.state

    def buttons(self, mode: PuzzleMode):
        return mode.puzzle_buttons(REGIONS.buttons, "Drop the chosen letter, or check the drop made")

    # -- the answer on the table ------------------------------------------------------------
    def made_drop(self) -> Drop | None:
        """The drop made from the puzzle's position (None before it)."""
        for notation in reversed(self.state.log):
            move = TUMBLEWORDS.parse_move(notation)
            if isinstance(move, Drop):
                return move
        return None

    def current_answer(self) -> list[Any] | None:
        drop = self.made_drop()
        if drop is None:
            return None
        return [drop.column, drop.letter.lower() if drop.blank else drop.letter]

    def answer_open(self) -> bool:
        return self.made_drop() is None and self.state.current == 0 and self.state.phase == DROPPING

    def check_available(self) -> bool:
        """A letter is chosen (Check drops it), or the drop made has not been checked yet."""
        drop = self.made_drop()
        return (drop is None and self.controller.selected is not None) or (drop is not None and drop != self.checked)

    def check_waits(self) -> bool:
        if self.made_drop() is None and self.controller.selected is not None and self.table.my_turn:
            self.controller.confirm()  # drop the chosen letter first; the check follows the fall
            return True
        self.checked = self.made_drop()
        return False

    def turn_completed(self) -> bool:
        """The drop has been shown: no next seat, the puzzle module's verdict instead."""
        self.table.turns.free_play()
        self.table.relayout()
        self.mode.check_answer()
        return True

    # -- Undo and Reset ---------------------------------------------------------------------
    def undo_available(self) -> bool:
        return bool(self.state.log)

    def reset_available(self) -> bool:
        return bool(self.state.log) or self.controller.selected is not None

    def undo_move(self) -> None:
        """The dropped letter rises back into the hand from where it lies."""
        view = self.view
        view.finish_animations()
        lifted = {tile_id: view.layout.tile_in_cell(*view.world.top_left(tile_id)) for tile_id in view.world.tiles}
        self.state.undo()
        if view.log:
            view.log.pop()
        view.words, view.missed, view.claimed = [], [], []
        view.new_turn()
        view.sync_board(animate=False)
        for tile_id in self.state.hands[0]:
            body = lifted.get(tile_id)
            if body is not None and tile_id not in view.sprites:
                view.sprites.target(tile_id, body.x, body.y, body.w, rate=HUMAN_RATE, start=(body.x, body.y, body.w))
        self.controller.cancel()
        self.table.relayout()

    def reset_position(self) -> None:
        while self.state.log:
            self.undo_move()
        self.controller.cancel()

    # -- hints ------------------------------------------------------------------------------
    def _solution(self) -> tuple[int, str]:
        column, letter = self.puzzle["solution"]
        return int(column), str(letter)

    def _hand_tile(self, letter: str) -> int | None:
        face = BLANK if letter.islower() else letter
        return next((t for t in self.state.hands[0] if FACES[t] == face), None)

    def show_hint(self, hint: dict[str, Any]) -> None:
        column, letter = self._solution()
        if self.mode.run.level == 1:
            focus = column_of(hint.get("focus"))
            self.view.hint_column = focus if focus is not None else column  # the hint's text is the puzzle module's
        else:
            tile_id = self._hand_tile(letter)
            self.view.hint_tiles = {tile_id} if tile_id is not None else set()

    def play_solution(self, solution: Any) -> list[Callable[[], None]]:
        """Level 3: a wrong drop is taken back, the letter is chosen over its column, then dropped."""
        column, letter = int(solution[0]), str(solution[1])
        steps: list[Callable[[], None]] = []
        if self.state.log:
            steps.append(self.reset_position)
        steps.append(lambda: self._choose(column, letter))
        steps.append(lambda: self._drop(column, letter))
        return steps

    def _choose(self, column: int, letter: str) -> None:
        tile_id = self._hand_tile(letter)
        self.view.hint_column, self.view.hint_tiles = column, set()
        self.view.cursor, self.view.show_cursor = column, True
        self.controller.selected = tile_id
        self.table.play("rack")

    def _drop(self, column: int, letter: str) -> None:
        self.controller.selected = None
        self.view.hint_column = None
        self.flow.apply(Drop(column, letter.upper(), blank=letter.islower()))
        self.table.relayout()

    def animation_busy(self) -> bool:
        return self.view.busy or not self.view.sprites.settled



def puzzle_table(app: "App", puzzle: dict[str, Any], on_finish: FinishCallback, *, logic: Any = None,
                 dictionary: "Dictionary | None" = None) -> TumblewordsTableScene:
    """The Tumblewords table at the puzzle's position, in the puzzle mode."""
    logic = logic if logic is not None else puzzle_logic("tumblewords")
    mode = PuzzleMode(puzzle, on_finish, logic, TumblewordsPuzzle(puzzle))
    return TumblewordsTableScene(app, puzzle_session(puzzle["position"], dictionary), mode=mode)
