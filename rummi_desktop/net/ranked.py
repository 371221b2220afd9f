"""What a ranked game that ended does to its players' ratings, and the guards that keep two
accounts playing each other from farming them.

- A game counts only with real play: every account's seat made at least ``MIN_REAL_MOVES``
  moves that lay or drop tiles (the game's ``GameSpec.idle_verbs`` name the rest: passing,
  drawing, exchanging, resigning). One account passing every turn rates nobody.
- A new account is provisional: in its first ``PROVISIONAL_DAYS`` days at most
  ``PROVISIONAL_GAMES_PER_DAY`` of its games of one game a day are rated; past that, its
  games do not count (for anyone at the table: its opponent gains nothing from it either).
- Matchmaking does not pair the same two accounts again within ``REMATCH_COOLDOWN``
  (:meth:`~rummi_desktop.net.store_queue.MatchQueue.recent_pairs`).

A game that does not count is marked rated all the same, so the chores never try it again.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Sequence

from rummi_desktop.games import GAMES
from rummi_desktop.net.records import TableRecord
from rummi_desktop.net.store import SqlStore
from rummi_desktop.net.store_ratings import Rating, Standing
from rummi_desktop.net.store_tables import MoveRow

MIN_REAL_MOVES = 2
PROVISIONAL_DAYS = 3
PROVISIONAL_GAMES_PER_DAY = 5
REMATCH_COOLDOWN = 1800.0  # s: the same pair is not matched again this soon
DAY = 86_400.0
log = logging.getLogger(__name__)


def real_moves(game: str, moves: Sequence[MoveRow]) -> Counter:
    """Per seat, how many of its moves did more than the idle verbs (pass, draw ...)."""
    idle = GAMES[game].idle_verbs
    return Counter(move.seat for move in moves
                   if any(action.split(maxsplit=1)[0] not in idle for action in move.actions if action))


def play_problem(record: TableRecord, moves: Sequence[MoveRow]) -> str:
    """Why the game had too little play to be rated ("" when every account played)."""
    made = real_moves(record.game, moves)
    for index, seat in enumerate(record.seats):
        if seat.account is not None and made[index] < MIN_REAL_MOVES:
            return f"seat {index} made {made[index]} real moves (fewer than {MIN_REAL_MOVES})"
    return ""


def limit_problem(standings: dict[str, Standing], now: float) -> str:
    """Why a provisional account may not be rated again today ("" when all may)."""
    for account_id, standing in standings.items():
        provisional = now - standing.created < PROVISIONAL_DAYS * DAY
        if provisional and standing.rated_since >= PROVISIONAL_GAMES_PER_DAY:
            return f"the new account {account_id} had {standing.rated_since} rated games today"
    return ""


async def rate_ended(store: SqlStore, record: TableRecord, now: float) -> bool:
    """Rate the ranked game ``record`` that ended (once; False if it was rated before)."""
    from rummi_desktop.net.ratings import rated

    winners = set((record.result or {}).get("winners", []))
    won = {seat.account: index in winners for index, seat in enumerate(record.seats) if seat.account is not None}
    problem = play_problem(record, await store.tables.moves_since(record.id, 0))

    def new_ratings(standings: dict[str, Standing]) -> dict[str, Rating]:
        why = problem or limit_problem(standings, now)
        if why:
            log.info("ranked game %s is not rated: %s", record.id, why)
            return {}
        return rated([(account, standings[account].rating, won[account]) for account in won])

    return await store.ratings.rate(record.id, record.game, list(won), now - DAY, now, new_ratings)
