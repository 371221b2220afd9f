"""Who sits at a table: a person with a name, or a computer of one of the game's tiers.

Game-neutral: each game passes in the tiers it offers (``GameSpec.tiers``); whether a set of
seats fits a game is the game's own check (``GameSpec.check_seats``). Also the statistics every game keeps per
seat (turns and their time); a game adds its own counts by subclassing :class:`SeatStats`.
No pygame here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence, TypeVar

HUMAN = "human"  # the kind of a seat a person plays (a computer seat's kind is its tier)
DEFAULT_NAMES = ("You", "Bea", "Cal", "Dot")  # a person's name until they type one
PASS_AND_PLAY_NAMES = ("Ann", "Bea", "Cal", "Dot")  # several people: no one is "You"
# Seconds a computer seat's move may take before its deadline passes. Every tier's search is
# bounded by work and finishes far sooner (Master, the slowest, within 2 s); the deadline is only
# a safety net against a stalled machine, and `simulate` counts the moves that reach it.
THINKING_BUDGET = 5.0


@dataclass(frozen=True, slots=True)
class SeatConfig:
    kind: str  # "human" or a tier name
    name: str
    profile: str = ""  # a person's profile id ("" or "guest": nobody is credited)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def tier_title(tier: str) -> str:
    """A tier as the player reads it: "hard" → "Hard"."""
    return tier.title()


def seat_options(tiers: Sequence[str]) -> list[tuple[str, str]]:
    """The choices for one seat on a setup screen: a person, or each of the game's tiers."""
    return [(HUMAN, "Person")] + [(tier, f"Computer · {tier_title(tier)}") for tier in tiers]


def seats_from_kinds(kinds: Iterable[str]) -> tuple[SeatConfig, ...]:
    """Seats for a quick start (``--seats human,hard``): a lone person is "You", several
    people get a name each, a computer is named after its tier."""
    seats = [SeatConfig(kind, tier_title(kind)) for kind in kinds]
    people = [index for index, seat in enumerate(seats) if seat.is_human]
    if len(people) == 1:
        seats[people[0]] = SeatConfig(HUMAN, "You")
    for number, index in enumerate(people if len(people) > 1 else []):
        # more people than names: too many seats, which the game's seat check then refuses
        name = PASS_AND_PLAY_NAMES[number] if number < len(PASS_AND_PLAY_NAMES) else f"Player {number + 1}"
        seats[index] = SeatConfig(HUMAN, name)
    return tuple(seats)


def kinds_from_text(text: str | None, default: str) -> list[str]:
    """``--seats human,hard`` as seat kinds (``default`` when none are given)."""
    return [kind.strip().lower() for kind in (text or default).split(",") if kind.strip()]


def seats_to_save(seats: Iterable[SeatConfig]) -> list[dict[str, str]]:
    """A seat without a profile is saved as before (kind and name only)."""
    return [{key: value for key, value in asdict(seat).items() if key != "profile" or value} for seat in seats]


def seats_from_save(saved: Iterable[dict[str, Any]]) -> tuple[SeatConfig, ...]:
    """Seats back from a save or a remembered setup (a name longer than a seat chip is cut)."""
    return tuple(SeatConfig(str(seat["kind"]), str(seat["name"])[:16], str(seat.get("profile", ""))) for seat in saved)


ONLINE_PERSON = "online"  # a person at another computer, in a server game


def seat_thinks(seat: SeatConfig) -> bool:
    """A computer seat: the only kind whose turn is shown as "thinking…" (a person, here or
    online, plays)."""
    return not seat.is_human and seat.kind != ONLINE_PERSON


def seat_kind_label(seat: SeatConfig) -> str:
    """What a seat is, short enough for a seat chip: "Player", "Hard computer"."""
    if seat.is_human:
        return "Player"
    if seat.kind == ONLINE_PERSON:
        return "Online player"
    tier = tier_title(seat.kind)
    return "Computer" if seat.name == tier else f"{tier} computer"


@dataclass
class SeatStats:
    """What every game counts per seat for its match summary."""

    turns: int = 0
    turn_seconds: float = 0.0
    # How much of the above the finished-game records already hold (a Rummi match records
    # each round): saved with the rest, so a resumed match records only its new turns.
    recorded_turns: int = 0
    recorded_turn_seconds: float = 0.0

    @property
    def average_turn_seconds(self) -> float:
        return self.turn_seconds / self.turns if self.turns else 0.0

    @classmethod
    def from_dict(cls, data: dict) -> "SeatStats":
        """From a save: known fields only (a save from another version may have more)."""
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


Stats = TypeVar("Stats", bound=SeatStats)


def stats_to_save(stats: Iterable[SeatStats]) -> dict[str, Any]:
    return {"seats": [asdict(seat) for seat in stats]}


def stats_from_save(kind: type[Stats], saved: dict[str, Any], seats: int) -> list[Stats]:
    """A save's per-seat counters; fresh ones when they do not fit the seats (stats are only
    the summary's, so a mismatch is no reason to refuse the game)."""
    stats = [kind.from_dict(seat) for seat in saved.get("seats", [])]
    return stats if len(stats) == seats else [kind() for _ in range(seats)]
