"""Profiles, finished-game records and profile exports on disk: atomic writes that survive a
kill mid-write, versions and upgraders, damaged files set aside (never a crash, nothing else
lost), and export → import round trips."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import textwrap

import pytest
import tomli_w

from profile_support import finished_record
from killed_writes import kill_after_written
from rummi_desktop.records.profiles import GUEST, ProfileBook, ProfileError
from rummi_desktop.storage import game_records
from rummi_desktop.records import transfer as profile_transfer, profile_file as profiles
from rummi_desktop.storage.game_records import read_records, write_record
from rummi_desktop.records.transfer import Folders, export_document, export_profile, import_profile
from rummi_desktop.records.profile_file import load_profiles, save_profiles

WHEN = dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.timezone.utc)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def book_with(*names: str) -> ProfileBook:
    book = ProfileBook()
    for name in names:
        book.create(name, created="2026-11-01T10:00:00+00:00")
    return book


# -- the profile book ----------------------------------------------------------------------

def test_profiles_are_created_renamed_and_deleted_with_clear_refusals():
    book = book_with("Ann", "Bea")
    ann, bea = book.profiles
    assert (ann.initials, book.create("ann lee").initials) == ("AN", "AL")
    with pytest.raises(ProfileError, match="already a profile called Ann"):
        book.create(" ann ")
    with pytest.raises(ProfileError, match="already a profile called Bea"):
        book.rename(ann.id, "Bea")
    with pytest.raises(ProfileError, match="at most 12"):
        book.create("A" * 13)
    with pytest.raises(ProfileError, match="Guest"):
        book.create("guest")
    assert book.rename(ann.id, "Annie").name == "Annie" and book.find(ann.id).name == "Annie"
    book.remember("rummi", [bea.id, ann.id])
    book.delete(bea.id)
    assert book.find(bea.id) is None and book.last_for("rummi", 0) == GUEST and book.last_for("rummi", 1) == ann.id


def test_the_profile_book_round_trips_through_its_file(tmp_path):
    book = book_with("Ann", "Bea")
    book.remember("rummble", [book.profiles[1].id, GUEST])
    save_profiles(book, tmp_path)
    loaded, notice = load_profiles(tmp_path)
    assert notice is None and loaded == book
    assert loaded.current_person() == book.profiles[1].id  # the trainer starts as the last person seated


def test_the_last_person_is_the_first_profile_seated_and_guest_once_deleted():
    book = book_with("Ann", "Bea")
    ann, bea = book.profiles
    assert book.current_person() == GUEST
    book.remember("rummi", [GUEST, bea.id, ann.id])
    assert book.current_person() == bea.id
    book.remember("rummi", [GUEST, GUEST])  # no profile seated: the last person stays
    assert book.current_person() == bea.id
    book.delete(bea.id)
    assert book.current_person() == GUEST


def test_a_version_1_profiles_file_is_upgraded(tmp_path):
    book = book_with("Ann")
    old = {"version": 1, "profiles": [p.to_dict() for p in book.profiles], "last_used": {"rummi": book.profiles[0].id}}
    (tmp_path / "profiles.toml").write_text(tomli_w.dumps(old))
    loaded, notice = load_profiles(tmp_path)
    assert notice is None and loaded.profiles == book.profiles
    assert loaded.last_for("rummi", 0) == book.profiles[0].id and loaded.last_for("rummi", 1) == GUEST


@pytest.mark.parametrize("content", [b"version = 2\n[[profiles]\n", b"\xff\xfe", b'version = 99\n',
                                     b"version = [2]\n", b"version = {x = 1}\n"])  # no version at all
def test_a_damaged_profiles_file_is_set_aside_and_an_empty_book_used(tmp_path, content):
    (tmp_path / "profiles.toml").write_bytes(content)
    book, notice = load_profiles(tmp_path)
    assert book == ProfileBook() and "profiles" in notice and "profiles.toml.bad" in notice
    assert (tmp_path / "profiles.toml.bad").read_bytes() == content and not (tmp_path / "profiles.toml").exists()


def test_one_bad_profile_is_left_out_and_the_whole_file_kept_aside(tmp_path):
    book = book_with("Ann")
    document = profiles.book_to_dict(book)
    document["profiles"].append({"id": "nonsense", "name": "Zed"})
    (tmp_path / "profiles.toml").write_text(tomli_w.dumps(document))
    loaded, notice = load_profiles(tmp_path)
    assert loaded.profiles == book.profiles and "profile 2" in notice
    assert "Zed" in (tmp_path / "profiles.toml.bad").read_text()


def _replace_fails(monkeypatch):
    real = os.replace

    def failing(source, target):
        if str(source).endswith(".tmp"):
            assert os.path.getsize(source) > 0  # the new content was written in full first
            raise OSError(28, "No space left on device")
        return real(source, target)
    monkeypatch.setattr(os, "replace", failing)


def test_a_profiles_save_failing_before_the_replace_leaves_the_old_file(tmp_path, monkeypatch):
    save_profiles(book_with("Ann"), tmp_path)
    before = (tmp_path / "profiles.toml").read_bytes()
    _replace_fails(monkeypatch)
    with pytest.raises(OSError):
        save_profiles(book_with("Ann", "Bea", "Cal"), tmp_path)
    assert (tmp_path / "profiles.toml").read_bytes() == before
    assert [p.name for p in load_profiles(tmp_path)[0].profiles] == ["Ann"]
    assert sorted(os.listdir(tmp_path)) == ["profiles.toml"]  # no temp file left behind


KILLED_SAVE = textwrap.dedent("""
    import os, signal, sys
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.records.profile_file import save_profiles
    def killed(source, target):
        os.kill(os.getpid(), signal.SIGKILL)  # the temp file is written and synced; no replace
    os.replace = killed
    book = ProfileBook()
    for name in ("Ann", "Bea", "Cal"):
        book.create(name)
    save_profiles(book, sys.argv[1])
