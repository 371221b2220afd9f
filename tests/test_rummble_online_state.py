"""Rummble's network session without sockets: the server's messages are built by the server's
own functions (client_view, public_action, result_of) from a real game, and fed to the session
as its link would. The state rebuilt from a view, the tile ids it keeps, another seat's play
carried out by the model (its verdict and points), and a game that seat ends by going out,
settled with the server's scores."""

from __future__ import annotations

from rummi_desktop.games import GAMES
from rummi_desktop.games.rummble.rules.moves import Exchange, Play
from rummi_desktop.games.rummble.rules.state import EXCHANGED, WENT_OUT, RummbleParameters, RummbleState
from rummi_desktop.net.live import result_of
from rummi_desktop.net.views import client_view
from rummi_desktop.scenes.network_play import kept_ids
from rummi_desktop.games.rummble.table.network_session import NetworkRummbleSession
from rummi_desktop.games.rummble.table.results import settlement_lines
from rummi_desktop.games.rummble.table.online_state import state_from_view
from rummi_desktop.tiles import parse_tiles


class HeldLink:
    """Where a NetworkPlay reads the connection's state (nothing is sent in these tests)."""

    status = "connected"


def message(truth: RummbleState, version: int, last: tuple[int, str] | None = None, seat: int = 0) -> dict:
    """The ``game`` message the server sends ``seat`` (see net/views.game_message)."""
    over = truth.is_terminal
    shown = None
    if last is not None:
        mover, action = last
        action = action if mover == seat else GAMES["rummble"].public_action(action)
        shown = {"seat": mover, "verbs": [action.split()[0]], "actions": [action]}
    return {"type": "game", "table": "t1", "game": "rummble", "version": version,
            "status": "over" if over else "playing", "seat": seat, "current": truth.current, "deadline": None,
            "seats": [{"label": "human", "name": "alice"}, {"label": "human", "name": "bob"}],
            "view": client_view("rummble", truth, seat), "result": result_of(truth) if over else None, "last": shown}


def dealt(seed: int = 3) -> RummbleState:
    return RummbleState(RummbleParameters(("human", "human"), seed))


def joined(truth: RummbleState) -> NetworkRummbleSession:
    return NetworkRummbleSession.joined(HeldLink(), message(truth, 0))


def test_the_state_from_a_view_holds_what_the_seat_sees_and_right_numbers_of_the_rest():
    truth = dealt()
    state = state_from_view(message(truth, 0))
    assert state.rack_tiles(0) == truth.rack_tiles(0)
    assert [len(state.rack(s)) for s in range(2)] == [len(truth.rack(s)) for s in range(2)]
    assert len(state.pool) == len(truth.pool) and state.current == truth.current
    assert sorted(state.tile_census()) == list(range(len(state.faces)))  # every tile once
    held = truth.rack_tiles(1)[:2]  # unseen by Alice: Bob may be made to hold them
    assert state_from_view(message(truth, 0), holding={1: held}).rack_tiles(1)[:2] == held


def test_kept_ids_keep_a_face_wish_and_give_newcomers_free_ids_of_their_face():
    faces = ["a", "b", "a", "b"]
    mapping = kept_ids(faces, [(0, [2]), (1, []), (2, [2]), (3, [1])])
    assert mapping == {0: 2, 1: 1, 2: 0, 3: 3}  # 2 taken by the first: the second gets a free "a"


def test_another_seats_play_is_scored_by_the_model_and_keeps_the_tiles_ids():
    truth = dealt(5)
    if truth.current == 0:
        truth.apply(Exchange(tuple(truth.rack_tiles(0)[:2])))  # Alice's move: Bob is on turn next
    session = joined(truth)
    rack_ids = list(session.state.rack(0))
    bob = truth.rack_tiles(1)
    pair = next((a, b) for i, a in enumerate(bob) for b in bob[i + 1:] if not a.is_joker and not b.is_joker
                and truth.check(Play.of((6, 6, a.notation()), (6, 7, b.notation()))).legal)
    play = Play.of((6, 6, pair[0].notation()), (6, 7, pair[1].notation()))
    expected = truth.check(play).score
    truth.apply(play)
    session.play.waiting.append(message(truth, 1, (1, play.notation())))
    record = session.play_computer(None, 0.5)
    assert record.seat == 1 and record.result.points == expected and record.result.verdict is not None
    assert len(record.result.laid) == 2
    assert list(session.state.scores()) == list(truth.scores())
    assert [laid.notation() for _, _, laid in session.state.board.tiles()] == [p.laid.notation() for p in play.placements]
    assert session.state.rack(0) == rack_ids  # our rack's sprites stay where they are
    assert not set(session.state.board_ids) & set(rack_ids)
    assert session.stats[1].plays == 1 and session.stats[1].best_play == expected


def test_an_exchange_of_the_other_seat_is_a_count_and_keeps_our_rack():
    truth = dealt(8)
    if truth.current == 0:
        truth.apply(Exchange(tuple(truth.rack_tiles(0)[:1])))
    session = joined(truth)
    rack_ids = list(session.state.rack(0))
    truth.apply(Exchange(tuple(truth.rack_tiles(1)[:4])))
    sent = message(truth, 1, (1, "exchange " + " ".join(t.notation() for t in truth.rack_tiles(1)[:4])))
    assert sent["last"]["actions"] == ["exchange 4"]
    session.play.waiting.append(sent)
    record = session.play_computer(None, 0.5)
    assert record.result.outcome == EXCHANGED and len(record.result.drawn) == 4
    assert session.state.rack(0) == rack_ids and len(session.state.pool) == len(truth.pool)


def test_a_seat_going_out_is_settled_with_the_servers_scores_and_the_hands_it_took():
    params = RummbleParameters(("human", "human"), 0)
    board = [(6, 6, "R5"), (6, 7, "R6")]
    truth = RummbleState.from_position(params, board, [parse_tiles("K9 B2 B12"), parse_tiles("R7")], 1, [30, 40], [])
    session = NetworkRummbleSession.joined(HeldLink(), message(truth, 4))
    play = Play.of((6, 8, "R7"))
    expected = truth.check(play).score
    truth.apply(play)
    assert truth.result is not None
    session.play.waiting.append(message(truth, 5, (1, play.notation())))
    record = session.play_computer(None, 0.5)
    assert record.result.outcome == WENT_OUT and record.game_over
    assert record.result.points == expected == truth.points[1] - 40
    result = session.state.result
    assert result.scores == truth.result.scores and result.winners == truth.result.winners
    assert result.hand_totals == truth.result.hand_totals and result.kind == truth.result.kind
    assert list(session.state.points) == list(truth.points)
    truth_session = NetworkRummbleSession.joined(HeldLink(), message(truth, 5))
    truth_session.state = truth  # the lines the same end gives when every hand is known
    assert settlement_lines(session) == settlement_lines(truth_session)
    assert session.shown_hand(1) is None and session.shown_hand(0) == parse_tiles("K9 B2 B12")
