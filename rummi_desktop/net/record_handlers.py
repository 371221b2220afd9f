"""Profile sync's messages: an account's finished-game records put in batches, listed in pages
by a cursor, and fetched by id (the profile document itself goes through ``profile_get`` /
``profile_put`` in :mod:`rummi_desktop.net.handlers`).

Records are append-only and idempotent: a record already held with the same id and content is
counted as ``already``; one with the same id and other content is not stored (the first copy
is kept) and its id is named in ``differing``. A bad record in a batch refuses the whole batch,
and nothing of it is stored.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rummi_desktop.net.connection import Connection
from rummi_desktop.net.protocol import ProtocolError, encode
from rummi_desktop.net.record_bodies import INDEX_PAGE, BodyError, canonical_json, digest_of, unpack
from rummi_desktop.net.server_context import ServerContext

MAX_ACCOUNT_RECORDS = 10_000  # finished games an account keeps on the server
MAX_BATCH_JSON = 4 * 1024 * 1024  # bytes the records of one batch may unpack to, together
REPLY_BYTES = 256 * 1024  # a records reply stops adding bodies past this; the rest come on asking again


def _account_id(connection: Connection) -> str:
    assert connection.account is not None  # the server checks sign-in before any handler runs
    return connection.account.id


def _checked_rows(items: list[dict[str, str]]) -> list[tuple[str, str, str]]:
    """(id, digest, body) of each item; ProtocolError naming the first bad one."""
    rows, unpacked = [], 0
    for number, item in enumerate(items, start=1):
        where = f"records_put: record {number} ({item['id']})"
        try:
            record = unpack(item["body"])
        except BodyError as error:
            raise ProtocolError("bad_record", f"{where} is not a packed record: {error}; nothing was stored") from None
        if record.get("id") != item["id"]:
            raise ProtocolError("bad_record", f"{where} holds the game {str(record.get('id'))[:40]!r}; "
                                "nothing was stored")
        if not isinstance(record.get("game"), str) or not isinstance(record.get("seats"), list):
            raise ProtocolError("bad_record", f"{where} is not a finished game (it has no game or seats); "
                                "nothing was stored")
        unpacked += len(canonical_json(record))
        if unpacked > MAX_BATCH_JSON:
            raise ProtocolError("too_large", f"a batch of records may unpack to at most {MAX_BATCH_JSON} bytes; "
                                "send fewer at once (nothing was stored)")
        rows.append((item["id"], digest_of(record), item["body"]))
    return rows


async def records_put(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    rows = await asyncio.to_thread(_checked_rows, message["records"])  # unpacking is CPU work: off the loop
    outcome = await server.store.records.put(_account_id(connection), rows, MAX_ACCOUNT_RECORDS)
    if outcome.full:
        raise ProtocolError("too_many_records", f"an account keeps at most {MAX_ACCOUNT_RECORDS} finished games "
                            f"on the server; it holds {outcome.total}, so this batch was not stored")
    return {"type": "records_stored", "stored": len(outcome.stored), "already": len(outcome.already),
            "differing": outcome.differing, "total": outcome.total}


async def records_index(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    limit = message.get("limit", INDEX_PAGE)
    account_id = _account_id(connection)
    rows = await server.store.records.index(account_id, message.get("after", ""), limit)
    return {"type": "records_index", "records": [list(row) for row in rows],
            "next": rows[-1][0] if len(rows) == limit else None, "total": await server.store.records.count(account_id)}


async def records_get(server: ServerContext, connection: Connection, message: dict[str, Any]) -> dict[str, Any]:
    wanted = list(dict.fromkeys(message["ids"]))
    bodies = await server.store.records.bodies(_account_id(connection), wanted)
    sent, more, size = [], [], 0
    for record_id in (i for i in wanted if i in bodies):
        entry = {"id": record_id, "body": bodies[record_id]}
        size += len(encode(entry)) + 1
        if sent and (more or size > REPLY_BYTES):
            more.append(record_id)  # asked for again, they come in the next reply
        else:
            sent.append(entry)
    return {"type": "records", "records": sent, "more": more, "missing": [i for i in wanted if i not in bodies]}
