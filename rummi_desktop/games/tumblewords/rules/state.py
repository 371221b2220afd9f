"""One Tumblewords game: the bag, the hands, the grid, the scores, the turn phases and the end.

``TumblewordsState(TumblewordsParameters(seats=("human", "hard"), seed=7), dictionary)``
shuffles the 100 tiles with the state's own ``random.Random(seed)`` (the only randomness) and
deals 7 to each seat, seat 0 first; seat 0 begins. Every applied move is written to ``log`` as
its notation, so the parameters, the word list and the log replay the game (:func:`replay`).
A game may instead start from a position set up by hand (:class:`PositionSetup`, made by
:meth:`TumblewordsState.from_position`: a sandbox, a puzzle, a test); the setup then replays
with the log.
A refused move raises :class:`IllegalMove` and changes nothing; ``undo()`` restores the
snapshot taken before the last move.

A turn (see ``parameters`` for the phases):
- Auto: ``drop`` scores every word through the new tile, draws one letter, and the turn ends.
- Claim: ``drop``, then any ``claim`` moves (only correct claims score), then ``done`` (the
  missed words are in its result, unscored) draws one letter. Under Pressure Cooker the next
  seat then gets a steal window: its ``claim`` moves score the missed words it names; ``done``
  or ``timeout`` closes the window and its own turn starts.
- ``resign`` (any phase): the seat on turn gives up; the game ends at once, the scores as
  they stand, the top score among the others winning.
- ``pass`` draws nothing. Under Ticker, ``timeout`` ends the turn: before a drop, no drop and
  no letter drawn (it counts as a pass); while claiming, the drop and the claims so far stand,
  the rest are missed, and no letter is drawn.
When a turn ends, Zapper! removes a full bottom row; then the game ends when the board is full
(not under Zapper!), when the bag is empty and no hand holds a letter, or when every seat in
turn has passed (or timed out before dropping).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from typing import Iterator

from rummi_desktop.games.base import ComparedByFingerprint, IllegalMove, LegalMoves, replay_log
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary, word_list
from rummi_desktop.games.tile_draws import take_ids
from rummi_desktop.games.tumblewords.rules.grid import BLANK, FACES, Grid
from rummi_desktop.games.tumblewords.rules.moves import Claim, Done, Drop, Move, Pass, Resign, Span, Timeout
from rummi_desktop.games.tumblewords.rules.parameters import (ALL_PASSED, BOARD_FULL, CLAIMING, DROPPING, HAND_SIZE,
                                                        LETTERS_OUT, STEAL_SECONDS, STEALING, TICKER_SECONDS, GameResult,
                                                        TumblewordsParameters,
                                                        game_result, resigned_result)
from rummi_desktop.games.tumblewords.rules.play import DropVerdict, check_drop, possible_drops
from rummi_desktop.games.tumblewords.rules.words import FoundWord


@dataclass(frozen=True)
class PositionSetup:
    """A position chosen by hand (sandbox, puzzles, tests) instead of a deal.

    ``rows``: the board as analyze writes it (top row first; ``.`` vacant, a capital a letter
    tile, lower case a blank showing that letter); ``hands``: each seat's letters (``?`` a
    blank); ``bag``: the letters left to draw, first drawn first (None: every tile not named,
    shuffled by the state's RNG); ``scores`` so far (empty: all 0)."""

    rows: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    current: int = 0
    scores: tuple[int, ...] = ()
    bag: tuple[str, ...] | None = None

    def board_faces(self) -> list[str]:
        """The face of each board tile, row-major (a lower-case square is a blank)."""
        return [BLANK if ch.islower() else ch for ch in "".join(self.rows) if ch != "."]


@dataclass(frozen=True, slots=True)
class PendingTurn:
    """A Claim-mode turn in progress: the drop's square, the words it made, the spans claimed
    by the seat and (under Pressure Cooker) stolen by the next seat."""

    seat: int
    row: int
    col: int
    words: tuple[FoundWord, ...]
    claimed: tuple[FoundWord, ...] = ()
    stolen: tuple[FoundWord, ...] = ()

    @property
    def missed(self) -> tuple[FoundWord, ...]:
        return tuple(word for word in self.words if word not in self.claimed)


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What a move did. ``outcome``: dropped, claimed, done, passed, timed_out, stole (a
    claim in a steal window), resigned. ``words``: the words scored by this move (Auto: all of the
    drop's; a claim: its correct ones); ``wrong``: claimed spans that are no word of this
    drop; ``missed``: the drop's unclaimed words (done, timeout); ``zapped``: tile ids Zapper!
    removed; ``ended``: the move ended the game."""

    outcome: str
    seat: int
    row: int = -1
    col: int = -1
    words: tuple[FoundWord, ...] = ()
    wrong: tuple[Span, ...] = ()
    missed: tuple[FoundWord, ...] = ()
    drawn: int | None = None
    zapped: tuple[int, ...] = ()
    ended: bool = False

    @property
    def points(self) -> int:
        return sum(word.points for word in self.words)


class TumblewordsState(ComparedByFingerprint):
    """A game in progress (see the module docstring). ``dictionary`` defaults to the word list
    the parameters name, found through the installed source (``dictionary.word_list``)."""

    def __init__(self, params: TumblewordsParameters, dictionary: Dictionary | None = None,
                 setup: PositionSetup | None = None) -> None:
        self.params = params
        self.setup = setup
        self.dictionary = dictionary if dictionary is not None else word_list(params.words)
        self.rng = random.Random(params.seed)
        self.current, self.phase, self.turn_number, self.passes_in_row = 0, DROPPING, 1, 0
        if setup is None:
            self.grid = Grid(params.columns, params.rows)
            self.bag = list(range(len(FACES)))  # drawn from the end
            self.rng.shuffle(self.bag)
            self.hands = [[self.bag.pop() for _ in range(HAND_SIZE)] for _ in params.seats]
            self.points = [0] * len(params.seats)
        else:
            self._place_setup(setup)
        self.removed: list[int] = []  # tiles Zapper! took off the board
        self.pending: PendingTurn | None = None
        self.result: GameResult | None = None
        self.log: list[str] = []
        self._history: list[tuple[Move, tuple]] = []
        self.keeps_undo = True  # False: no undo snapshots (the server's games, never undone)
        # Every id in the game (all 100, unless a hand-made position left some out): what the
        # audit's conservation check counts against.
        self.tiles_in_play: tuple[int, ...] = tuple(self.tile_census())

    def _place_setup(self, setup: PositionSetup) -> None:
        """Ids for the hand-made position (ValueError, nothing built, when it is not one)."""
        params, seats = self.params, len(self.params.seats)
        if len(setup.hands) != seats or not 0 <= setup.current < seats:
            raise ValueError(f"the position needs {seats} hands and a current seat among them")
        if setup.scores and len(setup.scores) != seats:
            raise ValueError("the position's scores must give one score per seat")
        if len(setup.rows) != params.rows or any(len(row) != params.columns for row in setup.rows):
            raise ValueError(f"the {params.board} board is {params.columns} columns by {params.rows} rows: "
                             f"give {params.rows} rows of {params.columns} squares")
        for seat, hand in enumerate(setup.hands):
            if len(hand) > HAND_SIZE:
                raise ValueError(f"hand {seat} holds {len(hand)} letters; a hand holds at most {HAND_SIZE}")
            odd = [letter for letter in hand if letter not in FACES]
            if odd:
                raise ValueError(f"hand {seat}: {odd[0]!r} is not a letter A–Z or {BLANK!r} (a blank)")
        self.grid = Grid.from_rows(list(setup.rows))  # ValueError: odd characters, a tile above a gap
        taken, free = take_ids(FACES, [setup.board_faces(), *setup.hands, list(setup.bag or ())])
        board_ids = iter(taken[0])
        self.grid.ids = [None if tile_id is None else next(board_ids) for tile_id in self.grid.ids]
        self.hands = taken[1:-1]
        if setup.bag is None:
            self.bag = free
            self.rng.shuffle(self.bag)
        else:
            self.bag = list(reversed(taken[-1]))
        self.points = list(setup.scores) if setup.scores else [0] * seats
        self.current = setup.current

    @classmethod
    def from_position(cls, params: TumblewordsParameters, rows: list[str], hands: list[list[str]],
                      current: int = 0, scores: list[int] | None = None, bag: list[str] | None = None,
                      dictionary: Dictionary | None = None) -> "TumblewordsState":
        """A game starting from a hand-made position: ``rows`` as analyze writes them (their
        size the parameters' board), ``hands`` one list of letters per seat (``?`` a blank),
        ``bag`` the letters to draw first-first (None: every other tile, shuffled by the seed).
        ValueError, saying why, for a position the game cannot hold."""
        setup = PositionSetup(tuple(rows), tuple(tuple(hand) for hand in hands), current, tuple(scores or ()),
                              None if bag is None else tuple(bag))
        return cls(params, dictionary, setup)

    # ----- what the seats see -------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.params.seats)

    def hand(self, seat: int | None = None) -> list[str]:
        """The letters of a hand (``?`` a blank), in the order drawn."""
        return [FACES[tile_id] for tile_id in self.hands[self.current if seat is None else seat]]

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def winners(self) -> tuple[int, ...]:
        """Every seat on the top score once the game is over (a tie is a shared win)."""
        return self.result.winners if self.result is not None else ()

    def check(self, drop: Drop) -> DropVerdict:
        """Where the current seat's ``drop`` would land and what it would make (no change)."""
        return check_drop(self.grid, self.hand(), drop, self.dictionary, self.params.min_length)

    def legal_moves(self) -> LegalMoves:
        """The moves the rules accept now, lazily: every drop, then pass (and timeout under
        Ticker); while claiming, ``done`` (and timeout) stand for the claims, since a claim
        is any set of spans (right or wrong) and could not be listed."""
        return LegalMoves(self._legal_moves)

    def _legal_moves(self) -> Iterator[Move]:
        if self.result is not None:
            return
        if self.phase == DROPPING:
            yield from possible_drops(self.grid, self.hand())
            yield Pass()
        else:
            yield Done()
        if self.params.ticker:
            yield Timeout()

    def clone(self) -> "TumblewordsState":
        """An independent copy (random generator and undo history included). The word list
        and the undo history's entries (moves and snapshots: immutable values) are shared, not
        copied: copying them deeply would cost far more than everything else."""
        return copy.deepcopy(self, {id(self.dictionary): self.dictionary, id(self._history): list(self._history),
                                    id(self.tiles_in_play): self.tiles_in_play})

    # ----- moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> TurnResult:
        """Carry out the move of the seat on turn, or raise IllegalMove (nothing changes)."""
        carry_out = self._handler(move)
        snapshot = self._snapshot() if self.keeps_undo else None
        result = carry_out()
        if snapshot is not None:
            self._history.append((move, snapshot))
        self.log.append(move.notation())
        return result

    def forfeit_turn(self) -> TurnResult:
        """What a seat that will not play does: pass (or, having dropped, say done)."""
        return self.apply(Pass() if self.phase == DROPPING else Done())

    def turn_clock(self) -> tuple[tuple[int, bool], float] | None:
        """Under Ticker: (the clocked turn, its seconds). A drop and its claims are one turn of
        30 s; a Pressure Cooker steal window is a turn of its own, of 15 s (games.base.rules_clock)."""
        if not self.params.ticker or self.result is not None:
            return None
        stealing = self.phase == STEALING
        return (self.current, stealing), float(STEAL_SECONDS if stealing else TICKER_SECONDS)

    def clock_ran_out(self) -> TurnResult:
        """The Ticker ran out: the turn (or the steal window) ends as the rules say (``timeout``)."""
        return self.apply(Timeout())

    def undo(self) -> Move | None:
        """Step back the last move exactly; returns it (None at the start, and after a
        resignation: giving up is final)."""
        if not self._history or isinstance(self._history[-1][0], Resign):
            return None
        move, snapshot = self._history.pop()
        self._restore(snapshot)
        self.log.pop()
        return move

    def _handler(self, move: Move):
        """The change ``move`` makes, checked but not yet made; IllegalMove if refused."""
        if self.result is not None:
            raise IllegalMove("the game is over")
        if isinstance(move, Resign):
            return self._resign
        if isinstance(move, Timeout):
            if not self.params.ticker:
                raise IllegalMove("this game has no turn clock (Ticker is off)")
            return {DROPPING: self._pass, CLAIMING: self._timeout_claiming, STEALING: self._end_stealing}[self.phase]
        if self.phase == DROPPING:
            if isinstance(move, Drop):
                verdict = self.check(move)
                if not verdict.legal:
                    raise IllegalMove(verdict.reason)
                return lambda: self._drop(move, verdict)
            if isinstance(move, Pass):
                return self._pass
            raise IllegalMove("drop a letter or pass first")
        if isinstance(move, Claim):
            return lambda: self._claim(move.spans)
        if isinstance(move, Done):
            return self._done_claiming if self.phase == CLAIMING else self._end_stealing
        raise IllegalMove("you have dropped your letter: claim words or say done" if self.phase == CLAIMING
                          else "this is the steal window: claim missed words or say done")

    def _drop(self, move: Drop, verdict: DropVerdict) -> TurnResult:
        seat, hand = self.current, self.hands[self.current]
        tile_id = next(t for t in hand if FACES[t] == move.hand_letter)
        hand.remove(tile_id)
        self.grid.drop(move.column, tile_id, move.letter.lower() if move.blank else move.letter)
        self.passes_in_row = 0
        if self.params.claim:
            self.pending = PendingTurn(seat, verdict.row, verdict.col, verdict.words)
            self.phase = CLAIMING
            return TurnResult("dropped", seat, verdict.row, verdict.col)
        self.points[seat] += verdict.score
        drawn = self._draw(seat)
        zapped, ended = self._end_turn(seat)
        return TurnResult("dropped", seat, verdict.row, verdict.col, verdict.words, drawn=drawn,
                          zapped=zapped, ended=ended)

    def _claim(self, spans: tuple[Span, ...]) -> TurnResult:
        pending, seat = self.pending, self.current
        assert pending is not None
        stealing = self.phase == STEALING
        open_words = [w for w in (pending.missed if stealing else pending.words)
                      if w not in (pending.stolen if stealing else pending.claimed)]
        correct, wrong = [], []
        for span in spans:
            word = next((w for w in open_words if (w.start, w.end) == span and w not in correct), None)
            if word is None:
                wrong.append(span)
            else:
                correct.append(word)
        self.points[seat] += sum(word.points for word in correct)
        if stealing:
            self.pending = replace(pending, stolen=pending.stolen + tuple(correct))
        else:
            self.pending = replace(pending, claimed=pending.claimed + tuple(correct))
        return TurnResult("stole" if stealing else "claimed", seat, pending.row, pending.col, tuple(correct),
                          tuple(wrong))

    def _done_claiming(self) -> TurnResult:
        return self._close_claims(draw=True)

    def _timeout_claiming(self) -> TurnResult:
        return self._close_claims(draw=False)

    def _close_claims(self, draw: bool) -> TurnResult:
        pending, seat = self.pending, self.current
        assert pending is not None
        drawn = self._draw(seat) if draw else None
        outcome = "done" if draw else "timed_out"
        if self.params.pressure_cooker:
            self.phase, self.current = STEALING, (seat + 1) % self.seats
            return TurnResult(outcome, seat, pending.row, pending.col, missed=pending.missed, drawn=drawn)
        zapped, ended = self._end_turn(seat)
        return TurnResult(outcome, seat, pending.row, pending.col, missed=pending.missed, drawn=drawn,
                          zapped=zapped, ended=ended)

    def _end_stealing(self) -> TurnResult:
        pending, stealer = self.pending, self.current
        assert pending is not None
        zapped, ended = self._end_turn(pending.seat)
        return TurnResult("done", stealer, pending.row, pending.col, zapped=zapped, ended=ended)

    def _resign(self) -> TurnResult:
        seat = self.current
        self.pending, self.phase = None, DROPPING
        self.result = resigned_result(self.points, seat)
        return TurnResult("resigned", seat, ended=True)

    def _pass(self) -> TurnResult:
        seat = self.current
        self.passes_in_row += 1
        zapped, ended = self._end_turn(seat)
        return TurnResult("passed", seat, zapped=zapped, ended=ended)

    def _draw(self, seat: int) -> int | None:
        if not self.bag:
            return None
        tile_id = self.bag.pop()
        self.hands[seat].append(tile_id)
        return tile_id

    def _end_turn(self, seat: int) -> tuple[tuple[int, ...], bool]:
        """Zapper!, the end of the game, or the next seat's turn; returns (zapped ids, ended)."""
        zapped: tuple[int, ...] = ()
        if self.params.zapper and self.grid.bottom_row_full:
            zapped = tuple(self.grid.remove_bottom_row())
            self.removed.extend(zapped)
        kind = self._end_kind()
        self.pending, self.phase = None, DROPPING
        if kind:
            self.result = game_result(kind, self.points)
            self.current = seat
            return zapped, True
        self.current = (seat + 1) % self.seats
        self.turn_number += 1
        return zapped, False

    def _end_kind(self) -> str:
        if self.passes_in_row >= self.seats:
            return ALL_PASSED
        if not self.params.zapper and self.grid.is_full:
            return BOARD_FULL
        if not self.bag and not any(self.hands):
            return LETTERS_OUT
        return ""

    # ----- snapshots, equality, replay ----------------------------------------------------
    def _snapshot(self) -> tuple:
        return (self.position(), self.rng.getstate())

    def _restore(self, snapshot: tuple) -> None:
        (grid, bag, hands, points, removed, self.current, self.phase, self.turn_number, self.passes_in_row,
         self.pending, self.result), rng_state = snapshot
        self.grid.restore(grid)
        self.bag, self.hands = list(bag), [list(hand) for hand in hands]
        self.points, self.removed = list(points), list(removed)
        self.rng.setstate(rng_state)

    def position(self) -> tuple:
        """Where every tile is, the scores, whose turn and which phase (what undo restores)."""
        return (self.grid.snapshot(), tuple(self.bag), tuple(tuple(hand) for hand in self.hands),
                tuple(self.points), tuple(self.removed), self.current, self.phase, self.turn_number,
                self.passes_in_row, self.pending, self.result)

    def fingerprint(self) -> tuple:
        """Everything that makes up the state, as plain values (equality, tests)."""
        return (self.params, self.setup, self.dictionary.name, len(self.dictionary), self.rng.getstate(),
                self.position(),
                tuple(self.log), tuple(move for move, _ in self._history))

    def tile_census(self) -> list[int]:
        """Every tile id on the board, in a hand, in the bag or zapped (conservation checks)."""
        on_board = [tile_id for tile_id in self.grid.ids if tile_id is not None]
        return sorted(on_board + [t for hand in self.hands for t in hand] + self.bag + self.removed)

    def perform(self, action: str) -> TurnResult:
        """Apply one logged action (a move's notation) — used by replay."""
        return self.apply(Move.parse(action))


def replay(params: TumblewordsParameters, log: list[str], dictionary: Dictionary | None = None,
           setup: PositionSetup | None = None) -> TumblewordsState:
    """The state reached by ``log`` from a fresh game with ``params`` and ``dictionary`` (or
    from the same hand-made ``setup``)."""
    return replay_log(TumblewordsState(params, dictionary, setup), log)


def replayed(state: TumblewordsState, log: list[str] | None = None) -> TumblewordsState:
    """A fresh copy of ``state`` rebuilt from its seed or setup, its word list and ``log``
    (default: its own)."""
    return replay(state.params, state.log if log is None else log, state.dictionary, state.setup)
