"""A computer seat thinks on a worker thread; the frame loop polls it and never waits.

The table scene starts a :class:`ThinkingJob` with a function of the shape
``think(deadline, cancel) -> result`` (H2's tiers take exactly a ``deadline`` — a
``time.perf_counter()`` instant — and a ``threading.Event``), then calls :meth:`ThinkingJob.poll`
once per frame. Leaving the table, Reset of the match or a timeout calls :meth:`cancel`; the
thinking function sees the event and returns early, and whatever it returns is discarded.

Why a thread and not a process: the tiers are fast (p95 well under the turn's animation
time), the model objects stay in one address space (no serialising a game state every turn),
and a thread starts in microseconds. The cost is the GIL: while the worker runs Python code
the frame loop must win the GIL back each frame. We shorten the interpreter's switch interval
while any job runs so the frame thread gets the GIL within about a millisecond of asking
instead of the default five (restored when the last job ends).
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

Result = TypeVar("Result")
ThinkFunction = Callable[[float, threading.Event], Result]

# While a job thinks, the frame thread waits at most this long for the GIL.
THINKING_SWITCH_INTERVAL = 0.0005

_switch_lock = threading.Lock()
_jobs_running = 0
_saved_interval: float | None = None


def _job_started() -> None:
    global _jobs_running, _saved_interval
    with _switch_lock:
        if _jobs_running == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(THINKING_SWITCH_INTERVAL)
        _jobs_running += 1


def _job_finished() -> None:
    global _jobs_running, _saved_interval
    with _switch_lock:
        _jobs_running -= 1
        if _jobs_running == 0 and _saved_interval is not None:
            sys.setswitchinterval(_saved_interval)
            _saved_interval = None


class ThinkingFailed(RuntimeError):
    """The thinking function raised; the original error is the ``__cause__``."""


@dataclass
class ThinkingJob(Generic[Result]):
    """One computer seat's turn of thinking, running on its own daemon thread.

    ``budget`` is seconds of thinking allowed; the deadline handed to the function is
    ``time.perf_counter() + budget`` at start. ``poll()`` returns the result once, when ready.
    """

    think: ThinkFunction
    budget: float
    name: str = "computer seat"
    cancel_event: threading.Event = field(default_factory=threading.Event)
    started_at: float = 0.0
    finished_at: float | None = None
    _result: Any = None
    _error: BaseException | None = None
    _done: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> "ThinkingJob[Result]":
        self.started_at = time.perf_counter()
        deadline = self.started_at + self.budget
        _job_started()
        self._thread = threading.Thread(
            target=self._run, args=(deadline,), name=f"thinking: {self.name}", daemon=True
        )
        self._thread.start()
        return self

    def _run(self, deadline: float) -> None:
        try:
            self._result = self.think(deadline, self.cancel_event)
        except BaseException as error:  # handed to the frame thread, which decides
            self._error = error
        finally:
            self.finished_at = time.perf_counter()
            _job_finished()
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    @property
    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else time.perf_counter()
        return end - self.started_at

    def poll(self) -> Result | None:
        """The result if thinking finished (and was not cancelled), else None. Never blocks.

        Raises :class:`ThinkingFailed` if the thinking function raised.
        """
        if not self._done.is_set() or self.cancel_event.is_set():
            return None
        if self._error is not None:
            raise ThinkingFailed(f"{self.name} failed while thinking") from self._error
        return self._result

    def cancel(self) -> None:
        """Ask the function to stop; its result, if any, will be ignored."""
        self.cancel_event.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the thread ends (tests, shutdown). True if it ended."""
        return self._done.wait(timeout)


def start_thinking(
    think: ThinkFunction, budget: float, name: str = "computer seat"
) -> ThinkingJob:
    """Start ``think(deadline, cancel)`` on a worker thread and return the job to poll."""
    return ThinkingJob(think=think, budget=budget, name=name).start()


# --------------------------------------------------------------------------------------------
# A worker *process*: thinking that never competes with the frame loop for the GIL.
#
# Measured on the bench table: while a seat thinks on a thread, every pygame call that
# releases the GIL (each blit) must win it back from the thinking thread, so a frame of ~75
# blits stretched from ~2 ms to 25–130 ms. A forked child process thinks on the other core
# instead. Requests and replies are JSON text over a pipe (send_bytes/recv_bytes: nothing is
# pickled). "fork" is used because it needs no re-import of the program (it works the same
# from `python -m`, the entry point and a frozen bundle); where fork is not available the
# table falls back to the thread above.

import atexit  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import multiprocessing  # noqa: E402
import multiprocessing.util  # noqa: E402,F401  (registers its exit handler before ours below)
import os  # noqa: E402
import signal  # noqa: E402
import weakref  # noqa: E402

Handler = Callable[[dict, float, Any], Any]
# A child that has not answered this long after its budget is stuck: a forked copy of a
# process with threads (SDL's) can, rarely, start holding a lock that no thread will release.
STALL_GRACE = 2.0
_LIVE_WORKERS: "weakref.WeakSet[ThinkingProcess]" = weakref.WeakSet()


