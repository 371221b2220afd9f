"""A Rummi match as the window plays it: who sits where, the rules model, stats, autosave.

No pygame here: the session is what the table scene and the tests drive. It wraps the rules
model's :class:`Match` / :class:`RummiState` (every rule decision is theirs) and adds what only
the window needs: seat names and kinds (a person or a computer tier, see ``seats``), per-seat
statistics for the match summary, the (setup, state, stats) the autosave writes, and the setup
the match was made with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.rummi.spec import RUMMI
from rummi_desktop.games.rummi.rules.match import BLITZ, DEFAULT_TARGET, PARLOR_LEAGUE, Match, MatchSettings
from rummi_desktop.games.rummi.rules.moves import Draw, EndTurn, Resign, Timeout, TurnAction
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.rules.scoring import RoundResult
from rummi_desktop.games.rummi.rules.serialize import match_from_dict, match_to_dict
from rummi_desktop.games.rummi.rules.stats import turn_change
from rummi_desktop.games.rummi.rules.state import CLOCK_CHOICES as MODEL_CLOCK_CHOICES
from rummi_desktop.games.rummi.rules.state import CLOCK_CHOICES_TEXT
from rummi_desktop.games.rummi.rules.state import OPENING_CHOICES, RummiState, TurnRefused, TurnResult, check_jokers
from rummi_desktop.games.rummi.rules.pieces import JOKER_CHOICES
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS
from rummi_desktop.scenes.session_base import GameSession, seed_or_fresh
from rummi_desktop.games.seats import HUMAN, SeatConfig, SeatStats, kinds_from_text, seats_from_kinds, seats_from_save, seats_to_save

PRACTICE = MatchSettings("Practice", DEFAULT_TARGET, None)  # the clock comes from the setup
MODES = {"parlor": PARLOR_LEAGUE, "blitz": BLITZ, "practice": PRACTICE}
MODE_TITLES = {"parlor": "Parlor League", "blitz": "Blitz", "practice": "Practice"}
TIERS = RUMMI.tiers
SEAT_RANGE = (RUMMI.min_seats, RUMMI.max_seats)
# The opening thresholds the setup offers, in words (a house rule; 30 is the usual game).
OPENING_LABELS = {points: f"{points} points" if points else "No opening rule" for points in OPENING_CHOICES}
JOKER_LABELS = {jokers: f"{jokers} jokers" for jokers in JOKER_CHOICES}  # the set's jokers (a house rule)
CLOCK_CHOICES = tuple(seconds or 0 for seconds in MODEL_CLOCK_CHOICES)  # 0: no clock (TOML has no null)


@dataclass(frozen=True)
class MatchSetup:
    """Everything the setup scene chooses; remembered between sessions."""

    seats: tuple[SeatConfig, ...] = (SeatConfig(HUMAN, "You"), SeatConfig("hard", "Hard"))
    mode: str = "parlor"
    target: int = DEFAULT_TARGET
    clock: int = 60  # seconds per turn, 0 = off (Blitz forces 30)
    seed: int = 1
    opening: int = OPENING_POINTS  # the house's opening threshold, 0 = no opening rule
    jokers: int = JOKER_CHOICES[0]  # the jokers in the set (a house rule: 2 or 4)

    def __post_init__(self) -> None:
        RUMMI.check_seats([seat.kind for seat in self.seats])
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r} ({', '.join(MODES)})")
        if self.clock not in CLOCK_CHOICES:
            raise ValueError(f"the turn clock is {CLOCK_CHOICES_TEXT}, not {self.clock!r}")
        if self.target <= 0:
            raise ValueError("the target score must be positive")
        if self.opening not in OPENING_CHOICES:
            raise ValueError(f"the opening threshold is none (0), 30 or 50 points, not {self.opening!r}")
        check_jokers(self.jokers)

    @property
    def clock_seconds(self) -> int | None:
        if self.mode == "blitz":
            return MODES["blitz"].clock_seconds
        return self.clock or None

    def match_settings(self) -> MatchSettings:
        return MatchSettings(MODES[self.mode].name, self.target, self.clock_seconds, self.opening, self.jokers)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": seats_to_save(self.seats),
            "mode": self.mode,
            "target": self.target,
            "clock": self.clock,
            "seed": self.seed,
            "opening": self.opening,
            "jokers": self.jokers,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "MatchSetup":
        return cls(seats_from_save(data["seats"]), str(data["mode"]), int(data["target"]), int(data["clock"]), int(data["seed"]),
                   int(data.get("opening", OPENING_POINTS)),  # absent in setups saved before house rules
                   int(data.get("jokers", JOKER_CHOICES[0])))


def quick_setup(seats_csv: str | None, seed: int | None, mode: str | None, clock: int = 60) -> MatchSetup:
    """The setup of ``rummi-desktop play rummi --seats human,hard --seed S --mode blitz``."""
    kinds = kinds_from_text(seats_csv, "human,hard")
    return MatchSetup(seats_from_kinds(kinds), (mode or "parlor").lower(), DEFAULT_TARGET, clock, seed_or_fresh(seed))


@dataclass
class RummiSeatStats(SeatStats):
    """What Rummi's match summary reports per seat, besides turns and their time."""

    melds_played: int = 0
    tiles_placed: int = 0
    jokers_used: int = 0


