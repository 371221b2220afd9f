"""docs/network-protocol.md is the protocol's contract: every request type the server reads is in
its table of requests, and every error code the server can send is in its table of codes."""

from __future__ import annotations

import re
from pathlib import Path

from rummi_desktop.net.protocol import CLIENT_MESSAGES

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "network-protocol.md").read_text(encoding="utf-8")
RAISED = re.compile(r"""(?:ProtocolError|error_message)\(\s*["']([a-z_]+)["']""")


def sent_codes() -> set[str]:
    codes = set()
    for source in (ROOT / "rummi_desktop" / "net").glob("*.py"):
        codes |= set(RAISED.findall(source.read_text(encoding="utf-8")))
    return codes


def documented_codes() -> set[str]:
    """The codes in the first column of the error codes' table."""
    section = DOC.split("### Error codes", 1)[1].split("\n### ", 1)[0]
    first_cells = re.findall(r"^\| ([^|]+) \|", section, flags=re.MULTILINE)
    return {code for cell in first_cells for code in re.findall(r"`([a-z_]+)`", cell)}


def test_every_error_code_the_server_sends_is_documented():
    codes = sent_codes()
    assert {"bad_json", "not_seated", "rate_limited", "internal", "blocked"} <= codes  # the scan finds them
    assert documented_codes() == codes  # each one there, and none the server no longer sends


def test_every_request_type_is_in_the_table_of_requests():
    rows = set(re.findall(r"^\| `([a-z_]+)`(?: / `([a-z_]+)`)?", DOC, flags=re.MULTILINE))
    documented = {name for row in rows for name in row if name}
    assert set(CLIENT_MESSAGES) - documented == set()
