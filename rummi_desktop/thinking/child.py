"""What runs inside a thinking process: told a handler by name, it answers JSON requests.

The game's side is :class:`rummi_desktop.thinking.worker.ThinkingProcess`, which starts this in a
child process (from a fork server or spawned, never forked from the game) and describes the
messages. This module knows nothing of any game, and imports nothing of ours: the handler,
"package.module:function", is imported here by name and called as
``function(task, deadline, cancel)``.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import multiprocessing.connection
import os
import queue
import signal
import threading
import time
from typing import Any, Callable

Handler = Callable[[Any, float, threading.Event], Any]


def split_handler_path(path: str) -> tuple[str, str]:
    """``"package.module:function"`` → (module, function); ValueError for anything else."""
    module, colon, function = path.partition(":")
    names = module.split(".") + [function]
    if not colon or not all(name.isidentifier() for name in names):
        raise ValueError(f"a thinking handler is named 'package.module:function', not {path!r}")
    return module, function


class _Cancels:
    """Cancel requests, which may arrive before, during or after the request they name."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancelled: set[int] = set()
        self._current: tuple[int, threading.Event] | None = None

    def cancel(self, request_id: int) -> None:
        with self._lock:
            self._cancelled.add(request_id)
            if self._current is not None and self._current[0] == request_id:
                self._current[1].set()

    def begin(self, request_id: int) -> threading.Event:
        with self._lock:
            event = threading.Event()
            if request_id in self._cancelled:
                event.set()
            self._current = (request_id, event)
            return event


def _read_requests(connection: Any, inbox: "queue.SimpleQueue[dict]", cancels: _Cancels) -> None:
    """The child's reader (a daemon thread): requests go to the inbox, cancels take effect at
    once. It is also the watchdog: when the parent closes the pipe or dies, nobody will read an
    answer, so the child ends here and now, even in the middle of a long search."""
    parent = multiprocessing.parent_process()
    watched = [connection] + ([parent.sentinel] if parent is not None else [])
    while True:
        ready = multiprocessing.connection.wait(watched)
        if connection not in ready:
            os._exit(0)  # the parent's sentinel: the parent process has ended
        try:
            message = json.loads(connection.recv_bytes().decode("utf-8"))
        except (EOFError, OSError):
            os._exit(0)
        except ValueError:
            continue  # not JSON: nothing our parent sends
        if "cancel" in message:
            cancels.cancel(message["cancel"])
        else:
            inbox.put(message)


def _load_handler(path: str) -> tuple[Handler | None, str | None]:
    """The handler, or None and why it cannot be used (told to the parent, not raised)."""
    try:
        module_name, function_name = split_handler_path(path)
        handler = getattr(importlib.import_module(module_name), function_name)
    except (ValueError, ImportError, AttributeError) as error:
        return None, f"no thinking handler {path!r}: {type(error).__name__}: {error}"
    return handler, None


def _answer(request: dict, handler: Handler | None, problem: str | None, cancels: _Cancels) -> dict:
    request_id = request.get("id")
    if handler is None:
        return {"id": request_id, "error": problem}
    cancel = cancels.begin(request_id)
    deadline = time.perf_counter() + float(request.get("budget", 2.0))
    try:
        return {"id": request_id, "result": handler(request.get("task"), deadline, cancel)}
    except Exception as error:  # reported to the parent, which decides what to do
        return {"id": request_id, "error": f"{type(error).__name__}: {error}"}


def _encode(reply: dict) -> bytes:
    try:
        return json.dumps(reply).encode("utf-8")
    except (TypeError, ValueError) as error:  # the handler answered something not JSON data
        return json.dumps({"id": reply.get("id"), "error": f"the answer is not JSON data: {error}"}).encode("utf-8")


def serve(connection: Any, handler_path: str) -> None:
    """The child's main loop: import the handler, say so, then answer requests in order."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the game's to handle
    inbox: "queue.SimpleQueue[dict]" = queue.SimpleQueue()
    cancels = _Cancels()
    threading.Thread(target=_read_requests, args=(connection, inbox, cancels),
                     name="thinking requests", daemon=True).start()
    handler, problem = _load_handler(handler_path)
    ready = {"ready": True} if problem is None else {"ready": False, "error": problem}
    try:
        connection.send_bytes(json.dumps(ready).encode("utf-8"))
        while True:
            connection.send_bytes(_encode(_answer(inbox.get(), handler, problem, cancels)))
    except OSError:
        return  # the parent has gone: the reader thread is ending the process too
