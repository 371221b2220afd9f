#!/usr/bin/env python3
"""Build Rummi Desktop into a program people double-click, and install it for this user.

    python build_installer.py              one-folder bundle: dist/rummi-desktop/rummi-desktop
    python build_installer.py --onefile    one file: dist/rummi-desktop (slower start, smaller)
    python build_installer.py --strip      strip symbols from the bundled libraries (smaller)
    python build_installer.py --dist DIR   put the bundle in DIR instead of dist/
    python build_installer.py --install    Linux: build, copy under ~/.local/share, add a menu entry
          ... --install --desktop          ... and a launcher on the desktop too
          ... --install --no-build         install the bundle already in --dist
    python build_installer.py --uninstall  Linux: remove exactly what --install added

PyInstaller (the ``installer`` extra) builds for the system it runs on: a folder with
``rummi-desktop.exe`` on Windows, ``rummi-desktop.app`` on macOS. The bundle needs the build
machine's C library (glibc) or newer: build on the oldest Linux you want to support.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent
PACKAGE = "rummi_desktop"
PACKAGE_DIR = REPO / PACKAGE
APP_NAME = "rummi-desktop"
ENTRY_SCRIPT = REPO / "packaging" / "rummi_desktop_entry.py"
DESKTOP_TEMPLATE = REPO / "packaging" / "linux" / "rummi-desktop.desktop.in"
ICON_DIR = PACKAGE_DIR / "assets" / "icons"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
LAUNCHER_ICON_SIZE = 256
# Pulled in by optional imports of pymunk and friends; the game never uses them.
EXCLUDED_MODULES = ("tkinter", "numpy", "matplotlib", "pyglet", "PIL", "pytest", "hypothesis")
PYINSTALLER_HINT = 'PyInstaller is not installed. Get it with:  pip install -e ".[installer]"'
MANIFEST_NAME = "install-manifest.toml"
EXIT_OK, EXIT_FAILED, EXIT_UNAVAILABLE = 0, 1, 2


class InstallError(Exception):
    """A build, install or uninstall that cannot go ahead; the message says why."""


class PyInstallerMissing(InstallError):
    def __init__(self) -> None:
        super().__init__(PYINSTALLER_HINT)


# --- building ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildOptions:
    onefile: bool = False
    strip: bool = False
    dist: Path = REPO / "dist"
    work: Path = REPO / "build"


def data_files(package_dir: Path = PACKAGE_DIR) -> list[tuple[Path, str]]:
    """Every file under assets/ and every themes/*.toml, walked now (never a fixed list), each
    with the folder it goes to in the bundle: the same package path, so importlib.resources
    finds it there as it does in the source tree."""
    found = [p for p in sorted((package_dir / "assets").rglob("*")) if p.is_file()]
    found += sorted((package_dir / "themes").glob("*.toml"))
    return [(path, path.parent.relative_to(package_dir.parent).as_posix())
            for path in found if "__pycache__" not in path.parts]


def pyinstaller_command(options: BuildOptions, system: str | None = None,
                        package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The PyInstaller arguments for this build (absolute paths: the spec lives in --work)."""
    system = system or platform.system()
    args = [
        str(ENTRY_SCRIPT), "--name", APP_NAME, "--noconfirm", "--log-level", "WARN",
        "--distpath", str(options.dist.resolve()), "--workpath", str(options.work.resolve()),
        "--specpath", str(options.work.resolve()), "--paths", str(package_dir.parent),
        # cli.py imports its sub-commands lazily; the analysis would miss them.
        "--collect-submodules", PACKAGE,
        "--onefile" if options.onefile else "--onedir",
    ]
    if options.strip and system != "Windows":
        args.append("--strip")
    if system in ("Windows", "Darwin"):
        icon = "rummi-desktop.ico" if system == "Windows" else "rummi-desktop.icns"
        args += ["--windowed", "--icon", str(package_dir / "assets" / "icons" / icon)]
    if system == "Darwin":
        args += ["--osx-bundle-identifier", "org.rummidesktop.game"]
    for module in EXCLUDED_MODULES:
        args += ["--exclude-module", module]
    for source, destination in data_files(package_dir):
        args += ["--add-data", f"{source}{os.pathsep}{destination}"]
    return args


def built_bundle(options: BuildOptions, system: str | None = None) -> Path:
    """What the build leaves in --dist: the folder (or single file) people get."""
    system = system or platform.system()
    if system == "Darwin" and not options.onefile:
        return options.dist / f"{APP_NAME}.app"
    suffix = ".exe" if system == "Windows" and options.onefile else ""
    return options.dist / f"{APP_NAME}{suffix}"


def built_program(options: BuildOptions, system: str | None = None) -> Path:
    """The executable inside the bundle."""
    system = system or platform.system()
    bundle = built_bundle(options, system)
    if options.onefile:
        return bundle
    if system == "Darwin":
        return bundle / "Contents" / "MacOS" / APP_NAME
    return bundle / (f"{APP_NAME}.exe" if system == "Windows" else APP_NAME)


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def pyinstaller_available() -> bool:
    return importlib.util.find_spec("PyInstaller") is not None


def missing_game_modules() -> list[str]:
    """The bundle copies the game's modules from this Python: without them it would build a
    program that fails on its player's machine."""
    return [name for name in (PACKAGE, "pygame", "platformdirs", "tomli_w")
            if importlib.util.find_spec(name) is None]


def remove_other_kind_of_bundle(target: Path, onefile: bool) -> None:
    """A one-file build lands where a one-folder build left its folder (and the other way
    round); PyInstaller stops there, so the earlier build of the other kind goes first."""
    if onefile and (target / "_internal").is_dir():
        shutil.rmtree(target)
    elif not onefile and target.is_file():
        target.unlink()


def build(options: BuildOptions) -> Path:
    """Run PyInstaller; print where the bundle is, its size and how long it took."""
    if not pyinstaller_available():
        raise PyInstallerMissing()
    missing = missing_game_modules()
    if missing:
        raise InstallError(f"this Python lacks {', '.join(missing)}: build from the game's "
                           'environment (pip install -e ".[installer]")')
    remove_other_kind_of_bundle(built_bundle(options), options.onefile)
    started = time.perf_counter()
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_command(options)]
    if subprocess.run(command, cwd=REPO).returncode != 0:
        raise InstallError("PyInstaller failed (its messages are above)")
    bundle = built_bundle(options)
    seconds = time.perf_counter() - started
    print(f"built {bundle}  ({tree_size(bundle) / 2**20:.1f} MiB in {seconds:.1f} s)")
    print(f"run it:  {built_program(options)}")
    return bundle


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


# --- command line ------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Build the double-clickable Rummi Desktop bundle (PyInstaller) and "
                    "install it for this user on Linux.")
    parser.add_argument("--onefile", action="store_true", help="one file instead of a folder")
    parser.add_argument("--strip", action="store_true", help="strip symbols (smaller bundle)")
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="where the bundle goes")
    parser.add_argument("--work", type=Path, default=REPO / "build",
                        help="PyInstaller's scratch folder")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--install", action="store_true",
                        help="Linux: install for this user and add an applications-menu entry")
    action.add_argument("--uninstall", action="store_true",
                        help="Linux: remove exactly what --install added")
    parser.add_argument("--desktop", action="store_true", help="with --install: desktop launcher too")
    parser.add_argument("--no-build", action="store_true",
                        help="with --install: use the bundle already in --dist")
    return parser.parse_args(argv)


def run_install(args: argparse.Namespace, options: BuildOptions) -> None:
    if platform.system() != "Linux":
        raise InstallError("--install/--uninstall are for Linux; on Windows and macOS give "
                           "people the built folder / .app (see packaging/README.md)")
    layout = InstallLayout.from_environment()
    if args.uninstall:
        kept = uninstall(layout)
        print("uninstalled" + "".join(f"\nkept (not empty): {p}" for p in kept))
        return
    bundle = built_bundle(options) if args.no_build else build(options)
    if args.desktop and layout.desktop_dir is None:
        print("no desktop folder found: menu entry only")
    record = install(bundle, layout, on_desktop=args.desktop)
    print(f"installed {len(record.files)} files under {layout.program_dir}")
    print(f"menu entry: {layout.launcher}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    options = BuildOptions(onefile=args.onefile, strip=args.strip, dist=args.dist, work=args.work)
    try:
        if args.install or args.uninstall:
            run_install(args, options)
        else:
            build(options)
    except InstallError as error:
        print(f"build_installer: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE if isinstance(error, PyInstallerMissing) else EXIT_FAILED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
