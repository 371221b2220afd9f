"""What every game's guided session adds to that game's own session: the computer seat answers
with the script's move at once (no thinking process is started), hints are off (the guide
shows each step), and the guided mode is kept as the ``gate`` the session puts a person's end
of turn to. A game's guided session is ``class Guided…Session(GuidedSession, …Session)`` and
names its script's ``reply(state) -> move notation``. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from rummi_desktop.games.base import IllegalMove


@dataclass
class ScriptedReply:
    """The computer seat's answer in a guided game: the script's move, ready at once. It
    stands where a thinking job stands (``poll``, ``done``, ``elapsed``, ``cancel``)."""

    move: str
    done: bool = True
    elapsed: float = 0.0

    def poll(self) -> str:
        return self.move

    def cancel(self) -> None:
        """Nothing is thinking."""


HINTS_OFF = "The guide shows you each step: no hints needed"
CAPTION = "Guided first game · nothing here is saved or counted"


class GuidedSession:
    gate: Any = None  # the GuidedMode: turn_end_refusal(state, playing) and turn_accepted()
    thinks_locally = False  # the replies are the script's
    reply: ClassVar[Callable[[Any], str]]
    state: Any

    def start_thinking(self, computers: Any, seat: int) -> ScriptedReply:
        return ScriptedReply(type(self).reply(self.state))

    def hint_refusal(self) -> str:
        return HINTS_OFF

    def guide_refusal(self, state: Any, playing: bool = True) -> str:
        """Why the guide refuses this end of turn ("" when it allows it, or no guide is set)."""
        return self.gate.turn_end_refusal(state, playing) if self.gate is not None else ""

    def put_to_guide(self, move: Any) -> None:
        """For a game whose person's turn is one move: the move is tried on a copy (the
        model's own refusal comes first), and the guide reads the state it would leave;
        IllegalMove with the step's hint when that is off the script. Nothing changes here."""
        trial = self.state.clone()
        trial.apply(move)
        refusal = self.guide_refusal(trial)
        if refusal:
            raise IllegalMove(refusal)

    def guide_accepted(self) -> None:
        if self.gate is not None:
            self.gate.turn_accepted()


class GuidedOneMoveSession(GuidedSession):
    """A guided session for a game whose person's turn is one move (Rummble's, Tumblewords'):
    each move is put to the guide before the game's own ``apply`` plays it."""

    def caption(self) -> str:
        return "Guided first game"  # the turn log's foot, under the guide's panel: kept short

    def apply(self, move: Any, seconds: float = 0.0) -> Any:
        self.put_to_guide(move)
        record = super().apply(move, seconds)  # type: ignore[misc]  (the game's session, next in line)
        self.guide_accepted()
        return record
