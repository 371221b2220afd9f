"""A tiny TrueType font written for the tests: two glyphs, an empty .notdef and a filled
square that the given characters map to. It stands in for a CJK font of the player's computer
(none may be installed where the tests run), so the fallback search has a real font to find."""

from __future__ import annotations

import struct
from pathlib import Path

UNITS = 1000
SQUARE = (100, -50, 900, 750)  # xMin, yMin, xMax, yMax of the filled square, in font units


def _cmap(chars: str) -> bytes:
    codes = sorted({ord(char) for char in chars})
    ends, starts = [*codes, 0xFFFF], [*codes, 0xFFFF]
    deltas = [(1 - code) % 0x10000 for code in codes] + [1]
    seg_count = len(ends)
    search = 2 ** (seg_count.bit_length() - 1) * 2
    body = struct.pack(f">{seg_count}H", *ends) + b"\0\0" + struct.pack(f">{seg_count}H", *starts)
    body += struct.pack(f">{seg_count}H", *deltas) + struct.pack(f">{seg_count}H", *([0] * seg_count))
    sub = struct.pack(">HHHHHHH", 4, 14 + len(body), 0, seg_count * 2, search,
                      search.bit_length() - 2, seg_count * 2 - search) + body
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub


def _square_glyph() -> bytes:
    x0, y0, x1, y1 = SQUARE
    points = [(x0, y0), (x0, y1), (x1, y1), (x1, y0)]  # clockwise: filled
    xs, ys, last = [], [], (0, 0)
    for x, y in points:
        xs.append(x - last[0])
        ys.append(y - last[1])
        last = (x, y)
    glyph = struct.pack(">hhhhh", 1, x0, y0, x1, y1) + struct.pack(">HH", 3, 0) + bytes([1] * 4)
    glyph += struct.pack(">4h", *xs) + struct.pack(">4h", *ys)
    return glyph + b"\0" * (-len(glyph) % 4)


def write_square_font(path: Path, chars: str) -> Path:
    """Write the font to ``path``: each of ``chars`` is drawn as a filled square."""
    glyph = _square_glyph()
    tables = {
        b"cmap": _cmap(chars),
        b"glyf": glyph,
        b"head": struct.pack(">IIIIHHqqhhhhHHhhh", 0x10000, 0x10000, 0, 0x5F0F3CF5, 0, UNITS, 0, 0,
                             *SQUARE, 0, 8, 2, 0, 0),
        b"hhea": struct.pack(">Ihhh" + "H" + "hhh" + "hhh" + "hhhh" + "hH", 0x10000, 800, -200, 0, UNITS,
                             0, 100, 900, 1, 0, 0, 0, 0, 0, 0, 0, 2),
        b"hmtx": struct.pack(">HhHh", 500, 0, UNITS, 100),
        b"loca": struct.pack(">HHH", 0, 0, len(glyph) // 2),
        b"maxp": struct.pack(">IH13H", 0x10000, 2, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0),
    }
    count = len(tables)
    search = 2 ** (count.bit_length() - 1) * 16
    out = struct.pack(">IHHHH", 0x10000, count, search, count.bit_length() - 1, count * 16 - search)
    offset = 12 + 16 * count
    directory, data = b"", b""
    for tag in sorted(tables):
        table = tables[tag] + b"\0" * (-len(tables[tag]) % 4)
        directory += struct.pack(">4sIII", tag, 0, offset + len(data), len(tables[tag]))
        data += table
    path.write_bytes(out + directory + data)
    return path
