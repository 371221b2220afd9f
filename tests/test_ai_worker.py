"""The worker thread that runs a computer seat's thinking while the frame loop keeps going."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from rummi_desktop.ai_worker import ThinkingFailed, start_thinking


def test_result_arrives_through_poll_without_blocking():
    release = threading.Event()

    def think(deadline, cancel):
        release.wait(5)
        return ("play", deadline)

    job = start_thinking(think, budget=2.0)
    assert job.poll() is None and not job.done  # still thinking: poll returns at once
    release.set()
    assert job.wait(5)
    kind, deadline = job.poll()
    assert kind == "play"
    assert deadline == pytest.approx(job.started_at + 2.0)


def test_cancel_reaches_the_thinking_function_and_discards_its_answer():
    seen = []

    def think(deadline, cancel):
        cancel.wait(5)
        seen.append(cancel.is_set())
        return "late answer"

    job = start_thinking(think, budget=1.0)
    job.cancel()
    assert job.wait(5)
    assert seen == [True]
    assert job.poll() is None and job.cancelled


def test_an_error_while_thinking_is_raised_on_poll():
    def think(deadline, cancel):
        raise KeyError("broken tier")

    job = start_thinking(think, budget=1.0)
    job.wait(5)
    with pytest.raises(ThinkingFailed) as failure:
        job.poll()
    assert isinstance(failure.value.__cause__, KeyError)


def test_the_frame_loop_keeps_running_while_a_seat_thinks():
    stop = threading.Event()

    def busy_think(deadline, cancel):
        total = 0
        while not cancel.is_set() and time.perf_counter() < deadline:
            total += sum(range(200))
        return total

    interval_before = sys.getswitchinterval()
    job = start_thinking(busy_think, budget=0.3)
    frames = 0
    while not job.done:  # the "frame loop": counts how often it got to run
        frames += 1
        time.sleep(0.001)
    stop.set()
    assert job.poll() > 0
    assert frames > 10
    assert sys.getswitchinterval() == interval_before  # restored after the last job


def _double(task, deadline, cancel):
    if task == "wait for cancel":
        while not cancel.is_set() and time.perf_counter() < deadline:
            time.sleep(0.005)
        return "stopped" if cancel.is_set() else "deadline"
    if task == "boom":
        raise ValueError("bad position")
    if task == "hang":
        time.sleep(3600)  # stands for a child stuck on a lock it inherited
    return [x * 2 for x in task]


def test_a_forked_thinking_process_answers_in_json_and_stops_on_close():
    from rummi_desktop.ai_worker import ThinkingProcess, fork_available

    assert fork_available()  # Linux: the table thinks in a child process
    worker = ThinkingProcess(_double)
    try:
        job = worker.submit([1, 2, 3], budget=2.0)
        assert job.wait(10)
        assert job.poll() == [2, 4, 6]
        failing = worker.submit("boom", budget=2.0)
        assert failing.wait(10)
        with pytest.raises(ThinkingFailed, match="bad position"):
            failing.poll()
        slow = worker.submit("wait for cancel", budget=5.0)
        slow.cancel()
        assert slow.poll() is None  # a cancelled job never hands back an answer
        after = worker.submit([5], budget=2.0)
        assert after.wait(10) and after.poll() == [10]
    finally:
        worker.close()
    assert not worker.alive


def test_computer_seats_think_in_a_process_and_return_a_move():
    from rummi_desktop.computer_seats import ComputerSeats
    from rummi_desktop.games.rummi.moves import Move, Play
    from rummi_desktop.games.rummi.state import RummiParameters, RummiState
    from rummi_desktop.tiles import parse_tiles

    state = RummiState.from_position(RummiParameters(seats=("hard", "human")), [parse_tiles("K4 K5 K6")],
                                     [parse_tiles("K7 K8 B2"), parse_tiles("Y1 Y2")], opened=[True, True])
    seats = ComputerSeats("rummi", use_process=True)
    try:
        job = seats.start(state, "hard")
        assert job.wait(20)
        move = Move.parse(job.poll())
    finally:
        seats.close()
    assert isinstance(move, Play)
    assert sorted(str(t) for meld in move.melds for t in meld) == sorted(["K4", "K5", "K6", "K7", "K8"])
    assert state.apply(move).outcome == "played"


def test_a_child_that_does_not_answer_is_killed_and_the_job_fails(monkeypatch):
    from rummi_desktop import ai_worker
    from rummi_desktop.ai_worker import ThinkingProcess

    monkeypatch.setattr(ai_worker, "STALL_GRACE", 0.3)
    worker = ThinkingProcess(_double)
    try:
        job = worker.submit("hang", budget=0.1)
        assert job.wait(10)
        with pytest.raises(ThinkingFailed, match="did not answer"):
            job.poll()
        assert not worker.alive  # the table forks a fresh child for the next turn
    finally:
        worker.close()


def test_thinking_children_are_killed_at_exit():
    from rummi_desktop import ai_worker
    from rummi_desktop.ai_worker import ThinkingProcess

    worker = ThinkingProcess(_double)
    worker.submit("hang", budget=0.1)
    assert worker.alive
    ai_worker._kill_workers_at_exit()  # what atexit runs before multiprocessing waits
    assert not worker.alive
