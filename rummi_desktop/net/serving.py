"""``rummi-desktop serve``: one server process. Its store (a PostgreSQL URL or a SQLite file),
its listening socket (TLS when given a certificate), a clean stop on SIGTERM or SIGINT, and its
words when it cannot start (a port in use, no psycopg, a database out of reach, a bad
certificate). What it serves is :class:`~rummi_desktop.net.server.GameServer`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

from rummi_desktop.net.limits import ServerLimits
from rummi_desktop.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from rummi_desktop.net.server import GameServer
from rummi_desktop.net.store import SqlStore


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(database: str | None) -> bool:
    return bool(database) and database.startswith(POSTGRES_SCHEMES)


def postgres_missing() -> bool:
    """psycopg (the server extra) is imported only for a PostgreSQL URL: the game's own "Host on
    this computer" uses SQLite, and the built bundle leaves psycopg out."""
    import importlib.util

    return importlib.util.find_spec("psycopg") is None


async def open_store(database: str | None) -> tuple[SqlStore, bool]:
    """The store a ``--database`` names: a postgresql:// URL, or a SQLite file (default: the
    user data folder's server.sqlite3). True when other processes may share it."""
    if is_postgres_url(database):
        from rummi_desktop.net.store_postgres import PostgresStore

        return await PostgresStore(database).open(), True
    from rummi_desktop.net.store_sqlite import SqliteStore

    if not database:
        from rummi_desktop.storage.paths import data_dir

        database = str(data_dir() / "server.sqlite3")
    return SqliteStore(database), False


def stop_on_signals() -> asyncio.Event:
    """An event set by SIGTERM or SIGINT, so the server closes its sockets and its store cleanly
    (a background job may have inherited SIGINT ignored; SIGTERM is what service managers send)."""
    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(number, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C still raises KeyboardInterrupt
            pass
    return stop


def tls_context(certfile: str | None, keyfile: str | None):
    if not certfile:
        return None
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def serve(host: str, port: int, database: str | None, certfile: str | None = None,
                keyfile: str | None = None, ready: Callable[[int], None] | None = None,
                stop: asyncio.Event | None = None, limits: ServerLimits = ServerLimits()) -> None:
    """Run until ``stop`` is set (default: until SIGTERM or SIGINT); ``ready(port)`` once
    listening (port 0 picks a free port)."""
    from websockets.asyncio.server import serve as websocket_serve

    from rummi_desktop.net.protocol import SOCKET_MAX_BYTES

    if stop is None:
        stop = stop_on_signals()
    store, shared = await open_store(database)
    server = GameServer(store, shared, limits)
    await server.start()
    try:
        async with websocket_serve(server.handle, host, port, ssl=tls_context(certfile, keyfile),
                                   max_size=SOCKET_MAX_BYTES, ping_interval=20, ping_timeout=20,
                                   compression=None) as listening:  # small messages: deflate costs more than it saves
            bound = next(iter(listening.sockets)).getsockname()[1]
            if ready is not None:
                ready(bound)
            await stop.wait()
    finally:
        await server.stop()


def run_serve(host: str, port: int, database: str | None, certfile: str | None, keyfile: str | None,
              limits: ServerLimits = ServerLimits()) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection
    if bool(certfile) != bool(keyfile):
        print("serve: give both --certfile and --keyfile for TLS", flush=True)
        return 2
    if is_postgres_url(database) and postgres_missing():
        print("serve: a postgresql:// --database needs psycopg, which this program does not carry "
              '(pip install -e ".[server]" and run it from there); without --database it uses SQLite',
              flush=True)
        return 2
    scheme = "wss" if certfile else "ws"

    def ready(bound: int) -> None:
        print(f"rummi-desktop server on {scheme}://{host}:{bound} (protocol {PROTOCOL_VERSION}, "
              f"messages up to {MAX_MESSAGE_BYTES} bytes)", flush=True)

    problem = tls_problem(certfile, keyfile)
    if problem:
        print(f"serve: {problem}", flush=True)
        return 2
    try:
        asyncio.run(serve(host, port, database, certfile, keyfile, ready, limits=limits))
    except KeyboardInterrupt:
        pass
    except OSError as error:  # the address is in use or not this machine's
        print(f"serve: cannot listen on {host}:{port}: {error.strerror or error}", flush=True)
        return 2
    except Exception as error:  # noqa: BLE001 - the store's driver has its own errors (psycopg's)
        if not is_postgres_url(database) or type(error).__module__.split(".")[0] != "psycopg":
            raise
        print(f"serve: cannot reach the PostgreSQL database: {first_line(error)}", flush=True)
        return 2
    return 0


def tls_problem(certfile: str | None, keyfile: str | None) -> str:
    """Why the certificate and key cannot be used ("" when they can, or when TLS is off)."""
    if not certfile:
        return ""
    import ssl

    try:
        tls_context(certfile, keyfile)
    except FileNotFoundError as error:
        return f"the TLS file {error.filename or certfile} does not exist"
    except (ssl.SSLError, OSError) as error:
        return f"the TLS certificate or key cannot be used ({getattr(error, 'strerror', None) or error})"
    return ""


def first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


__all__ = ["serve", "run_serve"]
