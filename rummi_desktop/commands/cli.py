"""The ``rummi-desktop`` command: opens the window, or runs a headless command.

Sub-commands import their modules lazily so ``rummi-desktop --version`` and the window start
fast (see docs/analysis-format.md for the headless commands' contract).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

# Taken as early as possible: `bench` reports the time from process start to the first frame.
PROCESS_START = time.perf_counter()
# Before any module can import pygame: its banner would break the one-JSON-line output of the
# headless commands.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from rummi_desktop import __version__  # noqa: E402

MAX_DEAL_NUMBER = 2**63 - 1  # saves hold it as a TOML integer, which is 64-bit


def deal_number(text: str) -> int:
    """``--seed`` of ``play``: a whole number a save can hold (refused with a message, not later
    as a damaged save)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_DEAL_NUMBER:
        raise argparse.ArgumentTypeError(
            f"{text[:30]!r} is not a deal number (a whole number from 0 to 2**63 - 1)")
    return value


def port_number(text: str) -> int:
    """A TCP port, 0 (pick a free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


class MeaningAndDefault(argparse.HelpFormatter):
    """``--help`` says each option's meaning and, where it has one worth saying, its default."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS) \
                and "default" not in text:
            text += " (default: %(default)s)"
        return text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummi-desktop",
        description="Rummi, Rummble and Tumblewords. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"rummi-desktop {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        return subparsers.add_parser(name, help=summary, description=summary, formatter_class=MeaningAndDefault)

    play = command("play", "open a game directly (quick start)")
    play.add_argument("game", nargs="?", default=None, help="game to open, e.g. rummi")
    play.add_argument("--seats", default=None, help="comma-separated seats, e.g. human,hard")
    play.add_argument("--seed", type=deal_number, default=None, help="deal number, to replay a deal")
    play.add_argument("--mode", default=None, help="parlor or blitz")

    analyze = command("analyze", "check or solve positions given as JSON")
    analyze.add_argument("file", help="JSON / JSON Lines file, or - for standard input")
    analyze.add_argument("--top", type=int, default=0, metavar="N",
                         help="with each best play, the N best plays (distinct), best first")

    review = command("review", "review a finished game turn by turn against the best plays, no window")
    review.add_argument("file", nargs="?", default=None, help="a replay file (exported from History)")
    review.add_argument("--game", default=None, help="instead, play this game between computer seats and review it")
    review.add_argument("--seats", default=None, help="with --game: the computer seats, e.g. hard,easy")
    review.add_argument("--seed", default="1", help="with --game: the deal number")

    simulate = command("simulate", "play computer-only games, no window")
    simulate.add_argument("--game", default=None, help="game to play (default: the game simulate opens)")
    simulate.add_argument("--seats", required=True, help="tiers, e.g. hard,easy")
    simulate.add_argument("--games", type=int, default=100, help="games to play")
    simulate.add_argument("--seed", type=int, default=1, help="the first game's deal number (the next count up)")
    simulate.add_argument("--rules", default=None, help='house rules as a JSON object, e.g. \'{"jokers": 4}\'')
    simulate.add_argument("--jobs", type=int, default=1, help="processes to play the games on (same games, same counts)")

    ladder = command("ladder", "rate the computer tiers: every pair plays, no window")
    ladder.add_argument("--game", default=None, help="game to rate (default: the game simulate opens)")
    ladder.add_argument("--games", type=int, default=100, help="games each pair of tiers plays")
    ladder.add_argument("--seed", type=int, default=1, help="the first game's deal number, as for simulate")
    ladder.add_argument("--jobs", type=int, default=1, help="processes to play the games on (same games, same counts)")
    ladder.add_argument("--write", action="store_true", help="also write the ratings into the package, for setup")

    puzzles = command("puzzles", "mine puzzle files from computer games, or verify them")
    puzzles.add_argument("--generate", action="store_true", help="mine puzzles (with --game)")
    puzzles.add_argument("--verify", nargs="+", metavar="FILE", help="verify puzzle files")
    puzzles.add_argument("--game", default=None, help="game to mine, e.g. rummi")
    puzzles.add_argument("--count", type=int, default=20, help="puzzles to mine (per pack with --packs)")
    puzzles.add_argument("--seed", type=int, default=1, help="the first mined game's deal number")
    puzzles.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None,
                         help="keep only puzzles of this difficulty (default: every difficulty)")
    puzzles.add_argument("--packs", action="store_true", help="one graded pack per difficulty")
    puzzles.add_argument("--out", default=None, help="file to write (default: standard output)")

    serve = command("serve", "host online games (needs the server extra)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    serve.add_argument("--port", type=port_number, default=8765, help="port to listen on (0: a free one)")
    serve.add_argument("--database", default=None,
                       help="a SQLite file (default: server.sqlite3 in the user data folder) or postgresql://…")
    serve.add_argument("--certfile", default=None, help="TLS certificate chain (PEM), with --keyfile")
    serve.add_argument("--keyfile", default=None, help="TLS private key (PEM)")
    serve.add_argument("--connections-per-address", type=int, default=None, metavar="N",
                       help="sockets one IP address may hold at once (default 64; 0: no limit)")
    serve.add_argument("--sign-in-timeout", type=float, default=None, metavar="SECONDS",
                       help="close a socket not signed in after this long (default 120)")
    serve.add_argument("--idle-timeout", type=float, default=None, metavar="SECONDS",
                       help="close a socket with nothing sent either way this long (default 1800)")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="a reverse proxy on this machine forwards the sockets: count clients by X-Forwarded-For")

    loadtest = command("loadtest", "play bot games over WebSockets and time them")
    loadtest.add_argument("--games", type=int, default=20, help="games to play")
    loadtest.add_argument("--game", default=None, help="game to play (default: the game loadtest opens)")
    loadtest.add_argument("--server", default=None, help="ws:// URL; default: an embedded server")
    loadtest.add_argument("--processes", type=int, default=1,
                          help="embedded server processes (more than 1 needs --database postgresql://…)")
    loadtest.add_argument("--database", default=None, help="the embedded servers' database")
    loadtest.add_argument("--pace", type=float, default=1.0, help="seconds a bot waits before each move")
    loadtest.add_argument("--clients", type=int, default=2, help="processes the bots are spread over")
    loadtest.add_argument("--placement", default="apart", choices=("apart", "together"),
                          help="a game's two players on different server processes (default) or on the same one")
    loadtest.add_argument("--chat-every", type=int, default=0,
                          help="each bot sends a chat line to its table every N of its moves (0: no chat)")

    bench = command("bench", "time the drawing of a scripted scene, no window")
    bench.add_argument("--scene", default="menu", help="scene to draw: menu or a game's key, e.g. rummble")
    bench.add_argument("--frames", type=int, default=600, help="frames to time")

    fuzz = command("fuzz", "drive scenes with random input and damaged files, no window")
    fuzz.add_argument("--scene", default="all", help="a scene, files (damaged files) or all")
    fuzz.add_argument("--events", type=int, default=20_000, help="events a scene")
    fuzz.add_argument("--seed", type=int, default=1, help="the seed the events follow (the same seed, the same events)")
    return parser


