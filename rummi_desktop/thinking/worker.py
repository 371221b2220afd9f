"""A computer seat thinks in a child process: thinking that never competes with the frame loop
for the GIL (where no process can start, :mod:`rummi_desktop.thinking.thread` is the fallback).

Measured on the bench table: while a seat thinks on a thread, every pygame call that
releases the GIL (each blit) must win it back from the thinking thread, so a frame of ~75
blits stretched from ~2 ms to 25–130 ms. A child process thinks on the other core instead.

The child is never forked from the game: a copy of a process running SDL's threads can start
holding a lock no thread will release (this hung CI once; Python 3.12+ warns). It comes from
a fork server started before pygame, a small clean process that has imported the thinking
modules, so each child starts warm in milliseconds; or, where there is no fork server
(Windows, macOS), it is spawned: a fresh interpreter that imports what it needs.

The child (rummi_desktop.thinking.child) knows nothing of any game: it is told a handler by
name ("package.module:function") and imports it. Requests and replies are JSON text over a
pipe (send_bytes/recv_bytes).
Parent → child: {"id", "task", "budget"} asks; {"cancel": id} stops that request.
Child → parent: {"ready": true} once the handler is imported (or {"ready": false, "error"}),
then one {"id", "result"} or {"id", "error"} per request, in order.
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
import multiprocessing.util  # noqa: F401  (registers its exit handler before ours below)
import queue
import sys
import threading
import time
import weakref
from collections.abc import Iterable
from typing import Any, Callable

from rummi_desktop.thinking.child import serve, split_handler_path
from rummi_desktop.thinking.thread import ThinkingFailed

STALL_GRACE = 2.0  # s past its budget: a child that has not answered by then is stuck
START_GRACE = 10.0  # s a child not yet ready may add (spawn imports the handler's modules first)
STOP_GRACE = 0.5  # s a closed child has to leave by itself before it is killed
_LIVE_WORKERS: "weakref.WeakSet[ThinkingProcess]" = weakref.WeakSet()
_start_method: str | None = None


def _kill_workers_at_exit() -> None:
    """Kill thinking children at interpreter exit. multiprocessing's own exit handler (which
    runs after this one) terminates and then waits for them without a timeout."""
    for worker in list(_LIVE_WORKERS):
        worker.kill()


atexit.register(_kill_workers_at_exit)


class _Chores:
    """A long-lived daemon thread that runs chores in order. Handing it one never waits; a
    thread started per chore would make the frame wait (a new thread holds the GIL until it
    first blocks: measured 1–5 ms here)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: "queue.SimpleQueue[Callable[[], None]]" = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def run(self, chore: Callable[[], None]) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=self.name, daemon=True)
                self._thread.start()
        self._queue.put(chore)

    def _serve(self) -> None:
        while True:
            self._queue.get()()


# Two, so that a new table's child never starts behind a closed one being reaped.
_STARTS = _Chores("thinking starts")
_REAPS = _Chores("thinking reaps")


def choose_start_method() -> str:
    """"forkserver" where Python offers it and forking a clean process is safe; else "spawn".
    (macOS has a fork server too, but Python itself keeps spawn as the default there: forking
    is unsafe once system frameworks are loaded.)"""
    if "forkserver" in multiprocessing.get_all_start_methods() and sys.platform != "darwin":
        return "forkserver"
    return "spawn"


def processes_available() -> bool:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" in methods or "spawn" in methods


def start_thinking_server(preload: Iterable[str] = (), method: str | None = None) -> str:
    """Choose how thinking children start and, with a fork server, start it now; returns the
    start method. Call it early, before pygame is imported: the server then imports the
    ``preload`` modules (names, or handler paths "module:function") while the window opens,
    and every child forked from it starts with them imported. A cheap no-op once done."""
    global _start_method
    if _start_method is not None:
        return _start_method
    chosen = method or choose_start_method()
    if chosen not in ("forkserver", "spawn"):
        raise ValueError(f"thinking children start by 'forkserver' or 'spawn', not {chosen!r}")
    if chosen == "forkserver":
        import multiprocessing.forkserver

        multiprocessing.get_context("forkserver").set_forkserver_preload(
            [name.partition(":")[0] for name in preload])
        try:
            multiprocessing.forkserver.ensure_running()
        except OSError:
            chosen = "spawn"
    _STARTS.run(lambda: None)  # its thread exists before the window opens
    _start_method = chosen
    return chosen


def thinking_start_method() -> str | None:
    """The start method chosen by :func:`start_thinking_server`, or None before it ran."""
    return _start_method


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
                self.worker.close(kill=True)  # stuck: the next turn starts a fresh child
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
        self.worker.cancel(self.request_id)

    def wait(self, timeout: float | None = None) -> bool:
        end = None if timeout is None else time.perf_counter() + timeout
        while not self.done:
            if end is not None and time.perf_counter() >= end:
                return False
            time.sleep(0.002)
        return True


