"""What build_installer.py asks PyInstaller for, on each system, without running a build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from installer_support import load_build_installer

REPO = Path(__file__).resolve().parent.parent
bi = load_build_installer()


def added_data(command: list[str]) -> list[tuple[str, str]]:
    pairs = [command[i + 1] for i, arg in enumerate(command) if arg == "--add-data"]
    return [tuple(pair.rsplit(os.pathsep, 1)) for pair in pairs]


def make_package(root: Path) -> Path:
    package = root / "rummi_desktop"
    for relative in ("assets/fonts/Face.ttf", "assets/brand-new/deeper/pack.toml",
                     "assets/__pycache__/junk.pyc", "themes/parlor.toml", "themes/notes.txt",
                     "themes/unlockable/velvet.toml",
                     "cli.py"):
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text("x")
    return package


def test_data_files_walks_assets_and_theme_tomls_whatever_they_hold(tmp_path):
    package = make_package(tmp_path)
    found = {(path.relative_to(package).as_posix(), dest) for path, dest in bi.data_files(package)}
    assert found == {
        ("assets/fonts/Face.ttf", "rummi_desktop/assets/fonts"),
        ("assets/brand-new/deeper/pack.toml", "rummi_desktop/assets/brand-new/deeper"),
        ("themes/parlor.toml", "rummi_desktop/themes"),
        ("themes/unlockable/velvet.toml", "rummi_desktop/themes/unlockable"),
    }


def test_every_shipped_asset_and_theme_is_added_to_the_bundle():
    expected = {p for p in (bi.PACKAGE_DIR / "assets").rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}
    expected |= set((bi.PACKAGE_DIR / "themes").rglob("*.toml"))
    command = bi.pyinstaller_command(bi.BuildOptions(), system="Linux")
    assert {Path(source) for source, _ in added_data(command)} == expected
    for source, destination in added_data(command):
        assert Path(source).parent.relative_to(REPO).as_posix() == destination


def test_linux_one_folder_build_collects_every_submodule_and_names_the_program(tmp_path):
    options = bi.BuildOptions(dist=tmp_path / "d", work=tmp_path / "w")
    command = bi.pyinstaller_command(options, system="Linux")
    assert Path(command[0]) == bi.ENTRY_SCRIPT and bi.ENTRY_SCRIPT.is_file()
    assert command[command.index("--name") + 1] == "rummi-desktop"
    assert command[command.index("--collect-submodules") + 1] == "rummi_desktop"
    assert command[command.index("--distpath") + 1] == str((tmp_path / "d").resolve())
    assert "--onedir" in command and "--onefile" not in command
    assert "--windowed" not in command
    assert "--strip" in command  # Linux strips by default
    assert bi.built_program(options, "Linux") == tmp_path / "d" / "rummi-desktop" / "rummi-desktop"


def test_strip_is_the_linux_default_and_can_be_turned_off_or_asked_for():
    default = bi.BuildOptions()
    assert "--strip" in bi.pyinstaller_command(default, system="Linux")
    assert "--strip" not in bi.pyinstaller_command(default, system="Darwin")
    assert "--strip" not in bi.pyinstaller_command(default, system="Windows")
    assert "--strip" not in bi.pyinstaller_command(bi.BuildOptions(strip=False), system="Linux")
    assert "--strip" in bi.pyinstaller_command(bi.BuildOptions(strip=True), system="Darwin")
    assert bi.parse_args([]).strip is None
    assert bi.parse_args(["--no-strip"]).strip is False and bi.parse_args(["--strip"]).strip is True


def excluded(command: list[str]) -> set[str]:
    return {command[i + 1] for i, arg in enumerate(command) if arg == "--exclude-module"}


@pytest.mark.parametrize("system", ["Linux", "Windows", "Darwin"])
def test_postgresql_and_test_libraries_stay_out_of_every_bundle(system):
    left_out = excluded(bi.pyinstaller_command(bi.BuildOptions(), system=system))
    assert {"psycopg", "psycopg_binary", "psycopg_c", "psycopg_pool", "pytest", "hypothesis"} <= left_out
    # what the desktop game runs stays in: its server, its client, SQLite, TLS, the thinking workers
    assert not left_out & {"websockets", "websockets.asyncio", "sqlite3", "ssl", "multiprocessing",
                           "decimal", "pygame", "pymunk", "openskill", "rummi_desktop"}


def test_onefile_and_strip_options(tmp_path):
    options = bi.BuildOptions(onefile=True, strip=True, dist=tmp_path)
    command = bi.pyinstaller_command(options, system="Linux")
    assert "--onefile" in command and "--strip" in command and "--onedir" not in command
    assert bi.built_program(options, "Linux") == tmp_path / "rummi-desktop"
    assert "--strip" not in bi.pyinstaller_command(options, system="Windows")  # no strip tool there


@pytest.mark.parametrize("system, icon, program", [
    ("Windows", "rummi-desktop.ico", "rummi-desktop/rummi-desktop.exe"),
    ("Darwin", "rummi-desktop.icns", "rummi-desktop.app/Contents/MacOS/rummi-desktop"),
])
def test_windows_and_macos_builds_are_windowed_with_their_icon(system, icon, program, tmp_path):
    options = bi.BuildOptions(dist=tmp_path)
    command = bi.pyinstaller_command(options, system=system)
    assert "--windowed" in command
    icon_path = Path(command[command.index("--icon") + 1])
    assert icon_path.name == icon and icon_path.is_file()
    assert bi.built_program(options, system) == tmp_path / program


def test_without_pyinstaller_the_script_says_how_to_get_it(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(bi, "pyinstaller_available", lambda: False)
    assert bi.main(["--dist", str(tmp_path / "d"), "--work", str(tmp_path / "w")]) == 2
    assert 'pip install -e ".[installer]"' in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_switching_between_one_folder_and_one_file_clears_the_other_kind(tmp_path):
    folder = tmp_path / "rummi-desktop"
    (folder / "_internal").mkdir(parents=True)
    bi.remove_other_kind_of_bundle(folder, onefile=False)
    assert folder.is_dir()  # same kind: PyInstaller replaces it itself
    bi.remove_other_kind_of_bundle(folder, onefile=True)
    assert not folder.exists()
    folder.write_bytes(b"one file")
    bi.remove_other_kind_of_bundle(folder, onefile=True)
    assert folder.is_file()
    bi.remove_other_kind_of_bundle(folder, onefile=False)
    assert not folder.exists()


def test_a_folder_that_is_not_a_bundle_is_never_removed(tmp_path):
    folder = tmp_path / "rummi-desktop"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    bi.remove_other_kind_of_bundle(folder, onefile=True)
    assert (folder / "notes.txt").read_text() == "mine"


def test_a_python_without_the_game_refuses_to_build(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(bi, "missing_game_modules", lambda: ["pygame"])
    assert bi.main(["--dist", str(tmp_path / "d"), "--work", str(tmp_path / "w")]) == 1
    assert "lacks pygame" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_this_environment_has_everything_the_bundle_needs():
    assert bi.missing_game_modules() == []
