"""Pure geometry of the Rummi table: melds in rows with gaps, the two-tier rack, drop targets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummi_desktop.games.rummi.table.layout import layout_table, screen_regions, table_drop_target, tile_at
from rummi_desktop.ui.geometry import Box
from rummi_desktop.ui.rack_layout import layout_rack, rack_insert_index, rack_tile_at

REGIONS = screen_regions()
meld_lengths = st.lists(st.integers(min_value=3, max_value=13), max_size=34)


def all_tile_boxes(layout):
    return [box for boxes in layout.tile_boxes for box in boxes]


def assert_on_felt_without_overlaps(boxes):
    """Every tile inside the table area, and no two tiles overlapping."""
    for i, box in enumerate(boxes):
        assert REGIONS.table.x <= box.x and box.right <= REGIONS.table.right
        assert REGIONS.table.y <= box.y and box.bottom <= REGIONS.table.bottom
        for other in boxes[i + 1 :]:
            assert not box.overlaps(other)


def test_screen_regions_do_not_overlap_and_fit_the_screen():
    parts = [REGIONS.hud, REGIONS.table, REGIONS.rack, REGIONS.buttons]
    screen = Box(0, 0, 1280, 800)
    for i, part in enumerate(parts):
        assert screen.x <= part.x and part.right <= screen.right
        assert screen.y <= part.y and part.bottom <= screen.bottom
        for other in parts[i + 1 :]:
            assert not part.overlaps(other)


@settings(max_examples=150, deadline=None)
@given(meld_lengths)
def test_table_tiles_never_overlap_and_stay_on_the_felt(lengths):
    if sum(lengths) > 106:
        lengths = lengths[:8]
    layout = layout_table(lengths, REGIONS.table)
    boxes = all_tile_boxes(layout)
    assert len(boxes) == sum(lengths)
    assert_on_felt_without_overlaps(boxes)
    # the room for a new meld never covers a tile either
    assert not any(layout.new_meld_box.overlaps(box) for box in boxes)


def test_melds_flow_left_to_right_with_a_gap_and_wrap_whole():
    layout = layout_table([5] * 12, REGIONS.table)
    first, second = layout.meld_boxes[0], layout.meld_boxes[1]
    assert second.y == first.y and second.x - first.right >= layout.tile_w * 0.5
    rows = sorted({box.y for box in layout.meld_boxes})
    assert len(rows) >= 2, "twelve 5-tile melds do not fit on one row"
    for boxes in layout.tile_boxes:  # a meld never breaks across rows
        assert len({box.y for box in boxes}) == 1


def test_a_crowded_table_shrinks_tiles_to_fit():
    small_felt = Box(0, 0, 640, 320)
    roomy = layout_table([3, 4], small_felt)
    crowded = layout_table([3] * 35, small_felt)  # 105 tiles
    assert crowded.tile_w < roomy.tile_w
    assert max(box.bottom for box in all_tile_boxes(crowded)) <= small_felt.bottom


def test_drop_on_a_meld_gives_the_insert_position_and_open_felt_a_new_meld():
    layout = layout_table([3, 4], REGIONS.table)
    run = layout.tile_boxes[0]
    # just left of the first tile: insert at 0; on the right edge of the last: append
    assert table_drop_target(layout, run[0].x + 3, run[0].center[1]).index == 0
    after_last = table_drop_target(layout, run[2].right + 6, run[2].center[1])
    assert (after_last.meld, after_last.index) == (0, 3)
    between = table_drop_target(layout, run[1].right + 1, run[1].center[1])
    assert (between.meld, between.index) == (0, 2)
    group = layout.tile_boxes[1]
    assert table_drop_target(layout, *group[1].center).meld == 1
    far = table_drop_target(layout, REGIONS.table.x + 30, REGIONS.table.bottom - 10)
    assert far.is_new_meld
    assert table_drop_target(layout, 5, 5) is None  # the HUD is not felt


def test_tile_at_finds_the_tile_under_the_pointer():
    layout = layout_table([3, 5], REGIONS.table)
    target = layout.tile_boxes[1][4]
    assert tile_at(layout, *target.center) == (1, 4)
    assert tile_at(layout, layout.new_meld_box.center[0], layout.new_meld_box.center[1]) is None


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=106))
def test_rack_slots_are_disjoint_and_inside_the_rack(count):
    layout = layout_rack(count, REGIONS.rack)
    assert len(layout.slots) == count
    assert len(layout.ledges) == layout.tiers
    ledges = [REGIONS.rack.y + y for y in layout.ledges]
    for i, box in enumerate(layout.slots):
        assert REGIONS.rack.x <= box.x and box.right <= REGIONS.rack.right + 0.01
        assert REGIONS.rack.y <= box.y and box.bottom <= REGIONS.rack.bottom + 0.01
        assert any(0 <= ledge - box.bottom <= 2 for ledge in ledges), "every tile stands on a tier"
        assert not any(box.y < ledge < box.bottom for ledge in ledges)
        for other in layout.slots[i + 1 :]:
            assert not box.overlaps(other)


def test_rack_has_two_tiers_and_shrinks_only_when_full():
    fourteen = layout_rack(14, REGIONS.rack)
    assert fourteen.per_row >= 14 and fourteen.tile_w == 50
    forty = layout_rack(40, REGIONS.rack)
    assert len({box.y for box in forty.slots}) == 2
    assert forty.tile_w < 50


def test_rack_drop_index_follows_the_pointer():
    layout = layout_rack(20, REGIONS.rack)
    slot3 = layout.slots[3]
    assert rack_insert_index(layout, slot3.x + 2, slot3.center[1], 20) == 3
    assert rack_insert_index(layout, slot3.right - 2, slot3.center[1], 20) == 4
    assert rack_insert_index(layout, REGIONS.rack.right - 3, layout.slots[0].center[1], 20) == 16
    assert rack_insert_index(layout, REGIONS.rack.right - 3, layout.slots[19].center[1], 20) == 20
    assert rack_insert_index(layout, 640, 100, 20) is None
    assert rack_tile_at(layout, *layout.slots[7].center) == 7


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(min_value=1, max_value=13),
                          st.none() | st.tuples(st.integers(min_value=0, max_value=8),
                                                st.floats(min_value=-50, max_value=1400))), max_size=30))
def test_hinted_melds_never_overlap_and_stay_on_the_felt(melds):
    lengths = [length for length, _ in melds]
    if sum(lengths) > 106:
        melds, lengths = melds[:8], lengths[:8]
    hints = [hint for _, hint in melds]
    plain = layout_table(lengths, REGIONS.table)
    layout = layout_table(lengths, REGIONS.table, hints=hints)
    assert layout.tile_w == plain.tile_w, "hints never shrink the tiles"
    boxes = all_tile_boxes(layout)
    assert_on_felt_without_overlaps(boxes)
    assert not any(layout.new_meld_box.overlaps(box) for box in boxes)


def test_a_new_meld_on_empty_felt_is_hinted_to_the_drop_point():
    empty = layout_table([], REGIONS.table)
    drop = table_drop_target(empty, 700, 330)
    assert drop.is_new_meld and drop.index == 0
    placed = layout_table([1], REGIONS.table, hints=[drop.hint])
    assert placed.tile_boxes[0][0] == drop.box and drop.box.contains(700, 330)
