"""A computer seat thinks on a worker thread: the fallback where no child process can start.

The table starts a :class:`ThinkingJob` with a function of the shape ``think(deadline, cancel)
-> result`` (the tiers take exactly a ``deadline`` — a ``time.perf_counter()`` instant — and a
``threading.Event``), then calls :meth:`ThinkingJob.poll` once per frame. Leaving the table,
Reset of the match or a timeout calls :meth:`cancel`; the thinking function sees the event and
returns early, and whatever it returns is discarded.

A thread shares the GIL with the frame loop: while the worker runs Python code the frame loop
must win the GIL back each frame. We shorten the interpreter's switch interval while any job
runs so the frame thread gets the GIL within about a millisecond of asking instead of the
default five (restored when the last job ends). :mod:`rummi_desktop.thinking.worker` has the child
process the table prefers.
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


def answer_or_none(job: Any) -> Any:
    """A finished job's answer, or None when its thinking failed (a search whose failure only
    means nothing is shown: the candidate lists)."""
    try:
        return job.poll()
    except ThinkingFailed:
        return None


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