def _kill_workers_at_exit() -> None:
    """Kill thinking children at interpreter exit. multiprocessing's own exit handler (which
    runs after this one) terminates and then waits for them without a timeout; a child stuck
    before it dropped SDL's SIGTERM handler would make that wait last forever."""
    for worker in list(_LIVE_WORKERS):
        worker.kill()


atexit.register(_kill_workers_at_exit)


def fork_available() -> bool:
    return "fork" in multiprocessing.get_all_start_methods() and os.name == "posix"


def _serve(connection: Any, cancel: Any, handler: Handler) -> None:
    """The child's loop: one JSON request in, one JSON reply out, until the pipe closes."""
    # The child is a copy of a pygame process: SDL's SIGTERM/SIGINT handlers would turn a
    # terminate() into a quit event nobody reads. Plain default behaviour for the child.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            request = json.loads(connection.recv_bytes().decode("utf-8"))
        except (EOFError, OSError):
            return
        deadline = time.perf_counter() + float(request.get("budget", 2.0))
        try:
            reply = {"id": request["id"], "result": handler(request["task"], deadline, cancel)}
        except Exception as error:  # reported to the parent, which decides what to do
            reply = {"id": request["id"], "error": f"{type(error).__name__}: {error}"}
        try:
            connection.send_bytes(json.dumps(reply).encode("utf-8"))
        except (BrokenPipeError, OSError):
            return


class ProcessJob:
    """One request to a :class:`ThinkingProcess`; polled like a :class:`ThinkingJob`."""

    def __init__(self, worker: "ThinkingProcess", request_id: int, name: str, answer_by: float) -> None:
        self.worker = worker
        self.request_id = request_id
        self.name = name
        self.answer_by = answer_by  # a time.perf_counter() instant: later means the child is stuck
        self.started_at = time.perf_counter()
        self.finished_at: float | None = None
        self._reply: dict | None = None
        self._cancelled = False

    @property
    def done(self) -> bool:
        if self._reply is None:
            self._reply = self.worker.take_reply(self.request_id)
            if self._reply is None and time.perf_counter() > self.answer_by:
                self.worker.kill()  # stuck: the next turn forks a fresh child
                self._reply = {"id": self.request_id, "error": "the thinking process did not answer"}
            if self._reply is not None:
                self.finished_at = time.perf_counter()
        return self._reply is not None

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    @property
    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else time.perf_counter()
        return end - self.started_at

    def poll(self) -> Any:
        if self._cancelled or not self.done:
            return None
        assert self._reply is not None
        if "error" in self._reply:
            raise ThinkingFailed(f"{self.name} failed while thinking: {self._reply['error']}")
        return self._reply.get("result")

    def cancel(self) -> None:
        self._cancelled = True
        self.worker.cancel_current()

    def wait(self, timeout: float | None = None) -> bool:
        end = None if timeout is None else time.perf_counter() + timeout
        while not self.done:
            if end is not None and time.perf_counter() >= end:
                return False
            time.sleep(0.002)
        return True


class ThinkingProcess:
    """A forked child that answers thinking requests one at a time.

    ``handler(task, deadline, cancel)`` runs in the child with plain JSON data and returns
    JSON data. ``submit`` never blocks; replies are read without blocking when polled.
    """

    def __init__(self, handler: Handler | str) -> None:
        if isinstance(handler, str):  # "package.module:function"
            module_name, _, attribute = handler.partition(":")
            handler = getattr(importlib.import_module(module_name), attribute)
        context = multiprocessing.get_context("fork")
        self._connection, child_end = context.Pipe()
        self._cancel = context.Event()
        self._process = context.Process(target=_serve, args=(child_end, self._cancel, handler),
                                        name="rummi thinking", daemon=True)
        self._process.start()
        child_end.close()
        self._next_id = 0
        self._replies: dict[int, dict] = {}
        self._free_at = 0.0  # when the child is done with what it was asked (at the latest)
        _LIVE_WORKERS.add(self)

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    def submit(self, task: Any, budget: float, name: str = "computer seat") -> ProcessJob:
        self._next_id += 1
        self._cancel.clear()
        request = {"id": self._next_id, "task": task, "budget": budget}
        self._connection.send_bytes(json.dumps(request).encode("utf-8"))
        # Requests queue in the child: this one may only start once the ones before it end.
        self._free_at = max(time.perf_counter(), self._free_at) + budget
        return ProcessJob(self, self._next_id, name, self._free_at + STALL_GRACE)

    def take_reply(self, request_id: int) -> dict | None:
        try:
            while self._connection.poll():
                reply = json.loads(self._connection.recv_bytes().decode("utf-8"))
                self._replies[reply["id"]] = reply
        except (EOFError, OSError):
            self._replies.setdefault(request_id, {"id": request_id, "error": "the thinking process ended"})
        return self._replies.pop(request_id, None)

    def cancel_current(self) -> None:
        self._cancel.set()

    def close(self) -> None:
        """Stop the child (leaving the table)."""
        self._cancel.set()
        try:
            self._connection.close()
        except OSError:
            pass
        self._process.join(timeout=0.5)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=0.5)
        self.kill()  # if still alive; and it is no longer a live worker

    def kill(self) -> None:
        """Stop the child at once (SIGKILL: no handler can keep it alive)."""
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=1.0)
        _LIVE_WORKERS.discard(self)
