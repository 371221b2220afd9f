"""Hostile messages over a real socket: numbers Python will not read, text that is not Unicode
(lone surrogates) or that no database column holds (NUL), and a ``type`` or a field of the
wrong kind. Each gets its own error code, the socket stays open, and the server logs no error
and no traceback (before, each was code "internal" with a traceback in the log)."""

import asyncio
import json
import logging

import pytest

from net_support import running_server
from rummi_desktop.net.client import GameClient

HUGE = "9" * 5000  # past Python's 4,300-digit limit for reading an int
CORPUS = [
    ("a huge id", '{"type": "ping", "id": %s}' % HUGE, "bad_json"),
    ("a huge field", '{"type": "leaderboard", "game": "rummi", "limit": -%s}' % HUGE, "bad_json"),
    ("NaN", '{"type": "leaderboard", "game": "rummi", "limit": NaN}', "bad_json"),
    ("Infinity", '{"type": "leaderboard", "game": "rummi", "limit": -Infinity}', "bad_json"),
    ("a float past double", '{"type": "profile_put", "version": 0, "document": {"a": 1e400}}', "bad_json"),
    ("a lone surrogate in a value", '{"type": "sign_in", "name": "\\ud800ab", "password": "12345678"}', "bad_text"),
    ("a lone low surrogate", '{"type": "list_tables", "game": "rummi\\udfff"}', "bad_text"),
    ("a lone surrogate in a key", '{"type": "ping", "\\udbff": 1}', "bad_text"),
    ("a lone surrogate deep down", '{"type": "profile_put", "version": 0, "document": {"a": [{"b": "\\ud83d"}]}}',
     "bad_text"),
    ("NUL in a table id", '{"type": "subscribe", "table": "t\\u0000"}', "bad_text"),
    ("type is a list", '{"type": ["ping"]}', "bad_field"),
    ("type is an object", '{"type": {"ping": 1}}', "bad_field"),
    ("type is a number", '{"type": 7}', "bad_field"),
    ("type is missing", '{"game": "rummi"}', "bad_field"),
    ("a name that is a list", '{"type": "sign_in", "name": ["alice"], "password": "12345678"}', "bad_field"),
    ("an invite that is an object", '{"type": "join_table", "invite": {"code": "X"}}', "bad_field"),
    ("an id that is true", '{"type": "ping", "id": true}', "bad_field"),
]


@pytest.mark.parametrize("text, code", [(text, code) for _, text, code in CORPUS], ids=[name for name, _, _ in CORPUS])
def test_a_hostile_message_gets_its_own_code_and_no_traceback(tmp_path, caplog, text, code):
    caplog.set_level(logging.INFO)

    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await GameClient.connect(url)
            client.received = []
            await client.send_text(text)
            error = await client.wait_pushed("error", timeout=10)
            assert error["code"] == code, error
            assert error["message"] and "re" not in error  # no id the reply could be matched to
            assert (await client.request("ping"))["type"] == "pong"  # the socket stays open
            await client.close()
            # every reply went out as UTF-8 text that reads back as JSON
            assert all(json.loads(received) for received in client.received)

    asyncio.run(run())
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR], caplog.text
    assert "Traceback" not in caplog.text


def test_a_hostile_request_with_a_good_id_is_refused_to_that_request(tmp_path):
    async def run():
        async with running_server(tmp_path / "s.db") as url:
            client = await GameClient.connect(url)
            client.received = []
            await client.send_text('{"type": "list_tables", "id": 41, "game": "\\ud800"}')
            await client.request("ping")  # answered after the one before: its reply is in by now
            await client.close()
            replies = [json.loads(text) for text in client.received]
            assert replies[0]["re"] == 41 and replies[0]["code"] == "bad_text"

    asyncio.run(run())
