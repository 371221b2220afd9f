"""Friends, blocks and invitations to tables.

Friendship is two follows: adding a player by name follows them at once (nothing waits for an
answer, nothing expires), and when they add you back you are friends. Only friends see each
other online and invite each other to a table, so following a stranger tells you nothing
about them and lets you send them nothing; their list shows you as asking, to add back or not.

A block is stored: it ends the follows both ways and the invitations between the two, the
blocked player's chat lines never reach the blocker, they cannot join a table the blocker
created or sits at, and matchmaking never pairs them.

An invitation is to a table of yours still waiting for players. It is pushed to the friend's
lobby when they are signed in (with processes sharing the store, through an ``i`` notice that
every process, the sender's too, reads), and listed when they next open it (``invites``);
accepting joins the table through its invite code, as ``join_table`` would.
"""

from __future__ import annotations

import time
from typing import Any

from rummi_desktop.net import accounts
from rummi_desktop.net.connection import Connection
from rummi_desktop.net.handlers import join_table
from rummi_desktop.net.notices import invite_notice
from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import OPEN, TableRecord
from rummi_desktop.net.server_context import ServerContext
from rummi_desktop.net.store_accounts import Account


def _me(connection: Connection) -> Account:
    assert connection.account is not None  # the server checks sign-in before any handler runs
    return connection.account


async def _other(server: ServerContext, connection: Connection, name: str) -> Account:
    """The account named ``name``, never the asker's own."""
    found = await server.store.accounts.by_key(accounts.name_key(name))
    if found is None:
        raise ProtocolError("no_account", f"no player is called {name!r}")
    if found.id == _me(connection).id:
        raise ProtocolError("bad_name", "that is your own name")
    return Account(found.id, found.name)


def is_online(server: ServerContext, account_id: str) -> bool:
    """Signed in on this process, or at a table on any process (presence's notices)."""
    return bool(server.by_account.get(account_id)) or server.presence.anywhere(account_id, time.time())


# ---- follows ------------------------------------------------------------------------------------

async def friend_add(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    me, other = _me(connection), await _other(server, connection, message["name"])
    if await server.store.social.blockers_among(me.id, [other.id]):
        raise ProtocolError("blocked", f"you cannot add {other.name}")
    await server.store.social.follow(me.id, other.id, time.time())
    return await friends(server, connection, message)


async def friend_remove(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    other = await _other(server, connection, message["name"])
    await server.store.social.unfollow(_me(connection).id, other.id)
    return await friends(server, connection, message)


async def friends(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """Friends (with who is online), those you follow who have not added you back, those who
    follow you whom you have not added, and those you blocked."""
    me = _me(connection)
    following, followers = await server.store.social.follows(me.id)
    back = {account_id for account_id, _ in followers}
    followed = {account_id for account_id, _ in following}
    return {"type": "friends",
            "friends": [{"name": name, "online": is_online(server, account_id)}
                        for account_id, name in following if account_id in back],
            "asked": [name for account_id, name in following if account_id not in back],
            "asking": [name for account_id, name in followers if account_id not in followed],
            "blocked": [name for _, name in await server.store.social.blocked(me.id)]}


# ---- blocks -------------------------------------------------------------------------------------

async def block(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    other = await _other(server, connection, message["name"])
    await server.store.social.block(_me(connection).id, other.id, time.time())
    return await friends(server, connection, message)


async def unblock(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    other = await _other(server, connection, message["name"])
    await server.store.social.unblock(_me(connection).id, other.id)
    return await friends(server, connection, message)


# ---- invitations --------------------------------------------------------------------------------

def _invitation(record: TableRecord, sender: str, at: float) -> dict[str, Any]:
    return {"table": record.id, "from": sender, "game": record.game, "at": at,
            "free_seats": sum(1 for seat in record.seats if seat.is_free)}


async def invite(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    me, friend = _me(connection), await _other(server, connection, message["name"])
    record = await server.store.tables.get(message["table"])
    if record is None or record.seat_of(me.id) is None:
        raise ProtocolError("not_seated", "you do not sit at that table")
    if record.status != OPEN or not any(seat.is_free for seat in record.seats):
        raise ProtocolError("table_closed", "that table is not waiting for players")
    if not await server.store.social.are_friends(me.id, friend.id):
        raise ProtocolError("not_friends", f"you can invite {friend.name} once you have added each other")
    now = time.time()
    await server.store.social.invite(record.id, me.id, friend.id, now)
    if server.shared:  # every process, this one too, pushes it to the friend's connections it holds
        await server.store.notify(invite_notice(friend.id, record.id))
    else:
        server.push_to_account(friend.id, {"type": "invited", "invitation": _invitation(record, me.name, now)})
    return {"type": "invite_sent", "table": record.id, "name": friend.name}


async def push_noticed_invitation(server: ServerContext, account_id: str, table_id: str) -> None:
    """A process stored an invitation for an account signed in here: push it (an ``i`` notice)."""
    if not server.by_account.get(account_id):
        return
    waiting, record = await server.store.social.invitation(table_id, account_id), await server.store.tables.get(table_id)
    if waiting is not None and record is not None:
        server.push_to_account(account_id, {"type": "invited", "invitation": _invitation(record, *waiting)})


async def invites(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """The invitations waiting for you; those whose table no longer waits for players are dropped."""
    me = _me(connection)
    waiting = []
    for table_id, _sender, sender_name, at in await server.store.social.invitations(me.id):
        record = await server.store.tables.get(table_id)
        if record is None or record.status != OPEN or not any(seat.is_free for seat in record.seats):
            await server.store.social.drop_invitation(table_id, me.id)
        else:
            waiting.append(_invitation(record, sender_name, at))
    return {"type": "invites", "invitations": waiting}


async def invite_answer(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """Decline (the invitation goes), or accept: join the table as its invite code would."""
    me = _me(connection)
    if not await server.store.social.drop_invitation(message["table"], me.id):
        raise ProtocolError("no_invitation", "no invitation to that table waits for you")
    if not message["accept"]:
        return {"type": "invite_declined", "table": message["table"]}
    record = await server.store.tables.get(message["table"])
    if record is None:
        raise ProtocolError("no_table", "that table is gone")

    return await join_table(server, connection, {"type": "join_table", "invite": record.invite})


FRIEND_HANDLERS = {function.__name__: function for function in (
    friend_add, friend_remove, friends, block, unblock, invite, invites, invite_answer)}
