"""The post-game review in the window: Review on the results card runs the review off the
frame loop with a progress bar, its summary is ``review_game``'s, a biggest miss opens the
board at its turn, Show me animates the best play and puts the board back, leaving cancels,
and a reviewed game's accuracy is kept with its record for the statistics' chart."""

from __future__ import annotations

import datetime as dt
import threading

import pygame
import pytest

from profile_support import new_session, play_session_to_end
from replay_support import GAME_KEYS, recorded_game
from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.review import review_game, review_turn, split_turns
from rummi_desktop.games.seats import HUMAN, SeatConfig
from rummi_desktop.records.finished_games import measures_of
from rummi_desktop.records.replay import replay_of_record
from rummi_desktop.records.stat_totals import profile_game_stats
from rummi_desktop.scenes import review_scene as review_scene_module
from rummi_desktop.scenes.game_records_hook import record_session
from rummi_desktop.scenes.review_board import ReviewBoardScene
from rummi_desktop.scenes.review_scene import ReviewScene
from rummi_desktop.scenes.stats import StatsScene
from rummi_desktop.storage.game_records import add_review_accuracy, read_record, record_path, write_record
from rummi_desktop.storage.record_digest import digest_of
from rummi_desktop.storage.record_index import read_summaries
from rummi_desktop.thinking import review_run
from rummi_desktop.thinking.review_run import ReviewRun
from test_rummi_flow_support import click, key, make_app, steps

QUICK = "tumblewords"  # the quickest game to review: the flow tests' game


@pytest.fixture
def app(tmp_path, monkeypatch):
    return make_app(tmp_path, monkeypatch, "normal")


@pytest.fixture
def on_threads(monkeypatch):
    """Reviews run on the thread fallback (as where no process can start)."""
    monkeypatch.setattr(review_run, "processes_available", lambda: False)


def finished_card(app, key: str, seed: int = 11):
    """The game's own results card over a finished, recorded game (Ann at seat 0, a profile)."""
    from rummi_desktop.games.tumblewords.table.results import GameOverScene

    session = new_session(key, seed, (SeatConfig(HUMAN, "Ann", "p-1"), SeatConfig("hard", "Hard")))
    play_session_to_end(session, key, seed)
    assert record_session(key, session) == ""
    card = GameOverScene(app, session, lambda app, session: None)
    app.stack.push(card)
    steps(app, 1)
    return card, session


def centre(widget):
    return widget.rect.center


def until_reviewed(app, scene, most: int = 2000):
    for _ in range(most):
        if not scene.running:
            return
        steps(app, 1)
        pygame.time.wait(1)
    raise AssertionError("the review did not finish")


def drawn_texts(monkeypatch, scene) -> list[str]:
    """Every text the scene draws in one frame (an off-screen surface)."""
    seen: list[str] = []
    real = review_scene_module.shapes.text

    def spy(message, *args, **kwargs):
        seen.append(message)
        return real(message, *args, **kwargs)

    monkeypatch.setattr(review_scene_module.shapes, "text", spy)
    scene.draw(pygame.Surface((1280, 800)))
    monkeypatch.setattr(review_scene_module.shapes, "text", real)
    return seen


def test_review_from_the_results_card_shows_progress_then_review_games_numbers(app, on_threads, monkeypatch):
    card, session = finished_card(app, QUICK)
    assert card.review_button.enabled
    gate, real_task = threading.Event(), review_run.review_task

    def held_after_two_turns(task, deadline, cancel):  # the bar is seen part-filled
        if task["ask"] == "turn" and task["index"] >= 2:
            gate.wait(10)
        return real_task(task, deadline, cancel)

    monkeypatch.setattr(review_run, "review_task", held_after_two_turns)
    click(app, centre(card.review_button))
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.running
    while scene.run.progress[0] < 2:
        pygame.time.wait(1)
    steps(app, 1)
    done, total = scene.run.progress
    assert f"Weighing every turn against the best play… 2 of {total}" in drawn_texts(monkeypatch, scene)
    gate.set()
    until_reviewed(app, scene)
    replay = replay_of_record(session.finished_record)
    expected = review_game(QUICK, load_entry(GAMES[QUICK], "coach"), replay.fresh_state(), replay.moves)
    assert scene.reviewed.review.to_data() == expected.to_data()
    assert scene.seats == [0]  # the person's seat only
    texts = drawn_texts(monkeypatch, scene)
    assert f"{expected.accuracy(0):.0%}" in texts and str(expected.missed_points(0)) in texts
    assert [turn for _, turn in scene.miss_buttons] == expected.biggest_misses(0)
    kept, _ = read_record(record_path(session.finished_record))
    assert kept["seats"][0]["stats"]["review_accuracy"] == pytest.approx(expected.accuracy(0), abs=1e-4)
    assert "review_accuracy" not in kept["seats"][1]["stats"]  # a computer's seat is nobody's figure


