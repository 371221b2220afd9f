"""The server's records as plain values: a table (one game, its seats and its clock) and its
seats. What a client may see of a table is :meth:`TableRecord.public` (never the seed)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

OPEN, PLAYING, OVER = "open", "playing", "over"


@dataclass(frozen=True)
class Seat:
    label: str  # "human" or a computer tier
    account: str | None = None
    name: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"label": self.label, "account": self.account, "name": self.name}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Seat":
        return cls(data["label"], data.get("account"), data.get("name", ""))

    @property
    def is_free(self) -> bool:
        return self.label == "human" and self.account is None


def seats_text(seats: tuple[Seat, ...]) -> str:
    return json.dumps([seat.to_data() for seat in seats], sort_keys=True)


def seats_from_text(text: str) -> tuple[Seat, ...]:
    return tuple(Seat.from_data(item) for item in json.loads(text))


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str
    creator: str
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    clock_kind: str = "none"  # none, live (seconds per turn) or async (days per move)
    clock_seconds: float = 0.0
    visibility: str = "public"
    ranked: bool = False
    invite: str = ""
    status: str = OPEN
    version: int = 0
    current_seat: int = 0
    deadline: float | None = None
    updated: float = 0.0
    result: dict[str, Any] | None = None
    created: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def seat_of(self, account: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.account == account:
                return index
        return None

    def with_(self, **changes: Any) -> "TableRecord":
        return replace(self, **changes)

    def public(self, for_member: bool = False) -> dict[str, Any]:
        """What a client may know of the table; the invite code only for those seated at it."""
        data = {
            "table": self.id, "game": self.game, "status": self.status, "version": self.version,
            "seats": [{"label": s.label, "name": s.name, "taken": s.account is not None} for s in self.seats],
            "options": self.options, "clock": {"kind": self.clock_kind, "seconds": self.clock_seconds},
            "visibility": self.visibility, "ranked": self.ranked, "current": self.current_seat,
            "deadline": self.deadline, "result": self.result,
        }
        if for_member:
            data["invite"] = self.invite
        return data
