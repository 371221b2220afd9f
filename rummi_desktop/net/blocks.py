"""A block keeps the blocked player out of the blocker's tables: the one check every way in
(joining from the list, by invite code, by accepting an invitation) makes."""

from __future__ import annotations

from rummi_desktop.net.protocol import ProtocolError
from rummi_desktop.net.records import TableRecord
from rummi_desktop.net.server_context import ServerContext


async def refuse_blocked(server: ServerContext, record: TableRecord, account_id: str) -> None:
    """ProtocolError when the table's creator or a player at it blocked ``account_id``."""
    there = sorted({record.creator} | {seat.account for seat in record.seats if seat.account is not None})
    if await server.store.social.blockers_among(account_id, there):
        raise ProtocolError("blocked", "you cannot join this table")
