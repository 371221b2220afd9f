"""How fast one account may chat: at most ``CHAT_BURST`` lines in any ``CHAT_WINDOW`` seconds,
counted here in memory in front of the store's count over every process (a flood never
reaches the database)."""

from __future__ import annotations

from collections import deque

CHAT_BURST, CHAT_WINDOW = 5, 10.0  # lines, seconds


class ChatRate:
    """Each account's recent lines: at most ``burst`` in any ``window`` seconds."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW) -> None:
        self.burst, self.window = burst, window
        self._sent: dict[str, deque[float]] = {}

    def take(self, account_id: str, now: float) -> bool:
        sent = self._sent.setdefault(account_id, deque())
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        if len(sent) >= self.burst:
            return False
        sent.append(now)
        return True

    def retry_after(self, account_id: str, now: float) -> float:
        """Seconds until ``account_id`` may send a line again (0 when it may now)."""
        sent = self._sent.get(account_id)
        if not sent or len(sent) < self.burst:
            return 0.0
        return max(0.0, sent[0] + self.window - now)

    def forget_quiet(self, now: float) -> None:
        """Drop the accounts with nothing in the window (the chores keep the map small)."""
        for account_id in [a for a, sent in self._sent.items() if not sent or sent[-1] <= now - self.window]:
            del self._sent[account_id]
