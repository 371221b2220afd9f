"""What a message handler may use of the server: the store, the games in play, and a few
actions on connections and tables. Handlers (:mod:`rummi_desktop.net.handlers`,
:mod:`rummi_desktop.net.record_handlers`) are written against this, not against
:class:`~rummi_desktop.net.server.GameServer`, which fulfils it: the server calls the
handlers, and the handlers never reach back into the rest of the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Protocol

if TYPE_CHECKING:
    from rummi_desktop.net.chat_rate import ChatRate
    from rummi_desktop.net.connection import Connection
    from rummi_desktop.net.live import LiveGames
    from rummi_desktop.net.presence import Presence
    from rummi_desktop.net.records import TableRecord
    from rummi_desktop.net.sign_in_guard import SignInGuard
    from rummi_desktop.net.spectators import Spectators
    from rummi_desktop.net.store import SqlStore
    from rummi_desktop.net.store_accounts import Account


class ServerContext(Protocol):
    store: "SqlStore"
    live: "LiveGames"
    shared: bool  # other server processes share the store: tell them of changes
    presence: "Presence"  # who is at which table
    sign_in_guard: "SignInGuard"  # failed sign-ins per address and account
    spectators: "Spectators"  # who watches which table without a seat
    watchers: "dict[str, set[Connection]]"  # table -> the connections here watching it
    by_account: "dict[str, set[Connection]]"  # account -> its connections signed in here
    chat_rate: "ChatRate"  # each account's recent chat lines

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background (the server cancels it when it stops)."""

    def sign_in(self, connection: "Connection", account: "Account", token_hash: str) -> None: ...

    def sign_out(self, connection: "Connection") -> None:
        """The connection no longer speaks for its account, and watches no table."""

    def end_session(self, connection: "Connection") -> None:
        """Sign out every connection on this connection's session token, on every process
        sharing the store (the others hear ``signed_out``)."""

    def end_session_here(self, account_id: str, token_hash: str) -> None:
        """Sign out the account's connections here on that session (another process's sign-out)."""

    def table_changed(self, record: "TableRecord") -> None:
        """Tell the connections here watching the table, seated at it, that it changed."""

    async def introduce(self) -> None:
        """Tell a process heard for the first time that this one is alive, and who is online here."""

    async def push_presence(self, table_id: str) -> None:
        """Tell the table's watchers here who is at it."""

    def watch(self, connection: "Connection", table_id: str) -> None: ...

    def unwatch(self, connection: "Connection", table_id: str) -> None: ...

    def spectate(self, connection: "Connection", table_id: str) -> None:
        """The connection watches the table without a seat (:attr:`spectators` says what it is sent)."""

    def stop_spectating(self, connection: "Connection", table_id: str) -> None: ...

    def push_to_account(self, account_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection signed in to the account here."""

    async def publish_table(self, record: "TableRecord") -> None:
        """Tell those watching the table (here and in the other processes) that it changed."""

    def tell_turn(self, record: "TableRecord", mover: int | None) -> None:
        """Tell the person the turn just came to (from seat ``mover``; None: the game began)."""

    def serve_turn_soon(self, table_id: str) -> None:
        """Let the server play the table's computer seat (or its ran-out clock) off this message."""
