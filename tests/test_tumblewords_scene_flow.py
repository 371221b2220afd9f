"""Tumblewords' flows around the table: Claim mode (drag to claim, Done shows the missed
words), Zapper! through the physics, a computer's animated drop, the Hint, the Ticker clock,
autosave and Continue, the setup scene and the menu entry."""

from __future__ import annotations

from rummi_desktop.games.tumblewords.rules.moves import Drop
from rummi_desktop.scenes.turn_machine import Phase
from tumblewords_scene_support import (
    column_centre, drag, hand_centre, key, make_app, open_table, pass_turn, session_from, settle, square_centre, steps,
    wait_for, with_stand_in_computer)


def claim_table(tmp_path, monkeypatch, **options):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"], claim=True, **options))
    drag(app, hand_centre(scene, "T"), column_centre(scene, 2))
    settle(app, scene)
    assert scene.state.phase == "claiming" and scene.phase == Phase.PERSON
    return app, scene


def test_claim_drag_scores_only_real_words_and_done_shows_the_missed(tmp_path, monkeypatch):
    app, scene = claim_table(tmp_path, monkeypatch)
    assert scene.state.scores()[0] == 0, "nothing scores until claimed"
    drag(app, square_centre(scene, 7, 0), square_centre(scene, 7, 2))  # C A T
    assert scene.state.scores()[0] == 3 and [w.word for w in scene.view.claimed] == ["CAT"]
    drag(app, square_centre(scene, 7, 2), square_centre(scene, 7, 0))  # T A C: no word
    assert scene.state.scores()[0] == 3
    assert scene.banner.warning and "not a word" in scene.banner.message
    key(app, "return")  # Done
    assert scene.state.log[-1] == "done" and scene.state.log[:2] == ["drop 2 T", "claim 7,0-7,2"]
    assert sorted(w.word for w in scene.view.missed) == ["AT", "TA"]
    assert scene.phase == Phase.SHOWING, "the missed words stay in view a moment"


def test_pressure_cooker_opens_a_steal_window_for_the_next_person(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = session_from(["CA"], ["TSOEIAN", "TOESRAN"], seats=("human", "human"), names={0: "Ann", 1: "Bea"},
                           pressure_cooker=True)
    scene = open_table(app, session)
    key(app, "return")  # Ann takes the laptop
    steps(app, 2)
    drag(app, hand_centre(scene, "T"), column_centre(scene, 2))
    key(app, "return")  # done, claiming nothing
    steps(app, 120)
    key(app, "return")  # Bea takes the laptop
    steps(app, 2)
    assert scene.state.phase == "stealing" and scene.viewer == 1
    assert scene.clock_seconds == 15 and scene.view.missed == [], "the missed words stay hidden"
    drag(app, square_centre(scene, 7, 0), square_centre(scene, 7, 2))
    assert scene.state.scores() == (0, 3)


def test_zapper_clears_the_bottom_row_and_the_column_falls_one_row(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(["E", "NOTONIT"], ["SOEIAAE", "TOESRAN"], zapper=True))
    top = scene.state.grid.ids[scene.state.grid.square(6, 0)]
    drag(app, hand_centre(scene, "S"), column_centre(scene, 7))
    settle(app, scene)
    assert scene.state.grid.row_texts()[-1] == "E.......", "the model zapped the full row"
    box = scene.view.layout.cell_box(7, 0)
    assert scene.view.world.top_left(top) == (box.x, box.y), "the E fell one row and snapped"
    assert len(scene.state.removed) == 8 and not any(t in scene.view.world.tiles for t in scene.state.removed)


def test_a_computer_drop_falls_into_its_column(tmp_path, monkeypatch):
    with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="normal")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    pass_turn(app, scene)
    wait_for(app, lambda: len(scene.state.log) == 2)
    assert scene.state.log[1] == "drop 0 T"
    tile_id = scene.state.grid.ids[scene.state.grid.square(6, 0)]
    assert not scene.view.world.is_resting(tile_id), "it is animated"
    wait_for(app, lambda: scene.phase == Phase.PERSON)
    box = scene.view.layout.cell_box(6, 0)
    assert scene.view.world.top_left(tile_id) == (box.x, box.y)


