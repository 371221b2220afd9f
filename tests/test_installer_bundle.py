"""Build the real one-folder bundle with PyInstaller into a temporary folder and run the built
program headless, the way a player's machine would: no source tree, no virtual environment,
no PYTHONPATH, a fresh HOME."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummi_desktop import __version__

REPO = Path(__file__).resolve().parent.parent
PACKAGE_DIR = REPO / "rummi_desktop"
BUILD_TIMEOUT_S = 900  # a hang guard only, not a speed check

pytestmark = pytest.mark.slow


def source_data_files() -> dict[str, int]:
    """What the bundle must carry: every file under assets/ and every themes/*.toml, with
    sizes, as the source tree has them now."""
    files = [p for p in (PACKAGE_DIR / "assets").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    files += list((PACKAGE_DIR / "themes").rglob("*.toml"))
    return {p.relative_to(PACKAGE_DIR).as_posix(): p.stat().st_size for p in files}


def tree_state(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in root.rglob("*")}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail('PyInstaller is missing: install the extras with pip install -e ".[test,installer]"')
    root = tmp_path_factory.mktemp("bundle")
    result = subprocess.run(
        [sys.executable, str(REPO / "build_installer.py"),
         "--dist", str(root / "dist"), "--work", str(root / "work")],
        capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "MiB in" in result.stdout  # the script reports size and build time
    return root / "dist" / "rummi-desktop"


@pytest.fixture
def player_env(tmp_path) -> dict[str, str]:
    """A bare environment: a fresh HOME, dummy SDL drivers, and nothing pointing at Python."""
    home = tmp_path / "home"
    home.mkdir()
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def run_program(bundle: Path, env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(bundle / "rummi-desktop"), *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_built_program_starts_and_reports_its_version(bundle, player_env, tmp_path):
    result = run_program(bundle, player_env, "--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"rummi-desktop {__version__}"


def test_bundle_finds_every_asset_and_theme_through_importlib_resources(bundle, player_env, tmp_path):
    env = {**player_env, "RUMMI_DESKTOP_BUNDLE_CHECK": "1"}
    result = run_program(bundle, env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["frozen"] is True
    assert Path(report["package_root"]).is_relative_to(bundle.resolve())
    assert Path(report["bundle_dir"]).is_relative_to(bundle.resolve())
    assert report["files"] == source_data_files()
    assert "assets/icons/rummi-desktop-256.png" in report["files"]
    # The game's own loaders, run inside the bundle: every theme parses, every font is real.
    assert report["themes"] == sorted(p.stem for p in (PACKAGE_DIR / "themes").glob("*.toml"))
    assert report["theme_problems"] == [] and report["font_problems"] == []


def test_built_program_draws_the_menu_headless(bundle, player_env, tmp_path):
    """`bench` runs the real app and drawing code (felt, fonts, tiles) for 30 frames."""
    result = run_program(bundle, player_env, "bench", "--scene", "menu", "--frames", "30",
                         cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout
    figures = json.loads(lines[0])
    assert figures["scene"] == "menu" and figures["frames"] == 30
    for key in ("p50_ms", "p95_ms", "p99_ms", "max_ms", "first_frame_ms", "peak_rss_mib"):
        assert figures[key] > 0, key
    assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_running_the_bundle_writes_nothing_next_to_itself(bundle, player_env, tmp_path):
    before = tree_state(bundle)
    for args in (["--version"], ["bench", "--scene", "menu", "--frames", "5"]):
        assert run_program(bundle, player_env, *args, cwd=bundle).returncode == 0
    assert tree_state(bundle) == before
