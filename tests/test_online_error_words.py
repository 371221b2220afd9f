"""A failed request reaches the lobby in words, not as an errno and a tuple."""

import asyncio
import errno

from rummi_desktop.net.client import ServerError
from rummi_desktop.scenes.online.pending import error_words


def test_a_refused_connection_and_a_timeout_are_said_in_words():
    refused = ConnectionRefusedError(errno.ECONNREFUSED, "Connect call failed ('127.0.0.1', 8765)")
    assert error_words(refused).startswith("No server answers at that address")
    assert "Errno" not in error_words(refused)
    assert error_words(asyncio.TimeoutError()).startswith("The server did not answer in time")
    assert error_words(OSError(errno.EHOSTUNREACH, "No route to host")) == "The connection failed: no route to host"


def test_the_servers_own_refusal_is_kept_as_it_said_it():
    assert error_words(ServerError("bad_name", "that name is taken")) == "that name is taken"
    assert error_words(ValueError("something else")) == "something else"
