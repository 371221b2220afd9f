"""A Rummi match: rounds until a seat's cumulative score reaches the target, or a seat resigns
(then the match ends with that round, won by the best total among the others).

Modes are data (:data:`PARLOR_LEAGUE`, :data:`BLITZ`). The match owns one seeded RNG whose
successive draws seed the rounds, so the match seed replays every deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from rummi_desktop.games.resignation import winners_without
from rummi_desktop.games.rummi.rules.scoring import RoundResult
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.games.rummi.rules.state import (
    CLOCK_CHOICES, CLOCK_CHOICES_TEXT, OPENING_CHOICES, RummiParameters, RummiState, check_jokers)
from rummi_desktop.tiles import JOKERS_IN_SET

DEFAULT_TARGET = 200
ROUND_SEED_BITS = 63


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """A mode: its name, the target score and the turn clock (None = off); and the house's
    opening threshold (points the initial meld must reach, 0 = no opening rule) and its jokers."""

    name: str
    target: int = DEFAULT_TARGET
    clock_seconds: int | None = 60
    opening_points: int = OPENING_POINTS
    jokers: int = JOKERS_IN_SET  # the house rule: jokers in the set (2, or 4)

    def __post_init__(self) -> None:
        # Checked here, not when the first round deals: a bad mode must fail where it is made.
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target <= 0:
            raise ValueError(f"the target score must be a positive whole number, not {self.target!r}")
        if self.clock_seconds not in CLOCK_CHOICES or isinstance(self.clock_seconds, bool):
            raise ValueError(f"the turn clock is {CLOCK_CHOICES_TEXT}, not {self.clock_seconds!r}")
        if self.opening_points not in OPENING_CHOICES or isinstance(self.opening_points, bool):
            raise ValueError(f"the opening threshold is none (0), 30 or 50 points, not {self.opening_points!r}")
        check_jokers(self.jokers)

    def with_target(self, target: int) -> "MatchSettings":
        return replace(self, target=target)


PARLOR_LEAGUE = MatchSettings("Parlor League", DEFAULT_TARGET, 60)
BLITZ = MatchSettings("Blitz", DEFAULT_TARGET, 30)
MODES: dict[str, MatchSettings] = {"parlor": PARLOR_LEAGUE, "blitz": BLITZ}


@dataclass(frozen=True, slots=True)
class RoundRecord:
    seed: int
    result: RoundResult


@dataclass
class Match:
    """Rounds and cumulative scores; ``start_round`` deals, ``finish_round`` books the result."""

    settings: MatchSettings
    seats: tuple[str, ...]
    seed: int = 0
    rounds: list[RoundRecord] = field(default_factory=list)
    current: RummiState | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        RummiParameters(seats=self.seats)  # validates the seat count early

    @property
    def totals(self) -> list[int]:
        totals = [0] * len(self.seats)
        for record in self.rounds:
            for seat, score in enumerate(record.result.scores):
                totals[seat] += score
        return totals

    @property
    def resigned(self) -> int | None:
        """The seat that gave the match up (None: nobody has)."""
        return next((r.result.resigned for r in self.rounds if r.result.resigned is not None), None)

    @property
    def is_over(self) -> bool:
        return self.resigned is not None or any(total >= self.settings.target for total in self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the highest cumulative score once the match is over (else empty); after
        a resignation, the highest among the other seats."""
        if not self.is_over:
            return ()
        if self.resigned is not None:
            return winners_without(self.totals, self.resigned)
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def round_parameters(self, seed: int) -> RummiParameters:
        return RummiParameters(seats=self.seats, seed=seed, clock_seconds=self.settings.clock_seconds,
                               opening_points=self.settings.opening_points, jokers=self.settings.jokers)

    def start_round(self) -> RummiState:
        if self.is_over:
            raise ValueError("the match is over")
        if self.current is not None and not self.current.is_over:
            raise ValueError("the current round is still being played")
        if self.current is not None:
            # Refused rather than booked here: booking is finish_round's job, and dealing over
            # an unbooked round would silently lose its scores.
            raise ValueError("the finished round has not been booked (call finish_round first)")
        seed = self.rng.getrandbits(ROUND_SEED_BITS)
        self.current = RummiState(self.round_parameters(seed))
        return self.current

    def finish_round(self) -> RoundResult:
        """Book the finished current round into the cumulative scores."""
        if self.current is None or self.current.result is None:
            raise ValueError("no finished round to book")
        result = self.current.result
        self.rounds.append(RoundRecord(self.current.params.seed, result))
        self.current = None
        return result
