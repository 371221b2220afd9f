"""What a table is being used for: a match at home (the default), a puzzle, the sandbox, an
online game or the bench.

A table is given one :class:`TableMode` and asks it at the few points where the uses differ:
who sits at the table, whether the clock runs, what Enter, Esc and the end of a turn mean, and
what is drawn and reported on top. The mode never holds the game's rules or its parts; it is
handed the table when the table's parts are built (``attach``) and works through them.

Every hook's default is the match's behaviour, so a mode overrides only what it changes. A
hook that returns a bool answers "handled": True means the table does nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from rummi_desktop.scenes.table_context import ModeContext

    from rummi_desktop.shell.input import Action


class TableMode:
    """A match at home: every seat as set up, the game's clock, the table's own pause."""

    saves = True  # the table autosaves and records finished games (a puzzle or sandbox does not)
    table: "ModeContext"
    pause_note = ""  # a line on the pause card under "Paused"
    leave_label = ""  # the pause card's way out ("": Save and quit to menu)
    may_resign = True  # a person on turn may give the game up (not a puzzle, the sandbox or the bench)

    # The position on the table is one the rules allow, so the game's whole audit must pass
    # (the sandbox's hand-built positions need not: there only the tiles are counted). The
    # fuzzer asks it before auditing.
    rules_hold = True
    # The seat has tiles it cannot see (other racks, the pool), so the unseen-tile tracker
    # belongs on the table (a puzzle or the sandbox lays everything open: it does not).
    tracks_unseen = True
    # Typed text (SDL's text input) arrives while this is True: a text field of the mode's is in
    # use (the online table's chat). Off in play otherwise: no input-method window over the table.
    takes_text = False

    def attach(self, table: "ModeContext") -> None:
        """The table's parts are built: the mode may add its own (buttons, a card)."""
        self.table = table

    # -- who plays, and when -------------------------------------------------------------
    def person_seats(self, seats: list[int]) -> list[int]:
        return seats

    def clock_seconds(self, seconds: int | None) -> int | None:
        return seconds

    def may_move(self) -> bool:
        """Whether the person on turn may move pieces now (beyond the table's own phase)."""
        return True

    def first_deal(self) -> bool:
        """The table is shown for the first time: True when the mode dealt its own way
        (the table's own first deal, with its sounds and first turn, is then skipped)."""
        return False

    def dealt(self) -> None:
        """The table has been shown and its first turn begun."""

    def person_turn(self, seat: int) -> bool:
        """A person's turn starts; True when the mode started it its own way."""
        return False

    def turn_begun(self) -> None:
        """Called after every turn has begun."""

    # -- what the person's keys and the end of a turn mean -------------------------------
    def handle_action(self, action: "Action") -> bool:
        """Before the table's own handling."""
        return False

    def confirm(self) -> bool:
        """Enter on a person's turn."""
        return False

    def end_person_turn(self, timed_out: bool) -> bool:
        return False

    def turn_completed(self, round_over: bool) -> bool:
        return False

    def round_over(self) -> bool:
        """The round is over and recorded; True when the mode goes on its own way."""
        return False

    def pause(self) -> bool:
        """Esc: True when the mode answers it (the default opens the pause card)."""
        return False

    # -- frames --------------------------------------------------------------------------
    def frame_begins(self) -> None:
        """Every frame, before the table's parts update."""

    def relayout(self) -> None:
        """Before the table lays out again."""

    def update(self, dt: float) -> None:
        """After the table's own update."""

    def animating(self) -> bool:
        return False

    def next_change_in(self, wait: float) -> float:
        return wait

    def draw(self, surface: "pygame.Surface") -> None:
        """Over the table."""

    def candidates_area(self, area: Any) -> Any:
        """Where a hint's candidate list goes (``area``: where the game's view puts it)."""
        return area

    def status(self) -> dict[str, Any]:
        return {}

    def exit(self) -> None:
        """The table is leaving the stack."""

