"""The Tumblewords table's turn flow: a person's drop, claims, Done, pass and the Ticker's
timeout; a computer seat's moves; the Hint (the medium computer's drop, shown as a ghost).

Every move goes to the model; a refused one changes nothing and the banner says why. After a
move that ends a turn the table shows it (the fall, the words one by one, Zapper!) and only
then hands over to the next seat.
"""

from __future__ import annotations

from typing import Callable, TYPE_CHECKING

from rummi_desktop.games.base import IllegalMove
from rummi_desktop.games.tumblewords.rules.grid import BLANK, FACES
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Move, Pass, Resign, Timeout
from rummi_desktop.games.tumblewords.rules.parameters import STEAL_SECONDS, STEALING, TICKER_SECONDS
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.scenes.computer_turns import HintingTurnFlow
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.ui.wording import resigned_words
from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, TurnRecord

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext
    from rummi_desktop.games.tumblewords.rules.state import TurnResult

HOLD_AFTER_TURN = 0.5  # s after a turn is shown, before the next
HOLD_AFTER_MISSED = 1.6  # s the missed words stay in view


def computers_available() -> bool:
    """Computer seats (and hints) need the game's "computer" entry point."""
    return TUMBLEWORDS.has("computer")


def dropped_letter(record: TurnRecord) -> str:
    """The letter a drop showed, read from the move itself: Zapper! may already have taken
    its square off the board (and moved another letter onto it)."""
    try:
        move = Move.parse(record.move)
    except ValueError:
        return "a letter"
    if not isinstance(move, Drop):
        return "a letter"
    return f"a blank as {move.letter}" if move.blank else move.letter


