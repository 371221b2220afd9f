"""Who is at a table: each seated person is online (watching it now) or away since a time.

A person is online at a table while one of their connections, on any server process, watches it:
a client subscribes to the table it shows, and unsubscribing, leaving or a dropped connection
ends that. Each process counts its own connections. With a shared store it tells the others
each change of its own say (``p`` notices) and that it is alive (``h`` notices, every
``HEARTBEAT_SECONDS``); what another process said counts only while that process was heard
within ``HEARD_WITHIN``, so a process that dies leaves nobody shown online for long. A process
heard for the first time is told every person online here, so a new process learns who is
where without a fetch. Like every notice, these are hints: a lost one is mended by the next
change or the next process that starts.

Pure bookkeeping: no sockets, no store. :class:`~rummi_desktop.net.server.GameServer` calls it.
"""

from __future__ import annotations

from dataclasses import dataclass

HEARTBEAT_SECONDS = 10.0
HEARD_WITHIN = 3 * HEARTBEAT_SECONDS
FORGET_AFTER = 24 * 3600.0  # s away before a person's record at a table is dropped

Key = tuple[str, str]  # (table, account)


@dataclass(frozen=True)
class Said:
    online: bool
    since: float  # when it became so (the server's clock, seconds since the epoch)


class Presence:
    """The presence of people at tables, as this process (named ``process``) knows it."""

    def __init__(self, process: str) -> None:
        self.process = process
        self._watching: dict[Key, int] = {}  # this process's connections watching, per person
        self._said: dict[Key, dict[str, Said]] = {}  # what each process says of a person
        self._heard: dict[str, float] = {}  # another process -> when it was last heard

    # ---- this process's connections -------------------------------------------------------
    def arrived(self, table: str, account: str, now: float) -> Said | None:
        """A connection of ``account`` began watching ``table``; what this process now says of
        them when that changed (their first connection here), else None."""
        key = (table, account)
        self._watching[key] = self._watching.get(key, 0) + 1
        return self._say(key, True, now) if self._watching[key] == 1 else None

    def left(self, table: str, account: str, now: float) -> Said | None:
        """A connection of ``account`` stopped watching ``table`` (see :meth:`arrived`)."""
        key = (table, account)
        count = self._watching.get(key, 0) - 1
        if count > 0:
            self._watching[key] = count
            return None
        self._watching.pop(key, None)
        return self._say(key, False, now)

    def _say(self, key: Key, online: bool, now: float) -> Said:
        said = Said(online, now)
        self._said.setdefault(key, {})[self.process] = said
        return said

    def online_here(self) -> list[tuple[str, str, Said]]:
        """Every person this process sees online: (table, account, what it says)."""
        return [(table, account, self._said[(table, account)][self.process]) for table, account in self._watching]

    # ---- other processes ------------------------------------------------------------------
    def heard_from(self, process: str, now: float) -> bool:
        """Another process's heartbeat; True when it is new (or back after falling silent)."""
        if process == self.process:
            return False
        new = now - self._heard.get(process, float("-inf")) > HEARD_WITHIN
        self._heard[process] = now
        return new

    def processes(self, now: float) -> list[str]:
        """The processes alive as far as this one knows: itself and those heard lately."""
        return [self.process, *(process for process, heard in self._heard.items() if now - heard <= HEARD_WITHIN)]

    def told(self, process: str, table: str, account: str, said: Said, now: float) -> bool:
        """Another process says ``said`` of ``account`` at ``table``; True when that changes
        what this process would show."""
        if process == self.process:
            return False
        self.heard_from(process, now)
        before = self.of(table, account, now)
        self._said.setdefault((table, account), {})[process] = said
        return self.of(table, account, now) != before

    # ---- what a seat is shown -------------------------------------------------------------
    def of(self, table: str, account: str, now: float) -> dict[str, float | bool | None]:
        """``{"online": bool, "away_since": time or None}``: ``away_since`` is None when the
        person was never seen at the table since this process started (or long ago)."""
        away_since: float | None = None
        for process, said in self._said.get((table, account), {}).items():
            silent_since = self._silent_since(process, now)
            if said.online and silent_since is None:
                return {"online": True, "away_since": None}
            went = said.since if not said.online else silent_since
            away_since = went if away_since is None else max(away_since, went)
        return {"online": False, "away_since": away_since}

    def anywhere(self, account: str, now: float) -> bool:
        """The person is online at some table (on any process still heard)."""
        return any(self.of(table, account, now)["online"] for table, who in list(self._said) if who == account)

    def _silent_since(self, process: str, now: float) -> float | None:
        """When a process stopped being heard (None: it is this one, or still heard)."""
        if process == self.process:
            return None
        heard = self._heard.get(process, float("-inf"))
        return None if now - heard <= HEARD_WITHIN else heard + HEARD_WITHIN

    def prune(self, now: float) -> None:
        """Forget people away for over ``FORGET_AFTER``, and processes long silent."""
        for key in [key for key in self._said if key not in self._watching]:
            if (self.of(*key, now)["away_since"] or now) < now - FORGET_AFTER:
                del self._said[key]
        for process in [p for p, heard in self._heard.items() if heard < now - FORGET_AFTER]:
            del self._heard[process]
