"""The notices server processes send each other through the shared store (PostgreSQL NOTIFY).

- ``t:<table>:<version>``: the table changed (seats, status) or reached ``version``; a process
  holding it re-fetches what it misses.
- ``m:<table>:<version>:<json>``: the move stored as ``version``, whole: the seat, its seq, the
  actions logged and the table's new turn fields. A process holding exactly ``version - 1``
  applies it without a fetch; any other process re-fetches by version as for ``t``. A move
  whose notice would pass PostgreSQL's payload limit is sent as ``t`` instead.
- ``a:<account>:<table>``: matchmaking seated the account at a new table; every process, the
  one that matched it too, pushes ``matched`` to the account's connections it holds.
- ``y:<account>:<table>``: the table's game became the account's move
  (:mod:`rummi_desktop.net.your_move`).
- ``p:<process>:<table>:<account>:<1|0>:<since>``: a process's say of a person at a table,
  online or away since ``since`` (:mod:`rummi_desktop.net.presence`).
- ``h:<process>``: a process's heartbeat (its presence says count while it is heard).
- ``c:<process>:<table>:<line>``: a chat line was stored at the table by ``process``; every
  other process with people watching it reads the line and pushes it to them (the one that
  stored it pushed it already: :mod:`rummi_desktop.net.chat`).
- ``i:<account>:<table>``: the account was invited to the table; every process where it is
  signed in, the sender's too, pushes the invitation (:mod:`rummi_desktop.net.friends`).
- ``o:<account>:<session>``: the session (its token's hash) was signed out; every process signs
  out the account's connections on that session (:meth:`GameServer.end_session`).

A notice is a hint, never the truth: it is sent inside the transaction that stored the change,
so it says what was committed, and a lost one loses nothing (the next notice shows a gap, and
the servers compare versions every few seconds).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from rummi_desktop.net.presence import Said
from rummi_desktop.net.records import TableRecord

MAX_PAYLOAD_BYTES = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
TURN_FIELDS = ("status", "current_seat", "deadline", "updated", "result")


@dataclass(frozen=True)
class MoveNotice:
    seat: int
    seq: int | None
    actions: list[str]
    turn: dict[str, Any]  # TURN_FIELDS of the table after the move


@dataclass(frozen=True)
class Notice:
    kind: str  # "t", "m", "a", "y", "p", "h", "c", "i" or "o"
    subject: str  # the table (t, m), the account (a, y, p, i, o), the process (h) or the chat line (c)
    version: int = 0
    table: str = ""  # a: the table the account was seated at; y: the table waiting; p, c: the table; i: the table invited to
    body: str = ""  # m: the move, as JSON (read by :func:`move_of` only when it is needed); o: the session's token hash
    process: str = ""  # p: the process saying it; c: the process that stored the line
    said: Said | None = None  # p: online or away, since when


def table_notice(table_id: str, version: int) -> str:
    return f"t:{table_id}:{version}"


def account_notice(account_id: str, table_id: str) -> str:
    return f"a:{account_id}:{table_id}"


def your_move_notice(account_id: str, table_id: str) -> str:
    return f"y:{account_id}:{table_id}"


def presence_notice(process: str, table_id: str, account_id: str, said: Said) -> str:
    return f"p:{process}:{table_id}:{account_id}:{int(said.online)}:{said.since:.3f}"


def chat_notice(process: str, table_id: str, line_id: str) -> str:
    return f"c:{process}:{table_id}:{line_id}"


def invite_notice(account_id: str, table_id: str) -> str:
    return f"i:{account_id}:{table_id}"


def sign_out_notice(account_id: str, token_hash: str) -> str:
    return f"o:{account_id}:{token_hash}"


def heartbeat_notice(process: str) -> str:
    return f"h:{process}"


def move_notice(after: TableRecord, actions: list[str], seat: int, seq: int | None) -> str:
    body = {"seat": seat, "seq": seq, "actions": actions, **{name: getattr(after, name) for name in TURN_FIELDS}}
    payload = f"m:{after.id}:{after.version}:{json.dumps(body, separators=(',', ':'), ensure_ascii=False)}"
    if len(payload.encode("utf-8")) > MAX_PAYLOAD_BYTES:
        return table_notice(after.id, after.version)
    return payload


def table_of(payload: str) -> str | None:
    """The table a ``t`` or ``m`` notice is about, read without parsing the rest (a process
    drops most of them: the games no connection of its own watches); None for other kinds."""
    if payload[:2] not in ("t:", "m:"):
        return None
    end = payload.find(":", 2)
    return payload[2:end] if end > 2 else None


def parse(payload: str) -> Notice | None:
    """The notice in ``payload``, or None for one this version does not know (ignored: the
    version checks catch up anything it meant)."""
    kind, _, rest = payload.partition(":")
    if kind in ("a", "y", "i"):
        account_id, _, table_id = rest.partition(":")
        return Notice(kind, account_id, table=table_id) if account_id and table_id else None
    if kind == "o":
        account_id, _, token_hash = rest.partition(":")
        return Notice("o", account_id, body=token_hash) if account_id and token_hash else None
    if kind == "h":
        return Notice("h", rest, process=rest) if rest else None
    if kind == "c":
        parts = rest.split(":")
        if len(parts) != 3 or not all(parts):
            return None
        process, table_id, line_id = parts
        return Notice("c", line_id, table=table_id, process=process)
    if kind == "p":
        return _presence(rest)
    if kind not in ("t", "m"):
        return None
    table_id, _, rest = rest.partition(":")
    version, _, body = rest.partition(":")
    if not version.isdigit():
        return None
    return Notice(kind, table_id, int(version), body=body if kind == "m" else "")


def _presence(rest: str) -> Notice | None:
    parts = rest.split(":")
    if len(parts) != 5 or not all(parts[:3]) or parts[3] not in ("0", "1"):
        return None
    process, table_id, account_id, online, since = parts
    try:
        when = float(since)
    except ValueError:
        return None
    if not math.isfinite(when):
        return None
    return Notice("p", account_id, table=table_id, process=process, said=Said(online == "1", when))


def move_of(notice: Notice) -> MoveNotice | None:
    """The move an ``m`` notice carries (None if it carries none, or not in a shape this reads)."""
    try:
        body = json.loads(notice.body)
        move = MoveNotice(int(body["seat"]), body["seq"], [str(action) for action in body["actions"]],
                          {name: body[name] for name in TURN_FIELDS})
    except (ValueError, KeyError, TypeError):
        return None
    return move
