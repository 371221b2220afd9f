"""Answers the screen is waiting for: each request to the server is a future (the link's thread
fills it), paired with what to do with its answer. A frame takes the ones that are done and
never waits for the others."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable


def error_words(error: BaseException) -> str:
    """A refusal in the server's own words, else the error's."""
    return getattr(error, "message", None) or str(error) or type(error).__name__


class Pending:
    def __init__(self) -> None:
        self.waiting: list[tuple[Future, Callable[[Any], None]]] = []

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def add(self, future: Future, then: Callable[[Any], None]) -> None:
        self.waiting.append((future, then))

    def take_done(self, on_error: Callable[[str], None]) -> None:
        """Run ``then(answer)`` for each finished request, ``on_error(words)`` for each failed one."""
        done = [(future, then) for future, then in self.waiting if future.done()]
        self.waiting = [item for item in self.waiting if item not in done]
        for future, then in done:
            error = future.exception()
            if error is not None:
                on_error(error_words(error))
            else:
                then(future.result())
