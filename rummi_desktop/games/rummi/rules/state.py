"""One Rummi round: seats, pool, racks, table, the turn in progress, and its end.

``RummiState(RummiParameters(seats=("human", "hard"), seed=7))`` draws for the first
player and deals 14 tiles with the state's own seeded RNG (the only randomness). Every public
action is written to ``state.log`` as text, so the seed plus the log replays the state exactly
(:func:`replay`); a move taken back (``undo``, ``reset_turn``) leaves the log with it, as in
every game of the collection.

The seat on turn changes the table one :class:`Move` at a time (``apply``), can ``undo`` them
or ``reset_turn``, then ``end_turn`` (refused with per-meld reasons if the table is wrong),
``draw`` (a pass on an empty pool) or ``timeout`` when the clock runs out, or ``resign``
(the round ends at once: ``scoring.resigned_scores``); each of these is also a move
(``apply(EndTurn())`` …). Computer seats hand over a whole turn as one
:class:`~rummi_desktop.games.rummi.rules.moves.Play`.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from rummi_desktop.games.base import ComparedByFingerprint, LegalMoves, replay_log
from rummi_desktop.games.rummi.rules.legal_moves import turn_steps
from rummi_desktop.games.rummi.rules.moves import (Draw, EndTurn, IllegalMove, Move, Play, Rearrange, Resign, Timeout,
                                                   TurnBoard)
from rummi_desktop.games.rummi.rules.deal import (
    FirstPlayerDraw, PositionSetup, check_setup, choose_first_player, deal, place_setup)
from rummi_desktop.games.rummi.rules.pieces import faces, ids_for_faces, table_faces
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS, MeldProblem, PlayCheck, check_play
from rummi_desktop.games.rummi.rules.play_check import opening_points as _opening_points
from rummi_desktop.games.rummi.rules.scoring import RoundResult, blocked_scores, going_out_scores, resigned_scores
from rummi_desktop.tiles import Tile

MIN_SEATS, MAX_SEATS = 2, 4
CLOCK_CHOICES = (None, 15, 30, 60, 120)
# The house rule for the initial meld: the points it must reach; 0 is "no opening rule" (every
# seat may build on the table from its first turn).
OPENING_CHOICES = (0, OPENING_POINTS, 50)
TIERS: tuple[str, ...] = ("easy", "medium", "hard", "expert")  # the computer strengths offered
CLOCK_CHOICES_TEXT = "off, " + ", ".join(str(c) for c in CLOCK_CHOICES[1:-1]) + f" or {CLOCK_CHOICES[-1]} s"

PLAYED, WENT_OUT, DREW, PASSED, PENALTY, REFUSED, RESIGNED = (
    "played", "went_out", "drew", "passed", "penalty", "refused", "resigned")
# Entries of logs written before undo and reset left the log: read by perform, never written.
LEGACY_UNDO, LEGACY_RESET = "undo", "reset"


@dataclass(frozen=True, slots=True)
class RummiParameters:
    """What a round is played with. ``seats`` are labels (``"human"``, a tier name); their
    number (2–4) is the number of seats."""

    seats: tuple[str, ...] = ("human", "computer")
    seed: int = 0
    rack_size: int = 14
    opening_points: int = OPENING_POINTS
    clock_seconds: int | None = None
    penalty_tiles: int = 3

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Rummi is played by {MIN_SEATS} to {MAX_SEATS} seats, not {len(self.seats)}")
        if self.clock_seconds not in CLOCK_CHOICES:
            raise ValueError(f"the turn clock is {CLOCK_CHOICES_TEXT}, not {self.clock_seconds!r}")
        if self.opening_points not in OPENING_CHOICES or isinstance(self.opening_points, bool):
            raise ValueError(f"the opening threshold is none (0), 30 or 50 points, not {self.opening_points!r}")


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """How a seat's last turn ended, as every seat saw it: the table it left, how many tiles it
    took (1 for a draw, the penalty for a timeout, 0 for a play or a pass), and whether that
    turn was its opening (when it could not use the table)."""

    table: tuple[tuple[Tile, ...], ...]
    drawn: int
    opening: bool = False


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What ending a turn did. ``outcome``: played / went_out / drew / passed / penalty /
    refused / resigned. ``drawn``: tile ids the seat drew. ``problems``: the invalid melds when refused."""

    outcome: str
    seat: int
    error: str = ""
    problems: tuple[MeldProblem, ...] = ()
    drawn: tuple[int, ...] = ()
    placed: int = 0

    @property
    def ok(self) -> bool:
        return self.outcome != REFUSED

    @property
    def laid_tiles(self) -> bool:
        """The turn ended with tiles laid down (a play, or going out)."""
        return self.outcome in (PLAYED, WENT_OUT)


