"""A game closed (or killed) during its very first turn keeps its deal: the table autosaves
as it is first shown, before anyone moves, in every game."""

from __future__ import annotations

import importlib

import pytest

from test_rummi_flow_support import make_app, steps


def new_session(game: str):
    """A freshly dealt game with its default setup, seed 7 (a person and a computer)."""
    module = importlib.import_module(f"rummi_desktop.games.{game}.table.session")
    setup = {"rummi": "MatchSetup", "rummble": "RummbleSetup", "tumblewords": "TumblewordsSetup"}[game]
    session_class = {"rummi": "RummiSession", "rummble": "RummbleSession", "tumblewords": "TumblewordsSession"}[game]
    return getattr(module, session_class).new(getattr(module, setup)(seed=7))


@pytest.mark.parametrize("game", ["rummi", "rummble", "tumblewords"])
def test_the_deal_is_saved_before_the_first_move(game, tmp_path, monkeypatch):
    from rummi_desktop.storage.saves import has_autosave

    app = make_app(tmp_path, monkeypatch)
    entry = importlib.import_module(f"rummi_desktop.games.{game}.table").ENTRY
    session = new_session(game)
    assert not has_autosave(game)
    app.stack.push(entry.table_for(app, session))
    steps(app, 2)
    assert has_autosave(game), "the deal is on disk before anyone has moved"
    saved = entry.load_saved_session([])  # as the menu's Continue would read it after a kill
    assert saved is not None and saved.to_save() == session.to_save()
