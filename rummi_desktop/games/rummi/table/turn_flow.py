"""The Rummi table's turn flow: how a person's turn ends, and a computer seat's turn.

A person ends a turn with End Turn, Draw or the clock; the model decides what that means
(the play stands, a draw, a penalty) and the flow says so. A computer seat thinks in the
thinking process while the frame loop keeps running; once the answer is in and the seat has
visibly "thought" for a moment, the play goes through the model and the view animates it:
rearranged tiles glide to their new places, new tiles fly in one by one from the seat's chip.
Space or Enter skips the animation.

The Hint (practice games only, see :meth:`RummiSession.hint_refusal`) asks the exact solver
(the Hard tier) for the person on turn, in the thinking process; its answer is previewed:
the rack tiles it lays light up and every tile glides to where the play would put it, then
the table glides back. The model is never touched by a hint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rummi_desktop.games.rummi.rules.moves import EndTurn, Play, Resign, Timeout, TurnAction
from rummi_desktop.games.rummi.rules.play_check import MeldProblem
from rummi_desktop.games.rummi.rules.state import DREW, PASSED, PENALTY, PLAYED, RESIGNED, WENT_OUT
from rummi_desktop.scenes.computer_turns import HintingTurnFlow
from rummi_desktop.games.rummi.table.controller import RummiTableInput
from rummi_desktop.games.rummi.table.rack_order import RackOrders
from rummi_desktop.games.rummi.table.session import RummiSession, TurnRecord
from rummi_desktop.games.rummi.table.view import RummiTableView
from rummi_desktop.scenes.turn_machine import Phase
from rummi_desktop.ui.wording import resigned_words
from rummi_desktop.ui.sprites import SHOWN_RATE

if TYPE_CHECKING:
    from rummi_desktop.scenes.table_context import TableContext

HOLD_AFTER_PLAY = 0.45  # s: a pause after a shown play settles, before the next turn
SHOWN_STAGGER = 0.22  # s between two new tiles of a computer's play leaving its chip
HINT_SHOWN = 3.0  # s a previewed hint stays on the table (at speed 1) before it glides back
HINT_BUDGET = 20.0  # s: the exact solver answers in well under a second; this is a safety net


PROBLEM_LINES = 3  # problems the refusal banner names one a line (a fourth too); more it counts


def refusal_text(error: str, problems: Sequence[MeldProblem]) -> str:
    """Why End Turn was refused, a line per problem meld: one meld is named with its reason;
    several get a heading that counts them (each is outlined in red on the table) and a line
    each, up to PROBLEM_LINES, then one line for the rest."""
    if not problems:
        return error

    def line(problem: MeldProblem) -> str:
        tiles = [str(t) for t in problem.tiles]
        return f"{' '.join(tiles if len(tiles) <= 6 else tiles[:5] + ['…'])}: {problem.reason}"

    if len(problems) == 1:
        return line(problems[0])
    shown = problems if len(problems) <= PROBLEM_LINES + 1 else problems[:PROBLEM_LINES]
    lines = [f"{len(problems)} melds are not valid (outlined in red):", *map(line, shown)]
    if len(shown) < len(problems):
        rest = len(problems) - len(shown)
        lines.append(f"and {rest} more, outlined in red on the table")
    return "\n".join(lines)


class RummiTurnFlow(HintingTurnFlow):
    hint_tier = "hard"  # the exact solver: a hint shows the best play, not a good one
    hint_budget = HINT_BUDGET

    def __init__(self, table: "TableContext", session: RummiSession, racks: RackOrders, view: RummiTableView,
                 controller: RummiTableInput) -> None:
        super().__init__(table, session, "rummi")
        self.racks = racks
        self.view = view
        self.controller = controller
        self.last_record: TurnRecord | None = None
        self.turn_log: list[TurnRecord] = []  # every completed turn, for tests and the curious

    # -- what the table asks --------------------------------------------------------------
    @property
    def clock_seconds(self) -> int | None:
        return self.session.clock_seconds

    def turn_begins(self) -> None:
        self.cancel_hint()
        self.view.new_turn()
        self.view.meld_spots.turn_begins()

    def person_turn_begins(self, seat: int) -> None:
        self.racks.turn_begins(seat, self.session.state.rack(seat))

    def end_move(self, timed_out: bool) -> None:
        self.finish_person_turn(Timeout() if timed_out else EndTurn())

    def confirm_move(self) -> None:
        self.view.sprites.finish_all()
        self.finish_person_turn(EndTurn())

    def skip_animation(self) -> None:
        self.view.sprites.finish_all()

    def animating(self) -> bool:
        view = self.view
        return (bool(view.incoming) or not view.sprites.settled or any(left > 0 for left in view.meld_glow.values())
                or self.hint_job is not None or view.preview_table is not None)

    def next_round_begins(self) -> None:
        self.session.next_round()
        self.racks.new_deal()  # new racks, sorted the way each player sorted the last one
        self.view.forget_round()

    # -- a person's turn --------------------------------------------------------------------
    def resign(self) -> None:
        self.finish_person_turn(Resign())

    def finish_person_turn(self, move: TurnAction) -> TurnRecord | None:
        """End Turn / Draw / clock ran out / Resign (``EndTurn()``, ``Draw()``, ``Timeout()``,
        ``Resign()``), for the person on turn."""
        table = self.table
        if not table.my_turn:
            return None
        self.cancel_hint()
        self.controller.cancel()
        seat = self.session.current
        record = self.session.finish_turn(move, table.turns.turn_time)
        if not record.result.ok:
            self._refused(record)
            return record
        if not record.result.laid_tiles:  # the play was undone
            self.racks.back_to_their_slots(seat, self.view.shown.rack(seat))
            self.view.meld_spots.back_to_turn_start()
        self._mark_changes(record)
        self._announce(record, move)
        self.after_turn(record)
        return record

    def _mark_changes(self, record: TurnRecord) -> None:
        """What the others will want to see of this turn: the tiles laid and moved; and what
        the seat itself will: the tiles it drew (a draw, a penalty)."""
        changes = self.view.changes
        if record.result.laid_tiles:
            others = range(len(self.session.setup.seats))  # marked for every seat; a person's are shown
            changes.played(record.seat, others, record.placed_ids, record.moved_ids)
        if record.result.drawn:
            changes.drew(record.seat, record.result.drawn)

    def _refused(self, record: TurnRecord) -> None:
        result = record.result
        melds = self.session.state.table
        self.view.invalid_tiles = {t for problem in result.problems if problem.index < len(melds)
                                   for t in melds[problem.index]}
        self.table.say(refusal_text(result.error, result.problems) or "That play is not allowed", warning=True)
        self.table.play("invalid")

    def _announce(self, record: TurnRecord, move: TurnAction) -> None:
        say, play = self.table.say, self.table.play
        outcome = record.result.outcome
        drawn = len(record.result.drawn)
        if isinstance(move, Timeout):
            message = {PLAYED: "Time — your play stands", WENT_OUT: "Time — and you are out!",
                       DREW: "Time — you draw a tile", PASSED: "Time — the pool is empty",
                       PENALTY: f"Time — {drawn} penalty tile{'s' if drawn != 1 else ''}"}
            say(message.get(outcome, "Time"), warning=outcome == PENALTY)
            play("invalid" if outcome == PENALTY else "rack")
        elif outcome == RESIGNED:
            say(resigned_words(self.session.seat(record.seat).name))
        elif outcome == PASSED:
            say("The pool is empty: you pass")
        elif outcome in (PLAYED, WENT_OUT):
            play("clink")

    def after_turn(self, record: TurnRecord) -> None:
        self.last_record = record
        self.turn_log.append(record)
        self.table.turn_completed(record.round_over)

    # -- a computer seat's turn -------------------------------------------------------------
    def update_thinking(self) -> None:
        before = {t for meld in self.session.state.table for t in meld}
        record = self._computer_move()
        if record is not None:
            self.show_computer_play(record, before)

    def show_computer_play(self, record: TurnRecord, before: set[int]) -> None:
        """Announce and animate a computer's turn (``before``: the table's tiles before it)."""
        seat = record.seat
        self.last_record = record
        self._mark_changes(record)
        name = self.session.seat(seat).name
        if record.result.laid_tiles:
            placed = len(record.placed_ids)
            self.table.say(f"{name} plays {placed} tile{'s' if placed != 1 else ''}")
        elif record.result.outcome == "passed":
            self.table.say(f"{name} passes")
        elif record.result.outcome == RESIGNED:  # another seat, at a server's table
            self.table.say(resigned_words(name))
        else:
            self.table.say(f"{name} draws a tile")
            self.table.play("rack")
        table_now = self.view.shown.table
        self.view.incoming = {t for meld in table_now for t in meld if t not in before}
        self.table.turns.move_made()
        self.table.schedule.cancel(self._move_shown)
        self.view.relayout_shown(seat, SHOWN_RATE, SHOWN_STAGGER)

    def update_showing(self) -> None:
        # The hold counts from the moment everything has landed: the frame that repaints
        # the settled table and the frame that moves on to the next turn are not the same.
        if self.view.sprites.settled and self.last_record is not None:
            self.table.schedule.keep(HOLD_AFTER_PLAY, self._move_shown)
        else:
            self.table.schedule.cancel(self._move_shown)

    def _move_shown(self) -> None:
        record = self.last_record
        if self.table.phase != Phase.SHOWING or record is None:
            return  # the turn was taken over meanwhile (a server's state): nothing to hold for
        self.table.turns.move_shown()
        self.after_turn(record)


    # -- the hint ---------------------------------------------------------------------------
    def ask_hint(self) -> None:
        refusal = self.session.hint_refusal()
        if refusal:
            self.table.say(refusal, warning=True)
            return
        self.clear_hint()
        self.start_hint("Looking for the best play…")

    def update_hint(self) -> None:
        answered, move = self.hint_answer()
        if answered and self.table.my_turn:
            self.show_hint(move)

    def show_hint(self, move) -> None:
        """Show ``move`` (the hint's, or a candidate the player chose) without making it."""
        self.clear_hint()
        if not isinstance(move, Play):
            self.table.say("No play lays a tile here: draw")
            return
        self.preview(move.melds)

    def preview(self, melds) -> None:
        """Show the play whose table is ``melds`` (faces) without making it."""
        state = self.session.state
        layout = state.layout_for([list(meld) for meld in melds])
        if isinstance(layout, str):
            self.table.say(f"The hint does not fit this table ({layout})", warning=True)
            return
        self.controller.drop_hand()
        table = [list(meld) for meld in layout]
        on_table = {t for meld in state.table for t in meld}
        laid = {t for meld in table for t in meld} - on_table
        self.view.preview_table = table
        self.view.hint_tiles = laid
        self.table.schedule.after(HINT_SHOWN, self._hint_shown)
        self.view.relayout(rate=SHOWN_RATE)
        self.table.say(f"This play lays {len(laid)} tile{'s' if len(laid) != 1 else ''} — shown, not made")

    def _hint_shown(self) -> None:
        """The hint has shown long enough: it glides back once its tiles have landed."""
        if self.view.sprites.settled:
            self.clear_hint()
        else:
            self.table.schedule.after(0.0, self._hint_shown)  # again at the end of the next frame

    def clear_hint(self) -> None:
        view = self.view
        if view.preview_table is None and not view.hint_tiles:
            return
        view.preview_table = None
        view.hint_tiles = set()
        self.table.schedule.cancel(self._hint_shown)
        view.relayout(rate=SHOWN_RATE)
