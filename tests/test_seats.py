"""Quick-start seats: names for people and computers, and too many people refused cleanly."""

import pytest

from rummi_desktop.games.rummi.table.session import quick_setup
from rummi_desktop.games.seats import seats_from_kinds


def test_a_lone_person_is_you_and_several_get_names():
    assert [s.name for s in seats_from_kinds(["human", "hard"])] == ["You", "Hard"]
    assert [s.name for s in seats_from_kinds(["easy", "human", "human"])] == ["Easy", "Ann", "Bea"]


def test_more_people_than_seats_is_a_value_error_not_a_crash():
    # `play rummi --seats human,human,human,human,human` must print a usage line (ValueError)
    with pytest.raises(ValueError, match="2 to 4 seats"):
        quick_setup("human,human,human,human,human", 1, None)
