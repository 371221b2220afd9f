"""Computer seats for Rummble: four strengths, each a function of what the seat can see.

``choose_move(view, tier, *, deadline=None, cancel=None)`` is the game's ``computer`` entry
point: it takes the seat view (:func:`rummi_desktop.games.rummble.rules.seat_view.seat_view`) and returns
a :class:`Play`, an :class:`Exchange` or a :class:`Pass`.

- **easy**: a random play from the lower half by score; one turn in eight it exchanges
  instead (while the pool allows), with a ``random.Random`` seeded by the view.
- **medium**: the best-scoring play (best-first search by upper bound).
- **hard**: the play of best *equity*: score + the value of the tiles it keeps
  (:mod:`rummble_leave`) − a defence term for each ×3 SET corner the play brings within reach
  of the next seat; it exchanges when keeping the best tiles and drawing is worth more.
- **expert**: Hard's best candidates looked at two plies ahead (:mod:`rummble_expert`).

No legal play: exchange (while the pool holds 10 tiles) or pass. ``cancel`` (a
``threading.Event``) stops the thinking with :class:`Stopped`; past ``deadline`` (a
``time.perf_counter()`` instant) the seat answers with what it has. Pure module.
"""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from rummi_desktop.games.rummble.ai.leave import leave_value, remaining
from rummi_desktop.games.rummble.ai.movegen import Candidate, Generator, Stopped
from rummi_desktop.games.rummble.rules.board import SIZE, Board
from rummi_desktop.games.rummble.rules.moves import Exchange, Move, Pass
from rummi_desktop.games.rummble.rules.state import TIERS
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS
from rummi_desktop.tiles import Tile, parse_tiles

EASY_EXCHANGE_CHANCE = 0.125
CORNERS = (0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1)  # the ×3 SET squares
REACH = 5  # a corner this close along an open row or column is within a rack's reach
DEFENCE = 6.0  # points of equity lost per corner a play opens
RANKING_MARGIN = 0.6  # seconds before the deadline to stop finding plays and weigh them
END_POOL = 10  # from here on, tiles kept are also points the seat may lose at the end

__all__ = ["choose_move", "Stopped", "SeatPosition"]


class SeatPosition:
    """The view read once: the board, the rack and the numbers a tier needs."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board = Board.from_tiles(view["board"])
        self.rack: list[Tile] = parse_tiles(view["rack"])
        self.highest: int = view.get("highest", 13)
        self.bonus: int = view.get("bonus", RUMMMBLE_BONUS)  # what a Rummmble earns (a house rule)
        self.pool_size: int = view.get("pool_size", 0)
        self.can_exchange: bool = bool(view.get("can_exchange"))
        self.rng = random.Random(view.get("seed", 0))
        self.generator = Generator(self.board, self.rack, self.highest, self.bonus)


def choose_move(view: dict[str, Any], tier: str, *, deadline: float | None = None,
                cancel: threading.Event | None = None) -> Move:  # fmt: skip
    """The seat's move for its turn (see the module docstring)."""
    player = PLAYERS.get(tier)
    if player is None:
        raise ValueError(f"unknown computer tier {tier!r} (one of {', '.join(TIERS)})")
    return player(SeatPosition(view), deadline, cancel)


def no_play(seat: SeatPosition) -> Move:
    """What a seat without a play does: give back the tiles worth least, or pass."""
    if seat.can_exchange and seat.rack:
        return Exchange(tuple(worst_tiles(seat.rack)))
    return Pass()


def worst_tiles(rack: list[Tile]) -> list[Tile]:
    """The tiles to give back so that what is kept is worth most (at least one goes back)."""
    kept, best_kept, best_value = list(rack), None, None
    while len(kept) > 0:
        drop = max(kept, key=lambda tile: leave_value(remaining(kept, [tile])))
        kept = remaining(kept, [drop])
        value = leave_value(kept)
        if best_value is None or value > best_value:
            best_kept, best_value = list(kept), value
    return remaining(rack, best_kept or [])


