"""The narrow face a table shows the parts it owns (a game's view, input controller and turn
flow, and the shared computer-turn flow): what they may read and what they may tell it.

The parts are given the table as a :class:`TableContext`, not as a scene: they never reach its
stack, its mode or its other parts through it (each part is handed the parts it works with).
A mode steers the table, and sees a little more of it: :class:`ModeContext`.
``tests/test_table_context.py`` walks the parts' and the modes' code and holds them to these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rummi_desktop.scenes.candidate_panel import CandidatePanel
    from rummi_desktop.scenes.schedule import Schedule
    from rummi_desktop.scenes.banner import Banner
    from rummi_desktop.scenes.turn_machine import Phase, TurnMachine
    from rummi_desktop.scenes.unseen_tracker import UnseenTracker
    from rummi_desktop.shell.app import App


class TableContext(Protocol):
    app: "App"  # the theme, the settings and the sounds' volume
    viewer: int | None  # whose rack is shown (None: the rack is hidden)
    turns: "TurnMachine"  # told what happened to the turn; read for its times
    schedule: "Schedule"  # the parts' waits, on the animation clock
    banner: "Banner | None"  # the banner on show (the view paints it; ``say`` puts one up)
    tracker: "UnseenTracker"  # the unseen-tile card: the view makes room for it while shown
    candidates: "CandidatePanel"  # a hint's best plays: the flow starts their search

    @property
    def phase(self) -> "Phase": ...

    @property
    def my_turn(self) -> bool:
        """A person is on turn and may move pieces."""

    @property
    def clock_seconds(self) -> int | None: ...

    @property
    def animation_factor(self) -> float: ...

    def house_rules_line(self) -> str:
        """The table's house rules beyond the usual ones, in a few words ("" for none)."""

    def say(self, message: str, warning: bool = False) -> None: ...

    def withdraw_warning(self) -> None: ...

    def play(self, cue: str) -> None: ...

    def relayout(self) -> None: ...

    def turn_completed(self, round_over: bool) -> None: ...


class ModeContext(TableContext, Protocol):
    """What a table's mode (:mod:`scenes.table_mode`) may use of the table it steers: the
    parts' context, the game being played, and the table's own turn steps. A mode decides how
    the table is used; it still never writes the phase (that is the turn machine's)."""

    GAME: str  # the game's key (the sandbox's files are named by it)
    session: Any
    flow: Any  # the game's turn flow (the sandbox asks its hint tier for the best move)
    buttons: Any  # a puzzle or sandbox mode puts its own buttons here
    stack: Any  # where a mode opens its dialogs (Give up?, Save, Load)
    connection_chip_at: tuple[int, int] | None

    def chat_button_at(self) -> tuple[int, int] | None: ...

    @property
    def state(self) -> Any:
        """The game's state on the table."""

    def close(self) -> None: ...

    def open_pause(self) -> None: ...

    def begin_turn(self) -> None: ...

    def start_person_turn(self, seat: int) -> None: ...

    def stop_thinking(self) -> None: ...

    def show_round_end(self) -> None: ...