class TurnRefused(IllegalMove):
    """End Turn (or a whole-turn Play) refused: ``result`` has the reason and the bad melds."""

    def __init__(self, result: TurnResult) -> None:
        super().__init__(result.error)
        self.result = result


class RummiState(ComparedByFingerprint):
    """A round in progress (see the module docstring)."""

    # Undo reaches back only over the turn in progress, whose moves the rules need anyway (a draw
    # takes them back), so the history is kept either way: it never outlives the turn.
    keeps_undo = True

    def __init__(self, params: RummiParameters, setup: PositionSetup | None = None) -> None:
        self.params = params
        self.setup = setup
        self.rng = random.Random(params.seed)
        if setup is None:
            self.first_draw = choose_first_player(self.rng, len(params.seats))
            self.pool, self._racks = deal(self.rng, len(params.seats), params.rack_size)
            table: list[list[int]] = []
            self.current = self.first_draw.first
            self.opened = [False] * len(params.seats)
        else:
            self.first_draw = FirstPlayerDraw(first=setup.current)
            self.pool, self._racks, table = place_setup(setup, self.rng)
            check_setup(setup, len(params.seats))
            self.current = setup.current
            self.opened = list(setup.opened) if setup.opened else [False] * len(params.seats)
        if params.opening_points == 0:  # no opening rule: every seat counts as opened
            self.opened = [True] * len(params.seats)
        self.turn_number = 1
        self.passes = 0
        self.result: RoundResult | None = None
        self.log: list[str] = []
        self.turn_ends: list[TurnEnd | None] = [None] * len(params.seats)  # None: not seen yet
        self.board = TurnBoard(table, self._racks[self.current], frozenset(), False)
        self._start_turn()
        # Every id in the round (all 106, unless a hand-made position left some out): what the
        # audit's conservation check counts against.
        self.tiles_in_play: tuple[int, ...] = tuple(tile_census(self))

    @classmethod
    def from_position(cls, params: RummiParameters, table: list[list[Tile]], racks: list[list[Tile]],
                      current: int = 0, opened: list[bool] | None = None,
                      pool: list[Tile] | None = None) -> "RummiState":
        """A round starting from a hand-made position (sandbox, puzzles, tests)."""
        setup = PositionSetup(tuple(tuple(m) for m in table), tuple(tuple(r) for r in racks), current,
                              tuple(opened or ()), None if pool is None else tuple(pool))
        return cls(params, setup)

    # ----- what the seats see -------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.params.seats)

    @property
    def table(self) -> list[list[int]]:
        return self.board.table

    def rack(self, seat: int) -> list[int]:
        return self.board.rack if seat == self.current else self._racks[seat]

    @property
    def racks(self) -> list[list[int]]:
        return [self.rack(seat) for seat in range(self.seats)]

    def table_tiles(self) -> list[list[Tile]]:
        return table_faces(self.board.table)

    def rack_tiles(self, seat: int | None = None) -> list[Tile]:
        return faces(self.rack(self.current if seat is None else seat))

    @property
    def is_over(self) -> bool:
        return self.result is not None

    is_terminal = is_over

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for the round (all 0 while it goes on)."""
        return tuple(self.result.scores) if self.result is not None else (0,) * self.seats

    def winners(self) -> tuple[int, ...]:
        return tuple(self.result.winners) if self.result is not None else ()

    @property
    def owes_opening(self) -> bool:
        """The seat on turn has not made its initial meld yet."""
        return not self.opened[self.current]

    @property
    def turn_moves(self) -> list[Move]:
        return [move for move, _ in self._history]

    @property
    def laid_this_turn(self) -> list[int]:
        """Ids of tiles on the table that were on the rack when the turn began (these, and
        only these, may go back to the rack)."""
        return [t for meld in self.board.table for t in meld if t not in self.board.start_table]

    @property
    def turn_start_table(self) -> list[list[Tile]]:
        return table_faces(self._start[0])

    @property
    def turn_start_rack(self) -> list[Tile]:
        return faces(self._start[1])

    def opening_points(self) -> int:
        """Points laid down so far this turn toward the initial meld (valid new melds)."""
        return _opening_points(self.turn_start_table, self.table_tiles())

    def check_turn(self) -> PlayCheck:
        """Would End Turn accept the table as it is now? (Nothing changes.)"""
        return check_play(self.turn_start_table, self.turn_start_rack, self.table_tiles(),
                          self.owes_opening, self.params.opening_points)

    # ----- moves within the turn ----------------------------------------------------------
    def apply(self, move: Move) -> TurnResult | None:
        """Apply one move for the seat on turn, or raise IllegalMove (nothing changes).

        Moves within the turn return None; the moves that settle it (end, draw, timeout,
        play) return the :class:`TurnResult`, and a refused End Turn or Play raises
        :class:`TurnRefused`."""
        _require_playing(self)
        if isinstance(move, EndTurn):
            result = self.end_turn()
            if not result.ok:
                raise TurnRefused(result)
            return result
        if isinstance(move, Draw):
            return self.draw()
        if isinstance(move, Timeout):
            return self.timeout()
        if isinstance(move, Resign):
            return self.resign()
        if isinstance(move, Play):
            return _play_whole_turn(self, move.melds)
        # Undo restores a snapshot (≤ 106 ids) taken before the move rather than running an
        # inverse per move type: one obviously-correct path instead of seven to get right.
        before = self.board.snapshot()
        try:
            move.apply(self.board)
        except IllegalMove:
            self.board.restore(before)
            raise
        self._history.append((move, before))
        self.log.append(move.notation())
        return None

    def undo(self) -> Move | None:
        """Step back one move of this turn; returns it (None if there was none, as once the
        round is over: a settled turn is never taken back)."""
        if self.result is not None or not self._history:
            return None
        move, before = self._history.pop()
        self.board.restore(before)
        self.log.pop()  # the move's own entry: every move of the turn is the log's tail
        return move

    def reset_turn(self) -> None:
        """Table and rack exactly as they were when the turn began (the log as it was too)."""
        _require_playing(self)
        self._reset_board()
        del self.log[self.turn_log_start:]

    # ----- ending the turn ----------------------------------------------------------------
    def end_turn(self) -> TurnResult:
        """Commit the turn if the table is a legal play; otherwise refuse and say why."""
        _require_playing(self)
        verdict = self.check_turn()
        if not verdict.legal:
            return TurnResult(REFUSED, self.current, verdict.error, verdict.problems)
        self.log.append("end")
        return self._commit(verdict)

    def draw(self) -> TurnResult:
        """Undo anything done this turn, take one tile (a pass if the pool is empty), next seat."""
        _require_playing(self)
        self.log.append("draw")
        self._reset_board()
        return self._draw_and_pass_on(1, DREW)

    def timeout(self) -> TurnResult:
        """The clock ran out: a legal play stands; nothing laid down draws 1; else reset + 3."""
        _require_playing(self)
        self.log.append("timeout")
        verdict = self.check_turn()
        if verdict.legal:
            return self._commit(verdict)
        placed_any = len(self.board.rack) < len(self._start[1])
        self._reset_board()
        if not placed_any:
            return self._draw_and_pass_on(1, DREW)
        return self._draw_and_pass_on(self.params.penalty_tiles, PENALTY)

    def resign(self) -> TurnResult:
        """The seat on turn gives up: this turn's tiles go back to its rack, the round ends."""
        _require_playing(self)
        seat = self.current
        self.log.append("resign")
        self._reset_board()
        self._racks[seat] = self.board.rack
        self.result = resigned_scores([faces(rack) for rack in self.racks], seat)
        self.turn_log_start = len(self.log)
        return TurnResult(RESIGNED, seat)

    def forfeit_turn(self) -> TurnResult:
        """What a seat that will not play does: take back this turn's tiles and draw."""
        return self.draw()

    def play_melds(self, melds: list[list[Tile]]) -> TurnResult:
        """A whole turn in one call: replace the table with ``melds`` and end the turn.

        Table tiles keep their ids; other tiles come off the rack. A refused play (or one
        naming tiles that are not there) changes nothing and is returned as refused."""
        try:
            return self.apply(Play(tuple(tuple(meld) for meld in melds)))
        except TurnRefused as refusal:
            return refusal.result
        except IllegalMove as error:
            return TurnResult(REFUSED, self.current, str(error))

    def layout_for(self, melds: list[list[Tile]]) -> tuple[tuple[int, ...], ...] | str:
        """Tile ids for a table given as faces (table tiles first, then rack); or a reason."""
        wanted = [tile for meld in melds for tile in meld]
        table_ids = [tile_id for meld in self.board.table for tile_id in meld]
        chosen = ids_for_faces(wanted, table_ids, self.board.rack)
        if isinstance(chosen, Tile):
            return f"{chosen} is neither on the table nor on your rack"
        layout, at = [], 0
        for meld in melds:
            layout.append(tuple(chosen[at: at + len(meld)]))
            at += len(meld)
        return tuple(layout)

    # ----- internals ----------------------------------------------------------------------
    def _start_turn(self) -> None:
        rack = self._racks[self.current]
        start_table = frozenset(tile_id for meld in self.board.table for tile_id in meld)
        self.board = TurnBoard(self.board.table, rack, start_table, self.opened[self.current])
        self._start = self.board.snapshot()
        self._history: list[tuple[Move, tuple]] = []
        self.turn_log_start = len(self.log)

    def _reset_board(self) -> None:
        self.board.restore(self._start)
        self._history = []

    def _commit(self, verdict: PlayCheck) -> TurnResult:
        seat = self.current
        opening = not self.opened[seat]
        self.opened[seat] = True
        self.passes = 0
        if not self.board.rack:
            self._racks[seat] = self.board.rack
            self.result = going_out_scores([faces(rack) for rack in self.racks], seat)
            self.turn_log_start = len(self.log)  # a save "at turn start" keeps the last turn
            return TurnResult(WENT_OUT, seat, placed=verdict.placed)
        self._next_seat(drawn=0, opening=opening)
        return TurnResult(PLAYED, seat, placed=verdict.placed)

    def _draw_and_pass_on(self, count: int, outcome: str) -> TurnResult:
        seat = self.current
        drawn = tuple(self.pool.pop() for _ in range(min(count, len(self.pool))))
        self.board.rack.extend(drawn)
        if drawn:
            self.passes = 0
        else:
            self.passes += 1
            outcome = PASSED if outcome == DREW else outcome
        if self.passes >= self.seats:
            self.result = blocked_scores([faces(rack) for rack in self.racks])
            self.turn_log_start = len(self.log)
            return TurnResult(outcome, seat, drawn=drawn)
        self._next_seat(drawn=len(drawn))
        return TurnResult(outcome, seat, drawn=drawn)

    def _next_seat(self, drawn: int, opening: bool = False) -> None:
        self.turn_ends[self.current] = TurnEnd(tuple(tuple(meld) for meld in self.table_tiles()), drawn, opening)
        self._racks[self.current] = self.board.rack
        self.current = (self.current + 1) % self.seats
        self.turn_number += 1
        self._start_turn()

    # ----- the protocol's views ------------------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        """The moves ``apply`` accepts now, lazily: the turn's settling moves, then every
        single-tile step (see :func:`~rummi_desktop.games.rummi.rules.legal_moves.turn_steps`)."""
        return LegalMoves(lambda: () if self.result is not None else turn_steps(self))

    def tile_census(self) -> list[int]:
        """Every tile id on the table, on a rack or in the pool, as the other games' states answer it."""
        return tile_census(self)

    def clone(self) -> "RummiState":
        """An independent copy (random generator, undo history and turn start included). The
        undo history's entries (moves and snapshots: immutable values) are shared, not copied."""
        return copy.deepcopy(self, {id(self._history): list(self._history)})

    # ----- replay -------------------------------------------------------------------------
    def perform(self, action: str) -> TurnResult | None:
        """Apply one logged action (a move's notation) — used by replay. ``undo`` and
        ``reset`` are read too: logs written before undo left the log (old saves, finished-
        game records, replay files) hold them, and they mean what they always did."""
        if action == LEGACY_UNDO:
            self.undo()
            return None
        if action == LEGACY_RESET:
            self.reset_turn()
            return None
        try:
            return self.apply(Move.parse(action))
        except TurnRefused as refusal:
            return refusal.result

    def position(self) -> tuple:
        """Where the tiles are and whose turn it is (what undo and reset must restore)."""
        return (tuple(self.pool), tuple(tuple(rack) for rack in self.racks),
                self.board.snapshot()[0], tuple(self.opened), self.current, self.turn_number,
                self.passes, self.result, self._start)

    def fingerprint(self) -> tuple:
        """Everything that makes up the state, as plain values (equality, tests)."""
        return (self.params, self.setup, self.rng.getstate(), self.position(), tuple(self.log),
                tuple(self._history), self.turn_log_start)


