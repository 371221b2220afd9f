"""Replays: each game's recorded final state is reached exactly again from its start and
moves; replay files round-trip and a bad one gives a clear message; the Replay scene's
step / play / pause / speed driven by synthetic events; History opens a replay; screenshots."""

from __future__ import annotations

import dataclasses
import os

import pygame
import pytest

from replay_support import GAME_KEYS, recorded_game
from rummi_desktop.shell.app import App
from rummi_desktop.records.replay import ReplayError, replay_from_document, replay_of_record, replay_to_document
from rummi_desktop.scenes.history import HistoryScene
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.replay import MOVE_SECONDS, ReplayScene
from rummi_desktop.records.profiles import ProfileBook
from rummi_desktop.storage import paths
from rummi_desktop.records.profile_file import save_profiles
from rummi_desktop.storage.game_records import write_record
from rummi_desktop.records.replay_files import export_replay, load_replay, replays_dir

DT = 1 / 60
SHOTS = "/tmp/replays-shots"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    made = App()
    made.stack.push(MenuScene(made))
    made.step(DT)
    return made


def key(app, name):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0))
    app.step(DT)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def shot(surface_owner, name):
    os.makedirs(SHOTS, exist_ok=True)
    surface = pygame.Surface((1280, 800))
    surface_owner.draw(surface)
    pygame.image.save(surface, f"{SHOTS}/{name}.png")
    return surface


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_replay_reaches_the_recorded_final_state_exactly(game):
    state, record = recorded_game(game, 11)
    replay = replay_of_record(record)
    assert replay.length == len(state.log) > 10
    replay.seek(replay.length // 2)
    replay.seek(3)  # back: replayed from the start
    assert replay.seek(replay.length).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_export_then_load_round_trips(game, tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    state, record = recorded_game(game, 4)
    path = export_replay(replay_of_record(record))
    assert path.parent == replays_dir() and path.suffix == ".toml"
    loaded, problem = load_replay(path)
    assert problem == ""
    assert loaded.moves == tuple(state.log) and loaded.final_scores == tuple(state.scores())
    assert loaded.seek(loaded.length).fingerprint() == state.fingerprint()


def test_two_games_finished_in_the_same_second_export_to_two_files(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    first, second = (replay_of_record(recorded_game("rummble", seed)[1]) for seed in (4, 5))
    second = dataclasses.replace(second, finished_at=first.finished_at)
    paths_written = [export_replay(first), export_replay(second), export_replay(first)]
    assert paths_written[0] != paths_written[1] and paths_written[1].stem.endswith("-2")
    assert paths_written[2] == paths_written[0]  # the same game again: its own file
    assert load_replay(paths_written[1])[0].moves == second.moves
    assert load_replay(paths_written[0])[0].moves == first.moves


def test_a_malformed_replay_file_gives_a_clear_message_and_stays(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("kind = 'rummi-desktop replay'\nversion = [", encoding="utf-8")
    replay, problem = load_replay(broken)
    assert replay is None and "broken.toml is not a readable TOML file" in problem
    assert broken.exists()
    assert "There is no file" in load_replay(tmp_path / "missing.toml")[1]


def test_a_replay_whose_moves_were_changed_is_refused_with_the_reason(tmp_path):
    _, record = recorded_game("rummble", 4)
    document = replay_to_document(replay_of_record(record))
    with pytest.raises(ReplayError, match="scores"):
        replay_from_document({**document, "moves": document["moves"][:-3]})
    with pytest.raises(ReplayError, match="do not replay"):
        replay_from_document({**document, "moves": ["play nonsense"] + document["moves"]})
    with pytest.raises(ReplayError, match="not a Rummi Desktop replay"):
        replay_from_document({**document, "kind": "a shopping list"})
    with pytest.raises(ReplayError, match="version"):
        replay_from_document({**document, "version": 99})


def test_step_play_pause_and_speed_by_synthetic_events(app):
    _, record = recorded_game("rummble", 6)
    scene = ReplayScene(app, replay_of_record(record))
    app.stack.push(scene)
    app.step(DT)
    key(app, "right")
    key(app, "right")
    assert scene.status()["position"] == 2
    key(app, "left")
    assert scene.replay.position == 1
    key(app, "space")  # play
    assert scene.playing
    for _ in range(int(MOVE_SECONDS / DT) + 2):
        app.step(DT)
    assert scene.replay.position == 2
    key(app, "s")  # 2×
    key(app, "s")  # 4×
    assert scene.speed == 4.0
    for _ in range(int(MOVE_SECONDS / DT / 4) + 2):
        app.step(DT)
    assert scene.replay.position == 3
    key(app, "space")  # pause
    for _ in range(120):
        app.step(DT)
    assert not scene.playing and scene.replay.position == 3
    key(app, "end")
    assert scene.replay.at_end
    key(app, "home")
    assert scene.replay.position == 0


def test_playing_stops_at_the_last_move(app):
    _, record = recorded_game("tumblewords", 6)
    scene = ReplayScene(app, replay_of_record(record))
    app.stack.push(scene)
    scene.seek(scene.replay.length - 1)
    scene.toggle_play()
    for _ in range(int(MOVE_SECONDS / DT) + 5):
        app.step(DT)
    assert scene.replay.at_end and not scene.playing


def test_export_button_writes_the_file_and_shows_where(app):
    _, record = recorded_game("rummi", 3)
    scene = ReplayScene(app, replay_of_record(record))
    app.stack.push(scene)
    app.step(DT)
    key(app, "e")
    assert scene.message.startswith("Replay written to ")
    path = scene.message.removeprefix("Replay written to ")
    assert load_replay(path)[0] is not None


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_replay_draws_the_games_own_table_mid_game(app, game):
    _, record = recorded_game(game, 5)
    scene = ReplayScene(app, replay_of_record(record))
    app.stack.push(scene)
    scene.seek(scene.replay.length // 2)
    for _ in range(40):
        app.step(DT)
    surface = shot(scene, f"replay-{game}")
    felt = app.theme.felt if hasattr(app.theme, "felt") else None
    assert scene.table.view.sprites.settled or game == "tumblewords"
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20, felt  # a table with tiles, not a blank screen


def test_history_lists_the_profiles_games_and_opens_a_replay(app):
    import datetime as dt

    book = ProfileBook()
    ann, bob = book.create("Ann"), book.create("Bob")
    save_profiles(book)
    for day, game in enumerate(GAME_KEYS, start=1):
        _, record = recorded_game(game, day, ann.id, when=dt.datetime(2026, 11, day, 12, tzinfo=dt.timezone.utc))
        write_record(record)
    _, other = recorded_game("rummi", 9, profile=bob.id)
    write_record(other)
    scene = HistoryScene(app, ann.id)
    app.stack.push(scene)
    app.step(DT)
    assert [row.game for row in scene.rows] == ["tumblewords", "rummble", "rummi"]  # newest first
    assert scene.rows[0].opponents == "Hard"
    shot(scene, "history")
    click(app, scene.row_rect(1).center)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.replay.game == "rummble"


def test_history_load_replay_of_a_bad_file_tells_why(app, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("not = toml = at all", encoding="utf-8")
    scene = HistoryScene(app, "p-1")
    app.stack.push(scene)
    scene.typed = str(bad)
    app.step(DT)
    scene.load_file()
    app.step(DT)
    assert "bad.toml is not a readable TOML file" in scene.message
    assert app.stack.top is scene and bad.exists()


def test_statistics_history_button_opens_the_history(app):
    from rummi_desktop.scenes.stats import StatsScene

    stats = StatsScene(app)
    app.stack.push(stats)
    app.step(DT)
    key(app, "h")
    app.step(DT)
    assert isinstance(app.stack.top, HistoryScene)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_step_back_shows_what_going_straight_there_shows(app, game):
    _, record = recorded_game(game, 8)
    stepped, straight = ReplayScene(app, replay_of_record(record)), ReplayScene(app, replay_of_record(record))
    middle = stepped.replay.length // 2
    for _ in range(middle + 1):
        stepped.step(1)
    stepped.step(-1)
    straight.seek(middle)
    assert stepped.replay.position == straight.replay.position == middle
    assert stepped.replay.state.fingerprint() == straight.replay.state.fingerprint()
    places = []
    pictures = []
    for scene in (stepped, straight):
        view = scene.table.view
        view.sprites.finish_all()
        places.append({tile: (s.x, s.y, s.w) for tile, s in view.sprites.sprites.items()})
        if game == "tumblewords":
            places.append(sorted((tile, view.world.top_left(tile)) for tile in view.world.tiles))
        surface = pygame.Surface((1280, 800))
        scene.draw(surface)
        pictures.append(surface)
    assert places[0] == places[len(places) // 2]  # every tile where going straight puts it
    if game == "tumblewords":
        assert places[1] == places[3]
    # The pictures may differ only where overlapping shadows are painted in another order.
    differing = sum(pictures[0].get_at((x, y)) != pictures[1].get_at((x, y))
                    for x in range(0, 1280, 4) for y in range(0, 800, 4))
    assert differing < 0.01 * (320 * 200)