def test_a_biggest_miss_opens_the_board_at_its_turn(app, on_threads):
    card, session = finished_card(app, QUICK, seed=5)
    click(app, centre(card.review_button))
    scene = app.stack.top
    until_reviewed(app, scene)
    button, turn = scene.miss_buttons[0]
    click(app, centre(button))
    board = app.stack.top
    assert isinstance(board, ReviewBoardScene) and board.turn == turn
    position = scene.reviewed.position_of(turn)
    assert board.replay.position == position and board.replay.state.current == turn.seat
    assert scene.replay.position == 0  # the review's own replay never moved


def a_missed_turn(key: str, seed: int = 11):
    """(the replay, the first reviewed turn whose best play lays tiles the played one did not,
    its position): weighed turn by turn, stopping at the first."""
    _, record = recorded_game(key, seed)
    replay = replay_of_record(record)
    coach, position = load_entry(GAMES[key], "coach"), 0
    for number, turn in enumerate(split_turns(replay.fresh_state(), replay.moves), start=1):
        reviewed = review_turn(coach, turn, number)
        if reviewed is not None and reviewed.missed_tiles:
            return replay, reviewed, position
        position += len(turn.actions)
    raise AssertionError("no turn missed a tile")


def board_picture(board) -> tuple:
    """What the board shows: the shown state, where each tile sprite stands and (a board
    with physics) where each of its tiles rests."""
    view = board.table.view
    shown = GAMES[board.replay.game].state_to_dict(board.table.session.state)
    sprites = {tile: (round(sprite.x), round(sprite.y)) for tile, sprite in view.sprites.sprites.items()}
    world = getattr(view, "world", None)
    resting = {tile: tuple(round(v) for v in world.top_left(tile)) for tile in world.tiles} if world else {}
    return shown, sprites, resting


@pytest.mark.parametrize("key", GAME_KEYS)
def test_show_me_animates_the_best_play_then_puts_the_board_back(app, key):
    replay, turn, position = a_missed_turn(key)
    replay.seek(position)
    board = ReviewBoardScene(app, replay, turn, "Ann")
    app.stack.push(board)
    steps(app, 2)
    before = board_picture(board)
    click(app, centre(board.side))  # Show me
    assert board.showing is not None
    steps(app, 4)
    assert board_picture(board) != before  # the best play is on the way
    assert board.replay.position == position  # shown on a copy: the replay stays at the turn
    for _ in range(600):
        if board.showing is None:
            break
        steps(app, 1, dt=1 / 30)
    assert board.showing is None
    steps(app, 2)
    assert board_picture(board) == before


def test_leaving_mid_review_cancels_it(app):
    _, record = recorded_game("rummi", 11)
    scene = ReviewScene(app, replay_of_record(record), use_process=True)
    app.stack.push(scene)
    steps(app, 1)
    run = scene.run
    assert run is not None and run.use_process
    child = run._process
    app.stack.pop()
    steps(app, 1)
    assert scene.run is None and run._process is None and not child.alive
    assert run.poll() is None  # nothing answers any more


def test_the_thinking_process_review_equals_the_pure_one():
    from review_support import small_rummble_game, play_out

    played = play_out("rummble", small_rummble_game(3))
    fresh = small_rummble_game(3)
    start = {key: value for key, value in GAMES["rummble"].state_to_dict(fresh).items() if key not in ("log", "snapshot")}
    run = ReviewRun("rummble", start, played.log, use_process=True)
    for _ in range(5000):
        if run.poll() is not None:
            break
        pygame.time.wait(2)
    reviewed = run.poll()
    expected = review_game("rummble", load_entry(GAMES["rummble"], "coach"), small_rummble_game(3), played.log)
    assert reviewed.review.to_data() == expected.to_data()
    assert run.progress[0] == run.progress[1] > 0


