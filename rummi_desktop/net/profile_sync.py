"""Profile sync: one local profile and a signed-in account's copy on the server, made to hold
the same games, puzzle progress and unlocks.

Statistics and unlocks are both worked out from the finished-game records (and the puzzle
progress), so syncing those syncs them; there is no second copy of any number to disagree.

    result = await sync_profile(client, profile_id)      # a signed-in GameClient
    result.message   # "Synced Alice: 12 games up, 30 down."

One account keeps one profile. The server's document (``profile_get`` / ``profile_put``)
names it (id, name, colour) and holds its puzzle progress (packed) and unlock dates; the
records go by id (``records_index`` pages, ``records_put`` batches, ``records_get``). A sync:

1. reads the document; the profile to sync is the account's, or, when the account has none
   yet, the one chosen here (a different local profile is refused, never mixed in);
2. sends the records the server lacks and fetches those this computer lacks;
3. merges what came exactly as importing an export does (``profile_transfer.merge_copy``: the
   profile is created here with its id when missing, a record here is never replaced);
4. writes the merged document back (versioned: on a conflict it reads, merges and tries again).

A record with the same id on both sides but other content is a conflict: neither side's copy
is replaced, and the sentence says so. Everything is append-only, so a sync cut short loses
nothing and the next one goes on from there. No pygame here.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from rummi_desktop.net.client import GameClient, ServerError
from rummi_desktop.net.protocol import MAX_MESSAGE_BYTES, PROFILE_BYTES, encode
from rummi_desktop.net.record_bodies import INDEX_PAGE, MAX_BATCH, MAX_BODY_CHARS, BodyError, pack, unpack
from rummi_desktop.records.profiles import GUEST, Profile, ProfileError
from rummi_desktop.records.stat_totals import records_of
from rummi_desktop.storage.game_records import RecordFormatError, check_record, read_record, records_dir
from rummi_desktop.records.transfer import ExportContents, Folders, MergeResult, merge_copy, read_unlock_dates
from rummi_desktop.records.profile_file import load_profiles
from rummi_desktop.trainer.progress_file import PuzzleProgress, read_book
from rummi_desktop.storage.record_index import read_entries
from rummi_desktop.records.unlock_state import read_unlocks

DOCUMENT_FORMAT = 1
BATCH_BUDGET = MAX_MESSAGE_BYTES - 1024  # a records_put's bytes, leaving room for its envelope
PUT_TRIES = 4  # a document write that meets another computer's writes reads and merges again
RATE_PAUSE, RATE_TRIES = 0.5, 40  # the server allows 30 messages a second: a refused one waits


@dataclass(frozen=True)
class SyncResult:
    ok: bool
    message: str  # one sentence for the player
    profile_id: str = ""
    up: int = 0  # records sent to the server
    down: int = 0  # records written here


@dataclass
class _Tally:
    up: int = 0
    down: int = 0
    differing: set[str] = field(default_factory=set)  # ids whose two copies differ
    too_big: int = 0  # records too large for one message: they stay here only
    bad_down: int = 0  # records from the server that were not readable games
    full: str = ""  # the server's words when it holds as many games as it keeps
    notes: list[str] = field(default_factory=list)


class _Refused(Exception):
    """The sync cannot go ahead; the message says why, and nothing was changed."""


async def sync_profile(client: GameClient, profile_id: str | None, folders: Folders = Folders()) -> SyncResult:
    """Sync the profile chosen here (``profile_id``; None or Guest: restore the account's) with
    the signed-in account. Never raises for the server's refusals or a lost connection."""
    try:
        return await _sync(client, profile_id, folders)
    except _Refused as refusal:
        return SyncResult(False, str(refusal))
    except ServerError as error:
        return SyncResult(False, f"The sync stopped: {error.message}. What was synced so far is kept.")
    except (ConnectionError, asyncio.TimeoutError):
        return SyncResult(False, "The sync stopped: the connection to the server was lost. "
                                 "What was synced so far is kept; sync again to finish.")
    except OSError as error:
        return SyncResult(False, f"The sync stopped: a file could not be written ({error.strerror or error}).")


async def _sync(client: GameClient, profile_id: str | None, folders: Folders) -> SyncResult:
    version, document, profile = await _claimed_document(client, profile_id, folders)
    tally = _Tally()
    mine, held_ids = await asyncio.to_thread(_local_records, profile.id, folders)
    theirs = await _server_index(client)
    tally.differing = {record_id for record_id, (digest, _) in mine.items() if theirs.get(record_id, digest) != digest}
    await _send(client, [name for record_id, (_, name) in mine.items() if record_id not in theirs], folders, tally)
    fetched = await _fetch(client, [record_id for record_id in theirs if record_id not in held_ids], tally)
    merged = await asyncio.to_thread(merge_copy, _copy_of(profile, document, fetched, tally), folders)
    tally.down, tally.notes = merged.added, list(merged.notes)
    await _write_document(client, version, document, merged.profile, folders, tally)
    return SyncResult(True, _sentence(merged, tally), merged.profile.id, tally.up, tally.down)


# ---- the profile document ---------------------------------------------------------------------

async def _ask(client: GameClient, kind: str, **fields: Any) -> dict[str, Any]:
    """One request; a rate-limited one (nothing was done) waits and goes again."""
    for _ in range(RATE_TRIES):
        try:
            return await client.request(kind, **fields)
        except ServerError as error:
            if error.code != "rate_limited":
                raise
        await asyncio.sleep(RATE_PAUSE)
    raise ServerError("rate_limited", "the server kept refusing messages as too many")


async def _document(client: GameClient) -> tuple[int, dict[str, Any]]:
    reply = await _ask(client, "profile_get")
    return reply["version"], reply["document"]


def _server_profile(document: dict[str, Any]) -> Profile | None:
    entry = document.get("profile")
    if entry is None:
        return None
    try:
        return Profile.from_dict(entry if isinstance(entry, dict) else {})
    except ProfileError as error:
        raise _Refused(f"The account's profile on the server cannot be read ({error}); nothing was changed.") from None


def _profile_to_sync(document: dict[str, Any], profile_id: str | None, folders: Folders) -> Profile:
    book, _notice = load_profiles(folders.profiles)
    chosen = book.find(profile_id) if profile_id and profile_id != GUEST else None
    kept = _server_profile(document)
    if kept is None:
        if chosen is None:
            raise _Refused("Choose your profile at this computer first (Players), then sync it.")
        return chosen
    if chosen is not None and chosen.id != kept.id:
        raise _Refused(f"This account keeps the profile {kept.name}; choose {kept.name} (or Guest, to restore it) "
                       f"here, or sync {chosen.name} with an account of its own. Nothing was changed.")
    return book.find(kept.id) or kept


async def _claimed_document(client: GameClient, profile_id: str | None,
                            folders: Folders) -> tuple[int, dict[str, Any], Profile]:
    """(version, document, profile): the account's document once it names the profile to sync.
    An account with none yet is given the one chosen here before any record goes up, so two
    computers can never fill one account with two profiles' games."""
    for _ in range(PUT_TRIES):
        version, document = await _document(client)
        profile = await asyncio.to_thread(_profile_to_sync, document, profile_id, folders)
        if "profile" in document:
            return version, document, profile
        claimed = {**document, "format": DOCUMENT_FORMAT, "profile": profile.to_dict()}
        try:
            await _ask(client, "profile_put", version=version, document=claimed)
            return version + 1, claimed, profile
        except ServerError as error:
            if error.code != "profile_conflict":
                raise
    raise ServerError("profile_conflict", "the profile kept changing on the server; sync again")


def _puzzles_in(document: dict[str, Any]) -> tuple[PuzzleProgress | None, bool]:
    packed = document.get("puzzles")
    if packed is None:
        return None, False
    if not isinstance(packed, str):
        return None, True
    try:
        return PuzzleProgress.from_dict(unpack(packed)), False
    except (BodyError, ValueError, TypeError, KeyError):
        return None, True


def _copy_of(profile: Profile, document: dict[str, Any], fetched: list[dict[str, Any]], tally: _Tally) -> ExportContents:
    """The server's copy of the profile, as merge_copy takes one (an export file's kind)."""
    return ExportContents(profile, fetched, tally.bad_down, *_puzzles_in(document),
                          *read_unlock_dates(document.get("unlocks")))


def _new_document(document: dict[str, Any], profile: Profile, folders: Folders) -> dict[str, Any]:
    """The document with this computer's merged progress and unlocks (other keys kept as they
    are; the profile entry is the account's once it has one)."""
    progress = read_book(folders.progress_file)[0].players.get(profile.id, PuzzleProgress())
    earned = read_unlocks(profile.id, folders.unlocks_folder)[0].earned
    entry = document.get("profile") if isinstance(document.get("profile"), dict) else profile.to_dict()
    return {**document, "format": DOCUMENT_FORMAT, "profile": entry, "puzzles": pack(progress.to_dict()),
            "unlocks": dict(sorted(earned.items()))}


def _same(document: dict[str, Any], other: dict[str, Any]) -> bool:
    """Equal but for how the puzzle progress happens to be packed."""
    def opened(doc: dict[str, Any]) -> dict[str, Any]:
        packed = doc.get("puzzles")
        try:
            return {**doc, "puzzles": unpack(packed)} if isinstance(packed, str) else doc
        except BodyError:
            return doc
    return opened(document) == opened(other)


async def _write_document(client: GameClient, version: int, document: dict[str, Any], profile: Profile,
                          folders: Folders, tally: _Tally) -> None:
    for _ in range(PUT_TRIES):
        wanted = await asyncio.to_thread(_new_document, document, profile, folders)
        if len(encode(wanted).encode("utf-8")) > PROFILE_BYTES:
            wanted.pop("puzzles")
            note = "the puzzle progress is too large to keep on the server, so it stays here"
            tally.notes += [note] if note not in tally.notes else []
        if _same(wanted, document):
            return
        try:
            await _ask(client, "profile_put", version=version, document=wanted)
            return
        except ServerError as error:
            if error.code != "profile_conflict":
                raise
        version, document = await _document(client)  # another computer wrote meanwhile: merge it in too
        kept = _server_profile(document)
        if kept is None or kept.id != profile.id:
            raise _Refused("The account's profile changed on the server during the sync; sync again.")
        await asyncio.to_thread(merge_copy, _copy_of(profile, document, [], _Tally()), folders)
    raise ServerError("profile_conflict", "the profile kept changing on the server; sync again")


# ---- records ------------------------------------------------------------------------------------

def _local_records(profile_id: str, folders: Folders) -> tuple[dict[str, tuple[str, str]], set[str]]:
    """({record id: (digest, file under the records folder)} of the profile's games here, every
    record id here), from the record index: no record is read in full unless it changed."""
    entries = read_entries(folders.records)[0]
    mine = {entry["summary"]["id"]: (entry["digest"], entry["file"])
            for entry in entries if records_of([entry["summary"]], profile_id)}
    return mine, {entry["summary"]["id"] for entry in entries}


def _records_to_send(files: list[str], folders: Folders) -> list[dict[str, Any]]:
    records = []
    for name in files:
        record, _notice = read_record(records_dir(folders.records) / name)  # a file damaged meanwhile is set aside
        if record is not None:
            records.append(record)
    return records


async def _server_index(client: GameClient) -> dict[str, str]:
    """record id -> digest of every record the account holds, page by page."""
    held: dict[str, str] = {}
    after: str | None = None
    while True:
        reply = await _ask(client, "records_index", limit=INDEX_PAGE, **({"after": after} if after else {}))
        held.update({record_id: digest for record_id, digest in reply["records"]})
        after = reply["next"]
        if after is None:
            return held


def _batches(records: list[dict[str, Any]], tally: _Tally) -> list[list[dict[str, str]]]:
    """The records packed, in batches that each fit one message."""
    batches: list[list[dict[str, str]]] = [[]]
    size = 0
    for record in records:
        entry = {"id": record["id"], "body": pack(record)}
        if len(entry["body"]) > MAX_BODY_CHARS:
            tally.too_big += 1
            continue
        cost = len(encode(entry)) + 1
        if batches[-1] and (size + cost > BATCH_BUDGET or len(batches[-1]) >= MAX_BATCH):
            batches.append([])
            size = 0
        batches[-1].append(entry)
        size += cost
    return [batch for batch in batches if batch]


async def _send(client: GameClient, files: list[str], folders: Folders, tally: _Tally) -> None:
    records = await asyncio.to_thread(_records_to_send, files, folders)
    for batch in await asyncio.to_thread(_batches, records, tally):
        try:
            reply = await _ask(client, "records_put", records=batch)
        except ServerError as error:
            if error.code != "too_many_records":
                raise
            tally.full = error.message
            return
        tally.up += reply["stored"]
        tally.differing.update(reply["differing"])


async def _fetch(client: GameClient, record_ids: list[str], tally: _Tally) -> list[dict[str, Any]]:
    """The records of ``record_ids`` from the server, each checked as a finished game."""
    fetched = []
    waiting = list(record_ids)
    while waiting:
        asked, waiting = waiting[:MAX_BATCH], waiting[MAX_BATCH:]
        reply = await _ask(client, "records_get", ids=asked)
        waiting = reply["more"] + waiting  # past the reply's size: asked for again
        for entry in reply["records"]:
            try:
                record = check_record(unpack(entry["body"]))
                if record["id"] != entry["id"]:
                    raise RecordFormatError("it is not the game it was asked for")
            except (BodyError, RecordFormatError):
                tally.bad_down += 1
                continue
            fetched.append(record)
    return fetched


# ---- the sentence -------------------------------------------------------------------------------

def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def _sentence(merged: MergeResult, tally: _Tally) -> str:
    where = " (new on this computer)" if merged.new_here else ""
    notes = list(tally.notes)
    differing = len(tally.differing) + merged.differing  # merge_copy's: a record another profile's here has
    if differing:
        notes.append(f"{_games(differing)} {'differs' if differing == 1 else 'differ'} from the server's copy with the same id; "
                     "each side kept its own")
    if tally.too_big:
        notes.append(f"{_games(tally.too_big)} too large to send {'stays' if tally.too_big == 1 else 'stay'} on this "
                     "computer only")
    if tally.full:
        notes.append(f"the server is full for this account ({tally.full})")
    if tally.bad_down:
        notes.append(f"{_games(tally.bad_down)} from the server could not be read and "
                     f"{'was' if tally.bad_down == 1 else 'were'} left out")
    tail = ("; " + "; ".join(notes)) if notes else ""
    return f"Synced {merged.profile.name}{where}: {_games(tally.up)} up, {tally.down} down{tail}."
