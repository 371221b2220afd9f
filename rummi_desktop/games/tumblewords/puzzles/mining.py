"""Tumblewords puzzles: "find the best drop" (goal ``best-score``), mined from seeded computer games.

A puzzle's position is an analyze position without its drop and never with a word list of its
own (``{"game": "tumblewords", "rows": [...], "hand": [...]}``, optionally ``min_length`` 2 or
3): every puzzle is played with the shipped ENABLE list, found through the word-list source
the shell installs (``rummi_desktop.games.tumblewords.storage.word_lists.install()``), so this module stays
free of I/O. The board is one of the game's sizes (8×8, 7×6 or 10×10). The solution is a drop
``[column, letter]`` (lower case: the blank declared as that letter), as analyze writes it.

Everything is judged by the game's own model: the position is loaded with
:meth:`TumblewordsState.from_position`, an answer is scored by dropping it on that state (the
rules' word finder: every word through the new tile read right, left, down or up, a
palindrome twice), and the search tries every legal drop with the same check
(:func:`rummi_desktop.games.tumblewords.ai.drops.scored_drops`).

- **best** is the top score, **runner_up** the best score of a drop scoring less; the miner
  keeps a position only when ``best - runner_up >= MARGIN`` (3 points: a whole extra word of
  three letters).
- **features**: ``words`` the solution scores, ``directions`` they read in (of the four),
  ``blanks`` it uses (0 or 1), ``solutions`` (drops scoring exactly best).
- **difficulty** = words + 1.5·directions + 3·blanks + 2/solutions: more words, read more ways,
  are harder to see, a blank hides among 26 letters, and every further drop that also scores
  best makes one easier to find. Bands: easy below 8, medium below 12, hard from 12.
- **tags**: ``palindrome`` (a word of the solution reads the same both ways, so it scores
  twice), ``two-directions`` (it scores words along its row and along its column), ``blank``.

The shipped packs (``assets/puzzles/tumblewords.toml``) are made by
``rummi-desktop puzzles --generate --game tumblewords --packs --count 8 --seed 1
--out rummi_desktop/assets/puzzles/tumblewords.toml``.

Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from typing import Any

from rummi_desktop.games.tumblewords.ai.coach import drop_data
from rummi_desktop.games.tumblewords.ai.drops import ScoredDrop, best_of, scored_drops
from rummi_desktop.games.tumblewords.ai.tiers import choose_move
from rummi_desktop.games.base import IllegalMove, play_seat_move
from rummi_desktop.games.tumblewords.rules.grid import BOARD_SIZES
from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.games.tumblewords.rules.parameters import DROPPING, MIN_LENGTHS, TumblewordsParameters
from rummi_desktop.games.tumblewords.spec import TUMBLEWORDS
from rummi_desktop.games.tumblewords.rules.state import TumblewordsState
from rummi_desktop.games.tumblewords.rules.words import FoundWord
from rummi_desktop.games.tumblewords.rules.position import TumblewordsPosition
from rummi_desktop.puzzles.positions import position_problem, solution_problem
from rummi_desktop.puzzles.mined_puzzles import (band_of, check_band, choose_varied, distinct, grading_problems,
                                                 position_id, rating_of)

GAME = "tumblewords"
# band -> pack title (rummi-desktop puzzles --generate --packs)
PACK_TITLES = {"easy": "First Drops", "medium": "Word Weaving", "hard": "Tumble Masters"}
MARGIN = 3
TAGS = ("palindrome", "two-directions", "blank")
BAND_LIMITS = (8.0, 12.0)
SEATS = ("medium", "hard")  # the mined games: a best-scoring seat against a careful one
FOUND_PER_PUZZLE = 3  # positions to find per puzzle asked for, to choose a varied set from
MAX_GAMES = 60  # a safety stop for one mine() call
_ACROSS = {"right", "left"}


# ----- reading a puzzle -------------------------------------------------------------------------
def load_position(position: Any) -> TumblewordsState:
    """The puzzle's position as a game state (the hand is seat 0's), or ValueError saying why
    it is not a legal Tumblewords puzzle position."""
    if isinstance(position, dict) and "words" in position:
        raise ValueError("a puzzle uses the shipped word list: its position has no 'words'")
    problem = position_problem(GAME, position)  # keys, rows, gravity, hand letters, min_length
    if problem:
        raise ValueError(problem)
    read = TumblewordsPosition.from_dict(position)
    grid, min_length = read.grid(), read.min_length
    board = next((name for name, size in BOARD_SIZES.items() if size == (grid.columns, grid.rows)), None)
    if board is None:
        sizes = ", ".join(f"{c}×{r}" for c, r in BOARD_SIZES.values())
        raise ValueError(f"the board is {grid.columns}×{grid.rows}; a Tumblewords board is {sizes} (columns×rows)")
    if min_length not in MIN_LENGTHS:
        raise ValueError(f"min_length is 2 or 3 in a game, not {min_length}")
    params = TumblewordsParameters(seats=("human", "human"), board=board, min_length=min_length)
    return read.to_state(params)


def drop_of(answer: Any) -> Drop:
    """A drop from ``[column, letter]`` (lower case: a blank); ValueError if it is not one."""
    answer = list(answer) if isinstance(answer, tuple) else answer
    problem = solution_problem(GAME, answer)
    if problem:
        raise ValueError(problem)
    column, letter = answer
    return Drop(column, letter.upper(), blank=letter.islower())


def score_answer(state: TumblewordsState, answer: Any) -> tuple[int, tuple[FoundWord, ...]]:
    """What the game scores for dropping ``answer`` on ``state`` (then undone), or IllegalMove
    / ValueError with the reason it is refused."""
    result = state.apply(drop_of(answer))
    state.undo()
    return result.points, result.words


# ----- the exact search and what it measures ----------------------------------------------------
class Search:
    """Every legal drop of a position, with the best score and the runner-up's."""

    def __init__(self, state: TumblewordsState) -> None:
        self.drops = scored_drops(state.grid, state.hand(0), state.dictionary, state.params.min_length)
        scores = sorted({drop.score for drop in self.drops}, reverse=True)
        self.best = scores[0] if scores else 0
        self.runner_up = scores[1] if len(scores) > 1 else 0

    @property
    def optimal(self) -> list[ScoredDrop]:
        return [drop for drop in self.drops if drop.score == self.best]

    @property
    def margin(self) -> int:
        return self.best - self.runner_up


