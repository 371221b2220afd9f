"""What a table hears from a session fed from elsewhere (a server's table), once a frame.

A network session (:mod:`rummi_desktop.scenes.network_play`) reads the table only through
:class:`TableFacts` and tells it what arrived as one of these events; the table acts on each
(:meth:`~rummi_desktop.scenes.online_mode.OnlineMode.take`). Plain values: no
pygame, no network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rummi_desktop.scenes.turn_machine import Phase


class TableFacts(Protocol):
    """What a network session may read of the table it feeds (and nothing it could change)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def results_waiting(self) -> bool: ...


@dataclass(frozen=True)
class Echo:
    """Our move's echo replaced the local state; ``ended_here``: it ended the game where the
    local stand-in could not tell (a Rummi pass that blocks the round)."""

    ended_here: bool = False


@dataclass(frozen=True)
class Refused:
    """The server refused our move for ``reason``; the state is the server's again."""

    reason: str


@dataclass(frozen=True)
class Overtaken:
    """The server's state replaced ours without a move to show (a forfeit by its clock, a resume
    past several moves, a move this window cannot replay); ``over``: the game ended meanwhile."""

    over: bool


@dataclass(frozen=True)
class LinkChanged:
    """The connection's state changed: ``words`` for the banner."""

    words: str
    connected: bool


@dataclass(frozen=True)
class PresenceChanged:
    """Another person left the table or came back: ``words`` for the banner."""

    words: str


@dataclass(frozen=True)
class ResultsIn:
    """The server's result is in: the game's end may be shown."""


TableEvent = Echo | Refused | Overtaken | LinkChanged | PresenceChanged | ResultsIn
