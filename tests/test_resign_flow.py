"""Resign in the window, for every game: Esc opens the pause card, Resign asks first, Keep
playing keeps the game going, Resign ends it and the results card says who resigned; the
person's statistics count the game as lost. Puzzles, the sandbox and the bench offer no Resign."""

from __future__ import annotations

import pytest

import test_rummble_scene_support as rummble
import test_rummi_flow_support as rummi
import tumblewords_scene_support as tumblewords
from rummi_desktop.games import GAMES
from rummi_desktop.records.finished_games import GUEST, measures_of
from rummi_desktop.records.stat_totals import profile_game_stats
from rummi_desktop.scenes.confirm import RESIGN_WORDS, ConfirmScene
from rummi_desktop.scenes.table_overlays import PauseOverlay
from rummi_desktop.storage.game_records import read_records
from rummi_desktop.storage.saves import has_autosave
from test_rummi_flow_support import click, key, make_app, steps


def rummi_table(app):
    session = rummi.session_from_position(["R1 R2 R3"], ["K5 K6 K7 B9", "Y1 Y2 Y3 Y4"], seats=("human", "easy"))
    return rummi.open_table(app, session, autosave=True)


def rummble_table(app):
    session = rummble.session_from_position([(6, 4, "K4"), (6, 5, "K5"), (6, 6, "K6")],
                                            ["R7 B8 Y9 K8 R2 J Y3 B11 K12 R13", "B1 B3 B5 B9 B9 K1 K2 K4 K5 Y2"])
    return rummble.open_table(app, session, autosave=True)


def tumblewords_table(app):
    return tumblewords.open_table(app, tumblewords.session_from(["CA"], ["TSOEIAN", "TOESRAN"]), autosave=True)


TABLES = {"rummi": rummi_table, "rummble": rummble_table, "tumblewords": tumblewords_table}


def resign_button(card: PauseOverlay):
    return next(button for button in card.widgets.widgets if button.label == "Resign")


def ask_to_resign(app, scene) -> ConfirmScene:
    key(app, "escape")
    card = app.stack.top
    assert isinstance(card, PauseOverlay)
    click(app, resign_button(card).rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and question.title == "Resign this game?"
    assert question.message == RESIGN_WORDS and question.widgets.focused is question.cancel_button
    assert app.stack.scenes[-2] is scene  # asked over the table, the pause card gone
    return question


@pytest.mark.parametrize("game", sorted(TABLES))
def test_resign_asks_first_then_ends_the_game_as_a_loss(game, tmp_path, monkeypatch):
    rummble.no_thinking_process(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = TABLES[game](app)
    assert scene.my_turn
    scene.saving.save()
    assert has_autosave(game)
    click(app, ask_to_resign(app, scene).cancel_button.rect.center)  # Keep playing
    assert app.stack.top is scene and scene.session.in_round and "resign" not in scene.session.state.log
    click(app, ask_to_resign(app, scene).confirm_button.rect.center)
    steps(app, 90)
    state = scene.session.finished_state
    assert state.is_terminal and state.log[-1] == "resign" and state.winners() == (1,)
    card = app.stack.top
    assert "You resigned" in (card.title() if game == "rummi" else _subtitle(card))
    totals = profile_game_stats(read_records()[0], GUEST, game, measures_of(GAMES[game]))
    assert totals.games == 1 and totals.wins == 0  # counted as a loss
    assert not has_autosave(game)  # nothing is left to continue


def _subtitle(card) -> str:
    """The line under a results card's title, as it draws it."""
    shown: list[str] = []
    card.draw_heading = lambda surface, title, subtitle, **_: shown.append(subtitle)
    card.draw(card.app.screen)
    return shown[0]


def test_resigning_a_rummi_round_ends_the_whole_match(tmp_path, monkeypatch):
    from rummi_desktop.games.rummi.table.results import MatchSummaryScene

    rummble.no_thinking_process(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = rummi_table(app)
    click(app, ask_to_resign(app, scene).confirm_button.rect.center)
    steps(app, 90)
    round_card = app.stack.top
    assert round_card.next_button.label == "See the results"
    click(app, round_card.next_button.rect.center)
    summary = app.stack.top
    assert isinstance(summary, MatchSummaryScene) and summary.winner_text() == "P1 wins the match!"
    assert scene.session.match.is_over and scene.session.match_over


def test_the_pause_card_offers_no_resign_when_no_person_is_on_turn(tmp_path, monkeypatch):
    rummble.no_thinking_process(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = rummble_table(app)
    monkeypatch.setattr(scene.mode, "may_move", lambda: False)  # as while a move is shown
    assert not scene.my_turn
    key(app, "escape")
    assert [b.label for b in app.stack.top.widgets.widgets] == ["Resume", "Settings", "Rules", "Save and quit to menu"]
    scene.resign()  # a stray call does nothing either
    assert scene.session.in_round


def test_puzzles_the_sandbox_and_the_bench_offer_no_resign():
    """(A puzzle's Esc asks to give up and the sandbox's closes it: neither shows the pause
    card; the bench's pause card has no Resign.)"""
    from rummi_desktop.scenes.bench_mode import BenchMode
    from rummi_desktop.scenes.online_mode import OnlineMode
    from rummi_desktop.scenes.puzzle_mode import PuzzleMode
    from rummi_desktop.scenes.sandbox.sandbox_mode import SandboxMode
    from rummi_desktop.scenes.table_mode import TableMode

    assert not any(mode.may_resign for mode in (BenchMode, PuzzleMode, SandboxMode))
    assert TableMode.may_resign and OnlineMode.may_resign
