"""A computer seat's thinking off the frame loop: on a worker thread, or in a child process that
is never forked from the game and ends when the game does."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from rummi_desktop.thinking import worker as ai_worker
from rummi_desktop.thinking.worker import ThinkingProcess
from rummi_desktop.thinking.thread import ThinkingFailed, ThinkingJob, start_thinking


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


# --- the thinking process ---------------------------------------------------------------------
# The child imports this module by name and calls these handlers with JSON data.
HANDLER = f"{__name__}:_double"
PARENT_ONLY = None  # set by a test in the parent only: a forked child would see the value
HANG_GUARD = 30.0  # s: a bound on waits so a broken build fails instead of hanging (not a speed check)


def _double(task, deadline, cancel):
    if task == "wait for cancel":
        while not cancel.is_set() and time.perf_counter() < deadline:
            time.sleep(0.005)
        return "stopped" if cancel.is_set() else "deadline"
    if task == "boom":
        raise ValueError("bad position")
    if task == "hang":
        time.sleep(3600)  # stands for a long search, or a child stuck on a lock
    if task == "parent only":
        return PARENT_ONLY
    if task == "pid":
        return os.getpid()
    if task == "not json":
        return {1, 2}
    return [x * 2 for x in task]


def _answer(worker, task, budget=2.0):
    job = worker.submit(task, budget=budget)
    assert job.wait(HANG_GUARD)
    return job.poll()


def _gone(pid: int) -> bool:
    """True once the process has exited (a zombie nobody reaps has exited too)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone before or while it was read
        return True


def _wait_until_gone(pid: int) -> bool:
    end = time.monotonic() + HANG_GUARD
    while time.monotonic() < end:
        if _gone(pid):
            return True
        time.sleep(0.02)
    return False


def _stop(pid: int) -> None:
    """SIGSTOP the process and wait until every one of its threads has stopped (the signal is
    acted on asynchronously: a thread still running could yet read the closed pipe)."""
    os.kill(pid, signal.SIGSTOP)
    end = time.monotonic() + HANG_GUARD
    while time.monotonic() < end:
        states = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            states.append((task / "stat").read_text().rsplit(")", 1)[1].split()[0])
        if all(state in ("T", "t") for state in states):
            return
        time.sleep(0.005)
    raise AssertionError(f"process {pid} did not stop")


@pytest.fixture
def worker():
    worker = ThinkingProcess(HANDLER)
    yield worker
    worker.kill()


def test_the_child_is_not_forked_from_this_process(worker, monkeypatch):
    assert worker.start_method in ("forkserver", "spawn")
    assert ai_worker.thinking_start_method() == worker.start_method
    if sys.platform.startswith("linux"):
        assert worker.start_method == "forkserver"
    monkeypatch.setattr(sys.modules[__name__], "PARENT_ONLY", "set in the parent")
    assert _answer(worker, "parent only") is None  # the child imported this module afresh
    assert _answer(worker, "pid") == worker.pid != os.getpid()


def test_a_child_started_while_other_threads_run_raises_no_fork_warning():
    release = threading.Event()
    busy = threading.Thread(target=release.wait, daemon=True)  # stands for SDL's threads
    busy.start()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")  # Python 3.12+ warns if it forks here
            worker = ThinkingProcess(HANDLER)
        assert [str(w.message) for w in caught if "fork" in str(w.message)] == []
        try:
            assert _answer(worker, [4]) == [8]
        finally:
            worker.kill()
    finally:
        release.set()


def test_a_thinking_process_answers_json_through_a_named_handler(worker):
    assert _answer(worker, [1, 2, 3]) == [2, 4, 6]
    assert worker.ready and worker.start_error is None
    with pytest.raises(ThinkingFailed, match="bad position"):
        _answer(worker, "boom")
    with pytest.raises(ThinkingFailed, match="not JSON data"):
        _answer(worker, "not json")
    slow = worker.submit("wait for cancel", budget=5.0)
    slow.cancel()
    assert slow.poll() is None  # a cancelled job never hands back an answer
    assert _answer(worker, [5]) == [10]  # the cancel stopped the slow one: the next is answered


def test_a_handler_path_is_checked_before_and_after_the_child_starts():
    with pytest.raises(ValueError, match="package.module:function"):
        ThinkingProcess("tests.no_colon")
    missing = ThinkingProcess("rummi_desktop.no_such_module:think")
    try:
        with pytest.raises(ThinkingFailed, match="no_such_module"):
            _answer(missing, [1])
        assert "no_such_module" in missing.start_error
    finally:
        missing.kill()


def test_close_returns_without_waiting_for_the_child_and_the_child_ends(worker, monkeypatch):
    assert _answer(worker, [1]) == [2]
    worker.submit("hang", budget=60.0)
    monkeypatch.setattr(ai_worker, "STOP_GRACE", 3600.0)
    _stop(worker.pid)  # a stopped child cannot end: close must not wait for it
    try:
        closing = threading.Thread(target=worker.close)
        closing.start()
        closing.join(HANG_GUARD)
        assert not closing.is_alive()
        assert not worker.alive and not _gone(worker.pid)
    finally:
        os.kill(worker.pid, signal.SIGCONT)
    assert _wait_until_gone(worker.pid)  # it saw the pipe close and left, mid-"search"


