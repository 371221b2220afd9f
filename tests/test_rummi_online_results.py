"""Rummi's online round end without sockets: the server's messages are built by the server's
own functions (client_view, result_of) from a real round and fed to the network session as its
link would. Each rack's total is read back from the server's scores, our own going out (scored
here first against stand-in racks) takes the server's result with its echo, and the round's end
shows only our own rack."""

from __future__ import annotations

from types import SimpleNamespace

from rummi_desktop.games.rummi.rules.moves import EndTurn, Place
from rummi_desktop.games.rummi.rules.scoring import blocked_scores, going_out_scores
from rummi_desktop.games.rummi.rules.state import RummiParameters, RummiState
from rummi_desktop.net.live import result_of
from rummi_desktop.net.views import client_view
from rummi_desktop.games.rummi.table.network_session import NetworkRummiSession
from rummi_desktop.games.rummi.table.results import RoundEndScene, score_lines
from rummi_desktop.games.rummi.table.online_state import server_round_result
from rummi_desktop.tiles import Tile


class HeldLink:
    status = "connected"


def tiles(*texts: str) -> list[Tile]:
    return [Tile.parse(text) for text in texts]


def message(truth: RummiState, version: int, seat: int = 0) -> dict:
    over = truth.is_over
    return {"type": "game", "table": "t1", "game": "rummi", "version": version,
            "status": "over" if over else "playing", "seat": seat, "current": truth.current, "deadline": None,
            "seats": [{"label": "human", "name": "alice"}, {"label": "human", "name": "bob"},
                      {"label": "easy", "name": ""}],
            "view": client_view("rummi", truth, seat), "result": result_of(truth) if over else None, "last": None}


def over_message(racks: list[list[Tile]], result, seat: int) -> dict:
    sizes = [len(rack) for index, rack in enumerate(racks) if index != seat]
    return {"seat": seat, "view": {"other_rack_sizes": sizes},
            "result": {"scores": list(result.scores), "winners": list(result.winners)}}


def test_rack_totals_are_read_back_from_the_servers_scores_for_every_kind_of_end():
    racks = [tiles("R1", "B13"), tiles(), tiles("K5", "Y9", "J")]
    truth = going_out_scores(racks, 1)
    for seat in range(3):
        rebuilt = server_round_result(over_message(racks, truth, seat), racks[seat])
        assert (rebuilt.kind, rebuilt.scores) == (truth.kind, truth.scores)
        assert rebuilt.rack_totals == truth.rack_totals
    blocked = [tiles("R1", "B3"), tiles("K9"), tiles("Y4", "Y2")]
    truth = blocked_scores(blocked)
    for seat in range(3):
        rebuilt = server_round_result(over_message(blocked, truth, seat), blocked[seat])
        assert (rebuilt.kind, rebuilt.winners, rebuilt.rack_totals) == (truth.kind, truth.winners, truth.rack_totals)


def test_our_going_out_takes_the_servers_result_and_shows_only_our_rack():
    params = RummiParameters(seats=("human", "human", "easy"), seed=0)
    racks = [tiles("R4", "R5", "R6"), tiles("B1", "B2", "K13", "J"), tiles("Y7", "Y8")]
    truth = RummiState.from_position(params, [tiles("K1", "K2", "K3")], racks, 0, [True, True, True],
                                     tiles("B9", "B10"))
    session = NetworkRummiSession.joined(HeldLink(), message(truth, 0))
    sent = []
    session.send_own = sent.append
    state = session.state
    for position, tile_id in enumerate(list(state.rack(0))):
        state.apply(Place(tile_id, len(state.table) if position == 0 else len(state.table) - 1, position))
    record = session.finish_turn(EndTurn(), 3.0)
    assert record.round_over and sent and sent[0].startswith("play")
    for position, tile_id in enumerate(list(truth.rack(0))):  # the server's copy of the same move
        truth.apply(Place(tile_id, len(truth.table) if position == 0 else len(truth.table) - 1, position))
    truth.end_turn()
    echo = message(truth, 1)
    session.adopt(echo)
    expected = going_out_scores([[], racks[1], racks[2]], 0)
    assert session.last_result.scores == expected.scores == tuple(echo["result"]["scores"])
    assert session.last_result.rack_totals == expected.rack_totals
    assert session.match.totals == list(expected.scores)
    assert session.shown_rack(0) == [] and session.shown_rack(1) is None and session.shown_rack(2) is None
    assert RoundEndScene.title(SimpleNamespace(session=session)) == "You go Rummi!"
    lines = score_lines(session)
    assert lines[1] == f"{expected.scores[1]}: {expected.rack_totals[1]} points left on the rack (jokers count 30)"


class FedLink:
    """A link whose news the test feeds, and whose requests are answered at once."""

    status = "connected"

    def __init__(self) -> None:
        self.inbox: list[dict] = []
        self.sent = 0

    def news(self) -> list[dict]:
        taken, self.inbox = self.inbox, []
        return taken

    def submit(self, request):
        from concurrent.futures import Future

        self.sent += 1
        done: Future = Future()
        done.set_result({"type": "moved"})
        return done


