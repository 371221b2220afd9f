"""Issue 21 item 13, the sandbox: a Rummi meld built by clicks lands where they were, the
banner stays on the felt, the share code fits its box, and the three sandboxes put their
buttons in the same places. Driven by synthetic events through the app, drawn off-screen."""

from __future__ import annotations


from test_rummi_flow_support import click, key
from test_sandbox_rummi import open_sandbox as open_rummi, palette_click, table_names


def test_clicks_on_open_felt_make_one_meld_where_they_were(tmp_path, monkeypatch):
    app, scene = open_rummi(tmp_path, monkeypatch)
    spot = (330, 330)  # the middle of the felt, far from the top row's first slot
    palette_click(app, scene, "R6")
    click(app, spot)
    box = scene.view.table_layout.tile_boxes[0][0]
    assert box.contains(*spot), (box, spot)  # under the click, not in the next top-row slot
    pitch = scene.view.table_layout.pitch
    palette_click(app, scene, "R7")
    click(app, (spot[0] + pitch, spot[1]))  # just right of its end: the same meld
    palette_click(app, scene, "R5")
    click(app, (spot[0] - pitch, spot[1]))  # just left of its start: the same meld too
    assert table_names(scene) == [["R5", "R6", "R7"]]
    boxes = scene.view.table_layout.tile_boxes[0]
    assert boxes[1].contains(*spot)  # R6 stayed under the first click; the meld grew leftwards
    palette_click(app, scene, "K9")
    click(app, (spot[0], spot[1] + 3 * box.h))  # open felt well below: a meld of its own, there
    assert table_names(scene) == [["R5", "R6", "R7"], ["K9"]]
    assert scene.view.table_layout.tile_boxes[1][0].contains(spot[0], spot[1] + 3 * box.h)
    key(app, "z")  # Undo keeps the first meld's place
    assert scene.view.table_layout.tile_boxes[0][1].contains(*spot)