def test_accuracy_is_kept_with_the_record_old_records_load_and_the_digest_stays(tmp_path, monkeypatch):
    from rummi_desktop.storage import paths

    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    _, record = recorded_game(QUICK, 4)
    write_record(record)
    old_digest = digest_of(record)
    summaries, notices = read_summaries()
    stats = profile_game_stats(summaries, "p-1", QUICK, measures_of(GAMES[QUICK]))
    assert notices == [] and stats.games == 1 and stats.accuracy_history == []  # no figure: loads as before
    assert add_review_accuracy(QUICK, record["id"], {0: 0.625}) == ""
    kept, _ = read_record(record_path(record))
    assert digest_of(kept) == old_digest  # the same game, reviewed or not (profile sync)
    summaries, _ = read_summaries()
    stats = profile_game_stats(summaries, "p-1", QUICK, measures_of(GAMES[QUICK]))
    assert stats.accuracy_history == [(record["finished_at"], 0.625)]
    assert add_review_accuracy(QUICK, record["id"], {0: 0.75}) == ""  # reviewed again: replaced, not added
    summaries, _ = read_summaries()
    stats = profile_game_stats(summaries, "p-1", QUICK, measures_of(GAMES[QUICK]))
    assert stats.accuracy_history == [(record["finished_at"], 0.75)]
    assert add_review_accuracy(QUICK, "r-20000101T000000-00000000", {0: 0.5}) != ""  # gone: said, not raised


def test_the_stats_accuracy_chart_has_a_point_per_reviewed_game(app):
    from rummi_desktop.records.profile_file import save_profiles
    from rummi_desktop.records.profiles import ProfileBook

    book = ProfileBook()
    profile = book.create("Ann")
    save_profiles(book)
    for day, seed, share in ((1, 4, 0.5), (2, 5, 0.75)):
        when = dt.datetime(2026, 11, day, 12, tzinfo=dt.timezone.utc)
        _, record = recorded_game(QUICK, seed, profile=profile.id, when=when)
        write_record(record)
        add_review_accuracy(QUICK, record["id"], {0: share})
    _, unreviewed = recorded_game(QUICK, 6, profile=profile.id)
    write_record(unreviewed)
    stats = StatsScene(app, profile.id, QUICK)
    dots = stats.draw_accuracy(pygame.Surface((1280, 800)), stats.current_stats(), None)
    assert len(dots) == 2 and dots[0][1] > dots[1][1]  # 75% stands higher than 50%


def test_history_and_the_replay_viewer_open_the_review(app, on_threads):
    from rummi_desktop.records.profile_file import save_profiles
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.scenes.history import HistoryScene
    from rummi_desktop.scenes.replay import ReplayScene

    book = ProfileBook()
    profile = book.create("Ann")
    save_profiles(book)
    _, record = recorded_game(QUICK, 4, profile=profile.id)
    write_record(record)
    history = HistoryScene(app, profile.id)
    app.stack.push(history)
    steps(app, 1)
    click(app, history.review_rect(0).center)  # the row's Review chip
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.replay.record_id == record["id"]
    app.stack.pop()
    steps(app, 1)
    click(app, history.row_rect(0).midleft)  # the row itself: its replay
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.review_button is not None
    click(app, centre(viewer.review_button))
    assert isinstance(app.stack.top, ReviewScene) and app.stack.top.replay.moves == viewer.replay.moves


def test_where_no_process_can_start_the_review_runs_on_a_thread(monkeypatch):
    def no_process(handler):
        raise OSError("no processes here")

    monkeypatch.setattr(review_run, "ThinkingProcess", no_process)
    _, record = recorded_game(QUICK, 4)
    replay = replay_of_record(record)
    run = ReviewRun(QUICK, replay.start, replay.moves, use_process=True)
    assert not run.use_process
    for _ in range(5000):
        if run.poll() is not None:
            break
        pygame.time.wait(2)
    expected = review_game(QUICK, load_entry(GAMES[QUICK], "coach"), replay.fresh_state(), replay.moves)
    assert run.poll().review.to_data() == expected.to_data()


def test_a_keyboard_player_opens_the_review_and_reaches_every_turn(app, on_threads):
    from rummi_desktop.scenes.review_scene import ROWS_SHOWN

    card, session = finished_card(app, QUICK)
    key(app, "v")  # Review on the results card
    scene = app.stack.top
    until_reviewed(app, scene)
    turns = scene.listed_turns()
    assert len(turns) > ROWS_SHOWN + 1
    for _ in range(len(scene.miss_buttons) + 1):  # Tab past the biggest misses to the first turn
        key(app, "tab")
    assert scene.widgets.focused is scene.rows[0] and scene.rows[0].turn == turns[0]
    for _ in range(ROWS_SHOWN):  # down the rows shown, then once more: the list scrolls
        key(app, "down")
    assert scene.first == 1 and scene.widgets.focused is scene.rows[-1]
    assert scene.rows[-1].turn == turns[ROWS_SHOWN]
    key(app, "page down")
    assert scene.first == min(1 + ROWS_SHOWN, len(turns) - ROWS_SHOWN)
    chosen = scene.rows[-1].turn
    key(app, "return")
    board = app.stack.top
    assert isinstance(board, ReviewBoardScene) and board.turn == chosen
    assert board.replay.position == scene.reviewed.position_of(chosen)


