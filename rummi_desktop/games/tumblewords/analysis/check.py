"""Tumblewords positions for ``analyze``: validation, check mode and solve mode
(docs/analysis-format.md).

A position is ``{"game": "tumblewords", "rows": [...], "hand": [...]}`` with an optional
``drop`` (check mode: where it lands and the words it scores), ``words`` (a word list for this
position instead of the shipped one) and ``min_length`` (default 2). Without ``drop`` the best
drop from the hand is searched for (solve mode). The rules model's own drop check answers
both. A drop the rules refuse (a letter the hand lacks, a full or missing column) is a normal
answer, ``"legal": false`` with the reason, as for the other games; a position that cannot be
read is a PositionError (exit status 2) found before anything is answered.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop, best_drop
from rummi_desktop.games.positions import PositionError, json_kind, json_text
from rummi_desktop.games.tumblewords.rules.dictionary import MAX_WORD_LETTERS, Dictionary, WordListError, line_problem
from rummi_desktop.games.tumblewords.rules.grid import BLANK, LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.play import check_drop

TUMBLEWORDS_KEYS = ("game", "rows", "hand", "drop", "words", "min_length")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(TUMBLEWORDS_KEYS + LABEL_KEYS)
MAX_SIDE = 30  # squares per row or column: as long as the longest word a list may hold


def prepare_tumblewords(position: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """Validate a Tumblewords position; returns the function computing its answer."""
    unknown = sorted(set(position) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Tumblewords position has "
                            f"{', '.join(TUMBLEWORDS_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    for key in ("rows", "hand"):
        if key not in position:
            raise PositionError(f"missing key {json_text(key)}")
    grid = parse_rows(position["rows"])
    hand = parse_hand(position["hand"])
    min_length = parse_min_length(position.get("min_length", 2))
    dictionary = parse_words(position["words"]) if "words" in position else shipped()
    if "drop" not in position:
        return lambda: solve_answer(grid, hand, dictionary, min_length)
    drop = parse_drop(position["drop"])
    return lambda: check_answer(grid, hand, drop, dictionary, min_length)


def parse_rows(value: Any) -> Grid:
    example = 'like ["........", "..CA.S.."]'
    if not isinstance(value, list) or not value:
        raise PositionError(f"rows must be a non-empty array of strings {example}, not {json_text(value)}")
    for number, row in enumerate(value, start=1):
        if not isinstance(row, str):
            raise PositionError(f"rows: row {number} is {json_kind(row)}, not a string {example}")
    if len(value) > MAX_SIDE or len(value[0]) > MAX_SIDE:
        raise PositionError(f"rows: a board has at most {MAX_SIDE} rows of at most {MAX_SIDE} squares")
    try:
        return Grid.from_rows(value)
    except ValueError as error:
        raise PositionError(f"rows: {error} (top row first; '.' empty, a capital a tile, "
                            "lower case a blank showing that letter)") from error


def parse_hand(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(f'hand must be an array of letters like ["T", "?"], not {json_kind(value)}')
    for item in value:
        if not (isinstance(item, str) and (item in LETTERS or item == BLANK) and len(item) == 1):
            raise PositionError(f"hand: {json_text(item)} is not a letter (write \"A\" to \"Z\", or \"?\" for a blank)")
    return list(value)


def parse_drop(value: Any) -> Drop:
    usage = '[column, letter] like [4, "T"] (lower case: a blank declared as that letter)'
    if not (isinstance(value, list) and len(value) == 2):
        raise PositionError(f"drop must be {usage}, not {json_text(value)}")
    column, letter = value
    if isinstance(column, bool) or not isinstance(column, int) or column < 0:
        raise PositionError(f"drop: the column must be a number from 0, not {json_text(column)}")
    if not (isinstance(letter, str) and len(letter) == 1 and letter.upper() in LETTERS):
        raise PositionError(f"drop: the letter must be one of A–Z or a–z, not {json_text(letter)}")
    return Drop(column, letter.upper(), blank=letter.islower())


def parse_min_length(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_WORD_LETTERS:
        raise PositionError(f"min_length must be a whole number from 2 to {MAX_WORD_LETTERS}, not {json_text(value)}")
    return value


def parse_words(value: Any) -> Dictionary:
    if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
        raise PositionError(f'words must be an array of words like ["cat", "cats"], not {json_text(value)}')
    for number, word in enumerate(value, start=1):
        problem = line_problem(word.strip().lower())
        if problem:
            raise PositionError(f"words: word {number}: {problem}")
    try:
        return Dictionary.from_lines(value, "position")
    except WordListError as error:  # every word checked above: only one-letter words are left
        raise PositionError("words: no word of two or more letters (one-letter words never score)") from error


def shipped() -> Dictionary:
    # analyze runs outside the pure layer: it reads the shipped list itself
    from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary

    return shipped_dictionary()


def check_answer(grid: Grid, hand: list[str], drop: Drop, dictionary: Dictionary, min_length: int) -> dict[str, Any]:
    verdict = check_drop(grid, hand, drop, dictionary, min_length)
    if not verdict.legal:
        return {"game": "tumblewords", "legal": False, "error": verdict.reason}
    return {"game": "tumblewords", "legal": True, "row": verdict.row, "col": verdict.col,
            "words": [word.to_data() for word in verdict.words], "score": verdict.score}


def solve_answer(grid: Grid, hand: list[str], dictionary: Dictionary, min_length: int) -> dict[str, Any]:
    started = time.perf_counter()
    best = best_drop(grid, hand, dictionary, min_length)
    ms = round((time.perf_counter() - started) * 1000, 1)
    if best is None:
        return {"game": "tumblewords", "drop": None, "row": None, "score": 0, "words": [], "ms": ms}
    return {"game": "tumblewords", "drop": drop_data(best), "row": best.verdict.row, "score": best.score,
            "words": [word.to_data() for word in best.verdict.words], "ms": ms}


def drop_data(best: ScoredDrop) -> list[Any]:
    drop = best.drop
    return [drop.column, drop.letter.lower() if drop.blank else drop.letter]
