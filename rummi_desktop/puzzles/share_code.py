"""Share codes: one puzzle (or a bare position) as a short pasteable text, and back.

``encode(data)`` gives ``"RD2-"`` + base64url (no padding) of a compact binary form of the
dict: a one-byte packing mark, the value (below), raw-deflated when that is shorter, and two
bytes of its CRC-32 so a code altered by hand is refused rather than read as another
position. Each value starts with one byte saying what it is: a tile name (``R7``, ``J``) is
that byte alone, a declared joker (``J=K5``) two, a small whole number one, a short text or
list its length in the same byte, a board entry ``[row, column, tile]`` two
(in a board's list of them; three alone), and the position's usual keys (``game``, ``table``,
``rack`` …) one byte each. Dict keys are written sorted, so equal dicts give equal codes.

Codes of the first format, ``"RD1-"`` + base64url of the zlib-compressed canonical JSON, were
shipped and still decode. ``decode(text)`` ignores whitespace anywhere in the pasted text
(mail and chat wrap long lines) and gives the dict back exactly; anything malformed (another
prefix, a cut or altered code, data that is not a puzzle-shaped object) raises
:class:`ShareCodeError` with one sentence, and nothing else. Unpacking is bounded (size,
depth), so a crafted code cannot blow up memory or the stack. Whether the dict is a good
puzzle is ``record.Puzzle.from_dict``'s to say. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import struct
import zlib
from typing import Any

from rummi_desktop.tiles import COLOURS, HIGHEST, LOWEST

PREFIX = "RD2-"
OLD_PREFIX = "RD1-"  # the shipped JSON format: read, no longer written
MAX_CODE_CHARACTERS = 64_000
MAX_JSON_BYTES = 256 * 1024  # one puzzle is a few KiB; a code inflating past this is refused
MAX_DEPTH = 24  # a puzzle nests four deep; a code nesting deeper is refused
CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

# -- the packed form's first bytes ------------------------------------------------------------
RAW, DEFLATED = 0, 1  # the packing mark: the values as they are, or raw deflate of them
TILES = tuple(f"{colour}{number}" for colour in COLOURS for number in range(LOWEST, HIGHEST + 1)) + ("J",)
# Words a position or puzzle has as keys: one byte each. Append only (old codes name them by place).
WORDS = ("game", "table", "rack", "initial", "board", "rows", "hand", "min_length", "position",
         "solution", "best", "title", "id", "pack", "goal", "target", "tags", "runner_up",
         "features", "difficulty", "rating", "source", "seed", "turn")
TILE_BASE = 0x00  # 53 tile names
FALSE, TRUE, NONE = 0x35, 0x36, 0x37
INT_BASE, INT_INLINE = 0x38, 32  # 0x38 + n for a whole number 0–31
POS_INT, NEG_INT, FLOAT, LONG_TEXT, LONG_LIST, LONG_DICT, JOKER_AS = 0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E
SQUARE = 0x5F  # [row, column, what], both 0–15: this byte, one byte for the square, then what
SQUARES = 0xF0  # a list of such entries (a board): this byte, their count, then square and what each
TEXT_BASE, LIST_BASE, DICT_BASE, WORD_BASE = 0x60, 0x80, 0xA0, 0xB0  # + a length, 0–31 (dict 0–15)
INLINE, DICT_INLINE = 32, 16
MAX_INT_BYTES = 10  # a varint of a 64-bit number; a longer one is refused


class ShareCodeError(ValueError):
    """Text that is not a share code; the message is one sentence saying why."""


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


# -- writing ----------------------------------------------------------------------------------
def encode(data: dict[str, Any]) -> str:
    """The code of ``data`` (ValueError for what a code cannot carry: NaN, huge numbers, keys
    that are not text)."""
    values = bytes(_pack(data, bytearray()))
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = deflater.compress(values) + deflater.flush()
    body = bytes([DEFLATED]) + deflated if len(deflated) < len(values) else bytes([RAW]) + values
    packed = body + struct.pack(">H", zlib.crc32(body) & 0xFFFF)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _varint(number: int, out: bytearray) -> None:
    while True:
        low, number = number & 0x7F, number >> 7
        out.append(low | (0x80 if number else 0))
        if not number:
            return


def _sized(base: int, inline: int, long_mark: int, size: int, out: bytearray) -> None:
    if size < inline:
        out.append(base + size)
    else:
        out.append(long_mark)
        _varint(size, out)


def _pack(value: Any, out: bytearray) -> bytearray:
    if value is None or isinstance(value, bool):
        out.append(NONE if value is None else TRUE if value else FALSE)
    elif isinstance(value, int):
        if not -2**63 <= value < 2**63:
            raise ValueError("a share code holds whole numbers of at most 64 bits")
        if 0 <= value < INT_INLINE:
            out.append(INT_BASE + value)
        else:
            out.append(POS_INT if value >= 0 else NEG_INT)
            _varint(value if value >= 0 else -1 - value, out)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a share code holds no NaN or infinity")
        out.append(FLOAT)
        out += struct.pack(">d", value)
    elif isinstance(value, str):
        _pack_text(value, out)
    elif isinstance(value, (list, tuple)) and len(value) > 1 and all(_is_square(item) for item in value):
        out.append(SQUARES)
        _varint(len(value), out)
        for row, column, what in value:
            out.append(row << 4 | column)
            _pack_text(what, out)
    elif isinstance(value, (list, tuple)) and _is_square(value):
        out += bytes([SQUARE, value[0] << 4 | value[1]])
        _pack(value[2], out)
    elif isinstance(value, (list, tuple)):
        _sized(LIST_BASE, INLINE, LONG_LIST, len(value), out)
        for item in value:
            _pack(item, out)
    elif isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise ValueError("a share code's keys are text")
        _sized(DICT_BASE, DICT_INLINE, LONG_DICT, len(value), out)
        for key in sorted(value):
            _pack_text(key, out)
            _pack(value[key], out)
    else:
        raise ValueError(f"a share code cannot hold a {type(value).__name__}")
    return out


def _is_square(value: Any) -> bool:
    """A board entry: ``[row, column, tile]`` with a row and column that fit in four bits."""
    return (isinstance(value, (list, tuple)) and len(value) == 3 and all(type(number) is int and 0 <= number < 16 for number in value[:2])
            and isinstance(value[2], str))


def _pack_text(text: str, out: bytearray) -> None:
    if text in TILES:
        out.append(TILE_BASE + TILES.index(text))
    elif text in WORDS:
        out.append(WORD_BASE + WORDS.index(text))
    elif text.startswith("J=") and text[2:] in TILES[:-1]:  # a joker declared as a tile
        out += bytes([JOKER_AS, TILES.index(text[2:])])
    else:
        raw = text.encode("utf-8")
        _sized(TEXT_BASE, INLINE, LONG_TEXT, len(raw), out)
        out += raw


# -- reading ----------------------------------------------------------------------------------
def decode(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ShareCodeError("a share code is text")
    code = "".join(text.split())
    if not code:
        raise ShareCodeError("the share code is empty")
    if len(code) > MAX_CODE_CHARACTERS:
        raise ShareCodeError(f"the text is too long to be a share code (over {MAX_CODE_CHARACTERS} characters)")
    if not code.startswith((PREFIX, OLD_PREFIX)):
        raise ShareCodeError(f"a share code starts with {PREFIX} (or {OLD_PREFIX}, from older versions)")
    body = code[len(PREFIX):]
    if body.strip(CODE_CHARS):
        raise ShareCodeError("the share code holds characters a code never has (letters, digits, - and _ only)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise ShareCodeError("the share code is cut short or altered (its length is wrong)") from error
    data = _old_json(packed) if code.startswith(OLD_PREFIX) else _unpacked(packed)
    if not isinstance(data, dict):
        raise ShareCodeError("the share code does not hold a puzzle")
    return data


def _inflate(packed: bytes, wbits: int = zlib.MAX_WBITS) -> bytes:
    inflater = zlib.decompressobj(wbits)
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


def _old_json(packed: bytes) -> Any:
    text = _inflate(packed)
    try:
        return json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ShareCodeError("the share code is damaged (its data is not a puzzle)") from error


def _unpacked(packed: bytes) -> Any:
    if len(packed) < 4:
        raise ShareCodeError("the share code is cut short (copy all of it)")
    body, check = packed[:-2], packed[-2:]
    if struct.pack(">H", zlib.crc32(body) & 0xFFFF) != check:
        raise ShareCodeError("the share code is cut short or altered (copy all of it, exactly)")
    mark, values = body[0], body[1:]
    if mark == DEFLATED:
        values = _inflate(values, -15)
    elif mark != RAW:
        raise ShareCodeError("the share code is damaged (its packing is unknown)")
    reader = _Reader(values)
    value = reader.value(0)
    if reader.at != len(values):
        raise ShareCodeError("the share code has extra data after its end")
    return value


class _Reader:
    """Reads packed values from ``data``; every fault is a ShareCodeError."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise ShareCodeError("the share code is damaged (its data ends too soon)")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        number = 0
        for shift in range(0, 7 * MAX_INT_BYTES, 7):
            low = self.byte()
            number |= (low & 0x7F) << shift
            if not low & 0x80:
                return number
        raise ShareCodeError("the share code is damaged (a number runs on too long)")

    def whole_number(self, mark: int) -> int:
        """A number of at most 64 bits, as ``encode`` writes them: a varint may hold 70, and a
        code opened with a bigger one could not be shared again."""
        magnitude = self.varint()
        if magnitude >= 2**63:
            raise ShareCodeError("the share code is damaged (a number in it is over 64 bits)")
        return magnitude if mark == POS_INT else -1 - magnitude

    def take(self, size: int) -> bytes:
        if size > len(self.data) - self.at:
            raise ShareCodeError("the share code is damaged (its data ends too soon)")
        self.at += size
        return self.data[self.at - size:self.at]

    def size(self, mark: int, base: int, long_mark: int) -> int:
        # every item takes a byte at least, so a size past the bytes left is a lie
        size = self.varint() if mark == long_mark else mark - base
        if size > len(self.data) - self.at:
            raise ShareCodeError("the share code is damaged (its data ends too soon)")
        return size

    def square(self) -> list:
        square = self.byte()
        return [square >> 4, square & 0x0F, self.text(self.byte())]

    def text(self, mark: int) -> str:
        if mark < len(TILES):
            return TILES[mark - TILE_BASE]
        if WORD_BASE <= mark < WORD_BASE + len(WORDS):
            return WORDS[mark - WORD_BASE]
        if mark == JOKER_AS:
            tile = self.byte()
            if tile >= len(TILES) - 1:
                raise ShareCodeError("the share code is damaged (a joker stands for no tile)")
            return "J=" + TILES[tile]
        if TEXT_BASE <= mark < TEXT_BASE + INLINE or mark == LONG_TEXT:
            try:
                return self.take(self.size(mark, TEXT_BASE, LONG_TEXT)).decode("utf-8")
            except UnicodeDecodeError as error:
                raise ShareCodeError("the share code is damaged (a text in it is garbled)") from error
        raise ShareCodeError("the share code is damaged (a key is not text)")

    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise ShareCodeError("the share code nests deeper than a puzzle does")
        mark = self.byte()
        if mark in (FALSE, TRUE, NONE):
            return {FALSE: False, TRUE: True, NONE: None}[mark]
        if INT_BASE <= mark < INT_BASE + INT_INLINE:
            return mark - INT_BASE
        if mark in (POS_INT, NEG_INT):
            return self.whole_number(mark)
        if mark == FLOAT:
            number = struct.unpack(">d", self.take(8))[0]
            if not math.isfinite(number):
                raise ShareCodeError("the share code is damaged (a number in it is not a number)")
            return number
        if mark == SQUARE:
            return self.square()
        if mark == SQUARES:
            return [self.square() for _ in range(self.size(mark, 0, SQUARES))]
        if LIST_BASE <= mark < LIST_BASE + INLINE or mark == LONG_LIST:
            return [self.value(depth + 1) for _ in range(self.size(mark, LIST_BASE, LONG_LIST))]
        if DICT_BASE <= mark < DICT_BASE + DICT_INLINE or mark == LONG_DICT:
            found: dict[str, Any] = {}
            for _ in range(self.size(mark, DICT_BASE, LONG_DICT)):
                key = self.text(self.byte())
                found[key] = self.value(depth + 1)
            return found
        return self.text(mark)
