"""A Tumblewords game as the window plays it: who sits where, the options chosen, the rules
model, per-seat statistics and the autosave's parts.

No pygame here. It wraps :class:`TumblewordsState` (every rule decision is the model's) and
adds what only the window needs. The word list is read here (the shipped ENABLE, or the
player's own file through ``storage.word_lists``), never by the rules layer.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from rummi_desktop.games.base import Move, play_seat_move
from rummi_desktop.games.tumblewords.rules.dictionary import SHIPPED, Dictionary, WordListError, WordListUnavailable
from rummi_desktop.games.tumblewords.rules.grid import BOARD_SIZES
from rummi_desktop.games.tumblewords.rules.parameters import DROPPING, MIN_LENGTHS, TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.serialize import state_from_dict, state_to_dict
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState, TurnResult
from rummi_desktop.scenes.session_base import GameSession, seed_or_fresh
from rummi_desktop.games.seats import HUMAN, SeatConfig, SeatStats, kinds_from_text, seats_from_kinds, seats_from_save, seats_to_save
from rummi_desktop.games.tumblewords.storage import word_lists

TIERS = TUMBLEWORDS.tiers
SEAT_RANGE = (TUMBLEWORDS.min_seats, TUMBLEWORDS.max_seats)
# A save naming a word list this copy cannot find: kept as it is (not damaged), with a notice.
WORD_LIST_ERRORS = (WordListError, WordListUnavailable)
SOLO_TITLE = "Solo"  # the solo score attack's modes (a leaderboard's heading: kept short)
BOARD_NAMES = {"standard": "Standard 8 × 8", "quick": "Quick 7 × 6", "long": "Long 10 × 10"}


@dataclass(frozen=True)
class TumblewordsSetup:
    """Everything the setup scene chooses; remembered between sessions. ``words`` is "" for
    the shipped list, else the path of the player's own list."""

    seats: tuple[SeatConfig, ...] = (SeatConfig(HUMAN, "You"), SeatConfig("medium", "Medium"))
    board: str = "standard"
    min_length: int = 2
    claim: bool = False
    zapper: bool = False
    ticker: bool = False
    pressure_cooker: bool = False
    words: str = ""
    seed: int = 1

    def __post_init__(self) -> None:
        TUMBLEWORDS.check_seats([seat.kind for seat in self.seats])
        if self.board not in BOARD_SIZES:
            raise ValueError(f"the board is one of {', '.join(BOARD_SIZES)}, not {self.board!r}")
        if self.min_length not in MIN_LENGTHS:
            raise ValueError("the shortest word is 2 or 3 letters")
        if self.solo and not self.seats[0].is_human:
            raise ValueError("A solo score attack is for a person: choose Person for seat 1, or add a second seat")

    @property
    def solo(self) -> bool:
        """One seat: the solo score attack (the rules model's ``TumblewordsParameters.solo``)."""
        return len(self.seats) == 1

    def parameters(self, dictionary: Dictionary) -> TumblewordsParameters:
        return TumblewordsParameters(tuple(seat.kind for seat in self.seats), self.seed, self.board, self.min_length,
                                     self.claim, self.zapper, self.ticker, self.pressure_cooker, dictionary.name)

    def dictionary(self) -> Dictionary:
        """The word list to play with; WordListError (with its reason) for a bad custom list."""
        return word_lists.custom_dictionary(self.words) if self.words.strip() else word_lists.shipped_dictionary()

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = seats_to_save(self.seats)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "TumblewordsSetup":
        flags = {name: bool(data.get(name, False)) for name in ("claim", "zapper", "ticker", "pressure_cooker")}
        return cls(seats_from_save(data["seats"]), str(data.get("board", "standard")), int(data.get("min_length", 2)),
                   words=str(data.get("words", "")), seed=int(data["seed"]), **flags)


def quick_setup(seats_csv: str | None, seed: int | None) -> TumblewordsSetup:
    """The setup of ``rummi-desktop play tumblewords --seats human,hard --seed S``."""
    kinds = kinds_from_text(seats_csv, "human,medium")
    return TumblewordsSetup(seats_from_kinds(kinds), seed=seed_or_fresh(seed))


@dataclass
class TumblewordsSeatStats(SeatStats):
    drops: int = 0
    words: int = 0
    best_drop: int = 0
    longest_word: int = 0  # letters (stats are counters only: the autosave checks they are numbers)