def test_our_pass_that_blocks_the_round_goes_to_the_round_end(tmp_path, monkeypatch):
    """The view does not count the passes before ours, so only the server's echo says that our
    pass (the pool empty, the other seat passed before) blocked the round: the table must go to
    the round's end from waiting on the other seat, not think about a round that is over."""
    from rummi_desktop.scenes.turn_machine import Phase
    from test_rummi_flow_support import key, make_app, open_table, steps
    from rummi_desktop.scenes.online_mode import OnlineMode

    params = RummiParameters(seats=("human", "human"), seed=0)
    truth = RummiState.from_position(params, [tiles("K1", "K2", "K3")], [tiles("R4", "B9"), tiles("Y7")], 1,
                                     [True, True], [])
    truth.draw()  # Bob passes: the pool is empty
    link = FedLink()
    first = message(truth, 1)
    first["seats"] = first["seats"][:2]
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummiSession.joined(link, first)
    table = open_table(app, session, mode=OnlineMode())
    assert table.phase == Phase.PERSON
    key(app, "d")  # our pass
    steps(app, 3)
    assert link.sent == 1 and table.phase == Phase.THINKING and session.in_round  # Bob's turn, as far as we know
    truth.draw()  # the server's copy: the second pass blocks the round
    echo = message(truth, 2)
    echo["seats"], echo["last"] = first["seats"], {"seat": 0, "verbs": ["draw"], "actions": ["draw"]}
    link.inbox.append(echo)
    steps(app, 5)
    assert table.phase == Phase.ROUND_END and type(app.stack.top).__name__ == "RoundEndScene"
    assert session.last_result.kind == "blocked" and list(session.last_result.scores) == echo["result"]["scores"]


def match_message(truth, version: int, seat: int = 0) -> dict:
    """A server match's game message (``truth`` a MatchState), as the server builds it."""
    over = truth.is_terminal
    return {"type": "game", "table": "t1", "game": "rummi", "version": version,
            "status": "over" if over else "playing", "seat": seat, "current": truth.current, "deadline": None,
            "seats": [{"label": "human", "name": "alice"}, {"label": "human", "name": "bob"}],
            "view": client_view("rummi", truth, seat), "result": result_of(truth) if over else None, "last": None}


def match_at_its_last_pass(tmp_path, monkeypatch):
    """Round 1 of a server match to 500 at our turn, Bob having passed with the pool empty:
    (the server's MatchState, the link, the app, our session, our table)."""
    from rummi_desktop.games.rummi.rules.match_state import new_match_state
    from rummi_desktop.scenes.online_mode import OnlineMode
    from rummi_desktop.scenes.turn_machine import Phase
    from test_rummi_flow_support import make_app, open_table

    truth = new_match_state(("human", "human"), 4, match_target=500)
    params = truth.match.current.params
    truth.match.current = RummiState.from_position(params, [tiles("K1", "K2", "K3")], [tiles("R4", "B9"), tiles("Y7")],
                                                   1, [True, True], [])
    truth.perform("draw")  # Bob passes: the pool is empty
    link = FedLink()
    first = match_message(truth, 1)
    assert first["view"]["match"]["round"] == 1 and first["view"]["match"]["target"] == 500
    app = make_app(tmp_path, monkeypatch, "instant")
    session = NetworkRummiSession.joined(link, first)
    table = open_table(app, session, mode=OnlineMode())
    assert table.phase == Phase.PERSON and session.match.settings.target == 500
    assert table.house_rules_line() == "Match to 500"  # the server match's target, on the table's rules line
    return truth, link, app, session, table


def test_the_servers_clock_ending_a_round_of_a_match_goes_to_the_results_card(tmp_path, monkeypatch):
    """Blitz: the server's clock ran out on our turn and its timeout blocked the round; the
    next version (no echo of ours) shows round 2, and the table goes to the round's end."""
    from rummi_desktop.games.rummi.table.results import RoundEndScene
    from rummi_desktop.scenes.turn_machine import Phase
    from test_rummi_flow_support import steps

    truth, link, app, session, table = match_at_its_last_pass(tmp_path, monkeypatch)
    truth.perform("timeout")
    timed_out = match_message(truth, 2)
    timed_out["last"] = {"seat": 0, "verbs": ["timeout"], "actions": ["timeout"]}
    link.inbox.append(timed_out)
    steps(app, 5)
    assert table.phase == Phase.ROUND_END and isinstance(app.stack.top, RoundEndScene)
    assert session.last_result == truth.match.rounds[0].result and session.next_deal is not None


def test_a_round_of_a_server_match_ends_on_the_results_card_and_the_next_round_follows(tmp_path, monkeypatch):
    """Our pass blocks round 1 of a match to 500: the echo already shows round 2 (the server
    dealt it at once), so round 1 is booked here with the server's result, the card shows the
    match totals, and Next round plays the round the server dealt."""
    from rummi_desktop.games.rummi.table.results import RoundEndScene
    from rummi_desktop.scenes.turn_machine import Phase
    from test_rummi_flow_support import key, steps

    truth, link, app, session, table = match_at_its_last_pass(tmp_path, monkeypatch)
    key(app, "d")  # our pass
    steps(app, 3)
    truth.perform("draw")  # the server's copy: round 1 blocked and booked, round 2 dealt
    echo = match_message(truth, 2)
    echo["last"] = {"seat": 0, "verbs": ["draw"], "actions": ["draw"]}
    assert echo["view"]["match"]["round"] == 2 and echo["status"] == "playing"
    link.inbox.append(echo)
    steps(app, 5)
    assert table.phase == Phase.ROUND_END and isinstance(app.stack.top, RoundEndScene)
    booked = truth.match.rounds[0].result
    assert session.last_result == booked and session.match.totals == truth.match.totals
    assert app.stack.top.status()["totals"] == list(truth.match.totals) and len(session.match.rounds) == 1
    assert app.stack.top.status()["round"] == "Round 1 · Parlor League to 500"
    key(app, "return")  # Next round
    steps(app, 5)
    assert session.in_round and len(session.match.rounds) == 1
    mine = sorted(str(t) for t in session.state.rack_tiles(0))
    assert mine == sorted(str(t) for t in truth.round.rack_tiles(0))  # the round the server dealt
