"""Installing a built bundle for this user on Linux, and removing exactly that again.

``build_installer.py --install / --uninstall`` drive this module (it loads it by path: the
folder is called ``packaging`` like the PyPI library PyInstaller imports, so it is not a
package). The bundle goes under ``$XDG_DATA_HOME/rummi-desktop/program`` (default
``~/.local/share``), icons into the hicolor theme, a launcher into ``applications/`` (and the
desktop if asked); every file and folder created is listed in a manifest, and uninstalling
deletes only what the manifest lists, only under those roots, and keeps folders that hold
anything else (the player's saves).
"""

from __future__ import annotations

import os
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP_NAME = "rummi-desktop"
DESKTOP_TEMPLATE = HERE / "linux" / "rummi-desktop.desktop.in"
ICON_DIR = HERE.parent / "rummi_desktop" / "assets" / "icons"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
LAUNCHER_ICON_SIZE = 256
MANIFEST_NAME = "install-manifest.toml"


class InstallError(Exception):
    """A build, install or uninstall that cannot go ahead; the message says why."""


# --- the launcher ------------------------------------------------------------------------


def desktop_string(value: str) -> str:
    """A value for a .desktop 'string' key: backslash and control characters escaped."""
    if any(ch in value for ch in "\n\r\t"):
        raise InstallError(f"path holds a control character, refusing it: {value!r}")
    return value.replace("\\", "\\\\")


def exec_argument(path: str) -> str:
    """One Exec argument: always double-quoted, with ", `, $ and \\ backslash-escaped, and %
    doubled (the spec's field-code escape); then escaped once more as a string value."""
    quoted = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in path) + '"'
    return desktop_string(quoted.replace("%", "%%"))


def render_launcher(program: Path, icon: Path, template: Path = DESKTOP_TEMPLATE) -> str:
    values = {
        "@EXEC@": exec_argument(str(program)),
        "@TRYEXEC@": desktop_string(str(program)),
        "@PATH@": desktop_string(str(program.parent)),
        "@ICON@": desktop_string(str(icon)),
    }
    text = template.read_text(encoding="utf-8")
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    return text


# --- where things go ---------------------------------------------------------------------


def user_data_home(env: dict[str, str]) -> Path:
    """$XDG_DATA_HOME if set to an absolute path (the spec ignores relative ones), else
    ~/.local/share."""
    value = env.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path(env["HOME"]) / ".local" / "share"


def user_desktop_dir(env: dict[str, str]) -> Path | None:
    """The desktop folder from xdg-user-dirs' file (else ~/Desktop), if it exists."""
    home = Path(env["HOME"])
    config = Path(env.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    candidate = home / "Desktop"
    if config.is_file():
        for line in config.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("XDG_DESKTOP_DIR="):
                value = line.split("=", 1)[1].strip().strip('"')
                candidate = Path(value.replace("$HOME", str(home)))
    return candidate if candidate.is_dir() and candidate != home else None


@dataclass(frozen=True)
class InstallLayout:
    data_home: Path
    desktop_dir: Path | None = None

    @classmethod
    def from_environment(cls, env: dict[str, str] | None = None) -> InstallLayout:
        env = dict(os.environ if env is None else env)
        return cls(user_data_home(env), user_desktop_dir(env))

    @property
    def program_dir(self) -> Path:
        # Beside (not inside) the saves folder platformdirs gives the game.
        return self.data_home / APP_NAME / "program"

    @property
    def manifest(self) -> Path:
        return self.program_dir / MANIFEST_NAME

    @property
    def launcher(self) -> Path:
        return self.data_home / "applications" / f"{APP_NAME}.desktop"

    def icon(self, size: int) -> Path:
        return self.data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_NAME}.png"

    def allows(self, path: Path, folder: bool = False) -> bool:
        """Only paths under these roots are ever deleted, whatever a manifest says; a folder
        may also be a parent of the data folder that the install created (~/.local)."""
        roots = [self.data_home] + ([self.desktop_dir] if self.desktop_dir else [])
        if not path.is_absolute() or ".." in path.parts:
            return False
        inside = any(path.is_relative_to(root) for root in roots)
        return inside or (folder and self.data_home.is_relative_to(path) and path != path.parent)


# --- installing --------------------------------------------------------------------------


