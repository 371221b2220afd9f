"""``rummi-desktop loadtest`` plays real bot games over WebSockets against an embedded server and
prints its one JSON line (figures are reported by running it, not asserted here)."""

import json
import subprocess
import sys


def test_loadtest_plays_its_games_and_prints_one_json_line():
    # Rummble: a game of some 70 moves (a Rummi table plays a whole match, thousands at pace 0).
    result = subprocess.run([sys.executable, "-m", "rummi_desktop", "loadtest", "--games", "3", "--game", "rummble",
                             "--pace", "0", "--clients", "2", "--chat-every", "10"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    assert {"games", "completed", "moves", "rtt_p50_ms", "rtt_p99_ms", "errors", "violations"} <= set(figures)
    assert (figures["games"], figures["completed"], figures["errors"], figures["violations"]) == (3, 3, 0, 0)
    assert figures["moves"] > 3 * 20 and 0 < figures["rtt_p50_ms"] <= figures["rtt_p99_ms"]
    assert figures["chat_lines"] > 0  # chat on: every bot's tenth move is followed by a line to its table


def test_loadtest_refuses_several_processes_without_postgresql():
    result = subprocess.run([sys.executable, "-m", "rummi_desktop", "loadtest", "--games", "1", "--processes", "2"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "PostgreSQL" in result.stderr
