"""One goal_text for every game's puzzle table: each goal in words."""

from rummi_desktop.scenes.puzzle_run import goal_text


def test_every_goal_reads_as_a_sentence():
    assert goal_text({"goal": "best-score", "target": 31}, "drop") == "Score at least 31 points in one drop"
    assert goal_text({"goal": "place-all", "target": 5}) == "Lay every tile on your rack"
    assert goal_text({"goal": "place-n", "target": 4}) == "Lay 4 of your tiles"
    assert goal_text({"goal": "free-joker", "target": 3}) == "Free the joker and lay 3 tiles"
