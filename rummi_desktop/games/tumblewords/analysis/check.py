"""Tumblewords positions for ``analyze``: validation, check mode and solve mode
(docs/analysis-format.md).

A position is ``{"game": "tumblewords", "rows": [...], "hand": [...]}`` with an optional
``drop`` (check mode: where it lands and the words it scores), ``words`` (a word list for this
position instead of the shipped one) and ``min_length`` (default 2). Without ``drop`` the best
drop from the hand is searched for (solve mode). The rules model's own drop check answers
both. A drop the rules refuse (a letter the hand lacks, a full or missing column) is a normal
answer, ``"legal": false`` with the reason, as for the other games; a position that cannot be
read is a PositionError (exit status 2) found before anything is answered. The position itself
is read by the rules' :class:`TumblewordsPosition`; its keys and the drop here.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from rummi_desktop.games.tumblewords.ai.coach import drop_data, ranked_drops
from rummi_desktop.games.tumblewords.ai.drops import best_drop
from rummi_desktop.games.positions import PositionError, json_text
from rummi_desktop.games.tumblewords.rules.dictionary import Dictionary
from rummi_desktop.games.tumblewords.rules.grid import LETTERS, Grid
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.play import check_drop

TUMBLEWORDS_KEYS = ("game", "rows", "hand", "drop", "words", "min_length")
LABEL_KEYS = ("id", "comment")  # free labels for the author's own use; never read
KNOWN_KEYS = set(TUMBLEWORDS_KEYS + LABEL_KEYS)


def prepare_tumblewords(data: dict[str, Any], top: int = 0) -> Callable[[], dict[str, Any]]:
    """Validate a Tumblewords position (through :class:`TumblewordsPosition`); returns the
    function computing its answer (a solve answer with its ``top`` best drops when ``top`` ≥ 1)."""
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise PositionError(f"unknown key {json_text(unknown[0])} (a Tumblewords position has "
                            f"{', '.join(TUMBLEWORDS_KEYS)}, and may have {' and '.join(LABEL_KEYS)})")
    position = TumblewordsPosition.from_dict({key: data[key] for key in TumblewordsPosition.KEYS if key in data})
    grid, hand, min_length = position.grid(), list(position.hand), position.min_length
    own = position.dictionary()
    dictionary = own if own is not None else shipped()
    if "drop" not in data:
        return lambda: solve_answer(grid, hand, dictionary, min_length, top)
    drop = parse_drop(data["drop"])
    return lambda: check_answer(grid, hand, drop, dictionary, min_length)


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


def solve_answer(grid: Grid, hand: list[str], dictionary: Dictionary, min_length: int, top: int = 0) -> dict[str, Any]:
    """The best drop; with ``top`` N ≥ 1 also ``"top"``, the N best drops, best first, each
    written as the best one is, without ``ms``."""
    started = time.perf_counter()
    best = best_drop(grid, hand, dictionary, min_length)
    listed = {"top": [drop.answer for drop in ranked_drops(grid, hand, dictionary, min_length, top)]} \
        if top >= 1 else {}
    ms = round((time.perf_counter() - started) * 1000, 1)
    if best is None:
        return {"game": "tumblewords", "drop": None, "row": None, "score": 0, "words": [], **listed, "ms": ms}
    return {"game": "tumblewords", "drop": drop_data(best.drop), "row": best.verdict.row, "score": best.score,
            "words": [word.to_data() for word in best.verdict.words], **listed, "ms": ms}
