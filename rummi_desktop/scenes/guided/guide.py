"""A guide: the steps of one game's guided first game, and how far the player has come.

A :class:`Step` says what to do (``text``) and the rule that applies (``rule``), names what
to point at (``targets``: the game's own names, such as ``"rack:R10"`` or ``"button:end_turn"``,
which the game's table part turns into rectangles) and how it is done:

* a reading step (no ``done`` test) waits for Next;
* a move step is done when ``done(state)`` holds for the game's model state: the guide reads
  the model, never pixels;
* a turn step (``ends_turn``) is done when the player ends the turn and ``done(state)``
  holds for it (the game's guided session says which state: Rummi's table as End Turn finds
  it, or the state a Rummble play or Tumblewords drop would leave, tried on a copy); any other
  end of turn is refused with the step's ``hint`` and changes nothing (the model still
  decides what is legal). It moves on once the others have replied.

Pure module: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

StateTest = Callable[[Any], bool]


@dataclass(frozen=True)
class Step:
    title: str
    text: str  # what to do now
    rule: str = ""  # the rule that applies, in a sentence or two
    targets: tuple[str, ...] = ()  # what to point at, in the game's own names
    done: StateTest | None = None  # None: a reading step (Next)
    ends_turn: bool = False  # done when the turn is ended while ``done`` holds
    hint: str = ""  # said when an off-script move is refused

    @property
    def reading(self) -> bool:
        return self.done is None


@dataclass
class Guide:
    """The steps in order and the one in progress. ``finished`` once the last is done."""

    title: str
    steps: Sequence[Step]
    index: int = 0
    turn_ended: bool = False  # the turn step in progress had its turn ended (waits for the reply)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.steps[self.index]

    def counter(self) -> str:
        shown = min(self.index + 1, len(self.steps))
        return f"Step {shown} of {len(self.steps)}"

    def advance(self) -> None:
        self.index += 1
        self.turn_ended = False

    def next_pressed(self) -> bool:
        """Next on a reading step: True when it moved on."""
        step = self.step
        if step is None or not step.reading:
            return False
        self.advance()
        return True

    def check_move(self, state: Any) -> bool:
        """A move step whose test now holds is done: True when it moved on."""
        step = self.step
        if step is None or step.reading or step.ends_turn or not step.done(state):
            return False
        self.advance()
        return True

    def turn_end_refusal(self, state: Any, playing: bool = True) -> str:
        """Why ending the turn now is off the script ("" when the guide allows it). Only a
        turn step whose test holds may end a turn, and only with a play (``playing``): a
        guided game never draws or passes."""
        step = self.step
        if step is None:
            return ""
        if playing and step.ends_turn and step.done is not None and step.done(state):
            return ""
        return step.hint or "Not yet: follow the guide's step first"

    def turn_accepted(self) -> None:
        """The model accepted the turn ended on a turn step: it is done once the others have
        played and it is the player's turn again (or at once, for the last step)."""
        step = self.step
        if step is not None and step.ends_turn:
            self.turn_ended = True
            if self.index == len(self.steps) - 1:
                self.advance()

    def players_turn_again(self) -> bool:
        """The player's turn began: a turn step whose turn was ended is done."""
        if self.turn_ended:
            self.advance()
            return True
        return False