def tags_of(drop: Drop, words: tuple[FoundWord, ...]) -> list[str]:
    tags = []
    if any(word.word == word.word[::-1] for word in words):
        tags.append("palindrome")
    directions = {word.direction for word in words}
    if directions & _ACROSS and directions - _ACROSS:
        tags.append("two-directions")
    if drop.blank:
        tags.append("blank")
    return tags


def difficulty_of(features: dict[str, int]) -> float:
    return round(features["words"] + 1.5 * features["directions"] + 3.0 * features["blanks"]
                 + 2.0 / max(1, features["solutions"]), 2)


def position_of(state: TumblewordsState) -> dict[str, Any]:
    position: dict[str, Any] = {"game": GAME, "rows": state.grid.row_texts(), "hand": state.hand()}
    if state.params.min_length != 2:
        position["min_length"] = state.params.min_length
    return position


def grading(drop: Drop, words: tuple[FoundWord, ...], search: Search) -> dict[str, Any]:
    """The tags, features and difficulty of ``drop`` (a legal drop making ``words``) as the solution."""
    features = {"words": len(words), "directions": len({word.direction for word in words}),
                "blanks": int(drop.blank), "solutions": len(search.optimal)}
    return {"tags": tags_of(drop, words), "features": features, "difficulty": difficulty_of(features)}


def puzzle_from(state: TumblewordsState, source: dict[str, int]) -> dict[str, Any] | None:
    """The puzzle at the current seat's drop, or None when the best drop is not clearly best."""
    position = position_of(state)
    search = Search(load_position(position))
    if not search.drops or search.best == 0 or search.margin < MARGIN:
        return None
    puzzle = _puzzle(position, search)
    return {**puzzle, "source": dict(source)}


def from_position(position: dict[str, Any]) -> dict[str, Any]:
    """A whole loose puzzle (``pack`` "") from any legal position, for the sandbox: the best
    drop as the solution, graded and tagged, whatever its margin. ValueError for an illegal
    position, or one where no drop scores."""
    search = Search(load_position(position))
    if search.best == 0:
        raise ValueError("no drop from this hand makes a word")
    return _puzzle(position, search)


def _puzzle(position: dict[str, Any], search: Search) -> dict[str, Any]:
    solution = best_of(search.optimal)
    assert solution is not None
    graded = grading(solution.drop, solution.verdict.words, search)
    return {
        "id": position_id(GAME, position), "game": GAME, "pack": "",
        "title": title_of(graded["tags"], graded["features"], search.best), "goal": "best-score",
        "target": search.best, "position": position, "solution": drop_data(solution.drop), "best": search.best,
        "runner_up": search.runner_up, **graded, "rating": rating_of(graded["difficulty"]),
    }


def goal_of(position: dict[str, Any], best: int | None) -> tuple[str, int]:
    """(goal, target) of a position whose best play scores ``best`` (None: not known yet)."""
    return "best-score", max(1, best if best is not None else 1)


def title_of(tags: list[str], features: dict[str, int], best: int) -> str:
    if "blank" in tags:
        return f"The blank's moment: {best}"
    if "palindrome" in tags:
        return f"Both ways for {best}"
    if "two-directions" in tags:
        return f"Across and down for {best}"
    if features["words"] == 1:
        return f"One word, {best} points"
    return f"{features['words']} words, {best} points"


