"""A finished-game record's content, named: the first 32 hex digits of the SHA-256 of its
canonical JSON (keys sorted, no spaces, UTF-8). Two copies of a record with the same id and
digest are the same game; the same id with another digest is a conflict. Profile sync compares
digests instead of whole records, and the record index keeps each record's digest so that a
sync with nothing to move reads no record in full. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest_of(record: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()[:32]
