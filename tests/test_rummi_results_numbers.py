"""The match summary's numbers, from a seeded computer-only match played through the window:
melds played never outnumber the tiles laid (a rearranged meld is not a meld played), the
card agrees with the finished-game records, and a computer's average turn is its real
thinking time, not "0.0 s"."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from test_rummi_flow_support import make_app, steps
from rummi_desktop.games.rummi.rules.stats import seat_stats, turn_change
from rummi_desktop.games.rummi.table.results import MatchSummaryScene, RoundEndScene, turn_time_text
from rummi_desktop.games.rummi.table.session import MatchSetup, RummiSession, SeatConfig
from rummi_desktop.games.rummi.table.table_scene import RummiTableScene


def play_computer_match(app, seed: int) -> MatchSummaryScene:
    """Hard against Medium, one round (target 1), every think waited for."""
    setup = MatchSetup((SeatConfig("hard", "Hard"), SeatConfig("medium", "Medium")), "parlor", 1, 0, seed)
    scene = RummiTableScene(app, RummiSession.new(setup))
    app.stack.push(scene)
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, MatchSummaryScene):
            return top
        if isinstance(top, RoundEndScene):
            top.proceed()
        job = scene.flow.job
        if job is not None and not job.done:
            job.wait(20)
        steps(app, 1, dt=0.05)
    raise AssertionError("the match did not end")


def test_a_rearranged_meld_is_not_a_meld_played():
    # R1 R2 R3 R4 split into R1 R2 R3 / R4 + the laid R5 R6: one meld played, two tiles laid
    change = turn_change([(0, 1, 2, 3)], [(0, 1, 2), (3, 4, 5)])
    assert (change.placed, change.melds) == ((4, 5), ((3, 4, 5),))


def test_the_summary_of_a_seeded_hard_match_is_true_and_consistent(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, speed="instant")
    summary = play_computer_match(app, 5)
    session = summary.session
    rows = summary.rows()
    finished = session.last_round
    for seat, (stats, row) in enumerate(zip(session.stats, rows)):
        assert stats.melds_played <= stats.tiles_placed, row
        measured = seat_stats(finished, seat)  # what the records count, replayed from the log
        assert (stats.melds_played, stats.tiles_placed) == (measured["melds_played"], measured["tiles_placed"])
        assert row[2:4] == [str(stats.melds_played), str(stats.tiles_placed)]
        assert stats.turns and stats.average_turn_seconds > 0
        assert row[5] == turn_time_text(stats.average_turn_seconds, stats.turns) != "0.0 s"
    assert "thinking time" in summary.footnote()
    surface = pygame.Surface((1280, 800))
    summary.draw(surface)  # the footnote fits between the table and the buttons


def test_turn_times_keep_their_size():
    assert [turn_time_text(s, 3) for s in (12.34, 0.9996, 0.04, 0.0001)] == ["12.3 s", "1.0 s", "40 ms", "under 1 ms"]
    assert turn_time_text(0.0, 0) == "–"


def test_the_match_winner_is_named_in_words_that_agree():
    """"You win the match!" (the person's seat is "You"; it read "You wins" online)."""
    def summary_of(names: tuple[str, ...], winners: tuple[int, ...]) -> str:
        seats = tuple(SimpleNamespace(name=name) for name in names)
        session = SimpleNamespace(setup=SimpleNamespace(seats=seats), match=SimpleNamespace(winners=winners))
        return MatchSummaryScene.winner_text(SimpleNamespace(session=session))

    assert summary_of(("You", "bob"), (0,)) == "You win the match!"
    assert summary_of(("alice", "You"), (0,)) == "alice wins the match!"
    assert summary_of(("You", "bob"), (0, 1)) == "You and bob share the match!"


def test_the_turn_time_note_speaks_of_a_computer_only_where_one_sat():
    """Online the other person is an "online" seat, not a computer: no computer's note then."""
    from rummi_desktop.games.seats import ONLINE_PERSON, SeatConfig

    def footnote_of(*kinds: str) -> str:
        seats = tuple(SeatConfig(kind, kind) for kind in kinds)
        return MatchSummaryScene.footnote(SimpleNamespace(session=SimpleNamespace(setup=SimpleNamespace(seats=seats))))

    assert "computer" not in footnote_of("human", ONLINE_PERSON)
    assert "A computer's turn time is its thinking time." in footnote_of("human", "hard")