@dataclass
class TurnRecord:
    """One completed turn, as the scene animates and the tests check it."""

    seat: int
    result: TurnResult
    placed_ids: tuple[int, ...]
    round_over: bool
    moved_ids: tuple[int, ...] = ()  # table tiles the turn parted from a meld-mate (rearranged)


@dataclass
class RummiSession(GameSession):
    """The match being played in the window."""

    setup: MatchSetup
    match: Match
    stats: list[RummiSeatStats] = field(default_factory=list)
    last_round: RummiState | None = None  # the finished round, for the round-end scene
    last_result: RoundResult | None = None
    setup_type, stats_type, saved_what = MatchSetup, RummiSeatStats, "match"

    @classmethod
    def new(cls, setup: MatchSetup) -> "RummiSession":
        kinds = tuple(seat.kind for seat in setup.seats)
        match = Match(setup.match_settings(), kinds, setup.seed)
        match.start_round()
        return cls(setup, match, [RummiSeatStats() for _ in setup.seats])

    # -- what the scene reads ---------------------------------------------------------------
    @property
    def state(self) -> RummiState:
        assert self.match.current is not None, "no round in progress"
        return self.match.current

    @property
    def in_round(self) -> bool:
        return self.match.current is not None

    @property
    def rules_source(self) -> Any:
        """The round's parameters (between rounds, the match's settings: the same rules)."""
        return self.match.current.params if self.match.current is not None else self.match.settings

    @property
    def clock_seconds(self) -> int | None:
        return self.setup.clock_seconds

    @property
    def match_over(self) -> bool:
        return self.match.is_over

    def victory_cue(self, winners: Sequence[int] | None = None) -> str:
        """As every game's, for the round that just ended when no winners are given."""
        if winners is None:
            winners = self.last_result.winners if self.last_result is not None else ()
        return super().victory_cue(winners)

    def caption(self, round_number: int) -> str:
        """The line under the table: the mode, its target, the round and the deal."""
        settings = self.match.settings
        return f"{settings.name} · to {settings.target} · round {round_number} · deal {self.setup.seed}"

    def hint_refusal(self) -> str:
        """Why the Hint is off in this match ("" when it is on): a Parlor League match is
        played for its score, so only practice games (Practice, Blitz) offer the solver."""
        return "No hints in Parlor League: a match played for the score" if self.setup.mode == "parlor" else ""

    # -- finishing turns ----------------------------------------------------------------------
    def finish_turn(self, move: TurnAction, seconds: float) -> TurnRecord:
        """The seat on turn ends it: ``EndTurn()``, ``Draw()``, ``Timeout()`` (the clock) or
        ``Resign()``. A refused End Turn is booked as refused (its reasons in the record),
        nothing changed."""
        if not isinstance(move, (EndTurn, Draw, Timeout, Resign)):
            raise TypeError(f"a turn ends with End Turn, Draw, the clock or Resign, not {move!r}")
        state = self.state
        seat = state.current
        before = turn_start_melds(state)
        try:
            result = state.apply(move)
        except TurnRefused as refusal:
            result = refusal.result
        return self._book(seat, result, before, seconds)

    def play_computer(self, move: str | None, seconds: float) -> TurnRecord:
        """A computer seat's whole turn: its move's notation, or None when it had none (its
        thinking failed); a refused or missing move forfeits the turn (the seat draws)."""
        state = self.state
        seat = state.current
        before = turn_start_melds(state)
        result = state.forfeit_turn() if move is None else play_seat_move(RUMMI, state, move).change
        return self._book(seat, result, before, seconds)

    def _book(self, seat: int, result: TurnResult, before: Sequence[Sequence[int]], seconds: float) -> TurnRecord:
        """Count a committed turn in the seat's statistics, as the finished-game records count
        it (``rules.stats.turn_change``), so the results card and the records agree."""
        if not result.ok:
            return TurnRecord(seat, result, (), False)
        state = self.state
        stats = self.stats[seat]
        stats.turns += 1
        stats.turn_seconds += seconds
        change = turn_change(before, state.table)
        if result.laid_tiles:
            stats.tiles_placed += len(change.placed)
            stats.jokers_used += sum(1 for t in change.placed if face(t).is_joker)
            stats.melds_played += len(change.melds)
        round_over = state.is_over
        if round_over:
            self.last_round = state
            self.last_result = self.match.finish_round()
        return TurnRecord(seat, result, change.placed, round_over, change.moved)

    @property
    def finished_state(self) -> RummiState | None:
        return self.last_round

    def shown_rack(self, seat: int) -> list[int] | None:
        """The tile ids the round's end shows on ``seat``'s rack (None: not known at this table)."""
        return self.last_round.rack(seat) if self.last_round is not None else []

    def mode_name(self) -> str:
        return f"{MODES[self.setup.mode].name} · {len(self.setup.seats)} seats"

    def next_round(self) -> RummiState:
        return self.match.start_round()

    # -- saving -------------------------------------------------------------------------------
    def state_to_save(self) -> dict[str, Any]:
        """The match, its round as at the start of the turn in progress."""
        return match_to_dict(self.match, at_turn_start=True)

    @staticmethod
    def saved_seat_kinds(state: Match) -> tuple[str, ...]:
        return state.seats

    @classmethod
    def for_replay(cls, setup: MatchSetup, state: RummiState) -> "RummiSession":
        """A match whose round on show is ``state`` (a recorded round at some move)."""
        match = Match(setup.match_settings(), tuple(seat.kind for seat in setup.seats), setup.seed)
        match.current = state
        return cls(setup, match, [RummiSeatStats() for _ in setup.seats])

    def show_replayed(self, state: RummiState) -> None:
        self.match.current = state

    @classmethod
    def resumed(cls, setup: MatchSetup, state: Match, stats: list[RummiSeatStats]) -> "RummiSession":
        session = cls(setup, state, stats)
        if state.current is None and not state.is_over:
            state.start_round()  # saved between rounds: the next one is dealt from the saved seed
        return session


def load_match(data: dict[str, Any]) -> Match:
    """The autosave's state part back into a Match (raises ValueError when damaged)."""
    return match_from_dict(data)


def turn_start_melds(state: RummiState) -> tuple[tuple[int, ...], ...]:
    """The table (tile ids) as it was when the turn in progress began."""
    return state.position()[-1][0]