def test_a_game_given_up_before_any_play_says_so(app, on_threads, monkeypatch):
    import dataclasses

    _, record = recorded_game(QUICK, 4)
    replay = dataclasses.replace(replay_of_record(record), moves=("resign",), record_id="")
    scene = ReviewScene(app, replay)
    app.stack.push(scene)
    until_reviewed(app, scene)
    texts = drawn_texts(monkeypatch, scene)
    assert "No turn to weigh." in texts
    assert not any(text.startswith("Every turn was the best play") for text in texts)
    assert any(text.startswith("No turn to weigh") for text in texts) and scene.rows[0].turn is None


def test_a_rummi_round_card_reviews_that_round_even_when_its_record_could_not_be_written(app, on_threads,
                                                                                        monkeypatch):
    from rummi_desktop.games.rummi.table.results import RoundEndScene
    from rummi_desktop.scenes import game_records_hook

    session = new_session("rummi", 11, (SeatConfig(HUMAN, "Ann", "p-1"), SeatConfig("hard", "Hard")))
    session.finished_record = {"game": "rummi", "id": "an earlier round's"}  # as after a first round
    play_session_to_end(session, "rummi", 11)

    def disk_full(record):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(game_records_hook, "write_record", disk_full)
    assert record_session("rummi", session) != ""
    log = tuple(session.finished_state.log)
    assert session.finished_record["id"] == "" and tuple(session.finished_record["state"]["log"]) == log
    card = RoundEndScene(app, session, lambda: None, lambda app, session: None)
    app.stack.push(card)
    steps(app, 1)
    assert card.review_button.enabled and not card.review_button.rect.colliderect(card.next_button.rect)
    key(app, "v")
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.replay.moves == log
    until_reviewed(app, review)
    assert review.reviewed is not None and review.kept == ""  # no file: nothing kept, nothing said


class RecordingSurface(pygame.Surface):
    """An off-screen surface that notes where each picture lands."""

    def __init__(self, size):
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        self.placed.append(pygame.Rect(dest, source.get_size()))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("people", [1, 4])
def test_a_cards_figures_never_run_into_each_other(app, on_threads, people):
    from rummi_desktop.scenes.review_scene import SUMMARY

    _, record = recorded_game(QUICK, 4)
    scene = ReviewScene(app, replay_of_record(record))
    scene.cancel()
    scene.seats = list(range(people))
    card = scene.card_rects()[-1]
    surface = RecordingSurface((1280, 800))
    scene.draw_figures(surface, card, (("Accuracy", "100%"), ("Points missed", "12345"), ("Turns", "188")))
    assert len(surface.placed) == 6 and card.w <= SUMMARY.w // people
    for index, rect in enumerate(surface.placed):
        assert card.contains(rect)
        assert not any(rect.colliderect(other) for other in surface.placed[index + 1:])


def test_a_keyboard_player_reviews_a_game_from_history(app, on_threads):
    from rummi_desktop.records.profile_file import save_profiles
    from rummi_desktop.records.profiles import ProfileBook
    from rummi_desktop.scenes.history import HistoryScene
    from rummi_desktop.scenes.replay import ReplayScene

    book = ProfileBook()
    profile = book.create("Ann")
    save_profiles(book)
    for day, seed in ((1, 4), (2, 5)):
        _, record = recorded_game(QUICK, seed, profile=profile.id,
                                  when=dt.datetime(2026, 11, day, 12, tzinfo=dt.timezone.utc))
        write_record(record)
    history = HistoryScene(app, profile.id)
    app.stack.push(history)
    steps(app, 1)
    key(app, "tab")
    key(app, "down")  # the second row: the older game
    assert history.widgets.focused is history.lines[1]
    key(app, "v")
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.replay.record_id == history.rows[1].record_id
    app.stack.pop()
    steps(app, 1)
    key(app, "return")  # the focused row itself: its replay
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.replay.moves == review.replay.moves