""")


def test_a_profiles_save_killed_between_write_and_replace_leaves_the_old_file(tmp_path):
    save_profiles(book_with("Ann"), tmp_path)
    before = (tmp_path / "profiles.toml").read_bytes()
    done = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(tmp_path)], timeout=60)
    assert done.returncode == -9
    assert (tmp_path / "profiles.toml").read_bytes() == before
    leftovers = [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]
    assert len(leftovers) == 1 and "Cal" in (tmp_path / leftovers[0]).read_text()  # the killed write's
    assert [p.name for p in load_profiles(tmp_path)[0].profiles] == ["Ann"]


# -- finished-game records -----------------------------------------------------------------

def test_a_record_write_failing_before_the_replace_leaves_no_record_and_the_others(tmp_path, monkeypatch):
    _, kept = finished_record("rummble", 1, {0: "p-0000000a"}, WHEN)
    write_record(kept, tmp_path)
    _, lost = finished_record("rummble", 2, {0: "p-0000000a"}, WHEN)
    _replace_fails(monkeypatch)
    with pytest.raises(OSError):
        write_record(lost, tmp_path)
    monkeypatch.undo()
    assert read_records(tmp_path) == ([kept], [])


KILLED_RECORD_WRITE = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from profile_support import finished_record
    from rummi_desktop.storage import game_records, toml_files
    import datetime as dt
    record = finished_record("rummble", 2, {0: "p-0000000a"}, dt.datetime(2026, 11, 20, tzinfo=dt.timezone.utc))[1]
    def stuck(*args):
        print("written", flush=True)
        time.sleep(120)
    toml_files.os.replace = stuck
    game_records.write_record(record, sys.argv[1])
""")


