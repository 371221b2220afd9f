"""Which server process does a table's server-side work when several share the store.

Each process applies only the games its own connections watch, so the work a move costs is
spread over the processes instead of repeated on each. What no connection asks for (a computer
seat's turn, a turn clock that ran out) is done by exactly one process:

- a computer seat's turn right after a move: the process that stored that move (it holds the
  game at that version already); the process that started the table serves a computer seat
  that opens the game;
- what the chores' sweep finds (a clock that ran out, a computer seat left waiting because the
  process thinking for it stopped): the table's owner, :func:`owner` of the processes this one
  hears (its presence heartbeats), itself included. Every process computes the same owner from
  the same heard processes; while their views differ (a process starting, or one that stopped
  and is not yet silent for ``HEARD_WITHIN``), two may try the same turn, and the version check
  of the move's store lets one of them through, never both.

Pure: names in, a name out.
"""

from __future__ import annotations

import hashlib
from typing import Iterable


def _weight(process: str, table_id: str) -> bytes:
    return hashlib.blake2b(f"{process}/{table_id}".encode("utf-8"), digest_size=8).digest()


def owner(table_id: str, processes: Iterable[str]) -> str:
    """The process that owns ``table_id`` among ``processes`` (rendezvous hashing: the tables
    spread evenly, and a process coming or going moves only its own share)."""
    return max(processes, key=lambda process: _weight(process, table_id))
