"""Felt themes: TOML files validated into an immutable ``Theme``.

A theme file (``rummi_desktop/themes/<name>.toml``) holds colours as ``"#RRGGBB"`` (or
``"#RRGGBBAA"`` where the field is RGBA) and two texture strengths. The validator reports every
problem with its key, so a broken theme can be named precisely and skipped while the good ones
load; nothing here ever raises for a bad file except ``load_theme``, whose ``ThemeError`` carries
the whole list.

Themes are found through ``importlib.resources`` so they load the same from a source checkout,
a wheel or a PyInstaller bundle. Pure data: no pygame import here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from rummi_desktop.storage.toml_files import parse_toml_bytes, read_regular_file

DEFAULT_THEME_NAME = "parlor"
TILE_COLOUR_KEYS: tuple[str, ...] = ("K", "B", "R", "Y")

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Field name -> number of channels. Order is the order a theme file is documented in.
COLOUR_FIELDS: dict[str, int] = {
    "felt": 3,
    "felt_dark": 3,
    "rail": 3,
    "rail_dark": 3,
    "rail_highlight": 3,
    "text": 3,
    "text_muted": 3,
    "accent": 3,
    "accent_text": 3,
    "panel": 4,
    "tile_face": 3,
    "tile_face_low": 3,
    "tile_edge": 3,
    "tile_shadow": 4,
    "joker": 3,
    "invalid": 3,
    "hint": 3,
    "selected": 3,
}
# Texture strengths, each a float in [0, 1].
STRENGTH_FIELDS: tuple[str, ...] = ("grain", "vignette")
TEXT_FIELDS: tuple[str, ...] = ("name", "title")
ALL_KEYS = frozenset((*COLOUR_FIELDS, *STRENGTH_FIELDS, *TEXT_FIELDS, "tile_colours"))


class ThemeError(ValueError):
    """A theme file that cannot be used; ``errors`` lists every problem as ``"key: why"``."""

    def __init__(self, name: str, errors: list[str]) -> None:
        super().__init__(f"theme {name!r}: " + "; ".join(errors))
        self.name = name
        self.errors = list(errors)


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the table, tiles and widgets are drawn with. Immutable and hashable."""

    name: str
    title: str
    felt: RGB
    felt_dark: RGB
    rail: RGB
    rail_dark: RGB
    rail_highlight: RGB
    text: RGB
    text_muted: RGB
    accent: RGB
    accent_text: RGB
    panel: RGBA
    tile_face: RGB
    tile_face_low: RGB
    tile_edge: RGB
    tile_shadow: RGBA
    joker: RGB
    invalid: RGB
    hint: RGB
    selected: RGB
    grain: float
    vignette: float
    # A read-only mapping K/B/R/Y -> RGB; excluded from hashing (mappings are not hashable),
    # the name already identifies a theme for caches.
    tile_colours: Mapping[str, RGB] = field(default_factory=dict, hash=False, compare=True)
    tile_back: str = "plain"  # the tile back chosen in the settings (App sets it on the theme in use)
    # Themes key every picture cache and are hashed on each lookup (hundreds per frame):
    # compute the hash once.
    _hash: int = field(default=0, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, f.name) for f in fields(self) if f.name not in ("tile_colours", "_hash"))
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash

    def tile_colour(self, colour: str) -> RGB:
        """Ink for a tile colour letter (K, B, R, Y)."""
        return self.tile_colours[colour]


def parse_colour(text: Any, channels: int) -> tuple[int, ...] | str:
    """``"#1f6b45"`` -> (31, 107, 69); returns a reason string when the text is not a colour."""
    if not isinstance(text, str):
        return f"expected a colour string like \"#1f6b45\", got {type(text).__name__}"
    digits = text.strip().removeprefix("#")
    allowed = (6, 8) if channels == 4 else (6,)
    if len(digits) not in allowed or any(c not in "0123456789abcdefABCDEF" for c in digits):
        shape = '"#RRGGBB" or "#RRGGBBAA"' if channels == 4 else '"#RRGGBB"'
        return f"{text!r} is not a colour (write {shape})"
    values = tuple(int(digits[i : i + 2], 16) for i in range(0, len(digits), 2))
    return values + (255,) if len(values) < channels else values


def validate_theme(data: dict, name: str) -> list[str]:
    """Every problem in a theme's data, each as ``"key: why"``; an empty list means usable."""
    if not isinstance(data, dict):
        return [f"(file): expected a table of keys, got {type(data).__name__}"]
    errors = [f"{key}: unknown key" for key in sorted(set(data) - ALL_KEYS)]
    errors += _text_errors(data, name)
    for key, channels in COLOUR_FIELDS.items():
        if key not in data:
            errors.append(f"{key}: missing")
            continue
        parsed = parse_colour(data[key], channels)
        if isinstance(parsed, str):
            errors.append(f"{key}: {parsed}")
    for key in STRENGTH_FIELDS:
        value = data.get(key)
        if key not in data:
            errors.append(f"{key}: missing")
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            errors.append(f"{key}: expected a number from 0 to 1, got {value!r}")
    errors += _tile_colour_errors(data.get("tile_colours"))
    return errors


