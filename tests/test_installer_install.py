"""`build_installer.py --install / --uninstall` in a temporary HOME: installs where the XDG
rules say, and uninstalling removes exactly what was installed — nothing more, nothing less."""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

import pytest

from installer_support import load_build_installer, load_linux_install

bi = load_build_installer()
li = load_linux_install()


def make_fake_bundle(root: Path) -> Path:
    """A one-folder bundle shaped like PyInstaller's: program, _internal/, a library symlink."""
    bundle = root / "rummi-desktop"
    (bundle / "_internal" / "rummi_desktop" / "themes").mkdir(parents=True)
    program = bundle / "rummi-desktop"
    program.write_text("#!/bin/sh\necho fake\n")
    program.chmod(0o755)
    (bundle / "_internal" / "libgame.so.1").write_bytes(b"\x7fELF fake")
    (bundle / "_internal" / "libgame.so").symlink_to("libgame.so.1")
    (bundle / "_internal" / "rummi_desktop" / "themes" / "parlor.toml").write_text("x = 1\n")
    (bundle / "_internal" / "empty-folder").mkdir()
    return bundle


def snapshot(root: Path) -> dict[str, str]:
    """Everything under root: relative path → kind (and link target / content for files)."""
    seen = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            key = str(path.relative_to(root))
            if path.is_symlink():
                seen[key] = "link->" + os.readlink(path)
            elif path.is_dir():
                seen[key] = "dir"
            else:
                seen[key] = "file:" + path.read_bytes().hex()
    return seen


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    (folder / "Desktop").mkdir(parents=True)
    return folder


def test_layout_follows_home_and_xdg_rules(home, tmp_path):
    plain = li.InstallLayout.from_environment({"HOME": str(home)})
    assert plain.data_home == home / ".local" / "share"
    assert plain.desktop_dir == home / "Desktop"
    assert plain.launcher == home / ".local/share/applications/rummi-desktop.desktop"
    xdg = li.InstallLayout.from_environment({"HOME": str(home), "XDG_DATA_HOME": str(tmp_path / "x")})
    assert xdg.data_home == tmp_path / "x"
    relative = li.InstallLayout.from_environment({"HOME": str(home), "XDG_DATA_HOME": "rel/dir"})
    assert relative.data_home == home / ".local" / "share"  # the spec ignores relative values


def test_desktop_folder_comes_from_user_dirs_file(home):
    (home / "Bureau").mkdir()
    (home / ".config").mkdir()
    (home / ".config" / "user-dirs.dirs").write_text('# xdg\nXDG_DESKTOP_DIR="$HOME/Bureau"\n')
    assert li.user_desktop_dir({"HOME": str(home)}) == home / "Bureau"
    (home / "Bureau").rmdir()
    assert li.user_desktop_dir({"HOME": str(home)}) is None  # never created for us


def test_install_puts_program_icons_and_launcher_in_place(home, tmp_path):
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    li.install(make_fake_bundle(tmp_path), layout, on_desktop=True)
    program = layout.program_dir / "rummi-desktop"
    assert program.stat().st_mode & stat.S_IXUSR
    assert os.readlink(layout.program_dir / "_internal" / "libgame.so") == "libgame.so.1"
    assert (layout.program_dir / "_internal" / "empty-folder").is_dir()
    for size in li.ICON_SIZES:
        assert layout.icon(size).read_bytes() == (li.ICON_DIR / f"rummi-desktop-{size}.png").read_bytes()
    launcher = layout.launcher.read_text(encoding="utf-8")
    assert f'Exec="{program}"' in launcher
    assert f"Icon={layout.icon(256)}" in launcher
    on_desktop = home / "Desktop" / "rummi-desktop.desktop"
    assert on_desktop.read_text(encoding="utf-8") == launcher
    assert on_desktop.stat().st_mode & stat.S_IXUSR
    manifest = tomllib.loads(layout.manifest.read_text(encoding="utf-8"))
    assert str(program) in manifest["files"] and str(layout.launcher) in manifest["files"]
    assert str(home / ".local") in manifest["dirs"]


def test_uninstall_leaves_home_exactly_as_it_was(home, tmp_path):
    before = snapshot(home)
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    li.install(make_fake_bundle(tmp_path), layout, on_desktop=True)
    assert snapshot(home) != before
    assert li.uninstall(layout) == []
    assert snapshot(home) == before