# ----- mining -------------------------------------------------------------------------------------
def mine(seed: int, count: int, difficulty: str | None = None) -> list[dict[str, Any]]:
    """Up to ``count`` puzzles from seeded games (the same seed, the same puzzles). Without a
    band, mining goes on past ``count`` × 3 positions until every tag has been found (blanks
    are rare), or MAX_GAMES games."""
    check_band(difficulty)
    found: list[dict[str, Any]] = []
    for game in range(MAX_GAMES):
        if len(found) >= count * FOUND_PER_PUZZLE and (difficulty is not None or _every_tag(found)):
            break
        for state, source in positions_of_game(seed * 1000 + game):
            puzzle = puzzle_from(state, source)
            if puzzle is not None and _in_band(puzzle, difficulty):
                found.append(puzzle)
    return choose_varied(distinct(found), count, TAGS, BAND_LIMITS)


def _in_band(puzzle: dict[str, Any], difficulty: str | None) -> bool:
    return difficulty is None or band_of(puzzle["difficulty"], BAND_LIMITS) == difficulty


def _every_tag(found: list[dict[str, Any]]) -> bool:
    return all(any(tag in puzzle["tags"] for puzzle in found) for tag in TAGS)


def positions_of_game(game_seed: int):
    """``(state, source)`` before each drop of a seeded computer game (Auto scoring, the
    shipped word list); the state is live: use it before the next item."""
    spec = TUMBLEWORDS
    state = spec.new_state(SEATS, game_seed)
    while not state.is_terminal:
        if state.phase == DROPPING and state.hand():
            yield state, {"seed": game_seed, "turn": state.turn_number}
        view = spec.seat_view(state, state.current)
        play_seat_move(spec, state, choose_move(view, state.params.seats[state.current]))  # no deadline


# ----- verify, hints, check -----------------------------------------------------------------------
def verify(puzzle: dict[str, Any]) -> list[str]:
    """Problems with ``puzzle`` (empty: good): a legal position, a legal solution scoring
    ``best``, nothing better, ``runner_up`` as the search finds it, and for a graded puzzle
    (one with features) its tags, features and difficulty as measured."""
    try:
        state = load_position(puzzle.get("position"))
    except ValueError as error:
        return [f"position: {error}"]
    problems = []
    search = Search(state)
    try:
        drop = drop_of(puzzle.get("solution"))
        value, words = score_answer(state, puzzle.get("solution"))
    except (IllegalMove, ValueError) as error:
        problems.append(f"solution: {error}")
    else:
        if value != puzzle.get("best"):
            problems.append(f"solution scores {value}, not best = {puzzle.get('best')}")
        problems += grading_problems(puzzle, grading(drop, words, search))
    if search.best != puzzle.get("best"):
        problems.append(f"the best drop scores {search.best}, not best = {puzzle.get('best')}")
    if search.runner_up != puzzle.get("runner_up"):
        problems.append(f"the runner-up scores {search.runner_up}, not runner_up = {puzzle.get('runner_up')}")
    if puzzle.get("target") != puzzle.get("best"):
        problems.append(f"target = {puzzle.get('target')} should be best = {puzzle.get('best')}")
    return problems


def hints(puzzle: dict[str, Any]) -> list[dict[str, Any]]:
    """1: the column; 2: the letter (and whether it is the blank); 3: the solution. The text
    names the column as the board labels it (from 1); ``focus`` keeps the notation's index (from 0)."""
    drop = drop_of(puzzle["solution"])
    letter = f"your blank as {drop.letter}" if drop.blank else drop.letter
    return [
        {"level": 1, "text": f"Drop into column {drop.column + 1}.", "focus": drop.column},
        {"level": 2, "text": f"Drop {letter}.", "letter": drop.letter.lower() if drop.blank else drop.letter},
        {"level": 3, "solution": puzzle["solution"]},
    ]


def check(puzzle: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Is ``answer`` (``[column, letter]``) a legal drop, and does it reach the target?"""
    state = load_position(puzzle["position"])
    try:
        value, words = score_answer(state, answer)
    except (IllegalMove, ValueError) as error:
        return {"solved": False, "value": 0, "message": f"That drop is not allowed: {error}."}
    target = puzzle["target"]
    made = ", ".join(word.word for word in words) or "no word"
    if value >= target:
        return {"solved": True, "value": value, "message": f"Solved: {made} for {value} points."}
    return {"solved": False, "value": value, "message": f"{made}: {value} points; the best drop scores {target}."}


__all__ = ["MARGIN", "PACK_TITLES", "TAGS", "check", "difficulty_of", "from_position", "hints", "mine", "verify"]
