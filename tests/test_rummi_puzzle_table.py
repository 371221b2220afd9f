"""The Rummi puzzle table driven headless with synthetic pointer and key events: solving with
drags, a wrong answer and its reason, Undo / Reset, and the three hint levels."""

from __future__ import annotations


import pygame

from puzzle_support import EXTEND, SPLIT_RUN, TAKE_GROUP
from rummi_desktop.games.rummi.rules.pieces import face
from rummi_desktop.games.rummi.table.puzzle_table import puzzle_table
from test_rummi_flow_support import (button_centre, click, drag, faces_of, key, make_app, meld_end_point,
                                     new_meld_point, rack_id, rack_tile_centre, steps)



class CountingLogic:
    """Rummi's puzzle module, noting the answers the table asks it to check."""

    def __init__(self) -> None:
        from rummi_desktop.games.rummi.puzzles import mining as rummi_puzzles

        self.module = rummi_puzzles
        self.checked: list = []

    def hints(self, puzzle):
        return self.module.hints(puzzle)

    def check(self, puzzle, answer):
        self.checked.append(answer)
        return self.module.check(puzzle, answer)


def open_puzzle(app, puzzle, outcomes, logic=None):
    """The puzzle's table, as the trainer opens it (Rummi's own puzzle module unless ``logic``)."""
    scene = puzzle_table(app, puzzle, outcomes.append, logic=logic)
    app.stack.push(scene)
    steps(app, 40)  # rack tiles glide in from the pool chip
    return scene


def table_tile_centre(scene, meld, position):
    return scene.view.table_layout.tile_boxes[meld][position].center


def solve_split_run_by_hand(app, scene):
    """R3 R4 R5 R6 + rack K6 B6: drag R6 off the run onto open felt, then K6 and B6 beside it."""
    drag(app, table_tile_centre(scene, 0, 3), new_meld_point(scene))
    assert faces_of(scene.state.table) == [["R3", "R4", "R5"], ["R6"]]
    drag(app, rack_tile_centre(scene, rack_id(scene, "K6")), meld_end_point(scene, 1))
    drag(app, rack_tile_centre(scene, rack_id(scene, "B6")), meld_end_point(scene, 1))


def test_solving_with_drags_and_check_reports_a_solved_outcome(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    outcomes = []
    scene = open_puzzle(app, SPLIT_RUN, outcomes)
    assert scene.phase == "person" and scene.clock_seconds is None
    solve_split_run_by_hand(app, scene)
    assert faces_of(scene.state.table) == [["R3", "R4", "R5"], ["R6", "K6", "B6"]]
    assert not scene.view.rack_ids
    click(app, button_centre(scene.buttons.check))
    assert len(outcomes) == 1
    outcome = outcomes[0]
    assert outcome.solved and not outcome.gave_up and outcome.hints_used == 0
    assert outcome.seconds > 0.5  # the stopwatch ran while the tiles were dragged
    assert scene.mode.run.finished and "Solved" in scene.banner.message


def test_a_wrong_answer_is_refused_with_the_reason_and_undo_reset_work(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    outcomes = []
    logic = CountingLogic()
    scene = open_puzzle(app, EXTEND, outcomes, logic)
    drag(app, rack_tile_centre(scene, rack_id(scene, "K7")), meld_end_point(scene, 0))
    assert faces_of(scene.state.table)[0] == ["K4", "K5", "K6", "K7"]
    key(app, "return")
    assert outcomes == [] and not scene.mode.run.finished
    assert scene.banner.warning and "lays 1 of the 2 tiles" in scene.banner.message
    assert logic.checked[-1] == [["K4", "K5", "K6", "K7"], ["Y9", "B9", "R9"]]
    click(app, button_centre(scene.buttons.undo))
    assert faces_of(scene.state.table) == EXTEND["position"]["table"]
    drag(app, rack_tile_centre(scene, rack_id(scene, "K3")), new_meld_point(scene))
    click(app, button_centre(scene.buttons.reset))
    assert faces_of(scene.state.table) == EXTEND["position"]["table"] and len(scene.view.rack_ids) == 2


def test_hint_levels_light_the_meld_then_the_tiles_then_play_the_solution(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    outcomes = []
    scene = open_puzzle(app, TAKE_GROUP, outcomes)
    nines = set(scene.state.table[0])
    # Move something first: level 3 must start from the table as it is now.
    drag(app, rack_tile_centre(scene, rack_id(scene, "K10")), new_meld_point(scene))
    assert len(scene.state.table) == 2

    click(app, button_centre(scene.buttons.hint))
    assert scene.mode.run.level == 1 and scene.view.hint_melds == nines
    assert scene.mode.board.hint_text == "Break up this meld: K9 B9 R9 Y9." and scene.buttons.hint.label == "Hint 2/3"
    steps(app, 1)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    box = scene.view.table_layout.meld_boxes[0]
    outline = pygame.Rect(box.as_tuple()).inflate(14, 14)
    assert surface.get_at((outline.centerx, outline.y + 1))[:3] == app.theme.hint[:3]

    click(app, button_centre(scene.buttons.hint))
    lit = scene.view.hint_tiles
    assert sorted(face(t).notation() for t in lit) == ["K10", "K11", "K9"]
    k9 = next(t for t in lit if face(t).notation() == "K9")
    assert k9 in nines  # the table's K9, not some other tile
    hand = scene.controller.hand()
    assert {scene.view.tile_state(t, hand) for t in lit} == {"hint"}

    click(app, button_centre(scene.buttons.hint))
    assert scene.mode.run.level == 3 and scene.buttons.hint.label == "Solution shown"
    steps(app, 3)
    assert not scene.view.sprites.settled, "the tiles glide to the solution"
    assert outcomes == []
    steps(app, 120)
    assert faces_of(scene.state.table) == TAKE_GROUP["solution"]
    for meld, boxes in zip(scene.state.table, scene.view.table_layout.tile_boxes):
        for tile, box in zip(meld, boxes):
            sprite = scene.view.sprites.get(tile)
            assert (round(sprite.x), round(sprite.y)) == (round(box.x), round(box.y))
    assert len(outcomes) == 1 and outcomes[0].solved and outcomes[0].hints_used == 3


def test_leaving_unsolved_asks_then_reports_giving_up(tmp_path, monkeypatch):
    from rummi_desktop.scenes.confirm import ConfirmScene

    app = make_app(tmp_path, monkeypatch)
    outcomes = []
    scene = open_puzzle(app, SPLIT_RUN, outcomes)
    click(app, button_centre(scene.buttons.hint))
    key(app, "escape")
    assert isinstance(app.stack.top, ConfirmScene) and app.stack.top.title == "Give up?" and outcomes == []
    key(app, "escape")  # Keep trying
    assert app.stack.top is scene and outcomes == []
    click(app, button_centre(scene.buttons.leave))  # the Leave button asks the same
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, "tab")  # from Keep trying, where the focus starts, to Give up
    key(app, "return")
    assert len(outcomes) == 1 and outcomes[0].gave_up and not outcomes[0].solved
    assert outcomes[0].hints_used == 1
    steps(app, 1)
    assert scene not in app.stack.scenes


def test_screenshot_of_the_puzzle_table_with_a_hint(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_puzzle(app, SPLIT_RUN, [])
    click(app, button_centre(scene.buttons.hint))
    click(app, button_centre(scene.buttons.hint))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0)))
    steps(app, 30)
    scene.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "rummi_puzzle_hint.png"))
    assert (tmp_path / "rummi_puzzle_hint.png").stat().st_size > 0
    lit = scene.view.hint_tiles
    hand = scene.controller.hand()
    assert len(lit) == 3 and {scene.view.tile_state(t, hand) for t in lit} == {"hint"}
    assert scene.view.hint_melds == set(scene.state.table[0])


