"""What a Tumblewords game is played with (seats, seed, board size, word rules, variants), how
it ended, and the turn phases. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from rummi_desktop.games.resignation import winners_without
from rummi_desktop.games.tumblewords.rules.dictionary import SHIPPED
from rummi_desktop.games.tumblewords.rules.grid import BOARD_SIZES

# One seat is the solo score attack: the same game alone, for a score to beat (see ``solo``).
MIN_SEATS, MAX_SEATS = 1, 4
HAND_SIZE = 7
TIERS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
MIN_LENGTHS: tuple[int, ...] = (2, 3)
TICKER_SECONDS = 30  # a turn's limit under Ticker (the clock is the scene's; the model has `timeout`)
STEAL_SECONDS = 15  # Pressure Cooker's steal window

# Turn phases: a seat drops (or passes); in Claim mode it then claims and says done; under
# Pressure Cooker the next seat then has a steal window before its own turn.
DROPPING, CLAIMING, STEALING = "dropping", "claiming", "stealing"
# How a game ended.
BOARD_FULL, LETTERS_OUT, ALL_PASSED, RESIGNED = "board_full", "letters_out", "all_passed", "resigned"


@dataclass(frozen=True, slots=True)
class TumblewordsParameters:
    """``seats`` are labels ("human", a tier name). ``claim``: Claim mode (else Auto).
    ``pressure_cooker`` turns on ``ticker`` and ``claim`` too (the rules say it implies them).
    ``words`` names the word list (the dictionary itself is handed to the state)."""

    seats: tuple[str, ...] = ("human", "computer")
    seed: int = 0
    board: str = "standard"
    min_length: int = 2
    claim: bool = False
    zapper: bool = False
    ticker: bool = False
    pressure_cooker: bool = False
    words: str = SHIPPED

    def __post_init__(self) -> None:
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"Tumblewords is played by {MIN_SEATS} to {MAX_SEATS} seats, not {len(self.seats)}")
        if self.board not in BOARD_SIZES:
            raise ValueError(f"the board is one of {', '.join(BOARD_SIZES)}, not {self.board!r}")
        if self.min_length not in MIN_LENGTHS:
            raise ValueError(f"the minimum word length is 2 or 3, not {self.min_length!r}")
        for flag in ("claim", "zapper", "ticker", "pressure_cooker"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} is true or false, not {getattr(self, flag)!r}")
        if self.pressure_cooker:
            object.__setattr__(self, "claim", True)
            object.__setattr__(self, "ticker", True)

    @property
    def solo(self) -> bool:
        """The solo score attack: one seat, nobody to beat but one's own best. It ends as every
        game does (the board full, the last letter played once the bag is empty), and a pass
        ends it at once: there is nobody to pass the turn to."""
        return len(self.seats) == 1

    @property
    def columns(self) -> int:
        return BOARD_SIZES[self.board][0]

    @property
    def rows(self) -> int:
        return BOARD_SIZES[self.board][1]

    def to_data(self) -> dict:
        return {"seats": list(self.seats), "seed": self.seed, "board": self.board, "min_length": self.min_length,
                "claim": self.claim, "zapper": self.zapper, "ticker": self.ticker,
                "pressure_cooker": self.pressure_cooker, "words": self.words}


class GameResult(NamedTuple):
    """How the game ended (board_full, letters_out, all_passed, resigned), the final scores
    and the winners: every seat on the top score (a tie shares the win); after a resignation,
    the top score among the others, and ``resigned`` is the seat that gave up."""

    kind: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    resigned: int | None = None


def game_result(kind: str, scores: Sequence[int]) -> GameResult:
    """The result; a solo score attack has no winner (there is nobody to beat)."""
    if len(scores) == 1:
        return GameResult(kind, tuple(scores), ())
    best = max(scores)
    return GameResult(kind, tuple(scores), tuple(seat for seat, score in enumerate(scores) if score == best))


def resigned_result(scores: Sequence[int], seat: int) -> GameResult:
    """``seat`` gave up: the scores stand and the top score among the other seats wins."""
    return GameResult(RESIGNED, tuple(scores), winners_without(scores, seat), seat)