@dataclass
class TurnRecord:
    """One move: what it was, what the model did, and why a computer's move was refused."""

    seat: int
    move: str
    result: TurnResult
    refused: str = ""
    ends_turn: bool = True  # the next seat (or a steal window, or the end) comes now


@dataclass
class TumblewordsSession(GameSession):
    setup: TumblewordsSetup
    state: TumblewordsState
    stats: list[TumblewordsSeatStats] = field(default_factory=list)
    history: list[TurnRecord] = field(default_factory=list)  # this sitting's moves (not saved)
    setup_type, stats_type = TumblewordsSetup, TumblewordsSeatStats

    @classmethod
    def new(cls, setup: TumblewordsSetup, dictionary: Dictionary | None = None) -> "TumblewordsSession":
        """A fresh game; ``dictionary`` overrides the setup's word list (tests)."""
        words = dictionary if dictionary is not None else setup.dictionary()
        return cls(setup, TumblewordsState(setup.parameters(words), words),
                   [TumblewordsSeatStats() for _ in setup.seats])

    @property
    def params(self) -> TumblewordsParameters:
        return self.state.params

    # -- moves ------------------------------------------------------------------------------
    def apply(self, move: Move, seconds: float = 0.0) -> TurnRecord:
        """A person's move; IllegalMove (nothing changed) when the model refuses it."""
        seat = self.state.current
        result = self.state.apply(move)
        return self._book(TurnRecord(seat, move.notation(), result, ends_turn=self._turn_ended(seat)), seconds)

    def play_computer(self, notation: str | None, seconds: float) -> TurnRecord:
        """A computer seat's move; a refused or missing one forfeits (pass, or done)."""
        seat = self.state.current
        if notation is None:
            result = self.state.forfeit_turn()
            return self._book(TurnRecord(seat, "forfeit", result, "no move", self._turn_ended(seat)), seconds)
        outcome = play_seat_move(TUMBLEWORDS, self.state, notation)
        return self._book(TurnRecord(seat, notation if not outcome.refused else "forfeit", outcome.change,
                                     outcome.refused, self._turn_ended(seat)), seconds)

    def _turn_ended(self, seat: int) -> bool:
        state = self.state
        return state.is_terminal or state.current != seat or state.phase == DROPPING

    def _book(self, record: TurnRecord, seconds: float) -> TurnRecord:
        stats = self.stats[record.seat]
        result = record.result
        if result.outcome in ("dropped", "passed", "timed_out") or record.refused:
            stats.turns += 1
            stats.turn_seconds += seconds
        if result.outcome == "dropped":
            stats.drops += 1
        if result.words:
            stats.words += len(result.words)
            stats.best_drop = max(stats.best_drop, result.points)
            stats.longest_word = max(stats.longest_word, *(len(word.word) for word in result.words))
        self.history.append(record)
        return record

    def caption(self) -> str:
        """Where this game comes from, under the turn log (a server game names its table)."""
        return f"deal {self.state.params.seed}"

    def hint_refusal(self) -> str:
        """Why this table gives no hints ("": it gives them)."""
        return ""

    def shown_hand(self, seat: int) -> list[str] | None:
        """The letters the results show left in ``seat``'s hand (None: not known at this table)."""
        return self.state.hand(seat)

    def mode_name(self) -> str:
        scoring = "Claim" if self.setup.claim else "Auto"
        if self.state.params.solo:  # a best to beat is kept per mode: it names every setting that changes scores
            variants = [name for name, on in (("Zapper!", self.setup.zapper), ("Ticker", self.setup.ticker),
                                              ("Pressure Cooker", self.setup.pressure_cooker)) if on]
            columns, rows = BOARD_SIZES[self.setup.board]
            parts = [SOLO_TITLE, f"{columns} × {rows}", scoring, f"{self.setup.min_length}+ letters", *variants,
                     *(["own words"] if self.setup.words else [])]
            return " · ".join(parts)
        return f"{BOARD_NAMES[self.setup.board]} · {scoring} · {len(self.setup.seats)} seats"

    # -- saving -----------------------------------------------------------------------------
    def state_to_save(self) -> dict[str, Any]:
        return state_to_dict(self.state)


def load_state(data: dict[str, Any]) -> TumblewordsState:
    """The autosave's state part back into a game (ValueError when damaged); its word list is
    found by name through the installed source."""
    word_lists.install()
    return state_from_dict(data)


__all__ = ["TumblewordsSetup", "TumblewordsSession", "TurnRecord", "quick_setup", "load_state", "SHIPPED"]
