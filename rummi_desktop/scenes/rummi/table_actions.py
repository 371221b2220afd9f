"""What the person on turn does with the buttons and keys: apply a gesture's moves, Undo,
Reset, sort the rack — and keeping the rack's hand-made order through all of it.

A mixin of :class:`RummiTableScene`, whose attributes it uses.
"""

from __future__ import annotations

from rummi_desktop.games.rummi.moves import IllegalMove, Move
from rummi_desktop.games.rummi.pieces import face
from rummi_desktop.scenes.rummi.rack_order import restore_returned


class HumanActions:
    """Moves, Undo, Reset and rack sorting for the table scene."""

    def apply_moves(self, moves: tuple[Move, ...]) -> bool:
        """Apply a gesture's moves in order; on a refusal undo the ones already applied."""
        applied = 0
        before = list(self.rack_order(self.viewer)) if self.viewer is not None else []
        try:
            for move in moves:
                self.state.apply(move)
                self.order_history.append(before)
                applied += 1
        except IllegalMove as error:
            for _ in range(applied):
                self.state.undo()
                self.order_history.pop()
            self.say(str(error), warning=True)
            self.play("invalid")
            self.relayout()
            return False
        self._table_changed()
        self.play("clink")
        self.relayout()
        return True

    def undo(self) -> None:
        if self.my_turn and self.state.undo() is not None:
            self.input.drop_hand()  # a held or selected table tile may point at a meld now gone
            if self.order_history and self.viewer is not None:
                before = self.order_history.pop()
                shown = self.rack_orders.get(self.viewer, [])
                self.rack_orders[self.viewer] = restore_returned(shown, before, self.state.rack(self.viewer))
            self._table_changed()
            self.play("rack")
            self.relayout()

    def reset_turn(self) -> None:
        if self.my_turn:
            self.input.drop_hand()  # a held or selected table tile may point at a meld now gone
            self.state.reset_turn()
            if self.viewer is not None:
                self._tiles_back_to_their_slots(self.viewer, self.state.rack(self.viewer))
            self._table_changed()
            self.play("rack")
            self.relayout()

    def _tiles_back_to_their_slots(self, seat: int, rack: list[int]) -> None:
        """Every tile laid this turn is back on the rack (Reset, Draw, timeout): put each in
        the slot it left, as a run of Undos would. Untouched, the rack is exactly as it was
        when the turn began; a rearrangement made during the turn is kept."""
        shown = self.rack_orders.get(seat, [])
        for before in reversed(self.order_history):
            known = set(before) | set(shown)
            shown = restore_returned(shown, before, [t for t in rack if t in known])
        self.rack_orders[seat] = restore_returned(shown, self.turn_start_order, rack)
        self.order_history = []

    def sort_rack(self, by: str) -> None:
        if self.viewer is None:
            return
        def by_colour(t: int) -> tuple:
            f = face(t)
            return (f.is_joker, "KBRY".find(f.colour), f.number, t)

        def by_number(t: int) -> tuple:
            f = face(t)
            return (f.is_joker, f.number, "KBRY".find(f.colour), t)

        order = self.rack_order(self.viewer)
        self.rack_orders[self.viewer] = sorted(order, key=by_colour if by == "colour" else by_number)
        self.play("rack")
        self.relayout()

    def skip_animation(self) -> None:
        self.sprites.finish_all()
        self.phase_time = max(self.phase_time, 10.0)
