"""A finished-game record as it travels in a sync message: its canonical JSON, zlib-compressed,
in base64url without padding (a record holds its whole game, tens of KiB of JSON; packed, a few
KiB, so a batch of them fits one message).

The digest names a record's content (:mod:`rummi_desktop.storage.record_digest`); the client
and the server compute it alike, so two copies with the same id and digest are the same game,
and the same id with another digest is a conflict.
Unpacking is bounded: a crafted body cannot inflate past :data:`MAX_RECORD_JSON`.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from rummi_desktop.storage.record_digest import canonical_json, digest_of  # noqa: F401  (the sync's digest)

RECORD_ID = r"r-[0-9]{8}T[0-9]{6}-[0-9a-f]{8}"  # as storage.game_records makes them
MAX_BODY_CHARS = 24 * 1024  # one packed record; a batch message is still capped at 32 KiB
MAX_RECORD_JSON = 1024 * 1024  # a record unpacks to at most this many bytes of JSON
MAX_BATCH = 64  # records in one records_put or records_get
INDEX_PAGE = 400  # (id, digest) pairs in one records_index page: about 26 KiB


class BodyError(ValueError):
    """A body that is not a packed record; the message says why in plain words."""


def pack(record: dict[str, Any]) -> str:
    packed = zlib.compress(canonical_json(record).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(body: str) -> dict[str, Any]:
    """The record in ``body`` (BodyError when it is damaged, too big or not a JSON object)."""
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise BodyError("it is not base64url text") from error
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(packed, MAX_RECORD_JSON)
    except zlib.error as error:
        raise BodyError("its data does not unpack") from error
    if inflater.unconsumed_tail:
        raise BodyError(f"it unpacks to more than {MAX_RECORD_JSON} bytes")
    if not inflater.eof or inflater.unused_data:
        raise BodyError("it is cut short or has extra data after its end")
    try:
        record = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise BodyError("it does not hold JSON") from error
    if not isinstance(record, dict):
        raise BodyError("it does not hold a JSON object")
    return record
