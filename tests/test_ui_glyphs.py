"""Every character the interface draws is in the font that draws it, or painted as a shape
(ui/drawn_symbols.py): no label shows the font's empty box (Lato has no ✓, so the trainer's
ticks once did).

The characters come from the string literals (not docstrings) of the modules whose text
reaches the screen, the shipped puzzle files and the credits page. ``pygame.freetype``'s
``get_metrics`` is None for a glyph the face lacks (``pygame.font``'s ``metrics`` gives the
empty box's metrics instead, so it cannot tell).
"""

from __future__ import annotations

import ast
import io
from functools import cache
from importlib import resources
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from rummi_desktop.ui import drawn_symbols, fonts, shapes

PACKAGE = Path(fonts.__file__).resolve().parents[1]
DRAWN_TEXT_FROM = ("scenes", "ui", "trainer", "puzzles", "games")  # where the screen's words are written
NOT_DRAWN = {"\ufeff"}  # the byte-order mark a file reader strips
BODY_FACES = ("regular", "bold")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _trees() -> list[tuple[Path, ast.AST]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for folder in DRAWN_TEXT_FROM
            for path in sorted((PACKAGE / folder).rglob("*.py"))]


def _odd(text: str) -> set[str]:
    return {char for char in text if ord(char) > 127} - NOT_DRAWN


@cache
def ui_characters() -> dict[str, str]:
    """Each non-ASCII character the interface may draw → one place it comes from."""
    found: dict[str, str] = {}
    for path, tree in _trees():
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                for char in _odd(node.value):
                    found.setdefault(char, f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assets = resources.files("rummi_desktop").joinpath("assets")
    for item in [assets.joinpath("CREDITS.md"), *assets.joinpath("puzzles").iterdir()]:
        for char in _odd(item.read_text(encoding="utf-8")):
            found.setdefault(char, f"assets/{item.name}")
    return found


def _constants(node: ast.AST) -> str:
    return "".join(part.value for part in ast.walk(node) if isinstance(part, ast.Constant) and isinstance(part.value, str))


def title_characters() -> dict[str, str]:
    """The non-ASCII characters written into titles (``shapes.text(..., display=True)`` and
    ``embossed_title``), and the pack titles the trainer shows in the title face."""
    found: dict[str, str] = {}
    for path, tree in _trees():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)) and node.args):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            display = any(k.arg == "display" and isinstance(k.value, ast.Constant) and k.value.value is True
                          for k in node.keywords)
            if (name == "text" and display) or name == "embossed_title":
                for char in _odd(_constants(node.args[0])):
                    found.setdefault(char, f"{path.relative_to(PACKAGE)}:{node.lineno}")
    from rummi_desktop.trainer.puzzle_files import shipped_puzzles

    for game in ("rummi", "rummble", "tumblewords"):
        for pack in shipped_puzzles(game).packs:
            for char in _odd(str(pack["title"] if isinstance(pack, dict) else pack.title)):
                found.setdefault(char, f"the {game} pack {pack}")
    return found


def missing_from(face: str, characters) -> set[str]:
    pygame.freetype.init()
    data = resources.files("rummi_desktop").joinpath("assets", "fonts", fonts.FONT_FILES[face]).read_bytes()
    probe = pygame.freetype.Font(io.BytesIO(data), 24)
    chars = sorted(characters)
    return {char for char, metric in zip(chars, probe.get_metrics("".join(chars))) if metric is None}


def test_the_scan_finds_the_characters_the_interface_is_known_to_draw():
    found = ui_characters()
    assert {"✓", "→", "·", "…"} <= set(found)
    assert "·" in title_characters()  # "Rummi · First Steps"


@pytest.mark.parametrize("face", BODY_FACES)
def test_every_character_in_the_interface_text_is_in_the_body_font_or_drawn(face):
    lacking = missing_from(face, ui_characters()) - set(drawn_symbols.PAINTERS)
    assert not lacking, {char: ui_characters()[char] for char in lacking}


def test_every_character_in_a_title_is_in_the_title_font_or_drawn():
    lacking = missing_from("display", title_characters()) - set(drawn_symbols.PAINTERS)
    assert not lacking, {char: title_characters()[char] for char in lacking}


def test_a_drawn_symbol_is_one_the_fonts_lack():
    for face in (*BODY_FACES, "display"):
        assert missing_from(face, drawn_symbols.PAINTERS) == set(drawn_symbols.PAINTERS)


@pytest.mark.parametrize("symbol", sorted(drawn_symbols.PAINTERS))
def test_a_label_with_a_drawn_symbol_shows_the_shape_not_the_fonts_box(symbol):
    pygame.font.init()
    colour = (250, 240, 200)
    label = shapes.text(f"3  {symbol} 0:11", 22, colour, bold=True)
    face = fonts.font(22, bold=True)
    before = face.size("3  ")[0]
    after = before + drawn_symbols.symbol_width(face, symbol)
    assert label.get_width() == after + face.size(" 0:11")[0] and label.get_height() == face.get_height()
    box = face.render(symbol, True, colour)  # what the font alone would show
    inked = [(x - before, y) for x in range(before, after) for y in range(label.get_height())
             if label.get_at((x, y)).a > 128]
    assert len(inked) > 20, "the symbol is painted"
    boxed = {(x, y) for x in range(box.get_width()) for y in range(box.get_height()) if box.get_at((x, y)).a > 128}
    assert len(set(inked) & boxed) < len(inked) / 2, "the painted symbol is not the empty box"
