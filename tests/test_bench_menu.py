"""The bench command: its JSON contract, its registry and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from rummi_desktop.commands import bench
from rummi_desktop.storage import paths


def test_menu_bench_prints_one_json_line_with_every_field(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path))
    status = bench.run_bench("menu", 40, time.perf_counter())
    out = capsys.readouterr().out.strip().splitlines()
    assert status == 0 and len(out) == 1
    result = json.loads(out[0])
    assert list(result) == ["scene", "frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "first_frame_ms", "peak_rss_mib"]
    assert result["scene"] == "menu" and result["frames"] == 40
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["first_frame_ms"] > 0 and result["peak_rss_mib"] > 10
    assert not (tmp_path / "config").exists()  # the bench never writes the player's settings


def test_unknown_scene_and_bad_frame_count_exit_2(capsys):
    assert bench.run_bench("nowhere", 10, time.perf_counter()) == 2
    assert "menu" in capsys.readouterr().err
    assert bench.run_bench("menu", 0, time.perf_counter()) == 2


def test_registered_scene_runs_its_script_every_frame(capsys):
    frames_seen = []

    def setup(app):
        from rummi_desktop.shell.scene import Scene

        app.stack.push(Scene())
        return frames_seen.append

    bench.register_bench_scene("probe", setup)
    try:
        assert bench.run_bench("probe", 5, time.perf_counter()) == 0
    finally:
        bench._bench_scenes.pop("probe")
    assert frames_seen == [0, 1, 2, 3, 4]
    assert json.loads(capsys.readouterr().out)["scene"] == "probe"


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert bench.percentile(values, 0.5) == 50 and bench.percentile(values, 0.99) == 99
    assert bench.percentile([7.0], 0.99) == 7.0


@pytest.mark.parametrize("scene", ["menu", "rummi"])
def test_command_line_bench_runs_headless(tmp_path, scene):
    env = {"RUMMI_DESKTOP_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "rummi_desktop", "bench", "--scene", scene, "--frames", "20"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1, result.stdout  # one JSON line, nothing else
    assert json.loads(result.stdout)["frames"] == 20
    assert "pygame-ce" not in result.stdout + result.stderr  # the import banner stays hidden
