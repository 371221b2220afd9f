"""A replay as a player expects it (issue 21, item 14): the computer is labelled a computer,
not "Player", and starts no thinking process; "Last turns" lists the moves up to the shown
one; Export's message and the bar's tooltips stay in the bar's column, off the board."""

from __future__ import annotations

import pygame
import pytest

from replay_support import GAME_KEYS, recorded_game
from rummi_desktop.games.seats import seat_kind_label
from rummi_desktop.records.replay import move_words, replay_of_record
from rummi_desktop.scenes.replay import BAR, ReplayScene
from test_replays import app, key  # noqa: F401  (the fixture)

DT = 1 / 60


def opened(app, game: str, at: int | None = None) -> ReplayScene:  # noqa: F811
    _, record = recorded_game(game, 5)
    scene = ReplayScene(app, replay_of_record(record))
    app.stack.push(scene)
    app.step(DT)
    scene.seek(scene.replay.length // 2 if at is None else at)
    for _ in range(30):
        app.step(DT)
    return scene


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_computer_is_labelled_a_computer_and_thinks_nowhere(app, game):  # noqa: F811
    scene = opened(app, game)
    session = scene.table.session
    assert [seat_kind_label(session.seat(s)) for s in range(2)] == ["Player", "Computer"]
    assert not session.thinks_locally
    assert scene.table.flow.computers._process is None, "no thinking process is started for a replay"


@pytest.mark.parametrize("game", ["rummble", "tumblewords"])
def test_last_turns_lists_the_moves_up_to_the_shown_one(app, game):  # noqa: F811
    scene = opened(app, game, at=6)
    log = scene.table.view.log
    assert len(log) == 6 and {who for who, _, _ in log} == {"Ann", "Hard"}
    assert log[0][1].startswith(("played", "dropped", "exchanged", "passed"))
    assert sum(points for _, _, points in log) == sum(scene.replay.state.scores())
    key(app, "left")
    assert len(scene.table.view.log) == 5
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)


def test_move_words_read_as_a_player_says_them():
    assert move_words("play B5@6,6 B6@6,7") == "played B5 B6"
    assert move_words("play K8@4,7 J=B7@5,7") == "played K8 joker as B7"
    assert move_words("drop 2 s") == "dropped S"
    assert move_words("pass") == "passed"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_export_says_where_in_the_bar_and_its_tooltip_stays_off_the_board(app, game):  # noqa: F811
    scene = opened(app, game)
    key(app, "e")
    assert scene.message.startswith("Replay written to ")
    said, scene.message = scene.message, ""
    before = pygame.Surface((1280, 800))
    scene.draw(before)  # the same moment, with nothing said and no tooltip
    scene.message = said
    export = next(b for b in scene.widgets.widgets if getattr(b, "label", "") == "Export")
    first = next(b for b in scene.widgets.widgets if getattr(b, "label", "") == "«")
    for widget in (export, first):
        for other in scene.widgets.widgets:
            other.hovered = other is widget
            other.hover_time = 5.0 if other is widget else 0.0
        after = pygame.Surface((1280, 800))
        scene.draw(after)
        assert scene.widgets.tooltip_widget() is widget
        left = pygame.Rect(0, 0, BAR.x - 12, 800)  # (a hovered button's shadow reaches 8 px out)
        assert pygame.image.tobytes(before.subsurface(left), "RGB") == pygame.image.tobytes(after.subsurface(left), "RGB"), \
            "nothing left of the bar changed: the board is uncovered"