@pytest.mark.parametrize("reader", ["read_records", "read_summaries"])
def test_temp_files_of_killed_record_writes_are_removed_when_the_records_are_next_read(tmp_path, reader):
    from pathlib import Path

    from rummi_desktop.storage import record_index
    from test_storage_files import age

    _, kept = finished_record("rummble", 1, {0: "p-0000000a"}, WHEN)
    write_record(kept, tmp_path)
    tests = str(Path(__file__).resolve().parent)
    kill_after_written(KILLED_RECORD_WRITE, str(tmp_path), tests)
    (killed,) = (tmp_path / "rummble").glob(".r-*.toml.*.tmp")  # never written again under its name
    young = tmp_path / "rummble" / ".r-20261120T000000-0000beef.toml.x1y2z3.tmp"  # another window's, under way
    young.write_text("half a record")
    index_left = tmp_path / ".index.toml.q7w8e9.tmp"
    index_left.write_text("half an index")
    age(killed, game_records.STALE_RECORD_TEMP_SECONDS + 60)
    age(index_left, game_records.STALE_RECORD_TEMP_SECONDS + 60)
    read = game_records.read_records if reader == "read_records" else record_index.read_summaries
    records, notices = read(tmp_path)
    assert len(records) == 1 and notices == []
    assert not killed.exists() and not index_left.exists()
    assert young.exists()  # younger than an hour: it may still be written
    assert sorted(path.name for path in (tmp_path / "rummble").iterdir()) == sorted([f"{kept['id']}.toml", young.name])


def test_a_damaged_record_is_set_aside_and_the_others_still_count(tmp_path):
    records = [finished_record(key, 1, {0: "p-0000000a"}, WHEN)[1] for key in ("rummi", "rummble", "tumblewords")]
    paths = [write_record(record, tmp_path) for record in records]
    paths[1].write_text(paths[1].read_text()[:200])  # cut short, mid-table
    wrong_type = dict(records[2], seats=[dict(records[2]["seats"][0], score="lots")])
    paths[2].write_text(tomli_w.dumps(wrong_type))
    found, notices = read_records(tmp_path)
    assert found == [records[0]] and len(notices) == 2
    assert all("kept it as" in notice and ".bad" in notice for notice in notices)
    assert paths[1].with_name(paths[1].name + ".bad").exists() and not paths[1].exists()
    assert read_records(tmp_path) == ([records[0]], [])  # set aside once, not reported every time


def test_a_version_1_record_is_upgraded_with_its_mode(tmp_path):
    _, record = finished_record("tumblewords", 1, {0: "p-0000000a"}, WHEN)
    old = {key: value for key, value in record.items() if key != "mode"} | {"version": 1}
    target = tmp_path / "tumblewords" / f"{record['id']}.toml"
    target.parent.mkdir()
    target.write_text(tomli_w.dumps(old))
    found, notices = read_records(tmp_path)
    assert notices == [] and found == [dict(record, mode="2 seats")]


def test_a_record_from_a_newer_version_is_set_aside_not_misread(tmp_path):
    _, record = finished_record("rummble", 1, {0: "p-0000000a"}, WHEN)
    target = write_record(record, tmp_path)
    target.write_text(tomli_w.dumps(dict(record, version=7)))
    found, notices = read_records(tmp_path)
    assert found == [] and "version 7" in notices[0]


# -- export and import ---------------------------------------------------------------------

def make_home(root, names=("Ann",)):
    folders = Folders(root, root / "records")
    book = book_with(*names)
    save_profiles(book, root)
    return folders, book


def test_export_then_import_into_an_empty_home_round_trips_exactly(tmp_path):
    folders, book = make_home(tmp_path / "a", ("Ann", "Bea"))
    ann, bea = book.profiles
    for seed, key in enumerate(("rummi", "rummble", "tumblewords"), start=1):
        write_record(finished_record(key, seed, {0: ann.id}, WHEN)[1], folders.records)
    write_record(finished_record("rummble", 9, {0: bea.id}, WHEN)[1], folders.records)  # not Ann's
    export = export_profile(ann.id, tmp_path / "ann.toml", folders)
    empty = Folders(tmp_path / "b", tmp_path / "b" / "records")
    result = import_profile(export, empty)
    assert result.ok and result.added_games == 3 and result.message == "Added Ann: 3 new game(s)."
    original, copied = export_document(ann.id, folders), export_document(ann.id, empty)
    assert {**copied, "exported_at": ""} == {**original, "exported_at": ""}
    assert sorted(original["stats"]) == ["rummble", "rummi", "tumblewords"]
    again = import_profile(export, empty)
    assert again.ok and again.message == "Merged Ann: 0 new game(s)."
    assert len(read_records(empty.records)[0]) == 3


