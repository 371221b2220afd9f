"""The network protocol's messages: JSON objects with a ``type``, checked against one schema
table per type (:mod:`rummi_desktop.net.schema`). docs/network-protocol.md is the contract.

A request may carry an ``id``; every reply to it carries ``re`` with the same number, so a
client can wait for its answer while pushed messages (``game``, ``matched``) keep arriving.
Bad input raises :class:`ProtocolError` with a code and a reason in plain words, and the
server answers ``{"type": "error", "code", "message", "re"}``; nothing else happens.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from rummi_desktop.records.chat_text import CHAT_CHARS, QUICK_PHRASES
from rummi_desktop.net.record_bodies import INDEX_PAGE, MAX_BATCH, MAX_BODY_CHARS, RECORD_ID
from rummi_desktop.net.schema import Field, check, optional

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 32 * 1024  # larger messages are refused with an error (the socket stays open)
SOCKET_MAX_BYTES = 1024 * 1024  # past this the socket itself is closed (code 1009)
PROFILE_BYTES = 24 * 1024  # a profile document (profile_put), as JSON

TABLE = Field("str", low=1, high=40)
GAME = Field("str", low=1, high=24)
NAME = Field("str", low=3, high=24)
PASSWORD = Field("str", low=8, high=200)
SEQ = Field("int", low=1, high=2**53)
VERSION = Field("int", low=0, high=2**53)
RECORD = Field("str", pattern=RECORD_ID)

CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {"protocol": Field("int", low=1, high=1000)},
    "register": {"name": NAME, "password": PASSWORD},
    "sign_in": {"name": NAME, "password": PASSWORD},
    "resume": {"token": Field("str", low=16, high=100)},
    "sign_out": {},
    "list_tables": {"game": optional("str", high=24), "status": optional("str", choices=("open", "playing"))},
    "my_tables": {},
    "create_table": {
        "game": GAME,
        "seats": Field("list", low=1, high=8),
        "options": optional("object", high=16),
        "clock": optional("object", high=4),
        "visibility": optional("str", choices=("public", "private")),
        "ranked": optional("bool"),
    },
    "join_table": {"table": optional("str", low=1, high=40), "invite": optional("str", low=1, high=40)},
    "start_table": {"table": TABLE},
    "leave_table": {"table": TABLE},
    "subscribe": {"table": TABLE},
    "unsubscribe": {"table": TABLE},
    "watch": {"table": TABLE, "delay": optional("int", low=0, high=1)},  # a spectator (net/spectate_handlers.py)
    "unwatch": {"table": TABLE},
    "move": {"table": TABLE, "version": VERSION, "seq": SEQ, "move": Field("str", low=1, high=2000)},
    "forfeit": {"table": TABLE, "version": VERSION, "seq": SEQ},
    "matchmake": {"game": GAME},
    "cancel_matchmake": {"game": GAME},
    "leaderboard": {"game": GAME, "limit": optional("int", low=1, high=100)},
    "rating": {"game": GAME},
    "profile_get": {},
    "profile_put": {"version": VERSION, "document": Field("object", high=256)},
    # profile sync's records (net/record_handlers.py); a body is net/record_bodies.pack(record)
    "records_put": {"records": Field("list", low=1, high=MAX_BATCH, each=Field("object", fields={
        "id": RECORD, "body": Field("str", low=1, high=MAX_BODY_CHARS)}))},
    "records_index": {"after": optional("str", pattern=RECORD_ID), "limit": optional("int", low=1, high=INDEX_PAGE)},
    "records_get": {"ids": Field("list", low=1, high=MAX_BATCH, each=RECORD)},
    # chat at a table (net/chat.py): a quick phrase by its index, or free text
    "chat_send": {"table": TABLE, "phrase": optional("int", low=0, high=len(QUICK_PHRASES) - 1),
                  "text": optional("str", low=1, high=CHAT_CHARS)},
    "chat_history": {"table": TABLE},
    # friends, blocks and invitations (net/friends.py)
    "friends": {},
    "friend_add": {"name": NAME},
    "friend_remove": {"name": NAME},
    "block": {"name": NAME},
    "unblock": {"name": NAME},
    "invite": {"table": TABLE, "name": NAME},
    "invites": {},
    "invite_answer": {"table": TABLE, "accept": Field("bool")},
    "ping": {},
}

# What a client may send before it has signed in.
OPEN_MESSAGES = frozenset({"hello", "register", "sign_in", "resume", "ping", "list_tables", "leaderboard"})


class ProtocolError(ValueError):
    """A message the server refuses: ``code`` for programs, ``str(error)`` for people."""

    def __init__(self, code: str, message: str, re: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.re = re  # the request's id, when the message got far enough to have one
        self.retry_after = retry_after  # s: when a rate_limited request may be sent again


def decode(text: str | bytes) -> dict[str, Any]:
    """The checked message in ``text``, or ProtocolError saying what is wrong with it."""
    if isinstance(text, bytes):
        raise ProtocolError("not_text", "messages are JSON text frames, not binary")
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes", _leading_id(text))
    message = _parsed(text)
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    re = _request_id(message.get("id"))
    problem = text_problem(message)
    if problem:
        raise ProtocolError("bad_text", problem, re)
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_field", "field 'type' must be str", re)
    if kind not in CLIENT_MESSAGES:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:32]!r}", re)
    problem = check(message, CLIENT_MESSAGES[kind])
    if problem:
        raise ProtocolError("bad_field", f"{kind}: {problem}", re)
    return message


def _parsed(text: str) -> Any:
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ProtocolError("bad_json", f"not JSON: {str(error)[:80]}") from None
    except ValueError:  # an integer past Python's 4,300 digits, or NaN / Infinity / 1e400
        raise ProtocolError("bad_json", "numbers are at most 4300 digits, finite, and never NaN or Infinity") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e400: json.dumps would send it back as Infinity, which is not JSON
        raise ValueError(f"{text[:20]} is out of range")
    return number


def _request_id(value: Any) -> int | None:
    """The id a reply may carry back: an int in the envelope's range (never true or false)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**53:
        return value
    return None


UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")  # NUL and lone surrogates: no UTF-8 text or SQL column holds them


def text_problem(message: Any) -> str:
    """Why a text anywhere in ``message`` (a key or a value, at any depth) cannot be stored or sent
    back, or "": JSON's \\u escapes can spell a lone surrogate or NUL, which a websocket's UTF-8
    and PostgreSQL's text refuse."""
    pending = [message]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if UNSTORABLE.search(item):
                return "a text holds NUL or a lone surrogate (\\ud800-\\udfff), which is not Unicode text"
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return ""


LEADING_ID = re.compile(r'\{\s*"type"\s*:\s*"[a-z_]{1,32}"\s*,\s*"id"\s*:\s*([0-9]{1,16})\s*[,}]')


def _leading_id(text: str) -> int | None:
    """The request id of an oversize message, when it opens with its type and id (as
    GameClient writes them), so the refusal reaches the request waiting for it; the message
    itself is never parsed."""
    found = LEADING_ID.match(text[:100])
    return int(found.group(1)) if found else None


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error_message(code: str, text: str, re: int | None = None, retry_after: float | None = None) -> dict[str, Any]:
    reply: dict[str, Any] = {"type": "error", "code": code, "message": text}
    if re is not None:
        reply["re"] = re
    if retry_after is not None:
        reply["retry_after"] = retry_after
    return reply
