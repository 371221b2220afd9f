"""What the server does for each message type (one function each, bound to the GameServer,
which they see only as a :class:`~rummi_desktop.net.server_context.ServerContext`).

Each returns the reply; bad requests raise ProtocolError before anything is stored. The
signed-in account is always the actor: a seat is found from the account, never from the
message.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from rummi_desktop.net import accounts, lobby
from rummi_desktop.net.connection import Connection
from rummi_desktop.net.blocks import refuse_blocked
from rummi_desktop.net.matchmaking import pairs
from rummi_desktop.net.notices import account_notice
from rummi_desktop.net.ranked import REMATCH_COOLDOWN
from rummi_desktop.net.protocol import PROFILE_BYTES, PROTOCOL_VERSION, ProtocolError
from rummi_desktop.net.record_handlers import records_get, records_index, records_put
from rummi_desktop.net.records import OPEN, Seat, TableRecord
from rummi_desktop.net.server_context import ServerContext
from rummi_desktop.net.store_accounts import Account
from rummi_desktop.net.views import game_message

MAX_OPEN_TABLES = 20  # tables an account may sit at that are not over


def _account(connection: Connection) -> Account:
    assert connection.account is not None  # the server checks sign-in before any handler runs
    return connection.account


# ---- greeting and accounts -------------------------------------------------------------------

async def hello(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    if message["protocol"] != PROTOCOL_VERSION:
        raise ProtocolError("protocol", f"this server speaks protocol {PROTOCOL_VERSION}, not {message['protocol']}")
    from rummi_desktop import __version__

    return {"type": "welcome", "protocol": PROTOCOL_VERSION, "server": __version__}


async def ping(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    return {"type": "pong", "time": time.time()}


async def _new_session(server: ServerContext, connection: Connection, account: Account) -> dict[str, Any]:
    token = accounts.new_token()
    await server.store.accounts.add_session(accounts.token_hash(token), account.id)
    server.sign_in(connection, account, accounts.token_hash(token))
    return {"type": "session", "token": token, "account": {"id": account.id, "name": account.name}}


async def register(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    name, password = accounts.normal_name(message["name"]), message["password"]
    problem = accounts.name_problem(name)
    if problem:
        raise ProtocolError("bad_name", problem)
    hashed = await asyncio.to_thread(accounts.hash_password, password)  # scrypt takes ~50 ms: off the loop
    account = Account(accounts.new_id(), name, hashed)
    if not await server.store.accounts.create(account, accounts.name_key(name)):
        raise ProtocolError("name_taken", f"the name {name!r} is taken")
    return await _new_session(server, connection, account)


async def sign_in(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """A wrong password, or a name no account has, counts against the address and the account
    (net/sign_in_guard.py); past the free ones the next try waits (``rate_limited``)."""
    key, guard = accounts.name_key(message["name"]), server.sign_in_guard
    wait = guard.retry_after(connection.address, key)
    if wait > 0:
        raise ProtocolError("rate_limited", f"too many failed sign-ins; try again in {wait:.0f} s", retry_after=wait)
    guard.attempt(connection.address, key)
    account = await server.store.accounts.by_key(key)
    stored = account.password_hash if account else await asyncio.to_thread(accounts.stand_in_hash)
    good = await asyncio.to_thread(accounts.verify_password, message["password"], stored)
    if account is None or not good:
        raise ProtocolError("bad_credentials", "that name and password do not match an account")
    guard.succeeded(connection.address, key)
    return await _new_session(server, connection, Account(account.id, account.name))


async def resume(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    hashed = accounts.token_hash(message["token"])
    account = await server.store.accounts.session_account(hashed, time.time() - accounts.SESSION_SECONDS)
    if account is None:
        raise ProtocolError("bad_token", "this session token is not valid or has expired; sign in again")
    server.sign_in(connection, account, hashed)
    return {"type": "session", "account": {"id": account.id, "name": account.name}}


async def sign_out(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """The session ends everywhere: its token is revoked, and every other connection that
    signed in with it hears ``signed_out`` and is signed out too."""
    await server.store.accounts.drop_session(connection.token_hash)
    server.end_session(connection)
    return {"type": "signed_out"}


# ---- the lobby --------------------------------------------------------------------------------

async def list_tables(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    records = await server.store.tables.open_tables(message.get("game"), status=message.get("status", OPEN))
    return {"type": "tables", "tables": [record.public() for record in records]}


async def my_tables(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    records = await server.store.tables.of_account(_account(connection).id)
    return {"type": "tables", "tables": [record.public(for_member=True) for record in records]}


async def _check_room(server: ServerContext, account: Account) -> None:
    if len(await server.store.tables.of_account(account.id)) >= MAX_OPEN_TABLES:
        raise ProtocolError("too_many_tables", f"you may sit at {MAX_OPEN_TABLES} unfinished tables at most")


def _table_reply(record: TableRecord) -> dict[str, Any]:
    return {"type": "table", "table": record.public(for_member=True)}


async def _start(server: ServerContext, record: TableRecord) -> TableRecord:
    """Start ``record`` (stored as open): computer seats take the empty seats."""
    from rummi_desktop.net.live import fresh_state

    full = lobby.filled(record)
    now = time.time()
    playing = lobby.started(full, fresh_state(full), now)
    if not await server.store.tables.replace(record, playing):
        raise ProtocolError("busy", "the table changed meanwhile; try again")
    await server.publish_table(playing)
    if playing.seats[playing.current_seat].label != "human":
        server.serve_turn_soon(playing.id)
    server.tell_turn(playing, None)
    return playing


async def create_table(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    account = _account(connection)
    await _check_room(server, account)
    record = lobby.new_table(message, account.id, account.name, time.time())
    await server.store.tables.insert(record)
    if lobby.is_full(record):
        record = await _start(server, record)
    return _table_reply(record)


async def _table_for_join(server: ServerContext, message: dict[str, Any]) -> TableRecord:
    if "invite" in message:
        record = await server.store.tables.by_invite(str(message["invite"]).strip().upper())
    elif "table" in message:
        record = await server.store.tables.get(message["table"])
        if record is not None and record.visibility == "private":
            record = None  # a private table is found only by its invite code
    else:
        raise ProtocolError("bad_field", "join_table: give a table or an invite code")
    if record is None:
        raise ProtocolError("no_table", "no open table by that name or code")
    return record


async def join_table(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    account = _account(connection)
    await _check_room(server, account)
    for _ in range(5):  # another player may take a seat at the same moment: read again and retry
        record = await _table_for_join(server, message)
        await refuse_blocked(server, record, account.id)
        seated = lobby.joined(record, account.id, account.name)
        if await server.store.tables.replace(record, seated):
            await server.publish_table(seated)
            if lobby.is_full(seated):
                seated = await _start(server, seated)
            return _table_reply(seated)
    raise ProtocolError("busy", "the table is changing fast; try again")


async def start_table(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    record = await server.store.tables.get(message["table"])
    account_id = _account(connection).id
    # A creator who left may not start it: that would set computer seats playing each other on
    # the server, at a table that no longer counts against anyone's open tables.
    if record is None or record.creator != account_id or record.seat_of(account_id) is None:
        raise ProtocolError("not_creator", "only the table's creator, still seated at it, can start it")
    if record.status != OPEN:
        raise ProtocolError("table_closed", "this table has already started")
    return _table_reply(await _start(server, record))


async def leave_table(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    record = await server.store.tables.get(message["table"])
    if record is None:
        raise ProtocolError("no_table", "no such table")
    emptier = lobby.left(record, _account(connection).id)
    if not await server.store.tables.replace(record, emptier):
        raise ProtocolError("busy", "the table changed meanwhile; try again")
    await server.publish_table(emptier)
    return {"type": "left", "table": record.id}


# ---- games --------------------------------------------------------------------------------------

async def _seated(server: ServerContext, connection: Connection, table_id: str) -> tuple[TableRecord, int]:
    held = server.live.games.get(table_id)  # a game in play: its seats no longer change
    record = held.record if held is not None else await server.store.tables.get(table_id)
    seat = record.seat_of(_account(connection).id) if record is not None else None
    if record is None or seat is None:
        raise ProtocolError("not_seated", "you do not sit at that table")  # the same for no such table
    return record, seat


async def subscribe(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    record, seat = await _seated(server, connection, message["table"])
    server.watch(connection, record.id)
    if record.status == OPEN:
        return _table_reply(record)
    live = await server.live.get(record.id)
    reply = game_message(live, seat, server.presence, time.time())
    reply["last_seq"] = await server.store.tables.last_seq(record.id, seat)
    return reply


async def unsubscribe(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    server.unwatch(connection, message["table"])
    return {"type": "unsubscribed", "table": message["table"]}


async def _play(server: ServerContext, connection: Connection, message: dict[str, Any],
                notation: str | None) -> dict[str, Any]:
    record, seat = await _seated(server, connection, message["table"])
    live = await server.live.get(record.id, catch_up=False)  # the move itself catches up
    if live is None:
        raise ProtocolError("not_started", "this table has not started")
    version = await server.live.player_move(live, seat, message["version"], message["seq"], notation)
    return {"type": "ack", "table": record.id, "seq": message["seq"], "version": version}


async def move(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    return await _play(server, connection, message, message["move"])


async def forfeit(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    return await _play(server, connection, message, None)


# ---- ratings, matchmaking, profiles -------------------------------------------------------------

async def _ordinal(server: ServerContext, account_id: str, game: str) -> float:
    from rummi_desktop.net.ratings import DEFAULT_MU, DEFAULT_SIGMA, ordinal

    stored = await server.store.ratings.get(account_id, game)
    return ordinal(*(stored[:2] if stored else (DEFAULT_MU, DEFAULT_SIGMA)))


async def rating(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    game = lobby.game_spec(message["game"]).key
    stored = await server.store.ratings.get(_account(connection).id, game)
    from rummi_desktop.net.ratings import DEFAULT_MU, DEFAULT_SIGMA, ordinal

    mu, sigma, games = stored or (DEFAULT_MU, DEFAULT_SIGMA, 0)
    return {"type": "rating", "game": game, "mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma), "games": games}


async def leaderboard(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    game = lobby.game_spec(message["game"]).key
    rows = await server.store.ratings.leaderboard(game, message.get("limit", 20))
    return {"type": "leaderboard", "game": game, "players": [
        {"name": name, "mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "games": games}
        for name, mu, sigma, games in rows]}


async def matchmake(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    account = _account(connection)
    spec = lobby.game_spec(message["game"])
    await _check_room(server, account)
    await server.store.queue.join(account.id, spec.key, await _ordinal(server, account.id, spec.key), time.time())
    server.spawn(match_game(server, spec.key))
    return {"type": "queued", "game": spec.key}


async def cancel_matchmake(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    game = lobby.game_spec(message["game"]).key
    was_waiting = await server.store.queue.leave(_account(connection).id, game)
    return {"type": "unqueued", "game": game, "was_waiting": was_waiting}


async def match_game(server: ServerContext, game: str) -> None:
    now = time.time()
    waiting = await server.store.queue.waiting(game)
    if len(waiting) < 2:
        return
    apart = (await server.store.queue.recent_pairs(game, now - REMATCH_COOLDOWN)
             | await server.store.social.blocked_pairs([account_id for account_id, _, _ in waiting]))
    for first, second in pairs(waiting, now, apart):
        if await server.store.queue.take_pair(game, first, second):
            await _matched_table(server, game, first, second)


async def match_waiting(server: ServerContext) -> None:
    """The chores' matchmaking pass: gaps widen as players wait."""
    from rummi_desktop.games import GAMES

    for game in GAMES:
        await match_game(server, game)


