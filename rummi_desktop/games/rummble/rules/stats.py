"""Rummble's own statistics of a finished game, per seat (the ``stats`` entry point): the
game is replayed from its seed (or setup) and log, and every play measured by the model's own
verdict. Pure module (no pygame, no I/O).
"""

from __future__ import annotations

from rummi_desktop.games.base import GameStats, StatMeasure
from rummi_desktop.games.rummble.rules.state import RummbleState

MEASURES = (
    StatMeasure("tiles_per_turn", "Tiles placed per turn", "mean"),
    StatMeasure("tiles_placed", "Tiles placed", "sum"),
    StatMeasure("melds_played", "Sets formed", "sum"),
    StatMeasure("jokers_played", "Jokers laid", "sum"),
    StatMeasure("rummmbles", "Rummmbles (all ten tiles)", "sum"),
    StatMeasure("best_play", "Best play (points)", "best"),
)


def seat_stats(state: RummbleState, seat: int) -> dict[str, float]:
    replay = RummbleState(state.params, state.setup)
    turns = tiles = sets = jokers = rummmbles = best = 0
    for action in state.log:
        mover = replay.current
        result = replay.perform(action)
        if mover != seat:
            continue
        turns += 1
        if result.verdict is None:
            continue
        tiles += len(result.laid)
        sets += len(result.verdict.sets)
        jokers += sum(1 for tile_id in result.laid if state.faces[tile_id].is_joker)
        rummmbles += 1 if result.verdict.rummmble else 0
        best = max(best, result.points)
    return {"tiles_per_turn": round(tiles / turns, 3) if turns else 0.0, "tiles_placed": tiles,
            "melds_played": sets, "jokers_played": jokers, "rummmbles": rummmbles, "best_play": best}


STATS = GameStats(MEASURES, seat_stats)