def test_every_shipped_rummi_puzzle_plays_out_to_a_solved_table(tmp_path, monkeypatch):
    """Hint level 3 on each shipped puzzle: the solution applies through the model from the
    puzzle's start and the puzzle module's check calls it solved."""
    from rummi_desktop.scenes.trainer.sources import load_game

    app = make_app(tmp_path, monkeypatch)
    game = load_game("rummi")
    assert game.unavailable == "" and len(game.puzzles) >= 60
    for puzzle in game.puzzles:
        outcomes = []
        scene = puzzle_table(app, puzzle, outcomes.append)
        app.stack.push(scene)
        app.stack.apply_pending()
        for _ in range(3):
            scene.mode.ask_hint()
        scene.view.sprites.finish_all()
        scene.update(1 / 60)
        assert outcomes and outcomes[0].solved and outcomes[0].hints_used == 3, (puzzle["id"], scene.banner_log)
        assert faces_of(scene.state.table) == [list(m) for m in puzzle["solution"]]
        app.stack.pop()
        app.stack.apply_pending()


def test_the_status_names_the_rack_the_melds_and_the_buttons_for_a_watcher(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    scene = open_puzzle(app, SPLIT_RUN, [])
    status = scene.status()
    assert status["table"] == [["R3", "R4", "R5", "R6"]] and sorted(n for n, _ in status["rack"]) == ["B6", "K6"]
    assert [tuple(rect) for _, rect in status["rack"]] == [tuple(box.as_tuple()) for box in scene.view.rack_layout.slots]
    assert len(status["melds"]) == 1 and status["tile_w"] == scene.view.table_layout.tile_w
    assert status["tiles"] == [[list(box.as_tuple()) for box in scene.view.table_layout.tile_boxes[0]]]
    assert len(status["tiles"][0]) == 4 and status["felt"] == list(scene.view.table_layout.area.as_tuple())
    assert status["tile_h"] == scene.view.table_layout.tile_h
    hint = next(w for w in status["widgets"] if w["label"] == "Hint 1/3")
    click(app, tuple(hint["rect"][i] + hint["rect"][i + 2] / 2 for i in (0, 1)))
    assert scene.status()["hint_level"] == 1


def test_the_puzzle_opens_without_a_deal_and_hints_sound_as_the_rack_does(tmp_path, monkeypatch):
    """A puzzle is no deal: no shuffle as it opens; a hint sounds like a tile laid on the rack."""
    app = make_app(tmp_path, monkeypatch)
    cues: list[str] = []
    monkeypatch.setattr(app.audio, "play", cues.append)
    scene = open_puzzle(app, TAKE_GROUP, [])
    assert "shuffle" not in cues and cues[:1] == ["turn"]
    assert scene.banner_log[0] == "Your turn"
    cues.clear()
    click(app, button_centre(scene.buttons.hint))
    assert cues == ["rack"]
