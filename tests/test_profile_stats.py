"""Statistics recorded after finished, seeded games of every game (through the sessions and
the recording hook the tables call), added up per profile, and the local leaderboards."""

from __future__ import annotations

import datetime as dt

import pytest

from profile_support import finished_record, new_session, play_session_to_end
from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.games import GAMES
from rummi_desktop.scenes.game_records_hook import record_session
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.records.stat_totals import PERSON, leaderboards, profile_game_stats
from rummi_desktop.storage import paths
from rummi_desktop.storage.game_records import read_records, write_record

ANN, BEA = "p-0000000a", "p-0000000b"
# The session's own per-seat counters (kept by other code, for the results card) that the
# game's stats entry point must agree with, as (session field, record measure).
SESSION_AGREES = {
    "rummi": [("tiles_placed", "tiles_placed"), ("melds_played", "melds_played"), ("jokers_used", "jokers_played")],
    "rummble": [("tiles_placed", "tiles_placed"), ("best_play", "best_play"), ("rummmbles", "rummmbles")],
    "tumblewords": [("words", "words"), ("best_drop", "best_drop"), ("longest_word", "best_word")]  # a point a letter,
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    return tmp_path


def pass_and_play(key: str, seed: int):
    seats = (SeatConfig(HUMAN, "Ann", ANN), SeatConfig(HUMAN, "Bea", BEA))
    session = new_session(key, seed, seats)
    play_session_to_end(session, key, seed)
    return session


@pytest.mark.parametrize("key", list(GAMES))
def test_a_finished_pass_and_play_game_credits_each_persons_profile(home, key):
    session = pass_and_play(key, 5)
    assert record_session(key, session) == ""
    records, notices = read_records()
    assert notices == [] and len(records) == 1
    record = records[0]
    state = session.finished_state
    assert record["game"] == key and record["log"] == state.log and record["scores"] == list(state.scores())
    assert GAMES[key].state_from_dict(record["state"]) == state  # the record replays the game exactly
    for seat, profile in enumerate((ANN, BEA)):
        stats = profile_game_stats(records, profile, key, measures_of(GAMES[key]))
        won = seat in state.winners()
        assert (stats.games, stats.wins, stats.best_score) == (1, int(won), state.scores()[seat])
        assert stats.measures["turns"] == session.stats[seat].turns
        assert stats.measures["average_turn_seconds"] == pytest.approx(2.0)
        for session_field, measure in SESSION_AGREES[key]:
            assert stats.measures[measure] == getattr(session.stats[seat], session_field), measure
        assert stats.by_opponent[PERSON].games == 1


def test_rummi_records_each_round_with_its_own_turns(home):
    from rummi_desktop.games.rummi.table.session import RummiSession, load_match

    session = pass_and_play("rummi", 3)
    first = [seat.turns for seat in session.stats]
    record_session("rummi", session)
    session.next_round()
    # The match is saved and resumed between the rounds, as Save and quit then Continue does.
    setup, state, stats = session.to_save()
    session = RummiSession.from_save(setup, load_match(state), stats)
    play_session_to_end(session, "rummi", 4)
    record_session("rummi", session)
    records, _ = read_records()
    assert len(records) == 2
    for seat in range(2):
        turns = sorted(record["seats"][seat]["stats"]["turns"] for record in records)
        assert sum(turns) == session.stats[seat].turns and first[seat] in turns
    assert records[0]["seed"] != records[1]["seed"]  # each round's own deal


@pytest.mark.parametrize("key", list(GAMES))
def test_measures_add_up_by_their_kind_over_several_games(home, key):
    days = [dt.datetime(2026, 11, day, 12, tzinfo=dt.timezone.utc) for day in (1, 2, 3)]
    seats = [finished_record(key, seed, {0: ANN}, when)[1]["seats"][0] for seed, when in zip((1, 2, 3), days)]
    for seed, when in zip((1, 2, 3), days):
        write_record(finished_record(key, seed, {0: ANN}, when)[1])
    records, _ = read_records()
    measures = measures_of(GAMES[key])
    stats = profile_game_stats(records, ANN, key, measures)
    assert stats.games == 3 and stats.wins == sum(seat["won"] for seat in seats)
    scores = [seat["score"] for seat in seats]
    assert stats.best_score == max(scores) and stats.average_score == pytest.approx(sum(scores) / 3)
    assert [score for _, score in stats.score_history] == scores  # oldest first
    for measure in measures:
        values = [seat["stats"][measure.name] for seat in seats]
        expected = {"best": max(values), "sum": sum(values), "mean": sum(values) / 3}[measure.kind]
        assert stats.measures[measure.name] == pytest.approx(expected), measure.name
    opponent = records[0]["seats"][1]["kind"]  # the random player's seat label
    assert {kind: (tally.games, tally.wins) for kind, tally in stats.by_opponent.items()} == {opponent: (3, stats.wins)}


def _record(record_id: str, score: int, when: str, mode: str = "2 seats", name: str = "Ann") -> dict:
    return {"version": 2, "id": record_id, "game": "rummble", "finished_at": when, "mode": mode,
            "seats": [{"kind": "human", "name": name, "profile": ANN, "score": score, "won": True, "stats": {}},
                      {"kind": "hard", "name": "Hard", "profile": "", "score": 999, "won": False, "stats": {}}]}


def test_leaderboards_order_by_score_then_the_earlier_date_per_mode():
    records = [
        _record("r-20261103T100000-00000001", 300, "2026-11-03T10:00:00+00:00"),
        _record("r-20261101T100000-00000002", 300, "2026-11-01T10:00:00+00:00", name="Bea"),
        _record("r-20261102T100000-00000003", 410, "2026-11-02T10:00:00+00:00"),
        _record("r-20261102T110000-00000004", 500, "2026-11-02T11:00:00+00:00", mode="3 seats"),
    ]
    tables = leaderboards(records, "rummble")
    assert list(tables) == ["2 seats", "3 seats"]
    assert [(entry.score, entry.name) for entry in tables["2 seats"]] == [(410, "Ann"), (300, "Bea"), (300, "Ann")]
    assert all(entry.name != "Hard" for table in tables.values() for entry in table)  # people only
    assert leaderboards(records, "rummi") == {}


def test_a_leaderboard_keeps_the_top_ten():
    records = [_record(f"r-20261101T1000{n:02d}-000000{n:02d}", n, f"2026-11-01T10:00:{n:02d}+00:00")
               for n in range(15)]
    assert [entry.score for entry in leaderboards(records, "rummble")["2 seats"]] == list(range(14, 4, -1))


TABLES = {"rummi": "rummi_desktop.games.rummi.table.table_scene:RummiTableScene",
          "rummble": "rummi_desktop.games.rummble.table.table_scene:RummbleTableScene",
          "tumblewords": "rummi_desktop.games.tumblewords.table.table_scene:TumblewordsTableScene"}


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("autosave", [True, False])
def test_the_table_records_a_finished_game_once_through_the_shared_hook(home, key, autosave):
    from rummi_desktop.shell.app import App
    from rummi_desktop.entry_points import load
    from rummi_desktop.games.base import EntryPoint
    from rummi_desktop.scenes.menu import MenuScene

    app = App()
    app.stack.push(MenuScene(app))
    session = pass_and_play(key, 6)
    table = load(EntryPoint(TABLES[key]))(app, session, autosave=autosave)
    app.stack.push(table)
    app.step(1 / 60)
    table.turn_completed(True)  # what the table's turn flow calls after the game's last turn
    records, _ = read_records()
    assert len(records) == (1 if autosave else 0)  # the bench (no autosave) records nothing
    if autosave:
        assert [seat["profile"] for seat in records[0]["seats"]] == [ANN, BEA]
        assert records[0]["mode"] == session.mode_name()
