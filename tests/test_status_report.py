"""The status file the end-to-end test reads: off by default, written on change, never fatal."""

from __future__ import annotations

import json

import pygame

from rummi_desktop.shell.scene import Scene, SceneStack
from rummi_desktop.shell.status_report import STATUS_FILE_ENV, StatusReport, describe_widgets
from rummi_desktop.ui.widgets import Button, OptionPicker, Panel


class Counter(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def status(self) -> dict:
        return {"count": self.count}


class Overlay(Scene):
    transparent = True


def stack_of(*scenes: Scene) -> SceneStack:
    stack = SceneStack()
    for scene in scenes:
        stack.push(scene)
    stack.apply_pending()
    return stack


def test_off_unless_the_variable_names_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    report = StatusReport.from_environment({STATUS_FILE_ENV: "  "})
    assert not report.enabled
    report.report(stack_of(Counter()), 1)
    assert list(tmp_path.iterdir()) == []


def test_written_when_the_description_changes_and_only_then(tmp_path):
    path = tmp_path / "status.json"
    report = StatusReport.from_environment({STATUS_FILE_ENV: str(path)})
    counter = Counter()
    stack = stack_of(counter)
    report.report(stack, 3)
    assert json.loads(path.read_text()) == {"top": "Counter", "stack": ["Counter"], "frame": 3,
                                            "detail": {"count": 0}}
    report.report(stack, 4)
    assert json.loads(path.read_text())["frame"] == 3  # nothing changed: not rewritten
    counter.count = 2
    report.report(stack, 5)
    assert json.loads(path.read_text())["detail"] == {"count": 2}
    stack.push(Overlay())
    stack.apply_pending()
    report.report(stack, 6)
    written = json.loads(path.read_text())
    assert (written["top"], written["stack"], written["detail"]) == ("Overlay", ["Counter", "Overlay"], {})
    assert [p.name for p in tmp_path.iterdir()] == ["status.json"]  # the temporary file was renamed


def test_a_file_that_cannot_be_written_stops_reporting_with_a_message(tmp_path, capsys):
    report = StatusReport(tmp_path / "missing folder" / "status.json")
    report.report(stack_of(Counter()), 1)
    assert not report.enabled
    assert "status file" in capsys.readouterr().err
    report.report(stack_of(Counter()), 2)  # no second message, no exception
    assert capsys.readouterr().err == ""


def test_widgets_are_described_by_label_with_values_and_arrows():
    picker = OptionPicker(pygame.Rect(10, 20, 600, 50), "Seat 2", [("easy", "Easy"), ("hard", "Hard")], "hard",
                          lambda value: None)
    button = Button(pygame.Rect(5, 6, 70, 80), "Draw", lambda: None)
    button.enabled = False
    described = describe_widgets([Panel(pygame.Rect(0, 0, 900, 700), "Title"), picker, button])
    left, right = picker.arrow_rects()
    assert described == [
        {"label": "Seat 2", "rect": [10, 20, 600, 50], "enabled": True, "value": "hard",
         "arrows": [list(left), list(right)]},
        {"label": "Draw", "rect": [5, 6, 70, 80], "enabled": False},
    ]


def test_the_app_reports_its_menu_after_a_frame(tmp_path, monkeypatch):
    path = tmp_path / "status.json"
    monkeypatch.setenv(STATUS_FILE_ENV, str(path))
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path / "home"))
    from rummi_desktop.shell.app import App
    from rummi_desktop.scenes.menu import MenuScene

    app = App(persist=False)
    app.stack.push(MenuScene(app))
    app.step(1 / 60)
    written = json.loads(path.read_text())
    assert written["top"] == "MenuScene" and written["frame"] == 0
    assert "Rummi" in [widget["label"] for widget in written["detail"]["widgets"]]
    app.close()


def test_the_rummi_table_reports_what_the_real_window_test_checks(tmp_path, monkeypatch):
    from test_rummi_flow_support import make_app, open_table, session_from_position

    app = make_app(tmp_path, monkeypatch)
    scene = open_table(app, session_from_position(["R1 R2 R3"], ["B5 B6", "K9 K10 K11"]), autosave=False)
    detail = scene.status()
    json.dumps(detail, allow_nan=False)  # what the status file can hold
    assert (detail["phase"], detail["current"], detail["viewer"]) == ("person", 0, 0)
    assert (detail["table_tiles"], detail["rack_size"], len(detail["rack"])) == (3, 2, 2)
    assert len(detail["melds"]) == 1 and detail["theme"] == app.theme.name
    assert {"Draw", "End Turn"} <= {widget["label"] for widget in detail["widgets"]}
    app.close()