class ThinkingProcess:
    """A child process that answers thinking requests one at a time.

    ``handler`` names a function "package.module:function" that the child imports and calls
    as ``function(task, deadline, cancel)`` with JSON data, returning JSON data; ``deadline`` is
    a ``time.perf_counter()`` instant in the child and ``cancel`` a ``threading.Event``.
    ``submit`` never blocks; replies are read without blocking when polled; ``close`` does not
    wait for the child.
    """

    def __init__(self, handler: str) -> None:
        split_handler_path(handler)  # a misspelt path fails here, in the caller's hands
        self.handler = handler
        context = multiprocessing.get_context(start_thinking_server())
        self.start_method = context.get_start_method()
        self._connection, child_end = context.Pipe()
        self._process = context.Process(target=serve, args=(child_end, handler),
                                        name="rummi thinking", daemon=True)
        self.started_at = time.perf_counter()
        self.ready_at: float | None = None  # when the child said its handler is imported
        self.start_error: str | None = None
        self.failed = False  # no child could be started
        self._closed = False
        self._next_id = 0
        self._replies: dict[int, dict] = {}
        self._free_at = 0.0  # when the child is done with what it was asked (at the latest)
        # Starting waits for the fork server to fork, and the server may still be importing
        # the thinking modules when a table opens at once: a helper thread waits, never the
        # frame. Requests sent meanwhile wait in the pipe.
        self._started = threading.Event()
        _LIVE_WORKERS.add(self)
        _STARTS.run(lambda: self._start(child_end))

    def _start(self, child_end: Any) -> None:
        try:
            self._process.start()
        except OSError as error:
            self.start_error = f"the thinking process could not start: {error}"
            self.failed = True
        finally:
            child_end.close()  # the child has its own copy: end of file reaches us if it dies
            self._started.set()

    @property
    def pid(self) -> int | None:
        """The child's process id (waits for the start, which takes milliseconds)."""
        self._started.wait()
        return self._process.pid

    @property
    def alive(self) -> bool:
        if self._closed or self.failed:
            return False
        return not self._started.is_set() or self._process.is_alive()

    @property
    def ready(self) -> bool:
        """True once the child has imported its handler (reads its messages; never blocks)."""
        self._read_messages()
        return self.ready_at is not None

    def submit(self, task: Any, budget: float, name: str = "computer seat") -> ProcessJob:
        self._next_id += 1
        request = {"id": self._next_id, "task": task, "budget": budget}
        try:
            self._connection.send_bytes(json.dumps(request).encode("utf-8"))
        except OSError:
            pass  # the child has gone (or never came): the job's poll reports it
        # Requests queue in the child: this one may only start once the ones before it end.
        self._free_at = max(time.perf_counter(), self._free_at) + budget
        grace = STALL_GRACE + (0.0 if self.ready else START_GRACE)
        return ProcessJob(self, self._next_id, name, self._free_at + grace)

    def _read_messages(self) -> bool:
        """Take every message waiting on the pipe; False once the child has gone."""
        if self._closed:
            return False
        try:
            while self._connection.poll():
                message = json.loads(self._connection.recv_bytes().decode("utf-8"))
                if "ready" in message:
                    self.ready_at = time.perf_counter()
                    self.start_error = message.get("error")
                else:
                    self._replies[message["id"]] = message
                    if message["id"] == self._next_id:
                        self._free_at = time.perf_counter()  # the child has nothing left to do
        except (EOFError, OSError):
            return False
        return True

    def take_reply(self, request_id: int) -> dict | None:
        if not self._read_messages():
            ended = self.start_error if self.failed else "the thinking process ended"
            self._replies.setdefault(request_id, {"id": request_id, "error": ended})
        return self._replies.pop(request_id, None)

    def cancel(self, request_id: int) -> None:
        try:
            self._connection.send_bytes(json.dumps({"cancel": request_id}).encode("utf-8"))
        except OSError:
            pass  # the child has gone: nothing left to stop

    def close(self, kill: bool = False) -> None:
        """Stop the child (leaving the table) without waiting for it: closing the pipe ends it
        at once (its reader sees end of file); a helper thread reaps it, and kills it if it is
        still there after ``STOP_GRACE``. ``kill=True`` sends SIGKILL now (a stuck child)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._connection.close()
        except OSError:
            pass
        if kill and self._started.is_set() and not self.failed:
            self._process.kill()  # only sends the signal: the reaper waits
        _REAPS.run(self._reap)

    def _reap(self) -> None:
        self._started.wait()
        if not self.failed:
            self._process.join(STOP_GRACE)
        self.kill()

    def kill(self) -> None:
        """Stop the child at once (SIGKILL: no handler can keep it alive)."""
        self._started.wait(START_GRACE)  # a child still starting is killed once it exists
        if not self.failed and self._process.pid is not None and self._process.is_alive():
            self._process.kill()
            self._process.join(1.0)
        _LIVE_WORKERS.discard(self)
