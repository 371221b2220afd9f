"""A player's data folder with one good file of every kind the game reads, written by the
game's own writers (the damaged-files fuzzer damages one at a time; fuzz_damage_run.py).

Settings; profiles (one profile, who played every game); each game's autosave (from the
game's quick start, as the table saves it) and last setup (Tumblewords' naming a custom word
list, which is then read at every start); one finished game of each game in ``records/`` and
the index beside them; the profile's unlocks and puzzle progress; a sandbox puzzle file in
``puzzles/``; a replay export in ``replays/``; a profile export in ``exports/``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummi_desktop.shell.app import App

FORFEIT_TURNS = 3000  # a game of forfeits (draws, passes) ends long before this
WORD_LIST = "my_words.txt"
WORD_LIST_OPTION = "words"  # the setup option that names a custom word list, in a game that has one


def table_seats(spec) -> int:
    """Two seats, or the game's fewest when it needs more (one seat is a solo game: not the
    ordinary table these records stand for)."""
    return max(2, spec.min_seats)


def finished_state(key: str, seed: int):
    """A finished game of ``key`` between two seats that only forfeit (Rummi draws, the word
    games pass): the quickest real game to the end, by the rules."""
    from rummi_desktop.games import GAMES

    spec = GAMES[key]
    state = spec.new_state(("easy",) * table_seats(spec), seed)
    for _ in range(FORFEIT_TURNS):
        if state.is_terminal:
            return state
        state.forfeit_turn()
    raise RuntimeError(f"{key}: a game of forfeits did not end")


def write_records(profile_id: str) -> list[dict]:
    from rummi_desktop.games import GAMES
    from rummi_desktop.games.seats import HUMAN, SeatConfig
    from rummi_desktop.records.finished_games import build_record
    from rummi_desktop.storage.game_records import write_record

    records = []
    for key, spec in GAMES.items():
        state = finished_state(key, 1)
        seats = (SeatConfig(HUMAN, "Ann", profile_id),) + tuple(
            SeatConfig("easy", "Easy") for _ in range(table_seats(spec) - 1))
        record = build_record(spec, {"seed": 1}, seats, state, [(10, 40.0)] * len(seats), "2 seats")
        write_record(record)
        records.append(record)
    return records


def write_autosaves(app: "App") -> None:
    """Each game's autosave and last setup, from its quick start's session (not entered: no
    thinking process is started for it)."""
    from rummi_desktop.scenes.registry import playable_games
    from rummi_desktop.storage.saves import write_autosave, write_last_setup

    for game in playable_games():
        if game.quick_start is None:
            continue
        table = game.quick_start(app, argparse.Namespace(seats="human,easy", seed=1, mode=None))
        setup, state, stats = table.session.to_save()
        write_autosave(game.key, setup, state, stats)
        write_last_setup(game.key, setup)


def write_word_list(home: Path) -> None:
    """A custom word list, named by the last setup of each game whose setup names one (so the
    game reads it when its setup screen opens)."""
    from rummi_desktop.games import GAMES
    from rummi_desktop.storage.saves import read_last_setup, write_last_setup

    path = home / "data" / WORD_LIST
    path.write_text("cat\ncats\nact\ntac\nscat\n", encoding="utf-8")
    for key in GAMES:
        setup = read_last_setup(key) or {}
        if WORD_LIST_OPTION in setup:
            write_last_setup(key, {**setup, WORD_LIST_OPTION: str(path)})


def write_profile_files(records: list[dict], profile_id: str) -> None:
    from rummi_desktop.records.replay import replay_of_record
    from rummi_desktop.records.replay_files import export_replay
    from rummi_desktop.records.transfer import export_profile
    from rummi_desktop.records.unlock_state import UnlockState, write_unlocks
    from rummi_desktop.storage import paths
    from rummi_desktop.trainer.progress_file import ProgressBook, write_book

    write_unlocks(profile_id, UnlockState({"midnight": "2026-11-01T10:00:00+00:00"}))
    book = ProgressBook()
    book.of(profile_id)
    write_book(book)
    export_replay(replay_of_record(records[0]))
    export_profile(profile_id, paths.data_dir() / "exports" / "ann.toml")


def write_sandbox_puzzle() -> None:
    """The first shipped puzzle of the first game that ships any, saved as the sandbox saves."""
    from rummi_desktop.games import GAMES
    from rummi_desktop.scenes.sandbox.scenario_files import save_scenario
    from rummi_desktop.trainer.puzzle_files import shipped_puzzles

    for key in GAMES:
        shipped = shipped_puzzles(key).puzzles
        if shipped:
            save_scenario(shipped[0].to_dict())
            return


def make_home(app: "App", home: Path) -> None:
    """Fill the data folder ``home`` (RUMMI_DESKTOP_HOME, already set) with good files."""
    from rummi_desktop.records.profile_file import save_profiles
    from rummi_desktop.records.profiles import ProfileBook

    app.update_settings(master_volume=0.5, music_on=False)  # also spares each start loading the music
    app.save_settings()
    book = ProfileBook()
    profile = book.create("Ann", created="2026-11-01T10:00:00+00:00")
    save_profiles(book)
    records = write_records(profile.id)
    write_autosaves(app)
    write_word_list(home)
    write_profile_files(records, profile.id)
    write_sandbox_puzzle()