def _play_whole_turn(state: RummiState, melds: tuple[tuple[Tile, ...], ...]) -> TurnResult:
    """A whole turn given as the table it leaves: laid out, then ended; refused as if never
    tried (the log replays without it)."""
    layout = state.layout_for([list(meld) for meld in melds])
    if isinstance(layout, str):
        raise IllegalMove(layout)
    log_mark, history, board = len(state.log), list(state._history), state.board.snapshot()
    state.apply(Rearrange(layout))
    result = state.end_turn()
    if not result.ok:
        state.board.restore(board)
        state._history = history
        del state.log[log_mark:]
        raise TurnRefused(result)
    return result


def tile_census(state: RummiState) -> list[int]:
    """Every tile id on the table, on a rack or in the pool (for conservation checks)."""
    return sorted([t for meld in state.table for t in meld]
                  + [t for rack in state.racks for t in rack] + state.pool)


def _require_playing(state: RummiState) -> None:
    if state.result is not None:
        raise IllegalMove("the round is over")


def replay(params: RummiParameters, log: list[str], setup: PositionSetup | None = None) -> RummiState:
    """The state reached by ``log`` from a fresh round with ``params`` (same seed, same deal)
    or from the same hand-made ``setup``."""
    return replay_log(RummiState(params, setup), log)


def replayed(state: RummiState, log: list[str] | None = None) -> RummiState:
    """A fresh copy of ``state`` rebuilt from its seed or setup and ``log`` (default: its own)."""
    return replay(state.params, state.log if log is None else log, state.setup)