def test_uninstall_keeps_what_others_put_there(home, tmp_path):
    applications = home / ".local" / "share" / "applications"
    applications.mkdir(parents=True)
    (applications / "other-game.desktop").write_text("[Desktop Entry]\n")
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    li.install(make_fake_bundle(tmp_path), layout)
    # The game's own saves land beside the program folder while it is installed.
    saves = layout.data_home / "rummi-desktop" / "saves"
    saves.mkdir()
    (saves / "autosave.toml").write_text("turn = 3\n")
    kept = li.uninstall(layout)
    assert kept == [layout.data_home / "rummi-desktop"]
    assert (saves / "autosave.toml").read_text() == "turn = 3\n"
    assert (applications / "other-game.desktop").exists()
    assert not layout.program_dir.exists() and not layout.launcher.exists()
    assert not (layout.data_home / "icons").exists()


def test_xdg_data_home_install_touches_nothing_in_home(home, tmp_path):
    before = snapshot(home)
    layout = li.InstallLayout.from_environment(
        {"HOME": str(home), "XDG_DATA_HOME": str(tmp_path / "xdg")})
    li.install(make_fake_bundle(tmp_path), layout)
    assert (tmp_path / "xdg" / "applications" / "rummi-desktop.desktop").is_file()
    assert snapshot(home) == before
    li.uninstall(layout)
    assert not (tmp_path / "xdg").exists()


def test_reinstall_replaces_the_previous_install(home, tmp_path):
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    before = snapshot(home)
    bundle = make_fake_bundle(tmp_path)
    li.install(bundle, layout)
    (bundle / "_internal" / "rummi_desktop" / "themes" / "parlor.toml").unlink()
    li.install(bundle, layout)
    assert not (layout.program_dir / "_internal" / "rummi_desktop" / "themes" / "parlor.toml").exists()
    li.uninstall(layout)
    assert snapshot(home) == before


def test_onefile_bundle_installs_as_one_program(home, tmp_path):
    single = tmp_path / "rummi-desktop"
    single.write_bytes(b"\x7fELF one file")
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    before = snapshot(home)
    li.install(single, layout)
    program = layout.program_dir / "rummi-desktop"
    assert program.read_bytes() == single.read_bytes()
    assert program.stat().st_mode & stat.S_IXUSR
    assert f'Exec="{program}"' in layout.launcher.read_text(encoding="utf-8")
    li.uninstall(layout)
    assert snapshot(home) == before


def test_install_refuses_to_overwrite_what_it_did_not_install(home, tmp_path):
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    layout.launcher.parent.mkdir(parents=True)
    layout.launcher.write_text("someone else's launcher\n")
    before = snapshot(home)
    with pytest.raises(li.InstallError, match="not installed by this script"):
        li.install(make_fake_bundle(tmp_path), layout)
    assert snapshot(home) == before


def test_a_failed_install_is_rolled_back(home, tmp_path):
    icons = tmp_path / "icons"
    icons.mkdir()
    (icons / "rummi-desktop-16.png").write_bytes(b"png")  # the other sizes are missing
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    before = snapshot(home)
    with pytest.raises(FileNotFoundError):
        li.install(make_fake_bundle(tmp_path), layout, icon_dir=icons)
    assert snapshot(home) == before


def test_uninstall_without_an_install_says_so(home):
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    with pytest.raises(li.InstallError, match="nothing to uninstall"):
        li.uninstall(layout)


def test_uninstall_never_deletes_outside_the_install_folders(home, tmp_path):
    layout = li.InstallLayout.from_environment({"HOME": str(home)})
    li.install(make_fake_bundle(tmp_path), layout)
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    text = layout.manifest.read_text(encoding="utf-8")
    layout.manifest.write_text(text.replace("files = [", f'files = [\n    "{precious}",', 1))
    with pytest.raises(li.InstallError, match="outside the install folders"):
        li.uninstall(layout)
    assert precious.read_text() == "keep me"
    assert layout.program_dir.exists()


def test_command_line_install_and_uninstall(home, tmp_path, monkeypatch, capsys):
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    before = snapshot(home)
    make_fake_bundle(tmp_path / "dist")
    args = ["--install", "--no-build", "--desktop", "--dist", str(tmp_path / "dist")]
    assert bi.main(args) == 0
    assert (home / ".local/share/applications/rummi-desktop.desktop").is_file()
    assert (home / "Desktop" / "rummi-desktop.desktop").is_file()
    assert bi.main(["--uninstall"]) == 0
    assert snapshot(home) == before
    assert bi.main(["--uninstall"]) == 1
    assert "nothing to uninstall" in capsys.readouterr().err
