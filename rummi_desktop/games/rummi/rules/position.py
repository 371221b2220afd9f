"""A Rummi position as a value: the table's melds, the rack of the seat to move, and whether
it still owes its opening meld (docs/analysis-format.md; a puzzle's position, a sandbox's).

``RummiPosition.from_dict(data)`` reads the JSON/TOML form ``{game, table, rack, initial}``
and the optional house ``rules`` (``{"opening_points": 50, "jokers": 4}``; absent: the usual
30 and two jokers): its keys, kinds and tile names. ``check_legal()`` then asks the rules
whether it can occur in a game: no more copies than the set holds (its jokers too), every
table meld a valid meld. The two are apart because the sandbox holds positions being built
(a meld half laid). Everything wrong is a :class:`PositionError` with one sentence. Pure
module: no pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rummi_desktop.games.positions import (
    PositionError,
    check_copies,
    check_game,
    check_keys,
    json_kind,
    json_text,
    PUZZLE_WORDS,
    read_rules,
    read_tiles,
)
from rummi_desktop.games.rummi.rules.play_check import OPENING_POINTS, meld_problems
from rummi_desktop.games.rummi.rules.pieces import JOKER_CHOICES
from rummi_desktop.games.rummi.rules.state import OPENING_CHOICES, RummiParameters, RummiState
from rummi_desktop.tiles import JOKERS_IN_SET, Tile

Melds = tuple[tuple[Tile, ...], ...]


def read_melds(value: Any, what: str) -> Melds:
    """The melds of an array of tile arrays (a table, or analyze's play)."""
    if not isinstance(value, list):
        raise PositionError(f"{what} must be an array of melds (arrays of tiles), not {json_kind(value)}")
    return tuple(read_tiles(meld, f"{what} meld {number}") for number, meld in enumerate(value, start=1))


@dataclass(frozen=True)
class RummiPosition:
    table: Melds = ()
    rack: tuple[Tile, ...] = ()
    initial: bool = False  # the seat has not melded yet: the opening rule applies
    opening_points: int = OPENING_POINTS  # the house rule: what the initial meld must reach (0: none)
    jokers: int = JOKERS_IN_SET  # the house rule: the jokers in the set (2 or 4)

    GAME: ClassVar[str] = "rummi"
    TITLE: ClassVar[str] = "Rummi"
    KEYS: ClassVar[tuple[str, ...]] = ("game", "table", "rack", "initial", "rules")
    # The rules a position may carry, with their usual values (only others are written).
    RULES: ClassVar[dict[str, tuple]] = {"opening_points": OPENING_CHOICES, "jokers": JOKER_CHOICES}
    USUAL: ClassVar[dict[str, int]] = {"opening_points": OPENING_POINTS, "jokers": JOKERS_IN_SET}
    PUZZLE_KEYS: ClassVar[tuple[str, ...]] = KEYS  # a puzzle's position has them all

    @classmethod
    def from_dict(cls, data: Any) -> "RummiPosition":
        check_game(data, cls.GAME, cls.TITLE)
        check_keys(data, cls.TITLE, cls.KEYS, ("table", "rack"))
        table = read_melds(data["table"], "table")
        rack = read_tiles(data["rack"], "rack")
        initial = data.get("initial", False)
        if not isinstance(initial, bool):
            raise PositionError(f"initial must be true or false, not {json_text(initial)}")
        rules = read_rules(data.get("rules", {}), cls.RULES)
        return cls(table, rack, initial, **{**cls.USUAL, **rules})

    @property
    def owes_opening(self) -> bool:
        """The seat must still make an initial meld (never under "no opening rule")."""
        return self.initial and self.opening_points > 0

    def to_dict(self) -> dict[str, Any]:
        data = {"game": self.GAME, "table": [[tile.notation() for tile in meld] for meld in self.table],
                "rack": [tile.notation() for tile in self.rack], "initial": self.initial}
        rules = {key: getattr(self, key) for key, usual in self.USUAL.items() if getattr(self, key) != usual}
        if rules:  # only a house rule is written: old readers stay happy
            data["rules"] = rules
        return data

    def check_legal(self) -> "RummiPosition":
        """This position, or PositionError when no game could reach it."""
        check_copies([tile for meld in self.table for tile in meld] + list(self.rack), "table and rack together name",
                     self.jokers)
        problems = meld_problems([list(meld) for meld in self.table])
        if problems:
            raise PositionError(f"the table is not a set of valid melds: {problems[0].sentence()}")
        return self

    @staticmethod
    def check_solution(value: Any) -> None:
        """PositionError unless a puzzle's solution has the shape of analyze's move: a list of
        melds (lists of tiles). Whether it is legal is the puzzle module's ``verify``."""
        if not isinstance(value, list):
            raise PositionError("solution must be a list of melds (lists of tiles)")
        for number, meld in enumerate(value, start=1):
            read_tiles(meld, f"solution meld {number}", PUZZLE_WORDS)

    def to_state(self, params: RummiParameters, pool: list[Tile] | None = None) -> RummiState:
        """A round with seat 0 on turn holding the rack (the other seats' racks empty), under
        the position's own house rules."""
        params = replace(params, opening_points=self.opening_points, jokers=self.jokers)
        racks = [list(self.rack)] + [[] for _ in params.seats[1:]]
        opened = [not self.initial] + [True] * (len(params.seats) - 1)
        return RummiState.from_position(params, [list(meld) for meld in self.table], racks, current=0,
                                        opened=opened, pool=pool)