async def _matched_table(server: ServerContext, game: str, first: str, second: str) -> None:
    from rummi_desktop.net.live import fresh_state

    names = await server.store.accounts.names((first, second))
    seats = (Seat("human", first, names.get(first, "")), Seat("human", second, names.get(second, "")))
    now = time.time()
    options = lobby.checked_options(lobby.game_spec(game), {})  # the usual rules (a Rummi table: its match)
    record = TableRecord(accounts.new_id(), game, first, seats, options, secrets.randbits(63), visibility="private",
                         ranked=True, invite=accounts.new_invite_code(), updated=now, created=now)
    record = lobby.started(record, fresh_state(record), now)
    await server.store.tables.insert(record)
    for account_id in (first, second):  # shared: every process, this one too, pushes it off the notice
        if server.shared:
            await server.store.notify(account_notice(account_id, record.id))
        else:
            server.push_to_account(account_id, {"type": "matched", "table": record.public(for_member=True)})


async def profile_get(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    version, document = await server.store.profiles.get(_account(connection).id)
    return {"type": "profile", "version": version, "document": document}


async def profile_put(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    from rummi_desktop.net.protocol import encode

    if len(encode(message["document"]).encode("utf-8")) > PROFILE_BYTES:
        raise ProtocolError("too_large", f"a profile document may be at most {PROFILE_BYTES} bytes")
    account_id = _account(connection).id
    if not await server.store.profiles.put(account_id, message["version"], message["document"]):
        stored, _ = await server.store.profiles.get(account_id)
        raise ProtocolError("profile_conflict", f"the stored profile is at version {stored}, not "
                            f"{message['version']}: fetch it, merge, and send it again")
    return {"type": "profile", "version": message["version"] + 1, "document": message["document"]}


# The sessions', tables', games' and profiles' requests (net/routes.py adds chat, friends and watching).
CORE_HANDLERS = {function.__name__: function for function in (
    hello, ping, register, sign_in, resume, sign_out, list_tables, my_tables, create_table, join_table,
    start_table, leave_table, subscribe, unsubscribe, move, forfeit, rating, leaderboard, matchmake,
    cancel_matchmake, profile_get, profile_put, records_put, records_index, records_get)}