def _text_errors(data: dict, name: str) -> list[str]:
    errors = []
    if "title" not in data:
        errors.append("title: missing")
    elif not isinstance(data["title"], str) or not data["title"].strip():
        errors.append("title: expected a non-empty text")
    # The file name is the theme's identity (settings store it); a `name` key must agree.
    if "name" in data and data["name"] != name:
        errors.append(f"name: {data['name']!r} does not match the file name {name!r}")
    return errors


def _tile_colour_errors(table: Any) -> list[str]:
    if table is None:
        return ["tile_colours: missing (a table with K, B, R and Y)"]
    if not isinstance(table, dict):
        return [f"tile_colours: expected a table with K, B, R and Y, got {type(table).__name__}"]
    errors = [f"tile_colours.{key}: unknown colour letter" for key in sorted(set(table) - set(TILE_COLOUR_KEYS))]
    for key in TILE_COLOUR_KEYS:
        if key not in table:
            errors.append(f"tile_colours.{key}: missing")
            continue
        parsed = parse_colour(table[key], 3)
        if isinstance(parsed, str):
            errors.append(f"tile_colours.{key}: {parsed}")
    return errors


def theme_from_data(data: dict, name: str) -> Theme:
    """Build a Theme from data that ``validate_theme`` accepted (raises ThemeError otherwise)."""
    errors = validate_theme(data, name)
    if errors:
        raise ThemeError(name, errors)
    colours = {key: parse_colour(data[key], channels) for key, channels in COLOUR_FIELDS.items()}
    inks = {key: parse_colour(data["tile_colours"][key], 3) for key in TILE_COLOUR_KEYS}
    strengths = {key: float(data[key]) for key in STRENGTH_FIELDS}
    return Theme(
        name=name,
        title=data["title"].strip(),
        tile_colours=MappingProxyType(inks),
        **colours,  # type: ignore[arg-type]
        **strengths,
    )


def load_theme(path: Path | Traversable) -> Theme:
    """Read and validate one theme file; ``ThemeError`` lists every problem."""
    name = Path(path.name).stem
    try:
        # A file on disk goes through the safe reader: regular files only, size-capped, so a
        # pipe or a device in the themes folder cannot hang or swamp the start.
        raw = read_regular_file(path) if isinstance(path, Path) else path.read_bytes()
        data = parse_toml_bytes(raw)
    except OSError as error:
        raise ThemeError(name, [f"(file): cannot read it ({error})"]) from error
    except ValueError as error:  # bad TOML, not UTF-8, nested too deeply, a number too long
        raise ThemeError(name, [f"(file): not valid TOML ({error})"]) from error
    return theme_from_data(data, name)


def shipped_theme_files() -> list[Traversable]:
    """The theme files inside the package, sorted by name."""
    folder = resources.files("rummi_desktop").joinpath("themes")
    return sorted((item for item in folder.iterdir() if item.name.endswith(".toml")), key=lambda f: f.name)


def load_themes(files: list[Path | Traversable] | None = None) -> tuple[dict[str, Theme], list[str]]:
    """Themes by name plus one problem line per skipped file. Never raises.

    ``files`` defaults to the shipped themes; tests pass their own.
    """
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    try:
        candidates = shipped_theme_files() if files is None else list(files)
    except OSError as error:
        return {}, [f"themes folder unreadable: {error}"]
    for path in candidates:
        try:
            theme = load_theme(path)
        except ThemeError as error:
            problems.extend(f"{path.name}: {reason}" for reason in error.errors)
            continue
        themes[theme.name] = theme
    return themes, problems


def fallback_theme() -> Theme:
    """A built-in parlor look used only when no theme file at all can be loaded."""
    data = {
        "title": "Parlor (built-in)",
        "felt": "#1d6b48", "felt_dark": "#0c3a26", "rail": "#6b2f1a", "rail_dark": "#3b170b",
        "rail_highlight": "#b0683e", "text": "#f4ecd8", "text_muted": "#b9c9b5",
        "accent": "#e2b34a", "accent_text": "#2a1a08", "panel": "#0d2a1de0",
        "tile_face": "#fbf5e6", "tile_face_low": "#ede2c6", "tile_edge": "#c9b58f",
        "tile_shadow": "#00000070", "joker": "#c0392b", "invalid": "#e0322b",
        "hint": "#ffd75e", "selected": "#4fb3ff", "grain": 0.5, "vignette": 0.5,
        "tile_colours": {"K": "#1f1f24", "B": "#1d5fbf", "R": "#c62828", "Y": "#d48a00"},
    }
    return theme_from_data(data, DEFAULT_THEME_NAME)
