"""Writing the record of a game the window just finished: the one hook every table calls
(``TableSaving.record``), game-neutral. Imported only when a game ends."""

from __future__ import annotations

from typing import Any

from rummi_desktop.records.finished_games import as_online, build_record
from rummi_desktop.games import GAMES
from rummi_desktop.storage.game_records import write_record


def _record_of(game: str, session: Any, state: Any) -> dict[str, Any]:
    record = build_record(GAMES[game], session.setup.to_dict(), session.setup.seats, state,
                          session.unrecorded_turns(), session.mode_name())
    mark = getattr(session, "online_mark", None)
    return as_online(record, mark(), _chosen_profile()) if mark is not None else record


def _chosen_profile() -> str:
    """The profile played under at this computer: a server game counts for it (Guest: nobody)."""
    from rummi_desktop.records.profile_file import load_profiles
    from rummi_desktop.records.profiles import GUEST

    book, _notice = load_profiles()
    chosen = book.find(book.current_person())
    return chosen.id if chosen is not None else GUEST


def remember_finished(game: str, session: Any) -> None:
    """A game no file records: its record is kept in memory only, for the results card's
    Review. A state that cannot make one (a puzzle's) leaves nothing."""
    state = session.finished_state
    if state is None:
        return
    try:
        session.finished_record = {**_record_of(game, session, state), "id": ""}  # no file: no figure kept
    except (AttributeError, KeyError, TypeError, ValueError):
        session.finished_record = None


def record_session(game: str, session: Any) -> str:
    """Record ``session``'s finished state (a Rummi match: its round just finished) with the
    turns taken since its last record. Returns a problem for the banner, or "". The record
    stays with the session for the results card's Review (which keeps its figure with it)."""
    state = session.finished_state
    if state is None:
        return ""
    record = _record_of(game, session, state)
    try:
        write_record(record)
    except (OSError, ValueError) as error:
        session.finished_record = {**record, "id": ""}  # still reviewed (no figure kept), never the last round's
        return f"Could not record the game for the statistics ({getattr(error, 'strerror', None) or error})"
    session.finished_record = record  # the results card's Review, and the solo verdict's own game
    return ""


def unlocks_after(session: Any, notices: list[str]) -> list[tuple[str, Any]]:
    """(the person's name, the unlockable) for each unlock the people at the table just earned
    with the game recorded: the milestones are read again from all their records. A file found
    damaged (and set aside) on the way is named in ``notices``."""
    from rummi_desktop.records.unlock_check import newly_earned

    seats = [seat for seat in session.setup.seats if seat.is_human and seat.profile]
    names = {seat.profile: seat.name for seat in seats}
    try:
        earned = newly_earned((seat.profile for seat in seats), notices=notices)
    except (OSError, ValueError) as error:  # a trophy is a pleasure, never a reason to stop the game
        notices.append(f"Could not check the unlocks ({getattr(error, 'strerror', None) or error}).")
        return []
    return [(names[profile], unlock) for profile, unlock in earned]
