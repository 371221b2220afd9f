"""The puzzle record: one puzzle (:class:`Puzzle`) and one puzzle file (:class:`PuzzleFile`),
as plain data that reads from and writes to TOML-friendly dicts (docs/puzzle-format.md).

``Puzzle.from_dict`` checks every field: its kind, its range, the goals and tags the game
knows, and the position through the game's own rules model (an illegal position is refused).
Anything wrong raises :class:`PuzzleError` with one sentence naming the field. Whether the
stored solution is legal and optimal is the game's puzzle module's ``verify`` (it needs the
solver). ``to_dict`` leaves out the fields a user puzzle may lack (TOML has no null).
Pure module: no pygame, no I/O.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from rummi_desktop.games import GAMES
from rummi_desktop.puzzles.positions import position_problem, solution_problem

VERSION = 1
# What each game's puzzles may say, from its spec (GameSpec.puzzle_terms), by game key in
# registry order; a game without puzzle terms has no puzzles.
TERMS = {key: spec.puzzle_terms for key, spec in GAMES.items() if spec.puzzle_terms is not None}
GOALS = {key: terms.goals for key, terms in TERMS.items()}
TAGS = {key: terms.tags for key, terms in TERMS.items()}
FEATURES = {key: terms.features for key, terms in TERMS.items()}
REQUIRED = ("id", "game", "title", "goal", "target", "position")
OPTIONAL = ("pack", "solution", "best", "runner_up", "tags", "features", "difficulty", "rating", "source")
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
TITLE_LIMIT = 80


ECHO_LIMIT = 60  # characters of a quoted value: a message stays one readable line


class PuzzleError(ValueError):
    """A puzzle or puzzle file that cannot be used; the message is one sentence saying why."""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


NUMBER_LIMIT = 1e9  # no number of a puzzle comes near it; 10**400 would not even be a float


def _whole(value: Any, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise PuzzleError(f"{what} must be a whole number of at least {least}, not {_shown(value)}")
    if value > NUMBER_LIMIT:
        raise PuzzleError(f"{what} must be a whole number of at most {NUMBER_LIMIT:,.0f}, not {_shown(value)}")
    return value


def _number(value: Any, what: str) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or isinstance(value, int) and abs(value) > NUMBER_LIMIT
            or not math.isfinite(value) or abs(value) > NUMBER_LIMIT):
        raise PuzzleError(f"{what} must be a number, not {_shown(value)}")
    return float(value)


def _text(value: Any, what: str, limit: int = TITLE_LIMIT, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()) or len(value) > limit:
        raise PuzzleError(f"{what} must be a text of 1 to {limit} characters, not {_shown(value)}")
    return value


def _identifier(value: Any, what: str, empty: bool = False) -> str:
    if empty and value == "":
        return value
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise PuzzleError(f"{what} must be lower-case letters, digits and dashes like \"rummi-easy-001\", "
                          f"not {_shown(value)}")
    return value


def _unknown_keys(data: Mapping[str, Any], known: tuple[str, ...], what: str) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise PuzzleError(f"unknown key {_shown(unknown[0])} in {what} (known: {', '.join(known)})")


def _tags(value: Any, game: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
        raise PuzzleError(f"tags must be a list of texts, not {_shown(value)}")
    unknown = [tag for tag in value if tag not in TAGS[game]]
    if unknown:
        raise PuzzleError(f"unknown tag {_shown(unknown[0])} (a {game} puzzle's tags: {', '.join(TAGS[game])})")
    return tuple(value)


def _features(value: Any, game: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise PuzzleError(f"features must be a table of whole numbers, not {_shown(value)}")
    _unknown_keys(value, FEATURES[game], "features")
    return {key: _whole(number, f"feature {key}") for key, number in value.items()}


def _source(value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise PuzzleError(f"source must be a table like {{seed = 1, turn = 12}}, not {_shown(value)}")
    _unknown_keys(value, ("seed", "turn"), "source")
    return {key: _whole(number, f"source {key}") for key, number in value.items()}


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (the fields of docs/puzzle-format.md); position and solution as plain data."""

    id: str
    game: str
    title: str
    goal: str
    target: int
    position: dict[str, Any]
    pack: str = ""
    solution: Any = None
    best: int | None = None
    runner_up: int | None = None
    tags: tuple[str, ...] = ()
    features: dict[str, int] = field(default_factory=dict)
    difficulty: float = 0.0
    rating: float = 25.0
    source: dict[str, int] | None = None

    @classmethod
    def from_dict(cls, data: Any) -> "Puzzle":
        """The puzzle in ``data``, every field checked (PuzzleError names the first bad one)."""
        if not isinstance(data, Mapping):
            raise PuzzleError(f"a puzzle must be a table of keys, not {_shown(data)}")
        _unknown_keys(data, REQUIRED + OPTIONAL, "the puzzle")
        missing = [key for key in REQUIRED if key not in data]
        if missing:
            raise PuzzleError(f"missing key {missing[0]!r}")
        game = data["game"]
        if not isinstance(game, str) or game not in GOALS:  # a table is no game (nor hashable)
            raise PuzzleError(f"unknown game {_shown(game)} (puzzles exist for {', '.join(GOALS)})")
        if data["goal"] not in GOALS[game]:
            raise PuzzleError(f"goal {_shown(data['goal'])} is not a {game} goal ({', '.join(GOALS[game])})")
        problem = position_problem(game, data["position"])
        if problem:
            raise PuzzleError(f"position: {problem}")
        fields = {
            "id": _identifier(data["id"], "id"), "game": game, "goal": data["goal"],
            "title": _text(data["title"], "title"), "target": _whole(data["target"], "target", 1),
            "position": _plain(data["position"]), "pack": _identifier(data.get("pack", ""), "pack", empty=True),
            "tags": _tags(data.get("tags", []), game), "features": _features(data.get("features", {}), game),
            "difficulty": _number(data.get("difficulty", 0.0), "difficulty"),
            "rating": _number(data.get("rating", 25.0), "rating"),
        }  # fmt: skip
        if "solution" in data:
            problem = solution_problem(game, data["solution"])
            if problem:
                raise PuzzleError(problem)
            fields["solution"] = _plain(data["solution"])
        for key in ("best", "runner_up"):
            if key in data:
                fields[key] = _whole(data[key], key)
        if fields.get("best") is not None and fields.get("runner_up") is not None:
            if fields["runner_up"] > fields["best"]:
                raise PuzzleError(f"runner_up ({fields['runner_up']}) is more than best ({fields['best']})")
        if "source" in data:
            fields["source"] = _source(data["source"])
        return cls(**fields)

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the file's key order; fields a user puzzle lacks are left out."""
        data: dict[str, Any] = {
            "id": self.id, "game": self.game, "pack": self.pack, "title": self.title, "goal": self.goal,
            "target": self.target, "position": _plain(self.position),
        }  # fmt: skip
        if self.solution is not None:
            data["solution"] = _plain(self.solution)
        for key in ("best", "runner_up"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        data["tags"] = list(self.tags)
        data["features"] = dict(self.features)
        data["difficulty"] = self.difficulty
        data["rating"] = self.rating
        if self.source is not None:
            data["source"] = dict(self.source)
        return data


def _plain(value: Any) -> Any:
    """A deep copy as lists and dicts (tomllib gives lists; a caller may hand in tuples)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True)
class Pack:
    """A pack of puzzles: its id, title, and place among the game's packs."""

    id: str
    title: str
    order: int

    @classmethod
    def from_dict(cls, data: Any) -> "Pack":
        if not isinstance(data, Mapping):
            raise PuzzleError(f"a pack must be a table of keys, not {_shown(data)}")
        _unknown_keys(data, ("id", "title", "order"), "a pack")
        for key in ("id", "title", "order"):
            if key not in data:
                raise PuzzleError(f"a pack is missing the key {key!r}")
        return cls(_identifier(data["id"], "pack id"), _text(data["title"], "pack title"),
                   _whole(data["order"], "pack order"))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "order": self.order}


