"""Writing the record of a game the window just finished: the one hook every table calls
(``TableScene.record_finished``), game-neutral. Imported only when a game ends."""

from __future__ import annotations

from typing import Any, Sequence

from rummi_desktop.finished_games import build_record
from rummi_desktop.games import GAMES
from rummi_desktop.storage.game_records import write_record


def record_session(game: str, session: Any, already: Sequence[tuple[int, float]]
                   ) -> tuple[tuple[tuple[int, float], ...], str]:
    """Record ``session``'s finished state. ``already`` is the (turns, seconds) per seat that
    earlier records of this session counted (a Rummi match records each round), so each record
    holds its own turns. Returns the new totals and a problem for the banner ("" when saved)."""
    totals = tuple(session.turn_totals())
    base = tuple(already) if len(already) == len(totals) else tuple((0, 0.0) for _ in totals)
    turns = [(count - old_count, seconds - old_seconds)
             for (count, seconds), (old_count, old_seconds) in zip(totals, base)]
    state = session.finished_state
    if state is None:
        return totals, ""
    record = build_record(GAMES[game], session.setup.to_dict(), session.setup.seats, state, turns,
                          session.mode_name())
    try:
        write_record(record)
    except (OSError, ValueError) as error:
        return totals, f"Could not record the game for the statistics ({getattr(error, 'strerror', None) or error})"
    return totals, ""