def test_the_hint_shows_the_coachs_best_drop_as_a_ghost(tmp_path, monkeypatch):
    with_stand_in_computer(monkeypatch)
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"]))
    assert scene.buttons.hint.enabled
    key(app, "h")
    wait_for(app, lambda: scene.flow.hint_job is None)
    best = Drop.parse(scene.candidates.candidates[0].move)
    assert scene.view.ghost == best and scene.banner.message.startswith(f"Hint: {best.letter} in column {best.column + 1}")
    assert scene.state.log == [], "a hint plays nothing"


def test_the_ticker_clock_times_the_turn_out(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    scene = open_table(app, session_from(["CA"], ["TSOEIAN", "TOESRAN"], ticker=True))
    assert scene.clock_seconds == 30 and 29 < scene.turns.clock_left <= 30
    steps(app, 31 * 10, dt=0.1)
    assert scene.state.log[0] == "timeout"


def test_autosave_and_continue(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table import ResumingTable, resume
    from rummi_desktop.games.tumblewords.table.session import TumblewordsSession, quick_setup
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene
    from rummi_desktop.games.tumblewords.storage.word_lists import shipped_dictionary

    app = make_app(tmp_path, monkeypatch, speed="instant")
    session = TumblewordsSession.new(quick_setup("human,medium", 7), shipped_dictionary())
    scene = open_table(app, session, autosave=True)
    letter = scene.state.hand()[0]
    drag(app, hand_centre(scene, letter), column_centre(scene, 3))
    steps(app, 30)
    log = list(scene.state.log)
    assert log[0].startswith("drop 3") and len(log) >= 1
    app.stack.pop()
    steps(app, 1)
    continued = resume(app)
    assert app.notices == []
    assert isinstance(continued, ResumingTable)
    app.stack.push(continued)
    steps(app, 3)
    table = app.stack.top
    assert isinstance(table, TumblewordsTableScene) and table.state.log == log
    assert table.view.world.settled and len(table.view.world.tiles) == table.status()["board_tiles"]


def test_setup_enter_deals_and_is_remembered(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.setup_scene import TumblewordsSetupScene, remembered_setup
    from rummi_desktop.games.tumblewords.table.table_scene import TumblewordsTableScene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    setup_scene = TumblewordsSetupScene(app)
    app.stack.push(setup_scene)
    steps(app, 2)
    setup_scene.chosen = setup_scene.chosen.__class__(**{**setup_scene.chosen.__dict__, "board": "quick"})
    key(app, "return")
    steps(app, 2)
    table = app.stack.top
    assert isinstance(table, TumblewordsTableScene)
    assert (table.state.params.columns, table.state.params.rows) == (7, 6)
    assert remembered_setup().board == "quick"


def test_a_bad_word_list_is_named_and_nothing_starts(tmp_path, monkeypatch):
    from rummi_desktop.games.tumblewords.table.setup_scene import TumblewordsSetupScene

    app = make_app(tmp_path, monkeypatch, speed="instant")
    bad = tmp_path / "mine.txt"
    bad.write_text("cat\nd0g\n")
    setup_scene = TumblewordsSetupScene(app)
    setup_scene.words = str(bad)
    app.stack.push(setup_scene)
    steps(app, 2)
    key(app, "return")
    steps(app, 2)
    assert app.stack.top is setup_scene
    assert setup_scene.problem.startswith("Word list: mine.txt") and "2" in setup_scene.problem


def test_the_menu_offers_tumblewords_with_its_own_continue_key():
    from rummi_desktop.scenes.registry import find_game

    info = find_game("tumblewords")
    assert info is not None and info.title == "Tumblewords" and info.continue_key == "w"
    assert "drop" in info.rules.lower()
