"""One reviewed turn on the game's own board: the replay viewer opened at the turn's start,
with Show me in Export's place.

Show me plays the turn's best play on a copy of the position and shows it on the table the
way a replay shows a move (the game's own view tweens the tiles from the rack to their
squares or melds), holds it a moment once the tiles have landed, then puts the board back
as it was (the turn's table laid anew): the replay itself never moves. Stepping, or Show me again, starts over from the
turn's position. Game-neutral: the best play is the coach's move notation, performed by the
game's own model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummi_desktop.games.base import IllegalMove, MoveNotationError
from rummi_desktop.games.review import TurnReview
from rummi_desktop.records.replay import Replay
from rummi_desktop.scenes.replay import ReplayScene
from rummi_desktop.scenes.review_words import miss_words, play_words

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

SHOW_HOLD = 1.6  # s the best play stays on the board once its tiles have landed


class ReviewBoardScene(ReplayScene):
    def __init__(self, app: "App", replay: Replay, turn: TurnReview, seat_name: str) -> None:
        self.turn, self.seat_name = turn, seat_name
        self.turn_position = replay.position
        self.showing: float | None = None  # while Show me runs: the hold left once the tiles land
        super().__init__(app, replay)

    def side_button(self) -> tuple[str, Any, str, str]:
        return "Show me", self.show_me, "Watch the best play on this board, then back", "b"

    def heading(self) -> str:
        missed = miss_words(self.turn)
        what = missed if self.turn.at_best else f"missed {missed[:1].lower()}{missed[1:]}"
        return f"Turn {self.turn.turn} · {self.seat_name} · {what}"

    def bar_line(self) -> str:
        if self.showing is not None:
            return f"Best: {play_words(self.turn.best)}"
        if self.replay.position == self.turn_position:
            return f"Played: {play_words(self.turn.played)}"
        return super().bar_line()

    def show_me(self) -> None:
        """The best play of the turn, animated on the table from the turn's position."""
        if self.replay.position != self.turn_position or self.showing is not None:
            self.seek(self.turn_position)  # back to the turn first (a jump: no animation)
        self.playing = False
        self._label_play()
        before = self.replay.state
        shown = before.clone()
        try:
            shown.perform(self.turn.best.move)
        except (IllegalMove, MoveNotationError, ValueError) as error:
            self.message = f"The best play cannot be shown here ({error})."
            return
        self.table.session.show_replayed(shown)
        self._shown = shown
        self.table.viewer = before.current  # the rack the tiles leave stays in view
        # A view may show one move as it is played (a tile falling); else as a replay step.
        getattr(self.table.view, "show_move", self.table.view.show_state)()
        self.showing = SHOW_HOLD

    def put_back(self) -> None:
        """The board exactly as it was before Show me: a fresh table at the turn's position
        (a view keeps what it showed, a rack's order say, which the shown play changed)."""
        self.showing = None
        self.table, self._shown = None, None
        self.show()

    def seek(self, position: int) -> None:
        self.showing = None
        super().seek(position)

    def toggle_play(self) -> None:
        if self.showing is not None:
            self.put_back()
        super().toggle_play()

    def next_change_in(self) -> float:
        return 0.0 if self.showing is not None else super().next_change_in()

    def fixed_update(self, step: float) -> None:
        """A board with physics (its view's ``fixed_update``) moves the shown play's tiles."""
        stepper = getattr(self.table.view, "fixed_update", None)
        if self.showing is not None and stepper is not None:
            stepper(step)

    def landed(self) -> bool:
        view = self.table.view
        return view.sprites.settled and not getattr(view, "busy", False)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.showing is not None and self.landed():
            self.showing -= dt
            if self.showing <= 0:
                self.put_back()

    def status(self) -> dict[str, Any]:
        return {**super().status(), "turn": self.turn.turn, "showing": self.showing is not None}
