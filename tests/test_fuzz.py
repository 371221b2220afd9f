"""The fuzzer in CI: every scene driven by seeded random input, every file kind damaged.

Short on purpose: the whole suite must stay within 4 minutes on a 2-core machine, so each of
the 13 scenes gets EVENTS events and each of the 18 files one damage, the 9 kinds of damage
taken in turn so each is done at least once. Measured on the 2-core CI machine: about 25 s of
CPU for this whole file (user time; ~1 s a scene, ~12 s the damaged files), which `-n 2`
spreads over both workers.
The long run is the documented command (README, docs/analysis-format.md):
``rummi-desktop fuzz --scene all --events 20000 --seed 1``, 20,000 events a scene and every
file given every damage.
"""

from __future__ import annotations

import pytest

from rummi_desktop.commands.fuzz_damage import DAMAGES
from rummi_desktop.commands.fuzz_damage_run import damage_every_file
from rummi_desktop.commands.fuzz_input import event_stream
from rummi_desktop.commands.fuzz_run import fuzz_scene
from rummi_desktop.commands.fuzz_scenes import fuzz_scenes
from rummi_desktop.net.hosting import BIND_ENV

EVENTS = 250
SCENES = fuzz_scenes()


@pytest.fixture(autouse=True)
def fuzz_home(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMI_DESKTOP_HOME", str(tmp_path))
    # What the command's keep_hosting_local() does, undone after the test: set for good, it
    # made a later hosting test in the same worker host for 127.0.0.1 only.
    monkeypatch.setenv(BIND_ENV, "127.0.0.1")


def test_every_scene_the_issue_names_is_fuzzed():
    for game in ("rummi", "rummble", "tumblewords"):
        assert {game, f"{game}-pass", f"{game}-sandbox"} <= set(SCENES)
    assert {"trainer", "profiles", "settings", "lobby"} <= set(SCENES)


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_a_scene_holds_under_random_input(scene):
    report = fuzz_scene(scene, SCENES[scene], EVENTS, seed=1)
    assert report.events == EVENTS
    assert [failure.describe() for failure in report.failures] == []


def test_the_same_seed_gives_the_same_events_and_another_seed_others():
    def first(seed, scene="rummi", count=300):
        stream = event_stream(seed, scene)
        return [next(stream) for _ in range(count)]
    assert first(5) == first(5)
    assert first(5) != first(6) and first(5) != first(5, "rummble")


def test_a_failure_names_scene_seed_and_event_and_how_to_replay_it(monkeypatch):
    from rummi_desktop.commands import fuzz_run

    calls = {"n": 0}

    def broken(app):
        calls["n"] += 1
        if calls["n"] == 7:
            raise RuntimeError("planted")
        return []
    monkeypatch.setattr(fuzz_run, "violations", broken)
    report = fuzz_scene("settings", SCENES["settings"], 20, seed=3)
    [failure] = report.failures
    assert failure.kind == "exception" and failure.detail == "RuntimeError: planted"
    assert failure.where.startswith("rummi_desktop/commands/fuzz_run.py:")  # the package's innermost frame
    assert f"scene settings, seed 3, event {failure.event}:" in failure.describe()
    assert failure.replay_command() == f"rummi-desktop fuzz --scene settings --events {failure.event} --seed 3"


def test_every_file_survives_every_kind_of_damage_once():
    report = damage_every_file(seed=1, one_each=True)
    assert report.files >= 17 and report.cases >= max(report.files, len(DAMAGES))
    assert report.failures == []