def test_a_profiles_puzzle_progress_travels_with_its_export(tmp_path):
    from rummi_desktop.trainer.progress_file import ProgressBook, read_book, write_book
    from rummi_desktop.trainer.attempts import book_attempt

    folders, book = make_home(tmp_path / "a", ("Ann", "Bea"))
    ann, bea = book.profiles
    progress = ProgressBook()
    book_attempt(progress.of(ann.id), "rummi", {"id": "r-1", "rating": 24.0}, True, 12.5, 1)
    book_attempt(progress.of(ann.id), "tumblewords", {"id": "t-1", "rating": 26.0}, False, 40.0, 0)
    progress.of(ann.id).game("rummi").streak_best = 2
    progress.of(ann.id).game("rummi").daily_done.add("2026-12-01")
    book_attempt(progress.of(bea.id), "rummi", {"id": "r-2"}, True, 3.0, 0)  # not Ann's
    write_book(progress, folders.progress_file)
    export = export_profile(ann.id, tmp_path / "ann.toml", folders)
    empty = Folders(tmp_path / "b", tmp_path / "b" / "records")
    assert import_profile(export, empty).ok
    copied = read_book(empty.progress_file)[0]
    assert list(copied.players) == [ann.id] and copied.of(ann.id) == progress.of(ann.id)
    assert {**export_document(ann.id, empty), "exported_at": ""} == {**export_document(ann.id, folders), "exported_at": ""}
    assert import_profile(export, empty).ok  # importing again changes nothing
    assert read_book(empty.progress_file)[0] == copied


def test_unlock_dates_travel_with_an_export_and_the_earlier_date_wins(tmp_path):
    from rummi_desktop.records.unlock_state import UnlockState, read_unlocks, write_unlocks

    folders, book = make_home(tmp_path / "a")
    ann = book.profiles[0]
    write_unlocks(ann.id, UnlockState({"midnight": "2026-11-02T10:00:00+00:00", "argyle": ""}), folders.unlocks_folder)
    export = export_profile(ann.id, tmp_path / "ann.toml", folders)
    other = Folders(tmp_path / "b", tmp_path / "b" / "records")
    assert import_profile(export, other).ok
    assert read_unlocks(ann.id, other.unlocks_folder)[0].earned == {"midnight": "2026-11-02T10:00:00+00:00", "argyle": ""}
    write_unlocks(ann.id, UnlockState({"midnight": "2026-11-05T09:00:00+00:00", "argyle": "2026-11-06T09:00:00+00:00",
                                       "velvet": "2026-11-07T09:00:00+00:00"}), other.unlocks_folder)
    assert import_profile(export, other).ok
    assert read_unlocks(ann.id, other.unlocks_folder)[0].earned == {
        "midnight": "2026-11-02T10:00:00+00:00", "argyle": "2026-11-06T09:00:00+00:00",
        "velvet": "2026-11-07T09:00:00+00:00"}  # a date beats none; nothing here is dropped
    damaged = export_document(ann.id, folders) | {"unlocks": ["midnight"]}
    (tmp_path / "odd.toml").write_text(tomli_w.dumps(damaged))
    result = import_profile(tmp_path / "odd.toml", other)
    assert result.ok and "unlock dates could not be read" in result.message


def test_imported_puzzle_progress_merges_with_the_progress_here(tmp_path):
    from rummi_desktop.trainer.progress_file import ProgressBook, read_book, write_book
    from rummi_desktop.trainer.attempts import book_attempt

    folders, book = make_home(tmp_path / "a")
    ann = book.profiles[0]
    there = ProgressBook()
    for _ in range(3):
        book_attempt(there.of(ann.id), "rummi", {"id": "r-1"}, True, 20.0, 0)
    write_book(there, folders.progress_file)
    export = export_profile(ann.id, tmp_path / "ann.toml", folders)
    other = Folders(tmp_path / "b", tmp_path / "b" / "records")
    import_profile(export, other)
    here = read_book(other.progress_file)[0]
    book_attempt(here.of(ann.id), "rummi", {"id": "r-1"}, True, 9.0, 0)  # faster here, fewer attempts
    book_attempt(here.of(ann.id), "rummi", {"id": "r-2"}, False, 9.0, 0)
    write_book(here, other.progress_file)
    assert import_profile(export, other).ok
    merged = read_book(other.progress_file)[0].of(ann.id).game("rummi")
    assert merged.puzzles["r-1"].best_seconds == 9.0 and merged.puzzles["r-1"].attempts == 4
    assert "r-2" in merged.puzzles
    assert merged.rating == here.of(ann.id).game("rummi").rating  # five attempts here against three there