class TumblewordsTurnFlow(HintingTurnFlow):
    def __init__(self, table: "TableContext", session: TumblewordsSession, view, controller,
                 pick_blank: Callable[[int, Callable[[str | None], None]], None]) -> None:
        # without computer seats a computer's turn passes
        super().__init__(table, session, "tumblewords", seats_think=computers_available())
        self.view, self.controller = view, controller
        self.pick_blank = pick_blank  # (column, done) -> opens the blank's letter picker
        self.last_record: TurnRecord | None = None
        self.unclaimed: list = []  # a Claim turn's missed words, kept through a steal window

    @property
    def state(self):
        return self.session.state

    # -- what the table asks --------------------------------------------------------------
    @property
    def clock_seconds(self) -> int | None:
        if not self.state.params.ticker or not self.session.thinks_locally:
            return None  # a server game's clock is the server's (it forfeits a turn itself)
        return STEAL_SECONDS if self.state.phase == STEALING else TICKER_SECONDS

    def turn_begins(self) -> None:
        self.view.new_turn()
        self.controller.cancel()

    def end_move(self, timed_out: bool) -> None:
        if timed_out:
            self.timeout()
        else:
            self.controller.confirm()

    def confirm_move(self) -> None:
        self.controller.confirm()

    def skip_animation(self) -> None:
        self.view.finish_animations()

    def animating(self) -> bool:
        return self.view.busy or not self.view.sprites.settled or self.hint_job is not None

    def _name(self, seat: int) -> str:
        return self.session.seat(seat).name

    # -- a person's moves -------------------------------------------------------------------
    def drop(self, tile_id: int, col: int) -> None:
        """A hand letter into a column; a blank asks for its letter first."""
        if not self.table.my_turn or self.state.phase != "dropping":
            return
        if FACES[tile_id] == BLANK:
            verdict = self.state.check(Drop(col, "E", blank=True))
            if not verdict.legal:
                self._refuse(verdict.reason)
                return
            self.pick_blank(col, lambda letter: self.apply(Drop(col, letter, blank=True)) if letter else None)
            return
        self.apply(Drop(col, FACES[tile_id]))

    def claim(self, span) -> None:
        if not self.table.my_turn or self.state.phase == "dropping":
            return
        self.apply(Claim((span,)))

    def done(self) -> None:
        if self.table.my_turn and self.state.phase != "dropping":
            self.apply(Done())

    def pass_turn(self) -> None:
        if self.table.my_turn and self.state.phase == "dropping":
            self.controller.cancel()
            self.apply(Pass())

    def resign(self) -> None:
        if self.table.my_turn:
            self.controller.cancel()
            self.apply(Resign())

    def timeout(self) -> None:
        if self.table.my_turn:
            self.controller.cancel()
            self.apply(Timeout())

    def apply(self, move) -> TurnRecord | None:
        hands_before = [list(hand) for hand in self.state.hands]
        try:
            record = self.session.apply(move, self.table.turns.turn_time)
        except IllegalMove as error:
            self._refuse(str(error))
            return None
        self.cancel_hint()
        self.show(record, hands_before)
        return record

    def _refuse(self, reason: str) -> None:
        self.table.say(reason[:1].upper() + reason[1:], warning=True)
        self.table.play("invalid")

    # -- showing what a move did ------------------------------------------------------------
    def show(self, record: TurnRecord, hands_before: list[list[int]]) -> None:
        result, name, view = record.result, self._name(record.seat), self.view
        you = name == "You"
        if result.outcome == "dropped":
            tile_id = next(t for t in hands_before[record.seat] if t not in self.state.hands[record.seat])
            view.missed, view.claimed = [], []
            view.dropped(tile_id, result.row, result.col, result.zapped)
            view.reveal(result.words)
            if self.state.params.claim:
                self.table.say(("Claim your words" if you else f"{name} dropped a letter: claiming…"))
            elif result.words:
                words = ", ".join(w.word for w in result.words[:4])
                self.table.say(f"{'You score' if you else name + ' scores'} {result.points}: {words}")
                self.table.play("fanfare" if result.points >= 10 else "clink")
            else:
                self.table.say("No word this time" if you else f"{name} drops a letter, no word")
            view.log.append((name, f"dropped {dropped_letter(record)} in column {result.col + 1}", result.points))
        elif result.outcome in ("claimed", "stole"):
            view.claimed.extend(result.words)
            if result.words:
                self.table.say(" ".join(f"+{w.points} {w.word}" for w in result.words))
                self.table.play("clink")
                view.log.append((name, ("stole " if result.outcome == "stole" else "claimed ")
                                 + ", ".join(w.word for w in result.words), result.points))
            elif result.wrong:
                self._refuse("That is not a word of this drop")
        elif result.outcome in ("done", "timed_out"):
            self._show_claiming_over(result)
        elif result.outcome == "resigned":
            self.table.say(resigned_words(name))
            view.log.append((name, "resigned", 0))
        elif result.outcome == "shown":
            pass  # a server's move this window could not replay: its board is laid out as sent
        else:  # passed, or a timeout before the drop
            self.table.say(("Time is up: turn passed" if result.outcome == "timed_out" else
                            "You pass" if you else f"{name} passes"), warning=result.outcome == "timed_out")
            self.table.play("rack")
            view.log.append((name, "passed", 0))
        self.last_record = record
        if record.ends_turn:
            self.table.turns.move_made()
            self.table.schedule.cancel(self._turn_shown)

    def _show_claiming_over(self, result: TurnResult) -> None:
        """A seat is done claiming (or its clock ran out): a Pressure Cooker steal window opens
        for the next seat, or the words nobody claimed are shown as missed."""
        view = self.view
        if self.state.phase == "stealing":
            self.unclaimed = list(result.missed)
            view.claimed, view.missed = [], []
            self.table.say(f"{self._name(self.state.current)}: 15 seconds to steal missed words!")
            return
        stolen = {w for w in view.claimed} if self.unclaimed else set()
        view.missed = [w for w in (result.missed or self.unclaimed) if w not in stolen]
        self.unclaimed = []
        if result.outcome == "timed_out":
            self.table.say("Time is up", warning=True)
        elif view.missed:
            self.table.say(f"Missed: {', '.join(w.word for w in view.missed[:4])}")
        if result.zapped:
            view.sync_board(animate=True)

    def update_showing(self) -> None:
        # The hold counts once the drop has landed (and the missed words are in view).
        if self.view.busy or self.last_record is None:
            self.table.schedule.cancel(self._turn_shown)
            return
        self.table.schedule.keep(HOLD_AFTER_MISSED if self.view.missed else HOLD_AFTER_TURN, self._turn_shown)

    def _turn_shown(self) -> None:
        if self.table.phase != Phase.SHOWING:
            return  # the turn was taken over meanwhile (a server's state): nothing to hold for
        self.table.turns.move_shown()
        self.view.missed = []
        self.table.turn_completed(self.state.is_terminal)

    # -- the hint ---------------------------------------------------------------------------
    def ask_hint(self) -> None:
        refusal = self.session.hint_refusal()
        if refusal:
            self.table.say(refusal, warning=True)
        elif self.state.phase == "dropping":
            self.start_hint("Looking for a good drop…")

    def update_hint(self) -> None:
        answered, move = self.hint_answer()
        if answered:
            self.show_hint(move)

    def show_hint(self, move) -> None:
        """Show ``move`` (the hint's, or a candidate the player chose) as a ghost letter."""
        if isinstance(move, Drop) and self.state.check(move).legal:
            # One preview at a time: the hint replaces a chosen letter's; while a letter is
            # being dragged the banner alone names the hint.
            self.controller.put_down_choice()
            self.view.ghost = move if self.controller.held is None else None
            self.table.say(f"Hint: {move.letter} in column {move.column + 1} scores {self.state.check(move).score}")
        else:
            self.table.say("Hint: no scoring drop found — try a pass")

    def clear_hint(self) -> None:
        self.view.ghost = None

    # -- a computer seat's turn -------------------------------------------------------------
    def update_thinking(self) -> None:
        if self.view.busy:  # a claim-mode computer shows its drop before claiming
            self.table.turns.count_again()
            return
        hands_before = [list(hand) for hand in self.state.hands]
        record = self._computer_move()
        if record is not None:
            self.show(record, hands_before)

    def _play_answer(self, move: str | None, elapsed: float) -> TurnRecord:
        self.table.turns.count_again()  # a claim-mode computer's claims wait a visible moment again
        return super()._play_answer(move, elapsed)