class InstallRecord:
    """Creates files and folders and remembers each one it created, for the manifest."""

    def __init__(self) -> None:
        self.files: list[Path] = []
        self.dirs: list[Path] = []

    def make_dirs(self, folder: Path) -> None:
        missing = []
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        for path in reversed(missing):
            path.mkdir()
            self.dirs.append(path)

    def copy_file(self, source: Path, target: Path, mode: int | None = None) -> None:
        self.make_dirs(target.parent)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)
            if mode is not None:
                target.chmod(mode)
        self.files.append(target)

    def write_text(self, target: Path, text: str, mode: int) -> None:
        self.make_dirs(target.parent)
        target.write_text(text, encoding="utf-8")
        target.chmod(mode)
        self.files.append(target)

    def copy_tree(self, source: Path, target: Path) -> None:
        self.make_dirs(target)
        for folder, subdirs, files in os.walk(source):
            subdirs.sort()
            relative = Path(folder).relative_to(source)
            for name in sorted(files) + [d for d in subdirs if (Path(folder) / d).is_symlink()]:
                self.copy_file(Path(folder) / name, target / relative / name)
            self.make_dirs(target / relative)


def planned_targets(layout: InstallLayout, on_desktop: bool) -> list[Path]:
    targets = [layout.program_dir, layout.launcher] + [layout.icon(s) for s in ICON_SIZES]
    if on_desktop and layout.desktop_dir:
        targets.append(layout.desktop_dir / f"{APP_NAME}.desktop")
    return targets


def install(bundle: Path, layout: InstallLayout, on_desktop: bool = False,
            icon_dir: Path = ICON_DIR) -> InstallRecord:
    """Copy the bundle (folder or single file) and icons, register the launcher, write the
    manifest. A previous install of ours is removed first; anything else in the way stops it."""
    if not bundle.exists():
        raise InstallError(f"no bundle at {bundle}: build it first (drop --no-build)")
    if layout.manifest.is_file():
        uninstall(layout)
    blocking = [t for t in planned_targets(layout, on_desktop) if t.exists() or t.is_symlink()]
    if blocking:
        raise InstallError(f"not installed by this script, left alone: {blocking[0]}")
    record = InstallRecord()
    try:
        copy_everything(bundle, layout, on_desktop, icon_dir, record)
        write_manifest(layout, record)
    except BaseException:
        remove_installed(record.files, record.dirs)  # a half install is worse than none
        raise
    return record


def copy_everything(bundle: Path, layout: InstallLayout, on_desktop: bool, icon_dir: Path,
                    record: InstallRecord) -> None:
    if bundle.is_dir():
        record.copy_tree(bundle, layout.program_dir)
        program = layout.program_dir / APP_NAME
    else:
        program = layout.program_dir / bundle.name
        record.copy_file(bundle, program, mode=0o755)
    for size in ICON_SIZES:
        record.copy_file(icon_dir / f"{APP_NAME}-{size}.png", layout.icon(size), mode=0o644)
    launcher = render_launcher(program, layout.icon(LAUNCHER_ICON_SIZE))
    record.write_text(layout.launcher, launcher, 0o644)
    if on_desktop and layout.desktop_dir:
        # Desktops only run launchers that are executable files.
        record.write_text(layout.desktop_dir / f"{APP_NAME}.desktop", launcher, 0o755)


def write_manifest(layout: InstallLayout, record: InstallRecord) -> None:
    import tomli_w  # a dependency of the game itself, so present wherever it is built

    data = {"app": APP_NAME, "files": [str(p) for p in record.files],
            "dirs": [str(p) for p in record.dirs]}
    temporary = layout.manifest.with_suffix(".tmp")
    temporary.write_text(tomli_w.dumps(data), encoding="utf-8")
    os.replace(temporary, layout.manifest)


def uninstall(layout: InstallLayout) -> list[Path]:
    """Remove the files the manifest lists, then the folders the install created if they are
    empty now (a folder holding the player's saves stays). Returns the folders kept."""
    try:
        data = tomllib.loads(layout.manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InstallError(f"nothing to uninstall: no manifest at {layout.manifest}") from None
    except tomllib.TOMLDecodeError as error:
        raise InstallError(f"damaged manifest {layout.manifest}: {error}") from None
    files = [Path(p) for p in data.get("files", [])]
    dirs = [Path(p) for p in data.get("dirs", [])]
    outside = [p for p in files if not layout.allows(p)]
    outside += [p for p in dirs if not layout.allows(p, folder=True)]
    if outside:
        raise InstallError(f"manifest names a path outside the install folders: {outside[0]}")
    return remove_installed(files + [layout.manifest], dirs)


def remove_installed(files: list[Path], dirs: list[Path]) -> list[Path]:
    """Delete the files, then each created folder (deepest first) that is empty now; return
    the folders kept because something else lives in them."""
    for path in files:
        path.unlink(missing_ok=True)
    kept = []
    for folder in reversed(dirs):
        if folder.is_dir() and not folder.is_symlink() and any(folder.iterdir()):
            kept.append(folder)
        elif folder.is_dir() and not folder.is_symlink():
            folder.rmdir()
    return kept
