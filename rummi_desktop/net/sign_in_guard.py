"""Password guessing, slowed: failed sign-ins are counted per address and per account, and past
a few free ones each further attempt waits twice as long as the last (``rate_limited`` with a
``retry_after``), up to a ceiling. The counts live in the server process (every connection
shares them, so opening many sockets gains an attacker nothing) and forget a key that has been
quiet for a while.

Why two counts, and why the account's only slows: the address count stops one machine trying
many passwords (on one account or many). The account count stops many machines sharing the
guesses on one account, but an attacker could keep it high for ever, so it must not keep the
real owner out: its ceiling is short (a minute), and an address that has signed in to the
account before is not held by it at all (only by its own address count). An attempt counts as a
failure from the moment it is made and is taken back if the password was right, so a burst of
parallel sign-ins cannot all slip past before the first one fails.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass
from typing import Callable

TRACKED = 100_000  # keys held per count (the oldest goes first): memory stays bounded under attack


@dataclass(frozen=True)
class BackOff:
    free: int  # failures allowed before any wait
    first: float  # s: the wait after the first failure past the free ones; doubling after that
    longest: float  # s: the wait grows no longer than this
    forget: float  # s: a key with no failure this long starts afresh

    def wait(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return min(self.longest, self.first * 2.0 ** (failures - self.free))

    def guesses_per_hour(self) -> int:
        """Attempts a patient guesser gets in its first hour (the free ones, then one each wait)."""
        spent, failures = 0.0, 0
        while True:
            wait = self.wait(failures)
            if spent + wait >= 3600.0:
                return failures
            spent, failures = spent + wait, failures + 1


BY_ADDRESS = BackOff(free=5, first=1.0, longest=300.0, forget=3600.0)
BY_ACCOUNT = BackOff(free=10, first=1.0, longest=60.0, forget=3600.0)


class FailureCount:
    """Failures and the time of the last one, per key."""

    def __init__(self, policy: BackOff, clock: Callable[[], float]) -> None:
        self.policy, self.clock = policy, clock
        self.failures: collections.OrderedDict[str, tuple[int, float]] = collections.OrderedDict()

    def retry_after(self, key: str) -> float:
        held = self.failures.get(key)
        if held is None:
            return 0.0
        count, last = held
        now = self.clock()
        if now - last >= self.policy.forget:
            del self.failures[key]
            return 0.0
        return max(0.0, last + self.policy.wait(count) - now)

    def add(self, key: str, step: int) -> None:
        count, last = self.failures.pop(key, (0, 0.0))
        count += step
        if count > 0:  # a success takes its attempt back without restarting the wait
            self.failures[key] = (count, self.clock() if step > 0 else last)
            while len(self.failures) > TRACKED:
                self.failures.popitem(last=False)


class SignInGuard:
    def __init__(self, clock: Callable[[], float], by_address: BackOff = BY_ADDRESS,
                 by_account: BackOff = BY_ACCOUNT) -> None:
        self.addresses = FailureCount(by_address, clock)
        self.accounts = FailureCount(by_account, clock)
        self.known: collections.OrderedDict[tuple[str, str], None] = collections.OrderedDict()

    def retry_after(self, address: str, account_key: str) -> float:
        """Seconds before ``address`` may try ``account_key``'s password (0: now)."""
        wait = self.addresses.retry_after(address)
        if (account_key, address) not in self.known:
            wait = max(wait, self.accounts.retry_after(account_key))
        return round(wait, 3)

    def attempt(self, address: str, account_key: str) -> None:
        """An attempt begins: counted as failed until :meth:`succeeded` says otherwise."""
        self.addresses.add(address, 1)
        self.accounts.add(account_key, 1)

    def succeeded(self, address: str, account_key: str) -> None:
        self.addresses.add(address, -1)
        self.accounts.add(account_key, -1)
        self.known[(account_key, address)] = None
        self.known.move_to_end((account_key, address))
        while len(self.known) > TRACKED:
            self.known.popitem(last=False)