def test_an_export_with_unreadable_puzzle_progress_imports_the_rest_and_says_so(tmp_path):
    folders, book = make_home(tmp_path / "a")
    document = export_document(book.profiles[0].id, folders)
    document["puzzles"] = {"games": {"rummi": {"puzzles": "nonsense"}}}
    (tmp_path / "odd.toml").write_text(tomli_w.dumps(document))
    result = import_profile(tmp_path / "odd.toml", Folders(tmp_path / "b", tmp_path / "b" / "records"))
    assert result.ok and "puzzle progress could not be read" in result.message


def test_importing_merges_new_games_and_names_conflicts(tmp_path):
    folders, book = make_home(tmp_path / "a")
    ann = book.profiles[0]
    first = finished_record("rummble", 1, {0: ann.id}, WHEN)[1]
    write_record(first, folders.records)
    export = export_profile(ann.id, tmp_path / "ann.toml", folders)
    other, other_book = make_home(tmp_path / "b", ("Ann",))  # a different Ann, already there
    import_profile(export, other)  # added as Ann (2)
    write_record(finished_record("rummble", 2, {0: ann.id}, WHEN)[1], folders.records)
    changed = dict(first, duration_seconds=1.0)
    (other.records / "rummble" / f"{first['id']}.toml").write_text(tomli_w.dumps(changed))
    result = import_profile(export_profile(ann.id, tmp_path / "ann2.toml", folders), other)
    assert result.ok and result.added_games == 1
    assert "already here as Ann (2)" in result.message and "1 game(s) differ" in result.message
    names = sorted(p.name for p in load_profiles(other.profiles)[0].profiles)
    assert names == ["Ann", "Ann (2)"]
    assert other_book.profiles[0] in load_profiles(other.profiles)[0].profiles  # the first Ann kept


def test_a_first_import_with_a_taken_name_is_renamed_with_a_message(tmp_path):
    folders, book = make_home(tmp_path / "a")
    export = export_profile(book.profiles[0].id, tmp_path / "ann.toml", folders)
    other, _ = make_home(tmp_path / "b", ("Ann",))
    result = import_profile(export, other)
    assert result.ok and "another profile is already called Ann, so this one is Ann (2)" in result.message


@pytest.mark.parametrize("content", [b"kind = 'something else'\n", b"not toml [", b"\x00\x01"])
def test_a_bad_export_file_changes_nothing_and_stays_where_it_is(tmp_path, content):
    folders, book = make_home(tmp_path / "a")
    source = tmp_path / "import.toml"
    source.write_bytes(content)
    result = import_profile(source, folders)
    assert not result.ok and "Nothing changed" in result.message
    assert source.read_bytes() == content and load_profiles(folders.profiles)[0] == book


def test_a_version_1_export_is_upgraded_on_import(tmp_path):
    folders, book = make_home(tmp_path / "a")
    ann = book.profiles[0]
    write_record(finished_record("rummi", 1, {0: ann.id}, WHEN)[1], folders.records)
    document = export_document(ann.id, folders)
    old = {key: value for key, value in document.items() if key != "records"}
    old |= {"version": 1, "history": document["records"]}
    (tmp_path / "old.toml").write_text(tomli_w.dumps(old))
    empty = Folders(tmp_path / "b", tmp_path / "b" / "records")
    assert import_profile(tmp_path / "old.toml", empty).added_games == 1


