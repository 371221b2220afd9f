"""The Online screen's "Sync profile" button, driven by clicks: the profile chosen at this
computer goes up to the signed-in account, and the status line says what moved."""

from __future__ import annotations

import datetime as dt


import websockets  # noqa: E402,F401  (the server extra: without it these tests fail, never skip)

from profile_support import finished_record  # noqa: E402
from rummi_desktop.records.profiles import ProfileBook  # noqa: E402
from rummi_desktop.storage.game_records import write_record  # noqa: E402
from rummi_desktop.records.profile_file import save_profiles  # noqa: E402
from test_online_lobby import run_until, signed_in_by_clicks  # noqa: E402
from test_rummi_flow_support import button_centre, click  # noqa: E402

WHEN = dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.timezone.utc)


def test_sync_profile_sends_the_chosen_profiles_games_and_says_so(lobby):
    app, scene = lobby
    book = ProfileBook()
    alice = book.create("Alice")
    book.last_person = alice.id  # the profile chosen at this computer
    save_profiles(book)
    for seed in (1, 2):
        write_record(finished_record("tumblewords", seed, {0: alice.id}, WHEN)[1])
    assert not scene.sync_button.enabled  # not signed in yet
    signed_in_by_clicks(app, scene)
    assert scene.sync_button.enabled
    click(app, button_centre(scene.sync_button))
    run_until(app, lambda: scene.message.startswith("Synced"))
    assert scene.message == "Synced Alice: 2 games up, 0 down." and not scene.warning
    index = scene.link.submit(lambda client: client.request("records_index")).result(20)
    assert index["total"] == 2
