"""One Rummble game: seats, pool, racks, the board, the scores, and the end.

``RummbleState(RummbleParameters(seats=("human", "hard"), seed=7))`` draws for the first player
and deals 10 tiles each with the state's own seeded RNG (the only randomness: the draw, the
deal and the reshuffle after an exchange). Every applied move is written to ``state.log`` as
its notation, so the seed plus the log replays the game exactly (:func:`replay`).

A turn is one move: a :class:`Play` (checked by :func:`play.check_play`, scored, then the rack
refills to 10 while the pool lasts), an :class:`Exchange` (only while the pool holds at least
10 tiles), a :class:`Pass`, or a :class:`Resign` (the game ends at once: see
``scoring.resigned``). A refused move raises :class:`IllegalMove` and changes nothing.
``undo()`` steps back the last move exactly (refill draws and reshuffles included): it restores
a snapshot taken before the move and drops the move from the log.

The state stores tile *ids* (0 … n-1; id ``i`` shows ``faces[i]``) so every physical tile is
accounted for once; moves name faces, and a play takes the first matching id of the rack.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from rummi_desktop.games.base import ComparedByFingerprint, IllegalMove, LegalMoves, replay_log
from rummi_desktop.games.rummble.rules.board import SQUARES, Board, Laid, square
from rummi_desktop.games.rummble.rules.legal_moves import fewest_tile_moves
from rummi_desktop.games.rummble.rules.moves import Exchange, Move, Pass, Play, Resign
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS, PlayVerdict, check_play
from rummi_desktop.games.rummble.rules.scoring import GameResult, resigned, stalled, went_out
from rummi_desktop.games.tile_draws import FirstPlayerDraw, choose_first_player, deal, take_ids
from rummi_desktop.tiles import Tile, standard_set, short_set

MIN_SEATS, MAX_SEATS = 2, 4
RACK_SIZE = 10
EXCHANGE_MIN_POOL = 10
IDLE_ROUNDS_TO_END = 2  # full rounds of passes and exchanges that end the game
TIERS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
# "cards" is the standard set shown as playing cards: the model only records the choice.
TILE_SETS: tuple[str, ...] = ("standard", "short", "cards")
_FACES = {"standard": tuple(standard_set()), "short": tuple(short_set()), "cards": tuple(standard_set())}
_HIGHEST = {"standard": 13, "short": 9, "cards": 13}

PLAYED, WENT_OUT, EXCHANGED, PASSED, STALLED, RESIGNED = (
    "played", "went_out", "exchanged", "passed", "stalled", "resigned")


@dataclass(frozen=True, slots=True)
class RummbleParameters:
    """What a game is played with. ``seats`` are labels (``"human"``, a tier name)."""

    seats: tuple[str, ...] = ("human", "computer")
    seed: int = 0
    tile_set: str = "standard"
    rack_size: int = RACK_SIZE
    rummmble_bonus: bool = True  # a house rule: whether all ten tiles at once earn the bonus

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Rummble is played by {MIN_SEATS} to {MAX_SEATS} seats, not {len(self.seats)}")
        if self.tile_set not in TILE_SETS:
            raise ValueError(f"the tile set is one of {', '.join(TILE_SETS)}, not {self.tile_set!r}")
        if not 1 <= self.rack_size <= 20:
            raise ValueError(f"a rack holds 1 to 20 tiles, not {self.rack_size}")
        if not isinstance(self.rummmble_bonus, bool):
            raise ValueError(f"the Rummmble bonus is on (true) or off (false), not {self.rummmble_bonus!r}")

    @property
    def faces(self) -> tuple[Tile, ...]:
        return _FACES[self.tile_set]

    @property
    def highest(self) -> int:
        return _HIGHEST[self.tile_set]

    @property
    def bonus(self) -> int:
        """What a Rummmble earns at this table."""
        return RUMMMBLE_BONUS if self.rummmble_bonus else 0


@dataclass(frozen=True)
class PositionSetup:
    """A position chosen by hand (sandbox, puzzles, tests) instead of a deal.

    ``board``: ``(row, col, Laid)`` triples; ``pool``: the tiles left to draw, first drawn
    first (None: every tile not named, shuffled by the state's RNG); ``scores`` so far."""

    board: tuple[tuple[int, int, Laid], ...]
    racks: tuple[tuple[Tile, ...], ...]
    current: int = 0
    scores: tuple[int, ...] = ()
    pool: tuple[Tile, ...] | None = None


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What a move did: ``outcome`` (played, went_out, exchanged, passed, stalled — the last
    pass or exchange of two idle rounds), the seat, the play's verdict (sets and points), the
    ids it laid and the ids drawn (refill or exchange). A resignation's outcome is resigned."""

    outcome: str
    seat: int
    verdict: PlayVerdict | None = None
    laid: tuple[int, ...] = ()
    drawn: tuple[int, ...] = ()

    @property
    def points(self) -> int:
        return self.verdict.score if self.verdict is not None else 0


class RummbleState(ComparedByFingerprint):
    """A game in progress (see the module docstring)."""

    def __init__(self, params: RummbleParameters, setup: PositionSetup | None = None) -> None:
        self.params = params
        self.setup = setup
        self.faces = params.faces
        self.rng = random.Random(params.seed)
        self.board = Board()
        self.board_ids: list[int | None] = [None] * SQUARES
        seats = len(params.seats)
        if setup is None:
            self.first_draw = choose_first_player(self.rng, seats, self.faces)
            self.pool, self.racks = deal(self.rng, len(self.faces), seats, params.rack_size)
            self.points = [0] * seats
        else:
            self.first_draw = FirstPlayerDraw(first=setup.current)
            self._place_setup(setup)
        self.current = self.first_draw.first
        self.turn_number = 1
        self.idle_turns = 0  # consecutive passes and exchanges
        self.result: GameResult | None = None
        self.log: list[str] = []
        self._history: list[tuple[Move, tuple]] = []
        self.keeps_undo = True  # False: no undo snapshots (the server's games, never undone)
        # Every id in the game (all of the set, unless a hand-made position left some out).
        self.tiles_in_play: tuple[int, ...] = tuple(self.tile_census())

    def _place_setup(self, setup: PositionSetup) -> None:
        seats = len(self.params.seats)
        if len(setup.racks) != seats or not 0 <= setup.current < seats:
            raise ValueError(f"the position needs {seats} racks and a current seat among them")
        if setup.scores and len(setup.scores) != seats:
            raise ValueError("the position's scores must give one score per seat")
        self.board = Board.from_tiles(setup.board)  # ValueError for a square named twice
        on_board = [laid.rack_tile for _, _, laid in setup.board]
        taken, free = take_ids(self.faces, [on_board, *setup.racks, list(setup.pool or ())])
        for (row, col, _), tile_id in zip(setup.board, taken[0]):
            self.board_ids[square(row, col)] = tile_id
        self.racks = taken[1:-1]
        if setup.pool is None:
            self.pool = free
            self.rng.shuffle(self.pool)
        else:
            self.pool = list(reversed(taken[-1]))
        self.points = list(setup.scores) if setup.scores else [0] * seats

    @classmethod
    def from_position(cls, params: RummbleParameters, board: list[tuple[int, int, Laid | str]],
                      racks: list[list[Tile]], current: int = 0, scores: list[int] | None = None,
                      pool: list[Tile] | None = None) -> "RummbleState":
        """A game starting from a hand-made position (laid tiles as Laid or ``"J=K7"``)."""
        laid = tuple((row, col, tile if isinstance(tile, Laid) else Laid.parse(tile)) for row, col, tile in board)
        setup = PositionSetup(laid, tuple(tuple(rack) for rack in racks), current, tuple(scores or ()),
                              None if pool is None else tuple(pool))
        return cls(params, setup)

    # ----- what the seats see -------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.params.seats)

    def rack(self, seat: int) -> list[int]:
        return self.racks[seat]

    def rack_tiles(self, seat: int | None = None) -> list[Tile]:
        return [self.faces[tile_id] for tile_id in self.racks[self.current if seat is None else seat]]

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def scores(self) -> tuple[int, ...]:
        """Each seat's points: the running scores, and the final ones once the game is over."""
        return self.result.scores if self.result is not None else tuple(self.points)

    def winners(self) -> tuple[int, ...]:
        """Every seat on the top score once the game is over (a tie is a shared win)."""
        return self.result.winners if self.result is not None else ()

    @property
    def can_exchange(self) -> bool:
        return len(self.pool) >= EXCHANGE_MIN_POOL

    def check(self, move: Play) -> PlayVerdict:
        """What ``move`` would score on this board, or why it is refused (nothing changes)."""
        return check_play(self.board, [(p.square, p.laid) for p in move.placements], self.params.highest,
                          bonus=self.params.bonus)

    def legal_moves(self) -> LegalMoves:
        """The moves ``apply`` accepts now, lazily: the plays of the fewest tiles, one-tile
        exchanges and the pass (see :mod:`~rummi_desktop.games.rummble.rules.legal_moves`)."""
        return LegalMoves(lambda: () if self.result is not None else fewest_tile_moves(self))

    def clone(self) -> "RummbleState":
        """An independent copy (random generator and undo history included). What no move
        changes (the faces, the tiles in play) and the undo history's entries (immutable
        snapshots) are shared, not copied: copying them deeply would cost more than the rest."""
        shared = {id(self.faces): self.faces, id(self.tiles_in_play): self.tiles_in_play,
                  id(self._history): list(self._history)}
        return copy.deepcopy(self, shared)

    # ----- moves --------------------------------------------------------------------------
    def apply(self, move: Move) -> TurnResult:
        """Carry out the seat on turn's move, or raise IllegalMove (nothing changes)."""
        if self.result is not None:
            raise IllegalMove("the game is over")
        if isinstance(move, Play):
            return self._commit(move, self._play_ids(move), self._play)
        if isinstance(move, Exchange):
            return self._commit(move, self._exchange_ids(move), self._exchange)
        if isinstance(move, Pass):
            return self._commit(move, (), self._pass)
        if isinstance(move, Resign):
            return self._commit(move, (), self._resign)
        raise IllegalMove(f"{move} is not a Rummble move")

    def forfeit_turn(self) -> TurnResult:
        """What a seat that will not play does: pass."""
        return self.apply(Pass())

    def undo(self) -> Move | None:
        """Step back the last move exactly; returns it (None at the start, and after a
        resignation: giving up is final)."""
        if not self._history or isinstance(self._history[-1][0], Resign):
            return None
        move, snapshot = self._history.pop()
        self._restore(snapshot)
        self.log.pop()
        return move

    def _commit(self, move: Move, ids: tuple, carry_out) -> TurnResult:
        snapshot = self._snapshot() if self.keeps_undo else None
        result = carry_out(ids)
        if snapshot is not None:
            self._history.append((move, snapshot))
        self.log.append(move.notation())
        if self.result is None:
            self.current = (self.current + 1) % self.seats
            self.turn_number += 1
        return result

    def _take_from_rack(self, wanted: list[Tile]) -> tuple[int, ...]:
        """Ids of ``wanted`` from the current rack (first matching first), or IllegalMove."""
        rack = list(self.racks[self.current])
        chosen = []
        for tile in wanted:
            for at, tile_id in enumerate(rack):
                if self.faces[tile_id] == tile:
                    chosen.append(rack.pop(at))
                    break
            else:
                raise IllegalMove(f"your rack has no {'more ' if tile in self.rack_tiles() else ''}{tile}")
        return tuple(chosen)

    def _play_ids(self, move: Play) -> tuple[tuple[int, ...], PlayVerdict, Play]:
        ids = self._take_from_rack(move.rack_tiles())
        verdict = self.check(move)
        if not verdict.legal:
            raise IllegalMove(verdict.reason)
        return ids, verdict, move

    def _play(self, prepared) -> TurnResult:
        ids, verdict, move = prepared
        seat, rack = self.current, self.racks[self.current]
        for placement, tile_id in zip(move.placements, ids):
            self.board.put(placement.square, placement.laid)
            self.board_ids[placement.square] = tile_id
            rack.remove(tile_id)
        self.points[seat] += verdict.score
        self.idle_turns = 0
        drawn = self._draw(seat, self.params.rack_size - len(rack))
        if not rack:
            self.result = went_out(self.points, self._rack_faces(), seat)
            return TurnResult(WENT_OUT, seat, verdict, ids, drawn)
        return TurnResult(PLAYED, seat, verdict, ids, drawn)

    def _exchange_ids(self, move: Exchange) -> tuple[int, ...]:
        if not self.can_exchange:
            raise IllegalMove(f"you may exchange only while the pool holds at least {EXCHANGE_MIN_POOL} tiles "
                              f"(it holds {len(self.pool)})")
        return self._take_from_rack(list(move.tiles))

    def _exchange(self, ids: tuple[int, ...]) -> TurnResult:
        """New tiles first, then the old ones go back and the pool is shuffled."""
        seat = self.current
        for tile_id in ids:
            self.racks[seat].remove(tile_id)
        drawn = self._draw(seat, len(ids))
        self.pool.extend(ids)
        self.rng.shuffle(self.pool)
        return self._idle_turn(EXCHANGED, seat, drawn)

    def _pass(self, _ids: tuple) -> TurnResult:
        return self._idle_turn(PASSED, self.current, ())

    def _resign(self, _ids: tuple) -> TurnResult:
        seat = self.current
        self.result = resigned(self.points, self._rack_faces(), seat)
        return TurnResult(RESIGNED, seat)

    def _idle_turn(self, outcome: str, seat: int, drawn: tuple[int, ...]) -> TurnResult:
        self.idle_turns += 1
        if self.idle_turns >= IDLE_ROUNDS_TO_END * self.seats:
            self.result = stalled(self.points, self._rack_faces())
            return TurnResult(STALLED, seat, drawn=drawn)
        return TurnResult(outcome, seat, drawn=drawn)

    def _draw(self, seat: int, count: int) -> tuple[int, ...]:
        drawn = tuple(self.pool.pop() for _ in range(min(count, len(self.pool))))
        self.racks[seat].extend(drawn)
        return drawn

    def _rack_faces(self) -> list[list[Tile]]:
        return [self.rack_tiles(seat) for seat in range(self.seats)]

    # ----- snapshots, equality, replay ----------------------------------------------------
    def _snapshot(self) -> tuple:
        return (self.position(), self.rng.getstate())

    def _restore(self, snapshot: tuple) -> None:
        (pool, racks, cells, ids, points, self.current, self.turn_number, self.idle_turns,
         self.result), rng_state = snapshot
        self.pool, self.racks = list(pool), [list(rack) for rack in racks]
        self.board, self.board_ids, self.points = Board(cells), list(ids), list(points)
        self.rng.setstate(rng_state)

    def position(self) -> tuple:
        """Where every tile is, the scores and whose turn it is (what undo must restore)."""
        return (tuple(self.pool), tuple(tuple(rack) for rack in self.racks), tuple(self.board.cells),
                tuple(self.board_ids), tuple(self.points), self.current, self.turn_number,
                self.idle_turns, self.result)

    def fingerprint(self) -> tuple:
        """Everything that makes up the state, as plain values (equality, tests)."""
        return (self.params, self.setup, self.rng.getstate(), self.position(), tuple(self.log),
                tuple(move for move, _ in self._history))

    def tile_census(self) -> list[int]:
        """Every tile id on the board, on a rack or in the pool (for conservation checks)."""
        on_board = [tile_id for tile_id in self.board_ids if tile_id is not None]
        return sorted(on_board + [t for rack in self.racks for t in rack] + self.pool)

    def perform(self, action: str) -> TurnResult:
        """Apply one logged action (a move's notation) — used by replay."""
        return self.apply(Move.parse(action))


def replay(params: RummbleParameters, log: list[str], setup: PositionSetup | None = None) -> RummbleState:
    """The state reached by ``log`` from a fresh game with ``params`` (or the same ``setup``)."""
    return replay_log(RummbleState(params, setup), log)


def replayed(state: RummbleState, log: list[str] | None = None) -> RummbleState:
    """A fresh copy of ``state`` rebuilt from its seed or setup and ``log`` (default: its own)."""
    return replay(state.params, state.log if log is None else log, state.setup)