def test_upgrader_tables_exist_for_every_file_kind():
    for module, version in ((profiles, profiles.PROFILES_VERSION), (game_records, game_records.RECORD_VERSION),
                            (profile_transfer, profile_transfer.EXPORT_VERSION)):
        assert sorted(module.UPGRADERS) == list(range(1, version))


# -- the summary index ---------------------------------------------------------------------

def test_the_index_summarises_every_record_and_follows_changes(tmp_path):
    from rummi_desktop.storage.record_index import INDEX_FILE, read_summaries, summary_of

    records = [finished_record(key, 1, {0: "p-0000000a"}, WHEN)[1] for key in ("rummi", "rummble", "tumblewords")]
    paths = [write_record(record, tmp_path) for record in records]
    expected = sorted((summary_of(r) for r in records), key=lambda s: (s["finished_at"], s["id"]))
    assert read_summaries(tmp_path) == (expected, [])
    assert (tmp_path / INDEX_FILE).exists()
    assert read_summaries(tmp_path) == (expected, [])  # from the index, the same
    paths[0].unlink()  # a record removed: its entry goes
    paths[1].write_text("broken = [")  # a record damaged after it was indexed: read again, set aside
    summaries, notices = read_summaries(tmp_path)
    assert summaries == [summary_of(records[2])] and len(notices) == 1 and "damaged" in notices[0]


@pytest.mark.parametrize("content", ["garbage [", 'version = 1\nentries = [{file = "rummble/x.toml", summary = {}}]\n'])
def test_a_damaged_index_is_rebuilt_from_the_records(tmp_path, content):
    from rummi_desktop.storage.record_index import INDEX_FILE, read_summaries, summary_of

    record = finished_record("rummble", 1, {0: "p-0000000a"}, WHEN)[1]
    write_record(record, tmp_path)
    (tmp_path / INDEX_FILE).write_text(content)
    summaries, _notices = read_summaries(tmp_path)
    assert summaries == [summary_of(record)]
    assert read_summaries(tmp_path) == ([summary_of(record)], [])


@pytest.mark.parametrize("where", ["seed", "setup", "finished_at", "seats"])
def test_a_record_holding_a_toml_date_is_set_aside_instead_of_crashing_the_statistics(tmp_path, where):
    from rummi_desktop.storage.record_index import read_summaries

    _, kept = finished_record("rummi", 1, {0: "p-0000000a"}, WHEN)
    _, dated = finished_record("rummi", 2, {0: "p-0000000a"}, WHEN)
    write_record(kept, tmp_path)
    path = write_record(dated, tmp_path)
    import tomllib

    document = tomllib.loads(path.read_text(encoding="utf-8"))
    if where == "seats":
        document["seats"][0]["stats"] = {"played_at": dt.date(2026, 11, 20)}
    elif where == "setup":
        document["setup"] = {"seed": dt.datetime(2026, 11, 20, 18, 30)}
    else:
        document[where] = dt.datetime(2026, 11, 20, 18, 30)  # unquoted: a TOML date, not text
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    summaries, notices = read_summaries(tmp_path)  # the history and statistics screens' read
    assert [summary["id"] for summary in summaries] == [kept["id"]]
    assert len(notices) == 1 and path.name in notices[0] and "damaged" in notices[0]
    assert not path.exists() and path.with_name(path.name + ".bad").exists()
    assert read_records(tmp_path) == ([kept], [])


def test_a_game_reviewed_on_one_computer_only_is_no_conflict_on_import(tmp_path):
    from rummi_desktop.storage.game_records import add_review_accuracy

    folders, book = make_home(tmp_path / "a")
    ann = book.profiles[0]
    record = finished_record("rummble", 1, {0: ann.id}, WHEN)[1]
    write_record(record, folders.records)
    other, _ = make_home(tmp_path / "b")
    assert import_profile(export_profile(ann.id, tmp_path / "ann.toml", folders), other).ok
    assert add_review_accuracy("rummble", record["id"], {0: 0.5}, folders.records) == ""  # reviewed here only
    result = import_profile(export_profile(ann.id, tmp_path / "ann2.toml", folders), other)
    assert result.ok and "differ" not in result.message
