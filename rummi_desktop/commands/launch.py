"""Opening the game window: ``rummi-desktop`` (the menu) or ``rummi-desktop play GAME`` (a table
straight away). A game that is unknown or not playable yet is refused with exit status 2."""

from __future__ import annotations

import argparse
import sys

from rummi_desktop.shell.boot import NoDisplayError, check_display, import_pygame, pygame_problem


def open_window(args: argparse.Namespace, process_start: float) -> int:
    """Run the app until the player quits; returns the process exit status (1 when pygame-ce
    is missing or no window can be shown, 2 for a game that cannot be played)."""
    problem = pygame_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from rummi_desktop.scenes import registry

    game_key = getattr(args, "game", None) if getattr(args, "command", None) == "play" else None
    if getattr(args, "command", None) == "play" and not game_key:
        return _refuse("play needs a game name", registry)
    game = registry.find_game(game_key) if game_key else None
    if game_key and (game is None or game.quick_start is None):
        return _refuse(f"unknown or not yet playable game {game_key!r}", registry)
    if game is not None and game.check_start is not None:
        try:
            game.check_start(args)  # a bad seat or mode is said before any window opens
        except ValueError as error:
            print(f"rummi-desktop play {game_key}: {error}", file=sys.stderr)
            return 2
    pygame = import_pygame()
    try:
        check_display(pygame)
    except NoDisplayError as error:
        print(error, file=sys.stderr)
        return 1
    from rummi_desktop.shell.app import App
    from rummi_desktop.scenes.menu import MenuScene

    try:
        app = App()
    except pygame.error as error:  # the window system refused the window itself
        print(f"Rummi Desktop cannot open its window: {error}", file=sys.stderr)
        return 1
    app.stack.push(MenuScene(app))
    if game is not None:
        try:
            app.stack.push(game.quick_start(app, args))
        except ValueError as error:
            app.close()
            print(f"rummi-desktop play {game_key}: {error}", file=sys.stderr)
            return 2
    return app.run()


def _refuse(reason: str, registry: object) -> int:
    games = [info.key for info in registry.playable_games()]  # type: ignore[attr-defined]
    playable = ", ".join(games) if games else "none yet"
    print(f"rummi-desktop play: {reason} (playable games: {playable})", file=sys.stderr)
    return 2
