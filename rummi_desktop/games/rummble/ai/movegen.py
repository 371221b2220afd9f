"""The Rummble move generator: every legal play for a rack on a board, each with its score.

Built the way word-game engines are (Appel & Jacobson; wolges):
1. **Cross-checks** (:mod:`rummble_masks`): for each empty square and each direction, the
   52-bit mask of tile identities that keep the line across it legal, with what that line
   would score.
2. **Single tiles**: an empty square touching the board takes any rack tile allowed by both
   its cross-checks (a joker as each identity allowed, within the tile set).
3. **Lanes** (:mod:`rummble_lanes`): stretches of a row or column from anchors, each filled by
   shapes of sets (:mod:`rummble_fills`).

A play is its set of placements (square, tile as laid, joker or not); each is produced once
(single tiles only as singles, lanes of 2+ new tiles are distinct by their squares, and the
fills of a lane are distinct by construction). Every lane and single square has an upper
bound on its score, so :meth:`Generator.best` searches best-first and stops as soon as no
unsearched lane can beat the best play found. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

import threading
import time
from typing import NamedTuple, Sequence

from rummi_desktop.games.rummble.ai.fills import fill_lane
from rummi_desktop.games.rummble.ai.lanes import Lane, RackBits, cross_best, find_lanes
from rummi_desktop.games.rummble.ai.masks import ACROSS, ALL, DOWN, JOKER_LAID, LAID, NUMBERS, bits, cross_checks
from rummi_desktop.games.rummble.ai.masks import identity, up_to
from rummi_desktop.games.rummble.rules.board import SQUARES, Board, Laid
from rummi_desktop.games.rummble.rules.moves import Placement, Play
from rummi_desktop.games.rummble.rules.play import RUMMMBLE_BONUS
from rummi_desktop.tiles import HIGHEST, Tile


class Candidate(NamedTuple):
    """A legal play: its score and its placements ``(square, Laid)`` in square order."""

    score: int
    placements: tuple[tuple[int, Laid], ...]

    def move(self) -> Play:
        return Play(tuple(Placement(*divmod(sq, 13), laid) for sq, laid in self.placements))

    def rack_tiles(self) -> list[Tile]:
        return [laid.rack_tile for _, laid in self.placements]


class Stopped(Exception):
    """The search was cancelled."""


class Generator:
    """The plays of one rack on one board (the board is read, never changed)."""

    def __init__(self, board: Board, rack: Sequence[Tile], highest: int = HIGHEST,
                 bonus: int = RUMMMBLE_BONUS) -> None:
        self.cells = board.cells
        self.highest = highest
        self.bonus = bonus  # what a Rummmble earns here (the table's house rule)
        naturals = [identity(t.colour, t.number) for t in rack if not t.is_joker]
        self.rack = RackBits.of(naturals, sum(t.is_joker for t in rack), up_to(highest))
        # A main line across is crossed by lines down, and the other way round.
        self.across = cross_checks(self.cells, ACROSS)
        self.down = cross_checks(self.cells, DOWN)
        empty = board.is_empty
        self.lanes = find_lanes(self.cells, {ACROSS: self.down, DOWN: self.across}, self.rack, empty, bonus) \
            if self.rack.size >= 2 else []
        self.singles = [] if empty else self._single_squares()

    def _single_squares(self) -> list[tuple[int, int, int]]:
        """(bound, square, allowed mask) for every empty square a single rack tile can take."""
        found = []
        for sq in range(SQUARES):
            across, down = self.across[sq], self.down[sq]
            if across is None and down is None:
                continue
            allowed = (ALL if across is None else across.mask) & (ALL if down is None else down.mask)
            allowed &= self.rack.playable
            if allowed:
                bound = sum(cross_best(c, allowed, self.rack) for c in (across, down) if c)
                found.append((bound, sq, allowed))
        return found

    def _fill_single(self, sq: int, allowed: int, emit) -> None:
        across, down = self.across[sq], self.down[sq]
        counts, jokers = self.rack.counts, self.rack.jokers
        for ident in bits(allowed):
            for joker in (False, True):
                if (jokers if joker else counts[ident]) == 0:
                    continue
                value = 0 if joker else ident % NUMBERS + 1
                score = sum(c.points(ident, value) for c in (across, down) if c is not None)
                emit(score, ((sq, JOKER_LAID[ident] if joker else LAID[ident]),))

    def plays(self, deadline: float | None = None, cancel: threading.Event | None = None) -> list[Candidate]:
        """Every legal play, each once. Past ``deadline`` only the plays found so far, the
        most promising lanes (by bound) having been searched first; ``cancel`` raises Stopped."""
        found: list[Candidate] = []
        emit = lambda score, placements: found.append(Candidate(score, placements))  # noqa: E731
        for _, sq, allowed in self.singles:
            self._fill_single(sq, allowed, emit)
        lanes = self.lanes if deadline is None else sorted(self.lanes, key=lambda lane: -lane.bound)
        for lane in lanes:
            if cancel is not None and cancel.is_set():
                raise Stopped
            if deadline is not None and found and time.perf_counter() > deadline:
                break
            fill_lane(lane, self.rack, self.highest, emit)
        return found

    def count(self) -> int:
        """How many legal plays there are (without building them)."""
        counts, jokers = self.rack.counts, self.rack.jokers
        total = 0
        for _, _, allowed in self.singles:
            total += sum(1 for ident in bits(allowed) if counts[ident])
            total += allowed.bit_count() if jokers else 0
        return total + sum(fill_lane(lane, self.rack, self.highest, None) for lane in self.lanes)

    def best(self, deadline: float | None = None, cancel: threading.Event | None = None) -> Candidate | None:
        """A highest-scoring play (None when there is none), searched best-first by bound.

        Past ``deadline`` it answers the best found so far; ``cancel`` raises :class:`Stopped`."""
        units: list[tuple[int, int, object]] = [(b, 0, (sq, m)) for b, sq, m in self.singles]
        units += [(lane.bound, 1, lane) for lane in self.lanes]
        units.sort(key=lambda unit: -unit[0])
        best: list[Candidate] = []
        floor = [-1]  # the best score so far, for the lanes' shapes to prune by

        def emit(score: int, placements: tuple) -> None:
            if not best or score > best[0].score:
                best[:] = [Candidate(score, placements)]
                floor[0] = score

        for bound, kind, unit in units:
            if best and bound <= best[0].score:
                break
            if cancel is not None and cancel.is_set():
                raise Stopped
            if best and deadline is not None and time.perf_counter() > deadline:
                break
            if kind == 0:
                self._fill_single(*unit, emit)
            else:
                fill_lane(unit, self.rack, self.highest, emit, floor)  # type: ignore[arg-type]
        return best[0] if best else None


def legal_plays(board: Board, rack: Sequence[Tile], highest: int = HIGHEST) -> list[Candidate]:
    return Generator(board, rack, highest).plays()


def best_play(board: Board, rack: Sequence[Tile], highest: int = HIGHEST,
              deadline: float | None = None) -> Candidate | None:
    return Generator(board, rack, highest).best(deadline)


__all__ = ["Candidate", "Generator", "Lane", "Stopped", "best_play", "legal_plays"]
