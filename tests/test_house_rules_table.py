"""House rules at the table: the spec's words for them, the rules line each table draws beside
its caption (off-screen), the Rules card's section, and online tables made with house rules."""

from __future__ import annotations

import asyncio

import pygame
import pytest

from net_support import play_then_resign, running_server, signed_in
from test_rummi_flow_support import make_app, open_table, session_from_position, steps

from rummi_desktop.entry_points import load_entry
from rummi_desktop.games import GAMES
from rummi_desktop.games.base import play_seat_move
from rummi_desktop.games.base import SetupOption
from rummi_desktop.games.rummble.rules.state import RummbleParameters
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.games.rummi.table import marks_paint, paint
from rummi_desktop.games.rummi.table.online_state import state_from_view
from rummi_desktop.net.client import ServerError
from rummi_desktop.net.live import fresh_state
from rummi_desktop.net.store_sqlite import SqliteStore


def test_the_spec_names_only_the_house_rules_that_differ_from_the_usual():
    rummi, rummble = GAMES["rummi"], GAMES["rummble"]
    assert rummi.house_rules(RummiParameters(seats=("human", "hard"))) == []
    assert rummi.house_rules(RummiParameters(seats=("human", "hard"), opening_points=50, clock_seconds=15)) == ["Opening 50"]
    assert rummi.house_rules(RummiParameters(seats=("human", "hard"), opening_points=0)) == ["No opening rule"]
    assert rummble.house_rules(RummbleParameters(seats=("human", "hard"), rummmble_bonus=False)) == ["No Rummmble bonus"]
    assert rummble.house_rules(RummbleParameters(seats=("human", "hard"), tile_set="short")) == []  # the caption says it
    option = SetupOption("flag", "Flag", (True, False), True, shown=("", "Off"))
    assert option.words_for(False) == "Off" and option.words_for(0) == ""  # 0 is not False here


def caption_pixels(scene) -> int:
    """How many pixels of the caption's rect differ from the felt (the text drawn there)."""
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    text = paint.match_caption(scene.view)
    box = marks_paint.match_caption_rect(paint.REGIONS.table, text)
    felt = surface.get_at((box.x - 30, box.centery))
    return sum(surface.get_at((x, y)) != felt for x in range(box.x, box.right) for y in range(box.y, box.bottom, 2))


def test_a_rummi_table_draws_its_rules_line_and_the_rules_card_names_it(tmp_path, monkeypatch):
    from rummi_desktop.scenes.table_overlays import RulesOverlay

    app = make_app(tmp_path, monkeypatch)
    usual = open_table(app, session_from_position([], ["K10 B10 Y10", "Y1 Y2"]), autosave=False)
    assert usual.house_rules_line() == "" and not paint.match_caption(usual.view).endswith("Opening 50")
    assert [title for title, _ in usual.rules_sections()] == [title for title, _ in usual.help_sections]
    app.stack.pop()
    session = session_from_position([], ["K10 B10 Y10", "Y1 Y2"])
    session.match.current = RummiState.from_position(
        RummiParameters(seats=("human", "hard"), seed=11, opening_points=50), [], [[], []])
    house = open_table(app, session, autosave=False)
    assert paint.match_caption(house.view).endswith(" · Opening 50")
    assert caption_pixels(house) > 40  # the longer caption is drawn in full on the felt
    house.open_pause()
    steps(app, 2)
    app.stack.top._rules()
    steps(app, 2)
    card = app.stack.top
    assert isinstance(card, RulesOverlay)
    assert any("Opening 50" in line.text for line in card.page.lines)


def test_an_online_table_made_with_house_rules_plays_under_them(tmp_path):
    database = tmp_path / "server.sqlite3"

    async def play():
        async with running_server(database) as url:
            alice = await signed_in(url, "alice")
            with pytest.raises(ServerError) as refused:  # not one of the threshold's choices
                await alice.create_table("rummi", ["human", "easy"], options={"opening_points": 40})
            table = await alice.create_table("rummi", ["human", "easy"], options={"opening_points": 0, "match_target": 100})
            first = await alice.subscribe(table["table"])
            ending = await play_then_resign(alice, table["table"], 10)  # some play, then the end
            bonus_off = await alice.create_table("rummble", ["human", "easy"], options={"rummmble_bonus": False})
            rummble_first = await alice.subscribe(bonus_off["table"])
            await alice.close()
            return refused, table["table"], first, ending, rummble_first

    refused, table_id, first, ending, rummble_first = asyncio.run(play())
    assert refused.value.code == "bad_options"
    assert first["view"]["opening_points"] == 0 and first["view"]["owes_opening"] is False
    local = state_from_view(first)  # the window judges End Turn under the table's rule
    assert local.params.opening_points == 0 and all(local.opened)
    assert rummble_first["view"]["bonus"] == 0
    assert ending["status"] == "over"

    async def stored():
        store = SqliteStore(database)
        record = await store.tables.get(table_id)
        moves = await store.tables.moves_since(table_id, 0)
        await store.close()
        return record, moves

    record, moves = asyncio.run(stored())
    state = fresh_state(record)
    assert state.params.opening_points == 0
    for move in moves:
        for action in move.actions:
            state.perform(action)
    assert state.is_terminal


def test_a_replay_re_deals_under_the_games_house_rules():
    from rummi_desktop.games.seats import SeatConfig
    from rummi_desktop.records.finished_games import build_record
    from rummi_desktop.records.replay import replay_of_record

    for key, options, read in (("rummi", {"opening_points": 50}, lambda p: p.opening_points == 50),
                               ("rummble", {"rummmble_bonus": False}, lambda p: p.bonus == 0)):
        spec = GAMES[key]
        state = spec.new_state(("easy", "easy"), 6, **options)
        choose = load_entry(spec, "computer")
        for _turn in range(6):
            play_seat_move(spec, state, choose(spec.seat_view(state, state.current), "easy"))
        seats = (SeatConfig("easy", "A"), SeatConfig("easy", "B"))
        record = build_record(spec, {"seed": 6}, seats, state, [(3, 1.0)] * 2, "2 seats")
        replay = replay_of_record(record)
        assert read(replay.fresh_state().params), key
        assert replay.seek(replay.length).fingerprint() == state.fingerprint()


def test_the_tumblewords_rules_card_names_its_tables_choices():
    from rummi_desktop.games.tumblewords.rules.parameters import TumblewordsParameters

    spec = GAMES["tumblewords"]
    assert spec.house_rules(TumblewordsParameters(seats=("human", "easy"))) == []
    chosen = TumblewordsParameters(seats=("human",), board="quick", min_length=3, zapper=True)
    assert spec.house_rules(chosen) == ["Quick board", "Words of 3+", "Zapper!"]