def test_a_closed_child_that_does_not_leave_is_killed(worker, monkeypatch):
    assert _answer(worker, [1]) == [2]
    monkeypatch.setattr(ai_worker, "STOP_GRACE", 0.2)
    _stop(worker.pid)  # cannot act on the closed pipe
    worker.close()
    assert _wait_until_gone(worker.pid)


PARENT_SCRIPT = """
import sys, time
sys.path.insert(0, {tests!r})
from rummi_desktop.thinking.worker import ThinkingProcess
worker = ThinkingProcess({handler!r})
job = worker.submit({task!r}, budget=60.0)
while not worker.ready:
    time.sleep(0.01)
print(worker.pid, flush=True)
time.sleep(3600)
"""


@pytest.mark.parametrize("task", ["hang", [1]], ids=["searching", "idle"])
def test_the_child_ends_by_itself_when_its_parent_is_killed(task):
    script = PARENT_SCRIPT.format(tests=str(Path(__file__).parent), task=task,
                                  handler=f"{Path(__file__).stem}:_double")
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child_pid = None
    try:
        child_pid = int(parent.stdout.readline())
        assert not _gone(child_pid)
        parent.send_signal(signal.SIGKILL)  # no exit handler runs: the child is on its own
        parent.wait(HANG_GUARD)
        assert _wait_until_gone(child_pid)
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()
        if child_pid is not None and not _gone(child_pid):
            os.kill(child_pid, signal.SIGKILL)


def test_computer_seats_think_in_a_process_and_return_a_move():
    from rummi_desktop.thinking.computer_seats import ComputerSeats
    from rummi_desktop.games.rummi.rules.moves import Move, Play
    from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
    from rummi_desktop.tiles import parse_tiles

    state = RummiState.from_position(RummiParameters(seats=("hard", "human")), [parse_tiles("K4 K5 K6")],
                                     [parse_tiles("K7 K8 B2"), parse_tiles("Y1 Y2")], opened=[True, True])
    seats = ComputerSeats("rummi", use_process=True)
    try:
        seats.prepare()
        job = seats.start(state, "hard")
        assert job.wait(HANG_GUARD)
        move = Move.parse(job.poll())
    finally:
        seats.close()
    assert isinstance(move, Play)
    assert sorted(str(t) for meld in move.melds for t in meld) == sorted(["K4", "K5", "K6", "K7", "K8"])
    assert state.apply(move).outcome == "played"


def test_where_no_process_can_start_the_job_says_so_and_the_seats_think_on_a_thread(monkeypatch):
    import multiprocessing.process

    from rummi_desktop.thinking.computer_seats import ComputerSeats
    from rummi_desktop.games.rummi.rules.moves import Move
    from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
    from rummi_desktop.tiles import parse_tiles

    def refuse(process):
        raise OSError("no processes here")

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    state = RummiState.from_position(RummiParameters(seats=("hard", "human")), [parse_tiles("K4 K5 K6")],
                                     [parse_tiles("K7 B2"), parse_tiles("Y1 Y2")], opened=[True, True])
    worker = ThinkingProcess(HANDLER)
    with pytest.raises(ThinkingFailed, match="could not start: no processes here"):
        _answer(worker, [1])
    assert worker.failed and not worker.alive
    seats = ComputerSeats("rummi", use_process=True)
    try:
        seats.prepare()
        assert seats._process.pid is None  # waits for the start, which failed
        job = seats.start(state, "hard")
        assert isinstance(job, ThinkingJob)  # the thread fallback
        assert job.wait(HANG_GUARD)
        move = Move.parse(job.poll())
        assert sorted(str(t) for meld in move.melds for t in meld) == ["K4", "K5", "K6", "K7"]
    finally:
        seats.close()


def test_a_child_that_does_not_answer_is_killed_and_the_job_fails(worker, monkeypatch):
    monkeypatch.setattr(ai_worker, "STALL_GRACE", 0.3)
    assert _answer(worker, [1]) == [2]  # ready: no start-up grace on the next request
    job = worker.submit("hang", budget=0.1)
    assert job.wait(HANG_GUARD)
    with pytest.raises(ThinkingFailed, match="did not answer"):
        job.poll()
    assert not worker.alive  # the table starts a fresh child for the next turn
    assert _wait_until_gone(worker.pid)


def test_thinking_children_are_killed_at_exit(worker):
    worker.submit("hang", budget=0.1)
    assert worker.alive
    ai_worker._kill_workers_at_exit()  # what atexit runs before multiprocessing waits
    assert not worker.alive
    assert _gone(worker.pid)
