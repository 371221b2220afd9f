"""How the shell opens one game's table: from a quick start, or from its autosave (Continue).

Game-neutral: a game's scenes package describes itself with a :class:`GameEntry` (its key and
title, and where its setup scene, session, state loader and table scene live, named as
``"package.module:attribute"`` like ``GameSpec.entry_points``) and keeps only what is its own
(its setup scene, its quick-start options, its menu entry). The session and table modules are
imported only when a game is opened: the table is the heaviest import, and the menu's first
frame should not wait for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from rummi_desktop.entry_points import load
from rummi_desktop.games.base import EntryPoint
from rummi_desktop.shell.scene import Scene

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App


@dataclass(frozen=True)
class GameEntry:
    """Where one game's window parts live.

    ``setup`` is the setup scene the menu's button opens, made as ``setup(app)``;
    ``session`` is the session class (its ``from_save(setup, state, stats)`` rebuilds a saved
    game, raising KeyError, TypeError or ValueError when the parts disagree); ``load_state``
    turns the autosave's state part back into the model; ``table`` is the table scene, made
    as ``table(app, session)``. ``missing`` names a tuple of errors meaning the save needs
    something this copy lacks (``missing_what``, e.g. "its word list"): the save is then kept
    as it is, not set aside as damaged. ``puzzle`` is the game's puzzle table, made as
    ``puzzle(app, puzzle_dict, on_finish)`` (on_finish gets a ``PuzzleOutcome``); "" while the
    game has none. ``sandbox`` makes the game's sandbox (its table in the
    sandbox mode) as ``sandbox(app, scenario)`` (scenario: a puzzle dict or an analyze
    position, or None).
    """

    key: str
    title: str
    setup: str
    session: str
    load_state: str
    table: str
    missing: str = ""
    missing_what: str = ""
    puzzle: str = ""
    sandbox: str = ""

    def new_game(self, app: "App") -> Scene:
        return load(EntryPoint(self.setup))(app)

    def sandbox_scene(self, app: "App", scenario: dict | None = None) -> Scene:
        return load(EntryPoint(self.sandbox))(app, scenario)

    def table_for(self, app: "App", session: Any) -> Scene:
        return load(EntryPoint(self.table))(app, session)

    def puzzle_scene(self, app: "App", puzzle: dict, on_finish: Callable[[Any], None]) -> Scene:
        """The game's puzzle table for ``puzzle`` (ValueError when the game has none)."""
        if not self.puzzle:
            raise ValueError(f"{self.title} has no puzzle table yet")
        return load(EntryPoint(self.puzzle))(app, puzzle, on_finish)

    def replay_table(self, app: "App", setup: dict[str, Any], state: Any) -> Any:
        """The game's own table, read-only (no autosave, no turns run), showing ``state``:
        what the Replay scene draws. KeyError, TypeError or ValueError for a setup it cannot read."""
        session_type = load(EntryPoint(self.session))
        chosen = session_type.setup_type.from_dict(setup)
        session = session_type.for_replay(chosen, state)
        # Nobody plays at a replay's table: the seats keep what they were (the computer is
        # labelled a computer), but none thinks here, so no computer seat is warmed up (a
        # worker process) for turns that will never be asked for.
        session.thinks_locally = False
        return load(EntryPoint(self.table))(app, session, autosave=False)

    def load_saved_session(self, notices: list[str] | None = None) -> Any:
        """The autosaved session, or None. A damaged autosave is kept as ``*.bad`` and a notice
        for the menu is appended to ``notices``."""
        from rummi_desktop.storage.saves import read_autosave

        missing = load(EntryPoint(self.missing)) if self.missing else ()
        try:
            save, notice = read_autosave(self.key, self.title, load(EntryPoint(self.load_state)), not_damage=missing)
        except missing as error:
            _tell(notices, f"The saved {self.title} game needs {self.missing_what}: {error}")
            return None
        _tell(notices, notice)
        if save is None:
            return None
        try:
            session = load(EntryPoint(self.session)).from_save(save.setup, save.state, save.stats)
        except (KeyError, TypeError, ValueError) as error:
            _set_aside(self.key)
            _tell(notices, f"The saved {self.title} game is damaged ({error}); kept it aside as .bad. Start a new game.")
            return None
        session.saved_arrangement = save.arrangement
        return session

    def resume(self, app: "App") -> Scene | None:
        """Continue: a table for the autosaved game, or None when there is nothing to continue."""
        from rummi_desktop.storage.saves import has_autosave

        if not has_autosave(self.key) or self.load_saved_session(app.notices) is None:
            return None
        return ResumingTable(app, self)


class ResumingTable(Scene):
    """What the menu's Continue opens: loads the autosave afresh each time it is entered, then
    hands over to the table (or closes, with a notice, if the save is gone or damaged)."""

    def __init__(self, app: "App", entry: GameEntry) -> None:
        super().__init__()
        self.app = app
        self.entry = entry

    def on_enter(self) -> None:
        session = self.entry.load_saved_session(self.app.notices)
        if self.stack is None:
            return
        if session is None:
            self.close()
            return
        self.stack.replace(self.entry.table_for(self.app, session))


def _tell(notices: list[str] | None, notice: str | None) -> None:
    if notice and notices is not None:
        notices.append(notice)


def _set_aside(game: str) -> None:
    from rummi_desktop.storage.saves import autosave_path
    from rummi_desktop.storage.toml_files import quarantine

    try:
        quarantine(autosave_path(game))
    except OSError:
        pass  # the notice still goes out; the damaged file is simply read (and refused) again