def start_thinking_early() -> None:
    """Start the computer seats' thinking server before anything imports pygame: children are
    then never copies of a process running SDL's threads, and they start warm."""
    from rummi_desktop.thinking.worker import start_thinking_server
    from rummi_desktop.thinking.tasks import thinking_modules

    start_thinking_server(thinking_modules())


def main(argv: list[str] | None = None) -> int:
    # A frozen program's worker processes start as this program: let them do their work here.
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)  # before the registry is imported: --version stays instant
    from rummi_desktop.entry_points import start_games
    from rummi_desktop.games import default_game

    if args.command in ("simulate", "loadtest", "ladder") and args.game is None:
        args.game = default_game("simulate" if args.command == "ladder" else args.command)

    start_games()  # e.g. where a game finds its data by name; nothing is read until a game asks
    if args.command == "analyze":
        from rummi_desktop.commands.analyze import run_analyze

        return run_analyze(args.file, top=args.top)
    if args.command == "review":
        from rummi_desktop.commands.review import run_review

        return run_review(args.file, args.game, args.seats, args.seed)
    if args.command == "simulate":
        from rummi_desktop.commands.simulate import run_simulate

        return run_simulate(args.game, args.seats, args.games, args.seed, args.rules, args.jobs)
    if args.command == "ladder":
        from rummi_desktop.commands.ladder import run_ladder

        return run_ladder(args.game, args.games, args.seed, args.jobs, args.write)
    if args.command == "puzzles":
        from rummi_desktop.commands.puzzles import run_puzzles

        return run_puzzles(args, argv)
    if args.command == "loadtest":
        from rummi_desktop.net.loadtest import run_loadtest

        return run_loadtest(args.games, args.game, args.server, args.processes, args.database, args.pace,
                            args.clients, args.placement, args.chat_every)
    start_thinking_early()  # the window, the bench and the server play tables with computer seats
    if args.command == "serve":
        from rummi_desktop.net.serving import run_serve

        from rummi_desktop.net.limits import limits_from

        return run_serve(args.host, args.port, args.database, args.certfile, args.keyfile,
                         limits_from(args.connections_per_address, args.sign_in_timeout, args.idle_timeout,
                                     args.behind_proxy))
    if args.command == "bench":
        from rummi_desktop.commands.bench import run_bench

        return run_bench(args.scene, args.frames, PROCESS_START)
    if args.command == "fuzz":
        from rummi_desktop.commands.fuzz import run_fuzz

        return run_fuzz(args.scene, args.events, args.seed)
    from rummi_desktop.commands.launch import open_window

    return open_window(args, PROCESS_START)


if __name__ == "__main__":
    sys.exit(main())
