"""The games a server process holds in memory, always brought up to the stored version before
use, and the one path by which a move changes a game.

A game's state is rebuilt from its seed and its move log (``spec.new_state`` + ``perform`` of
each logged action), so a process that starts, or that another process got ahead of, replays
what it is missing: from the store, by version, or straight from the move's notice when it
holds exactly the version before (:meth:`LiveGames.take_move`). Every move goes through the
game's own model (``apply``, or ``play_seat_move`` for a computer seat, or ``forfeit_turn`` for
a clock that ran out); the actions it logged are stored as the next version only if the
table is still at the version the move was made against
(:meth:`~rummi_desktop.net.store_tables.GameTables.append_move`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rummi_desktop.games import GAMES
from rummi_desktop.games.base import IllegalMove, MoveNotationError, rules_clock
from rummi_desktop.games.resignation import resigned_seat
from rummi_desktop.net.lobby import turn_passed
from rummi_desktop.net.notices import MoveNotice
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import OVER, PLAYING, TableRecord
from rummi_desktop.net.store_tables import Changes, GameTables

MAX_VERSIONS = 20_000  # a safety stop: a game this long ends without a winner (a Rummi match runs to thousands)
log = logging.getLogger(__name__)


@dataclass
class LiveGame:
    record: TableRecord
    state: Any
    last_seat: int | None = None
    last_actions: list[str] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def fresh_state(record: TableRecord) -> Any:
    """A new game for ``record`` (``GameSpec.table_state``: a Rummi table's is its match),
    keeping no undo history: the server never undoes a move."""
    state = GAMES[record.game].table_state(tuple(seat.label for seat in record.seats), record.seed, **record.options)
    state.keeps_undo = False
    return state


def result_of(state: Any) -> dict[str, Any]:
    """The finished game's scores and winners, and the seat that resigned if one did."""
    result: dict[str, Any] = {"scores": list(state.scores()), "winners": list(state.winners())}
    if (seat := resigned_seat(state)) is not None:
        result["resigned"] = seat
    return result


class LiveGames:
    """This process's cache of games in play; ``on_change(live, own)`` runs after every new version (own: stored by this process)."""

    def __init__(self, tables: GameTables, on_change: Callable[[LiveGame, bool], None],
                 clock: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.on_change = on_change
        self.clock = clock  # the time a move is judged and stored at (the tests set it)
        self.games: dict[str, LiveGame] = {}

    async def get(self, table_id: str, catch_up: bool = True) -> LiveGame | None:
        """The game at the stored version (None for no such table, or one not started); with
        ``catch_up`` false, a game already held is returned as held (its next move catches up)."""
        live = self.games.get(table_id)
        if live is not None and not catch_up:
            return live
        if live is None:
            record = await self.tables.get(table_id)
            if record is None or record.status == "open":
                return None
            live = self.games.setdefault(table_id, LiveGame(record.with_(version=0), fresh_state(record)))
        async with live.lock:
            await self._catch_up(live)
        return live

    async def _catch_up(self, live: LiveGame, seat_seq: tuple[int, int] | None = None) -> Changes:
        """Replay the moves stored after the version held (one read, which also answers
        ``seat_seq``'s facts for a move about to be made)."""
        changes = await self.tables.changes_since(live.record.id, live.record.version, seat_seq)
        if changes.moves:
            for move in changes.moves:
                self._replay(live, move.seat, move.actions)
            record, last = changes.record, changes.moves[-1].version
            live.record = record if record is not None and record.version == last else live.record.with_(version=last)
            self.on_change(live, False)
        return changes

    @staticmethod
    def _replay(live: LiveGame, seat: int, actions: list[str]) -> None:
        for action in actions:
            live.state.perform(action)
        live.last_seat, live.last_actions = seat, actions

    def take_move(self, table_id: str, version: int, move: MoveNotice) -> bool:
        """Apply a move another process stored as ``version``, as its notice carries it, when
        this process holds exactly the version before and nothing else is working on the game;
        False when the caller must re-fetch by version instead (a gap, or the game busy)."""
        live = self.games.get(table_id)
        if live is None or live.record.version != version - 1 or live.lock.locked():
            return False
        # No await from here on: nothing else runs on the game while it changes.
        try:
            self._replay(live, move.seat, move.actions)
        except Exception:  # a notice this process cannot replay: rebuild the game from the store
            log.exception("replaying a move notice failed; the game is fetched again")
            self.forget(table_id)
            return False
        live.record = live.record.with_(version=version, **move.turn)
        self.on_change(live, False)
        return True

    async def refresh(self, table_id: str, version: int | None = None) -> None:
        """Another process may have moved: catch up if this process holds the game (and, given
        the ``version`` a notice named, if it is still behind it once the game is free: the
        notice of a move this process was storing can come before the move's own answer)."""
        live = self.games.get(table_id)
        if live is not None:
            async with live.lock:
                if version is None or live.record.version < version:
                    await self._catch_up(live)

    def forget(self, table_id: str) -> None:
        self.games.pop(table_id, None)

    @staticmethod
    def _rebuild(live: LiveGame) -> None:
        """Take the held game back to version 0, so its next catch-up replays the store: a move
        the model half-made, or one the store did not take, is gone before anyone else moves
        (a handler already waiting on this game's lock sees the rebuilt one, not a stray)."""
        live.state, live.record = fresh_state(live.record), live.record.with_(version=0)
        live.last_seat, live.last_actions = None, []

    async def player_move(self, live: LiveGame, seat: int, version: int, seq: int, notation: str | None) -> int:
        """Apply a person's move (None: forfeit the turn) and return the new version."""
        async with live.lock:
            changes = await self._catch_up(live, (seat, seq))
            record, done, last_seq = live.record, changes.seq_done, changes.last_seq
            if done is not None:
                raise ProtocolError("duplicate_seq", f"move number {seq} was already applied (version {done}); "
                                    "nothing was done again")
            if record.status != PLAYING:
                raise ProtocolError("game_over", "this game is over")
            if version != record.version:
                raise ProtocolError("stale_version", f"the game is at version {record.version}, not {version}")
            if live.state.current != seat:
                raise ProtocolError("not_your_turn", f"it is seat {live.state.current}'s turn, not yours")
            if last_seq >= seq:
                raise ProtocolError("old_seq", "move numbers must grow; this one is not above your last")
            if record.deadline is not None and self.clock() > record.deadline:
                # The sweep forfeits the turn within a second; a move sent after the clock ran
                # out must not beat it.
                raise ProtocolError("too_late", "your turn's clock ran out before this move came; "
                                    "the turn is forfeited")
            before, clock = len(live.state.log), rules_clock(live.state)
            try:
                if notation is None:
                    live.state.forfeit_turn()
                else:
                    live.state.apply(GAMES[record.game].parse_move(notation))
            except MoveNotationError as error:
                raise ProtocolError("bad_move", str(error)) from None
            except IllegalMove as error:
                raise ProtocolError("illegal_move", str(error) or "the rules refuse this move") from None
            except Exception:
                self._rebuild(live)  # the model failed partway: rebuild from the store, not a half-made move
                raise
            return await self._store_new_version(live, before, clock, seat, seq)

    async def server_move(self, live: LiveGame, version: int, choose: Callable[[Any], Any]) -> bool:
        """Make the seat on turn move by ``choose(state)`` (a computer's notation, or forfeit);
        False when the game moved on meanwhile."""
        async with live.lock:
            await self._catch_up(live)
            if live.record.version != version or live.record.status != PLAYING:
                return False
            seat, before, clock = live.state.current, len(live.state.log), rules_clock(live.state)
            choose(live.state)
            await self._store_new_version(live, before, clock, seat, None)
            return True

    async def _store_new_version(self, live: LiveGame, before: int, clock: Any, seat: int, seq: int | None) -> int:
        """Store the actions logged since ``before``; ``clock``: the rules' clock before them."""
        state, record = live.state, live.record
        actions = state.log[before:]
        now = self.clock()
        try:
            after = turn_passed(record.with_(version=record.version + 1), clock, state, now)
            if state.is_terminal or after.version >= MAX_VERSIONS:
                after = after.with_(status=OVER, deadline=None, result=result_of(state))
            stored = await self.tables.append_move(after, actions, seat, seq)
        except Exception as error:  # the database failed (or went away): the store holds the truth
            self._rebuild(live)
            log.warning("storing a move failed (%s); the game is rebuilt from the store", error)
            raise ProtocolError("not_stored", "the server could not store this move; "
                                "send it again") from None
        if not stored:
            self._rebuild(live)  # another process got there first; rebuild from the store
            raise ProtocolError("stale_version", "the game moved on meanwhile; fetch it again")
        live.record, live.last_seat, live.last_actions = after, seat, actions
        self.on_change(live, True)
        return after.version

