"""Answers the screen is waiting for: each request to the server is a future (the link's thread
fills it), paired with what to do with its answer. A frame takes the ones that are done and
never waits for the others."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable

# The lobby's way to send a request: ask(request(client), then(answer), words said meanwhile).
# Its parts (seating, the sync button) are handed this, not the lobby.
Ask = Callable[[Callable[[Any], Any], Callable[[Any], None], str], None]


def error_words(error: BaseException) -> str:
    """A refusal in the server's own words; a line that failed, in a player's words (not
    "[Errno 111] Connect call failed ('127.0.0.1', 8765)"); else the error's own text."""
    message = getattr(error, "message", None)
    if message:
        return message
    if isinstance(error, ConnectionRefusedError):
        return "No server answers at that address: is it running, and are the address and port right?"
    if isinstance(error, TimeoutError):  # asyncio's timeout is this one too
        return "The server did not answer in time: check the address, or try again"
    if isinstance(error, OSError) and error.strerror:
        return f"The connection failed: {error.strerror.lower()}"
    return str(error) or type(error).__name__


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
            if future.cancelled():  # its link was closed (the player moved to another server): moot
                continue
            error = future.exception()
            if error is not None:
                on_error(error_words(error))
            else:
                then(future.result())
