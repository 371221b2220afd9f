#!/usr/bin/env python3
"""Build Rummi Desktop into a program people double-click, and install it for this user.

    python build_installer.py              one-folder bundle: dist/rummi-desktop/rummi-desktop
    python build_installer.py --onefile    one file: dist/rummi-desktop (slower start, smaller)
    python build_installer.py --no-strip   keep the libraries' symbols (Linux strips by default)
    python build_installer.py --strip      macOS: strip debug symbols too (smaller)
    python build_installer.py --dist DIR   put the bundle in DIR instead of dist/
    python build_installer.py --install    Linux: build, copy under ~/.local/share, add a menu entry
          ... --install --desktop          ... and a launcher on the desktop too
          ... --install --no-build         install the bundle already in --dist
    python build_installer.py --uninstall  Linux: remove exactly what --install added

PyInstaller (the ``installer`` extra) builds for the system it runs on: a folder with
``rummi-desktop.exe`` on Windows, ``rummi-desktop.app`` on macOS. The bundle needs the build
machine's C library (glibc) or newer: build on the oldest Linux you want to support.
Installing and uninstalling live in ``packaging/linux_install.py``.
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
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent
INSTALL_MODULE = "rummi_desktop_linux_install"


def load_linux_install() -> ModuleType:
    """``packaging/linux_install.py``, loaded by path (``import packaging...`` would find the
    PyPI library of that name), once: every loader shares the same classes."""
    if INSTALL_MODULE not in sys.modules:
        spec = importlib.util.spec_from_file_location(INSTALL_MODULE, REPO / "packaging" / "linux_install.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[INSTALL_MODULE] = module  # dataclasses look their module up while it runs
        spec.loader.exec_module(module)
    return sys.modules[INSTALL_MODULE]


linux_install = load_linux_install()
InstallError = linux_install.InstallError
APP_NAME = linux_install.APP_NAME
PACKAGE = "rummi_desktop"
PACKAGE_DIR = REPO / PACKAGE
ENTRY_SCRIPT = REPO / "packaging" / "rummi_desktop_entry.py"
# Left out of the bundle: what only optional or lazy imports reach and the desktop game never
# runs. Each group says why it is safe; the bundle test runs the game, a game and a LAN host.
EXCLUDED_MODULES = (
    # optional imports of pymunk and friends; test libraries
    "tkinter", "numpy", "matplotlib", "pyglet", "PIL", "pytest", "_pytest", "hypothesis",
    # PostgreSQL (10 MiB with its libraries): only `serve --database postgresql://` imports it;
    # the game's "Host on this computer" keeps its tables in SQLite
    "psycopg", "psycopg_binary", "psycopg_c", "psycopg_pool",
    # websockets' other APIs (the game uses websockets.asyncio) and its command line, the one
    # user of readline
    "websockets.legacy", "websockets.sync", "websockets.trio", "websockets.cli", "readline",
    # pygame's experimental SDL2 API: only pygame's WebAssembly start-up imports it
    "pygame._sdl2",
    # imported inside functions the game never calls: multiprocessing's XML-RPC listener,
    # shutil's tar archives, urllib's ftp:// and cookies; or tried and done without: the bz2/lzma
    # compression of zip files, uuid's C helper, decimal's pure-Python twin (_decimal is in)
    "xmlrpc", "tarfile", "ftplib", "http.cookiejar", "bz2", "_bz2", "lzma", "_lzma", "_uuid",
    "_pydecimal",
)
PYINSTALLER_HINT = 'PyInstaller is not installed. Get it with:  pip install -e ".[installer]"'
EXIT_OK, EXIT_FAILED, EXIT_UNAVAILABLE = 0, 1, 2


class PyInstallerMissing(InstallError):
    def __init__(self) -> None:
        super().__init__(PYINSTALLER_HINT)


# --- building ----------------------------------------------------------------------------


# Where symbols are stripped unless --no-strip: PyInstaller runs `strip` on every collected
# library (libpython alone goes from 23 to 6 MiB). Tested on Linux; on macOS (where PyInstaller
# strips debug symbols only, then re-signs) --strip asks for it; Windows has no strip tool.
STRIP_BY_DEFAULT = ("Linux",)


@dataclass(frozen=True)
class BuildOptions:
    onefile: bool = False
    strip: bool | None = None  # None: strip where STRIP_BY_DEFAULT says so
    dist: Path = REPO / "dist"
    work: Path = REPO / "build"


def data_files(package_dir: Path = PACKAGE_DIR) -> list[tuple[Path, str]]:
    """Every file under assets/ and every .toml under themes/ (the unlockable felts and tile
    backs are in themes/unlockable/), walked now (never a fixed list), each
    with the folder it goes to in the bundle: the same package path, so importlib.resources
    finds it there as it does in the source tree."""
    found = [p for p in sorted((package_dir / "assets").rglob("*")) if p.is_file()]
    found += sorted((package_dir / "themes").rglob("*.toml"))
    return [(path, path.parent.relative_to(package_dir.parent).as_posix())
            for path in found if "__pycache__" not in path.parts]


def strips(options: BuildOptions, system: str) -> bool:
    if system == "Windows":
        return False
    return system in STRIP_BY_DEFAULT if options.strip is None else options.strip


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
    if strips(options, system):
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


# --- command line ------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Build the double-clickable Rummi Desktop bundle (PyInstaller) and "
                    "install it for this user on Linux.")
    parser.add_argument("--onefile", action="store_true", help="one file instead of a folder")
    parser.add_argument("--strip", action=argparse.BooleanOptionalAction, default=None,
                        help="strip symbols from the bundled libraries (default: on Linux; "
                             "--no-strip keeps them, e.g. for a debugger)")
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
    layout = linux_install.InstallLayout.from_environment()
    if args.uninstall:
        kept = linux_install.uninstall(layout)
        print("uninstalled" + "".join(f"\nkept (not empty): {p}" for p in kept))
        return
    bundle = built_bundle(options) if args.no_build else build(options)
    if args.desktop and layout.desktop_dir is None:
        print("no desktop folder found: menu entry only")
    record = linux_install.install(bundle, layout, on_desktop=args.desktop)
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
