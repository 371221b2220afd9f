"""A server game's table chat in its replay (issue 24, item 3): the lines go with the record,
each shown once the replay reaches its move (those said at the move shown brighter), round
trip through a replay file, and arrive cleaned whatever the record held."""

from __future__ import annotations

import os

import pygame
import pytest

from replay_support import GAME_KEYS, recorded_game
from rummi_desktop.records.replay import replay_from_document, replay_of_record, replay_to_document
from rummi_desktop.scenes.menu import MenuScene
from rummi_desktop.scenes.replay import CHAT_BOX, ReplayScene
from rummi_desktop.shell.app import App
from rummi_desktop.storage import paths

SHOTS = "/tmp/shots/social"
CHAT = [{"name": "carol", "text": "Good game", "move": 0}, {"name": "alice1", "text": "Nice play!", "move": 2},
        {"name": "carol\u202e", "text": "thanks\x00" + "W" * 300, "move": 3}, {"name": 5, "text": "bad", "move": 1}]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    made = App()
    made.stack.push(MenuScene(made))
    made.step(1 / 60)
    return made


def test_chat_lines_show_from_their_move_and_survive_a_replay_file():
    _, record = recorded_game("rummi", 3)
    replay = replay_of_record({**record, "chat": CHAT})
    assert [line.name for line in replay.chat] == ["carol", "alice1", "carol"]  # the malformed one left out
    assert replay.chat[2].text.startswith("thanks") and len(replay.chat[2].text) == 200
    assert replay.chat_said(4) == [(replay.chat[0], True)]
    replay.seek(2)
    assert [(line.text, now) for line, now in replay.chat_said(4)] == [("Good game", False), ("Nice play!", True)]
    again = replay_from_document(replay_to_document(replay))
    assert again.chat == replay.chat
    assert "chat" not in replay_to_document(replay_of_record(record))  # a game without chat: no key


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_replay_draws_the_chat_said_by_its_move(app, game):
    _, record = recorded_game(game, 5)
    scene = ReplayScene(app, replay_of_record({**record, "chat": CHAT}))
    app.stack.push(scene)
    scene.seek(3)
    for _ in range(20):
        app.step(1 / 60)
    drawn = []
    real = scene.controls.draw_chat
    scene.controls.draw_chat = lambda surface, theme: (drawn.append(scene.replay.chat_said(4)), real(surface, theme))
    os.makedirs(SHOTS, exist_ok=True)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    pygame.image.save(surface, f"{SHOTS}/replay_chat_{game}.png")
    assert [line.text[:6] for line, _ in drawn[-1]] == ["Good g", "Nice p", "thanks"]
    box = surface.subsurface(CHAT_BOX)
    assert len({box.get_at((x, y))[:3] for x in range(0, CHAT_BOX.w, 4) for y in range(0, CHAT_BOX.h, 4)}) > 8
