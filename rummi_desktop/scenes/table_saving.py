"""A table's autosave and its record of a finished game, for one game key (``GAME``).

The autosave is written after every completed turn (and on Save and quit); a finished match
leaves none. The record is written once per end, for the players' statistics and unlocks,
before the autosave, so the autosave then holds what the record counted. A table that saves
nothing (a puzzle, the sandbox, a server game, the bench) has ``saves`` False.
"""

from __future__ import annotations

from typing import Any, Callable

from rummi_desktop.storage.saves import delete_autosave, write_autosave


class TableSaving:
    def __init__(self, game: str, session: Any, saves: bool, warn: Callable[[str], None],
                 arrangement: Callable[[], dict[str, Any]] = dict) -> None:
        self.game, self.session, self.saves, self.warn = game, session, saves, warn
        # The table's own layout to keep beside the game (a game whose players arrange their
        # racks sets it); the session reads it back as ``saved_arrangement`` on Continue.
        self.arrangement = arrangement
        self.trophies: tuple[tuple[str, Any], ...] | list[tuple[str, Any]] = ()  # earned by the game just recorded

    def save(self) -> None:
        if not self.saves:
            return
        if self.session.match_over:
            delete_autosave(self.game)  # a finished match leaves nothing to continue
            return
        try:
            write_autosave(self.game, *self.session.to_save(), arrangement=self.arrangement())
        except OSError as error:
            self.warn(f"Could not autosave ({error.strerror or error})")

    def record(self) -> None:
        from rummi_desktop.scenes.game_records_hook import record_session, remember_finished, unlocks_after

        if not self.saves and not hasattr(self.session, "online_mark"):
            remember_finished(self.game, self.session)  # reviewed, never written
            return
        # A local game, or a server game (the server keeps it; its record here, marked online,
        # counts it in this computer's statistics, once however many windows saw it end).

        problems = [problem] if (problem := record_session(self.game, self.session)) else []
        self.trophies = unlocks_after(self.session, problems)
        if problems:
            self.warn(" ".join(problems))

    def take_trophies(self) -> tuple[tuple[str, Any], ...] | list[tuple[str, Any]]:
        trophies, self.trophies = self.trophies, ()
        return trophies