FILE_KEYS = ("version", "game", "packs", "puzzles")


@dataclass(frozen=True)
class PuzzleFile:
    """A file of puzzles of one game: its packs (may be none) and its puzzles in file order."""

    version: int
    game: str
    packs: tuple[Pack, ...] = ()
    puzzles: tuple[Puzzle, ...] = ()

    @classmethod
    def from_dict(cls, data: Any) -> "PuzzleFile":
        """The file in ``data``; PuzzleError names the first problem (and the puzzle, by id or
        place from 1, when it lies in one)."""
        if not isinstance(data, Mapping):
            raise PuzzleError("a puzzle file must be a table of keys")
        _unknown_keys(data, FILE_KEYS, "the file")
        if data.get("version") != VERSION:
            raise PuzzleError(f"version must be {VERSION}, not {_shown(data.get('version'))}")
        game = data.get("game")
        if not isinstance(game, str) or game not in GOALS:  # a table is no game (nor hashable)
            raise PuzzleError(f"unknown game {_shown(game)} (puzzles exist for {', '.join(GOALS)})")
        packs = _list(data.get("packs", []), "packs")
        packs = tuple(Pack.from_dict(pack) for pack in packs)
        puzzles = tuple(_puzzle_at(number, item) for number, item in
                        enumerate(_list(data.get("puzzles", []), "puzzles"), start=1))  # fmt: skip
        _check_together(game, packs, puzzles)
        return cls(VERSION, game, packs, puzzles)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": self.version, "game": self.game}
        if self.packs:
            data["packs"] = [pack.to_dict() for pack in self.packs]
        data["puzzles"] = [puzzle.to_dict() for puzzle in self.puzzles]
        return data

    def pack(self, pack_id: str) -> list[Puzzle]:
        """The puzzles of one pack, in unlock (file) order."""
        return [puzzle for puzzle in self.puzzles if puzzle.pack == pack_id]


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise PuzzleError(f"{what} must be an array of tables ([[{what}]]), not {_shown(value)}")
    return value


def _puzzle_at(number: int, data: Any) -> Puzzle:
    try:
        return Puzzle.from_dict(data)
    except PuzzleError as error:
        name = data.get("id") if isinstance(data, Mapping) and isinstance(data.get("id"), str) else None
        where = f"puzzle {number} ({name})" if name else f"puzzle {number}"
        raise PuzzleError(f"{where}: {error}") from error


def _check_together(game: str, packs: tuple[Pack, ...], puzzles: tuple[Puzzle, ...]) -> None:
    pack_ids = [pack.id for pack in packs]
    if len(set(pack_ids)) != len(pack_ids):
        raise PuzzleError("two packs have the same id")
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.game != game:
            raise PuzzleError(f"puzzle {puzzle.id} is a {puzzle.game} puzzle in a {game} file")
        if puzzle.id in seen:
            raise PuzzleError(f"two puzzles have the id {puzzle.id}")
        seen.add(puzzle.id)
        if puzzle.pack and puzzle.pack not in pack_ids:
            raise PuzzleError(f"puzzle {puzzle.id} names the pack {puzzle.pack!r}, which the file does not list")
