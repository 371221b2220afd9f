"""The commands refuse bad input with one clear line and exit status 2, never a traceback, and
say each option's meaning and default in --help."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys

import pytest

from rummi_desktop.commands.cli import build_parser


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "rummi_desktop", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


def one_line_refusal(done: subprocess.CompletedProcess, words: str) -> None:
    said = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 2, said
    assert "Traceback" not in done.stderr and words in said[-1], said


def test_serve_refuses_a_port_out_of_range():
    one_line_refusal(run("serve", "--port", "99999"), "a port is 0 to 65535, not 99999")


def test_serve_refuses_an_address_this_machine_lacks():
    one_line_refusal(run("serve", "--host", "203.0.113.7", "--port", "0"), "cannot listen on 203.0.113.7:0")


def test_serve_refuses_a_port_in_use():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        one_line_refusal(run("serve", "--port", port), f"cannot listen on 127.0.0.1:{port}")


def test_serve_refuses_missing_certificate_files(tmp_path):
    missing = str(tmp_path / "cert.pem")
    one_line_refusal(run("serve", "--certfile", missing, "--keyfile", str(tmp_path / "key.pem")),
                     f"the TLS file {missing} does not exist")


def test_serve_refuses_an_unreachable_postgresql():
    pytest.importorskip("psycopg")  # the server extra: without it the refusal is psycopg's absence
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: nothing answers there
        one_line_refusal(run("serve", "--port", "0", "--database", f"postgresql://nobody@127.0.0.1:{port}/none"),
                         "cannot reach the PostgreSQL database")


@pytest.mark.parametrize("args, words", [
    (("play", "rummble", "--mode", "blitz"), "Rummble has no --mode"),
    (("play", "tumblewords", "--seats", "human,wizard"), "unknown seat 'wizard'"),
    (("play", "rummi", "--mode", "turbo"), "unknown mode 'turbo'"),
])
def test_play_checks_its_options_before_the_window_opens(args, words):
    one_line_refusal(run(*args), words)


def test_puzzles_refuses_a_folder_that_does_not_exist(tmp_path):
    out = tmp_path / "not-here" / "mined.toml"
    one_line_refusal(run("puzzles", "--generate", "--game", "rummi", "--count", "1", "--out", str(out)),
                     "does not exist")
    assert not out.parent.exists(), "the folder is not made silently"


def test_every_option_of_every_command_says_what_it_means_and_its_default():
    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        text = " ".join(command.format_help().split())  # as read, not as wrapped
        for action in command._actions:
            if not action.option_strings or action.help == argparse.SUPPRESS or "-h" in action.option_strings:
                continue
            assert action.help, f"{name} {action.option_strings[0]} says nothing"
            if action.default not in (None, False):
                assert f"(default: {action.default})" in text or "default" in action.help, (name, action.dest)