def easy(seat: SeatPosition, deadline, cancel) -> Move:
    plays = sorted(seat.generator.plays(), key=lambda play: play.score)
    if seat.can_exchange and seat.rng.random() < EASY_EXCHANGE_CHANCE:
        return Exchange(tuple(seat.rng.sample(seat.rack, seat.rng.randint(1, min(4, len(seat.rack))))))
    if not plays:
        return no_play(seat)
    return seat.rng.choice(plays[: max(1, (len(plays) + 1) // 2)]).move()


def medium(seat: SeatPosition, deadline, cancel) -> Move:
    best = seat.generator.best(deadline, cancel)
    return no_play(seat) if best is None else best.move()


def opened_corners(board: Board, placements) -> int:
    """How many empty ×3 SET corners the play brings within REACH along an open line."""
    cells = board.cells
    opened = 0
    for corner in CORNERS:
        if cells[corner] is not None:
            continue
        for sq, _ in placements:
            if _reaches(cells, corner, sq):
                opened += 1
                break
    return opened


def _reaches(cells: list, corner: int, sq: int) -> bool:
    (cr, cc), (r, c) = divmod(corner, SIZE), divmod(sq, SIZE)
    if cr == r and abs(cc - c) <= REACH:
        step = 1 if c > cc else -1
        return all(cells[r * SIZE + x] is None for x in range(cc, c, step))
    if cc == c and abs(cr - r) <= REACH:
        step = 1 if r > cr else -1
        return all(cells[x * SIZE + c] is None for x in range(cr, r, step))
    return False


def equity(seat: SeatPosition, play: Candidate) -> float:
    kept = remaining(seat.rack, play.rack_tiles())
    value = play.score + leave_value(kept) - DEFENCE * opened_corners(seat.board, play.placements)
    if seat.pool_size < END_POOL:
        value -= sum(t.number for t in kept if not t.is_joker) * (END_POOL - seat.pool_size) / END_POOL
    return value


def ranked(seat: SeatPosition, deadline, cancel) -> list[tuple[float, Candidate]]:
    """Every play with its equity, best first (the plays found by ``deadline`` less a margin
    for weighing them, when a huge rack of jokers has too many to find in time)."""
    if cancel is not None and cancel.is_set():
        raise Stopped
    stop = None if deadline is None else deadline - RANKING_MARGIN
    plays = seat.generator.plays(stop, cancel)
    return sorted(((equity(seat, play), play) for play in plays), key=lambda pair: -pair[0])


def exchange_equity(seat: SeatPosition) -> tuple[float, list[Tile]] | None:
    if not seat.can_exchange:
        return None
    given = worst_tiles(seat.rack)
    return leave_value(remaining(seat.rack, given)), given


def hard(seat: SeatPosition, deadline, cancel) -> Move:
    candidates = ranked(seat, deadline, cancel)
    return decide(seat, candidates)


def decide(seat: SeatPosition, candidates: list[tuple[float, Candidate]]) -> Move:
    exchange = exchange_equity(seat)
    if not candidates:
        return no_play(seat)
    if exchange is not None and exchange[0] > candidates[0][0]:
        return Exchange(tuple(exchange[1]))
    return candidates[0][1].move()


def expert(seat: SeatPosition, deadline, cancel) -> Move:
    from rummi_desktop.games.rummble.ai.expert import look_ahead  # the look-ahead, only Expert needs it

    candidates = ranked(seat, deadline, cancel)
    if not candidates or _exchange_beats(seat, candidates):
        return decide(seat, candidates)  # whether to play at all is Hard's judgement
    return look_ahead(seat, candidates, deadline, cancel)[0][1].move()


def _exchange_beats(seat: SeatPosition, candidates) -> bool:
    exchange = exchange_equity(seat)
    return exchange is not None and exchange[0] > candidates[0][0]


PLAYERS: dict[str, Callable[[SeatPosition, Any, Any], Move]] = {
    "easy": easy, "medium": medium, "hard": hard, "expert": expert,
}
