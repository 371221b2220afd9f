"""Share codes: one puzzle as a short pasteable text, and back.

``encode(puzzle)`` is ``"RD1-"`` + base64url (no padding) of the zlib-compressed canonical
compact JSON of the puzzle dict (keys sorted, no spaces, UTF-8). ``decode(text)`` ignores
whitespace anywhere in the pasted text (mail and chat wrap long lines) and gives the dict
back exactly; anything malformed (another prefix, a cut or altered code, data that is not a
puzzle-shaped object) raises :class:`ShareCodeError` with one sentence. Decompression is
bounded, so a crafted code cannot blow up memory. Whether the dict is a good puzzle is
``record.Puzzle.from_dict``'s to say. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

PREFIX = "RD1-"
MAX_CODE_CHARACTERS = 64_000
MAX_JSON_BYTES = 256 * 1024  # one puzzle is a few KiB; a code inflating past this is refused


class ShareCodeError(ValueError):
    """Text that is not a share code; the message is one sentence saying why."""


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def encode(puzzle: dict[str, Any]) -> str:
    packed = zlib.compress(canonical_json(puzzle).encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error as error:
        raise ShareCodeError("the share code is damaged (its data does not unpack)") from error
    if inflater.unconsumed_tail:
        raise ShareCodeError("the share code unpacks to more than a puzzle can hold")
    if not inflater.eof:
        raise ShareCodeError("the share code is cut short (copy all of it)")
    if inflater.unused_data:
        raise ShareCodeError("the share code has extra characters after its end")
    return text


def decode(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ShareCodeError("a share code is text")
    code = "".join(text.split())
    if not code:
        raise ShareCodeError("the share code is empty")
    if len(code) > MAX_CODE_CHARACTERS:
        raise ShareCodeError(f"the text is too long to be a share code (over {MAX_CODE_CHARACTERS} characters)")
    if not code.startswith(PREFIX):
        raise ShareCodeError(f"a share code starts with {PREFIX}")
    body = code[len(PREFIX):]
    if body.strip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"):
        raise ShareCodeError("the share code holds characters a code never has (letters, digits, - and _ only)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise ShareCodeError("the share code is cut short or altered (its length is wrong)") from error
    text = _inflate(packed)
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ShareCodeError("the share code is damaged (its data is not a puzzle)") from error
    if not isinstance(data, dict):
        raise ShareCodeError("the share code does not hold a puzzle")
    return data
