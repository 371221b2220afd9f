"""A Tumblewords position as a value: the board's rows, the hand of the seat to move, the
shortest word that scores, and maybe a word list of its own (docs/analysis-format.md; a
puzzle's position, a sandbox's).

``TumblewordsPosition.from_dict(data)`` reads the JSON/TOML form ``{game, rows, hand,
min_length, words}``: keys, kinds, the rows' shape and gravity (no tile above an empty square),
the hand's letters and every word of the list. Everything wrong is a :class:`PositionError`
with one sentence. ``check_legal()`` has nothing more to ask (gravity is part of the form) and
is there so every game's position is read alike. Pure module: no pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rummi_desktop.games.positions import (
    PositionError,
    check_game,
    check_keys,
    json_kind,
    json_text,
)
from rummi_desktop.games.tumblewords.rules.dictionary import (
    MAX_WORD_LETTERS,
    Dictionary,
    line_problem,
)
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState

MAX_SIDE = 30  # squares per row or column: as long as the longest word a list may hold
DEFAULT_MIN_LENGTH = 2
ROWS_EXAMPLE = 'like ["........", "..CA.S.."]'


def read_rows(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise PositionError(f"rows must be a non-empty array of strings {ROWS_EXAMPLE}, not {json_text(value)}")
    for number, row in enumerate(value, start=1):
        if not isinstance(row, str):
            raise PositionError(f"rows: row {number} is {json_kind(row)}, not a string {ROWS_EXAMPLE}")
    if len(value) > MAX_SIDE or len(value[0]) > MAX_SIDE:
        raise PositionError(f"rows: a board has at most {MAX_SIDE} rows of at most {MAX_SIDE} squares")
    try:
        Grid.from_rows(value)  # the model's word on the shape, the characters and gravity
    except ValueError as error:
        raise PositionError(f"rows: {error} (top row first; '.' empty, a capital a tile, "
                            "lower case a blank showing that letter)") from error
    return tuple(value)


def read_hand(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise PositionError(f'hand must be an array of letters like ["T", "?"], not {json_kind(value)}')
    for item in value:
        if not (isinstance(item, str) and (item in LETTERS or item == BLANK) and len(item) == 1):
            raise PositionError(f"hand: {json_text(item)} is not a letter (write \"A\" to \"Z\", or \"?\" for a blank)")
    return tuple(value)


def read_min_length(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_WORD_LETTERS:
        raise PositionError(f"min_length must be a whole number from 2 to {MAX_WORD_LETTERS}, not {json_text(value)}")
    return value


def read_words(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
        raise PositionError(f'words must be an array of words like ["cat", "cats"], not {json_text(value)}')
    for number, word in enumerate(value, start=1):
        problem = line_problem(word.strip().lower())
        if problem:
            raise PositionError(f"words: word {number}: {problem}")
    if not any(len(word.strip()) > 1 for word in value):  # what Dictionary.from_lines would refuse
        raise PositionError("words: no word of two or more letters (one-letter words never score)")
    return tuple(value)


@dataclass(frozen=True)
class TumblewordsPosition:
    rows: tuple[str, ...]  # top row first: "." empty, a capital a tile, lower case a blank
    hand: tuple[str, ...] = ()  # "A" to "Z", "?" a blank
    min_length: int = DEFAULT_MIN_LENGTH
    words: tuple[str, ...] | None = None  # a word list for this position only; None: the shipped one

    GAME: ClassVar[str] = "tumblewords"
    TITLE: ClassVar[str] = "Tumblewords"
    KEYS: ClassVar[tuple[str, ...]] = ("game", "rows", "hand", "words", "min_length")
    PUZZLE_KEYS: ClassVar[tuple[str, ...]] = ("game", "rows", "hand", "min_length")  # puzzles use the shipped list

    @classmethod
    def from_dict(cls, data: Any) -> "TumblewordsPosition":
        check_game(data, cls.GAME, cls.TITLE)
        check_keys(data, cls.TITLE, cls.KEYS, ("rows", "hand"))
        rows, hand = read_rows(data["rows"]), read_hand(data["hand"])
        min_length = read_min_length(data.get("min_length", DEFAULT_MIN_LENGTH))
        words = read_words(data["words"]) if "words" in data else None
        return cls(rows, hand, min_length, words)

    def to_dict(self) -> dict[str, Any]:
        """The form, leaving out what is the default (the shortest word 2, the shipped list)."""
        data: dict[str, Any] = {"game": self.GAME, "rows": list(self.rows), "hand": list(self.hand)}
        if self.min_length != DEFAULT_MIN_LENGTH:
            data["min_length"] = self.min_length
        if self.words is not None:
            data["words"] = list(self.words)
        return data

    def check_legal(self) -> "TumblewordsPosition":
        return self

    def grid(self) -> Grid:
        return Grid.from_rows(list(self.rows))

    def dictionary(self) -> Dictionary | None:
        """The position's own word list (None: it uses the shipped one)."""
        return None if self.words is None else Dictionary.from_lines(self.words, "position")

    @staticmethod
    def check_solution(value: Any) -> None:
        """PositionError unless a puzzle's solution has the shape of analyze's drop:
        [column, letter]. Whether it is legal is the puzzle module's ``verify``."""
        if not (isinstance(value, list) and len(value) == 2):
            raise PositionError("solution must be [column, letter] like [4, \"T\"]")
        column, letter = value
        if isinstance(column, bool) or not isinstance(column, int) or column < 0:
            raise PositionError("solution: the column must be a whole number from 0")
        if not (isinstance(letter, str) and len(letter) == 1 and letter.upper() in LETTERS):
            raise PositionError("solution: the letter must be one of A-Z or a-z (lower case: a blank)")

    def to_state(self, params: TumblewordsParameters, dictionary: Dictionary | None = None) -> TumblewordsState:
        """A game with seat 0 on turn holding the hand (the other seats' hands empty); ValueError
        when the rows are not the parameters' board."""
        hands = [list(self.hand)] + [[] for _ in params.seats[1:]]
        return TumblewordsState.from_position(params, list(self.rows), hands, dictionary=dictionary)
