"""The notices server processes send each other: a move's notice carries the move whole, one too
big for PostgreSQL's payload limit goes out as a bare version, and what this version cannot
read is ignored (the version checks catch it up)."""

from rummi_desktop.net import notices
from rummi_desktop.net.records import PLAYING, Seat, TableRecord

AFTER = TableRecord("ab12", "tumblewords", "ann", (Seat("human", "ann"), Seat("human", "bob")), {}, 7,
                    status=PLAYING, version=5, current_seat=1, deadline=1700000600.25, updated=1700000000.5)


def test_a_moves_notice_carries_the_move_and_the_turn_fields():
    notice = notices.parse(notices.move_notice(AFTER, ["drop 3 ÉTÉ", "pass"], 0, 9))
    assert (notice.kind, notice.subject, notice.version) == ("m", "ab12", 5)
    move = notices.move_of(notice)
    assert (move.seat, move.seq, move.actions) == (0, 9, ["drop 3 ÉTÉ", "pass"])
    assert AFTER.with_(**move.turn) == AFTER


def test_a_move_too_big_for_a_notice_is_sent_as_its_version_only():
    payload = notices.move_notice(AFTER, ["x" * notices.MAX_PAYLOAD_BYTES], 0, None)
    assert payload == "t:ab12:5"
    assert notices.parse(payload) == notices.Notice("t", "ab12", 5)


def test_a_notice_this_version_cannot_read_is_ignored():
    assert notices.parse("z:whatever") is None
    assert notices.parse("t:ab12:five") is None
    assert notices.move_of(notices.parse("m:ab12:5:{not json")) is None
    assert notices.move_of(notices.parse('m:ab12:5:{"seat": 0}')) is None
    assert notices.parse("a:ann:ab12") == notices.Notice("a", "ann", table="ab12")


def test_a_table_notices_table_is_read_without_parsing_the_rest():
    assert notices.table_of(notices.move_notice(AFTER, ["pass"], 0, 9)) == "ab12"
    assert notices.table_of(notices.table_notice("ab12", 5)) == "ab12"
    assert notices.table_of(notices.account_notice("ann", "ab12")) is None  # about an account
    assert notices.table_of(notices.heartbeat_notice("p1")) is None
    assert notices.table_of("m:") is None and notices.table_of("t::5") is None


def test_a_chat_line_sign_out_and_invitation_notice_read_back_and_torn_ones_are_ignored():
    assert notices.parse(notices.chat_notice("proc1", "ab12", "line9")) == notices.Notice(
        "c", "line9", table="ab12", process="proc1")
    assert notices.parse(notices.sign_out_notice("ann", "f00d")) == notices.Notice("o", "ann", body="f00d")
    assert notices.parse(notices.invite_notice("ann", "ab12")) == notices.Notice("i", "ann", table="ab12")
    for torn in ("c:ab12:line9", "c:proc1::line9", "c:a:b:c:d", "o:ann", "o::f00d", "i:ann"):
        assert notices.parse(torn) is None, torn
