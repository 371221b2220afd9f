"""The Rummble table's turn flow: a person's play, exchange or pass; a computer seat's turn;
and the Hint (the medium computer's best play, shown as ghost tiles).

Every move goes to the model: a refused play changes nothing, and the banner says why,
naming the line, which the view outlines. A computer seat thinks off the frame loop
(``ComputerSeats``); once its answer is in and it has visibly thought for a moment, the move
goes through the model and its tiles fly from the seat's chip to their squares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummi_desktop.games.base import IllegalMove
from rummi_desktop.games.rummble.rules.moves import Exchange, Pass, Play, Resign
from rummi_desktop.games.rummble.spec import RUMMBLE
from rummi_desktop.scenes.computer_turns import HintingTurnFlow
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.games.rummble.table.session import RummbleSession, TurnRecord
from rummi_desktop.ui.sprites import SHOWN_RATE
from rummi_desktop.ui.wording import resigned_words, sentence

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

HOLD_AFTER_PLAY = 0.6  # s after a shown play lands, before the next turn
SHOWN_STAGGER = 0.18  # s between two tiles of a computer's play leaving its chip


def computers_available() -> bool:
    """Computer seats (and hints) need the game's "computer" entry point."""
    return RUMMBLE.has("computer")


class RummbleTurnFlow(HintingTurnFlow):
    def __init__(self, table: "TableContext", session: RummbleSession, view, controller) -> None:
        # without computer seats a computer's turn passes
        super().__init__(table, session, "rummble", seats_think=computers_available() or not session.thinks_locally)
        self.view = view
        self.controller = controller
        self.tentative = controller.tentative
        self.last_record: TurnRecord | None = None

    @property
    def state(self):
        return self.session.state

    # -- what the table asks --------------------------------------------------------------
    def turn_begins(self) -> None:
        self.view.new_turn()
        self.tentative.recall()

    def end_move(self, timed_out: bool) -> None:
        self.play()

    def confirm_move(self) -> None:
        self.view.sprites.finish_all()
        self.play()

    def skip_animation(self) -> None:
        self.view.sprites.finish_all()

    def animating(self) -> bool:
        return bool(self.view.incoming) or not self.view.sprites.settled or self.hint_job is not None

    # -- a person's turn --------------------------------------------------------------------
    def play(self) -> TurnRecord | None:
        table = self.table
        if not table.my_turn:
            return None
        self.controller.cancel()
        undeclared = self.tentative.undeclared(self.state.faces)
        if undeclared:
            self.controller.pick_joker(undeclared[0])
            return None
        play = self.tentative.play(self.state.faces)
        if play is None:
            self._refuse("Put tiles on the board first (or exchange, or pass)", ())
            return None
        try:
            record = self.session.apply(play, table.turns.turn_time)
        except IllegalMove as error:
            self.view.refresh_preview()
            self._refuse(str(error), self.view.refused_line)
            return None
        self.tentative.recall()
        points = record.result.points
        if record.result.verdict is not None and record.result.verdict.rummmble:
            table.say(f"Rummmble! {points} points")
            table.play("fanfare")
        else:
            table.say(f"You score {points}" if self.session.seat(record.seat).name == "You"
                      else f"{self.session.seat(record.seat).name} scores {points}")
            table.play("clink")
        self.after_turn(record)
        return record

    def _refuse(self, reason: str, line: tuple[int, ...]) -> None:
        self.view.refused_line = line
        self.table.say(sentence(reason), warning=True)
        self.table.play("invalid")

    def pass_turn(self) -> TurnRecord | None:
        if not self.table.my_turn:
            return None
        self.controller.cancel()
        self.tentative.recall()
        try:
            record = self.session.apply(Pass(), self.table.turns.turn_time)
        except IllegalMove as error:  # the rules allow a pass; a guided game's script may not
            self._refuse(str(error), ())
            return None
        self.table.say("You pass" if self.session.seat(record.seat).name == "You" else f"{self.session.seat(record.seat).name} passes")
        self.table.play("rack")
        self.after_turn(record)
        return record

    def resign(self) -> TurnRecord | None:
        if not self.table.my_turn:
            return None
        self.controller.cancel()
        self.tentative.recall()
        record = self.session.apply(Resign(), self.table.turns.turn_time)
        self.table.say(resigned_words(self.session.seat(record.seat).name))
        self.after_turn(record)
        return record

    def exchange(self, tile_ids: list[int]) -> TurnRecord | None:
        if not self.table.my_turn or not tile_ids:
            return None
        self.controller.cancel()
        self.tentative.recall()
        tiles = tuple(self.state.faces[t] for t in tile_ids)
        try:
            record = self.session.apply(Exchange(tiles), self.table.turns.turn_time)
        except IllegalMove as error:
            self._refuse(str(error), ())
            return None
        self.table.say(f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''} exchanged")
        self.table.play("shuffle")
        self.after_turn(record)
        return record

    def after_turn(self, record: TurnRecord) -> None:
        self.last_record = record
        self.cancel_hint()
        self.view.log.append(describe(self.session, record))
        self.table.turn_completed(record.game_over)

    # -- the hint ---------------------------------------------------------------------------
    def ask_hint(self) -> None:
        refusal = self.session.hint_refusal()
        if refusal:
            self.table.say(refusal, warning=True)
            return
        self.start_hint("Looking for a good play…")

    def update_hint(self) -> None:
        answered, move = self.hint_answer()
        if answered:
            self.show_hint(move)

    def show_hint(self, move) -> None:
        """Show ``move`` (the hint's, or a candidate the player chose) as ghost tiles."""
        self.clear_hint()
        if isinstance(move, Play):
            self.view.ghosts = [(p.square, p.laid) for p in move.placements]
            self.table.say(f"Hint: this play scores {self.state.check(move).score}")
        elif isinstance(move, Exchange):
            self.table.say(f"Hint: exchange {' '.join(str(t) for t in move.tiles)}")
        else:
            self.table.say("Hint: no play found — exchange or pass")

    def clear_hint(self) -> None:
        self.view.ghosts = []

    # -- a computer seat's turn -------------------------------------------------------------
    def update_thinking(self) -> None:
        before = {t for t in self.state.board_ids if t is not None}
        record = self._computer_move()
        if record is not None:
            self.show_computer_turn(record, before)

    def show_computer_turn(self, record: TurnRecord, before: set[int]) -> None:
        self.last_record = record
        name = self.session.seat(record.seat).name
        outcome = record.result
        if outcome.verdict is not None:
            self.table.say(f"{name} plays {len(outcome.laid)} tile{'s' if len(outcome.laid) != 1 else ''} "
                           f"for {outcome.points}")
        elif outcome.outcome in ("exchanged",) or (outcome.drawn and outcome.verdict is None):
            self.table.say(f"{name} exchanges {len(outcome.drawn)} tile{'s' if len(outcome.drawn) != 1 else ''}")
            self.table.play("shuffle")
        elif outcome.outcome == "resigned":  # another seat, at a server's table
            self.table.say(resigned_words(name))
        else:
            self.table.say(f"{name} passes")
            self.table.play("rack")
        self.view.incoming = {t for t in self.state.board_ids if t is not None and t not in before}
        self.table.turns.move_made()
        self.table.schedule.cancel(self._move_shown)
        self.view.relayout_shown(record.seat, SHOWN_RATE, SHOWN_STAGGER)

    def update_showing(self) -> None:
        # The hold counts from the moment everything has landed.
        if self.view.sprites.settled and self.last_record is not None:
            self.table.schedule.keep(HOLD_AFTER_PLAY, self._move_shown)
        else:
            self.table.schedule.cancel(self._move_shown)

    def _move_shown(self) -> None:
        if self.table.phase != Phase.SHOWING or self.last_record is None:
            return  # the turn was taken over meanwhile (a server's state): nothing to hold for
        self.table.turns.move_shown()
        self.after_turn(self.last_record)


def describe(session: RummbleSession, record: TurnRecord) -> tuple[str, str, int]:
    """A line of the turn log: (who, what, points)."""
    name = session.seat(record.seat).name
    result = record.result
    if result.verdict is not None:
        tiles = " ".join(tile.notation() for found in result.verdict.sets[:1] for tile in found.tiles)
        return (name, f"played {tiles}", result.points)
    if result.outcome == "exchanged" or (result.drawn and result.verdict is None):
        return (name, f"exchanged {len(result.drawn)}", 0)
    if result.outcome == "resigned":
        return (name, "resigned", 0)
    return (name, "passed" if result.outcome != "stalled" else "passed; the game stalls", 0)
